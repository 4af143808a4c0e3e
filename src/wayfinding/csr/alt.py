"""Choosing landmarks for ALT: farthest-point selection over Dijkstra floods.

Examples
--------
>>> import wayfinding as wf
>>> g = wf.CSRGraph.from_edges(range(5), range(1, 6), directed=False)
>>> landmarks(g, count=2).nodes.tolist()
[5, 0]
"""

from __future__ import annotations

import numpy as np

from ..errors import InvalidParameterError
from .graph import CSRGraph
from .landmarks import MAX_LANDMARKS, Landmarks, fingerprint
from .search import dijkstra

__all__ = ["landmarks"]


def landmarks(graph: CSRGraph, count: int = 16) -> Landmarks:
    """Pick ``count`` landmarks by farthest-point selection and store their distances.

    The first landmark is the node farthest from node 0; each next one the node farthest
    (by distance from the landmarks chosen so far) from all of them, nodes unreachable
    from every landmark first, so every component gets one. O(count) Dijkstra floods on
    the graph and on its reverse.

    ``wf.landmarks`` (:func:`wayfinding.api.landmarks`) also takes grids.
    """
    if not isinstance(graph, CSRGraph):
        raise InvalidParameterError(
            f"landmarks need a CSRGraph (see wf.compile_graph) or a Grid, got "
            f"{type(graph).__name__}")
    if isinstance(count, bool) or not isinstance(count, int | np.integer) or count < 1:
        raise InvalidParameterError(f"count must be a whole number >= 1, got {count!r}")
    n = graph.node_count
    if n == 0:
        raise InvalidParameterError("a graph without nodes has no landmarks")
    count = min(int(count), n, MAX_LANDMARKS)
    rev = graph.reverse()
    first = dijkstra(graph, graph.label(0)).cost_so_far.array
    finite = np.where(np.isfinite(first), first, -1.0)
    chosen: list[int] = [int(np.argmax(finite))]
    from_rows: list[np.ndarray] = []
    to_rows: list[np.ndarray] = []
    nearest = np.full(n, np.inf)
    while True:
        lm = chosen[-1]
        from_rows.append(np.array(dijkstra(graph, graph.label(lm)).cost_so_far.array))
        to_rows.append(np.array(dijkstra(rev, rev.label(lm)).cost_so_far.array))
        nearest = np.minimum(nearest, from_rows[-1])
        if len(chosen) == count:
            break
        nearest[chosen] = -1.0
        pick = int(np.argmax(nearest))
        if nearest[pick] <= 0:
            break
        chosen.append(pick)
    return Landmarks(np.array(chosen, dtype=np.int64), np.array(from_rows),
                     np.array(to_rows), n, fingerprint(graph))
