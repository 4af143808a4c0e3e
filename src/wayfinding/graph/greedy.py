"""Greedy best-first search: always expand the location that looks closest to the goal.

Fast, but the path found is not always the cheapest.

Examples
--------
>>> from wayfinding.graph.protocol import SimpleGraph
>>> g = SimpleGraph({0: [1, 4], 1: [2], 2: [3], 4: [3]})
>>> greedy_best_first(g, 0, 3, heuristic=lambda a, b: abs(b - a)).path
[0, 4, 3]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..heuristics import zero
from ..result import SearchResult
from .engine import BestFirstSearch, Priority

__all__ = ["greedy_best_first"]


def greedy_best_first(graph: Any, start: Any, goal: Any, *,
                      heuristic: Callable[[Any, Any], float] | None = None,
                      max_expansions: int | None = None, max_seconds: float | None = None,
                      partial: bool = False) -> SearchResult:
    """Expand by heuristic alone; the graph's own ``heuristic`` method is the default.

    With a goal given as a predicate a graph's own heuristic cannot aim at it: the
    default is then zero (a search in no particular direction, still finding a path),
    and a heuristic you give is called as ``h(location, predicate)``.
    """
    if heuristic is None:
        heuristic = getattr(graph, "heuristic", None)
        if heuristic is not None and callable(goal):
            heuristic = zero
    search = BestFirstSearch(graph, start, goal, priority=Priority.HEURISTIC,
                             heuristic=heuristic, reopen=False, track_partial=partial)
    search.step(max_expansions, max_seconds)
    return search.result(partial=partial)
