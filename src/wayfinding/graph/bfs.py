"""Breadth-first search: the fewest steps, ignoring step costs.

Examples
--------
>>> from wayfinding.graph.protocol import SimpleGraph
>>> g = SimpleGraph({'A': ['B'], 'B': ['A', 'C', 'D'], 'C': ['A'], 'D': ['E', 'A'],
...                  'E': ['B']})
>>> r = breadth_first_search(g, 'A', 'E')
>>> r.path, r.cost
(['A', 'B', 'D', 'E'], 3.0)
>>> sorted(breadth_first_search(g, 'A').came_from)
['A', 'B', 'C', 'D', 'E']
>>> sorted(breadth_first_search(g, 'A', depth_limit=1).came_from)
['A', 'B']
"""

from __future__ import annotations

import time
from collections import deque
from typing import Any

from .._inputs import check_budget, several_hint, starts_of
from .._promising import aim_generic
from ..errors import InvalidLocationError
from ..result import SearchResult, StopReason, reconstruct_path
from .dfs import Order, neighbours_in_order
from .goal import Goal

__all__ = ["breadth_first_search"]

#: Expansions between two looks at the clock when ``max_seconds`` is set.
_CLOCK_EVERY = 32


def breadth_first_search(graph: Any, start: Any, goal: Any = None, *,
                         depth_limit: int | None = None,
                         sort_neighbors: Order | None = None,
                         max_seconds: float | None = None,
                         partial: bool = False) -> SearchResult:
    """Visit locations in order of the number of steps from ``start``.

    Parameters
    ----------
    graph : object with ``neighbors``
    start : location, or list/set/frozenset of several starts
    goal : location, list/set/frozenset of locations, predicate, or None
        With no goal every reachable location is visited (``came_from`` covers them).
    depth_limit : int, optional
        Locations this many steps away are reached but not expanded (networkx's
        ``depth_limit``).
    sort_neighbors : callable, optional
        Gets a location's neighbours and returns them in the order to visit them
        (networkx's ``sort_neighbors``): it decides which of equally short paths is found.
    max_seconds : float, optional
        Stop when it runs out (``reason`` MAX_SECONDS; 0 expands nothing).
    partial : bool
        When the goal is not reached, the path to the reached location nearest it by the
        graph's own ``heuristic`` method (:mod:`wayfinding._promising`), else the start.

    Returns
    -------
    SearchResult
        ``cost`` is the number of steps; ``cost_so_far`` counts steps too.
    """
    limit = check_budget("depth_limit", depth_limit, integer=True)
    neighbours = neighbours_in_order(graph, sort_neighbors)
    starts = starts_of(start)
    target = Goal(goal)
    contains = getattr(graph, "__contains__", None)
    frontier: deque[Any] = deque()
    came_from: dict[Any, Any] = {}
    cost_so_far: dict[Any, float] = {}
    for s in starts:
        if contains is not None and not contains(s):
            raise InvalidLocationError(f"start {s!r} is not in the graph"
                                       + several_hint(start, "starts"))
        if s not in came_from:
            came_from[s] = None
            cost_so_far[s] = 0.0
            frontier.append(s)
    target.check_in(graph)
    max_seconds = check_budget("max_seconds", max_seconds)
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    expanded = 0
    while frontier:
        if deadline is not None and expanded % _CLOCK_EVERY == 0 and (
                max_seconds == 0 or time.perf_counter() >= deadline):
            result = SearchResult.unreachable(StopReason.MAX_SECONDS, came_from,
                                              cost_so_far, expanded)
            return aim_generic(graph, goal, result) if partial else result
        current = frontier.popleft()
        if not target.none and target(current):
            path = reconstruct_path(came_from, starts, current)
            return SearchResult.reached(path, cost_so_far[current], came_from, cost_so_far,
                                        expanded)
        steps = cost_so_far[current] + 1.0
        if limit is not None and steps > limit:
            continue
        expanded += 1
        for next_location in neighbours(current):
            if next_location not in came_from:
                came_from[next_location] = current
                cost_so_far[next_location] = steps
                frontier.append(next_location)
    return SearchResult.unreachable(StopReason.EXHAUSTED, came_from, cost_so_far, expanded)
