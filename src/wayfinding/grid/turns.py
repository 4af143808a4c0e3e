"""A* with a turn penalty: fewer turns for users who want straight runs.

The search runs over ``(cell, heading)`` states (the heading is the direction of the
last step), so a path's cost is its ordinary cost plus ``turn_cost`` for every change of
direction between two consecutive steps, whatever the angle (a U-turn is one turn too).
The first step from the start is free: a unit has no heading before it moves. The
grid's own heuristic stays admissible (turns only add cost), so the answer is optimal.
Compiled on every grid: 4- and 8-way, every corner rule, per-cell costs.

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('''
... .....
... .....
... .....
... ''')
>>> wf.astar(grid, (0, 0), (4, 2)).cost
6.0
>>> result = astar_turns(grid, (0, 0), (4, 2), turn_cost=0.5)
>>> result.cost, result.turns
(6.5, 1)
>>> result.path
[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (4, 1), (4, 2)]
"""

from __future__ import annotations

import math
from itertools import pairwise
from typing import Any

import numpy as np

from .._inputs import check_budget, is_number
from .._tiers import require_grid
from ..errors import InvalidParameterError
from ..graph.engine import Goal
from ..heuristics import octile_steps
from ..result import SearchResult, StopReason
from ._checks import passable_index
from .flat import MOVES
from .grid import Grid
from .stoppable import STOPPED, run_flagged

__all__ = ["astar_turns"]

Location = tuple[int, int]


def astar_turns(grid: Grid, start: Any, goal: Any, *, turn_cost: float = 0.0,
                max_seconds: float | None = None) -> SearchResult:
    """Cheapest path from ``start`` to ``goal`` counting ``turn_cost`` per change of direction.

    Parameters
    ----------
    grid : Grid
    start : (x, y)
        A passable cell (one location).
    goal : (x, y), or list/set/frozenset of cells
        The path ends at the cheapest of them.
    turn_cost : float
        Added for every change of direction (finite, >= 0; 0 gives plain A* costs).
    max_seconds : float, optional
        Time budget (finite, >= 0): when it runs out the result has ``path=None`` and
        ``reason=StopReason.MAX_SECONDS`` (nothing of the search is kept). The search runs
        in a worker thread, so Ctrl-C stops it within milliseconds either way.

    Returns
    -------
    SearchResult
        ``cost`` is the path's cost plus ``turn_cost`` times its turns; ``turns`` the
        number of turns (None when there is no path). ``came_from`` and ``cost_so_far``
        cover the path's cells only (the search's states are (cell, heading) pairs, not
        cells): each maps to the cell before it and to the cost so far, turns included.
        ``expanded`` counts expanded states.

    Raises
    ------
    InvalidParameterError
        ``grid`` is not a Grid, ``turn_cost`` is negative, not finite or not a number, or
        ``max_seconds`` is negative or not finite.
    UnsupportedGridError
        ``grid`` is a Grid subclass that redefines ``neighbors`` or ``cost``.
    InvalidLocationError
        ``start`` or a goal off the grid or on a wall, or no goal at all.

    Examples
    --------
    >>> import wayfinding as wf
    >>> astar_turns(wf.Grid.from_ascii('..#..'), (0, 0), (4, 0), turn_cost=1).path is None
    True
    """
    from ._kernels.turns import astar_turns as kernel

    grid = require_grid(grid, "astar_turns").snapshot()  # one version
    if not is_number(turn_cost) or not (
            math.isfinite(turn_cost) and turn_cost >= 0):
        raise InvalidParameterError(f"turn_cost must be finite and >= 0, got {turn_cost!r}")
    max_seconds = check_budget("max_seconds", max_seconds)
    flat = grid.flat
    stride = flat.stride
    start_index = passable_index(grid, flat.passable, stride, start, "start")
    goals = Goal(goal)
    if goals.predicate is not None or not goals.locations:
        raise InvalidParameterError(
            f"goal must be a cell or a non-empty list/set of cells, got {goal!r}"
        )
    goal_cells = np.array([passable_index(grid, flat.passable, stride, g, "goal")
                           for g in goals.locations], dtype=np.int64)
    if start_index in set(goal_cells.tolist()):
        location = flat.location(start_index)
        return SearchResult.trivial(location, turns=0)
    if max_seconds == 0:  # no time at all: searched nothing (as jps)
        return SearchResult.unreachable(StopReason.MAX_SECONDS)
    goal_mark = np.zeros(flat.passable.shape[0], dtype=np.uint8)
    goal_mark[goal_cells] = 1
    goal_xy = np.stack([goal_cells % stride, goal_cells // stride], axis=1)
    m = grid.movement
    # the grid's own heuristic (octile_steps: admissible and consistent for every D, D2)
    d, d2 = octile_steps(m.straight_cost, m.diagonal_cost) if m.diagonal else (
        m.straight_cost, 0.0)
    hp = np.array([d, d2, grid.min_cost, 1.0 if m.diagonal else 0.0])
    p = grid.derived(MOVES)
    moves, lengths = p.moves, p.lengths
    done = run_flagged(lambda stop: kernel(
        flat.passable, flat.costs, flat.weighted, moves, lengths, p.rule, stride, hp,
        float(turn_cost), start_index, goal_mark, goal_xy, stop), max_seconds)
    if done is STOPPED:
        return SearchResult.unreachable(StopReason.MAX_SECONDS)
    found, g, previous, expanded = done
    if found < 0:
        return SearchResult.unreachable(StopReason.EXHAUSTED, expanded=int(expanded))
    n_moves = p.n_moves
    states = [int(found)]
    while previous[states[-1]] >= 0:
        cell = states[-1] // n_moves - int(moves[states[-1] % n_moves, 0])
        states.append(cell * n_moves + int(previous[states[-1]]))
    states.reverse()
    path = [flat.location(start_index)] + [flat.location(s // n_moves) for s in states]
    headings = [s % n_moves for s in states]
    turns = sum(1 for a, b in pairwise(headings) if a != b)
    came_from: dict[Location, Location | None] = {path[0]: None}
    cost_so_far = {path[0]: 0.0}
    for before, cell, state in zip(path[:-1], path[1:], states, strict=True):
        came_from[cell] = before
        cost_so_far[cell] = float(g[state])
    return SearchResult.reached(path, float(g[found]), came_from, cost_so_far, int(expanded),
                                turns=turns)
