"""The navigation mesh of a grid's open cells (:func:`grid_mesh`), kept on the grid.

Cell ``(x, y)`` is the unit square from corner ``(x, y)`` to ``(x + 1, y + 1)``; the
mesh's free space is exactly the union of the open cells (walls and the outside are
obstacles). The open cells are covered by rectangles (runs of a row stacked over rows
with the same ends, then side-by-side rectangles of the same rows joined: an axis-aligned
union of rectangles is convex only when it is a rectangle, so these are the convex
polygons), with the vertices where a neighbour's corner meets a side (T-junctions), so
every edge is shared whole (:mod:`wayfinding.navmesh._kernels.gridmesh`).

The mesh is derived data of the grid (:data:`GRID_MESH`): built on first need, rebuilt
after an edit.

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('''
... ...
... .#.
... ...''')
>>> gm = grid_mesh(grid)
>>> gm.mesh.polygon_count, int(gm.cell_polygon[0, 0]), int(gm.cell_polygon[1, 1])
(4, 0, -1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from .. import _lazy
from ..errors import InvalidParameterError
from ..grid.derived import Derived
from .mesh import NavMesh

if TYPE_CHECKING:
    from ..grid.grid import Grid

__all__ = ["GRID_MESH", "GridMesh", "from_grid", "grid_mesh", "mesh_of_cells"]


@dataclass(frozen=True, eq=False)
class GridMesh:
    """A grid's mesh and, for every cell, the polygon holding it (-1: a wall)."""

    mesh: NavMesh
    cell_polygon: np.ndarray


def mesh_of_cells(open_cells: np.ndarray) -> GridMesh:
    """The mesh of the True cells of a ``bool[H, W]`` array (``[y, x]``); at least one
    must be True."""
    k = _lazy.kernels("wayfinding.navmesh._kernels.gridmesh")
    rects, cell_rect = k.rectangles(np.ascontiguousarray(open_cells, dtype=np.bool_))
    vertices, offsets, flat, adj = k.assemble(rects, cell_rect)
    mesh = NavMesh.built(vertices, offsets, flat, adj)
    cell_rect.flags.writeable = False
    return GridMesh(mesh, cell_rect)


def _build(grid: Grid) -> GridMesh | None:
    open_cells = grid.passable_mask
    if not open_cells.any():
        return None
    return mesh_of_cells(open_cells)


#: The grid's mesh (None when no cell is open).
GRID_MESH: Derived[GridMesh | None] = Derived("navigation mesh", _build, plain=True)


def grid_mesh(grid: Grid) -> GridMesh:
    """The mesh of ``grid``'s open cells (module docstring), built once per grid version.

    Raises InvalidParameterError when no cell is open.
    """
    if not (hasattr(grid, "derived") and hasattr(grid, "passable_mask")):
        raise InvalidParameterError(f"a grid mesh needs a Grid, got {type(grid).__name__}")
    found = grid.derived(GRID_MESH)
    if found is None:
        raise InvalidParameterError("the grid has no open cell: it has no mesh")
    return found


def from_grid(grid: Grid) -> NavMesh:
    """The navigation mesh of ``grid``'s open cells (``wf.navmesh.from_grid``): cell
    ``(x, y)`` is the square from corner ``(x, y)`` to ``(x + 1, y + 1)``."""
    return grid_mesh(grid).mesh
