"""Distances from a directed contraction hierarchy: one pair, many pairs
(:mod:`._kernels.pairs`), tables and one-to-all sweeps (:mod:`._kernels.distance`), on
hierarchy node numbers.

:class:`Distances` holds the hierarchy packed for the kernels and, per thread, one
workspace for pairs and one for tables and sweeps; its callers
(:class:`wayfinding.csr.prepared.PreparedGraph`) turn labels into hierarchy numbers.

Examples
--------
>>> import numpy as np
>>> from wayfinding.hierarchy.directed import build_directed
>>> h = build_directed(3, np.array([0, 1]), np.array([1, 2]), np.array([1.0, 2.0]))
>>> d = Distances(h)
>>> inv = np.empty(3, np.int64); inv[h.order] = np.arange(3)
>>> d.pair(int(inv[0]), int(inv[2])), d.pair(int(inv[2]), int(inv[0]))
(3.0, inf)
>>> d.table(inv[[0, 1]], inv[[2]]).tolist()
[[3.0], [2.0]]
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from .._kernels.codes import STATUS_HEAP_FULL


def pack(hierarchy: Any) -> tuple[np.ndarray, np.ndarray]:
    """``(q_int, q_w)`` of an :class:`~wayfinding.hierarchy.directed.ArcHierarchy`
    (:mod:`._kernels.distance`); :func:`views` gives its lists back as views into them.
    """
    n = hierarchy.n
    m_up, m_down = hierarchy.up_to.shape[0], hierarchy.down_to.shape[0]
    if max(m_up, m_down, n) >= 2**31 - 1:
        raise OverflowError("hierarchies of 2**31 arcs or more are not supported")
    q_int = np.concatenate((np.array([n, hierarchy.core, m_up, m_down]),
                            hierarchy.up_start, hierarchy.down_start, hierarchy.up_to,
                            hierarchy.down_to)).astype(np.int32)
    q_w = np.concatenate((hierarchy.up_w, hierarchy.down_w)).astype(np.float64)
    return q_int, q_w


def views(q_int: np.ndarray, q_w: np.ndarray) -> dict[str, np.ndarray]:
    """The lists packed by :func:`pack`, as views (``up_start``, ``up_to``, ...)."""
    n, m_up, m_down = int(q_int[0]), int(q_int[2]), int(q_int[3])
    o = 4
    out = {}
    for name, size in (("up_start", n + 1), ("down_start", n + 1), ("up_to", m_up),
                       ("down_to", m_down)):
        out[name] = q_int[o:o + size]
        o += size
    out["up_w"], out["down_w"] = q_w[:m_up], q_w[m_up:m_up + m_down]
    return out


def workspace(n: int, cap: int) -> tuple[np.ndarray, np.ndarray]:
    """Fresh ``(w_int, w_float)`` for tables and sweeps: ``n`` nodes and heaps of ``cap``
    entries a side."""
    return np.zeros(2 * n + 2 * cap, dtype=np.int64), np.zeros(2 * n + 2 * cap)


#: Heap entries a side a workspace starts with (doubled when a query needs more).
FIRST_CAP = 1024
#: Room for the buckets of a table per target, and for the upward search space of a
#: sweep, to start with (doubled when short).
FIRST_ROOM = 64


class _Work:
    """One thread's buffers for tables and sweeps: ``(w_int, w_float)`` and the
    generation of its stamps."""

    __slots__ = ("cap", "gen", "w_float", "w_int")

    def __init__(self, n: int, cap: int) -> None:
        self.cap = cap
        self.gen = 0
        self.w_int, self.w_float = workspace(n, cap)

    def grow(self, n: int) -> None:
        """Twice the heap room; fresh stamps (the generation starts again)."""
        self.cap *= 2
        self.gen = 0
        self.w_int, self.w_float = workspace(n, self.cap)


class Distances:
    """Distance queries on an :class:`~.directed.ArcHierarchy` (hierarchy numbers)."""

    def __init__(self, hierarchy: Any) -> None:
        from ._kernels import distance, pairs  # numba: imported with the first hierarchy

        self._kernels = distance
        self._pairs = pairs
        self.n = hierarchy.n
        self.q_int, self.q_w = pack(hierarchy)
        self._local = threading.local()
        #: the hierarchy with its lists as views into the packed arrays (no copy kept)
        self.hierarchy = hierarchy._replace(**views(self.q_int, self.q_w))

    @property
    def nbytes(self) -> int:
        """Bytes of the packed arrays and of the hierarchy's arrays they do not hold."""
        h = self.hierarchy
        return int(self.q_int.nbytes + self.q_w.nbytes + h.order.nbytes + h.up_mid.nbytes
                   + h.down_mid.nbytes)

    def work(self) -> _Work:
        """This thread's workspace for tables and sweeps (stamps)."""
        work = getattr(self._local, "work", None)
        if work is None:
            work = self._local.work = _Work(self.n, max(FIRST_CAP, 1))
        return work

    def pair_work(self) -> tuple[np.ndarray, np.ndarray]:
        """This thread's workspace for pairs (:func:`._kernels.pairs.pair_workspace`)."""
        work = getattr(self._local, "pair", None)
        if work is None:
            work = self._local.pair = self._pairs.pair_workspace(self.n)
        return work

    def pair(self, s: int, t: int) -> float:
        """Cost from ``s`` to ``t`` (inf: unreachable)."""
        w_i32, w_f = getattr(self._local, "pair", None) or self.pair_work()
        return self._pairs.pair_distance(self.q_int, self.q_w, s, t, w_i32, w_f)[0]

    def pairs(self, sources: np.ndarray, targets: np.ndarray, costs: np.ndarray,
              first: int, last: int) -> None:
        """``costs[i]`` for ``first <= i < last`` (int64 hierarchy numbers)."""
        self._pairs.batch_distances(self.q_int, self.q_w, sources[first:last],
                                    targets[first:last], *self.pair_work(),
                                    costs[first:last])

    def table(self, sources: np.ndarray, targets: np.ndarray) -> np.ndarray:
        """float64[S, T]: the cost from each source to each target."""
        out = np.full((sources.shape[0], targets.shape[0]), np.inf)
        work = self.work()
        room = FIRST_ROOM * max(targets.shape[0], 1)
        while True:
            entries = np.empty(room, dtype=np.int64)
            status, gen = self._kernels.bucket_table(
                self.q_int, self.q_w, sources, targets, work.gen, work.w_int, work.w_float,
                entries, out)
            work.gen = int(gen)
            if status != STATUS_HEAP_FULL:
                return out
            out[:] = np.inf
            room = min(2 * room, self.n * max(targets.shape[0], 1))
            work.grow(self.n)

    def sweep(self, s: int) -> np.ndarray:
        """float64[n]: the cost from ``s`` to every node (hierarchy numbers)."""
        out = np.empty(self.n)
        work = self.work()
        room = FIRST_ROOM
        while True:
            done = np.empty(min(room, self.n), dtype=np.int64)
            status, gen = self._kernels.sweep(self.q_int, self.q_w, s, work.gen, work.w_int,
                                              work.w_float, done, out)
            work.gen = int(gen)
            if status != STATUS_HEAP_FULL:
                return out
            room *= 2
            if room >= 2 * self.n:
                work.grow(self.n)
