"""What IDA*, fringe and beam search on the generic tier are given, read once: starts
checked against the graph, the goal, and the heuristic as a checked estimate of the cost
to the goal.

Examples
--------
>>> from wayfinding.graph.protocol import SimpleGraph
>>> g = SimpleGraph({'a': {'b': 2}})
>>> starts, goal, h = problem(g, 'a', 'b', lambda x, y: float(x != y), 'idastar')
>>> starts, goal('b'), h('a')
(['a'], True, 1.0)
>>> problem(g, 'a', None, None, 'idastar')
Traceback (most recent call last):
...
wayfinding.errors.InvalidLocationError: idastar needs a goal
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from .. import heuristics as _heuristics
from .._inputs import several_hint, starts_of
from ..errors import InvalidLocationError
from .astar import default_heuristic
from .engine import bad_estimate, checked_estimate
from .goal import Goal

__all__ = ["checked_starts", "estimate", "problem", "rooted"]


def checked_starts(graph: Any, start: Any) -> list[Any]:
    """The starts, each checked against a graph that can tell (InvalidLocationError)."""
    starts = starts_of(start)
    contains = getattr(graph, "__contains__", None)
    for s in starts if contains is not None else ():
        if not contains(s):
            raise InvalidLocationError(f"start {s!r} is not in the graph"
                                       + several_hint(start, "starts"))
    return starts


def rooted(starts: list[Any]) -> tuple[dict[Any, float], dict[Any, Any], list[Any]]:
    """A search's first state: ``cost_so_far`` and ``came_from`` holding each start once
    (cost 0, no parent), and the distinct starts in the order first given.

    >>> rooted(['a', 'b', 'a'])
    ({'a': 0.0, 'b': 0.0}, {'a': None, 'b': None}, ['a', 'b'])
    """
    cost_so_far = dict.fromkeys(starts, 0.0)
    came_from: dict[Any, Any] = dict.fromkeys(cost_so_far)
    return cost_so_far, came_from, list(cost_so_far)


def estimate(graph: Any, target: Goal, heuristic: Any, given: Any) -> Callable[[Any], float]:
    """``h(location)``: ``heuristic`` (default: the graph's own, zero for a predicate goal
    ``given``) towards the nearest goal, each value checked (a finite number >= 0) and
    computed once per location."""
    heuristic = heuristic if heuristic is not None else default_heuristic(graph, given)
    _heuristics.check_heuristic(heuristic)
    function, aim = target.estimate(heuristic)
    known: dict[Any, float] = {}

    def h(location: Any) -> float:
        value = known.get(location)
        if value is None:
            value = checked_estimate(location, function(location, aim))
            if not 0.0 <= value < math.inf:
                raise bad_estimate(location, value)
            known[location] = value
        return value

    return h


def problem(graph: Any, start: Any, goal: Any, heuristic: Any, who: str
            ) -> tuple[list[Any], Goal, Callable[[Any], float]]:
    """``(starts, goal, h)`` of a search ``who`` that needs a goal (InvalidLocationError
    without one, or for a start or goal location not in the graph)."""
    starts = checked_starts(graph, start)
    target = Goal(goal)
    if target.none:
        raise InvalidLocationError(f"{who} needs a goal")
    target.check_in(graph)
    return starts, target, estimate(graph, target, heuristic, goal)
