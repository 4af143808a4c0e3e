"""The contraction hierarchy of a directed graph, as named arrays (no hub labels).

:func:`build_directed` contracts the graph of arcs ``tails[i] -> heads[i]`` of cost
``weights[i]`` (:mod:`._kernels.directed`), numbers its nodes from the top down (the
core, then by level, :mod:`._kernels.levels`) and lists each node's arcs to higher nodes
both ways; :mod:`._kernels.updown` answers a
query from them. Unlike :class:`~.hierarchy.Hierarchy` (small undirected graphs, hub
labels), the arrays grow with the graph, not with the square of its search spaces, so
graphs of millions of nodes fit.

Examples
--------
>>> import numpy as np
>>> h = build_directed(3, np.array([0, 1]), np.array([1, 2]), np.array([1.0, 2.0]))
>>> h.n, h.arcs >= 2, sorted(h.order.tolist()), h.core
(3, True, [0, 1, 2], 0)
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .arrays import array_bytes, query_arrays


class ArcHierarchy(NamedTuple):
    """The arrays of a directed contraction hierarchy, nodes numbered from the top down:
    the core, then by level from the highest (every arc joins a higher number to a lower
    one, the lower number contracted later; within a level, nodes near in the graph are
    near in number).

    ``order[i]``: the graph's node numbered ``i`` here. Nodes left uncontracted (a dense
    core, see :data:`._kernels.directed.CORE_DEGREE`) are ``0 .. core - 1``; their
    arcs among themselves are listed both ways, so queries cross the core by a plain
    bidirectional search. Every other arc is listed once: ``up_*``, CSR (``up_start``)
    of the arcs from each node to a higher one (``up_to`` < node, cost ``up_w``);
    ``down_*``, CSR of the arcs into each node from a higher one (``down_to``: the
    arc's tail). A shortcut names its middle node (``*_mid``, -1 for an arc of the
    graph): it unpacks into the arc ``tail -> mid``, listed in the down list of ``mid``,
    and ``mid -> head``, in its up list (``mid`` is numbered above both ends). 16 bytes
    an arc (RoutingKit's hierarchy, the reference, takes 16 too).
    """

    order: np.ndarray
    up_start: np.ndarray
    up_to: np.ndarray
    up_w: np.ndarray
    up_mid: np.ndarray
    down_start: np.ndarray
    down_to: np.ndarray
    down_w: np.ndarray
    down_mid: np.ndarray

    @property
    def n(self) -> int:
        """Nodes."""
        return int(self.order.shape[0])

    @property
    def core(self) -> int:
        """Nodes ``0 .. core - 1`` are in the uncontracted core (0: none): one more than
        the highest node listing an arc to or from a lower-ranked (higher-numbered) one
        among its up or down arcs. The core's last nodes may list none and then count as
        contracted (the queries only skip stall checks in the core)."""
        core = 0
        for start, other in ((self.up_start, self.up_to), (self.down_start, self.down_to)):
            owners = np.repeat(np.arange(self.n, dtype=np.int64), np.diff(start))
            inverted = owners[other > owners]
            if inverted.shape[0]:
                core = max(core, int(inverted.max()) + 1)
        return core

    def _twice(self, mids: bool) -> int:
        """Up entries also listed down: arcs between two core nodes (shortcuts only)."""
        core = self.core
        owners = np.repeat(np.arange(self.n, dtype=np.int64), np.diff(self.up_start))
        both = (owners < core) & (self.up_to < core)
        return int(np.count_nonzero(both & (self.up_mid >= 0) if mids else both))

    @property
    def arcs(self) -> int:
        """Arcs of the hierarchy (the graph's, merged, and the shortcuts)."""
        return int(self.up_to.shape[0] + self.down_to.shape[0]) - self._twice(False)

    @property
    def shortcuts(self) -> int:
        """Arcs added by the contraction."""
        return int(np.count_nonzero(self.up_mid >= 0) + np.count_nonzero(self.down_mid >= 0)
                   - self._twice(True))

    #: The fields :func:`._kernels.updown.updown` takes, in its order.
    QUERY = ("up_start", "up_to", "up_w", "up_mid", "down_start", "down_to", "down_w",
             "down_mid")
    nbytes = property(array_bytes, doc="Bytes of all the arrays.")
    query_arrays = query_arrays


class Contraction(NamedTuple):
    """The arcs a contraction leaves, nodes numbered as in :class:`ArcHierarchy`:
    ``order[i]`` the graph's node numbered ``i``, ``n_core`` nodes uncontracted, and
    every arc ``tail -> head`` (int32) of cost ``w``; a shortcut unpacks into arcs
    ``low`` (``tail -> mid``) and ``high`` (``mid -> head``), -1 for an arc of the
    graph. :func:`~.hierarchy.build` turns them into undirected edges."""

    order: np.ndarray
    n_core: int
    tail: np.ndarray
    head: np.ndarray
    w: np.ndarray
    low: np.ndarray
    high: np.ndarray


def build_directed(n: int, tails: np.ndarray, heads: np.ndarray, weights: np.ndarray,
                   stop: np.ndarray | None = None, *, core_degree: int | None = None,
                   work_limit: int | None = None,
                   eager_degree: int | None = None,
                   layout: np.ndarray | None = None,
                   aim: tuple[np.ndarray, int, float] | None = None,
                   first_settle: int | None = None) -> ArcHierarchy | None:
    """The hierarchy of the directed graph of ``n`` nodes and arcs ``tails[i] ->
    heads[i]`` of cost ``weights[i]``: :func:`contract` (its arguments), then
    :func:`lists`; None once ``stop[0]`` is non-zero."""
    done = contract(n, tails, heads, weights, stop, core_degree=core_degree,
                    work_limit=work_limit, eager_degree=eager_degree, layout=layout,
                    aim=aim, first_settle=first_settle)
    return None if done is None else lists(done)


def contract(n: int, tails: np.ndarray, heads: np.ndarray, weights: np.ndarray,
             stop: np.ndarray | None = None, *, core_degree: int | None = None,
             work_limit: int | None = None, eager_degree: int | None = None,
             layout: np.ndarray | None = None,
             aim: tuple[np.ndarray, int, float] | None = None,
             first_settle: int | None = None) -> Contraction | None:
    """The contraction of the directed graph of ``n`` nodes and arcs ``tails[i] ->
    heads[i]`` of cost ``weights[i]`` (finite, >= 0); None once ``stop[0]`` is non-zero
    (another thread asks it to stop). ``stop`` is int64[1], the flag of
    :func:`wayfinding.grid.stoppable.run_stoppable`: a flag of another type would compile
    the contraction kernel once more (a TypeError says so).

    ``core_degree``, ``work_limit`` and ``eager_degree`` override
    :data:`._kernels.directed.CORE_DEGREE`, the work budget (witness-search arcs,
    :data:`._kernels.directed.WORK_PER_NODE` per node) and
    :data:`._kernels.directed.EAGER_DEGREE`. ``layout`` (a permutation, ``layout[v]``
    the new number of node ``v``; see :func:`.ordering.locality_layout`) renumbers the
    graph for the contraction only: the hierarchy returned is the same function of the
    graph's own numbers, built with fewer cache misses when the layout keeps neighbours
    near.

    ``aim`` ``(coordinates, code, scale)`` (float64[n, 2] in the graph's numbers, a
    heuristic code ``H_EUCLIDEAN`` or ``H_GREAT_CIRCLE``, and ``scale`` with ``scale *
    distance`` at most every arc's cost, as
    :func:`wayfinding.csr.prepared.goal_direction` gives; code 0: none) aims the
    witness searches: each one settles at most ``first_settle`` nodes (default
    :data:`._kernels.directed.FIRST_SETTLE`), then an A* search looks for the witness
    of each target left (fewer arcs looked at, as many shortcuts; a budget goes further
    with 4, the default: ``benchmarks/NOTES.md``, "Hierarchies")."""
    from ._kernels import directed as kernels  # numba is imported lazily

    if stop is None:
        stop = np.zeros(1, dtype=np.int64)
    if stop.dtype != np.int64:
        raise TypeError(f"stop must be an int64 flag (run_stoppable's), got {stop.dtype}")
    if core_degree is None:
        core_degree = kernels.CORE_DEGREE
    if work_limit is None:
        work_limit = kernels.WORK_BASE + kernels.WORK_PER_NODE * n
    if eager_degree is None:
        eager_degree = kernels.EAGER_DEGREE
    tails = np.ascontiguousarray(tails, dtype=np.int64)
    heads = np.ascontiguousarray(heads, dtype=np.int64)
    weights = np.ascontiguousarray(weights, dtype=np.float64)
    if layout is not None:  # contract the graph renumbered: neighbours near in memory
        layout = np.ascontiguousarray(layout, dtype=np.int64)
        tails = layout[tails]
        by = np.argsort(tails, kind="stable")
        tails, heads, weights = tails[by], layout[heads][by], weights[by]
    coords, code, scale = (np.zeros((0, 2)), 0, 0.0) if aim is None else aim
    if code != 0:
        coords = np.ascontiguousarray(coords, dtype=np.float64).reshape(n, 2)
        if layout is not None:
            moved = np.empty_like(coords)
            moved[layout] = coords
            coords = moved
    # priorities estimated by witness searches of two arcs on sparse graphs (roads), by
    # one-arc witnesses on denser ones
    sparse = tails.shape[0] <= kernels.SPARSE_DEGREE * n
    quick_settle = kernels.SPARSE_QUICK_SETTLE if sparse else kernels.QUICK_SETTLE
    quick_hops = kernels.SPARSE_QUICK_HOPS if sparse else kernels.QUICK_HOPS
    rank, n_core, tail, head, w, low, high = kernels.contract_directed(
        n, tails, heads, weights, kernels.SETTLE, kernels.HOPS, quick_settle, quick_hops,
        eager_degree, kernels.WEIGHTS, core_degree, work_limit, stop,
        coords, int(code), float(scale),
        kernels.FIRST_SETTLE if first_settle is None else int(first_settle))
    if stop[0] or rank.shape[0] != n:
        return None
    if layout is not None:  # back to the graph's numbers
        rank = rank[layout]
        inverse = np.empty(n, dtype=np.int64)
        inverse[layout] = np.arange(n)
        tail = inverse[tail]
        head = inverse[head]
    new_id = _numbers(n, rank.astype(np.int64), n_core, tail, head, layout)
    order = np.empty(n, dtype=np.int64)
    order[new_id] = np.arange(n)
    tail = new_id[tail].astype(np.int32)
    head = new_id[head].astype(np.int32)
    return Contraction(order, int(n_core), tail, head, w, low, high)


def lists(contraction: Contraction) -> ArcHierarchy:
    """The up and down lists of the arcs a contraction left (each shortcut naming its
    middle node)."""
    order, n_core, tail, head, w, low, _high = contraction
    n = order.shape[0]
    mid = np.where(low >= 0, head[np.maximum(low, 0)] if low.shape[0] else low, -1)
    mid = mid.astype(np.int32)
    core = (tail < n_core) & (head < n_core)  # the core's arcs: searched both ways
    up_start, (up_to, up_w, up_mid) = _lists(n, (tail > head) | core, tail, head, w, mid)
    down_start, (down_to, down_w, down_mid) = _lists(n, (tail < head) | core, head, tail, w,
                                                     mid)
    return ArcHierarchy(order, up_start, up_to, up_w, up_mid, down_start, down_to, down_w,
                        down_mid)


def _numbers(n: int, rank: np.ndarray, n_core: int, tail: np.ndarray, head: np.ndarray,
             layout: np.ndarray | None) -> np.ndarray:
    """The hierarchy's number of each node: the core first (``0 .. n_core - 1``), then
    by level from the top (:func:`._kernels.levels.node_levels`: every arc still points
    from a higher number to a lower one where the rank order has it so), within a level
    by ``layout`` (neighbours near in memory for the queries; rank order without one)."""
    from ._kernels.levels import node_levels

    in_core = rank >= n - n_core
    level = node_levels(n, rank, tail.astype(np.int64), head.astype(np.int64), in_core)
    within = rank if layout is None else layout
    by = np.lexsort((within, -level))  # the highest level first
    new_id = np.empty(n, dtype=np.int64)
    new_id[by] = np.arange(n)
    return new_id


def _lists(n: int, keep: np.ndarray, owner: np.ndarray, other: np.ndarray,
           *fields: np.ndarray) -> tuple[np.ndarray, tuple[np.ndarray, ...]]:
    """CSR of the arcs ``keep`` grouped by ``owner``: ``(start, (other end, *fields))``."""
    from ._kernels.levels import grouped

    arcs = np.flatnonzero(keep)
    if arcs.shape[0] >= 2**31 - 1:
        raise OverflowError("hierarchies of 2**31 arcs or more are not supported")
    start, by = grouped(owner[arcs], n)  # a counting sort, stable
    arcs = arcs[by]
    return start.astype(np.int32), (other[arcs].astype(np.int32), *(f[arcs] for f in fields))
