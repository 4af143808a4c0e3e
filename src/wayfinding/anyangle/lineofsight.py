"""Line of sight on grids: may a unit walk straight from one cell centre to another?

Definition. Cells are unit squares centred on their integer coordinates. Cell ``a`` sees
cell ``b`` when the straight segment between their centres

1. crosses the interior only of passable cells (its *supercover*: every cell it enters,
   however little), and
2. wherever it passes exactly through a grid corner (going from one cell to the
   diagonally opposite one), the grid's corner rule allows that diagonal step: under
   ``CornerCutting.NEVER`` both other cells at that corner must be passable, under
   ``ONE_FREE`` at least one, under ``ALWAYS`` neither. 4-way grids use the NEVER rule.

Every step the grid allows is in sight, so any grid path is a chain of cells in sight of
each other; the relation is symmetric. Grazing the corner of a wall without crossing
its interior is allowed (the segment stays in passable cells). The walk is exact
integer arithmetic (no rounding).

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('''
... ....
... .#..
... ....
... ''', diagonal=True)
>>> line_of_sight(grid, (0, 0), (3, 0)), line_of_sight(grid, (0, 0), (2, 2))
(True, False)
>>> line_of_sight(grid, (0, 2), (3, 1)), line_of_sight(grid, (2, 0), (3, 2))
(False, True)
>>> euclidean_length([(0, 0), (3, 4), (3, 5)])
6.0
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from .._kernels.codes import RULE_NEVER
from .._tiers import require_grid
from ..grid._checks import location_in_grid
from ..grid.flat import RULE_CODES
from ..grid.grid import Grid

__all__ = ["euclidean_length", "line_of_sight"]


def sight_rule(grid: Grid) -> int:
    """The kernel corner-rule code for line of sight on ``grid`` (NEVER on 4-way grids)."""
    if not grid.diagonal:
        return RULE_NEVER
    return RULE_CODES[grid.corner_cutting]


def line_of_sight(grid: Grid, a: Any, b: Any) -> bool:
    """True when cell ``a`` sees cell ``b`` (see the module docstring for the definition).

    Parameters
    ----------
    grid : Grid
    a, b : (x, y)
        Cells of the grid; a wall sees nothing.

    Raises
    ------
    InvalidLocationError
        ``a`` or ``b`` is not an ``(x, y)`` pair of integers inside the grid.
    UnsupportedGridError
        ``grid`` is a Grid subclass that redefines ``neighbors`` or ``cost``.

    Examples
    --------
    >>> import wayfinding as wf
    >>> squeeze = wf.Grid.from_ascii('''
    ... .#
    ... #.
    ... ''', diagonal=True, corner_cutting=wf.CornerCutting.ALWAYS)
    >>> line_of_sight(squeeze, (0, 0), (1, 1))
    True
    """
    from ._kernels.sight import sight

    require_grid(grid, "line_of_sight")
    ax, ay = location_in_grid(grid.width, grid.height, a, "a")
    bx, by = location_in_grid(grid.width, grid.height, b, "b")
    flat = grid.flat
    stride = flat.stride
    return bool(sight(flat.passable, flat.costs, False, stride, sight_rule(grid),
                      (ay + 1) * stride + ax + 1, (by + 1) * stride + bx + 1))


def euclidean_length(path: Sequence[Any]) -> float:
    """Total straight-line length of a path of points ``(x, y)`` (0 for one point).

    Examples
    --------
    >>> round(euclidean_length([(0, 0), (1, 1), (2, 1)]), 4)
    2.4142
    """
    return float(sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in pairwise(path)))
