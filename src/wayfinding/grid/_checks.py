"""Checks of grid input shared by the Grid, its builders and its searches.

Locations are checked exactly one way (:func:`location_in_grid`), by edits and searches
alike; arrays given to :class:`~wayfinding.grid.grid.Grid` are checked here before they
are copied in.

Examples
--------
>>> location_in_grid(4, 3, (1, 2))
(1, 2)
>>> location_in_grid(4, 3, (1.5, 2))
Traceback (most recent call last):
...
wayfinding.errors.InvalidLocationError: location must be an (x, y) pair of integers, got (1.5, 2)
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .._inputs import is_number
from ..errors import InvalidCostError, InvalidLocationError, InvalidParameterError

__all__ = ["location_in_grid", "passable_index"]

Location = tuple[int, int]


def location_in_grid(width: int, height: int, location: Any, role: str = "location") -> Location:
    """``location`` as an ``(x, y)`` pair of ints inside a ``width`` x ``height`` grid.

    Raises :class:`InvalidLocationError` naming ``role`` when it is not a pair of
    integers or lies outside the grid.
    """
    if type(location) is tuple and len(location) == 2:  # the common case, checked fast
        x, y = location
        if type(x) is int and type(y) is int and 0 <= x < width and 0 <= y < height:
            return location
    try:
        x, y = location
        if isinstance(x, bool | float) or isinstance(y, bool | float):
            raise TypeError
        loc = (int(x), int(y))
        if loc != (x, y):
            raise TypeError
    except (TypeError, ValueError):
        raise InvalidLocationError(
            f"{role} must be an (x, y) pair of integers, got {location!r}"
        ) from None
    if not (0 <= loc[0] < width and 0 <= loc[1] < height):
        raise InvalidLocationError(
            f"{role} {loc} is outside the {width}x{height} grid "
            f"(x in 0..{width - 1}, y in 0..{height - 1})"
        )
    return loc


def passable_index(grid: Any, passable: np.ndarray, stride: int, location: Any,
                   role: str = "location") -> int:
    """Padded flat index (the layout of :class:`FlatGrid`) of a passable ``location``.

    ``passable`` is the grid's flat passable array (nonzero where open). Plain ``(int,
    int)`` tuples are checked here, fast; anything else, and every error, goes through
    :meth:`Grid.check_location`.
    """
    if type(location) is tuple and len(location) == 2:
        x, y = location
        height, width = grid._passable.shape  # not the properties: this runs per query
        if type(x) is int and type(y) is int and 0 <= x < width and 0 <= y < height:
            index = (y + 1) * stride + x + 1
            if passable[index]:
                return index
    x, y = grid.check_location(location, role)  # raises the right error
    index = (y + 1) * stride + x + 1
    if not passable[index]:  # opened by an edit since ``passable`` was built
        raise InvalidLocationError(f"{role} {(x, y)} is a wall")
    return index


def _read_only(array: np.ndarray | None) -> np.ndarray | None:
    if array is None:
        return None
    view = array.view()
    view.flags.writeable = False
    return view


def _checked_classes(classes: Any, shape: tuple[int, ...]) -> np.ndarray:
    arr = np.asarray(classes)
    if arr.shape != shape:
        raise InvalidParameterError(
            f"classes must have shape {shape} like passable, got {arr.shape}")
    if arr.dtype.kind not in "iub" or (arr.size and (arr.min() < 0 or arr.max() > 254)):
        raise InvalidParameterError(
            f"classes must be integers from 0 to 254, got dtype {arr.dtype}"
            + (f" with values {arr.min()!r}..{arr.max()!r}" if arr.dtype.kind in "iuf" else ""))
    return arr.astype(np.uint8, copy=True)


def _checked_terrain(terrain: Any, shape: tuple[int, ...]) -> np.ndarray:
    arr = np.asarray(terrain)
    if arr.dtype.kind in "US":
        if arr.shape == shape and all(len(ch) == 1 for ch in arr.ravel().tolist()):
            try:
                arr = np.frombuffer("".join(arr.ravel().tolist()).encode("ascii"),
                                    dtype=np.uint8).reshape(shape)
            except UnicodeEncodeError:
                raise InvalidParameterError("terrain characters must be ASCII") from None
        else:
            raise InvalidParameterError(
                f"terrain must hold one character per cell in shape {shape}, got {arr.shape}")
    if arr.shape != shape or arr.dtype.kind not in "iu" or (
            arr.size and (arr.min() < 0 or arr.max() > 127)):
        raise InvalidParameterError(
            f"terrain must be ASCII characters or codes 0..127 in shape {shape}, "
            f"got {arr.dtype} of shape {arr.shape}")
    return arr.astype(np.uint8, copy=True)


def _dimension(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 1:
        raise InvalidLocationError(f"{name} must be a positive integer, got {value!r}")
    return int(value)


def _checked_cost_value(value: Any, what: str) -> float:
    if not is_number(value):
        raise InvalidCostError(f"{what} must be a number, got {value!r}")
    number = float(value)
    if not math.isfinite(number) or number < 0:
        raise InvalidCostError(f"{what} must be finite and >= 0, got {value!r}")
    return number


def _checked_passable(passable: Any, where: str) -> np.ndarray:
    """``passable`` as a fresh bool array: booleans, or numbers that are all 0 or 1.

    Costs (5, 0.5), NaN, strings and other objects raise, naming :meth:`Grid.from_costs`.
    """
    from ..errors import InvalidParameterError

    arr = np.asarray(passable)
    if arr.dtype == np.bool_:
        return np.array(arr, dtype=bool, copy=True)
    hint = ("for a cost array (tcod: 0 = wall; pyastar2d/scikit-image: inf = wall) use "
            "Grid.from_costs(costs, wall=0) or Grid.from_costs(costs, wall=math.inf)")
    if arr.dtype.kind not in "iuf":
        raise InvalidParameterError(
            f"{where} takes a boolean array (True = passable, 0/1 accepted), got an array "
            f"of {arr.dtype} ({_first(arr)!r}...); {hint}"
        )
    bad = (arr != 0) & (arr != 1)
    if bad.any():
        where_bad = tuple(int(v) for v in np.argwhere(bad)[0])
        cell = f" at (x={where_bad[1]}, y={where_bad[0]})" if len(where_bad) == 2 else ""
        raise InvalidParameterError(
            f"{where} takes a boolean array (True = passable, 0/1 accepted), got "
            f"{arr[where_bad].item()!r}{cell} ({int(bad.sum())} values other than 0 and 1); {hint}"
        )
    return arr != 0


def _first(arr: np.ndarray) -> Any:
    first = arr.flat[0] if arr.size else None
    return first.item() if isinstance(first, np.generic) else first


def _checked_cost_array(costs: Any) -> np.ndarray:
    """``costs`` as a fresh 2-D float64 array, or a clear error (strings, objects, shape)."""
    arr = np.asarray(costs)
    if arr.dtype.kind not in "biuf":
        raise InvalidCostError(
            f"Grid.from_costs takes an array of numbers, got an array of {arr.dtype} "
            f"({_first(arr)!r}...)"
        )
    if arr.ndim != 2 or arr.shape[0] == 0 or arr.shape[1] == 0:
        raise InvalidCostError(
            f"Grid.from_costs takes a non-empty 2-D array (H, W), got shape {arr.shape}"
        )
    return np.array(arr, dtype=np.float64, copy=True)


def _checked_costs(costs: Any, shape: tuple[int, ...]) -> np.ndarray:
    arr = np.array(costs, dtype=np.float64, copy=True)
    if arr.shape != shape:
        raise InvalidCostError(f"costs must have shape {shape} like passable, got {arr.shape}")
    _refuse_bad_costs(arr, arr, "cell costs must be finite and >= 0;", "")
    return arr


def _refuse_bad_costs(costs: np.ndarray, shown: np.ndarray, before: str, after: str) -> None:
    """InvalidCostError naming the first cell of ``costs`` that is not finite and >= 0
    (its value taken from ``shown``), with ``before`` and ``after`` around that."""
    bad = ~np.isfinite(costs) | (costs < 0)
    if bad.any():
        y, x = (int(v) for v in np.argwhere(bad)[0])
        raise InvalidCostError(
            f"{before} cell (x={x}, y={y}) costs {float(shown[y, x])!r}{after} "
            f"({int(bad.sum())} bad cells in all)"
        )
