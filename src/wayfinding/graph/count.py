"""Counting the paths from a start to a goal in a graph without cycles on them (Rust
``pathfinding``'s ``count_paths``).

The part of the graph reachable from the start is explored once; the locations from which
a goal can be reached are found walking it backwards; if they hold a cycle there are
infinitely many paths (the error names one), else the count is one dynamic programme over
them in topological order. A path ends at the first goal it meets (goals are not
expanded), as in Rust.

Examples
--------
>>> from wayfinding.graph.protocol import SimpleGraph
>>> count_paths(SimpleGraph({'a': ['b', 'c'], 'b': ['d'], 'c': ['d'], 'd': []}), 'a', 'd')
2
>>> count_paths(SimpleGraph({'a': ['b'], 'b': ['a', 'c']}), 'a', 'c')
Traceback (most recent call last):
...
wayfinding.errors.InvalidParameterError: infinitely many paths: the cycle 'b' -> 'a' -> 'b' \
lies on paths to the goal
"""

from __future__ import annotations

from collections import deque
from typing import Any

from .._inputs import starts_of
from ..errors import InvalidLocationError, InvalidParameterError
from .goal import Goal

__all__ = ["count_paths"]


def count_paths(graph: Any, start: Any, goal: Any) -> int:
    """The number of distinct paths from ``start`` (one or several: paths from each are
    added up) to ``goal`` (a location, a list/set of several, or a predicate).

    Raises InvalidParameterError naming a cycle when one lies on a path to a goal (then
    there are infinitely many); cycles elsewhere do not matter.
    """
    starts = list(dict.fromkeys(starts_of(start)))
    target = Goal(goal)
    if target.none:
        raise InvalidLocationError("count_paths needs a goal")
    contains = getattr(graph, "__contains__", None)
    for s in starts if contains is not None else ():
        if not contains(s):
            raise InvalidLocationError(f"start {s!r} is not in the graph")
    target.check_in(graph)
    successors: dict[Any, list[Any]] = {}
    frontier = deque(starts)
    for s in starts:
        successors[s] = []
    goals = []
    while frontier:
        u = frontier.popleft()
        if target(u):
            goals.append(u)
            continue
        out = successors[u] = list(dict.fromkeys(graph.neighbors(u)))
        for v in out:
            if v not in successors:
                successors[v] = []
                frontier.append(v)
    predecessors: dict[Any, list[Any]] = {}
    for u, out in successors.items():
        for v in out:
            predecessors.setdefault(v, []).append(u)
    useful = set(goals)  # locations with a path to a goal
    frontier = deque(goals)
    while frontier:
        for u in predecessors.get(frontier.popleft(), ()):
            if u not in useful:
                useful.add(u)
                frontier.append(u)
    order = _topological(successors, useful)
    ways: dict[Any, int] = {}
    for u in reversed(order):
        ways[u] = 1 if u in goals else sum(ways[v] for v in successors[u] if v in useful)
    return sum(ways.get(s, 0) for s in starts)


def _topological(successors: dict[Any, list[Any]], useful: set[Any]) -> list[Any]:
    """``useful`` in topological order (Kahn), or InvalidParameterError naming a cycle."""
    indegree = dict.fromkeys(useful, 0)
    for u in useful:
        for v in successors[u]:
            if v in useful:
                indegree[v] += 1
    frontier = deque(u for u, d in indegree.items() if d == 0)
    order = []
    while frontier:
        u = frontier.popleft()
        order.append(u)
        for v in successors[u]:
            if v in useful:
                indegree[v] -= 1
                if indegree[v] == 0:
                    frontier.append(v)
    if len(order) < len(useful):
        raise InvalidParameterError(
            "infinitely many paths: the cycle " + " -> ".join(map(repr, _cycle(
                successors, {u for u, d in indegree.items() if d > 0})))
            + " lies on paths to the goal")
    return order


def _cycle(successors: dict[Any, list[Any]], left: set[Any]) -> list[Any]:
    """A cycle among ``left`` (every one of them has a predecessor among them)."""
    predecessor = {}
    ordered = [u for u in successors if u in left]  # in order of discovery: deterministic
    for u in ordered:
        for v in successors[u]:
            if v in left:
                predecessor.setdefault(v, u)
    v = ordered[0]
    seen: dict[Any, int] = {}
    walk = []
    while v not in seen:
        seen[v] = len(walk)
        walk.append(v)
        v = predecessor[v]
    cycle = walk[seen[v]:]
    cycle.reverse()
    return [*cycle, cycle[0]]
