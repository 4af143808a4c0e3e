"""Goals of the generic searches: one location, several, or a predicate.

:class:`Goal` reads what a caller gives as ``goal`` once (through
:func:`wayfinding._inputs.goal_locations`), checks its locations against graphs that can
tell, answers "is this location a goal?" and turns a heuristic of two locations into an
estimate of the cost to the nearest goal.

Examples
--------
>>> goal = Goal(['b', 'c'])
>>> goal('c'), goal('a'), goal.none
(True, False, False)
>>> Goal(lambda location: location > 3)(5)
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from .. import heuristics as _heuristics
from .._inputs import goal_locations, is_number, several_hint
from ..errors import InvalidLocationError, InvalidParameterError

__all__ = ["Goal", "check_zero_at_goals"]

_INF = math.inf


class Goal:
    """A goal given as one location, a list/set/frozenset of locations, or a predicate."""

    def __init__(self, goal: Any) -> None:
        self.predicate: Callable[[Any], bool] | None = None
        self.locations: list[Any] | None = goal_locations(goal)
        if self.locations is None:
            self.predicate = goal
        #: The goal locations as a set (empty for a predicate or no goal).
        self.targets: set[Any] = set(self.locations or ())
        #: What ``location in goal.matches`` asks: the set, or the predicate.
        self.matches: Any = self.targets if self.predicate is None else _Matching(goal)
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
        return location in self.targets

    def estimate(self, heuristic: Callable[[Any, Any], float]) -> tuple[Callable[[Any, Any], Any],
                                                                         Any]:
        """``(h, target)``: ``h(location, target)`` estimates the cost to the nearest goal.

        With one goal location that is the heuristic and the goal. With a predicate goal
        the heuristic is called as ``heuristic(location, predicate)`` (your own estimate,
        which knows what the predicate looks for); the built-in heuristics measure the
        distance to a goal *location* and raise InvalidParameterError there (searches
        default to the zero heuristic instead).
        """
        if self.predicate is None:
            check_zero_at_goals(heuristic, self.locations or [])
        if self.predicate is not None:
            predicate = self.predicate
            if _heuristics.measures_locations(heuristic):
                raise InvalidParameterError(
                    f"heuristic {_name(heuristic)} measures the distance to a goal location, "
                    f"but the goal is a predicate ({_name(predicate)}): give no heuristic "
                    f"(zero) or your own h(location, predicate)")
            return heuristic, predicate
        goals = self.locations or []
        if len(goals) == 1:
            return heuristic, goals[0]
        if not goals:
            return _no_estimate, None

        def nearest(location: Any, _: Any) -> Any:
            best = _INF
            for g in goals:
                h = heuristic(location, g)
                try:
                    if not h >= 0.0:
                        return h  # NaN or negative: min() could hide it; the search reports it
                except (TypeError, ValueError):
                    return h
                if h < best:
                    best = h
            return best

        return nearest, None


class _Matching:
    """A predicate goal as a container: ``location in matching`` calls it."""

    def __init__(self, predicate: Callable[[Any], Any]) -> None:
        self.predicate = predicate

    def __contains__(self, location: Any) -> bool:
        return bool(self.predicate(location))


def _no_estimate(location: Any, target: Any) -> float:
    return 0.0


def _name(function: Any) -> str:
    return getattr(function, "__qualname__", None) or repr(function)


def check_zero_at_goals(heuristic: Any, goals: Any) -> None:
    """Refuse a heuristic that is above 0 at one of ``goals`` (``heuristic(g, g) > 0``).

    A heuristic estimates the cost still to go, which is 0 at the goal; one that is not is
    provably inadmissible (a large constant even absorbs the costs so far, ``1e308 + g ==
    1e308``, and A* returned dear paths). One call per goal; values that are not numbers
    are left to the search, which reports them where it meets them.

    Examples
    --------
    >>> check_zero_at_goals(lambda a, b: abs(a - b), [3])
    >>> check_zero_at_goals(lambda a, b: 7.0, [3])
    Traceback (most recent call last):
    ...
    wayfinding.errors.InvalidParameterError: heuristic returned 7.0 at the goal 3 ...
    """
    if isinstance(heuristic, _heuristics.Heuristic):
        return  # the library's own: 0 at the goal
    for goal in goals:
        h = heuristic(goal, goal)
        if is_number(h) and h > 0:
            raise InvalidParameterError(
                f"heuristic returned {h!r} at the goal {goal!r} (heuristic(goal, goal)): a "
                "heuristic estimates the cost still to go, so it must be 0 there (and never "
                "more than the true cost anywhere for A* to be optimal)")
