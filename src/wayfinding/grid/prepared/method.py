"""The preprocessing methods of :func:`~wayfinding.grid.prepared.prepare` and the grids
they serve.

Examples
--------
>>> from wayfinding import Grid
>>> check_grid(Grid.from_ascii('..'), PrepareMethod.SUBGOAL_CH)
Traceback (most recent call last):
...
wayfinding.errors.UnsupportedGridError: prepare(method=PrepareMethod.SUBGOAL_CH) serves \
8-way grids (diagonal=True); this grid is 4-way: use PrepareMethod.JPS, jps or astar
>>> check_grid(Grid.from_ascii('..'), PrepareMethod.AUTO)
1.0
"""

from __future__ import annotations

import enum

from ...errors import UnsupportedGridError
from ..grid import Grid
from ..jps import refuse_other_worlds, supported_scale
from .table import check_size


class PrepareMethod(enum.Enum):
    """Preprocessing methods for :func:`~wayfinding.grid.prepared.prepare`."""

    #: Subgoal graph with a contraction hierarchy (8-way, no corner cutting, uniform cost).
    SUBGOAL_CH = "subgoal_ch"
    #: Jump point search over the grid's scan bitmaps and component labels, built at
    #: once (no graph): the fastest choice on small or open maps, where a query expands a
    #: few jump points. Serves every grid :func:`~wayfinding.grid.jps.jps` serves.
    JPS = "jps"
    #: Whichever of ``SUBGOAL_CH``, ``JPS``, ``JPS_PLUS`` and (on grids of at most
    #: :data:`~.table.AUTO_TABLE_CELLS` open cells) ``TABLE`` answers this map's queries
    #: fastest, measured at build time on a fixed sample of queries (on 4-way grids
    #: ``JPS`` and ``TABLE``). The prepared grid records the method chosen, never
    #: ``AUTO``.
    AUTO = "auto"
    #: The first move of a shortest path from every open cell to every other (one
    #: reverse flood per open cell, a byte per pair): queries search nothing and cost
    #: what writing the path costs. Grids of at most :data:`~.table.TABLE_MAX_CELLS`
    #: open cells, 4- or 8-way, as ``JPS``.
    TABLE = "table"
    #: JPS+: jump point search whose scans are read from tables built at once (where
    #: each straight scan from each cell stops, and how far each diagonal ray runs to
    #: its next jump point; 16 bytes per cell): the same jump points and answers as
    #: ``JPS``, without scanning. 8-way grids, as ``SUBGOAL_CH``.
    JPS_PLUS = "jps_plus"


def check_grid(grid: Grid, method: PrepareMethod) -> float:
    """The grid's cell cost (the scale of its paths' costs) when ``method`` serves it.

    Raises UnsupportedGridError otherwise (naming the method and what does not fit).
    """
    name = f"prepare(method={method})"
    refuse_other_worlds(grid, name)
    if method in (PrepareMethod.SUBGOAL_CH, PrepareMethod.JPS_PLUS) and not grid.diagonal:
        raise UnsupportedGridError(
            f"{name} serves 8-way grids (diagonal=True); this grid is 4-way: use "
            "PrepareMethod.JPS, jps or astar"
        )
    scale = supported_scale(grid, name)
    if method is PrepareMethod.TABLE:
        check_size(grid, name)
    return scale
