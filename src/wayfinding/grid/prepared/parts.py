"""The parts of :mod:`wayfinding.grid.prepared`: subgoal data, query buffers, results.

Examples
--------
>>> from wayfinding import Grid
>>> flat = Grid.from_ascii('.#.').flat  # padded: stride 5, the cells at 6 and 8
>>> table = location_table(flat.passable, flat.stride)
>>> table[5:10].tolist()
[None, (0, 0), None, (2, 0), None]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ... import _lazy
from ...result import LazyMap
from ..grid import Grid

Location = tuple[int, int]


def subgoal_arrays(grid: Grid) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(passable, subgoal_id, cells, clear)``: the padded flat grid, the subgoal number
    of each cell (-1: none), the cell of each subgoal, the clearances."""
    from ._kernels import subgoal

    flat = grid.flat
    subgoal_id, cells = subgoal.find_subgoals(flat.passable, flat.stride)
    limit = 65535 if max(grid.width, grid.height) < 65535 else 2**31 - 1
    clear = subgoal.clearances(flat.passable, subgoal_id, flat.stride, grid.height, limit)
    clear = clear.astype(np.uint16 if limit == 65535 else np.int32)
    return flat.passable, subgoal_id, cells, clear


def edge_weights(cells: np.ndarray, tails: np.ndarray, heads: np.ndarray, stride: int,
                 straight: float, diagonal: float) -> np.ndarray:
    """The octile length of each subgoal-graph edge ``tails[i] - heads[i]``."""
    a, b = cells[tails], cells[heads]
    dx = np.abs(a % stride - b % stride)
    dy = np.abs(a // stride - b // stride)
    return straight * np.abs(dx - dy) + diagonal * np.minimum(dx, dy)


class QueryWorkspace:
    """One thread's query buffers for one prepared grid.

    The distance arrays hold inf between queries: the query kernel resets what it set.
    """

    def __init__(self, n_sub: int, n_core: int, grid: Grid) -> None:
        n = max(n_sub, 1)
        self.best_f = np.full(n, np.inf)
        self.entry_f = np.zeros(n, dtype=np.int64)
        self.touched = np.zeros(n, dtype=np.int64)
        core = max(n_core, 1)
        self.best_b = np.full(core, np.inf)
        self.entry_b = np.zeros(core, dtype=np.int64)
        self.core_via = np.zeros(core, dtype=np.int64)
        self.heap_key = np.empty(2 * core + 1024, dtype=np.float64)
        self.heap_node = np.empty(2 * core + 1024, dtype=np.int64)
        self.scan = np.empty((2, 8 + 8 * (grid.width + grid.height + 4)), dtype=np.int64)
        self.scan_d = np.empty(self.scan.shape, dtype=np.float64)
        self.buffer = np.empty(10 * n + 64, dtype=np.int64)
        self._pack()

    def grow_heap(self) -> None:
        size = 2 * self.heap_key.shape[0]
        self.heap_key = np.empty(size, dtype=np.float64)
        self.heap_node = np.empty(size, dtype=np.int64)
        self._pack()

    def _pack(self) -> None:
        #: the buffers in the order the query kernel takes them
        self.arrays = (self.best_f, self.entry_f, self.touched, self.best_b, self.entry_b,
                       self.core_via, self.heap_key, self.heap_node, self.scan, self.scan_d,
                       self.buffer)


def query_kernel() -> Any:
    """The query kernel module, imported (with numba) on the first query."""
    return _lazy.kernels("wayfinding.grid.prepared._kernels.query")


def location_table(passable: np.ndarray, stride: int) -> np.ndarray:
    """``(x, y)`` of every passable cell by padded flat index (an object array, None for
    walls).

    Paths are lists of these very tuples (shared: tuples never change), taken from the
    table by the flat indices a query returns: three times as fast as making new ones.
    """
    cells = np.flatnonzero(passable)
    ys, xs = np.divmod(cells, stride)
    table = np.full(passable.shape[0], None, dtype=object)
    table[cells] = np.fromiter(zip((xs - 1).tolist(), (ys - 1).tolist(), strict=True),
                               dtype=object, count=cells.shape[0])
    return table


def path_maps(path: list[Location], straight: float,
              diagonal: float) -> tuple[LazyMap, LazyMap]:
    """``came_from`` / ``cost_so_far`` along a found path, built on first use.

    Plain functions of the path (no reference cycles: a dropped result is freed at once).
    """
    return (LazyMap(_came_from, path),
            LazyMap(_cost_so_far, path, straight, diagonal))


def _came_from(path: list[Location]) -> dict[Location, Location | None]:
    return {loc: (path[i - 1] if i else None) for i, loc in enumerate(path)}


def _cost_so_far(path: list[Location], straight: float,
                 diagonal: float) -> dict[Location, float]:
    xy = np.array(path)
    diagonal_step = (np.diff(xy[:, 0]) != 0) & (np.diff(xy[:, 1]) != 0)
    steps = np.where(diagonal_step, diagonal, straight)
    costs = np.concatenate(([0.0], np.cumsum(steps)))
    return dict(zip(path, costs.tolist(), strict=True))
