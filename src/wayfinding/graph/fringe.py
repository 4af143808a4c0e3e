"""Fringe search (Y. Björnsson, M. Enzenberger, R. C. Holte and J. Schaeffer, "Fringe
Search: Beating A* at Pathfinding on Game Maps", IEEE CIG 2005), one of the searches the
A* texts name beside A*.

Between IDA* and A*: the *fringe* is a list (no priority queue) that is walked again and
again with a growing bound on ``f = g + h``, like IDA*'s rounds, but costs and parents are
remembered (a *cache*), so no location is searched twice for the same cost. Locations
over the bound wait in the list for the next pass; children of an expanded location are
inserted right after it and looked at in the same pass. With an admissible heuristic the
path found is optimal.

Examples
--------
>>> from wayfinding.graph.protocol import SimpleGraph
>>> g = SimpleGraph({'s': {'a': 1, 'b': 4}, 'a': {'t': 5}, 'b': {'t': 1}})
>>> r = fringe_search(g, 's', 't')
>>> r.path, r.cost
(['s', 'b', 't'], 5.0)
"""

from __future__ import annotations

import math
from typing import Any

from ..result import SearchResult, StopReason
from .budget import Budget, stop_at
from .problem import problem, rooted
from .weighted import out_steps

__all__ = ["fringe_search"]

_INF = math.inf
_HEAD: Any = object()  # the ends of the fringe's linked list
_TAIL: Any = object()


def fringe_search(graph: Any, start: Any, goal: Any, *, heuristic: Any = None,
                  max_expansions: int | None = None, max_seconds: float | None = None
                  ) -> SearchResult:
    """An optimal path from ``start`` (one or several) to ``goal`` by fringe search.

    ``heuristic``: as for :func:`wayfinding.astar`. ``came_from`` and ``cost_so_far``
    are the cache (every location reached); ``expanded`` counts expansions.
    """
    budget = Budget(max_expansions, max_seconds)
    starts, target, h = problem(graph, start, goal, heuristic, "fringe_search")
    steps = out_steps(graph)

    cost_so_far, came_from, roots = rooted(starts)
    after = {_HEAD: _TAIL}  # the fringe as a doubly linked list
    before = {_TAIL: _HEAD}

    def insert_after(node: Any, location: Any) -> None:
        following = after[node]
        after[node], after[location] = location, following
        before[following], before[location] = location, node

    def remove(location: Any) -> None:
        prev, following = before.pop(location), after.pop(location)
        after[prev], before[following] = following, prev

    for s in reversed(roots):
        insert_after(_HEAD, s)
    bound = min(h(s) for s in cost_so_far)
    expanded = 0
    while after[_HEAD] is not _TAIL:
        over = _INF  # the smallest f beyond the bound this pass
        node = after[_HEAD]
        while node is not _TAIL:
            g = cost_so_far[node]
            f = g + h(node)
            if f > bound:
                over = min(over, f)
                node = after[node]
                continue
            if (answer := stop_at(node, g, target, starts, came_from, cost_so_far, expanded,
                                  budget)) is not None:
                return answer
            expanded += 1
            for v, step in reversed(steps(node)):  # inserted after node: first one first
                new_cost = g + step
                old = cost_so_far.get(v)
                if old is not None and new_cost >= old:
                    continue
                if v in after:
                    remove(v)
                insert_after(node, v)
                cost_so_far[v], came_from[v] = new_cost, node
            following = after[node]
            remove(node)
            node = following
        if over == _INF:
            break
        bound = over
    return SearchResult.unreachable(StopReason.EXHAUSTED, came_from, cost_so_far, expanded)
