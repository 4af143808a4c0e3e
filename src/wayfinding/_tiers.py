"""Which tier can serve a value: the questions every module asks of a graph.

:mod:`wayfinding._dispatch` decides with these where a query goes; modules that serve
grids only (fields, replanning, any-angle search, drawing, batches) ask them to refuse
anything else clearly. They import nothing but the Grid class and the errors, so any
module may ask them without importing the tiers (a module below ``_dispatch`` that
imported it would close a circle through the tiers it dispatches to).

Examples
--------
>>> import wayfinding as wf
>>> grid_tier(wf.SquareGrid(2, 2)) is not None, grid_tier({"a": ["b"]})
(True, None)
>>> require_grid({'a': ['b']}, 'line_of_sight')
Traceback (most recent call last):
...
wayfinding.errors.InvalidParameterError: line_of_sight needs a Grid, got dict
"""

from __future__ import annotations

from typing import Any

from .errors import InvalidParameterError, UnsupportedGridError
from .grid.grid import Grid

__all__ = ["any_grid", "grid_tier", "is_grid", "require_grid", "require_world"]


def is_grid(graph: Any) -> bool:
    """True when ``graph`` is a :class:`Grid` (of any class)."""
    return isinstance(graph, Grid)


def any_grid(value: Any, what: str) -> Grid:
    """``value`` if it is a :class:`Grid` of any class (for code that reads its arrays,
    such as drawing), else InvalidParameterError naming ``what``."""
    if not isinstance(value, Grid):
        raise InvalidParameterError(f"{what} needs a Grid, got {type(value).__name__}")
    return value


def grid_tier(graph: Any) -> Grid | None:
    """``graph`` when the compiled grid kernels can serve it (a Grid that follows its own
    arrays and movement rules), else None."""
    if isinstance(graph, Grid) and graph.compiled:
        return graph
    return None


def require_world(graph: Any, what: str) -> Grid:
    """``graph`` if the compiled grid kernels can serve it (any world: square, hex,
    voxel, wrapped, moves of its own), else a clear error."""
    any_grid(graph, what)
    if not graph.uses_own_rules:
        raise UnsupportedGridError(
            f"{what} runs on the grid's arrays and movement rules; {type(graph).__name__} "
            "redefines neighbors() or cost(), which it cannot follow"
        )
    return graph


def require_grid(graph: Any, what: str) -> Grid:
    """``graph`` if it is a square grid with the 4- or 8-way moves and no wrap-around
    (:attr:`Grid.standard`) that the compiled kernels serve, else a clear error: the
    tools defined on that grid only (any-angle paths, D* Lite, turn costs, jump points)."""
    require_world(graph, what)
    if not graph.standard:
        raise UnsupportedGridError(
            f"{what} serves square grids with the 4- or 8-way moves and no wrap-around, not "
            f"{graph!r} (hex maps, voxel grids, wrapped grids and grids with moves of their "
            "own work with the searches, fields, components and distance matrices)")
    return graph
