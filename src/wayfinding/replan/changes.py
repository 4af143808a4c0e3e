"""Does an old path still hold on a grid that has changed since it was planned?

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('''
... ....
... ....
... ''', diagonal=True)
>>> path = [(0, 0), (1, 0), (2, 0), (3, 1)]
>>> path_blocked(grid, path)
False
>>> grid.set_wall((3, 0))          # the last diagonal step now cuts a wall's corner
>>> path_blocked(grid, path)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from .._tiers import require_grid
from ..anyangle.lineofsight import line_of_sight
from ..errors import InvalidParameterError
from ..grid.grid import Grid
from ..grid.movement import CornerCutting

__all__ = ["path_blocked"]


def path_blocked(grid: Grid, path: Sequence[Any]) -> bool:
    """True when ``path`` is no longer valid on ``grid`` as it is now.

    A path is blocked when one of its cells is off the grid or a wall, or a step between
    neighbouring cells is not a move the grid allows any more (a diagonal step on a 4-way
    grid, or past a corner the corner rule forbids). Consecutive points more than one
    cell apart (waypoint paths from :func:`~wayfinding.anyangle.smoothing.smooth_path` or
    :func:`~wayfinding.anyangle.theta_star.theta_star`) must be in line of sight
    (:func:`~wayfinding.anyangle.lineofsight.line_of_sight`). A point repeated in a row (a
    unit waiting) is fine. Costs are not looked at: a path that became dearer still holds.

    Parameters
    ----------
    grid : Grid
    path : sequence of (x, y)

    Returns
    -------
    bool

    Raises
    ------
    InvalidParameterError
        ``path`` is empty or not a sequence of ``(x, y)`` integer pairs.
    UnsupportedGridError
        ``grid`` is a Grid subclass that redefines ``neighbors`` or ``cost``.

    Examples
    --------
    >>> import wayfinding as wf
    >>> grid = wf.Grid.from_ascii('...')
    >>> path_blocked(grid, [(0, 0), (1, 0), (2, 0)]), path_blocked(grid, [(2, 0), (3, 0)])
    (False, True)
    """
    grid = require_grid(grid, "path_blocked").snapshot()  # one version of its cells
    points = _as_points(path)
    xs, ys = points[:, 0], points[:, 1]
    if not ((xs >= 0) & (xs < grid.width) & (ys >= 0) & (ys < grid.height)).all():
        return True
    mask = grid.passable_mask
    if not mask[ys, xs].all():
        return True
    dx = np.diff(xs)
    dy = np.diff(ys)
    adjacent = np.maximum(np.abs(dx), np.abs(dy)) <= 1
    diagonal = adjacent & (dx != 0) & (dy != 0)
    if diagonal.any():
        if not grid.diagonal:
            return True
        rule = grid.corner_cutting
        if rule is not CornerCutting.ALWAYS:
            at = np.flatnonzero(diagonal)
            side_a = mask[ys[at], xs[at] + dx[at]]
            side_b = mask[ys[at] + dy[at], xs[at]]
            free = (side_a & side_b) if rule is CornerCutting.NEVER else (side_a | side_b)
            if not free.all():
                return True
    for i in np.flatnonzero(~adjacent).tolist():
        a = (int(xs[i]), int(ys[i]))
        b = (int(xs[i + 1]), int(ys[i + 1]))
        if not line_of_sight(grid, a, b):
            return True
    return False


def _as_points(path: Any) -> np.ndarray:
    if (path is None or isinstance(path, str | bytes)
            or not isinstance(path, Sequence | np.ndarray) or len(path) == 0):
        raise InvalidParameterError(
            f"path must be a non-empty sequence of (x, y) cells, got {path!r}"
        )
    try:
        points = np.asarray(path)
    except (TypeError, ValueError):
        points = np.empty(0)
    if points.ndim != 2 or points.shape[1] != 2 or not np.issubdtype(points.dtype, np.integer):
        raise InvalidParameterError(
            f"path must be a sequence of (x, y) pairs of integers, got {_short(path)}"
        )
    return points.astype(np.int64)


def _short(path: Any) -> str:
    text = repr(path)
    return text if len(text) <= 60 else text[:57] + "..."
