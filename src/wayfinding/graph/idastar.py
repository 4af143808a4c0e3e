"""Iterative deepening A* (R. E. Korf, "Depth-first iterative-deepening: an optimal
admissible tree search", Artificial Intelligence 27, 1985; Rust ``pathfinding``'s
``idastar``, python-pathfinding's ``IDAStarFinder``).

Depth-first searches bounded by ``f = g + h``: the first bound is ``h(start)``, each next
one the smallest ``f`` that went over the last. Memory grows with the path only; with an
admissible heuristic the first path found is optimal. A location is not visited twice
along the current path; a location's neighbours are tried in order of their ``f``, as
Rust's ``idastar`` does.

Examples
--------
>>> from wayfinding.graph.protocol import SimpleGraph
>>> g = SimpleGraph({'s': {'a': 1, 'b': 4}, 'a': {'t': 5}, 'b': {'t': 1}})
>>> r = idastar(g, 's', 't')
>>> r.path, r.cost
(['s', 'b', 't'], 5.0)
"""

from __future__ import annotations

import math
from typing import Any

from ..result import SearchResult, StopReason
from .budget import Budget
from .iddfs import path_result
from .problem import problem
from .weighted import out_steps

__all__ = ["idastar"]

_INF = math.inf


def idastar(graph: Any, start: Any, goal: Any, *, heuristic: Any = None,
            max_expansions: int | None = None, max_seconds: float | None = None
            ) -> SearchResult:
    """An optimal path from ``start`` (one or several) to ``goal`` by iterative deepening
    A*. ``heuristic``: as for :func:`wayfinding.astar` (admissible for an optimal path).

    ``came_from`` and ``cost_so_far`` hold the path found; ``expanded`` counts expansions
    over all rounds (IDA* expands locations again in every round).
    """
    budget = Budget(max_expansions, max_seconds)
    starts, target, h = problem(graph, start, goal, heuristic, "idastar")
    starts = list(dict.fromkeys(starts))
    steps = out_steps(graph)
    bound = min(h(s) for s in starts)
    expanded = 0
    while True:
        over = _INF  # the smallest f beyond the bound
        for s in starts:
            if target(s):
                return path_result([s], [0.0], expanded)
            if h(s) > bound:
                over = min(over, h(s))
                continue
            path, costs = [s], [0.0]
            on_path = {s}
            stack = [iter(_ordered(steps(s), 0.0, h))]
            expanded += 1
            while stack:
                item = next(stack[-1], None)
                if item is None:
                    stack.pop()
                    on_path.discard(path.pop())
                    costs.pop()
                    continue
                f, g, v = item
                if v in on_path:
                    continue
                if f > bound:
                    over = min(over, f)
                    continue
                if target(v):
                    return path_result([*path, v], [*costs, g], expanded)
                if (reason := budget.spent(expanded)) is not None:
                    return SearchResult.unreachable(reason, expanded=expanded)
                path.append(v)
                costs.append(g)
                on_path.add(v)
                stack.append(iter(_ordered(steps(v), g, h)))
                expanded += 1
        if over == _INF:
            return SearchResult.unreachable(StopReason.EXHAUSTED, expanded=expanded)
        bound = over


def _ordered(steps: list[tuple[Any, float]], g: float, h: Any
             ) -> list[tuple[float, float, Any]]:
    """``(f, g, location)`` of each neighbour, smallest ``f`` first (stable on ties)."""
    items = []
    for v, step in steps:
        cost = g + step
        items.append((cost + h(v), cost, v))
    items.sort(key=lambda item: item[0])
    return items
