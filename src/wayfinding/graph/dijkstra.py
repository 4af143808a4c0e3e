"""Dijkstra's algorithm (uniform cost search) on any graph.

Examples
--------
>>> from wayfinding.graph.protocol import SimpleGraph
>>> g = SimpleGraph({'a': {'b': 1, 'c': 5}, 'b': {'c': 1}, 'c': {}})
>>> dijkstra(g, 'a', 'c').path
['a', 'b', 'c']
>>> dict(dijkstra(g, 'a', max_cost=1).cost_so_far)
{'a': 0.0, 'b': 1.0}
"""

from __future__ import annotations

from typing import Any

from .._promising import aim_generic
from ..result import SearchResult
from . import fast
from .engine import BestFirstSearch, Priority

__all__ = ["dijkstra"]


def dijkstra(graph: Any, start: Any, goal: Any = None, *, max_cost: float | None = None,
             max_expansions: int | None = None, max_seconds: float | None = None,
             partial: bool = False) -> SearchResult:
    """Cheapest paths from ``start`` (several starts allowed) in order of cost.

    With no goal, every location reachable within ``max_cost`` is recorded in
    ``came_from`` and ``cost_so_far`` (a flood). Budgets and ``partial`` work as in
    :func:`wayfinding.graph.astar.astar`; without them, the common case (one start, a
    networkx graph with a named cost attribute or a SimpleGraph with step costs) is
    searched by :func:`wayfinding.graph.fast.dijkstra`.
    """
    if max_cost is None and max_expansions is None and max_seconds is None and not partial:
        result = fast.dijkstra(graph, start, goal)
        if result is not None:
            return result
    search = BestFirstSearch(graph, start, goal, priority=Priority.COST, max_cost=max_cost,
                             track_partial=partial)
    search.step(max_expansions, max_seconds)
    result = search.result(partial=partial)
    return aim_generic(graph, goal, result) if partial else result
