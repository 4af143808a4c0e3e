"""The work of :func:`~wayfinding.grid.prepared.prepare`: one builder per
:class:`PrepareMethod`, run in a worker thread that a stop flag can halt (each raises
:class:`~wayfinding.grid.stoppable.Stopped` once ``stop[0]`` is set).

``make`` is the class the builders instantiate
(:class:`~wayfinding.grid.prepared.PreparedGrid`), passed in as :mod:`.files` takes it.

Examples
--------
>>> import numpy as np
>>> from wayfinding import Grid
>>> from wayfinding.grid.prepared import PreparedGrid
>>> grid = Grid.from_ascii('...\\n.#.\\n...', diagonal=True)
>>> stop = np.zeros(1, np.int64)
>>> build(PreparedGrid, grid, PrepareMethod.TABLE, 1.0, stop, 10**6).search((0, 0), (2, 2)).path
[(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...hierarchy import build as build_hierarchy
from ..grid import Grid
from ..stoppable import Stopped
from . import auto, parts
from .method import PrepareMethod
from .table import AUTO_TABLE_CELLS, FirstMoves

__all__ = ["AUTO_JPS_PLUS_CELLS", "build", "jps_plus_tables"]

#: ``PrepareMethod.AUTO`` builds the JPS+ tables (16 bytes a cell, 32 on grids wider or
#: taller than 32,765 cells) only for grids of at most this many cells (256 MB).
AUTO_JPS_PLUS_CELLS = 1 << 24


def jps_plus_tables(plan: Any) -> tuple[np.ndarray, np.ndarray]:
    """The JPS+ ``(stops, jumps)`` of a jps plan (:mod:`..._kernels.jps_tables`), as
    int16 when every entry fits (a coordinate or a step count of the padded grid)."""
    from .._kernels.jps_tables import jump_tables

    stops, jumps = jump_tables(plan.passable, plan.bits, plan.stride)
    if max(plan.stride, plan.size // plan.stride) < np.iinfo(np.int16).max:
        return stops.astype(np.int16), jumps.astype(np.int16)
    return stops, jumps


def build(make: Any, grid: Grid, method: PrepareMethod, scale: float, stop: np.ndarray,
          max_edges: int) -> Any:
    """The prepared grid of ``grid`` by ``method`` (``AUTO``: the fastest of the methods
    that serve the grid, on a sample of its queries: :func:`.auto.fastest`);
    ``max_edges``: subgoal graphs with more edges are not contracted."""
    if method in (PrepareMethod.JPS, PrepareMethod.JPS_PLUS):
        return _jps(make, grid, scale, method)
    if method is PrepareMethod.TABLE:
        return _table(make, grid, scale, stop)
    if method is PrepareMethod.SUBGOAL_CH:
        return _subgoal_ch(make, grid, scale, stop, max_edges)
    candidates = [_jps(make, grid, scale, PrepareMethod.JPS)]
    if grid.diagonal and grid.flat.passable.shape[0] <= AUTO_JPS_PLUS_CELLS:
        candidates.append(_jps(make, grid, scale, PrepareMethod.JPS_PLUS))
        candidates.append(_subgoal_ch(make, grid, scale, stop, max_edges))
    if np.count_nonzero(grid.passable_mask) <= AUTO_TABLE_CELLS:
        candidates.append(_table(make, grid, scale, stop))
    return auto.fastest(candidates, stop)


def _table(make: Any, grid: Grid, scale: float, stop: np.ndarray) -> Any:
    """``PrepareMethod.TABLE``: the first-move table of the grid's open cells."""
    return make(grid, PrepareMethod.TABLE, scale, None, None, None, None, 0.0, n_edges=0,
                table=FirstMoves(grid, stop))


def _jps(make: Any, grid: Grid, scale: float, method: PrepareMethod) -> Any:
    """``PrepareMethod.JPS`` or ``JPS_PLUS`` (its constructor builds the grid's
    jump-point data, and the JPS+ tables)."""
    return make(grid, method, scale, None, None, None, None, 0.0, n_edges=0)


def _subgoal_ch(make: Any, grid: Grid, scale: float, stop: np.ndarray, max_edges: int) -> Any:
    """``PrepareMethod.SUBGOAL_CH``: the subgoal graph and its contraction hierarchy."""
    from ._kernels import subgoal  # numba is imported lazily

    def check() -> None:
        if stop[0]:
            raise Stopped

    passable, subgoal_id, cells, clear = parts.subgoal_arrays(grid)
    flat = grid.flat
    m = grid.movement
    check()
    keys = np.unique(subgoal.subgoal_edges(passable, subgoal_id, cells, clear, flat.stride,
                                           grid.height, grid.width, stop))
    n = max(cells.shape[0], 1)
    tails, heads = (keys // n).astype(np.int32), (keys % n).astype(np.int32)
    check()
    weights = parts.edge_weights(cells, tails, heads, flat.stride, m.straight_cost,
                                 m.diagonal_cost)
    built = build_hierarchy(cells.shape[0], tails, heads, weights, stop,
                            contract=tails.shape[0] <= max_edges)
    if built is None:
        raise Stopped
    hierarchy, order = built
    cells = cells[order]  # the subgoal of each node of the hierarchy
    subgoal_id[cells] = np.arange(cells.shape[0], dtype=np.int32)
    return make(grid, PrepareMethod.SUBGOAL_CH, scale, subgoal_id, clear, cells, hierarchy,
                0.0, n_edges=int(tails.shape[0]))
