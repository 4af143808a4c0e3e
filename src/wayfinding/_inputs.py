"""What users give every tier, parsed and checked once: numbers, budgets, starts, goals.

Python numbers and numpy scalars (``np.float32(2.5)``, ``np.int64(3)``) are the same to
wayfinding; ``True``/``False`` are not numbers here (a bool where a cost or a budget is
expected is almost always a mistake).

Examples
--------
>>> import numpy as np
>>> is_number(np.float32(1.5)), is_number(3), is_number(True), is_number("1")
(True, True, False, False)
>>> is_whole(np.int64(7)), is_whole(7.0), is_whole(7.5)
(True, True, False)
>>> starts_of((1, 2)), starts_of([(1, 2), (3, 4)])
([(1, 2)], [(1, 2), (3, 4)])
>>> goal_locations(None), goal_locations({(5, 5)}), goal_locations(callable) is None
([], [(5, 5)], True)
>>> check_budget("max_seconds", 0.5)
0.5
"""

from __future__ import annotations

import math
import numbers
from typing import Any

import numpy as np

from .errors import InvalidLocationError, InvalidParameterError

__all__ = ["COST_SUM_LIMIT", "check_budget", "check_grid_endpoints", "goal_locations",
           "is_number", "is_whole", "location_rows", "several_hint", "starts_of"]

#: Largest cost a path may reach on a compiled graph or grid (a bound on every simple
#: path's sum of step costs); dearer costs are refused when they are set, so sums of
#: costs never overflow a float and leave room for heuristics and weights.
COST_SUM_LIMIT = 1e300


def is_number(value: Any) -> bool:
    """True for a real number (Python or numpy scalar), False for bools and the rest."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool | np.bool_)


def is_whole(value: Any) -> bool:
    """True for a number with no fractional part (``3``, ``np.int64(3)``, ``3.0``)."""
    if not is_number(value):
        return False
    if isinstance(value, numbers.Integral):
        return True
    return float(value).is_integer()


# ---------------------------------------------------------------------- budgets
def check_budget(name: str, value: Any, *, integer: bool = False) -> Any:
    """Validate an optional budget: None, or a finite number >= 0."""
    if value is None:
        return None
    if not is_number(value):
        raise InvalidParameterError(f"{name} must be a number or None, got {value!r}")
    if not math.isfinite(value) or value < 0:
        raise InvalidParameterError(f"{name} must be finite and >= 0, got {value!r}")
    if integer and not is_whole(value):
        raise InvalidParameterError(f"{name} must be a whole number, got {value!r}")
    return int(value) if integer else float(value)


# ---------------------------------------------------------------------- starts and goals
def location_rows(value: Any, role: str) -> list[tuple[int, ...]] | None:
    """The rows of an (N, 2) integer array as N ``(x, y)`` tuples (of an (N, 3) array, as
    ``(x, y, z)`` voxels); None when ``value`` is not a 2-D numpy array. Other 2-D arrays
    raise (a float array is a mistake)."""
    if not isinstance(value, np.ndarray) or value.ndim != 2:
        return None
    if value.shape[1] not in (2, 3) or not np.issubdtype(value.dtype, np.integer):
        raise InvalidLocationError(
            f"several {role}s as an array must be an (N, 2) array of integers (x, y) or (N, "
            f"3) of voxels (x, y, z), got shape {value.shape} of {value.dtype}")
    return [tuple(int(v) for v in row) for row in value.tolist()]


def starts_of(start: Any) -> list[Any]:
    """One start, or several given as a list, set, frozenset or (N, 2) integer array
    (tuples are one location)."""
    if type(start) is tuple:
        return [start]
    rows = location_rows(start, "start")
    if rows is not None:
        start = rows
    if isinstance(start, list | set | frozenset):
        starts = list(start)
        if not starts:
            raise InvalidLocationError("start is an empty collection: give at least one start")
        return starts
    return [start]


def goal_locations(goal: Any) -> list[Any] | None:
    """The goal locations: ``[]`` for no goal (a flood), None for a predicate, else one
    location or the items of a list, set, frozenset or (N, 2) integer array (tuples are one
    location)."""
    if type(goal) is tuple:
        return [goal]
    rows = location_rows(goal, "goal")
    if rows is not None:
        return rows
    if goal is None:
        return []
    if callable(goal):
        return None
    if isinstance(goal, list | set | frozenset):
        return list(goal)
    return [goal]


def several_hint(given: Any, what: str) -> str:
    """For a message about one item of a list/set of starts or goals: how it was read."""
    if not isinstance(given, list | set | frozenset):
        return ""
    return (f" ({given!r} was read as {len(given)} {what}: a list, set or frozenset means "
            f"several {what}; give a single location as it is, e.g. a tuple)")


def _check_grid_many(value: Any, role: str, size: int = 2) -> None:
    """On a grid, a list/set of starts or goals must hold ``(x, y)`` locations (``size``
    coordinates: 3 on voxel grids).

    ``[7, 4]`` is two goals, 7 and 4, not the cell (7, 4): say so instead of "got 7".
    """
    if not isinstance(value, list | set | frozenset):
        return
    for item in value:
        try:
            if len(item) == size:
                continue
        except TypeError:
            pass
        shape = "(x, y)" if size == 2 else "(x, y, z)"
        one = f"({', '.join(map(repr, value))})" if len(value) == size else shape
        raise InvalidLocationError(
            f"{role} {value!r} is a {type(value).__name__}, which means several {role}s, but "
            f"its item {item!r} is not an {shape} location: give one {role} as a tuple {one}, "
            f"or several as a list of tuples such as [{one}, ...]"
        )


def check_grid_endpoints(start: Any, goal: Any, size: int = 2) -> None:
    """Explain ``[7, 4]`` given as a grid start or goal (two locations, not the cell);
    ``size``: coordinates of a location (3 on voxel grids)."""
    if type(start) is not tuple:
        _check_grid_many(start, "start", size)
    if type(goal) is not tuple:
        _check_grid_many(goal, "goal", size)
