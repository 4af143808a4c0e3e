"""The shortest any-angle path on a grid, through the grid's navigation mesh.

:func:`any_angle` answers with the true Euclidean shortest path among the open cells (not
Theta*'s or smoothing's approximation): Polyanya on the grid's rectangle mesh
(:mod:`wayfinding.navmesh.build`, kept on the grid as derived data). A path may run along
walls and pass where open cells meet at a corner with a third open cell, never squeeze
between two walls that touch at a corner; the grid's movement and corner-cutting rules
play no part.

By default start and goal are cell *corners*: ``(x, y)`` is the top-left corner of cell
``(x, y)`` (how Anya and Polyanya read a MovingAI scenario), any corner in ``0..width``,
``0..height`` that touches an open cell. With ``centres=True`` they are cells, and the
path runs between their centres ``(x + 0.5, y + 0.5)``.

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('''
... ....
... .##.
... ....''')
>>> r = any_angle(grid, (0, 0), (4, 3))
>>> r.path, round(r.cost, 4)
([(0.0, 0.0), (3.0, 1.0), (4.0, 3.0)], 5.3983)
>>> round(any_angle(grid, (0, 0), (3, 2), centres=True).cost, 4)
4.1306
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._dispatch import require_grid
from ..errors import InvalidLocationError, UnsupportedGridError
from ..grid.grid import Grid
from ..result import SearchResult
from .build import grid_mesh
from .search import astar

__all__ = ["any_angle", "unit_cost"]


def unit_cost(grid: Grid) -> float:
    """What a path of length 1 costs: the straight step's cost times the cost every open
    cell shares (UnsupportedGridError when open cells cost differently)."""
    costs = grid.costs
    if costs is None:
        return float(grid.movement.straight_cost)
    open_costs = costs[grid.passable_mask]
    if open_costs.size and (open_costs != open_costs[0]).any():
        raise UnsupportedGridError(
            f"any_angle needs every open cell to cost the same; this grid's cell costs range "
            f"from {open_costs.min()!r} to {open_costs.max()!r}")
    return float(grid.movement.straight_cost) * (float(open_costs[0]) if open_costs.size
                                                  else 1.0)


def _point(grid: Grid, location: Any, role: str, centres: bool) -> tuple[float, float]:
    if centres:
        x, y = grid.check_location(location, role)  # open cell, else the grid's error
        return x + 0.5, y + 0.5
    try:
        x, y = location
        ok = all(isinstance(c, int | np.integer) and not isinstance(c, bool) for c in (x, y))
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise InvalidLocationError(f"{role} must be a corner (x, y) of two integers, got "
                                   f"{location!r}")
    h, w = grid.passable_mask.shape
    if not (0 <= x <= w and 0 <= y <= h):
        raise InvalidLocationError(f"{role} {location!r} is off the grid (corners run "
                                   f"0..{w}, 0..{h})")
    around = grid.passable_mask[max(0, y - 1):y + 1, max(0, x - 1):x + 1]
    if not around.any():
        raise InvalidLocationError(f"{role} {location!r} touches no open cell")
    return float(x), float(y)


def any_angle(grid: Grid, start: Any, goal: Any, *, centres: bool = False,
              max_expansions: int | None = None, max_seconds: float | None = None,
              partial: bool = False) -> SearchResult:
    """The shortest any-angle path from ``start`` to ``goal`` on ``grid`` (module
    docstring).

    Parameters
    ----------
    grid : Grid
        Every open cell must cost the same (the length is scaled by that cost times the
        straight step's cost).
    start, goal : (x, y)
        Corners (default) or, with ``centres``, open cells.
    max_expansions, max_seconds, partial
        As for :func:`wayfinding.astar` on a mesh.

    Returns
    -------
    SearchResult
        ``path`` as float points (corners or centres, and the corners it bends at),
        ``cost`` its length times the unit cost (``cost_so_far`` holds lengths); see
        :mod:`wayfinding.navmesh.search`.
    """
    unit = unit_cost(require_grid(grid, "any_angle"))
    a = _point(grid, start, "start", centres)
    b = _point(grid, goal, "goal", centres)
    result = astar(grid_mesh(grid).mesh, a, b, max_expansions=max_expansions,
                   max_seconds=max_seconds, partial=partial)
    if unit != 1.0 and result.path is not None:
        result.cost *= unit
    return result
