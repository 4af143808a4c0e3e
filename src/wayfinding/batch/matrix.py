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

from ..grid import _engine as E
from ..grid import workspace as _workspace
from ..grid.grid import Grid
from . import run as R
from .locations import cells

__all__ = ["distance_matrix"]


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
    from .._dispatch import require_grid

    grid = require_grid(grid, "batch.distance_matrix")
    workers = R.check_workers(workers)
    p = E.plan(grid)
    s = cells(grid, p.passable, sources, "sources")
    t = cells(grid, p.passable, targets, "targets")
    reverse = t.shape[0] < s.shape[0]
    seeds, ends = (t, s) if reverse else (s, t)
    out = np.empty((seeds.shape[0], ends.shape[0]), dtype=np.float64)
    from ..grid._kernels.batch import BATCH_DONE, flood_matrix

    flat = p.flat
    n_cells = p.passable.shape[0]

    def task(lo: int, hi: int) -> None:
        ws = _workspace.acquire(n_cells)
        try:
            first = lo
            while True:
                R.fresh_generations(ws, hi - first)
                code, i, generation = flood_matrix(
                    flat.passable, flat.costs, p.weighted, p.moves, p.lengths, p.n_moves,
                    p.rule, p.classes, reverse, seeds, ends, first, hi, ws.stamp, ws.g,
                    ws.goal_mark, ws.heap_f, ws.heap_n, ws.generation, out)
                ws.generation = int(generation)
                if code == BATCH_DONE:
                    return
                first = int(i)
                ws.grow_heap()
        finally:
            _workspace.release(ws)

    if seeds.shape[0] and ends.shape[0]:
        R.in_parallel(task, R.chunks(seeds.shape[0], workers), workers)
    return out.T.copy() if reverse else out
