"""``(row, col)`` for users of numpy, scipy, scikit-image and tcod; ``(x, y)`` for wayfinding.

wayfinding names a cell ``(x, y)``: x the column, y the row, so ``grid.passable_mask[y, x]``
is the cell ``(x, y)``. Libraries built on numpy index ``array[row, col]`` and give cells as
``(row, col)``. The two orders are never guessed: convert explicitly at the boundary with
:func:`xy_from_rc` (your ``(row, col)`` in) and :func:`rc_from_xy` (wayfinding's ``(x, y)``
out). Both take one location (a tuple), a list of them, or an (N, 2) integer array, and
return the same kind.

Examples
--------
>>> import numpy as np
>>> import wayfinding as wf
>>> walls = np.array([[0, 0, 0],
...                   [1, 1, 0],
...                   [0, 0, 0]])          # numpy layout: walls[row, col]
>>> grid = wf.Grid(walls == 0)
>>> r = wf.astar(grid, xy_from_rc((2, 0)), xy_from_rc((0, 0)))
>>> rc_from_xy(r.path)
[(2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1), (0, 0)]
>>> rc_from_xy(r.path_array)[:2]
array([[2, 0],
       [2, 1]])
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .errors import InvalidLocationError

__all__ = ["rc_from_xy", "xy_from_rc"]


def _swap(points: Any, given: str) -> Any:
    if isinstance(points, np.ndarray):
        if points.ndim == 1 and points.shape[0] == 2:
            return points[::-1].copy()
        if points.ndim != 2 or points.shape[1] != 2:
            raise InvalidLocationError(
                f"{given} must be one pair or an (N, 2) array, got an array of shape "
                f"{points.shape}")
        return points[:, ::-1].copy()
    if isinstance(points, tuple):
        if len(points) != 2:
            raise InvalidLocationError(f"{given} must be a pair, got {points!r}")
        return (points[1], points[0])
    if isinstance(points, list):
        return [_swap(tuple(p) if isinstance(p, list | np.ndarray) else p, given)
                for p in points]
    raise InvalidLocationError(
        f"{given} must be a tuple, a list of tuples or an (N, 2) array, got "
        f"{type(points).__name__}")


def xy_from_rc(points: Any) -> Any:
    """``(row, col)`` location(s) as wayfinding's ``(x, y)`` = ``(col, row)``.

    Examples
    --------
    >>> xy_from_rc((4, 1)), xy_from_rc([(4, 1), (5, 2)])
    ((1, 4), [(1, 4), (2, 5)])
    """
    return _swap(points, "(row, col)")


def rc_from_xy(points: Any) -> Any:
    """wayfinding's ``(x, y)`` location(s) as ``(row, col)`` = ``(y, x)``.

    Examples
    --------
    >>> import numpy as np
    >>> rc_from_xy(np.array([[1, 4], [2, 5]]))
    array([[4, 1],
           [5, 2]])
    """
    return _swap(points, "(x, y)")
