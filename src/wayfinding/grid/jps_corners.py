"""Jump point search on 8-way grids whose diagonal steps may cut corners: PathFinding.js's
``DiagonalMovement.Always`` (:attr:`CornerCutting.ALWAYS`) and ``IfAtMostOneObstacle``
(:attr:`CornerCutting.ONE_FREE`). :func:`wayfinding.jps` comes here for those grids.

The pruning rules are not written by hand: :func:`pruning_table` works them out for the
grid's movement rule and step lengths from the definitions of D. Harabor and A. Grastien
("Online Graph Pruning for Pathfinding on Grid Maps", AAAI 2011). For a cell ``x``
entered from ``p`` in direction ``d`` and each of the 256 ways its eight neighbours can be
open, a neighbour ``n`` is searched when it is a canonical continuation (``d``, and for a
diagonal ``d`` its two straight components) or when no path from ``p`` to ``n`` that
stays in the 3x3 block around ``x`` without entering ``x`` costs as little as ``p -> x
-> n`` (a *forced* neighbour; cells outside the block count as walls, which can only
force more neighbours, never fewer). Optimality is checked against A* on random grids in
the tests.

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('''
... .#.
... #..
... ''', diagonal=True, corner_cutting=wf.CornerCutting.ALWAYS)
>>> r = wf.jps(grid, (0, 0), (2, 0))
>>> r.path, r.waypoints
([(0, 0), (1, 1), (2, 0)], [(0, 0), (1, 1), (2, 0)])
"""

from __future__ import annotations

import functools
import heapq
import itertools
import math
import time
from typing import Any

import numpy as np

from .. import _lazy
from .._inputs import check_budget
from .._kernels.codes import STATUS_FOUND, STATUS_HEAP_FULL, STATUS_PAUSED
from ..result import SearchResult, StopReason
from ._checks import passable_index
from .bibfs import tree_maps
from .flat import MOVES, location, locations
from .grid import Grid
from .movement import DIRECTIONS_8, CornerCutting

__all__ = ["jps_corners", "pruning_table", "tree_waypoints", "waypoints"]

#: Expansions per kernel call: Ctrl-C and the clock are seen between calls.
_SLICE = 1 << 12


@functools.cache
def pruning_table(rule: CornerCutting, straight: float, diagonal: float) -> np.ndarray:
    """uint8[8, 256]: per direction of entry and pattern of open neighbours (bit ``k`` for
    ``DIRECTIONS_8[k]``), the set of directions to search (module docstring)."""
    table = np.zeros((8, 256), dtype=np.uint8)
    for d, (ddx, ddy) in enumerate(DIRECTIONS_8):
        natural = {d} if d < 4 else {d, *(k for k in range(4) if DIRECTIONS_8[k] in (
            (ddx, 0), (0, ddy)))}
        for pattern in range(256):
            def open_(cell: tuple[int, int], pattern: int = pattern) -> bool:
                if cell == (0, 0):
                    return True
                if cell not in DIRECTIONS_8:
                    return False
                return bool(pattern >> DIRECTIONS_8.index(cell) & 1)

            parent = (-ddx, -ddy)
            if not (open_(parent) and _step_ok(open_, parent, (ddx, ddy), rule)):
                continue  # never happens: the search entered x from parent
            via = _length(d, straight, diagonal)
            bits = 0
            for k, (kdx, kdy) in enumerate(DIRECTIONS_8):
                if (kdx, kdy) == parent or not _step_ok(open_, (0, 0), (kdx, kdy), rule):
                    continue
                if k in natural:
                    bits |= 1 << k
                    continue
                around = _cheapest_around(open_, parent, (kdx, kdy), rule, straight, diagonal)
                if around > via + _length(k, straight, diagonal) + 1e-12:
                    bits |= 1 << k
            table[d, pattern] = bits
    return table


def _length(k: int, straight: float, diagonal: float) -> float:
    return straight if k < 4 else diagonal


def _step_ok(open_: Any, a: tuple[int, int], step: tuple[int, int],
             rule: CornerCutting) -> bool:
    """May a unit step from ``a`` by ``step`` under ``rule`` (target open, corners)?"""
    b = (a[0] + step[0], a[1] + step[1])
    if not open_(b):
        return False
    if step[0] == 0 or step[1] == 0 or rule is CornerCutting.ALWAYS:
        return True
    free = open_((a[0] + step[0], a[1])) + open_((a[0], a[1] + step[1]))
    return free == 2 if rule is CornerCutting.NEVER else free >= 1


def _cheapest_around(open_: Any, source: tuple[int, int], target: tuple[int, int],
                     rule: CornerCutting, straight: float, diagonal: float) -> float:
    """Cheapest path ``source -> target`` within the 3x3 block, never standing on its
    centre (which may still be the open corner a diagonal step passes)."""
    cost = {source: 0.0}
    frontier = [(0.0, 0, source)]
    counter = itertools.count(1)
    while frontier:
        c, _, a = heapq.heappop(frontier)
        if a == target:
            return c
        if c > cost[a]:
            continue
        for k, step in enumerate(DIRECTIONS_8):
            b = (a[0] + step[0], a[1] + step[1])
            if b == (0, 0) or b not in DIRECTIONS_8 or not _step_ok(open_, a, step, rule):
                continue
            new_cost = c + _length(k, straight, diagonal)
            if new_cost < cost.get(b, math.inf):
                cost[b] = new_cost
                heapq.heappush(frontier, (new_cost, next(counter), b))
    return math.inf


def jps_corners(grid: Grid, start: Any, goal: Any, scale: float,
                max_seconds: float | None = None) -> SearchResult:
    """:func:`wayfinding.jps` on a grid with ``CornerCutting.ALWAYS`` or ``ONE_FREE``
    (its checks done by the caller: 8-way, uniform cell cost ``scale``)."""
    max_seconds = check_budget("max_seconds", max_seconds)
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    flat = grid.flat
    table = grid.derived(MOVES)
    s = passable_index(grid, flat.passable, flat.stride, start, "start")
    t = passable_index(grid, flat.passable, flat.stride, goal, "goal")
    if max_seconds == 0:
        return SearchResult.unreachable(StopReason.MAX_SECONDS)
    if s == t:
        here = location(s, flat.stride)
        return SearchResult.trivial(here, extra={"waypoints": [here]})
    m = grid.movement
    prune = pruning_table(m.corner_cutting, m.straight_cost, m.diagonal_cost)
    kernel = _lazy.kernels("wayfinding.grid._kernels.jps_corners").jps_corners
    n = flat.passable.shape[0]
    work = [np.zeros(n, np.int32), np.zeros(n), np.zeros(n, np.int64), np.zeros(n, np.int64),
            np.zeros(1024), np.zeros(1024), np.zeros(1024, np.int64)]
    state = np.array([-1, 0, 0], dtype=np.int64)
    while True:
        status = kernel(flat.passable, table.moves, table.rule, prune, s, t, m.straight_cost,
                        m.diagonal_cost, flat.stride, tuple(work), state, _SLICE)
        if status == STATUS_HEAP_FULL:
            for i in (4, 5, 6):
                grown = np.zeros(2 * work[i].shape[0], dtype=work[i].dtype)
                grown[:work[i].shape[0]] = work[i]
                work[i] = grown
        elif status != STATUS_PAUSED or (
                deadline is not None and time.perf_counter() >= deadline):
            break
    expanded = int(state[1])
    nodes = work[3][:int(state[2])].copy()
    came_from, cost_so_far = tree_maps(nodes, work[2][nodes], work[1][nodes] * scale,
                                       flat.stride)
    if status != STATUS_FOUND:
        reason = StopReason.MAX_SECONDS if status == STATUS_PAUSED else StopReason.EXHAUSTED
        return SearchResult.unreachable(reason, came_from, cost_so_far, expanded)
    chain = [t]
    while (p := int(work[2][chain[-1]])) >= 0:
        chain.append(p)
    chain.reverse()
    points = locations(np.array(chain, dtype=np.int64), flat.stride)
    path = [points[0]]
    for a, b in itertools.pairwise(points):
        steps = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
        sx, sy = (b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1])
        path.extend((a[0] + i * sx, a[1] + i * sy) for i in range(1, steps + 1))
    return SearchResult(path, float(work[1][t]) * scale, came_from, cost_so_far, expanded,
                        StopReason.FOUND, False, path[-1], extra={"waypoints": points})


def waypoints(jump_points: list[tuple[int, int]], eight_way: bool = True
              ) -> list[tuple[int, int]]:
    """A chain of jump points whose legs bend once (the jump point search of
    :mod:`wayfinding.grid.jps` never puts the cells where they bend on the frontier: 8-way
    legs go diagonally first, then straight; 4-way legs horizontally, then vertically),
    with the corner of each bent leg put in: consecutive points are then joined by
    straight or diagonal lines, and :func:`wayfinding.expand_path` gives the path.

    >>> waypoints([(0, 0), (3, 1), (3, 5)])
    [(0, 0), (1, 1), (3, 1), (3, 5)]
    >>> waypoints([(0, 0), (2, 3)], eight_way=False)
    [(0, 0), (2, 0), (2, 3)]
    """
    points = jump_points[:1]
    for a, b in itertools.pairwise(jump_points):
        dx, dy = b[0] - a[0], b[1] - a[1]
        if eight_way:
            run = min(abs(dx), abs(dy))
            if run and abs(dx) != abs(dy):
                points.append((a[0] + run * ((dx > 0) - (dx < 0)),
                               a[1] + run * ((dy > 0) - (dy < 0))))
        elif dx and dy:
            points.append((b[0], a[1]))
        points.append(b)
    return points


def tree_waypoints(tree: np.ndarray, goal: int, stride: int, eight_way: bool
                   ) -> list[tuple[int, int]]:
    """:func:`waypoints` of the jump points from the start to padded cell ``goal`` in a jump
    point search's ``tree`` (its reached cells, then their parents, then their costs)."""
    nodes, parents, _ = tree.reshape(3, -1).astype(np.int64)
    parent_of = dict(zip(nodes.tolist(), parents.tolist(), strict=True))
    chain = [goal]
    while (p := parent_of[chain[-1]]) >= 0:
        chain.append(p)
    chain.reverse()
    return waypoints(locations(np.array(chain, dtype=np.int64), stride), eight_way)
