"""Batch searches on the worlds beyond the square grid: hex maps, voxel grids, wrapped
grids and grids with moves of their own.

Each query is one call of the single search (:func:`wayfinding.astar` and the rest), on
the compiled world kernels (paged search state on the largest voxel maps), so a batch
answers exactly what the single calls do; the queries are spread over ``workers``
threads (the kernels release the GIL) and the component labels answer a start and goal
that are not connected without searching, as in a single call. Paths are rows of the
world's own locations: ``(q, r)`` on a hex map, ``(x, y, z)`` on a voxel grid.

Examples
--------
>>> import numpy as np
>>> import wayfinding as wf
>>> grid = wf.VoxelGrid(np.ones((2, 2, 3), bool))
>>> r = wf.batch.astar(grid, [(0, 0, 0), (2, 1, 1)], [(2, 1, 1), (2, 1, 1)])
>>> [round(c, 4) for c in r.costs.tolist()], r.lengths.tolist()
([2.7321, 0.0], [3, 1])
>>> r.path(0).tolist()
[[0, 0, 0], [1, 0, 0], [2, 1, 1]]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import InvalidParameterError
from ..grid.grid import Grid
from . import run as R
from .result import BatchResult

__all__ = ["world_batch"]


def _locations(grid: Grid, values: Any, role: str) -> list[tuple[int, ...]]:
    """``values`` (a list of locations or an (N, dims) array) as a list of tuples; each
    location is checked by the search itself (outside, wall: its clear error)."""
    if isinstance(values, np.ndarray):
        if values.ndim != 2 or values.shape[1] != grid.dims:
            raise InvalidParameterError(
                f"{role} must be an (N, {grid.dims}) array of locations, got shape "
                f"{values.shape}")
        return [tuple(row) for row in values.tolist()]
    try:
        return [tuple(v) for v in values]
    except TypeError:
        raise InvalidParameterError(
            f"{role} must be a list of locations or an (N, {grid.dims}) array, got "
            f"{values!r}") from None


def world_batch(search: Any, grid: Grid, starts: Any, goals: Any, workers: Any,
                budget: R.Budget | None, **options: Any) -> BatchResult:
    """``search(grid, starts[i], goals[i], **options)`` for every row ``i`` (a single-call
    search of :mod:`wayfinding`), answered as a :class:`BatchResult`."""
    workers = R.check_workers(workers)
    grid = grid.snapshot()  # one version, even while another thread edits
    s = _locations(grid, starts, "starts")
    t = _locations(grid, goals, "goals")
    if len(s) != len(t):
        raise InvalidParameterError(
            f"starts and goals must have the same length, got {len(s)} and {len(t)}")
    for role, rows in (("starts", s), ("goals", t)):
        for i, loc in enumerate(rows):  # the single calls' checks, naming the row
            grid.check_location(loc, f"{role}[{i}]")
    n = len(s)
    answers: list[Any] = [None] * n

    def task(lo: int, hi: int) -> None:
        for i in range(lo, hi):
            if budget is not None and budget.over():
                return
            answers[i] = search(grid, s[i], t[i], **options)

    R.in_parallel(task, R.chunks(n, workers), workers)
    return _result(answers, grid.dims, budget)


def _result(answers: list[Any], dims: int, budget: R.Budget | None) -> BatchResult:
    """The single calls' answers (None: skipped by the budget) as one BatchResult."""
    n = len(answers)
    empty = np.zeros((0, dims), dtype=np.int64)
    paths = [empty if r is None or r.path is None else
             np.array(r.path, dtype=np.int64).reshape(-1, dims) for r in answers]
    lengths = np.array([p.shape[0] for p in paths], dtype=np.int64)
    offsets = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    costs = np.array([np.inf if r is None else r.cost for r in answers], dtype=np.float64)
    expanded = np.array([0 if r is None else r.expanded for r in answers], dtype=np.int64)
    found = np.array([r is not None and r.path is not None for r in answers], dtype=np.bool_)
    skipped = None
    if budget is not None:
        skipped = np.array([r is None for r in answers], dtype=np.bool_)
    return BatchResult(costs, lengths, expanded, found, np.concatenate([*paths, empty]),
                       offsets, skipped)
