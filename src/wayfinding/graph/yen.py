"""Yen's k shortest loopless paths on any graph (networkx's ``shortest_simple_paths``, Rust
``pathfinding``'s ``yen``).

J. Y. Yen, "Finding the k shortest loopless paths in a network", Management Science
17(11), 1971, with Lawler's saving (E. L. Lawler, Management Science 18(7), 1972): a new
path is searched for deviations only from the node where it left the path it was found
from, since earlier deviations were tried for that path already. Each deviation is a
*spur search* from a node of the last path found, with the nodes before it and the edges
out of it taken by paths sharing its prefix removed. When the graph knows its
predecessors, one reverse Dijkstra flood from the goals gives every spur search an exact
lower bound (removing edges never makes a cost smaller), so the spur searches are A*
searches that go straight to the goal when the detour is short.

Examples
--------
>>> from wayfinding.graph.protocol import SimpleGraph
>>> g = SimpleGraph({'s': {'a': 1, 'b': 2}, 'a': {'t': 1, 'b': 1}, 'b': {'t': 1}})
>>> k = k_shortest_paths(g, 's', 't', 3)
>>> k.paths, k.costs
([['s', 'a', 't'], ['s', 'b', 't'], ['s', 'a', 'b', 't']], [2.0, 3.0, 3.0])
>>> next(shortest_simple_paths(g, 's', 't'))
['s', 'a', 't']
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Iterator
from typing import Any

from .._inputs import is_whole
from ..errors import InvalidLocationError, InvalidParameterError
from ..paths import KShortestPaths
from ..result import StopReason
from .budget import Budget
from .goal import Goal
from .weighted import Steps, cached, in_steps, out_steps

__all__ = ["k_shortest_paths", "shortest_simple_paths"]

_INF = math.inf


def k_shortest_paths(graph: Any, start: Any, goal: Any, k: int, *,
                     max_expansions: int | None = None,
                     max_seconds: float | None = None) -> KShortestPaths:
    """The ``k`` cheapest loopless paths from ``start`` to ``goal``, cheapest first.

    ``goal`` is a location, a list/set of several, or a predicate; a path ends at the
    first goal it meets. Paths of equal cost come in the order they were found.
    """
    k = check_k(k)
    yen = _Yen(graph, start, goal, Budget(max_expansions, max_seconds))
    paths, costs = [], []
    for path, cost in itertools.islice(yen.run(), k):
        paths.append(path)
        costs.append(cost)
    reason = yen.reason or (StopReason.FOUND if len(paths) == k else StopReason.EXHAUSTED)
    return KShortestPaths(paths, costs, yen.expanded, reason)


def shortest_simple_paths(graph: Any, start: Any, goal: Any) -> Iterator[list[Any]]:
    """Every loopless path from ``start`` to ``goal``, cheapest first, found as needed
    (networkx's generator of the same name; no path: nothing is yielded)."""
    for path, _ in _Yen(graph, start, goal, None).run():
        yield path


def check_k(k: Any) -> int:
    """``k`` as an int >= 1, else InvalidParameterError."""
    if not is_whole(k) or k < 1:
        raise InvalidParameterError(f"k must be a whole number >= 1, got {k!r}")
    return int(k)


class _Yen:
    """One run of Yen's algorithm: the paths found (``found``), the candidates, and the
    spur search over the graph's cached steps."""

    def __init__(self, graph: Any, start: Any, goal: Any, budget: Budget | None) -> None:
        contains = getattr(graph, "__contains__", None)
        if contains is not None and not contains(start):
            raise InvalidLocationError(f"start {start!r} is not in the graph")
        self.start = start
        self.goal = Goal(goal)
        if self.goal.none:
            raise InvalidLocationError("k shortest paths need a goal")
        self.goal.check_in(graph)
        self.steps: Steps = cached(out_steps(graph))
        self.budget = budget
        self.expanded = 0
        self.reason: StopReason | None = None
        self.bound = self._bound(graph)

    def _bound(self, graph: Any) -> dict[Any, float] | None:
        """The cheapest cost from each location to a goal (reverse flood), or None when
        the graph cannot list predecessors or the goal is a predicate."""
        if self.goal.predicate is not None:
            return None
        try:
            back = in_steps(graph)
        except InvalidParameterError:
            return None
        return _flood(cached(back), self.goal.locations or [])

    def run(self) -> Iterator[tuple[list[Any], float]]:
        if self.goal(self.start):
            yield [self.start], 0.0  # the one path that ends at the first goal it meets
            return
        first = self._spur(self.start, set(), set())
        if first is None:
            return
        path, prefix = first
        found = [(tuple(path), prefix, 0)]  # (path, prefix costs, deviation index)
        seen = {tuple(path)}
        candidates: list[tuple[float, int, tuple[Any, ...], list[float], int]] = []
        counter = itertools.count()
        yield path, prefix[-1]
        while True:
            last, last_prefix, deviation = found[-1]
            for i in range(deviation, len(last) - 1):
                root = last[:i + 1]
                banned_next = {p[i + 1] for p, _, _ in found
                               if len(p) > i + 1 and p[:i + 1] == root}
                spur = self._spur(last[i], set(root[:-1]), banned_next)
                if self.reason is not None:
                    return
                if spur is None:
                    continue
                tail, tail_prefix = spur
                candidate = root[:-1] + tuple(tail)
                if candidate in seen:
                    continue
                seen.add(candidate)
                base = last_prefix[i]
                prefix = last_prefix[:i] + [base + c for c in tail_prefix]
                heapq.heappush(candidates, (prefix[-1], next(counter), candidate, prefix, i))
            if not candidates:
                return
            cost, _, best, prefix, deviation = heapq.heappop(candidates)
            found.append((best, prefix, deviation))
            yield list(best), cost

    def _spur(self, source: Any, banned: set[Any], banned_next: set[Any]
              ) -> tuple[list[Any], list[float]] | None:
        """Cheapest path ``source`` -> goal avoiding ``banned`` locations and the edges
        ``source -> v`` for ``v`` in ``banned_next``: ``(path, prefix costs)``, or None
        (also when the budget ran out: ``reason`` says so)."""
        bound = self.bound
        h0 = 0.0 if bound is None else bound.get(source, _INF)
        if h0 == _INF:
            return None
        steps, goals, budget = self.steps, self.goal, self.budget
        cost_so_far = {source: 0.0}
        came_from: dict[Any, Any] = {source: None}
        frontier = [(h0, 0, source)]
        closed: set[Any] = set()
        counter = 1
        skip = banned | banned_next  # the source's own edges to skip (it is expanded first)
        while frontier:
            _, _, current = heapq.heappop(frontier)
            if current in closed:
                continue
            if closed and goals(current):
                return _walk(came_from, cost_so_far, current)
            if budget is not None and (reason := budget.spent(self.expanded)) is not None:
                self.reason = reason
                return None
            closed.add(current)
            self.expanded += 1
            base = cost_so_far[current]
            for v, step in steps(current):
                if v in skip or v in closed:
                    continue
                new_cost = base + step
                old = cost_so_far.get(v)
                if old is not None and new_cost >= old:
                    continue
                h = 0.0 if bound is None else bound.get(v, _INF)
                if h == _INF:
                    continue
                cost_so_far[v] = new_cost
                came_from[v] = current
                heapq.heappush(frontier, (new_cost + h, counter, v))
                counter += 1
            skip = banned
        return None


def _walk(came_from: dict[Any, Any], cost_so_far: dict[Any, float], end: Any
          ) -> tuple[list[Any], list[float]]:
    path = [end]
    while (v := came_from[path[-1]]) is not None:
        path.append(v)
    path.reverse()
    return path, [cost_so_far[v] for v in path]


def _flood(steps: Steps, roots: list[Any]) -> dict[Any, float]:
    """Dijkstra from ``roots`` over ``steps``: the cheapest cost of every location reached."""
    cost_so_far = dict.fromkeys(roots, 0.0)
    frontier = [(0.0, i, r) for i, r in enumerate(cost_so_far)]
    heapq.heapify(frontier)
    counter = len(frontier)
    while frontier:
        cost, _, current = heapq.heappop(frontier)
        if cost > cost_so_far[current]:
            continue
        for v, step in steps(current):
            new_cost = cost + step
            old = cost_so_far.get(v)
            if old is None or new_cost < old:
                cost_so_far[v] = new_cost
                heapq.heappush(frontier, (new_cost, counter, v))
                counter += 1
    return cost_so_far
