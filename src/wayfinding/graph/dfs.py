"""Depth-first search on any graph (Rust ``pathfinding``'s ``dfs``, networkx's
``dfs_tree`` / ``dfs_preorder_nodes`` with ``depth_limit`` and ``sort_neighbors``).

Locations are visited in preorder, each once: from a location the search goes on to its
first neighbour not yet visited, and back up when there is none. A goal is recognised
when it is first visited, so the path found is *a* path, not the shortest.

Examples
--------
>>> from wayfinding.graph.protocol import SimpleGraph
>>> g = SimpleGraph({'a': ['b', 'c'], 'b': ['d'], 'c': ['d'], 'd': []})
>>> depth_first_search(g, 'a', 'd').path
['a', 'b', 'd']
>>> list(depth_first_search(g, 'a').came_from)
['a', 'b', 'd', 'c']
>>> depth_first_search(g, 'a', 'd', sort_neighbors=lambda vs: sorted(vs, reverse=True)).path
['a', 'c', 'd']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .._inputs import check_budget
from ..errors import InvalidParameterError
from ..result import SearchResult, StopReason, reconstruct_path
from .budget import Budget
from .goal import Goal
from .problem import checked_starts

__all__ = ["depth_first_search", "neighbours_in_order"]

Order = Callable[[Iterable[Any]], Iterable[Any]]


def depth_first_search(graph: Any, start: Any, goal: Any = None, *,
                       depth_limit: int | None = None, sort_neighbors: Order | None = None,
                       max_expansions: int | None = None,
                       max_seconds: float | None = None) -> SearchResult:
    """Visit locations depth first from ``start`` (one or several, in turn) until ``goal``.

    Parameters
    ----------
    goal : location, list/set of locations, predicate, or None (visit everything)
    depth_limit : int, optional
        Locations this many steps from their start are visited but not expanded.
    sort_neighbors : callable, optional
        Gets a location's neighbours and returns them in the order to visit them.

    Returns
    -------
    SearchResult
        ``came_from`` is the depth-first tree (in visiting order), ``cost_so_far`` the
        depth of each location in it; ``cost`` counts the steps of ``path``.
    """
    budget = Budget(max_expansions, max_seconds)
    limit = check_budget("depth_limit", depth_limit, integer=True)
    starts = checked_starts(graph, start)
    target = Goal(goal)
    target.check_in(graph)
    neighbours = neighbours_in_order(graph, sort_neighbors)
    came_from: dict[Any, Any] = {}
    cost_so_far: dict[Any, float] = {}
    expanded = 0
    for s in starts:
        if s in came_from:
            continue
        came_from[s], cost_so_far[s] = None, 0.0
        if target(s):
            return SearchResult.reached([s], 0.0, came_from, cost_so_far, expanded)
        if limit == 0:
            continue
        expanded += 1
        stack = [(s, iter(neighbours(s)))]
        while stack:
            current, rest = stack[-1]
            next_location = next(rest, _END)
            if next_location is _END:
                stack.pop()
                continue
            if next_location in came_from:
                continue
            if (reason := budget.spent(expanded)) is not None:
                return SearchResult.unreachable(reason, came_from, cost_so_far, expanded)
            depth = cost_so_far[current] + 1.0
            came_from[next_location], cost_so_far[next_location] = current, depth
            if target(next_location):
                path = reconstruct_path(came_from, starts, next_location)
                assert path is not None
                return SearchResult.reached(path, depth, came_from, cost_so_far, expanded)
            if limit is None or depth < limit:
                expanded += 1
                stack.append((next_location, iter(neighbours(next_location))))
    return SearchResult.unreachable(StopReason.EXHAUSTED, came_from, cost_so_far, expanded)


_END: Any = object()


def neighbours_in_order(graph: Any, sort_neighbors: Order | None
                        ) -> Callable[[Any], Iterable[Any]]:
    """``graph.neighbors``, its answers passed through ``sort_neighbors`` when given."""
    if sort_neighbors is None:
        return graph.neighbors
    if not callable(sort_neighbors):
        raise InvalidParameterError(
            f"sort_neighbors must be a callable taking the neighbours and returning them "
            f"in order, got {sort_neighbors!r}")

    def ordered(location: Any) -> Iterable[Any]:
        return sort_neighbors(graph.neighbors(location))

    return ordered
