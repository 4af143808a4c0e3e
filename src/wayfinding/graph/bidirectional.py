"""Bidirectional Dijkstra and bidirectional A* on any graph that knows its predecessors.

A forward search from the start over the edges out of each location and a backward
search from the goal over the edges into it (:func:`~wayfinding.graph.edges.reverse_rows`:
a ``predecessors`` method, networkx's ``pred``, or an undirected graph's own neighbours),
each a Dijkstra with a lazy heapq frontier, keyed by

    forward  k_f(v) = g_f(v) + p(v),    backward  k_b(v) = g_b(v) - p(v),
    p(v) = (h(v, goal) - h(start, v)) / 2,

(``p = 0`` for bidirectional Dijkstra: the average potentials of Ikeda et al. 1994, as
in Goldberg and Harrelson 2005). ``mu`` is the cheapest ``g_f(v) + g_b(v)`` over the
locations reached by both searches, looked at whenever either cost changes. The search
stops when a frontier runs empty or

    min k_f + min k_b >= mu                                                 (*)

taken over current (not stale) frontier entries. With a heuristic that is consistent in
both arguments (``h(u, t) <= c(u, v) + h(v, t)`` and ``h(s, v) <= h(s, u) + c(u, v)``,
true of any metric that never overestimates, such as straight-line distance) every
reduced cost ``c(u, v) - p(u) + p(v)`` is >= 0, both searches are Dijkstra on the same
reduced graph, and (*) is the classic stopping rule of bidirectional Dijkstra with the
constant potentials of start and goal cancelled: on a shortest path, either an edge
between a location settled forward and one settled backward was scanned (and recorded
its cost in ``mu``) or the path is at least as long as the two tops; see
:mod:`wayfinding.csr._kernels.bidirectional` for the argument in full.

Examples
--------
>>> import networkx as nx
>>> G = nx.DiGraph()
>>> G.add_weighted_edges_from([('a', 'b', 1.0), ('b', 'c', 2.0), ('a', 'c', 4.0)])
>>> r = bidirectional_dijkstra(NetworkXGraph(G), 'a', 'c')
>>> r.path, r.cost
(['a', 'b', 'c'], 3.0)
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable
from typing import Any

from .. import heuristics as _heuristics
from .._inputs import goal_locations, starts_of
from ..errors import InvalidCostError, InvalidLocationError, InvalidParameterError
from ..result import SearchResult, StopReason, reconstruct_path
from .edges import edge_rows, reverse_rows
from .engine import bad_estimate, checked_estimate
from .goal import check_zero_at_goals
from .protocol import NetworkXGraph

__all__ = ["bidirectional_astar", "bidirectional_dijkstra"]

_INF = math.inf


class _Side:
    """One of the two searches: its frontier, costs, parents and edges."""

    def __init__(self, root: Any, rows: tuple[Any, Any, Any, Any], sign: float,
                 potential: Callable[[Any], float]) -> None:
        self.rows, self.attribute, self.default, self.fix = rows
        self.sign = sign
        self.potential = potential
        self.cost_so_far: dict[Any, float] = {root: 0.0}
        self.came_from: dict[Any, Any] = {root: None}
        self.frontier: list[tuple[float, int, Any]] = [(sign * potential(root), 0, root)]
        self.keys: dict[Any, float] = {root: self.frontier[0][0]}
        self.expanded = 0

    def top(self) -> float:
        """The smallest current key (stale entries dropped), inf when empty."""
        frontier, keys = self.frontier, self.keys
        while frontier and frontier[0][0] > keys[frontier[0][2]]:
            heapq.heappop(frontier)
        return frontier[0][0] if frontier else _INF

    def expand(self, other: _Side, counter: itertools.count[int], mu: float,
               meet: Any) -> tuple[float, Any]:
        """Settle the top location; return the updated ``(mu, meeting location)``."""
        _, _, current = heapq.heappop(self.frontier)
        self.expanded += 1
        cost_so_far, keys, potential, sign = self.cost_so_far, self.keys, self.potential, self.sign
        came_from, frontier, push = self.came_from, self.frontier, heapq.heappush
        attribute, default, fix = self.attribute, self.default, self.fix
        other_costs = other.cost_so_far
        current_cost = cost_so_far[current]
        for next_location, step in self.rows(current).items():
            if attribute is not None:
                step = step.get(attribute, default)
            if type(step) is not float:
                step = fix(current, next_location, step)
                if step is None:
                    continue
            if not 0.0 <= step < _INF:
                raise InvalidCostError(
                    f"cost of edge {_edge(self, current, next_location)} must be finite and "
                    f">= 0, got {step!r}")
            new_cost = current_cost + step
            old = cost_so_far.get(next_location)
            if old is not None and new_cost >= old:
                continue
            cost_so_far[next_location] = new_cost
            came_from[next_location] = current
            key = keys[next_location] = new_cost + sign * potential(next_location)
            push(frontier, (key, next(counter), next_location))
            through = other_costs.get(next_location)
            if through is not None and new_cost + through < mu:
                mu, meet = new_cost + through, next_location
        return mu, meet


def _edge(side: _Side, current: Any, next_location: Any) -> str:
    a, b = (current, next_location) if side.sign > 0 else (next_location, current)
    return f"{a!r} -> {b!r}"


def _one(value: Any, role: str) -> Any:
    several = starts_of(value) if role == "start" else goal_locations(value)
    if several is None or len(several) != 1:
        raise InvalidParameterError(
            f"bidirectional search takes one {role} location, got {value!r} (a list, set or "
            f"frozenset means several, a function a predicate)")
    return several[0]


def _potential(heuristic: Any, start: Any, goal: Any) -> Callable[[Any], float]:
    if heuristic is None:
        return _zero_potential
    check_zero_at_goals(heuristic, (goal, start))  # each side's target
    cache: dict[Any, float] = {}

    def checked(location: Any, h: Any) -> float:
        h = checked_estimate(location, h)
        if not 0.0 <= h < _INF:
            raise bad_estimate(location, h)
        return h

    def potential(location: Any) -> float:
        p = cache.get(location)
        if p is None:
            p = cache[location] = 0.5 * (checked(location, heuristic(location, goal))
                                         - checked(location, heuristic(start, location)))
        return p

    return potential


def _zero_potential(location: Any) -> float:
    return 0.0


def _search(graph: Any, start: Any, goal: Any, heuristic: Any) -> SearchResult:
    start, goal = _one(start, "start"), _one(goal, "goal")
    contains = getattr(graph, "__contains__", None)
    for role, location in (("start", start), ("goal", goal)):
        if contains is not None and not contains(location):
            raise InvalidLocationError(f"{role} {location!r} is not in the graph")
    backward_rows = reverse_rows(graph)  # raises for a graph without predecessors
    if start == goal:
        return SearchResult.trivial(start)
    if heuristic is None:
        result = _networkx_dijkstra(graph, start, goal)
        if result is not None:
            return result
    potential = _potential(heuristic, start, goal)
    forward = _Side(start, edge_rows(graph), 1.0, potential)
    backward = _Side(goal, backward_rows, -1.0, potential)
    counter = itertools.count(1)
    mu, meet = _INF, None
    while True:
        top_f, top_b = forward.top(), backward.top()
        if top_f == _INF or top_b == _INF or top_f + top_b >= mu:
            break
        side, other = ((forward, backward) if len(forward.frontier) <= len(backward.frontier)
                       else (backward, forward))
        mu, meet = side.expand(other, counter, mu, meet)
    expanded = forward.expanded + backward.expanded
    extra = {"reached_backward": len(backward.cost_so_far)}
    if meet is None:
        return SearchResult.unreachable(StopReason.EXHAUSTED, forward.came_from,
                                        forward.cost_so_far, expanded, extra=extra)
    path = reconstruct_path(forward.came_from, start, meet)
    assert path is not None
    location = backward.came_from[meet]
    while location is not None:
        path.append(location)
        location = backward.came_from[location]
    return SearchResult.reached(path, mu, forward.came_from, forward.cost_so_far, expanded,
                                extra=extra)


def _networkx_dijkstra(graph: Any, start: Any, goal: Any) -> SearchResult | None:
    """:func:`_search` without a heuristic, written out for a networkx graph whose costs are
    in a named attribute (its adjacency dicts read directly, both sides in one loop): the
    same steps in the same order, so the same answer. None for other graphs, and as soon as
    a step is not a float or int in ``[0, inf)`` (a missing attribute, None, junk): then
    :func:`_search`, which starts again, deals with it."""
    if type(graph) is not NetworkXGraph or graph._multi or type(graph.weight) is not str:
        return None
    G, attribute = graph.graph, graph.weight
    out_rows, in_rows = (G._succ, G._pred) if G.is_directed() else (G._adj, G._adj)
    forward_costs, backward_costs = {start: 0.0}, {goal: 0.0}
    forward_parents, backward_parents = {start: None}, {goal: None}
    forward, backward = [(0.0, 0, start)], [(0.0, 0, goal)]
    pop, push = heapq.heappop, heapq.heappush
    counter, expanded = 1, 0
    mu, meet = _INF, None
    while True:
        while forward and forward[0][0] > forward_costs[forward[0][2]]:
            pop(forward)  # stale entries off both tops
        while backward and backward[0][0] > backward_costs[backward[0][2]]:
            pop(backward)
        if not forward or not backward or forward[0][0] + backward[0][0] >= mu:
            break
        if len(forward) <= len(backward):
            rows, frontier, costs, parents, other = (out_rows, forward, forward_costs,
                                                     forward_parents, backward_costs)
        else:
            rows, frontier, costs, parents, other = (in_rows, backward, backward_costs,
                                                     backward_parents, forward_costs)
        current_cost, _, current = pop(frontier)
        expanded += 1
        get, through_of = costs.get, other.get
        try:
            for next_location, data in rows[current].items():
                step = data[attribute]
                if (type(step) is not float and type(step) is not int) or not (
                        0.0 <= step < _INF):
                    return None
                new_cost = current_cost + step
                old = get(next_location)
                if old is not None and new_cost >= old:
                    continue
                costs[next_location] = new_cost
                parents[next_location] = current
                push(frontier, (new_cost, counter, next_location))
                counter += 1
                through = through_of(next_location)
                if through is not None and new_cost + through < mu:
                    mu, meet = new_cost + through, next_location
        except KeyError:  # no such attribute
            return None
    extra = {"reached_backward": len(backward_costs)}
    if meet is None:
        return SearchResult.unreachable(StopReason.EXHAUSTED, forward_parents, forward_costs,
                                        expanded, extra=extra)
    path = reconstruct_path(forward_parents, start, meet)
    assert path is not None
    location = backward_parents[meet]
    while location is not None:
        path.append(location)
        location = backward_parents[location]
    return SearchResult.reached(path, mu, forward_parents, forward_costs, expanded, extra=extra)


def bidirectional_dijkstra(graph: Any, start: Any, goal: Any) -> SearchResult:
    """Cheapest path ``start -> goal`` by two Dijkstra searches meeting in the middle.

    ``graph`` must know the edges into a location (see
    :func:`~wayfinding.graph.edges.reverse_rows`). Same cost as
    :func:`wayfinding.dijkstra`; ``came_from``/``cost_so_far`` hold the forward search's
    locations, ``expanded`` counts the locations settled by both searches and
    ``extra["reached_backward"]`` how many the backward one reached.

    Examples
    --------
    >>> from wayfinding.graph.protocol import SimpleGraph
    >>> r = bidirectional_dijkstra(SimpleGraph({'x': {'y': 2, 'z': 9}, 'y': {'z': 2}}), 'x', 'z')
    >>> r.path, r.cost, r.expanded
    (['x', 'y', 'z'], 4.0, 2)
    """
    return _search(graph, start, goal, None)


def bidirectional_astar(graph: Any, start: Any, goal: Any, *,
                        heuristic: Callable[[Any, Any], float] | None = None) -> SearchResult:
    """Bidirectional A* with average potentials: optimal when ``heuristic(a, b)`` is a
    consistent lower bound of the cost from ``a`` to ``b`` for any two locations (as
    straight-line distance is).

    ``heuristic`` defaults to the graph's own ``heuristic`` method, else zero
    (bidirectional Dijkstra). It is called as ``h(location, goal)`` and
    ``h(start, location)``; values must be finite numbers >= 0.

    Examples
    --------
    >>> from wayfinding.graph.protocol import SimpleGraph
    >>> g = SimpleGraph({0: {1: 1, 2: 1}, 1: {3: 1}, 2: {3: 3}})
    >>> bidirectional_astar(g, 0, 3, heuristic=lambda a, b: 0).cost
    2.0
    """
    _heuristics.check_heuristic(heuristic)
    if heuristic is None and type(graph) is not NetworkXGraph:
        heuristic = getattr(graph, "heuristic", None)
    return _search(graph, start, goal, heuristic)
