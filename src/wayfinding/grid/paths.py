"""Several paths on a grid: Yen's k shortest loopless paths and every optimal path, by the
compiled CSR searches (:mod:`wayfinding.csr.yen`, :mod:`wayfinding.csr.optimal`) over
the grid seen as a :class:`~wayfinding.csr.graph.CSRGraph`.

That graph (:data:`GRID_GRAPH`, derived data built once per grid version with whole-array
operations) has a node per open cell labelled ``(x, y)`` (in row order) and an edge per
step the grid's movement rules allow (corner rule and terrain classes included),
costing what the step costs; cell coordinates give its searches a heuristic. Hex, voxel
and wrapped grids and grids with moves of their own are read through their own
``neighbors`` and ``cost`` instead (labels their own locations, the grid's heuristic). Yen's spur
searches and the optimal-path search revisit the same cells over and over, where a CSR
row is cheaper to read than the grid's move table with its corner checks.

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('''
... ..#
... ...
... ''', diagonal=True)
>>> [round(cost, 3) for cost in k_shortest_paths(grid, (0, 0), (2, 1), 3).costs]
[2.414, 3.0, 3.0]
>>> all_shortest_paths(grid, (0, 0), (1, 1)).count()
1
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from .._inputs import goal_locations, starts_of
from ..csr import optimal as _optimal
from ..csr import yen as _yen
from ..csr.build import from_node_arrays
from ..csr.graph import CSRGraph, Metric
from ..paths import KShortestPaths, OptimalPaths
from .derived import Derived
from .flat import move_table, xy
from .grid import Grid
from .movement import CornerCutting

__all__ = ["GRID_GRAPH", "all_shortest_paths", "grid_graph", "k_shortest_paths",
           "shortest_simple_paths"]


def grid_graph(grid: Grid) -> CSRGraph:
    """``grid`` as a CSR graph (see the module docstring; built, not cached)."""
    if not grid.standard:
        return _world_graph(grid)
    flat = grid._flat_classes_of_store()
    table = move_table(grid)
    codes = flat.passable
    cells = np.flatnonzero(codes)
    node = np.full(codes.shape[0], -1, dtype=np.int64)
    node[cells] = np.arange(cells.shape[0])
    here = codes[cells]
    src, dst, cost = [], [], []
    for k in range(table.n_moves):
        offset, side_a, side_b = (int(x) for x in table.moves[k, :3])
        ok = codes[cells + offset] == here
        if k >= 4 and grid.corner_cutting is not CornerCutting.ALWAYS:
            a = codes[cells + side_a] == here
            b = codes[cells + side_b] == here
            ok &= (a & b) if grid.corner_cutting is CornerCutting.NEVER else (a | b)
        targets = cells[ok] + offset
        src.append(node[cells[ok]])
        dst.append(node[targets])
        entry = flat.costs[targets] if flat.weighted else 1.0
        cost.append(np.broadcast_to(table.lengths[k] * entry, targets.shape))
    xs, ys = xy(cells, flat.stride)
    labels = list(zip(xs.tolist(), ys.tolist(), strict=True))
    coordinates = np.stack((xs, ys), 1).astype(np.float64)
    return from_node_arrays(CSRGraph, cells.shape[0], np.concatenate(src), np.concatenate(dst),
                            np.concatenate(cost), labels, coordinates, Metric.EUCLIDEAN, True)


def _world_graph(grid: Grid) -> CSRGraph:
    """A hex, voxel or wrapped grid, or one with moves of its own, as a CSR graph labelled
    by its own locations, with the edges its own ``neighbors`` and ``cost`` give (the
    definition every search of that world follows) and no coordinates: a straight line
    between labels is no bound on a wrapped or hex grid."""
    labels = list(grid.locations())
    node = {loc: i for i, loc in enumerate(labels)}
    src, dst, cost = [], [], []
    for i, loc in enumerate(labels):
        for other in grid.neighbors(loc):
            src.append(i)
            dst.append(node[other])
            cost.append(grid.cost(loc, other))
    return from_node_arrays(CSRGraph, len(labels), np.array(src, dtype=np.int64),
                            np.array(dst, dtype=np.int64), np.array(cost, dtype=np.float64),
                            labels, None, Metric.EUCLIDEAN, True)


#: The grid as a CSR graph, one per grid version (``grid.derived(GRID_GRAPH)``).
GRID_GRAPH: Derived[CSRGraph] = Derived("grid as a CSR graph", grid_graph, plain=True)


def _checked(grid: Grid, start: Any, goal: Any) -> CSRGraph:
    """The grid's CSR graph, after the start(s) and goal location(s) are checked as a
    grid search checks them (outside the grid or on a wall: InvalidLocationError)."""
    for s in starts_of(start):
        grid.check_location(s, "start")
    for g in goal_locations(goal) or ():
        grid.check_location(g, "goal")
    return grid.derived(GRID_GRAPH)


def _locations(value: Any) -> Any:
    """Starts or goal locations as tuples of Python ints (a predicate as it is)."""
    if type(value) is tuple or callable(value) or value is None:
        return tuple(int(c) for c in value) if type(value) is tuple else value
    return [tuple(int(c) for c in v) for v in (starts_of(value))]


def k_shortest_paths(grid: Grid, start: Any, goal: Any, k: int, *,
                     max_expansions: int | None = None,
                     max_seconds: float | None = None) -> KShortestPaths:
    """:func:`wayfinding.k_shortest_paths` on a grid."""
    graph = _checked(grid, start, goal)
    return _yen.k_shortest_paths(graph, _locations(start), _locations(goal), k,
                                 max_expansions=max_expansions, max_seconds=max_seconds)


def shortest_simple_paths(grid: Grid, start: Any, goal: Any) -> Iterator[list[Any]]:
    """:func:`wayfinding.shortest_simple_paths` on a grid."""
    graph = _checked(grid, start, goal)
    return _yen.shortest_simple_paths(graph, _locations(start), _locations(goal))


def all_shortest_paths(grid: Grid, start: Any, goal: Any = None, *, heuristic: Any = None,
                       max_expansions: int | None = None,
                       max_seconds: float | None = None) -> OptimalPaths:
    """:func:`wayfinding.all_shortest_paths` on a grid: by default guided by the grid's
    own heuristic (:meth:`Grid.heuristic`) towards the nearest goal location."""
    graph = _checked(grid, start, goal)
    goals = goal_locations(goal)
    if heuristic is None and goals and not grid.standard:
        heuristic = np.array([min(grid.heuristic(loc, g) for g in goals)
                              for loc in graph.labels])
    elif heuristic is None and goals:
        xs, ys = graph.coordinates[:, 0], graph.coordinates[:, 1]
        heuristic = np.full(graph.node_count, np.inf)
        for gx, gy in goals:
            heuristic = np.minimum(heuristic, _estimate(grid, np.abs(xs - gx),
                                                        np.abs(ys - gy)))
    return _optimal.all_shortest_paths(graph, _locations(start), _locations(goal),
                                       heuristic=heuristic, max_expansions=max_expansions,
                                       max_seconds=max_seconds)


def _estimate(grid: Grid, dx: np.ndarray, dy: np.ndarray) -> np.ndarray:
    """:meth:`Grid.heuristic` for arrays of offsets."""
    m = grid.movement
    if m.diagonal:
        d = min(m.straight_cost, m.diagonal_cost)
        d2 = min(m.diagonal_cost, 2.0 * m.straight_cost)
        h = d * (dx + dy) + (d2 - 2.0 * d) * np.minimum(dx, dy)
    else:
        h = m.straight_cost * (dx + dy)
    return h * grid.min_cost
