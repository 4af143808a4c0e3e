"""The one engine behind Dijkstra, greedy best-first and A* on any graph.

The three algorithms share one skeleton and differ in one line: the priority of a
location on the frontier (``cost``, ``heuristic`` or ``cost + weight * heuristic``).
The engine is resumable: :meth:`BestFirstSearch.step` expands locations until a goal is
taken off the frontier, the frontier runs empty or a budget runs out, and can be called
again to go on (a game calls it once per frame).

Examples
--------
>>> from wayfinding.graph.protocol import SimpleGraph
>>> g = SimpleGraph({'a': {'b': 1, 'c': 4}, 'b': {'c': 1}})
>>> search = BestFirstSearch(g, 'a', 'c', priority=Priority.COST)
>>> search.step()
True
>>> search.result().path, search.result().cost
(['a', 'b', 'c'], 2.0)
"""

from __future__ import annotations

import enum
import heapq
import itertools
import math
import time
from collections.abc import Callable
from typing import Any

from .. import heuristics as _heuristics
from .._inputs import check_budget, goal_locations, is_number, several_hint, starts_of
from ..errors import InvalidCostError, InvalidLocationError, InvalidParameterError
from ..result import SearchResult, StopReason, reconstruct_path
from .protocol import checked_step, edge_cost

__all__ = ["BestFirstSearch", "Goal", "Priority"]

#: How many expansions pass between two looks at the clock when a time budget is set.
_CLOCK_EVERY = 32
_INF = math.inf


class Priority(enum.Enum):
    """What orders the frontier."""

    #: Dijkstra / uniform cost search: the cost so far.
    COST = "cost"
    #: Greedy best-first search: the heuristic alone.
    HEURISTIC = "heuristic"
    #: A*: cost so far plus ``weight`` times the heuristic.
    COST_PLUS_HEURISTIC = "cost+heuristic"


class Goal:
    """A goal given as one location, a list/set/frozenset of locations, or a predicate."""

    def __init__(self, goal: Any) -> None:
        self.predicate: Callable[[Any], bool] | None = None
        self.locations: list[Any] | None = goal_locations(goal)
        if self.locations is None:
            self.predicate = goal
        self._set = None if self.locations is None else set(self.locations)
        self._given = goal

    def check_in(self, graph: Any) -> None:
        """Raise like a missing start when a goal location is not in a graph that can tell.

        Graphs that can tell have ``__contains__`` (``SimpleGraph``, networkx graphs).
        """
        contains = getattr(graph, "__contains__", None)
        if contains is None:
            return
        for location in self.locations or []:
            if not contains(location):
                raise InvalidLocationError(f"goal {location!r} is not in the graph"
                                           + several_hint(self._given, "goals"))

    @property
    def none(self) -> bool:
        """True when there is no goal at all (a flood of everything reachable)."""
        return self.locations is not None and not self.locations

    def __call__(self, location: Any) -> bool:
        if self.predicate is not None:
            return bool(self.predicate(location))
        assert self._set is not None
        return location in self._set

    def estimate(self, heuristic: Callable[[Any, Any], float]) -> Callable[[Any], float]:
        """``h(location)``: the heuristic to the nearest goal.

        With a predicate goal the heuristic is called as ``heuristic(location, predicate)``
        (your own estimate, which knows what the predicate looks for); the built-in
        heuristics measure the distance to a goal *location* and raise
        InvalidParameterError there (searches default to the zero heuristic instead).
        """
        if self.predicate is not None:
            predicate = self.predicate
            if _heuristics.measures_locations(heuristic):
                raise InvalidParameterError(
                    f"heuristic {_name(heuristic)} measures the distance to a goal location, "
                    f"but the goal is a predicate ({_name(predicate)}): give no heuristic "
                    f"(zero) or your own h(location, predicate)")
            return lambda location: heuristic(location, predicate)
        goals = self.locations or []
        if len(goals) == 1:
            only = goals[0]
            return lambda location: heuristic(location, only)
        if not goals:
            return lambda location: 0.0

        def nearest(location: Any) -> Any:
            best = _INF
            for g in goals:
                h = heuristic(location, g)
                try:
                    if not h >= 0.0:
                        return h  # NaN or negative: min() could hide it; _record reports it
                except (TypeError, ValueError):
                    return h
                if h < best:
                    best = h
            return best

        return nearest


def _name(function: Any) -> str:
    return getattr(function, "__qualname__", None) or repr(function)


def bad_estimate(location: Any, h: Any) -> InvalidParameterError:
    """The error for a heuristic value that is not a finite number >= 0."""
    return InvalidParameterError(
        f"heuristic returned {h!r} for location {location!r}: it must return a finite "
        f"number >= 0 (and weight * h must not overflow)")


class BestFirstSearch:
    """A resumable best-first search over any graph (the generic tier's engine).

    Parameters
    ----------
    graph : object with ``neighbors`` (and optionally ``cost``)
    start : location, or list/set/frozenset of locations
    goal : location, list/set/frozenset of locations, predicate, or None (flood)
    priority : Priority
    heuristic : callable ``h(location, goal)``, needed unless priority is COST
        Or a :class:`~wayfinding.heuristics.Heuristic` member. Its values must be finite
        numbers >= 0 (else InvalidParameterError); with a predicate goal it is called as
        ``h(location, predicate)`` (see :meth:`Goal.estimate`).
    weight : float
        Multiplies the heuristic for A* (1 = optimal with an admissible heuristic).
    max_cost : float, optional
        Locations costing more than this are never recorded.
    reopen : bool
        Update and re-expand a location reached again more cheaply (A*, Dijkstra).
    """

    def __init__(
        self,
        graph: Any,
        start: Any,
        goal: Any,
        *,
        priority: Priority,
        heuristic: Callable[[Any, Any], float] | None = None,
        weight: float = 1.0,
        max_cost: float | None = None,
        reopen: bool = True,
    ) -> None:
        if not is_number(weight) or not (
            math.isfinite(weight) and weight >= 0
        ):
            raise InvalidParameterError(f"heuristic weight must be finite and >= 0, got {weight!r}")
        _heuristics.check_heuristic(heuristic)
        if priority is not Priority.COST and heuristic is None:
            raise InvalidParameterError(f"{priority.name} search needs a heuristic")
        self.graph = graph
        self.starts = starts_of(start)
        self.goal = Goal(goal)
        self.priority = priority
        self.weight = float(weight)
        self.max_cost = check_budget("max_cost", max_cost)
        self.reopen = reopen
        self._neighbors = graph.neighbors
        self._cost = edge_cost(graph)
        self._h = (lambda location: 0.0) if heuristic is None else self.goal.estimate(heuristic)
        self.came_from: dict[Any, Any] = {}
        self.cost_so_far: dict[Any, float] = {}
        self.frontier: list[tuple[float, float, int, Any]] = []
        self.expanded = 0
        self.done = False
        self.reason: StopReason | None = None
        self.reached: Any = None
        self._pruned_by_cost = False
        self._counter = itertools.count()
        self._best: tuple[float, float, Any] | None = None  # (h, cost, location) for partials
        contains = getattr(graph, "__contains__", None)
        for s in self.starts:
            if contains is not None and not contains(s):
                raise InvalidLocationError(f"start {s!r} is not in the graph"
                                           + several_hint(start, "starts"))
            if s not in self.cost_so_far:
                self._record(s, None, 0.0)
        self.goal.check_in(graph)

    # ------------------------------------------------------------------ internals
    def _record(self, location: Any, parent: Any, new_cost: float) -> None:
        if new_cost == _INF:  # finite steps whose sum overflows a float
            raise InvalidCostError(
                f"the cost of the path to {location!r} overflows (edge costs too large: "
                f"reached via {parent!r})")
        self.cost_so_far[location] = new_cost
        self.came_from[location] = parent
        if self.priority is Priority.COST:
            h = 0.0
            priority = new_cost
        else:
            h = self._h(location)
            try:  # NaN fails both tests; a non-number raises
                priority = h if self.priority is Priority.HEURISTIC else new_cost + self.weight * h
                valid = h >= 0.0 and priority < _INF
            except (TypeError, ValueError):
                valid = False
            if not valid:
                raise bad_estimate(location, h)
        heapq.heappush(self.frontier, (priority, -new_cost, next(self._counter), location))
        if self._best is None or (h, new_cost) < self._best[:2]:
            self._best = (h, new_cost, location)

    def step(self, max_expansions: int | None = None, max_seconds: float | None = None) -> bool:
        """Expand locations until done or a budget runs out; return :attr:`done`.

        ``reason`` tells why it stopped: FOUND or EXHAUSTED (done), or MAX_EXPANSIONS /
        MAX_SECONDS (call ``step`` again to go on).
        """
        max_expansions = check_budget("max_expansions", max_expansions, integer=True)
        max_seconds = check_budget("max_seconds", max_seconds)
        if self.done:
            return True
        deadline = None if max_seconds is None else time.perf_counter() + max_seconds
        frontier, cost_so_far, goal = self.frontier, self.cost_so_far, self.goal
        neighbors, cost, max_cost = self._neighbors, self._cost, self.max_cost
        count = 0
        while frontier:
            if max_expansions is not None and count >= max_expansions:
                self.reason = StopReason.MAX_EXPANSIONS
                return False
            if (deadline is not None and count % _CLOCK_EVERY == 0
                    and time.perf_counter() >= deadline):  # also before the first one
                self.reason = StopReason.MAX_SECONDS
                return False
            _, neg_cost, _, current = heapq.heappop(frontier)
            current_cost = cost_so_far[current]
            if -neg_cost > current_cost:
                continue  # a stale entry: a cheaper one was pushed later
            if not goal.none and goal(current):
                self.reached = current
                self._finish(StopReason.FOUND)
                return True
            count += 1
            self.expanded += 1
            for next_location in neighbors(current):
                step = cost(current, next_location)
                if type(step) is not float:  # None, ints, numpy numbers, or junk
                    step = checked_step(step, current, next_location)  # raises if bad
                    if step is None:
                        continue  # a cost of None hides the edge, as in networkx
                if not 0.0 <= step < math.inf:
                    raise InvalidCostError(
                        f"cost of edge {current!r} -> {next_location!r} must be finite and "
                        f">= 0, got {step!r}"
                    )
                new_cost = current_cost + step
                if max_cost is not None and new_cost > max_cost:
                    self._pruned_by_cost = True
                    continue
                old = cost_so_far.get(next_location)
                if old is None or (self.reopen and new_cost < old):
                    self._record(next_location, current, new_cost)
        self._finish(StopReason.MAX_COST if self._pruned_by_cost else StopReason.EXHAUSTED)
        return True

    def _finish(self, reason: StopReason) -> None:
        self.done = True
        self.reason = reason

    # ------------------------------------------------------------------ answers
    def partial_path(self) -> list[Any]:
        """Path to the most promising location reached so far (lowest heuristic, then cost)."""
        assert self._best is not None
        path = reconstruct_path(self.came_from, self.starts, self._best[2])
        assert path is not None
        return path

    def result(self, *, partial: bool = False) -> SearchResult:
        """The answer so far as a :class:`SearchResult`.

        Before a goal is reached, ``path`` is None, or with ``partial=True`` the path to the
        most promising location reached.
        """
        reason = self.reason if self.reason is not None else StopReason.MAX_EXPANSIONS
        if self.reached is not None:
            path = reconstruct_path(self.came_from, self.starts, self.reached)
            return SearchResult.reached(path, self.cost_so_far[self.reached], self.came_from,
                                        self.cost_so_far, self.expanded)
        if partial and not self.goal.none:
            path = self.partial_path()
            return SearchResult.reached(path, self.cost_so_far[path[-1]], self.came_from,
                                        self.cost_so_far, self.expanded, reason)
        return SearchResult.unreachable(reason, self.came_from, self.cost_so_far, self.expanded)
