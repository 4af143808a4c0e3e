"""Reusable search buffers for the CSR kernels, one set per thread (generation stamps).

As :mod:`wayfinding.grid.workspace` (the pool of :mod:`wayfinding._workspaces`): per-node
arrays are never cleared between searches; a slot counts only when its stamp equals the
search's generation. A bidirectional search also uses the backward side, allocated on its
first use.

Examples
--------
>>> ws = acquire(10)
>>> ws.forward.g.shape[0] >= 10, ws.backward.stamp.shape == ws.forward.stamp.shape
(True, True)
>>> release(ws)
"""

from __future__ import annotations

import numpy as np

from .._kernels.codes import N_FSTATE, N_STATE
from .._workspaces import Stamped, WorkspacePool

__all__ = ["Side", "Workspace", "acquire", "release"]

_MIN_HEAP = 1024


class Side:
    """The buffers of one search direction: stamps, costs, heuristic values, parents,
    reached list, heap, and room for a path."""

    __slots__ = ("g", "goal_mark", "hcache", "heap_key", "heap_node", "heap_pos", "parent",
                 "path", "stamp", "touched")

    def __init__(self, n: int) -> None:
        self.stamp = np.zeros(n, dtype=np.int32)
        self.goal_mark = np.zeros(n, dtype=np.int32)
        self.g = np.zeros(n, dtype=np.float64)
        self.hcache = np.zeros(n, dtype=np.float64)  # h of each reached node (best_first)
        self.parent = np.zeros(n, dtype=np.int64)
        self.touched = np.zeros(n, dtype=np.int64)
        self.path = np.zeros(n, dtype=np.int64)  # a found path's nodes (trace)
        self.heap_key = np.zeros(_MIN_HEAP, dtype=np.float64)
        self.heap_node = np.zeros(_MIN_HEAP, dtype=np.int64)
        self.heap_pos = np.zeros(n, dtype=np.int32)  # heap slot of a frontier node (best_first)

    def grow_heap(self) -> None:
        """Double the heap, keeping its contents (a search may be under way)."""
        for name in ("heap_key", "heap_node"):
            old = getattr(self, name)
            new = np.empty(2 * old.shape[0], dtype=old.dtype)
            new[: old.shape[0]] = old
            setattr(self, name, new)


class Workspace(Stamped):
    """Buffers for one search at a time: a forward side, a backward side (made on first
    use by a bidirectional search), the kernel state arrays, and one-node ``start`` and
    ``goal`` arrays (a single-pair search writes its two nodes there)."""

    __slots__ = ("_back", "forward", "goal", "start")

    def __init__(self, n: int = 0) -> None:
        super().__init__(N_STATE, N_FSTATE)
        self.forward = Side(0)
        self._back: Side | None = None
        self.start = np.zeros(1, dtype=np.int64)
        self.goal = np.zeros(1, dtype=np.int64)
        self.reserve(n)

    def reserve(self, n: int) -> None:
        """Make room for a graph of ``n`` nodes (never shrinks)."""
        if n <= self.capacity:
            return
        self.capacity = max(n, 2 * self.capacity)
        heap = self.forward.heap_key.shape[0]
        self.forward = Side(self.capacity)
        while self.forward.heap_key.shape[0] < heap:
            self.forward.grow_heap()
        self._back = None
        self.generation = 0

    @property
    def backward(self) -> Side:
        """The backward side (allocated on first use)."""
        if self._back is None:
            self._back = Side(self.capacity)
            self._back.stamp[:] = 0
        return self._back

    def stamp_arrays(self) -> list[np.ndarray]:
        return [a for side in (self.forward, self._back) if side is not None
                for a in (side.stamp, side.goal_mark)]


_POOL: WorkspacePool[Workspace] = WorkspacePool(Workspace)
#: This thread's workspace, sized for ``n`` nodes and marked busy (see
#: :class:`wayfinding._workspaces.WorkspacePool`); pair with :func:`release`.
acquire = _POOL.acquire
#: Give a workspace from :func:`acquire` back.
release = _POOL.release
