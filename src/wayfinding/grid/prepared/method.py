"""The preprocessing methods of :func:`~wayfinding.grid.prepared.prepare` and the grids
they serve.

Examples
--------
>>> from wayfinding import Grid
>>> check_grid(Grid.from_ascii('..'), PrepareMethod.SUBGOAL_CH)
Traceback (most recent call last):
...
wayfinding.errors.UnsupportedGridError: prepare(method=PrepareMethod.SUBGOAL_CH) serves \
8-way grids (diagonal=True); this grid is 4-way: use jps or astar
"""

from __future__ import annotations

import enum

from ...errors import UnsupportedGridError
from ..grid import Grid
from ..jps import supported_scale


class PrepareMethod(enum.Enum):
    """Preprocessing methods for :func:`~wayfinding.grid.prepared.prepare`."""

    #: Subgoal graph with a contraction hierarchy (8-way, no corner cutting, uniform cost).
    SUBGOAL_CH = "subgoal_ch"


def check_grid(grid: Grid, method: PrepareMethod) -> float:
    """The grid's cell cost (the scale of its paths' costs) when ``method`` serves it.

    Raises UnsupportedGridError otherwise (naming the method and what does not fit).
    """
    name = f"prepare(method={method})"
    if not grid.diagonal:
        raise UnsupportedGridError(
            f"{name} serves 8-way grids (diagonal=True); this grid is 4-way: use jps or astar"
        )
    return supported_scale(grid, name)
