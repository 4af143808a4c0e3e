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
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

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

    Examples
    --------
    >>> r = SearchResult(path=None, cost=float('inf'), came_from={}, cost_so_far={}, expanded=0,
    ...                  reason=StopReason.EXHAUSTED)
    >>> r.found
    False
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

