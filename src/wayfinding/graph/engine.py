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
import sys
import time
from collections.abc import Callable
from typing import Any

from .. import heuristics as _heuristics
from .._inputs import check_budget, is_number, several_hint, starts_of
from ..errors import InvalidCostError, InvalidLocationError, InvalidParameterError
from ..result import SearchResult, StopReason, reconstruct_path
from .edges import edge_rows
from .goal import Goal

__all__ = ["BestFirstSearch", "Priority"]

#: How many expansions pass between two looks at the clock when a time budget is set.
_CLOCK_EVERY = 32
_INF = math.inf
_FLOAT_MAX = sys.float_info.max  # a cost above it is an overflow (inf)
_NO_LIMIT = sys.maxsize


class Priority(enum.Enum):
    """What orders the frontier."""

    #: Dijkstra / uniform cost search: the cost so far.
    COST = "cost"
    #: Greedy best-first search: the heuristic alone.
    HEURISTIC = "heuristic"
    #: A*: cost so far plus ``weight`` times the heuristic.
    COST_PLUS_HEURISTIC = "cost+heuristic"


def checked_estimate(location: Any, h: Any) -> float:
    """A heuristic value as a float; InvalidParameterError when it is not a number.

    (Whether it is finite and >= 0 is checked where it is used.)
    """
    if not is_number(h):
        raise bad_estimate(location, h)
    return float(h)


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
    track_partial : bool
        Keep the most promising location reached, for :meth:`partial_path` (a little
        work per location reached; one-shot searches that want no partial path skip it).

    Notes
    -----
    One loop serves every priority: the edges come from
    :func:`~wayfinding.graph.edges.edge_rows` (one mapping per expansion; a networkx
    graph's own adjacency dicts, the cost attribute read inline), the frontier is a heapq
    of ``(priority, -cost, counter, location)`` tuples (larger cost first on equal
    priority; the counter means locations are never compared), and the heuristic is asked
    once per location reached. A step is looked at closely (a number, finite, >= 0, the
    sum within ``max_cost`` and not overflowing) when it would improve a cost: a bad step
    raises before it is used, while one that leads nowhere cheaper is passed over (None,
    strings and other values that cannot be added raise wherever they are met).

    One-shot searches without budgets on networkx graphs with a named cost attribute and
    on SimpleGraphs with step costs run :mod:`wayfinding.graph.fast` instead: the same
    frontier order and relaxations written out per priority, the same result field for
    field (tested), this engine taking over whenever they meet anything unusual.
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
        track_partial: bool = True,
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
        self._rows, self._attribute, self._default, self._fix = edge_rows(graph)
        self._estimate: tuple[Callable[[Any, Any], Any], Any] | None = None
        if priority is not Priority.COST:
            assert heuristic is not None
            self._estimate = self.goal.estimate(heuristic)
        # priority = g_factor * cost + h_factor * h
        greedy = priority is Priority.HEURISTIC
        self._factors = (0.0 if greedy else 1.0, 1.0 if greedy else self.weight)
        self._track = track_partial
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
        self._estimates: dict[Any, float] = {}  # the heuristic of each location reached
        contains = getattr(graph, "__contains__", None)
        for s in self.starts:
            if contains is not None and not contains(s):
                raise InvalidLocationError(f"start {s!r} is not in the graph"
                                           + several_hint(start, "starts"))
            if s not in self.cost_so_far:
                h = self._estimates[s] = self._start_estimate(s)
                self.cost_so_far[s] = 0.0
                self.came_from[s] = None
                self.frontier.append((self._factors[1] * h, -0.0, next(self._counter), s))
                if self._best is None or h < self._best[0]:
                    self._best = (h, 0.0, s)
        heapq.heapify(self.frontier)
        self.goal.check_in(graph)

    # ------------------------------------------------------------------ internals
    def _start_estimate(self, location: Any) -> float:
        if self._estimate is None:
            return 0.0
        return self._estimate_value(location, self._estimate[0](location, self._estimate[1]))

    def _estimate_value(self, location: Any, h: Any) -> float:
        """A heuristic value as a float; InvalidParameterError unless it is a finite number
        >= 0 whose product with the weight is finite too."""
        h = checked_estimate(location, h)
        if not (h >= 0.0 and self._factors[1] * h < _INF):
            raise bad_estimate(location, h)
        return h

    def _attribute_of(self, current: Any, next_location: Any) -> Any:
        """The cost attribute of a networkx edge, or the marker of a missing one."""
        return self._rows(current)[next_location].get(self._attribute, self._default)

    def _checked(self, parent: Any, location: Any, step: Any, parent_cost: float) -> Any:
        """The cost of reaching ``location`` over a step the loop's quick test did not
        pass: as a float (ints, numpy numbers), None beyond ``max_cost``; raises for a
        step that is not a finite number >= 0 and for a sum that overflows a float."""
        if type(step) is not float:
            step = self._fix(parent, location, step)
            if step is None:
                return None
        if not 0.0 <= step < _INF:
            raise InvalidCostError(
                f"cost of edge {parent!r} -> {location!r} must be finite and >= 0, got "
                f"{step!r}")
        new_cost = parent_cost + step
        if new_cost == _INF:  # finite steps whose sum overflows a float
            raise InvalidCostError(
                f"the cost of the path to {location!r} overflows (edge costs too large: "
                f"reached via {parent!r})")
        if self.max_cost is not None and new_cost > self.max_cost:
            self._pruned_by_cost = True
            return None
        return new_cost

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
        budget = _NO_LIMIT if max_expansions is None else max_expansions
        frontier, cost_so_far, came_from = self.frontier, self.cost_so_far, self.came_from
        rows, attribute, fix = self._rows, self._attribute, self._fix
        reopen, track = self.reopen, self._track
        goals = self.goal.matches
        estimate, target = self._estimate or (None, None)
        g_factor, h_factor = self._factors
        estimates, get = self._estimates, cost_so_far.get
        limit = _FLOAT_MAX if self.max_cost is None else self.max_cost
        pop, push = heapq.heappop, heapq.heappush
        counter = next(self._counter)
        count = 0
        checkpoint = 0  # budgets are looked at when count reaches it (also before the first)
        try:
            while frontier:
                if count >= checkpoint:
                    if count >= budget:
                        self.reason = StopReason.MAX_EXPANSIONS
                        return False
                    if deadline is not None and time.perf_counter() >= deadline:
                        self.reason = StopReason.MAX_SECONDS
                        return False
                    checkpoint = budget if deadline is None else min(budget,
                                                                     count + _CLOCK_EVERY)
                _, neg_cost, _, current = pop(frontier)
                current_cost = cost_so_far[current]
                if -neg_cost > current_cost:
                    continue  # a stale entry: a cheaper one was pushed later
                if current in goals:
                    self.reached = current
                    self._finish(StopReason.FOUND)
                    return True
                count += 1
                for next_location, step in rows(current).items():
                    try:
                        if attribute is not None:  # a networkx edge's data
                            step = step[attribute]
                        new_cost = current_cost + step
                    except (TypeError, KeyError):  # None hides the edge; junk raises
                        if attribute is not None:  # the attribute again: maybe missing
                            step = self._attribute_of(current, next_location)
                        step = fix(current, next_location, step)
                        if step is None:
                            continue
                        new_cost = current_cost + step
                    old = get(next_location)
                    if old is not None and (new_cost >= old or not reopen):
                        continue  # no better: the step needs no closer look
                    if type(step) is not float or not current_cost <= new_cost <= limit:
                        new_cost = self._checked(current, next_location, step, current_cost)
                        if new_cost is None or (old is not None and new_cost >= old):
                            continue  # beyond max_cost, or no better once a number
                    if estimate is None:
                        priority = new_cost
                    else:
                        if old is None:  # the heuristic is asked once per location
                            h = estimate(next_location, target)
                            try:  # NaN fails; junk raises (numpy numbers: not a float)
                                weighted = h_factor * h
                                valid = h >= 0.0 and weighted < _INF and type(weighted) is float
                            except (TypeError, ValueError):
                                valid = False
                            if not valid:
                                h = self._estimate_value(next_location, h)
                            estimates[next_location] = h
                        else:
                            h = estimates[next_location]
                        priority = g_factor * new_cost + h_factor * h
                        if track and self._best is not None and (h, new_cost) < self._best[:2]:
                            self._best = (h, new_cost, next_location)
                    cost_so_far[next_location] = new_cost
                    came_from[next_location] = current
                    push(frontier, (priority, -new_cost, counter, next_location))
                    counter += 1
        finally:
            self.expanded += count
            self._counter = itertools.count(counter)
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
