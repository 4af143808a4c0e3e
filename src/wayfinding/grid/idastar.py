"""Iterative deepening A* on a grid, compiled (kernel :mod:`wayfinding.grid._kernels.idastar`)
for one start, one goal cell and the grid's own heuristic; anything else (several starts
or goals, a predicate, another heuristic) runs :func:`wayfinding.graph.idastar.idastar`.

The kernel runs in slices of :data:`_SLICE` expansions, so budgets, Ctrl-C and the clock
are seen between them (IDA* may expand the same cells many times over on open maps).

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('''
... .....
... .###.
... .....
... ''', diagonal=True)
>>> r = idastar(grid, (0, 1), (4, 1))
>>> r.cost, r.path[:3]
(6.0, [(0, 1), (0, 0), (1, 0)])
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _lazy
from .._kernels import codes as C
from .._kernels.codes import STATUS_FOUND, STATUS_HEAP_FULL, STATUS_NEW, STATUS_PAUSED
from ..graph import idastar as _generic
from ..graph.budget import Budget
from ..graph.iddfs import path_result
from ..result import SearchResult, StopReason
from ._checks import passable_index
from .flat import MOVES, locations
from .grid import Grid

__all__ = ["idastar"]

#: Expansions per kernel call (the clock, budgets and Ctrl-C are looked at between).
_SLICE = 1 << 16


def idastar(grid: Grid, start: Any, goal: Any, *, heuristic: Any = None,
            max_expansions: int | None = None, max_seconds: float | None = None
            ) -> SearchResult:
    """:func:`wayfinding.idastar` on a grid."""
    if heuristic is not None or type(start) is not tuple or type(goal) is not tuple:
        return _generic.idastar(grid, start, goal, heuristic=heuristic,
                                max_expansions=max_expansions, max_seconds=max_seconds)
    budget = Budget(max_expansions, max_seconds)
    flat = grid.flat_classes
    table = grid.derived(MOVES)
    s = passable_index(grid, flat.passable, flat.stride, start, "start")
    t = passable_index(grid, flat.passable, flat.stride, goal, "goal")
    m = grid.movement
    d, d2 = m.straight_cost, 0.0
    if m.diagonal:
        d, d2 = min(m.straight_cost, m.diagonal_cost), min(m.diagonal_cost, 2 * m.straight_cost)
    aim = (t, flat.stride, m.diagonal, d, d2, grid.min_cost)
    record = (flat.passable, flat.costs, flat.weighted, table.moves, table.lengths,
              table.n_moves, table.rule)
    k = _lazy.kernels("wayfinding.grid._kernels.idastar")
    frames = _frames(256, flat.passable.shape[0])
    state = np.zeros(C.N_IDASTATE, dtype=np.int64)
    state[C.IDA_STATUS] = STATUS_NEW
    fstate = np.zeros(2)
    while True:
        expanded = int(state[C.IDA_EXPANDED])
        if (reason := budget.spent(expanded)) is not None:
            return SearchResult.unreachable(reason, expanded=expanded)
        chunk = min(_SLICE, budget.limit - expanded)
        status = k.idastar(record, aim, s, frames, state, fstate, chunk)
        if status == STATUS_HEAP_FULL:
            frames = _grown(frames)
        elif status != STATUS_PAUSED:
            break
    expanded = int(state[C.IDA_EXPANDED])
    if status != STATUS_FOUND:
        return SearchResult.unreachable(StopReason.EXHAUSTED, expanded=expanded)
    depth = int(state[C.IDA_DEPTH])
    path = locations(frames[0][:depth + 1], flat.stride)
    return path_result(path, frames[1][:depth + 1].tolist(), expanded)


def _frames(capacity: int, cells: int) -> tuple[np.ndarray, ...]:
    return (np.zeros(capacity, np.int64), np.zeros(capacity), np.zeros((capacity, 8), np.int64),
            np.zeros((capacity, 8)), np.zeros((capacity, 8)), np.zeros(capacity, np.int64),
            np.zeros(capacity, np.int64), np.zeros(cells, np.uint8))


def _grown(frames: tuple[np.ndarray, ...]) -> tuple[np.ndarray, ...]:
    """The frames with twice the rows, contents kept (``on_path`` shared)."""
    bigger = []
    for array in frames[:-1]:
        new = np.zeros((2 * array.shape[0], *array.shape[1:]), dtype=array.dtype)
        new[:array.shape[0]] = array
        bigger.append(new)
    return (*bigger, frames[-1])
