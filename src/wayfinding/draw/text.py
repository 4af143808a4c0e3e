"""Grids drawn as text, the way the texts draw them.

Examples
--------
>>> from wayfinding import Grid, breadth_first_search
>>> grid = Grid.from_ascii('''
... ...
... .#.
... ''')
>>> result = breadth_first_search(grid, (0, 0))
>>> print(draw_grid(grid, came_from=result.came_from, start=(0, 0)))
______
A < <
^ ##^
~~~~~~
>>> print(draw_grid(grid, cost_so_far=result.cost_so_far, path=[(0, 0), (1, 0), (2, 0)]))
______
* * *
1 ##3
~~~~~~

Weighted cells show their cost, and a picture without ``cost_so_far`` or ``came_from``
reads back as the same grid (walls and costs 1-9; the marks ``*``, ``A``, ``Z`` and
``+`` are floor for :meth:`Grid.from_ascii`):

>>> forest = Grid.from_ascii('''
... .55.
... .#5.
... ''')
>>> picture = draw_grid(forest, path=[(0, 0), (0, 1)], start=(0, 0), goal=(3, 1))
>>> print(picture)
________
A 5 5 .
* ##5 Z
~~~~~~~~
>>> back = Grid.from_ascii(picture)
>>> (back.passable_mask == forest.passable_mask).all(), (back.costs == forest.costs).all()
(np.True_, np.True_)
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from typing import Any, NamedTuple

from .. import hex as _hex
from .._tiers import any_grid
from ..errors import InvalidParameterError
from ..grid.grid import Grid
from ..grid.hexgrid import HexGrid
from ..grid.voxel import VoxelGrid
from ..grid.worlds import fold

__all__ = ["draw_grid"]

#: Arrow pointing from a hex towards its parent, per hex direction (wayfinding.hex.DIRECTIONS).
_HEX_ARROWS = {_hex.Orientation.POINTY: ">↗↖<↙↘", _hex.Orientation.FLAT: "↘↗^↖↙v"}
#: Arrow pointing from a cell towards the cell it was reached from, by (dx, dy).
_ARROWS = {
    (1, 0): ">", (-1, 0): "<", (0, 1): "v", (0, -1): "^",
    (1, 1): "↘", (-1, 1): "↙", (1, -1): "↗", (-1, -1): "↖",
}


def draw_grid(
    grid: Grid,
    *,
    width: int = 2,
    path: Collection[Any] | None = None,
    came_from: Mapping[Any, Any] | None = None,
    cost_so_far: Mapping[Any, float] | None = None,
    start: Any = None,
    goal: Any = None,
) -> str:
    """Draw ``grid`` as text, one ``width``-character tile per cell.

    A tile shows, from lowest to highest precedence: ``.`` (floor of cost 1), the cell's
    entry cost as a digit ``2``-``9`` (``+`` for any other cost: fractional, 0, above 9
    or infinite), the number from ``cost_so_far``, an arrow towards the cell it was
    reached from in ``came_from`` (eight directions on 8-way grids), ``*`` on the
    ``path``, ``A`` at ``start``, ``Z`` at ``goal``, and ``#`` repeated over walls. A line
    of ``_`` above and ``~`` below frame the picture.

    :meth:`Grid.from_ascii` reads the picture back (any ``width``): walls and costs
    ``1``-``9`` come back exactly; ``*``, ``A`` and ``Z`` read as floor of cost 1 (a mark
    hides the cost of its cell), and so does ``+`` (other costs do not round-trip).
    Pictures with ``cost_so_far`` numbers or ``came_from`` arrows are for reading, not
    for reading back. Movement rules are not drawn: pass them to ``from_ascii`` again.

    Examples
    --------
    >>> from wayfinding import SquareGrid
    >>> g = SquareGrid(3, 1)
    >>> print(draw_grid(g, start=(0, 0), goal=(2, 0), width=1))
    ___
    A.Z
    ~~~
    """
    grid = any_grid(grid, "draw_grid").snapshot()  # one version, even while edited
    if isinstance(width, bool) or not isinstance(width, int) or width < 1:
        raise InvalidParameterError(f"width must be a positive integer, got {width!r}")
    marks = _Marks(set(path) if path is not None else set(), came_from, cost_so_far, start,
                   goal)
    if isinstance(grid, VoxelGrid):
        return "\n".join(f"z = {z}\n" + _plane(grid, width, marks, z)
                         for z in range(grid.depth))
    if isinstance(grid, HexGrid):
        return _hexes(grid, width, marks)
    return _plane(grid, width, marks)


class _Marks(NamedTuple):
    path: set[Any]
    came_from: Mapping[Any, Any] | None
    cost_so_far: Mapping[Any, float] | None
    start: Any
    goal: Any


def _tile(grid: Grid, marks: _Marks, location: Any, cost: float | None, width: int) -> str:
    """The tile of an open cell (see :func:`draw_grid` for the precedence of its marks)."""
    tile = "." if cost is None else _cost_mark(cost)
    if marks.cost_so_far is not None and location in marks.cost_so_far:
        tile = _number(marks.cost_so_far[location])
    if marks.came_from is not None and marks.came_from.get(location) is not None:
        tile = _arrow(grid, location, marks.came_from[location])
    if location in marks.path:
        tile = "*"
    if location == marks.start:
        tile = "A"
    if location == marks.goal:
        tile = "Z"
    return f"{tile:<{width}}"


def _plane(grid: Grid, width: int, marks: _Marks, z: int | None = None) -> str:
    """A square grid (or the slice ``z`` of a voxel grid) as framed rows of tiles."""
    mask = grid.passable_mask if z is None else grid.passable_mask[z]
    costs = grid.costs if z is None or grid.costs is None else grid.costs[z]
    h, w = mask.shape
    rows = ["_" * (width * w)]
    for y in range(h):
        tiles = []
        for x in range(w):
            if not mask[y, x]:
                tiles.append("#" * width)
                continue
            location = (x, y) if z is None else (x, y, z)
            tiles.append(_tile(grid, marks, location,
                               None if costs is None else float(costs[y, x]), width))
        rows.append("".join(tiles).rstrip())
    rows.append("~" * (width * w))
    return "\n".join(rows)


def _hexes(grid: HexGrid, width: int, marks: _Marks) -> str:
    """A hex map as on paper: shoved rows indented by half a tile (``*_R`` layouts), or
    each row on two lines, the shoved columns on the lower one (``*_Q``)."""
    mask, costs, layout = grid.passable_mask, grid.costs, grid.layout
    h, w = mask.shape
    half = " " * max(1, width // 2)

    def tile(col: int, row: int) -> str:
        if not mask[row, col]:
            return "#" * width
        return _tile(grid, marks, grid.from_offset((col, row)),
                     None if costs is None else float(costs[row, col]), width)

    shoved = 1 if layout.odd else 0
    total = width * w + len(half)
    rows = ["_" * total]
    for row in range(h):
        if layout.rows:
            indent = half if row % 2 == shoved else ""
            rows.append((indent + "".join(tile(c, row) for c in range(w))).rstrip())
            continue
        for lower in (False, True):
            line = "".join(tile(c, row) if (c % 2 == shoved) == lower else " " * width
                           for c in range(w))
            rows.append(line.rstrip())
    rows.append("~" * total)
    return "\n".join(rows)


def _arrow(grid: Grid, location: Any, parent: Any) -> str:
    """An arrow from ``location`` towards ``parent`` (the shorter way round a wrapped
    grid; ``u``/``d`` for a parent straight above/below in a voxel grid)."""
    if isinstance(grid, HexGrid):
        return _HEX_ARROWS[grid.orientation][_hex_direction(grid, location, parent)]
    d = [p - c for p, c in zip(parent, location, strict=True)]
    for axis, size in ((0, grid.width), (1, grid.height)):
        if grid.wrap[axis]:
            d[axis] = fold(d[axis], size)
    if len(d) == 3 and d[0] == d[1] == 0:
        return "u" if d[2] > 0 else "d"
    sign = ((d[0] > 0) - (d[0] < 0), (d[1] > 0) - (d[1] < 0))
    return _ARROWS.get(sign, "?")


def _hex_direction(grid: HexGrid, location: Any, parent: Any) -> int:
    """The index of the hex direction nearest to the one from ``location`` to ``parent``
    (on a wrapped map the parent may lie across the border)."""
    col, row = grid.to_offset(parent)
    best, best_d = 0, None
    for i in (-1, 0, 1) if grid.wrap[0] else (0,):
        for j in (-1, 0, 1) if grid.wrap[1] else (0,):
            q, r = grid.from_offset((col + i * grid.width, row + j * grid.height))
            d = _hex.distance((q, r), location)
            if best_d is None or d < best_d:
                best_d = d
                dq, dr = q - location[0], r - location[1]
                best = min(range(6), key=lambda k: (_hex.DIRECTIONS[k][0] - dq) ** 2
                           + (_hex.DIRECTIONS[k][1] - dr) ** 2)
    return best


def _number(value: float) -> str:
    if math.isinf(value):
        return "∞"
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.1f}"


def _cost_mark(cost: float) -> str:
    if cost == 1:
        return "."
    if cost.is_integer() and 2 <= cost <= 9:
        return str(int(cost))
    return "+"
