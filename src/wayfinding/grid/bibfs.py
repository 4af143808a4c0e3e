"""Bidirectional breadth-first search on a grid, compiled (kernel
:mod:`wayfinding.grid._kernels.bibfs`): PathFinding.js's ``BiBreadthFirstFinder``.

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('''
... .....
... .###.
... .....
... ''')
>>> r = bidirectional_bfs(grid, (0, 1), (4, 1))
>>> r.cost, r.path[0], r.path[-1]
(6.0, (0, 1), (4, 1))
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _lazy
from ..result import LazyMap, SearchResult, StopReason
from ._checks import passable_index
from .flat import MOVES, locations
from .grid import Grid

__all__ = ["bidirectional_bfs", "tree_maps"]


def bidirectional_bfs(grid: Grid, start: Any, goal: Any) -> SearchResult:
    """:func:`wayfinding.bidirectional_bfs` on a grid (one start, one goal cell)."""
    flat = grid.flat_classes
    table = grid.derived(MOVES)
    s = passable_index(grid, flat.passable, flat.stride, start, "start")
    t = passable_index(grid, flat.passable, flat.stride, goal, "goal")
    n = flat.passable.shape[0]
    sides = [(np.zeros(n, np.int32), np.zeros(n), np.zeros(n, np.int64), np.zeros(n, np.int64))
             for _ in range(2)]
    kernel = _lazy.kernels("wayfinding.grid._kernels.bibfs").bidirectional_bfs
    meet, expanded, n_f, _ = kernel(flat.passable, table.moves, table.n_moves, table.rule,
                                    s, t, sides[0], sides[1])
    _, g, parent, touched = sides[0]
    nodes = touched[:n_f].copy()
    came_from, cost_so_far = tree_maps(nodes, parent[nodes], g[nodes], flat.stride)
    if meet < 0:
        return SearchResult.unreachable(StopReason.EXHAUSTED, came_from, cost_so_far,
                                        int(expanded))
    cells = [int(meet)]
    while (p := int(parent[cells[-1]])) >= 0:
        cells.append(p)
    cells.reverse()
    back = sides[1][2]
    while cells[-1] != t:
        cells.append(int(back[cells[-1]]))
    path = locations(np.array(cells, dtype=np.int64), flat.stride)
    return SearchResult.reached(path, float(len(path) - 1), came_from, cost_so_far,
                                int(expanded))


def tree_maps(nodes: np.ndarray, parents: np.ndarray, costs: np.ndarray,
              stride: int) -> tuple[LazyMap, LazyMap]:
    """``came_from`` and ``cost_so_far`` over padded cells ``nodes`` (parents -1 for a
    start), as mappings of ``(x, y)`` built on first read."""
    return (LazyMap(_came_from, nodes, parents, stride),
            LazyMap(_cost_so_far, nodes, costs, stride))


def _came_from(nodes: np.ndarray, parents: np.ndarray, stride: int) -> dict:
    before = locations(np.maximum(parents, 0), stride)
    return {cell: (b if p >= 0 else None) for cell, b, p in
            zip(locations(nodes, stride), before, parents.tolist(), strict=True)}


def _cost_so_far(nodes: np.ndarray, costs: np.ndarray, stride: int) -> dict:
    return dict(zip(locations(nodes, stride), costs.tolist(), strict=True))
