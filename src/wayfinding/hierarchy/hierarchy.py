"""A contraction hierarchy with hub labels over a small undirected graph, as named arrays.

:func:`build` contracts the graph ``(tails[i], heads[i], weights[i])`` by the directed
contraction of :func:`~.directed.contract` (one implementation for grids and CSR
graphs), turns its arcs back into undirected edges numbered from the top rank down
(:mod:`._kernels.layout`) and labels every node with its upward search space
(:mod:`._kernels.labels`). Queries run inside a
caller's kernel (:func:`._kernels.query.hub_path`); files are read and checked by
:mod:`.files`.

Examples
--------
>>> import numpy as np
>>> tails, heads = np.array([0, 1], np.int32), np.array([1, 2], np.int32)
>>> built = build(3, tails, heads, np.array([1.0, 2.0]), np.zeros(1, np.int64))
>>> hierarchy, order = built
>>> hierarchy.n, hierarchy.n_core, sorted(order.tolist())
(3, 0, [0, 1, 2])
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from .arrays import array_bytes, query_arrays


def describe(name: str, fields: str, nbytes: int, build_seconds: float) -> str:
    """``repr`` of an object prepared over a hierarchy: its own fields, then its memory
    and build time (``PreparedGrid``, ``PreparedGraph``)."""
    return f"{name}({fields}, nbytes={nbytes}, build_seconds={build_seconds:.3f})"


class Hierarchy(NamedTuple):
    """The arrays of a contraction hierarchy, nodes numbered from the top rank down
    (0 = contracted last; the uncontracted core, if any, is ``0 .. n_core - 1``).

    ``up_*``: CSR (``up_start``, int64[n + 1]) of the edges from each contracted node
    to nodes above it: ``up_from``/``up_to`` (int32), ``up_w`` (float64) and, for a
    shortcut ``v - w`` that skips ``mid``, ``up_low``/``up_high`` (int32) = the upward
    edges ``mid - v`` and ``mid - w`` (-1 for an original edge). ``core_*``: CSR
    (``core_start``, int64[n_core + 1]) of the edges between core nodes, unpacking into
    upward edges the same way. ``label_*``: hub labels, CSR (``label_start``) of
    ``label_hd`` (float64[m, 2]: hub, distance; sorted by hub, the node itself last) and
    ``label_edge`` (int32: the upward edge into the hub, -1 for the node itself).
    """

    up_start: np.ndarray
    up_from: np.ndarray
    up_to: np.ndarray
    up_w: np.ndarray
    up_low: np.ndarray
    up_high: np.ndarray
    core_start: np.ndarray
    core_to: np.ndarray
    core_w: np.ndarray
    core_low: np.ndarray
    core_high: np.ndarray
    label_start: np.ndarray
    label_hd: np.ndarray
    label_edge: np.ndarray

    @property
    def n(self) -> int:
        """Nodes."""
        return int(self.up_start.shape[0] - 1)

    @property
    def n_core(self) -> int:
        """Nodes left uncontracted (queries cross them by an A* search)."""
        return int(self.core_start.shape[0] - 1)

    @property
    def shortcuts(self) -> int:
        """Upward edges added by the contraction."""
        return int(np.count_nonzero(self.up_low >= 0))

    #: The fields :func:`._kernels.query.hub_path` takes, in its order.
    QUERY = ("up_from", "up_to", "up_low", "up_high", "core_start", "core_to", "core_w",
             "core_low", "core_high", "label_start", "label_hd", "label_edge")
    nbytes = property(array_bytes, doc="Bytes of all the arrays.")
    query_arrays = query_arrays


#: The contraction's work budget (arcs its witness searches look at, ``work_limit`` of
#: :func:`~.directed.build_directed`): graphs that get dense long before the top (the
#: subgoal graphs of maps strewn with random obstacles) keep the nodes left then as a
#: core, which queries cross by A* (the limit's trade-off: ``benchmarks/NOTES.md``, "Hierarchies").
WORK_LIMIT = 250_000_000
#: After each contraction, neighbours with at most this many arcs get their priority
#: estimated again at once (``eager_degree`` of :func:`~.directed.build_directed`):
#: every neighbour on subgoal graphs, whose labels then hold fewer entries than with the
#: directed default (``benchmarks/NOTES.md``, "Hierarchies").
EAGER_DEGREE = 1000


def build(n: int, tails: np.ndarray, heads: np.ndarray, weights: np.ndarray,
          stop: np.ndarray, *, contract: bool = True) -> tuple[Hierarchy, np.ndarray] | None:
    """The hierarchy of the undirected graph of ``n`` nodes and edges
    ``(tails[i], heads[i], weights[i])`` (int32, int32, float64).

    The graph is contracted by :func:`~.directed.contract` (every edge an arc both
    ways; its arcs and shortcuts become undirected edges again: :mod:`._kernels.layout`),
    then labelled. ``contract=False`` keeps every node in the core; a contraction that
    reaches its work budget (:data:`WORK_LIMIT`) keeps the nodes it has not contracted.
    Returns ``(hierarchy, order)`` with ``order[i]`` the graph's node numbered ``i`` in
    the hierarchy, or None once ``stop[0]`` is non-zero (another thread asks it to stop).
    """
    from ._kernels.labels import build_labels  # numba is imported lazily
    from ._kernels.layout import undirected_graphs
    from .directed import contract as contract_arcs

    tails = np.asarray(tails, dtype=np.int64)
    heads = np.asarray(heads, dtype=np.int64)
    weights = np.asarray(weights, dtype=np.float64)
    work_limit = WORK_LIMIT if contract else -1
    arcs = contract_arcs(n, np.concatenate((tails, heads)), np.concatenate((heads, tails)),
                         np.concatenate((weights, weights)), stop, work_limit=work_limit,
                         eager_degree=EAGER_DEGREE)
    if arcs is None:
        return None
    n_core = n if work_limit < 0 else _core(arcs)
    parts = undirected_graphs(n, n_core, arcs.tail, arcs.head, arcs.w, arcs.low, arcs.high)
    old_id, arrays = by_rank(*parts)
    labels = build_labels(n, arrays[0], arrays[1], arrays[2], arrays[3], stop)
    if stop[0]:
        return None
    return Hierarchy(*arrays, *labels), arcs.order[old_id]


def _core(arcs: Any) -> int:
    """Nodes ``0 .. k - 1`` of a contraction hold every arc between two nodes it left
    uncontracted: the smallest such ``k``. Uncontracted nodes above it have no arc to
    another one, and join the hierarchy as nodes with no upward edge."""
    core = (arcs.tail < arcs.n_core) & (arcs.head < arcs.n_core)
    if not core.any():
        return 0
    return int(max(arcs.tail[core].max(), arcs.head[core].max())) + 1


def by_rank(rank: np.ndarray, n_core: int, up_start: np.ndarray, up_from: np.ndarray,
            up_to: np.ndarray, up_w: np.ndarray, up_low: np.ndarray, up_high: np.ndarray,
            core_start: np.ndarray, core_to: np.ndarray, core_w: np.ndarray,
            core_low: np.ndarray,
            core_high: np.ndarray) -> tuple[np.ndarray, tuple[np.ndarray, ...]]:
    """The upward and core graphs with nodes numbered from the top rank down, and the
    old number of each new one.

    The core (if contraction stopped early) is then nodes ``0 .. n_core - 1``. Queries
    spend most of their time near the top, so this keeps what they touch together.
    """
    n = rank.shape[0]
    new_id = (n - 1 - rank).astype(np.int32)
    order = np.argsort(new_id[up_from], kind="stable")
    new_edge = np.empty_like(order)
    new_edge[order] = np.arange(order.shape[0])
    low, high = up_low[order], up_high[order]
    old_id = np.empty(n, dtype=np.int64)
    old_id[new_id] = np.arange(n)
    counts = np.bincount(new_id[up_from], minlength=n)
    core_from = np.repeat(np.arange(n), np.diff(core_start))
    core_order = np.argsort(new_id[core_from], kind="stable")
    core_counts = np.bincount(new_id[core_from], minlength=n)[:n_core]
    c_low, c_high = core_low[core_order], core_high[core_order]
    return old_id, (
        np.concatenate(([0], np.cumsum(counts))).astype(np.int64),
        new_id[up_from[order]],
        new_id[up_to[order]],
        up_w[order],
        _remap_edges(low, new_edge),
        _remap_edges(high, new_edge),
        np.concatenate(([0], np.cumsum(core_counts))).astype(np.int64),
        new_id[core_to[core_order]],
        core_w[core_order],
        _remap_edges(c_low, new_edge),
        _remap_edges(c_high, new_edge),
    )


def _remap_edges(edges: np.ndarray, new_edge: np.ndarray) -> np.ndarray:
    """Upward-edge numbers after renumbering (-1 stays -1)."""
    if new_edge.shape[0] == 0:
        return np.full(edges.shape[0], -1, dtype=np.int32)
    return np.where(edges >= 0, new_edge[np.maximum(edges, 0)], -1).astype(np.int32)
