"""One-shot Dijkstra and A* in one tight loop each, for the common case.

The common case: a networkx ``Graph``/``DiGraph`` whose costs are in a named edge attribute,
or a :class:`~wayfinding.graph.protocol.SimpleGraph` given with step costs; one start, one
goal location (or none: a Dijkstra flood), no budgets, no partial path. :func:`dijkstra`
and :func:`astar` answer it with the same :class:`~wayfinding.result.SearchResult` the
resumable engine (:class:`~wayfinding.graph.engine.BestFirstSearch`) gives, equal in
every field (``path``, ``cost``, ``came_from``, ``cost_so_far``, ``expanded``): the same
frontier order (``(priority, -cost, counter, location)``; ``(cost, counter, location)``
for Dijkstra, the same order since priority and cost are one), the same relaxations in
the same order. They return None for anything else, and also as soon as they meet
anything unusual (a missing attribute, a step that is not a float or int, a negative,
NaN or infinite step that would improve a cost, an overflow, a heuristic value that is
not a float or int >= 0): the caller then runs the engine, which starts again and deals
with it (hides the edge, raises naming it, converts numpy numbers). A heuristic may thus
be asked twice about a location, only when that happens.

What the loops leave out: method calls per edge (a networkx row is its adjacency dict, read
with one subscript; a SimpleGraph row its cost dict), a test per edge of which kind of graph
it is (one loop per kind), budget and partial-path bookkeeping, a second heap operation per
expansion (the expanded location stays on top of the heap until its first improved
neighbour replaces it, ``heapreplace``), and the heuristic asked more than
once per location. The call around a loop (``_plan``, ``_result``) reads one start and one
goal written as a location without the general parsing, and walks the path back itself.

What is left is close to the floor of CPython for this search:
``benchmarks/generic_floor.py`` times a bare loop doing only what the search cannot skip
(per edge a subscript, an addition, a look-up and a comparison; per improvement two
stores and a push; per location one heuristic call), and networkx's own searches, the
same loop plus one weight-function call per edge. The figures, and the variants measured
and left out: ``benchmarks/NOTES.md``, "Generic tier".

Examples
--------
>>> import networkx as nx
>>> from wayfinding.graph.protocol import NetworkXGraph
>>> G = nx.Graph()
>>> G.add_weighted_edges_from([('a', 'b', 1.0), ('b', 'c', 2.0), ('a', 'c', 4.0)])
>>> r = dijkstra(NetworkXGraph(G), 'a', 'c')
>>> r.path, r.cost, r.expanded
(['a', 'b', 'c'], 3.0, 2)
>>> dijkstra(NetworkXGraph(G), ['a', 'b'], 'c') is None  # several starts: the engine's
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from heapq import heappop, heappush, heapreplace
from typing import Any

from .._inputs import goal_locations, starts_of
from ..heuristics import Heuristic
from ..heuristics import zero as _zero_heuristic
from ..result import SearchResult, StopReason
from .goal import check_zero_at_goals
from .protocol import NetworkXGraph, SimpleGraph

__all__ = ["astar", "dijkstra", "is_zero"]

_INF = math.inf
_NOWHERE: Any = object()  # the goal of a flood: equal to no location
_FOUND, _EXHAUSTED = StopReason.FOUND, StopReason.EXHAUSTED
#: Types of a start or goal that are always one location (the rest go through
#: ``starts_of`` / ``goal_locations``, which read lists, sets and arrays as several).
_ONE = frozenset({tuple, int, str})


def _plan(graph: Any, start: Any, goal: Any) -> tuple[Any, Any, Any, Any] | None:
    """``(rows, attribute, start, goal)`` for the common case, else None (the engine
    explains or raises).

    ``rows[location]`` maps each neighbour to its edge data (a networkx graph:
    ``attribute`` names the cost in it) or to its step cost (a SimpleGraph with step costs
    everywhere: ``attribute`` None). One start and one goal location (``_NOWHERE`` for
    none), both in the graph.
    """
    kind = type(graph)
    if kind is NetworkXGraph:
        if graph._multi or type(graph.weight) is not str:
            return None
        G = graph.graph
        rows, attribute = (G._succ if G.is_directed() else G._adj), graph.weight
        contains = G.__contains__
    elif kind is SimpleGraph and len(graph._costs) == len(graph._edges) and not (
            graph.has_negative_costs):  # those the engine refuses
        if None in graph._locations:
            return None  # None ends a came_from chain: the engine's
        rows, attribute, contains = graph._costs, None, graph._locations.__contains__
    else:
        return None
    if type(start) not in _ONE:
        starts = starts_of(start)
        if len(starts) != 1:
            return None
        start = starts[0]
    if type(goal) not in _ONE:
        goals = goal_locations(goal)
        if goals is None or len(goals) > 1:
            return None
        goal = goals[0] if goals else _NOWHERE
    try:
        if not contains(start) or (goal is not _NOWHERE and not contains(goal)):
            return None
    except TypeError:  # unhashable
        return None
    return rows, attribute, start, goal


def _result(goal: Any, came_from: dict[Any, Any], cost_so_far: dict[Any, float],
            expanded: int, found: bool) -> SearchResult:
    """The engine's answer: the path walked back from ``goal`` to the start (whose
    ``came_from`` is None: no other location is None here)."""
    if not found:
        return SearchResult(None, _INF, came_from, cost_so_far, expanded, _EXHAUSTED, False,
                            None)
    path = [goal]
    location = came_from[goal]
    while location is not None:
        path.append(location)
        location = came_from[location]
    path.reverse()
    return SearchResult(path, cost_so_far[goal], came_from, cost_so_far, expanded, _FOUND,
                        False, goal)


def is_zero(heuristic: Any) -> bool:
    """True for the heuristics that are zero everywhere (A* with them is Dijkstra)."""
    return heuristic is _zero_heuristic or heuristic is Heuristic.ZERO


def dijkstra(graph: Any, start: Any, goal: Any) -> SearchResult | None:
    """Dijkstra from one start to one goal (or a flood with ``goal`` None) when the common
    case holds; else None."""
    plan = _plan(graph, start, goal)
    if plan is None:
        return None
    rows, attribute, start, goal = plan
    search = _dijkstra_attribute if attribute is not None else _dijkstra_costs
    try:
        found = search(rows, attribute, start, goal)
    except (TypeError, KeyError):  # None or junk as a step, a missing attribute
        return None
    if found is None:
        return None
    return _result(goal, *found)


def astar(graph: Any, start: Any, goal: Any, heuristic: Callable[[Any, Any], Any],
          weight: Any) -> SearchResult | None:
    """A* from one start to one goal when the common case holds; else None."""
    if type(weight) is not float:
        if type(weight) is not int:
            return None
        weight = float(weight)
    if not 0.0 <= weight < _INF or goal is None:
        return None
    if heuristic is _zero_heuristic or heuristic is Heuristic.ZERO:
        return dijkstra(graph, start, goal)  # the same order: (g, -g, n) is (g, n)
    if isinstance(heuristic, Heuristic):
        heuristic = heuristic.function
    elif not callable(heuristic):
        return None
    plan = _plan(graph, start, goal)
    if plan is None:
        return None
    rows, attribute, start, goal = plan
    if goal is _NOWHERE:
        return None  # no goal: the engine's zero estimate
    check_zero_at_goals(heuristic, (goal,))
    search = _astar_attribute if attribute is not None else _astar_costs
    try:
        found = search(rows, attribute, start, goal, heuristic, weight)
    except (TypeError, KeyError, ValueError):  # junk steps or estimates
        return None
    if found is None:
        return None
    return _result(goal, *found)


# The four loops below are one loop written out per priority and per kind of row: a test
# per edge of either would cost more than the copies (see the module docstring). Each
# returns (came_from, cost_so_far, expanded, found), or None when the engine must take over.
Found = tuple[dict[Any, Any], dict[Any, float], int, bool] | None


def _dijkstra_attribute(adj: Any, attribute: str, start: Any, goal: Any) -> Found:
    cost_so_far = {start: 0.0}
    came_from = {start: None}
    frontier = [(0.0, 0, start)]
    get, push, replace, pop = cost_so_far.get, heappush, heapreplace, heappop
    counter = 1
    expanded = 0
    while frontier:
        current_cost, _, current = frontier[0]
        if current_cost > cost_so_far[current]:
            pop(frontier)
            continue  # a stale entry: a cheaper one was pushed later
        if current == goal:
            return came_from, cost_so_far, expanded, True
        expanded += 1
        on_top = True  # the expanded entry, replaced by the first push
        for next_location, data in adj[current].items():
            step = data[attribute]
            new_cost = current_cost + step
            old = get(next_location)
            if old is not None and new_cost >= old:
                continue
            if (type(step) is not float and type(step) is not int) or not (
                    current_cost <= new_cost < _INF):
                return None  # the engine raises (or converts a numpy number)
            cost_so_far[next_location] = new_cost
            came_from[next_location] = current
            if on_top:
                replace(frontier, (new_cost, counter, next_location))
                on_top = False
            else:
                push(frontier, (new_cost, counter, next_location))
            counter += 1
        if on_top:
            pop(frontier)
    return came_from, cost_so_far, expanded, False


def _dijkstra_costs(adj: Any, _: None, start: Any, goal: Any) -> Found:
    cost_so_far = {start: 0.0}
    came_from = {start: None}
    frontier = [(0.0, 0, start)]
    get, push, replace, pop = cost_so_far.get, heappush, heapreplace, heappop
    row_of, no_edges = adj.get, {}
    counter = 1
    expanded = 0
    while frontier:
        current_cost, _, current = frontier[0]
        if current_cost > cost_so_far[current]:
            pop(frontier)
            continue
        if current == goal:
            return came_from, cost_so_far, expanded, True
        expanded += 1
        on_top = True
        for next_location, step in row_of(current, no_edges).items():
            new_cost = current_cost + step  # a SimpleGraph's steps are floats >= 0
            old = get(next_location)
            if old is not None and new_cost >= old:
                continue
            if new_cost == _INF:
                return None  # an overflow: the engine raises
            cost_so_far[next_location] = new_cost
            came_from[next_location] = current
            if on_top:
                replace(frontier, (new_cost, counter, next_location))
                on_top = False
            else:
                push(frontier, (new_cost, counter, next_location))
            counter += 1
        if on_top:
            pop(frontier)
    return came_from, cost_so_far, expanded, False


def _astar_attribute(adj: Any, attribute: str, start: Any, goal: Any,
                     heuristic: Callable[[Any, Any], Any], weight: float) -> Found:
    h = heuristic(start, goal)
    if (type(h) is not float and type(h) is not int) or not (h >= 0.0 and weight * h < _INF):
        return None
    estimates = {start: weight * h}  # weight x the heuristic, asked once per location
    cost_so_far = {start: 0.0}
    came_from = {start: None}
    frontier = [(estimates[start], -0.0, 0, start)]
    get, push, replace, pop = cost_so_far.get, heappush, heapreplace, heappop
    counter = 1
    expanded = 0
    while frontier:
        _, neg_cost, _, current = frontier[0]
        current_cost = cost_so_far[current]
        if -neg_cost > current_cost:
            pop(frontier)
            continue
        if current == goal:
            return came_from, cost_so_far, expanded, True
        expanded += 1
        on_top = True
        for next_location, data in adj[current].items():
            step = data[attribute]
            new_cost = current_cost + step
            old = get(next_location)
            if old is not None and new_cost >= old:
                continue
            if (type(step) is not float and type(step) is not int) or not (
                    current_cost <= new_cost < _INF):
                return None
            if old is None:  # the step is checked before the heuristic is asked
                h = heuristic(next_location, goal)
                estimate = weight * h
                if type(estimate) is not float or not (h >= 0.0 and estimate < _INF):
                    return None
                estimates[next_location] = estimate
            else:
                estimate = estimates[next_location]
            cost_so_far[next_location] = new_cost
            came_from[next_location] = current
            if on_top:
                replace(frontier, (new_cost + estimate, -new_cost, counter, next_location))
                on_top = False
            else:
                push(frontier, (new_cost + estimate, -new_cost, counter, next_location))
            counter += 1
        if on_top:
            pop(frontier)
    return came_from, cost_so_far, expanded, False


def _astar_costs(adj: Any, _: None, start: Any, goal: Any,
                 heuristic: Callable[[Any, Any], Any], weight: float) -> Found:
    h = heuristic(start, goal)
    if (type(h) is not float and type(h) is not int) or not (h >= 0.0 and weight * h < _INF):
        return None
    estimates = {start: weight * h}
    cost_so_far = {start: 0.0}
    came_from = {start: None}
    frontier = [(estimates[start], -0.0, 0, start)]
    get, push, replace, pop = cost_so_far.get, heappush, heapreplace, heappop
    row_of, no_edges = adj.get, {}
    counter = 1
    expanded = 0
    while frontier:
        _, neg_cost, _, current = frontier[0]
        current_cost = cost_so_far[current]
        if -neg_cost > current_cost:
            pop(frontier)
            continue
        if current == goal:
            return came_from, cost_so_far, expanded, True
        expanded += 1
        on_top = True
        for next_location, step in row_of(current, no_edges).items():
            new_cost = current_cost + step
            old = get(next_location)
            if old is not None and new_cost >= old:
                continue
            if new_cost == _INF:
                return None
            if old is None:
                h = heuristic(next_location, goal)
                estimate = weight * h
                if type(estimate) is not float or not (h >= 0.0 and estimate < _INF):
                    return None
                estimates[next_location] = estimate
            else:
                estimate = estimates[next_location]
            cost_so_far[next_location] = new_cost
            came_from[next_location] = current
            if on_top:
                replace(frontier, (new_cost + estimate, -new_cost, counter, next_location))
                on_top = False
            else:
                push(frontier, (new_cost + estimate, -new_cost, counter, next_location))
            counter += 1
        if on_top:
            pop(frontier)
    return came_from, cost_so_far, expanded, False
