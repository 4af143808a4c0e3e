"""Many-to-many costs on a grid by Dijkstra floods (:func:`distance_matrix`).

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('.5')  # entering the 5 costs 5, leaving it 1
>>> distance_matrix(grid, [(0, 0), (1, 0)], [(0, 0), (1, 0)]).tolist()
[[0.0, 5.0], [1.0, 0.0]]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._kernels.codes import BATCH_DONE
from .._tiers import require_world
from .._workspaces import WorkspacePool
from ..grid import _engine as E
from ..grid.flat import MOVES
from ..grid.grid import Grid
from . import run as R
from .locations import cells

__all__ = ["distance_matrix"]


class FloodBuffers:
    """One thread's buffers for :func:`distance_matrix`'s floods, kept between calls.

    ``dist`` is all inf and ``marks`` all 0 between floods (the kernel puts back what it
    touched), so a short flood on a big map costs what it reaches, not the map's size.
    """

    def __init__(self) -> None:
        self.busy = False
        self.size = 0
        self.dist = np.empty(0, dtype=np.float64)
        self.parent = np.empty(0, dtype=np.int32)
        self.stack = np.empty(0, dtype=np.int64)
        self.marks = np.empty(0, dtype=np.uint8)
        self.heap_key = np.empty(1024, dtype=np.float64)
        self.heap_cell = np.empty(1024, dtype=np.int64)

    def reserve(self, cells: int) -> None:
        """Room for a grid of ``cells`` padded cells."""
        if cells > self.size:
            self.dist = np.full(cells, np.inf)
            self.parent = np.empty(cells, dtype=np.int32)  # written by floods, never read
            self.stack = np.empty(cells, dtype=np.int64)
            self.marks = np.zeros(cells, dtype=np.uint8)
            self.size = cells

    def grow_heap(self) -> None:
        """Double the frontier (a flood that filled it runs again)."""
        self.heap_key = np.concatenate((self.heap_key, np.empty_like(self.heap_key)))
        self.heap_cell = np.concatenate((self.heap_cell, np.empty_like(self.heap_cell)))


_POOL: WorkspacePool[FloodBuffers] = WorkspacePool(FloodBuffers)


def distance_matrix(grid: Grid, sources: Any, targets: Any, *,
                    workers: int = 1) -> np.ndarray:
    """Cost of the cheapest path from every source to every target.

    One Dijkstra flood per source, or, when there are fewer targets than sources, one
    reverse flood per target (stepping backwards, each step charged the cost of the cell
    it leaves, which is the cell a forward step enters: entry costs make the cost from
    ``a`` to ``b`` differ from ``b`` to ``a``). A flood stops once every target is settled.

    Parameters
    ----------
    grid : Grid
    sources, targets : (S, 2) and (T, 2) integer arrays or lists of ``(x, y)``
    workers : int
        Threads to spread the floods over.

    Returns
    -------
    float64[S, T]
        ``[i, j]`` is the cost from ``sources[i]`` to ``targets[j]`` (inf if unreachable),
        the cost :func:`wayfinding.dijkstra` finds (up to rounding: sums taken in
        another order may differ in the last bits).

    Raises
    ------
    InvalidLocationError, InvalidParameterError, UnsupportedGridError
        As :func:`wayfinding.batch.astar`.

    Examples
    --------
    >>> import wayfinding as wf
    >>> grid = wf.Grid.from_ascii('..#.')
    >>> distance_matrix(grid, [(0, 0), (1, 0), (3, 0)], [(1, 0)]).tolist()
    [[1.0], [0.0], [inf]]
    """
    grid = require_world(grid, "batch.distance_matrix").snapshot()  # one version
    workers = R.check_workers(workers)
    p = E.plan(grid)
    s, t = _cells(grid, p, sources, "sources"), _cells(grid, p, targets, "targets")
    reverse = t.shape[0] < s.shape[0]
    seeds, ends = (t, s) if reverse else (s, t)
    out = np.empty((seeds.shape[0], ends.shape[0]), dtype=np.float64)
    from ..fields._kernels.flood import flood_each

    flat = p.flat
    table = grid.derived(MOVES)

    def task(lo: int, hi: int) -> None:
        ws = _POOL.acquire(p.passable.shape[0])
        try:
            first = lo
            while True:
                code, i = flood_each(flat.passable, flat.costs, p.weighted, table, p.classes,
                                     reverse, seeds, ends, first, hi, ws.dist, ws.parent,
                                     ws.heap_key, ws.heap_cell, ws.stack, ws.marks, out)
                if code == BATCH_DONE:
                    return
                first = int(i)
                ws.grow_heap()
        finally:
            _POOL.release(ws)

    if seeds.shape[0] and ends.shape[0]:
        R.in_parallel(task, R.chunks(seeds.shape[0], workers), workers)
    return out.T.copy() if reverse else out


def _cells(grid: Grid, p: E.Plan, values: Any, role: str) -> np.ndarray:
    """Padded flat cells of ``values``: ``(x, y)`` rows of a square grid, or the locations
    of another world (axial hexes, ``(x, y, z)`` voxels) checked one by one."""
    if p.layout is None:
        return cells(grid, p.passable, values, role)
    return p.cells(grid, [tuple(v) for v in values], role)
