"""Lazy reachability on a grid: the iterators of :mod:`wayfinding.graph.reach` computed by
compiled slices (:mod:`wayfinding.grid._kernels.reach`) growing from 64 to 65536 cells
per call, over the grid's movement rules, costs and terrain classes.

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('''
... ..
... #.
... ''')
>>> list(bfs_reach(grid, (0, 0)))
[(0, 0), (1, 0), (1, 1)]
>>> [(item.location, item.cost) for item in dijkstra_reach(grid, (1, 1))]
[((1, 1), 0.0), ((1, 0), 1.0), ((0, 0), 2.0)]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from .. import _lazy
from .._inputs import starts_of
from ..csr.reach import bfs_slices, dijkstra_slices
from ..paths import ReachItem
from ._checks import passable_index
from .flat import MOVES, locations
from .grid import Grid

__all__ = ["bfs_reach", "dijkstra_reach"]


def _inputs(grid: Grid, start: Any) -> tuple[tuple, np.ndarray, int]:
    """The kernels' grid record, the start cells (checked now, each once) and the stride."""
    flat = grid.flat_classes
    table = grid.derived(MOVES)
    cells = [passable_index(grid, flat.passable, flat.stride, s, "start")
             for s in starts_of(start)]
    record = (flat.passable, flat.costs, flat.weighted, table.moves, table.lengths,
              table.n_moves, table.rule)
    return record, np.array(list(dict.fromkeys(cells)), dtype=np.int64), flat.stride


def bfs_reach(grid: Grid, start: Any) -> Iterator[Any]:
    """:func:`wayfinding.bfs_reach` on a grid."""
    record, starts, stride = _inputs(grid, start)
    kernel = _lazy.kernels("wayfinding.grid._kernels.reach").bfs_slice
    return (cell for cells in bfs_slices(kernel, record, record[0].shape[0], starts)
            for cell in locations(cells, stride))


def dijkstra_reach(grid: Grid, start: Any) -> Iterator[ReachItem]:
    """:func:`wayfinding.dijkstra_reach` on a grid."""
    record, starts, stride = _inputs(grid, start)
    kernel = _lazy.kernels("wayfinding.grid._kernels.reach").dijkstra_slice
    return (ReachItem(cell, before if p >= 0 else None, cost)
            for cells, parents, costs in dijkstra_slices(kernel, record, record[0].shape[0],
                                                         starts)
            for cell, p, before, cost in zip(
                locations(cells, stride), parents.tolist(),
                locations(np.maximum(parents, 0), stride), costs.tolist(), strict=True))
