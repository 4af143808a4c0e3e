"""Straighter paths by string pulling: drop every point the path can see past.

Grid paths zig-zag (the texts' "ugly paths"): on an open floor an 8-way path goes
diagonally, then straight. :func:`smooth_path` keeps the first point, then walks along the
path and keeps a point only when the last kept point cannot see the one after it
(line of sight as defined in :mod:`wayfinding.anyangle.lineofsight`: never through a wall or
a blocked corner). Each dropped stretch is replaced by a straight segment, which is never
longer (triangle inequality), so the result is never longer than the input in euclidean
length.

On a grid with per-cell costs a straight segment could cross dearer cells than the path
it replaces, so there a segment is taken only when every cell it crosses, and every cell
of the stretch it replaces, costs the same: the string is pulled inside regions of equal
cost, and the path's cost (length x cell cost) never grows either.

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('''
... ......
... ......
... ..##..
... ......
... ''', diagonal=True)
>>> path = [(0, 0), (1, 1), (2, 1), (3, 1), (4, 1), (4, 2), (5, 3)]  # an A* path
>>> smooth_path(grid, path)
[(0, 0), (4, 1), (5, 3)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from .._tiers import require_grid
from ..errors import InvalidLocationError, InvalidParameterError
from ..grid._checks import location_in_grid
from ..grid.grid import Grid
from .lineofsight import sight_rule

__all__ = ["smooth_path"]

Location = tuple[int, int]


def smooth_path(grid: Grid, path: Sequence[Any]) -> list[Location]:
    """Waypoints of ``path`` where each one sees the next: the path with its zig-zags pulled.

    Parameters
    ----------
    grid : Grid
        The grid the path lies on (its walls and corner rule decide line of sight).
    path : sequence of (x, y)
        A path of cells, each in sight of the next: any grid path (from ``astar``,
        ``path_from``, ...) or a waypoint path (``theta_star``, an earlier smoothing).

    Returns
    -------
    list of (x, y)
        Waypoints from ``path[0]`` to ``path[-1]``, all taken from ``path``, consecutive
        ones in line of sight; never longer than ``path`` (euclidean length; on weighted
        grids also length x cell cost).

    Raises
    ------
    InvalidParameterError
        ``path`` is empty or not a sequence, or two consecutive points do not see each
        other (a wall or blocked corner between them: not a path on this grid).
    InvalidLocationError
        A point off the grid, or the first point is a wall.
    UnsupportedGridError
        ``grid`` is a Grid subclass that redefines ``neighbors`` or ``cost``.

    Examples
    --------
    >>> import wayfinding as wf
    >>> room = wf.Grid.from_ascii('.....', diagonal=True)
    >>> smooth_path(room, [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)])
    [(0, 0), (4, 0)]
    """
    from ._kernels.sight import smooth

    require_grid(grid, "smooth_path")
    if (path is None or isinstance(path, str | bytes)
            or not isinstance(path, Sequence | np.ndarray) or len(path) == 0):
        raise InvalidParameterError(
            f"path must be a non-empty sequence of (x, y) cells, got {path!r}"
        )
    stride = grid.width + 2
    cells = np.empty(len(path), dtype=np.int64)
    for i, point in enumerate(path):
        x, y = location_in_grid(grid.width, grid.height, point, f"path[{i}]")
        cells[i] = (y + 1) * stride + x + 1
    flat = grid.flat
    kept, bad = smooth(flat.passable, flat.costs, flat.weighted, stride, sight_rule(grid),
                       cells)
    if bad == 0:
        raise InvalidLocationError(f"path[0] {tuple(path[0])} is a wall")
    if bad > 0:
        raise InvalidParameterError(
            f"path[{bad - 1}] {tuple(path[bad - 1])} and path[{bad}] {tuple(path[bad])} are "
            "not in line of sight (a wall or blocked corner between them): not a path on "
            "this grid"
        )
    return [((int(i) % stride) - 1, (int(i) // stride) - 1) for i in kept.tolist()]
