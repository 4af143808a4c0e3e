"""Many shortest-path queries on one navigation mesh: ``wayfinding.batch.astar(mesh, ...)``.

Start and goal points are located in one compiled pass, then one compiled loop runs
Polyanya for every pair (the kernels of the single call, so the answers are the same),
chunks of queries on ``workers`` threads.

Examples
--------
>>> import wayfinding as wf
>>> mesh = wf.navmesh.from_grid(wf.Grid.from_ascii('....\\n.##.\\n....'))
>>> r = astar(mesh, [(0.5, 0.5), (0, 0)], [(3.5, 2.5), (4, 0)])
>>> r.costs.round(4).tolist(), r.lengths.tolist(), r.path(1).tolist()
([4.1306, 4.0], [3, 2], [[0.0, 0.0], [4.0, 0.0]])
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _lazy
from .._kernels import codes as C
from ..batch import run as R
from ..batch.result import BatchResult
from ..errors import InvalidLocationError, InvalidParameterError
from .mesh import COORD_LIMIT, NavMesh
from .search import workspace

__all__ = ["astar"]


def _points(values: Any, role: str) -> np.ndarray:
    try:
        points = np.array(values, dtype=np.float64).reshape(-1, 2)
    except (TypeError, ValueError):
        raise InvalidParameterError(f"{role} must be N points (x, y): an (N, 2) array of "
                                    f"numbers") from None
    bad = ~np.isfinite(points) | (np.abs(points) > COORD_LIMIT)
    bad |= (points != 0) & (np.abs(points) < 1.0 / COORD_LIMIT)
    if bad.any():
        row = int(np.flatnonzero(bad.any(axis=1))[0])
        raise InvalidLocationError(f"{role} row {row}: {tuple(points[row].tolist())} is not "
                                   "a point within the mesh's coordinate bounds")
    return np.ascontiguousarray(points)


def locate_rows(mesh: NavMesh, points: np.ndarray, role: str) -> tuple[np.ndarray, np.ndarray]:
    """Polygons of every row (CSR); InvalidLocationError naming a row outside the mesh."""
    k = _lazy.kernels("wayfinding.navmesh._kernels.locate")
    xs, ys, offsets, flat, adj = mesh.kernel_arrays()[:5]
    start, polys = k.locate_many(xs, ys, offsets, flat, adj, *mesh.locator(), points,
                                 mesh.max_fan)
    empty = np.flatnonzero(start[1:] == start[:-1])
    if empty.size:
        row = int(empty[0])
        raise InvalidLocationError(f"{role} row {row}: {tuple(points[row].tolist())} is not "
                                   "in the mesh")
    return start, polys


def astar(mesh: NavMesh, starts: Any, goals: Any, *, workers: int = 1) -> BatchResult:
    """The shortest path from ``starts[i]`` to ``goals[i]`` for every row ``i``.

    ``starts`` and ``goals``: ``(N, 2)`` float arrays (or lists of N points). The
    :class:`~wayfinding.batch.BatchResult`'s ``paths`` are float64 ``(M, 2)`` rows of
    points and ``lengths`` count points; ``expanded`` counts search nodes.
    """
    workers = R.check_workers(workers)
    s, t = _points(starts, "starts"), _points(goals, "goals")
    if s.shape[0] != t.shape[0]:
        raise InvalidParameterError(
            f"starts and goals must have as many rows, got {s.shape[0]} and {t.shape[0]}")
    s_start, s_polys = locate_rows(mesh, s, "starts")
    t_start, t_polys = locate_rows(mesh, t, "goals")
    k = _lazy.kernels("wayfinding.navmesh._kernels.batch")
    xs, ys, offsets, flat, adj, corner, dead_end = mesh.kernel_arrays()
    n = s.shape[0]
    costs, lengths = np.empty(n), np.zeros(n, dtype=np.int64)
    expanded, found = np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.bool_)

    def chunk(lo: int, hi: int) -> np.ndarray:
        ws = workspace()
        ws.fit(mesh)
        path = np.empty((max(64, 8 * (hi - lo)), 2))
        used, first = 0, lo
        while True:
            code, i, used = k.batch(xs, ys, offsets, flat, adj, corner, dead_end,
                                    mesh.max_sides, s, s_start, s_polys, t, t_start, t_polys,
                                    first, hi, ws.goal_mark, ws.stamp, ws.best_g,
                                    ws.best_parent, ws.touched, ws.state, ws.heap_f,
                                    ws.heap_g, ws.heap_item, ws.nodes_i, ws.nodes_f, costs,
                                    lengths, expanded, found, path, used)
            if code == C.BATCH_DONE:
                return path[:used]
            first = int(i)
            if code == C.BATCH_HEAP_FULL:
                ws.grow()
            else:
                grown = np.empty((4 * path.shape[0], 2))
                grown[:used] = path[:used]
                path = grown

    parts = R.in_parallel(chunk, R.chunks(n, workers), workers)
    paths = np.concatenate(parts) if parts else np.zeros((0, 2))
    offsets_out = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets_out[1:])
    return BatchResult(costs, lengths, expanded, found, paths, offsets_out)
