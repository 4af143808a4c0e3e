"""Theta*: any-angle paths on grids (A. Nash, K. Daniel, S. Koenig and A. Felner, AAAI 2007).

A* that lets a cell inherit the parent of the cell it was reached from whenever that
parent is in line of sight (:mod:`wayfinding.anyangle.lineofsight`), so the path runs in
straight segments between obstacle corners instead of zig-zagging along grid directions.
The result is a list of waypoints, each in sight of the next, whose cost is its euclidean
length times the straight-step length (and the cells' shared cost).

Which grids: 4-way, or 8-way with ``diagonal_cost == sqrt(2) * straight_cost`` (so grid
steps cost their euclidean length and the path is never longer than an A* path on the
same grid), every corner rule, and uniform cost (no per-cell costs, or the same cost in
every passable cell). Weighted grids raise UnsupportedGridError: a segment's cost
through cells of different costs is not what the grid's step costs measure, and the
speed-up would no longer be sound.

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('''
... .........
... .........
... ....#....
... .........
... ''', diagonal=True)
>>> result = theta_star(grid, (0, 3), (8, 0))
>>> result.path
[(0, 3), (4, 1), (8, 0)]
>>> round(result.cost, 3), round(wf.astar(grid, (0, 3), (8, 0)).cost, 3)
(8.595, 9.243)
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .._inputs import check_budget
from .._tiers import require_grid
from ..errors import UnsupportedGridError
from ..grid._checks import passable_index
from ..grid.flat import MOVES
from ..grid.grid import Grid
from ..grid.stoppable import STOPPED, run_flagged
from ..grid.views import CameFromView, CostSoFarView, ReachedCells
from ..result import SearchResult, StopReason
from .lineofsight import sight_rule

__all__ = ["theta_star"]


def theta_star(grid: Grid, start: Any, goal: Any, *,
               max_seconds: float | None = None) -> SearchResult:
    """Any-angle shortest path from ``start`` to ``goal`` by Theta*.

    Parameters
    ----------
    grid : Grid
        4-way, or 8-way with ``diagonal_cost == sqrt(2) * straight_cost``; uniform cost.
    start, goal : (x, y)
        Passable cells.
    max_seconds : float, optional
        Time budget (finite, >= 0): when it runs out the result has ``path=None`` and
        ``reason=StopReason.MAX_SECONDS`` (nothing of the search is kept). The search runs
        in a worker thread, so Ctrl-C stops it within milliseconds either way.

    Returns
    -------
    SearchResult
        ``path`` is the list of waypoints (``None`` when the goal cannot be reached),
        consecutive ones in line of sight; ``cost`` its euclidean length times the
        straight-step length and the cells' cost. ``came_from`` maps every reached cell to
        its any-angle parent (``None`` for the start) and ``cost_so_far`` to its cost;
        ``expanded`` counts expanded cells.

    Raises
    ------
    UnsupportedGridError
        Per-cell costs that differ, an 8-way grid whose diagonal step is not sqrt 2
        times the straight one, or a Grid subclass that redefines ``neighbors`` or ``cost``.
    InvalidLocationError
        ``start`` or ``goal`` off the grid or on a wall.
    InvalidParameterError
        ``max_seconds`` negative or not finite.

    Examples
    --------
    >>> import wayfinding as wf
    >>> theta_star(wf.Grid.from_ascii('.#.'), (0, 0), (2, 0)).path is None
    True
    """
    from ._kernels.theta import theta_star as kernel

    grid = require_grid(grid, "theta_star").snapshot()  # one version
    unit = _unit_cost(grid)
    flat = grid.flat
    start_index = passable_index(grid, flat.passable, flat.stride, start, "start")
    goal_index = passable_index(grid, flat.passable, flat.stride, goal, "goal")
    max_seconds = check_budget("max_seconds", max_seconds)
    if max_seconds == 0:  # no time at all: searched nothing (as jps)
        return SearchResult.unreachable(StopReason.MAX_SECONDS)
    p = grid.derived(MOVES)
    rule = sight_rule(grid)
    done = run_flagged(lambda stop: kernel(flat.passable, flat.costs, p.moves, p.rule, rule,
                                           flat.stride, unit, start_index, goal_index, stop),
                       max_seconds)
    if done is STOPPED:
        return SearchResult.unreachable(StopReason.MAX_SECONDS)
    g, parent, expanded = done
    cells = np.flatnonzero(np.isfinite(g)).astype(np.int32)
    reached = ReachedCells(cells, g[cells], parent[cells], grid.width, grid.height)
    came_from, cost_so_far = CameFromView(reached), CostSoFarView(reached)
    cost = float(g[goal_index])
    if not math.isfinite(cost):
        return SearchResult.unreachable(StopReason.EXHAUSTED, came_from, cost_so_far,
                                        int(expanded))
    path = [flat.location(goal_index)]
    current = int(parent[goal_index])
    while current >= 0:
        path.append(flat.location(current))
        current = int(parent[current])
    path.reverse()
    return SearchResult.reached(path, cost, came_from, cost_so_far, int(expanded))


def _unit_cost(grid: Grid) -> float:
    """Straight-step length times the cost every passable cell shares, or an error."""
    m = grid.movement
    if m.diagonal and not math.isclose(m.diagonal_cost, math.sqrt(2.0) * m.straight_cost,
                                       rel_tol=1e-9):
        raise UnsupportedGridError(
            f"theta_star needs diagonal_cost == sqrt(2) * straight_cost (euclidean steps); "
            f"this grid has straight_cost={m.straight_cost!r}, "
            f"diagonal_cost={m.diagonal_cost!r}"
        )
    costs = grid.costs
    if costs is None:
        return m.straight_cost
    open_costs = costs[grid.passable_mask]
    if open_costs.size and (open_costs != open_costs[0]).any():
        raise UnsupportedGridError(
            f"theta_star needs every passable cell to cost the same; this grid's cell costs "
            f"range from {float(open_costs.min())!r} to {float(open_costs.max())!r} (use "
            "wayfinding.astar, then smooth_path, on weighted grids)"
        )
    return m.straight_cost * (float(open_costs[0]) if open_costs.size else 1.0)
