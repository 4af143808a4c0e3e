"""The parts of :mod:`wayfinding.grid.prepared`: building blocks, query buffers, results.

Examples
--------
>>> from wayfinding import Grid
>>> flat = Grid.from_ascii('.#.').flat  # padded: stride 5, the cells at 6 and 8
>>> table = location_table(flat.passable, flat.stride)
>>> table[5:10].tolist()
[None, (0, 0), None, (2, 0), None]
"""

from __future__ import annotations

import functools
import math
from typing import Any

import numpy as np

from .._archive import NpzReader
from .grid import Grid
from .jps import LazyMap

Location = tuple[int, int]

def subgoal_arrays(grid: Grid) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    from ._kernels import subgoal

    flat = grid.flat
    subgoal_id, cells = subgoal.find_subgoals(flat.passable, flat.stride)
    limit = 65535 if max(grid.width, grid.height) < 65535 else 2**31 - 1
    clear = subgoal.clearances(flat.passable, subgoal_id, flat.stride, grid.height, limit)
    clear = clear.astype(np.uint16 if limit == 65535 else np.int32)
    return flat.passable, subgoal_id, cells, clear


def by_rank(cells: np.ndarray, rank: np.ndarray, n_core: int, up_start: np.ndarray,
             up_from: np.ndarray, up_to: np.ndarray, up_w: np.ndarray, up_low: np.ndarray,
             up_high: np.ndarray, core_start: np.ndarray, core_to: np.ndarray,
             core_w: np.ndarray, core_low: np.ndarray,
             core_high: np.ndarray) -> dict[str, np.ndarray]:
    """The hierarchy with nodes numbered from the top rank down (0 = contracted last).

    The core (if contraction stopped early) is then nodes ``0 .. n_core - 1``. Queries
    spend most of their time near the top, so this keeps what they touch together.
    """
    n = cells.shape[0]
    new_id = (n - 1 - rank).astype(np.int32)
    order = np.argsort(new_id[up_from], kind="stable")
    new_edge = np.empty_like(order)
    new_edge[order] = np.arange(order.shape[0])
    low, high = up_low[order], up_high[order]
    sorted_cells = np.empty_like(cells)
    sorted_cells[new_id] = cells
    counts = np.bincount(new_id[up_from], minlength=n)
    core_from = np.repeat(np.arange(n), np.diff(core_start))
    core_order = np.argsort(new_id[core_from], kind="stable")
    core_counts = np.bincount(new_id[core_from], minlength=n)[:n_core]
    c_low, c_high = core_low[core_order], core_high[core_order]
    return {
        "cells": sorted_cells,
        "up_start": np.concatenate(([0], np.cumsum(counts))).astype(np.int64),
        "up_from": new_id[up_from[order]],
        "up_to": new_id[up_to[order]],
        "up_w": up_w[order],
        "up_low": remap_edges(low, new_edge),
        "up_high": remap_edges(high, new_edge),
        "core_start": np.concatenate(([0], np.cumsum(core_counts))).astype(np.int64),
        "core_to": new_id[core_to[core_order]],
        "core_w": core_w[core_order],
        "core_low": remap_edges(c_low, new_edge),
        "core_high": remap_edges(c_high, new_edge),
    }


def remap_edges(edges: np.ndarray, new_edge: np.ndarray) -> np.ndarray:
    """Upward-edge numbers after renumbering (-1 stays -1)."""
    if new_edge.shape[0] == 0:
        return np.full(edges.shape[0], -1, dtype=np.int32)
    return np.where(edges >= 0, new_edge[np.maximum(edges, 0)], -1).astype(np.int32)


def edge_weights(cells: np.ndarray, tails: np.ndarray, heads: np.ndarray, stride: int,
                  straight: float, diagonal: float) -> np.ndarray:
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
                       self.core_via, self.heap_key, self.heap_node, self.scan, self.buffer)


# ---------------------------------------------------------------------- files
#: dtype and trailing shape of each array of the prepared data, and the bound on its
#: first dimension for ``n`` subgoals: labels hold hubs numbered at most their node, the
#: upward graph at most one edge per pair of nodes, the core two.
_LAYOUT: dict[str, tuple[Any, tuple[int, ...], Any]] = {
    "cells": (np.int64, (), lambda n: n),
    "up_start": (np.int64, (), lambda n: n + 1),
    "label_start": (np.int64, (), lambda n: n + 1),
    "core_start": (np.int64, (), lambda n: n + 1),
    **{key: (dtype, (), lambda n: n * (n - 1) // 2) for key, dtype in (
        ("up_from", np.int32), ("up_to", np.int32), ("up_w", np.float64),
        ("up_low", np.int32), ("up_high", np.int32))},
    **{key: (dtype, (), lambda n: n * (n - 1)) for key, dtype in (
        ("core_to", np.int32), ("core_w", np.float64), ("core_low", np.int32),
        ("core_high", np.int32))},
    "label_hd": (np.float64, (2,), lambda n: n * (n + 1) // 2),
    "label_edge": (np.int32, (), lambda n: n * (n + 1) // 2),
}

#: Arrays that must have one length.
_SAME_LENGTH = (("up_from", "up_to", "up_w", "up_low", "up_high"),
                ("core_to", "core_w", "core_low", "core_high"), ("label_hd", "label_edge"))


def read_graph(archive: NpzReader, n: int) -> dict[str, np.ndarray]:
    """The arrays of the prepared data from ``archive``, for a grid of ``n`` subgoals.

    Each is read only after its declared dtype and shape passed the bound of
    :data:`_LAYOUT` (nothing larger is decompressed).
    """
    graph = {}
    for key, (dtype, tail, bound) in _LAYOUT.items():
        first = bound(n)
        exact = key in ("cells", "up_start", "label_start")
        graph[key] = archive.read(key, dtype, (first if exact else None, *tail),
                                  limit=first * max(math.prod(tail), 1))
    return graph


def check_graph(graph: dict[str, np.ndarray], cells: np.ndarray, grid: Grid) -> str | None:
    """What is wrong with the prepared data ``graph`` read from a file for ``grid``
    (whose subgoals are ``cells``), or None when a query may use it."""
    from ._kernels import ch_check

    for group in _SAME_LENGTH:
        lengths = {key: graph[key].shape[0] for key in group}
        if len(set(lengths.values())) > 1:
            return f"arrays of different lengths {lengths}"
    if graph["core_start"].shape[0] < 1:
        return "core_start is empty"
    if not np.array_equal(cells, np.sort(graph["cells"])):
        return "cells are not the grid's subgoals"
    m = grid.movement
    code, a, b = ch_check.check(graph["cells"], grid.flat.stride, float(m.straight_cost),
                                float(m.diagonal_cost),
                                *(graph[key] for key in _CHECKED_KEYS))
    if code != ch_check.OK:
        return ch_check.MESSAGES[code].format(a=a, b=b)
    return None


_CHECKED_KEYS = ("up_start", "up_from", "up_to", "up_w", "up_low", "up_high", "core_start",
                 "core_to", "core_w", "core_low", "core_high", "label_start", "label_hd",
                 "label_edge")


_ch_query: Any = None


def query_kernel() -> Any:
    """The query kernel module, imported (with numba) on the first query."""
    global _ch_query
    if _ch_query is None:
        from ._kernels import ch_query

        _ch_query = ch_query
    return _ch_query


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
    return (LazyMap(functools.partial(_came_from, path)),
            LazyMap(functools.partial(_cost_so_far, path, straight, diagonal)))


def _came_from(path: list[Location]) -> dict[Location, Location | None]:
    return {loc: (path[i - 1] if i else None) for i, loc in enumerate(path)}


def _cost_so_far(path: list[Location], straight: float,
                 diagonal: float) -> dict[Location, float]:
    xy = np.array(path)
    diagonal_step = (np.diff(xy[:, 0]) != 0) & (np.diff(xy[:, 1]) != 0)
    steps = np.where(diagonal_step, diagonal, straight)
    costs = np.concatenate(([0.0], np.cumsum(steps)))
    return dict(zip(path, costs.tolist(), strict=True))
