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
from typing import Any

from .._dispatch import any_grid
from ..errors import InvalidParameterError
from ..grid.grid import Grid

__all__ = ["draw_grid"]

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
    on_path = set(path) if path is not None else set()
    mask = grid.passable_mask
    costs = grid.costs
    rows = ["_" * (width * grid.width)]
    for y in range(grid.height):
        tiles = []
        for x in range(grid.width):
            location = (x, y)
            if not mask[y, x]:
                tiles.append("#" * width)
                continue
            tile = "." if costs is None else _cost_mark(float(costs[y, x]))
            if cost_so_far is not None and location in cost_so_far:
                tile = _number(cost_so_far[location])
            if came_from is not None and came_from.get(location) is not None:
                px, py = came_from[location]
                tile = _ARROWS.get((px - x, py - y), "?")
            if location in on_path:
                tile = "*"
            if location == start:
                tile = "A"
            if location == goal:
                tile = "Z"
            tiles.append(f"{tile:<{width}}")
        rows.append("".join(tiles).rstrip())
    rows.append("~" * (width * grid.width))
    return "\n".join(rows)


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
