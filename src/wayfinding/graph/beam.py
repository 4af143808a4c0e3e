"""Beam search, as the A* texts describe it: A* whose frontier holds at most
``beam_width`` locations; when it would hold more, the one with the worst ``f`` is
dropped. Less memory and time than A*, and neither optimal nor complete: a dropped
location is not looked at again unless reached more cheaply.

(networkx's ``bfs_beam_edges`` is another beam search: breadth first, keeping the
``width`` best of each level by a value where higher is better.)

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.SquareGrid(6, 6)
>>> r = beam_search(grid, (0, 0), (5, 5), beam_width=2)
>>> r.cost, len(r.path)
(10.0, 11)
"""

from __future__ import annotations

import bisect
import math
from typing import Any

from .._inputs import is_whole
from ..errors import InvalidParameterError
from ..result import SearchResult, StopReason
from .budget import Budget, stop_at
from .problem import problem, rooted
from .weighted import out_steps

__all__ = ["beam_search"]

_INF = math.inf


def beam_search(graph: Any, start: Any, goal: Any, *, beam_width: int,
                heuristic: Any = None, max_expansions: int | None = None,
                max_seconds: float | None = None) -> SearchResult:
    """A path from ``start`` (one or several) to ``goal`` by A* with a frontier of at most
    ``beam_width`` (>= 1) locations. ``heuristic``: as for :func:`wayfinding.astar`.
    The path is valid and ``cost`` is its cost, but it may not be the cheapest, and an
    existing path may be missed (``reason`` EXHAUSTED).
    """
    if not is_whole(beam_width) or beam_width < 1:
        raise InvalidParameterError(f"beam_width must be a whole number >= 1, got "
                                    f"{beam_width!r}")
    budget = Budget(max_expansions, max_seconds)
    starts, target, h = problem(graph, start, goal, heuristic, "beam_search")
    steps = out_steps(graph)

    cost_so_far, came_from, roots = rooted(starts)
    # sorted: (f, -g, counter, location)
    frontier = sorted((h(s), -0.0, i, s) for i, s in enumerate(roots))
    counter = len(frontier)
    del frontier[int(beam_width):]
    expanded = 0
    while frontier:
        _, neg_cost, _, current = frontier.pop(0)
        g = cost_so_far[current]
        if -neg_cost > g:
            continue  # reached more cheaply since
        if (answer := stop_at(current, g, target, starts, came_from, cost_so_far, expanded,
                              budget)) is not None:
            return answer
        expanded += 1
        for v, step in steps(current):
            new_cost = g + step
            old = cost_so_far.get(v)
            if old is not None and new_cost >= old:
                continue
            cost_so_far[v], came_from[v] = new_cost, current
            bisect.insort(frontier, (new_cost + h(v), -new_cost, counter, v))
            counter += 1
            if len(frontier) > beam_width:
                frontier.pop()  # the worst f goes
    return SearchResult.unreachable(StopReason.EXHAUSTED, came_from, cost_so_far, expanded)
