"""The result every search returns, and path reconstruction.

Examples
--------
>>> came_from = {"A": None, "B": "A", "C": "B"}
>>> reconstruct_path(came_from, "A", "C")
['A', 'B', 'C']
>>> reconstruct_path(came_from, "A", "Z") is None
True
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

__all__ = ["SearchResult", "StopReason", "reconstruct_path"]

Location = Hashable


class StopReason(enum.Enum):
    """Why a search stopped."""

    #: A goal was taken off the frontier: ``path`` leads to it.
    FOUND = "found"
    #: The frontier ran empty before a goal was reached (or no goal was given: a flood).
    EXHAUSTED = "exhausted"
    #: Start and goal lie in different connected components; nothing was searched.
    DISCONNECTED = "disconnected"
    #: The ``max_expansions`` budget ran out.
    MAX_EXPANSIONS = "max_expansions"
    #: The ``max_cost`` budget was reached: no cheaper location is left to expand.
    MAX_COST = "max_cost"
    #: The ``max_seconds`` budget ran out.
    MAX_SECONDS = "max_seconds"


@dataclass(eq=False)
class SearchResult:
    """What a search found.

    Attributes
    ----------
    path : list or None
        Locations from a start to the goal reached, both included; ``None`` when no goal
        was reached (unless ``partial`` is set, then it leads to the most promising
        location reached).
    cost : float
        Cost of ``path``; ``inf`` when ``path`` is ``None``.
    came_from : Mapping
        For every location reached, the location it was reached from (``None`` for a start).
    cost_so_far : Mapping
        For every location reached, the cost of the best known path to it.
    expanded : int
        How many locations were taken off the frontier and expanded.
    reason : StopReason
        Why the search stopped.
    partial : bool
        True when ``path`` ends short of the goal (a budget ran out or the goal is
        unreachable and a partial path was asked for).
    goal : location or None
        The location ``path`` ends at (useful when the goal was a set or a predicate).
    turns : int or None
        Changes of heading along ``path``, for searches that count them (``astar`` with
        ``turn_cost``); ``None`` otherwise.

    Examples
    --------
    >>> r = SearchResult(path=None, cost=float('inf'), came_from={}, cost_so_far={}, expanded=0,
    ...                  reason=StopReason.EXHAUSTED)
    >>> r.found
    False
    >>> SearchResult.trivial((2, 3)).path
    [(2, 3)]
    >>> SearchResult.trivial((2, 3)).path_array
    array([[2, 3]])
    >>> SearchResult.disconnected((0, 0)).reason
    <StopReason.DISCONNECTED: 'disconnected'>
    """

    path: list[Any] | None
    cost: float
    came_from: Mapping[Any, Any]
    cost_so_far: Mapping[Any, float]
    expanded: int
    reason: StopReason = StopReason.FOUND
    partial: bool = False
    goal: Any = None
    extra: dict[str, Any] = field(default_factory=dict, repr=False)
    turns: int | None = None

    @classmethod
    def trivial(cls, start: Any, **fields: Any) -> SearchResult:
        """The answer when the start is a goal: a one-location path of cost 0."""
        return cls([start], 0.0, {start: None}, {start: 0.0}, 0, StopReason.FOUND, False,
                   start, **fields)

    @classmethod
    def disconnected(cls, start: Any | None = None) -> SearchResult:
        """No goal lies in the start's connected component: nothing was searched.

        ``came_from``/``cost_so_far`` hold just the start when it is given."""
        if start is None:
            return cls(None, math.inf, {}, {}, 0, StopReason.DISCONNECTED)
        return cls(None, math.inf, {start: None}, {start: 0.0}, 0, StopReason.DISCONNECTED)

    @classmethod
    def unreachable(cls, reason: StopReason, came_from: Mapping[Any, Any] | None = None,
                    cost_so_far: Mapping[Any, float] | None = None, expanded: int = 0,
                    **fields: Any) -> SearchResult:
        """No path: the search stopped for ``reason`` before reaching a goal."""
        return cls(None, math.inf, {} if came_from is None else came_from,
                   {} if cost_so_far is None else cost_so_far, expanded, reason, False, None,
                   **fields)

    @classmethod
    def reached(cls, path: list[Any], cost: float, came_from: Mapping[Any, Any],
                cost_so_far: Mapping[Any, float], expanded: int,
                reason: StopReason = StopReason.FOUND, **fields: Any) -> SearchResult:
        """A path: to a goal (``reason`` FOUND) or, for any other reason, a partial path to
        the most promising location reached."""
        partial = reason is not StopReason.FOUND
        return cls(path, cost, came_from, cost_so_far, expanded, reason, partial, path[-1],
                   **fields)

    @property
    def path_array(self) -> np.ndarray | None:
        """``path`` as a numpy array: int64[L, 2] of ``(x, y)`` on grids (rows of
        :func:`wayfinding.rc_from_xy` give ``(row, col)``), one entry a location for
        scalar labels; None when ``path`` is None."""
        if self.path is None:
            return None
        return np.array(self.path)

    @property
    def waypoints(self) -> list[Any] | None:
        """The waypoints of :func:`wayfinding.jps`'s path: the start, its jump points (and
        the cells where a leg between two of them bends), the goal; consecutive ones are
        joined by straight or diagonal lines, so ``wf.expand_path(result.waypoints) ==
        result.path`` (PathFinding.js's jump point finders return these). None for
        other searches, and when there is no path."""
        found = self.extra.get("waypoints")
        if callable(found):  # worked out on first read
            found = self.extra["waypoints"] = found()
        return found

    @property
    def found(self) -> bool:
        """True when the path reaches a goal."""
        return self.path is not None and not self.partial

    def __repr__(self) -> str:
        steps = None if self.path is None else len(self.path)
        return (
            f"SearchResult(found={self.found}, cost={self.cost!r}, steps={steps}, "
            f"expanded={self.expanded}, reason={self.reason.name}, partial={self.partial})"
        )


def reconstruct_path(
    came_from: Mapping[Any, Any], start: Any, goal: Any
) -> list[Any] | None:
    """Walk ``came_from`` back from ``goal`` to ``start``.

    Parameters
    ----------
    came_from : Mapping
        As filled by a search: each location maps to its predecessor, starts map to None.
    start : location, or list/set/frozenset of locations
        Where the path must begin (any of them, when several).
    goal : location
        Where the path ends.

    Returns
    -------
    list or None
        ``[start, ..., goal]``, or ``None`` when ``goal`` was not reached from ``start``.

    Examples
    --------
    >>> reconstruct_path({(0, 0): None, (1, 0): (0, 0)}, (0, 0), (1, 0))
    [(0, 0), (1, 0)]
    """
    if goal not in came_from:
        return None
    starts = _as_location_set(start)
    path = [goal]
    current = goal
    limit = len(came_from) + 1
    while current not in starts:
        current = came_from[current]
        if current is None or len(path) > limit:
            return None
        path.append(current)
    path.reverse()
    return path


def _as_location_set(value: Any) -> set[Any] | frozenset[Any]:
    """Several locations when given a list, set or frozenset; else just ``{value}``."""
    if isinstance(value, set | frozenset):
        return value
    if isinstance(value, list):
        return set(value)
    return {value}


class LazyMap(Mapping):
    """A read-only mapping built by ``build(*args)`` on first use (kept cheap for fast
    queries: plain functions of arrays, no reference cycles, so a result is freed as soon
    as it is dropped). The grid's jps and prepared queries and the CSR hierarchy's give
    their ``came_from`` / ``cost_so_far`` as these.

    >>> squares = LazyMap(lambda n: {k: k * k for k in range(n)}, 3)
    >>> squares[2], len(squares)
    (4, 3)
    """

    __slots__ = ("_args", "_build", "_data")

    def __init__(self, build: Callable[..., dict], *args: Any) -> None:
        self._build: Callable[..., dict] | None = build
        self._args = args
        self._data: dict | None = None

    def _get(self) -> dict:
        if self._data is None:
            assert self._build is not None
            self._data = self._build(*self._args)
            self._build = None
            self._args = ()
        return self._data

    def __getitem__(self, key: Any) -> Any:
        return self._get()[key]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())

    def __contains__(self, key: object) -> bool:
        return key in self._get()

    def __repr__(self) -> str:
        return f"LazyMap({self._get()!r})"
