"""Iterative deepening depth-first search (Rust ``pathfinding``'s ``iddfs``): depth-first
searches limited to 0, 1, 2, ... steps, so the path found has the fewest steps, in
memory proportional to its length.

Within one round a location is not visited twice along the current path (no cycles),
but may be along different branches; a round in which no branch was cut off by the limit
has seen everything, and the goal is unreachable.

Examples
--------
>>> from wayfinding.graph.protocol import SimpleGraph
>>> g = SimpleGraph({'a': ['b', 'c'], 'b': ['d'], 'c': ['e'], 'd': ['e'], 'e': []})
>>> r = iddfs(g, 'a', 'e')
>>> r.path, r.cost
(['a', 'c', 'e'], 2.0)
>>> iddfs(g, 'e', 'a').reason
<StopReason.EXHAUSTED: 'exhausted'>
"""

from __future__ import annotations

from typing import Any

from .._inputs import check_budget
from ..errors import InvalidLocationError
from ..result import SearchResult, StopReason
from .budget import Budget
from .goal import Goal
from .problem import checked_starts

__all__ = ["iddfs", "path_result"]


def iddfs(graph: Any, start: Any, goal: Any, *, max_depth: int | None = None,
          max_expansions: int | None = None, max_seconds: float | None = None
          ) -> SearchResult:
    """The fewest-steps path from ``start`` (one or several) to ``goal`` (a location,
    a list/set of several, or a predicate) by iterative deepening.

    ``max_depth`` bounds the rounds (no path of at most that many steps: ``reason``
    MAX_COST). ``came_from`` and ``cost_so_far`` hold the path found (its steps counted);
    ``expanded`` counts expansions over all rounds.
    """
    budget = Budget(max_expansions, max_seconds)
    max_depth = check_budget("max_depth", max_depth, integer=True)
    starts = list(dict.fromkeys(checked_starts(graph, start)))
    target = Goal(goal)
    if target.none:
        raise InvalidLocationError("iddfs needs a goal")
    target.check_in(graph)
    expanded = 0
    depth = 0
    while True:
        cut_off = False  # a branch was cut off by the limit: another round may find more
        for s in starts:
            if target(s):
                return path_result([s], [0.0], expanded)
            if depth == 0:
                cut_off = cut_off or _any(graph.neighbors(s))
                continue
            path = [s]
            on_path = {s}
            stack = [iter(graph.neighbors(s))]
            expanded += 1
            while stack:
                next_location = next(stack[-1], _END)
                if next_location is _END:
                    stack.pop()
                    on_path.discard(path.pop())
                    continue
                if next_location in on_path:
                    continue
                if (reason := budget.spent(expanded)) is not None:
                    return SearchResult.unreachable(reason, expanded=expanded)
                if target(next_location):
                    path.append(next_location)
                    return path_result(path, [float(i) for i in range(len(path))], expanded)
                if len(path) < depth:
                    path.append(next_location)
                    on_path.add(next_location)
                    stack.append(iter(graph.neighbors(next_location)))
                    expanded += 1
                else:
                    cut_off = cut_off or _any(graph.neighbors(next_location))
        if not cut_off:
            return SearchResult.unreachable(StopReason.EXHAUSTED, expanded=expanded)
        if max_depth is not None and depth >= max_depth:
            return SearchResult.unreachable(StopReason.MAX_COST, expanded=expanded)
        depth += 1


_END: Any = object()


def _any(items: Any) -> bool:
    return next(iter(items), _END) is not _END


def path_result(path: list[Any], costs: list[float], expanded: int) -> SearchResult:
    """A found ``path`` with the cost of each of its prefixes as a SearchResult whose
    ``came_from``/``cost_so_far`` are the path itself."""
    came_from = dict(zip(path, [None, *path[:-1]], strict=True))
    cost_so_far = dict(zip(path, costs, strict=True))
    return SearchResult.reached(list(path), costs[-1], came_from, cost_so_far, expanded)
