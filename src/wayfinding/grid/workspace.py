"""Reusable search buffers for the compiled grid searches, one set per thread.

A grid search needs a few arrays with one slot per cell (cost so far, parent, ...).
Allocating and clearing them would cost O(cells) per query, more than a short search
itself; so they live in a :class:`Workspace` and are reused through *generation stamps*:
each search takes a fresh generation number and a slot counts only when its stamp equals
that number, so nothing is ever cleared (R9 of ``../shared/DESIGN.md``).

Each thread gets its own workspace (:func:`acquire` uses :class:`threading.local`), so
searches on one grid from several threads never share buffers, and the kernels stay
stateless. A search started while the thread's workspace is in use (re-entrant use) gets
a private one. Buffers grow when a bigger grid comes along; results never point into a
workspace (they hold compact copies), so reuse cannot change an earlier result.

Examples
--------
>>> ws = acquire(100)
>>> ws.capacity >= 100, ws.busy
(True, True)
>>> release(ws)
>>> acquire(10) is ws  # the same thread gets the same buffers back
True
>>> release(ws)
"""

from __future__ import annotations

import numpy as np

from .._kernels.codes import N_FSTATE, N_GSTATE
from .._workspaces import Stamped, WorkspacePool

__all__ = ["Workspace", "acquire", "current", "release"]

#: Largest generation stamp before the stamps are cleared and numbering restarts at 1
#: (stamps are int32 and expanded cells carry ``-generation``).

#: Slots in the heap arrays of a new workspace (they grow on demand).
_MIN_HEAP = 1024

_EMPTY_I32 = np.zeros(0, dtype=np.int32)
_EMPTY_F64 = np.zeros(0, dtype=np.float64)


class Workspace(Stamped):
    """Buffers for one search at a time: per-cell arrays, a heap and the search state.

    Parameters
    ----------
    cells : int
        Cells (padded flat grid size) to make room for at once; more is added on demand.

    Attributes
    ----------
    stamp, goal_mark : int32[capacity]
        Generation stamps of reached cells and of goal cells.
    g : float64[capacity]
        Cost so far of each reached cell.
    parent, touched : int32[capacity]
        Parent cell of each reached cell; reached cells in order of first reach.
    heap_f, heap_g : float64[heap_capacity]; heap_n, link : int32[heap_capacity]
        Frontier entries: a binary heap of (priority, cost so far, cell), or the cells
        and next-entry links of a bucket queue.
    buckets : int32[ring]
        First entry of each bucket of a bucket queue.
    state : int64[11]; fstate : float64[2]
        Scalars of a search in progress (the grid state layout of
        :mod:`wayfinding._kernels.codes`).
    generation : int
        Stamp of the current search (0 before the first).
    """

    __slots__ = ("buckets", "g", "goal_mark", "heap_f", "heap_g", "heap_n", "link", "parent",
                 "stamp", "touched")

    def __init__(self, cells: int = 0) -> None:
        super().__init__(N_GSTATE, N_FSTATE)
        self.stamp = self.goal_mark = self.parent = self.touched = _EMPTY_I32
        self.g = _EMPTY_F64
        self.heap_f = np.zeros(_MIN_HEAP, dtype=np.float64)
        self.heap_g = np.zeros(_MIN_HEAP, dtype=np.float64)
        self.heap_n = np.zeros(_MIN_HEAP, dtype=np.int32)
        self.link = np.zeros(_MIN_HEAP, dtype=np.int32)
        self.buckets = np.zeros(64, dtype=np.int32)
        self.reserve(cells)

    def reserve(self, cells: int) -> None:
        """Make room for a grid of ``cells`` padded cells (never shrinks)."""
        if cells <= self.capacity:
            return
        capacity = max(cells, 2 * self.capacity)
        # All or nothing: a MemoryError on any array leaves the workspace as it was.
        stamp = np.zeros(capacity, dtype=np.int32)
        goal_mark = np.zeros(capacity, dtype=np.int32)
        g = np.zeros(capacity, dtype=np.float64)
        parent = np.zeros(capacity, dtype=np.int32)
        touched = np.zeros(capacity, dtype=np.int32)
        self.stamp, self.goal_mark, self.g = stamp, goal_mark, g
        self.parent, self.touched = parent, touched
        self.capacity = capacity
        self.generation = 0  # fresh zeroed stamps: numbering may restart

    def stamp_arrays(self) -> list[np.ndarray]:
        return [self.stamp, self.goal_mark]

    def reserve_buckets(self, ring: int) -> None:
        """Make room for a bucket queue of ``ring`` buckets."""
        if ring > self.buckets.shape[0]:
            self.buckets = np.zeros(ring, dtype=np.int32)

    def grow_heap(self) -> None:
        """Double the frontier arrays, keeping their contents (a search may be under way)."""
        size = 2 * self.heap_f.shape[0]
        names = ("heap_f", "heap_g", "heap_n", "link")
        grown = []
        for name in names:  # all or nothing: the kernels assume equal sizes
            old = getattr(self, name)
            new = np.empty(size, dtype=old.dtype)
            new[: old.shape[0]] = old
            grown.append(new)
        for name, new in zip(names, grown, strict=True):
            setattr(self, name, new)

    def __repr__(self) -> str:
        return (f"Workspace(capacity={self.capacity}, heap={self.heap_f.shape[0]}, "
                f"generation={self.generation}, busy={self.busy})")


_POOL: WorkspacePool[Workspace] = WorkspacePool(Workspace)
#: This thread's workspace, sized for ``cells`` cells and marked busy (see
#: :class:`wayfinding._workspaces.WorkspacePool`); pair with :func:`release`.
acquire = _POOL.acquire
#: Give a workspace from :func:`acquire` back.
release = _POOL.release
#: This thread's own workspace, if it has one yet.
current = _POOL.current
