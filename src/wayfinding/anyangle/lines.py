"""Cells along straight lines on a grid, and paths between waypoints (python-pathfinding's
``bresenham``, ``raytrace`` and ``expand_path``; PathFinding.js's ``Util.interpolate``,
``expandPath`` and ``compressPath``).

* :func:`bresenham`: one cell per column or row, the classic line (J. E. Bresenham, IBM
  Systems Journal 4(1), 1965): consecutive cells are 8-way neighbours.
* :func:`supercover`: every cell the segment between the two cell centres touches, in
  the order it reaches them; where it passes exactly through a grid corner, both cells
  beside the corner (touched at that one point, the one across a vertical border
  first) come before the far cell. python-pathfinding's ``raytrace`` takes one of them.
* :func:`expand_path` joins waypoints (such as :attr:`SearchResult.waypoints` of
  :func:`wayfinding.jps`) into a cell-by-cell path with Bresenham lines;
  :func:`compress_path` keeps only the cells where a path changes direction.

All are exact integer arithmetic on ``(x, y)`` tuples.

Examples
--------
>>> bresenham((0, 0), (4, 2))
[(0, 0), (1, 0), (2, 1), (3, 1), (4, 2)]
>>> supercover((0, 0), (2, 2))
[(0, 0), (1, 0), (0, 1), (1, 1), (2, 1), (1, 2), (2, 2)]
>>> supercover((0, 0), (2, 1))
[(0, 0), (1, 0), (1, 1), (2, 1)]
>>> expand_path([(0, 0), (2, 2), (4, 2)])
[(0, 0), (1, 1), (2, 2), (3, 2), (4, 2)]
>>> compress_path([(0, 0), (1, 1), (2, 2), (3, 2), (4, 2)])
[(0, 0), (2, 2), (4, 2)]
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from ..errors import InvalidLocationError

__all__ = ["bresenham", "compress_path", "expand_path", "supercover"]

Location = tuple[int, int]


def _cell(value: Any, role: str) -> Location:
    try:
        x, y = value
        if int(x) == x and int(y) == y and not isinstance(x, bool) and not isinstance(y, bool):
            return int(x), int(y)
    except (TypeError, ValueError):
        pass
    raise InvalidLocationError(f"{role} must be an (x, y) pair of integers, got {value!r}")


def bresenham(a: Location, b: Location) -> list[Location]:
    """The cells of Bresenham's line from ``a`` to ``b``, both included.

    Examples
    --------
    >>> bresenham((0, 0), (3, 1))
    [(0, 0), (1, 0), (2, 1), (3, 1)]
    """
    x0, y0 = _cell(a, "a")
    x1, y1 = _cell(b, "b")
    dx, dy = abs(x1 - x0), abs(y1 - y0)
    sx, sy = (1 if x1 >= x0 else -1), (1 if y1 >= y0 else -1)
    err = dx - dy
    line = [(x0, y0)]
    while (x0, y0) != (x1, y1):
        e2 = 2 * err
        if e2 > -dy:
            err -= dy
            x0 += sx
        if e2 < dx:
            err += dx
            y0 += sy
        line.append((x0, y0))
    return line


def supercover(a: Location, b: Location) -> list[Location]:
    """Every cell the segment from the centre of ``a`` to the centre of ``b`` touches,
    in the order it reaches them.

    Examples
    --------
    >>> supercover((0, 0), (1, 1))
    [(0, 0), (1, 0), (0, 1), (1, 1)]
    """
    x, y = _cell(a, "a")
    x1, y1 = _cell(b, "b")
    dx, dy = abs(x1 - x), abs(y1 - y)
    sx, sy = (1 if x1 >= x else -1), (1 if y1 >= y else -1)
    line = [(x, y)]
    ix = iy = 0  # borders crossed so far in x and in y
    while ix < dx or iy < dy:
        # the next vertical border is crossed at t = (ix + 1/2) / dx, the next horizontal
        # one at (iy + 1/2) / dy: compare them without dividing
        across = (1 + 2 * ix) * dy - (1 + 2 * iy) * dx
        if across == 0:  # exactly through a corner: touch both cells beside it
            line.append((x + sx, y))
            line.append((x, y + sy))
            x, y, ix, iy = x + sx, y + sy, ix + 1, iy + 1
        elif across < 0:
            x, ix = x + sx, ix + 1
        else:
            y, iy = y + sy, iy + 1
        line.append((x, y))
    return line


def expand_path(waypoints: Sequence[Location]) -> list[Location]:
    """A cell-by-cell path through ``waypoints`` (Bresenham lines between consecutive
    ones); jump point search's waypoints expand to its path.

    Examples
    --------
    >>> expand_path([(0, 0), (0, 2), (2, 2)])
    [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)]
    """
    points = [_cell(p, "waypoint") for p in waypoints]
    path = points[:1]
    for a, b in itertools.pairwise(points):
        path.extend(bresenham(a, b)[1:])
    return path


def compress_path(path: Sequence[Location]) -> list[Location]:
    """``path`` with only its ends and the cells where its direction changes.

    Examples
    --------
    >>> compress_path([(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)])
    [(0, 0), (0, 2), (2, 2)]
    """
    cells = [_cell(c, "path cell") for c in path]
    if len(cells) < 3:
        return cells
    kept = [cells[0]]
    for before, here, after in zip(cells, cells[1:], cells[2:], strict=False):
        if (here[0] - before[0], here[1] - before[1]) != (after[0] - here[0],
                                                          after[1] - here[1]):
            kept.append(here)
    kept.append(cells[-1])
    return kept
