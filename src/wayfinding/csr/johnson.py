"""Johnson's algorithm on a :class:`~wayfinding.csr.graph.CSRGraph` (see
:mod:`wayfinding.graph.johnson`): the compiled Bellman-Ford gives the potentials, the
compiled Dijkstra floods the reweighted graph from each source.

Examples
--------
>>> import wayfinding as wf
>>> g = wf.CSRGraph.from_edges([0, 1, 2], [1, 2, 0], [-2.0, 3.0, 1.0], negative_costs=True)
>>> johnson(g)[2].cost_so_far.array.tolist()
[1.0, -1.0, 0.0]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..result import SearchResult, StopReason
from . import inputs as _in
from . import search as _search
from .bellman_ford import relaxed
from .graph import CSRGraph
from .views import CameFromView, CostSoFarView, Reached

__all__ = ["johnson"]


def johnson(graph: CSRGraph, sources: Any = None) -> dict[Any, SearchResult]:
    """:func:`wayfinding.johnson` on a CSR graph: ``{source label: SearchResult}``."""
    n = graph.node_count
    if sources is None:
        nodes = np.arange(n, dtype=np.int64)
        reached = nodes
    else:
        nodes = _in.starts(graph, sources)
        flood = _search.breadth_first_search(graph, graph.labels_of(nodes))
        reached = np.flatnonzero(flood.cost_so_far.array < np.inf).astype(np.int64)
    potential, _, _, _, _ = relaxed(graph, reached, None)
    potential = np.where(np.isfinite(potential), potential, 0.0)
    tails = np.repeat(np.arange(n), np.diff(graph.indptr))
    reduced = np.maximum(graph.costs + potential[tails] - potential[graph.indices], 0.0)
    reweighted = CSRGraph(graph.indptr, graph.indices, reduced)
    answers = {}
    for s in nodes.tolist():
        result = _search.dijkstra(reweighted, s)
        flood = result.cost_so_far.reached
        costs = flood.cost - potential[s] + potential[flood.nodes]
        back = Reached(graph, flood.nodes, costs, flood.parent)
        answers[graph.label(s)] = SearchResult.unreachable(
            StopReason.EXHAUSTED, CameFromView(back), CostSoFarView(back), result.expanded)
    return answers
