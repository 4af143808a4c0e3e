"""Bellman-Ford on any graph: cheapest paths with negative edge costs, and the negative
cycles that make them undefined.

The queue-based form (a location is scanned again only after its cost dropped: the
"shortest path faster algorithm"), with Cherkassky and Goldberg's *amortized search* for
negative cycles: after every ``n`` cost changes (``n`` the locations reached so far) the
parent pointers are walked once, in O(n); a cycle among them always has negative cost,
and while a negative cycle is reachable one appears after finitely many scans (B. V.
Cherkassky and A. V. Goldberg, "Negative-cycle detection algorithms", Mathematical
Programming 85, 1999). So the search ends: with every cheapest cost, or with
:class:`~wayfinding.errors.NegativeCycleError` naming a cycle.

Examples
--------
>>> from wayfinding.graph.protocol import SimpleGraph
>>> g = SimpleGraph({'s': {'a': 4, 'b': 2}, 'b': {'a': -3}, 'a': {'t': 1}},
...                 negative_costs=True)
>>> r = bellman_ford(g, 's', 't')
>>> r.path, r.cost
(['s', 'b', 'a', 't'], 0.0)
>>> loop = SimpleGraph({'s': {'a': 1}, 'a': {'b': 1}, 'b': {'a': -3}}, negative_costs=True)
>>> find_negative_cycle(loop, 's')
['a', 'b', 'a']
"""

from __future__ import annotations

import itertools
from collections import deque
from typing import Any

from ..errors import NegativeCycleError
from ..result import SearchResult, StopReason, reconstruct_path
from .budget import Budget
from .goal import Goal
from .problem import checked_starts
from .weighted import Steps, cached, out_steps

__all__ = ["bellman_ford", "find_negative_cycle", "relax_all"]


def bellman_ford(graph: Any, start: Any, goal: Any = None, *,
                 max_expansions: int | None = None,
                 max_seconds: float | None = None) -> SearchResult:
    """Cheapest paths from ``start`` (one or several) where edge costs may be negative.

    Unlike the other searches there is no early exit (a cost is final only at the end):
    every location reachable is given its cheapest cost, then ``path`` leads to the
    cheapest goal (a location, a list/set of several, or a predicate; None: a flood).
    ``expanded`` counts the scans of a location's edges.

    Raises :class:`~wayfinding.errors.NegativeCycleError` when a cycle of negative total
    cost is reachable from a start. A budget that runs out gives no path (costs are not
    final yet) and its ``reason``.
    """
    budget = Budget(max_expansions, max_seconds)
    starts = checked_starts(graph, start)
    target = Goal(goal)
    target.check_in(graph)
    steps = cached(out_steps(graph, negative=True))
    cost_so_far, came_from, expanded, reason = relax_all(steps, starts, budget)
    if reason is not None:
        return SearchResult.unreachable(reason, came_from, cost_so_far, expanded)
    if target.none:
        return SearchResult.unreachable(StopReason.EXHAUSTED, came_from, cost_so_far, expanded)
    reached = [v for v in cost_so_far if target(v)]
    if not reached:
        return SearchResult.unreachable(StopReason.EXHAUSTED, came_from, cost_so_far, expanded)
    end = min(reached, key=cost_so_far.__getitem__)
    path = reconstruct_path(came_from, starts, end)
    assert path is not None
    return SearchResult.reached(path, cost_so_far[end], came_from, cost_so_far, expanded)


def find_negative_cycle(graph: Any, start: Any) -> list[Any] | None:
    """A cycle of negative total cost reachable from ``start`` (one or several), as
    ``[a, b, ..., a]``; None when there is none (networkx's ``find_negative_cycle``, which
    raises instead).

    Examples
    --------
    >>> from wayfinding.graph.protocol import SimpleGraph
    >>> find_negative_cycle(SimpleGraph({1: {2: -1}, 2: {1: 2}}, negative_costs=True), 1)
    """
    try:
        bellman_ford(graph, start)
    except NegativeCycleError as error:
        return error.cycle
    return None


def relax_all(steps: Steps, starts: Any, budget: Budget | None = None,
              initial: float = 0.0) -> tuple[dict[Any, float], dict[Any, Any], int,
                                              StopReason | None]:
    """``(cost_so_far, came_from, expanded, reason)`` of the queue-based Bellman-Ford from
    ``starts`` (each at cost ``initial``); ``reason`` None when it ran to the end, else the
    budget that ran out. Raises NegativeCycleError."""
    cost_so_far: dict[Any, float] = {}
    came_from: dict[Any, Any] = {}
    frontier: deque[Any] = deque()
    for s in starts:
        if s not in cost_so_far:
            cost_so_far[s] = initial
            came_from[s] = None
            frontier.append(s)
    queued = set(frontier)
    expanded = changes = 0
    while frontier:
        if budget is not None and (reason := budget.spent(expanded)) is not None:
            return cost_so_far, came_from, expanded, reason
        current = frontier.popleft()
        queued.discard(current)
        expanded += 1
        base = cost_so_far[current]
        for next_location, step in steps(current):
            new_cost = base + step
            old = cost_so_far.get(next_location)
            if old is not None and new_cost >= old:
                continue
            cost_so_far[next_location] = new_cost
            came_from[next_location] = current
            if next_location not in queued:
                queued.add(next_location)
                frontier.append(next_location)
            changes += 1
            if changes >= len(cost_so_far):  # amortized search (module docstring)
                changes = 0
                _raise_on_cycle(came_from, steps)
    return cost_so_far, came_from, expanded, None


def _raise_on_cycle(came_from: dict[Any, Any], steps: Steps) -> None:
    """Walk the parent pointers; raise NegativeCycleError on a cycle among them."""
    walk_of: dict[Any, int] = {}
    for walk, first in enumerate(came_from):
        v = first
        while v is not None and v not in walk_of:
            walk_of[v] = walk
            v = came_from[v]
        if v is not None and walk_of[v] == walk:
            raise negative_cycle(came_from, v, steps)


def negative_cycle(came_from: dict[Any, Any], on_cycle: Any, steps: Steps
                   ) -> NegativeCycleError:
    """The error naming the parent cycle through ``on_cycle``, in edge order."""
    cycle = [on_cycle]
    v = came_from[on_cycle]
    while v != on_cycle:
        cycle.append(v)
        v = came_from[v]
    cycle.append(on_cycle)
    cycle.reverse()
    total = 0.0
    for a, b in itertools.pairwise(cycle):
        total += min(c for v, c in steps(a) if v == b)
    return NegativeCycleError(cycle, total)
