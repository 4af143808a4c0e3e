"""Bidirectional breadth-first search on a :class:`~wayfinding.csr.graph.CSRGraph` (kernel
:mod:`wayfinding.csr._kernels.bibfs`; buffers of the thread's CSR workspace).

Examples
--------
>>> import wayfinding as wf
>>> g = wf.CSRGraph.from_edges("abcax", "bcdxy")
>>> r = bidirectional_bfs(g, "a", "d")
>>> r.path, r.cost
(['a', 'b', 'c', 'd'], 3.0)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _lazy
from ..result import SearchResult, StopReason
from . import workspace as _ws
from .graph import CSRGraph
from .views import CameFromView, CostSoFarView, Reached

__all__ = ["bidirectional_bfs"]


def bidirectional_bfs(graph: CSRGraph, start: Any, goal: Any) -> SearchResult:
    """:func:`wayfinding.bidirectional_bfs` on a CSR graph."""
    s, t = graph.index(start), graph.index(goal)
    rev = graph.reverse()
    kernel = _lazy.kernels("wayfinding.csr._kernels.bibfs").bidirectional_bfs
    ws = _ws.acquire(graph.node_count)
    try:
        fw, bw = ws.forward, ws.backward
        meet, expanded, n_f, _ = kernel((graph.indptr, graph.indices), (rev.indptr, rev.indices),
                                        s, t, (fw.stamp, fw.g, fw.parent, fw.touched),
                                        (bw.stamp, bw.g, bw.parent, bw.touched),
                                        ws.next_generation())
        nodes = fw.touched[:n_f].copy()
        reached = Reached(graph, nodes, fw.g[nodes], fw.parent[nodes])
        came_from, cost_so_far = CameFromView(reached), CostSoFarView(reached)
        if meet < 0:
            return SearchResult.unreachable(StopReason.EXHAUSTED, came_from, cost_so_far,
                                            int(expanded))
        path = [int(meet)]
        while (p := int(fw.parent[path[-1]])) >= 0:
            path.append(p)
        path.reverse()
        v = int(meet)
        while v != t:
            v = int(bw.parent[v])
            path.append(v)
        labels = graph.labels_of(np.array(path, dtype=np.int64))
        return SearchResult.reached(labels, float(len(path) - 1), came_from, cost_so_far,
                                    int(expanded))
    finally:
        _ws.release(ws)
