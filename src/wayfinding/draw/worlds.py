"""Pictures of the worlds beyond the square grid: hex maps drawn as hexagons, one slice of
a voxel grid, and paths that cross a wrapped border (drawn in pieces).

Called by :func:`wayfinding.draw.render`; the cells are coloured by its own code (over the
grid's storage arrays), so every world's picture means the same as a square grid's.

Examples
--------
>>> import numpy as np
>>> import wayfinding as wf
>>> grid = wf.HexGrid(np.ones((3, 4), bool))
>>> wf.draw.render(grid, path=[(0, 0), (1, 0)], scale=10, legend=False).size
(79, 51)
>>> voxels = wf.VoxelGrid(np.ones((3, 4, 5), bool))
>>> wf.draw.render(voxels, z=1, scale=4, legend=False).size
(20, 16)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Collection, Mapping
from typing import Any

import numpy as np

from ..errors import InvalidParameterError
from ..grid.grid import Grid
from ..grid.hexgrid import HexGrid
from ..grid.voxel import VoxelGrid

__all__ = ["hex_centres", "hex_picture", "path_pieces", "storage_overlays", "voxel_slice"]

SQRT3 = math.sqrt(3.0)


def storage_overlays(grid: Grid, cost_so_far: Any, came_from: Any, visited: Any
                     ) -> tuple[np.ndarray | None, np.ndarray | None]:
    """``(heat, seen)``: the cost heat map (float[...], inf where unreached) and the cells
    to tint (bool[...]), as arrays of the grid's storage shape, from the overlays given
    by location (mappings, collections) or as arrays already."""
    shape = grid.passable_mask.shape
    heat = None
    if cost_so_far is not None:
        if isinstance(cost_so_far, np.ndarray) or hasattr(cost_so_far, "array"):
            heat = np.asarray(getattr(cost_so_far, "array", cost_so_far), dtype=np.float64)
            _same_shape(heat, shape, "cost_so_far")
        else:
            heat = np.full(shape, np.inf)
            for location, cost in cost_so_far.items():
                heat[_index(grid, location, "cost_so_far")] = cost
    seen = None
    for cells, name in ((visited, "visited"), (came_from, "came_from")):
        if cells is None:
            continue
        if isinstance(cells, np.ndarray):
            _same_shape(cells, shape, name)
            mask = cells.astype(bool)
        else:
            mask = np.zeros(shape, dtype=bool)
            for location in (cells.keys() if isinstance(cells, Mapping) else cells):
                mask[_index(grid, location, name)] = True
        seen = mask if seen is None else seen | mask
    return heat, seen


def _same_shape(array: np.ndarray, shape: tuple[int, ...], name: str) -> None:
    if array.shape != shape:
        raise InvalidParameterError(
            f"{name} array has shape {array.shape}, expected {shape} (the grid's arrays)")


def _index(grid: Grid, location: Any, name: str) -> tuple[int, ...]:
    """The storage array index of ``location`` (InvalidParameterError when outside)."""
    try:
        cell = grid._cell_of(location) if not grid._square else None
        if cell is None:
            x, y = (int(v) for v in location)
            if not (0 <= x < grid.width and 0 <= y < grid.height):
                raise ValueError
            return (y, x)
    except (ValueError, TypeError):
        raise InvalidParameterError(f"{name} has {location!r}, outside the grid") from None
    return tuple(reversed(cell))


def hex_centres(grid: HexGrid, cols: np.ndarray, rows: np.ndarray,
                size: float) -> tuple[np.ndarray, np.ndarray]:
    """Pixel centres of the hexes at offsets ``(cols, rows)``: the offset picture, with the
    first hex's corners touching the picture's top and left edges."""
    layout = grid.layout
    shoved = 1 if layout.odd else 0
    if layout.rows:
        x = size * SQRT3 * (cols + 0.5 * ((rows & 1) == shoved) + 0.5)
        y = size * (1.5 * rows + 1.0)
    else:
        x = size * (1.5 * cols + 1.0)
        y = size * SQRT3 * (rows + 0.5 * ((cols & 1) == shoved) + 0.5)
    return x, y


def hex_picture(grid: HexGrid, colours: np.ndarray, size: float) -> Any:
    """An image of the hexes, each filled with its colour (``colours[row, col]``)."""
    from PIL import Image, ImageDraw

    rows, cols = np.indices(grid.passable_mask.shape)
    x, y = hex_centres(grid, cols.ravel(), rows.ravel(), size)
    width = math.ceil(x.max() + size * (SQRT3 / 2 if grid.layout.rows else 1.0)) + 1
    height = math.ceil(y.max() + size * (1.0 if grid.layout.rows else SQRT3 / 2)) + 1
    image = Image.new("RGB", (width, height), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    start = 30.0 if grid.layout.rows else 0.0
    angles = [math.radians(start + 60.0 * i) for i in range(6)]
    flat_colours = colours.reshape(-1, 3)
    outline = (200, 200, 200) if size >= 4 else None
    for cx, cy, colour in zip(x.tolist(), y.tolist(), flat_colours.tolist(), strict=True):
        corners = [(cx + size * math.cos(a), cy + size * math.sin(a)) for a in angles]
        draw.polygon(corners, fill=tuple(colour), outline=outline)
    return image


def path_pieces(grid: Grid, path: Collection[Any]) -> list[list[Any]]:
    """``path`` cut where it crosses a wrapped border (two steps apart on the picture)."""
    points = list(path)
    if not any(grid.wrap) or len(points) < 2:
        return [points]
    reach = grid.moves.reach
    pieces = [[points[0]]]
    for a, b in itertools.pairwise(points):
        ca = grid.to_offset(a) if isinstance(grid, HexGrid) else a
        cb = grid.to_offset(b) if isinstance(grid, HexGrid) else b
        if abs(ca[0] - cb[0]) > reach or abs(ca[1] - cb[1]) > reach:
            pieces.append([])
        pieces[-1].append(b)
    return pieces


def voxel_slice(grid: VoxelGrid, z: Any, path: Any, cost_so_far: Any, came_from: Any,
                visited: Any, start: Any, goal: Any) -> tuple[Grid, dict[str, Any]]:
    """The slice ``z`` of a voxel grid as a 2-D grid, and :func:`render`'s arguments for
    it: heat and visited cells of that slice; the path, start and goal projected onto
    it (dropping z)."""
    if isinstance(z, bool) or not isinstance(z, int | np.integer) or not 0 <= z < grid.depth:
        raise InvalidParameterError(
            f"z must be an integer slice from 0 to {grid.depth - 1}, got {z!r}")
    costs = grid.costs
    plane = Grid(grid.passable_mask[z], None if costs is None else costs[z])
    heat, seen = storage_overlays(grid, cost_so_far, came_from, visited)

    def flat(location: Any) -> Any:
        return None if location is None else (int(location[0]), int(location[1]))

    return plane, {
        "path": None if path is None else [flat(p) for p in path],
        "cost_so_far": None if heat is None else heat[z],
        "visited": None if seen is None else seen[z],
        "start": flat(start), "goal": flat(goal)}
