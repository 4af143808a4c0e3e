"""The one place that decides which tier serves a graph.

A :class:`~wayfinding.grid.grid.Grid` is served by the compiled grid kernels when they
can follow it: its class does not redefine ``neighbors`` or ``cost`` (the kernels read
the grid's arrays and movement rules, and cannot know what such a subclass does).

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('..')
>>> grid_tier(grid) is grid, grid_tier({'a': ['b']})
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

__all__ = ["grid_tier", "require_grid"]


def grid_tier(graph: Any) -> Grid | None:
    """``graph`` when the compiled grid kernels can serve it, else None."""
    if not isinstance(graph, Grid):
        return None
    cls = type(graph)
    if cls is Grid or (cls.neighbors is Grid.neighbors and cls.cost is Grid.cost):
        return graph
    return None


def require_grid(graph: Any, what: str) -> Grid:
    """``graph`` if the compiled grid kernels can serve it, else a clear error naming
    ``what`` (InvalidParameterError for a non-grid, UnsupportedGridError for a Grid
    subclass with rules of its own)."""
    grid = grid_tier(graph)
    if grid is not None:
        return grid
    if not isinstance(graph, Grid):
        raise InvalidParameterError(f"{what} needs a Grid, got {type(graph).__name__}")
    raise UnsupportedGridError(
        f"{what} runs on the grid's arrays and movement rules; {type(graph).__name__} "
        "redefines neighbors() or cost(), which it cannot follow"
    )
