"""Bidirectional breadth-first search on any graph that knows its predecessors
(networkx's ``bidirectional_shortest_path``, Rust ``pathfinding``'s ``bfs_bidirectional``,
PathFinding.js's ``BiBreadthFirstFinder``).

Two breadth-first searches, forward from the start and backward from the goal over the
edges into each location (:func:`~wayfinding.graph.edges.reverse_rows`); each round
expands one whole level of the side whose frontier is smaller, and the search stops at
the first location reached by both. That path has the fewest steps: a shorter one would
have met at a location one side had expanded in an earlier level, where the other side
would have seen it.

Examples
--------
>>> from wayfinding.graph.protocol import SimpleGraph
>>> g = SimpleGraph({'a': ['b', 'x'], 'b': ['c'], 'c': ['d'], 'x': ['y'], 'y': ['z']})
>>> r = bidirectional_bfs(g, 'a', 'd')
>>> r.path, r.cost
(['a', 'b', 'c', 'd'], 3.0)
"""

from __future__ import annotations

from typing import Any

from ..errors import InvalidLocationError
from ..result import SearchResult, StopReason
from .edges import reverse_rows

__all__ = ["bidirectional_bfs"]


def bidirectional_bfs(graph: Any, start: Any, goal: Any) -> SearchResult:
    """Fewest steps from ``start`` to ``goal`` (one location each) by two breadth-first
    searches meeting in the middle.

    ``came_from``/``cost_so_far`` hold the forward search's locations (steps from the
    start); ``expanded`` counts the locations expanded by both sides.
    """
    contains = getattr(graph, "__contains__", None)
    if contains is not None:
        for role, location in (("start", start), ("goal", goal)):
            if not contains(location):
                raise InvalidLocationError(f"{role} {location!r} is not in the graph")
    into = reverse_rows(graph)[0]
    came_from: dict[Any, Any] = {start: None}
    cost_so_far: dict[Any, float] = {start: 0.0}
    goes_to: dict[Any, Any] = {goal: None}  # the backward side: next location on a path
    if start == goal:
        return SearchResult.trivial(start)
    forward, backward = [start], [goal]
    expanded = 0
    while forward and backward:
        if len(forward) <= len(backward):
            level, forward = forward, []
            for u in level:
                expanded += 1
                steps = cost_so_far[u] + 1.0
                for v in graph.neighbors(u):
                    if v not in came_from:
                        came_from[v], cost_so_far[v] = u, steps
                        forward.append(v)
                        if v in goes_to:
                            return _joined(came_from, cost_so_far, goes_to, v, expanded)
        else:
            level, backward = backward, []
            for v in level:
                expanded += 1
                for u in into(v):
                    if u not in goes_to:
                        goes_to[u] = v
                        backward.append(u)
                        if u in came_from:
                            return _joined(came_from, cost_so_far, goes_to, u, expanded)
    return SearchResult.unreachable(StopReason.EXHAUSTED, came_from, cost_so_far, expanded)


def _joined(came_from: dict[Any, Any], cost_so_far: dict[Any, float],
            goes_to: dict[Any, Any], meet: Any, expanded: int) -> SearchResult:
    head = [meet]
    while (v := came_from[head[-1]]) is not None:
        head.append(v)
    head.reverse()
    v = goes_to[meet]
    while v is not None:
        head.append(v)
        v = goes_to[v]
    return SearchResult.reached(head, float(len(head) - 1), came_from, cost_so_far, expanded)
