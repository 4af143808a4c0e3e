"""``compile_graph``: any Graph-protocol object explored once into a :class:`CSRGraph`.

Examples
--------
>>> import wayfinding as wf
>>> slow = wf.SimpleGraph({'A': ['B'], 'B': ['A', 'C', 'D'], 'C': ['A'], 'D': ['E', 'A'],
...                        'E': ['B']})
>>> fast = wf.compile_graph(slow, 'A')
>>> fast.node_count, wf.breadth_first_search(fast, 'A', 'E').path
(5, ['A', 'B', 'D', 'E'])
"""

from __future__ import annotations

from collections import deque
from typing import Any

import numpy as np

from .._inputs import starts_of
from ..errors import InvalidLocationError
from ..graph.protocol import as_graph, edge_cost
from .build import edge_number, from_node_arrays
from .graph import CSRGraph, Metric

__all__ = ["compile_graph"]


def compile_graph(graph: Any, starts: Any, *, coordinates: Any = None,
                  metric: Metric = Metric.EUCLIDEAN) -> CSRGraph:
    """Explore any graph from ``starts`` and return the part reached as a :class:`CSRGraph`.

    ``graph`` is anything the generic tier accepts (an object with ``neighbors`` and
    optionally ``cost``, a networkx graph, a neighbors function); ``starts`` one location
    or a list/set/frozenset of several. Every location reachable from a start becomes a
    node (in order of discovery, starts first), every edge out of them an edge, with its
    cost checked once here (finite, >= 0). ``coordinates`` is a callable
    ``location -> (x, y)`` or a mapping.

    Examples
    --------
    >>> import wayfinding as wf
    >>> fast = wf.compile_graph(wf.SimpleGraph({'a': {'b': 2.0}, 'b': {'c': 0.5}}), 'a')
    >>> wf.dijkstra(fast, 'a', 'c').cost
    2.5
    """
    adapted = as_graph(graph)
    cost_of = edge_cost(adapted)
    index: dict[Any, int] = {}
    for s in starts_of(starts):
        if s not in index:
            index[s] = len(index)
    if hasattr(adapted, "__contains__"):
        for s in index:
            if s not in adapted:
                raise InvalidLocationError(f"start {s!r} is not in the graph")
    queue = deque(index)
    src: list[int] = []
    dst: list[int] = []
    cost: list[float] = []
    while queue:
        u = queue.popleft()
        iu = index[u]
        for v in adapted.neighbors(u):
            c = cost_of(u, v)
            if c is None:
                continue
            iv = index.get(v)
            if iv is None:
                iv = index[v] = len(index)
                queue.append(v)
            src.append(iu)
            dst.append(iv)
            cost.append(edge_number(c, u, v))
    labels = list(index)
    if callable(coordinates):
        coordinates = [coordinates(label) for label in labels]
    return from_node_arrays(CSRGraph, len(labels), np.array(src, dtype=np.int64),
                        np.array(dst, dtype=np.int64), np.array(cost, dtype=np.float64),
                        labels, coordinates, metric, True)
