"""Lazy reachability on a :class:`~wayfinding.csr.graph.CSRGraph`: the iterators of
:mod:`wayfinding.graph.reach`, computed by compiled slices
(:mod:`wayfinding.csr._kernels.reach`) that double in size from 64 nodes, so taking the
first few locations costs little and taking all of them costs one compiled search.

Examples
--------
>>> import wayfinding as wf
>>> g = wf.CSRGraph.from_edges("aacb", "cbdd", [5.0, 1.0, 1.0, 1.0])
>>> list(bfs_reach(g, "a"))
['a', 'c', 'b', 'd']
>>> [(item.location, item.parent, item.cost) for item in dijkstra_reach(g, "a")]
[('a', None, 0.0), ('b', 'a', 1.0), ('d', 'b', 2.0), ('c', 'a', 5.0)]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from .. import _lazy
from .._kernels.codes import STATUS_EXHAUSTED, STATUS_HEAP_FULL
from ..paths import ReachItem
from . import inputs as _in
from .graph import CSRGraph

__all__ = ["bfs_reach", "bfs_slices", "dijkstra_reach", "dijkstra_slices", "slices"]

_FIRST = 64
_LARGEST = 1 << 16


def bfs_reach(graph: CSRGraph, start: Any) -> Iterator[Any]:
    """:func:`wayfinding.bfs_reach` on a CSR graph."""
    starts = _in.starts(graph, start)  # checked now, not at the first next()
    kernel = _lazy.kernels("wayfinding.csr._kernels.reach").bfs_slice
    record = (graph.indptr, graph.indices)
    return (label for nodes in bfs_slices(kernel, record, graph.node_count, starts)
            for label in graph.labels_of(nodes))


def dijkstra_reach(graph: CSRGraph, start: Any) -> Iterator[ReachItem]:
    """:func:`wayfinding.dijkstra_reach` on a CSR graph."""
    graph.refuse_negative()
    starts = _in.starts(graph, start)
    kernel = _lazy.kernels("wayfinding.csr._kernels.reach").dijkstra_slice
    record = (graph.indptr, graph.indices, graph.costs)
    return (ReachItem(label, before if p >= 0 else None, cost)
            for nodes, parents, costs in dijkstra_slices(kernel, record, graph.node_count,
                                                         starts)
            for label, p, before, cost in zip(
                graph.labels_of(nodes), parents.tolist(),
                graph.labels_of(np.maximum(parents, 0)), costs.tolist(), strict=True))


def bfs_slices(kernel: Any, record: tuple, n: int, starts: np.ndarray
               ) -> Iterator[np.ndarray]:
    """The node (or padded cell) numbers a breadth-first ``kernel`` (``bfs_slice`` of
    :mod:`wayfinding.csr._kernels.reach` or its grid twin) reaches from ``starts``,
    slice by slice (:func:`slices`)."""
    seen = np.zeros(n, dtype=np.uint8)
    order = np.zeros(n, dtype=np.int64)
    seen[starts] = 1
    order[:starts.shape[0]] = starts
    state = np.array([0, starts.shape[0]], dtype=np.int64)
    work = (seen, order, np.zeros(n, dtype=np.int64))
    given = 0
    for budget in slices():
        status = kernel(record, work, state, budget)
        count = int(state[1])
        yield order[given:count]
        given = count
        if status == STATUS_EXHAUSTED:
            return


def dijkstra_slices(kernel: Any, record: tuple, n: int, starts: np.ndarray
                    ) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """``(nodes, parents, costs)`` settled by a ``dijkstra_slice`` kernel from
    ``starts``, slice by slice, in order of cost (parents -1 for starts)."""
    g = np.full(n, np.inf)
    parent = np.full(n, -1, dtype=np.int64)
    g[starts] = 0.0
    heap = max(1024, 2 * starts.shape[0])
    work = [g, parent, np.zeros(n, np.uint8), np.zeros(n, np.int64), np.zeros(heap),
            np.zeros(heap, np.int64)]
    work[5][:starts.shape[0]] = starts  # equal keys: already a heap
    state = np.array([starts.shape[0], 0], dtype=np.int64)
    given = 0
    for budget in slices():
        while (status := kernel(record, tuple(work), state, budget)) == STATUS_HEAP_FULL:
            for i in (4, 5):
                grown = np.zeros(2 * work[i].shape[0], dtype=work[i].dtype)
                grown[:work[i].shape[0]] = work[i]
                work[i] = grown
        count = int(state[1])
        nodes = work[3][given:count]
        yield nodes, parent[nodes], g[nodes]
        given = count
        if status == STATUS_EXHAUSTED:
            return


def slices() -> Iterator[int]:
    """Work per kernel call of a lazy iterator: 64, 128, ... up to 65536, then on."""
    budget = _FIRST
    while True:
        yield budget
        budget = min(2 * budget, _LARGEST)
