"""A* search on any graph: cost so far plus a heuristic estimate of the cost to go.

Examples
--------
>>> from wayfinding.graph.protocol import SimpleGraph
>>> g = SimpleGraph({0: {1: 1, 2: 1}, 1: {3: 1}, 2: {3: 3}})
>>> r = astar(g, 0, 3, heuristic=lambda a, b: 0)
>>> r.path, r.cost
([0, 1, 3], 2.0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..heuristics import zero
from ..result import SearchResult
from . import fast
from .engine import BestFirstSearch, Priority

__all__ = ["astar", "default_heuristic"]


def default_heuristic(graph: Any, goal: Any = None) -> Callable[[Any, Any], float]:
    """The graph's own ``heuristic`` method if it has one, else zero (Dijkstra).

    Zero too when ``goal`` is a predicate: a graph's heuristic measures the distance to a
    goal location, and a predicate names none.
    """
    method = getattr(graph, "heuristic", None)
    return method if method is not None and not callable(goal) else zero


def astar(graph: Any, start: Any, goal: Any, *,
          heuristic: Callable[[Any, Any], float] | None = None, weight: float = 1.0,
          max_expansions: int | None = None, max_cost: float | None = None,
          max_seconds: float | None = None, partial: bool = False) -> SearchResult:
    """A* from ``start`` to ``goal``; ``weight > 1`` trades optimality for speed.

    When a budget runs out or the goal is unreachable, ``partial=True`` returns the path
    to the most promising location reached (lowest heuristic, ties by cost) with
    ``result.partial`` set and ``result.reason`` saying why.

    ``heuristic`` is a callable ``h(location, goal)`` or a
    :class:`~wayfinding.heuristics.Heuristic` member; by default the graph's own
    ``heuristic`` method, or zero. With a goal given as a predicate the default is zero
    and a heuristic you give is called as ``h(location, predicate)``.

    Without budgets or ``partial``, a networkx graph with a named cost attribute or a
    SimpleGraph with step costs is searched by :func:`wayfinding.graph.fast.astar` (the
    same answer, faster); anything else by the resumable engine.
    """
    heuristic = heuristic if heuristic is not None else default_heuristic(graph, goal)
    if max_expansions is None and max_cost is None and max_seconds is None and not partial:
        result = fast.astar(graph, start, goal, heuristic, weight)  # the common case
        if result is not None:
            return result
    search = BestFirstSearch(graph, start, goal, priority=Priority.COST_PLUS_HEURISTIC,
                             heuristic=heuristic, weight=weight, max_cost=max_cost,
                             track_partial=partial)
    search.step(max_expansions, max_seconds)
    return search.result(partial=partial)
