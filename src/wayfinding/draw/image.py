"""Grids and searches drawn as images (needs the ``draw`` extra: Pillow).

One picture: floor white, walls dark, weighted cells in shades of green (darker costs
more), a cost heat map (``cost_so_far``) with a colour bar, visited cells tinted blue,
``came_from`` as arrows when the cells are big enough (else as visited cells), the path
as a red line, the start as a green and the goal as a red disc. The cells are coloured
with whole-array numpy operations, so a 4096x4096 grid with a path takes well under a
second.

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('''
... ....
... .#5.
... ....
... ''')
>>> result = wf.astar(grid, (0, 0), (3, 2))
>>> image = wf.draw.render(grid, path=result.path, start=(0, 0), goal=(3, 2), scale=10)
>>> image.size, image.mode      # 4x3 cells of 10 pixels, and a colour bar for the costs
((110, 60), 'RGB')
>>> wf.draw.render(grid, path=result.path, scale=10, legend=False).size
(40, 30)
>>> wf.draw.to_array(grid, scale=1, legend=False).shape
(3, 4, 3)
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from typing import Any

import numpy as np

from .._tiers import any_grid
from ..errors import InvalidParameterError, WayfindingError
from ..grid.grid import Grid
from ..grid.hexgrid import HexGrid
from ..grid.voxel import VoxelGrid
from ..navmesh.mesh import NavMesh
from .worlds import hex_centres, hex_picture, path_pieces, storage_overlays, voxel_slice

__all__ = ["render", "to_array"]

FLOOR = (255, 255, 255)
WALL = (45, 45, 55)
FOREST = (70, 130, 60)
CHEAP = (255, 240, 170)
VISITED = (150, 190, 235)
PATH = (215, 35, 35)
START = (20, 160, 60)
GOAL = (200, 30, 120)
ARROW = (90, 90, 110)
#: The heat map's colour ramp (low cost first), interpolated to 256 entries.
_RAMP = np.array([(48, 18, 120), (40, 100, 190), (30, 170, 150), (140, 210, 70),
                  (250, 230, 40)], dtype=np.float64)
_LUT = np.stack([np.interp(np.linspace(0, 4, 256), np.arange(5), _RAMP[:, c])
                 for c in range(3)], axis=1).astype(np.uint8)
#: Largest picture made, in pixels (a 8192x8192 image).
MAX_PIXELS = 8192 * 8192
LEGEND_WIDTH = 70


def render(grid: Grid, *, path: Collection[Any] | None = None,
           cost_so_far: Mapping[Any, float] | np.ndarray | None = None,
           came_from: Mapping[Any, Any] | None = None,
           visited: Collection[Any] | np.ndarray | None = None,
           start: Any = None, goal: Any = None, scale: int | None = None,
           legend: bool = True, z: int | None = None) -> Any:
    """Draw ``grid`` and a search on it as a Pillow ``RGB`` image.

    Parameters
    ----------
    grid : Grid or NavMesh
        A :class:`~wayfinding.navmesh.NavMesh` is drawn by
        :func:`wayfinding.draw.mesh.render_mesh` (``path``, ``start`` and ``goal`` as
        points, ``scale`` as the larger side in pixels; the other options do not apply).
    path : sequence of (x, y), optional
        Drawn as a line through the cell centres.
    cost_so_far : mapping (x, y) -> cost, or float[H, W] array, optional
        Drawn as a heat map over the reached cells, with a colour bar when ``legend``.
    came_from : mapping (x, y) -> (x, y), optional
        Arrows towards each cell's parent when ``scale >= 8`` (at most 40,000 of them);
        otherwise its cells are drawn as visited.
    visited : collection of (x, y), or bool[H, W] array, optional
        Cells tinted blue.
    start, goal : (x, y), optional
    scale : int, optional
        Pixels per cell (1-64); by default about 800 pixels for the larger side.
    legend : bool
        Add a colour bar for the heat map (or for the cell costs of a weighted grid).
    z : int, optional
        On a :class:`~wayfinding.VoxelGrid`, the slice to draw (0 by default, or the
        start's slice): its cells, heat map and visited cells, with the path, start and
        goal projected onto it.

    A :class:`~wayfinding.HexGrid` is drawn as hexagons (``scale`` is the distance from a
    hex's centre to its corners), in its offset layout; on a wrapped grid the path is
    cut where it crosses the border. Locations are each world's own (axial on hex maps).

    Returns
    -------
    PIL.Image.Image
        ``grid.width * scale`` by ``grid.height * scale`` pixels, plus
        ``LEGEND_WIDTH`` on the right when a colour bar is drawn.

    Examples
    --------
    >>> import wayfinding as wf
    >>> render(wf.SquareGrid(3, 2), scale=4, start=(0, 0)).size
    (12, 8)
    """
    from PIL import Image, ImageDraw

    if isinstance(grid, NavMesh):  # polygons and a path of points: draw/mesh.py
        from .mesh import render_mesh

        return render_mesh(grid, path=path, start=start, goal=goal,
                           size=800 if scale is None else scale)
    grid = any_grid(grid, "render").snapshot()  # one version, even while edited
    if isinstance(grid, VoxelGrid):
        plane, overlays = voxel_slice(grid, z if z is not None else (
            int(start[2]) if start is not None else 0), path, cost_so_far, came_from, visited,
            start, goal)
        return render(plane, scale=scale, legend=legend, **overlays)
    if z is not None:
        raise InvalidParameterError(f"z is the slice of a voxel grid, not of {grid!r}")
    height, width = grid.height, grid.width
    scale = _scale(scale, width, height)
    hexes = isinstance(grid, HexGrid)
    if hexes or not grid._square:
        heat, seen = storage_overlays(grid, cost_so_far, came_from, visited)
        pixels = _cells(grid, heat, None, seen, scale)
    else:
        pixels = _cells(grid, cost_so_far, came_from, visited, scale)
        heat = _heat_array(grid, cost_so_far)
    if hexes:
        image = hex_picture(grid, pixels, scale)
    else:
        if scale > 1:
            pixels = np.repeat(np.repeat(pixels, scale, axis=0), scale, axis=1)
        image = Image.fromarray(pixels, "RGB")
    bar = _bar_range(grid, heat) if legend else None
    picture_width = image.width
    if bar is not None:
        framed = Image.new("RGB", (image.width + LEGEND_WIDTH, max(image.height, 60)), FLOOR)
        framed.paste(image, (0, 0))
        image = framed
    draw = ImageDraw.Draw(image)
    if came_from is not None and scale >= 8 and len(came_from) <= 40_000 and grid.standard:
        _arrows(draw, came_from, scale)
    if path is not None and len(path) > 0:
        stroke = max(1, scale // 3)
        for piece in path_pieces(grid, path):
            line = _centres(grid, piece, scale)
            if len(line) > 1:
                draw.line(line, fill=PATH, width=stroke, joint="curve" if stroke > 2 else None)
            else:
                _disc(draw, line[0], max(1, scale // 4), PATH)
    for location, colour in ((start, START), (goal, GOAL)):
        if location is not None:
            (centre,) = _centres(grid, [location], scale)
            _disc(draw, centre, max(2, scale * 0.4), colour)
    if bar is not None:
        _colour_bar(image, draw, picture_width, bar)
    return image


def _centres(grid: Grid, locations: list[Any], scale: int) -> list[tuple[float, float]]:
    """Pixel centres of ``locations`` (checked to lie on the grid)."""
    if isinstance(grid, HexGrid):
        offsets = [_hex_offset(grid, loc) for loc in locations]
        cols = np.array([c for c, _ in offsets], dtype=np.int64)
        rows = np.array([r for _, r in offsets], dtype=np.int64)
        x, y = hex_centres(grid, cols, rows, scale)
        return list(zip(x.tolist(), y.tolist(), strict=True))
    result = []
    for location in locations:
        x, y = _location(grid, location)
        result.append(((x + 0.5) * scale, (y + 0.5) * scale))
    return result


def _hex_offset(grid: HexGrid, location: Any) -> tuple[int, int]:
    try:
        return grid._cell_of(location)
    except WayfindingError:
        raise InvalidParameterError(f"{location!r} is not a hex of the map") from None





def to_array(grid: Grid, **options: Any) -> np.ndarray:
    """The picture :func:`render` draws, as a uint8[H, W, 3] RGB numpy array.

    Takes the same keyword arguments as :func:`render` (for example to render frames of a
    grid-world environment).

    Examples
    --------
    >>> import wayfinding as wf
    >>> frame = to_array(wf.SquareGrid(2, 2), scale=2, legend=False)
    >>> frame.shape, frame.dtype, frame[0, 0].tolist()
    ((4, 4, 3), dtype('uint8'), [255, 255, 255])
    """
    return np.asarray(render(grid, **options))


# ---------------------------------------------------------------------- the cells
def _scale(scale: int | None, width: int, height: int) -> int:
    if scale is None:
        return max(1, min(32, 800 // max(width, height)))
    if isinstance(scale, bool) or not isinstance(scale, int | np.integer) or not 1 <= scale <= 64:
        raise InvalidParameterError(f"scale must be an integer from 1 to 64, got {scale!r}")
    if width * height * scale * scale > MAX_PIXELS:
        raise InvalidParameterError(
            f"a {width}x{height} grid at scale {scale} needs "
            f"{width * height * scale * scale} pixels, more than {MAX_PIXELS}")
    return int(scale)


def _cells(grid: Grid, cost_so_far: Any, came_from: Any, visited: Any,
           scale: int) -> np.ndarray:
    """uint8[H, W, 3]: one colour per cell."""
    shape = (grid.height, grid.width)
    pixels = np.empty((*shape, 3), dtype=np.uint8)
    pixels[...] = FLOOR
    costs = grid.costs
    if costs is not None:
        finite = np.isfinite(costs)
        top = float(costs[finite].max()) if finite.any() else 1.0
        dear = costs > 1
        if dear.any() and top > 1:
            t = np.clip((costs - 1) / (top - 1), 0, 1)[..., None] * 0.85 + 0.15
            shade = (1 - t) * np.array(FLOOR) + t * np.array(FOREST)
            pixels[dear] = shade[dear].astype(np.uint8)
        pixels[costs < 1] = CHEAP
    seen = _mask(grid, visited, "visited")
    if came_from is not None and not (scale >= 8 and len(came_from) <= 40_000):
        from_came = (_reached(came_from.array) if hasattr(came_from, "array")
                     else _mask(grid, came_from.keys(), "came_from"))
        seen = from_came if seen is None else seen | from_came
    if seen is not None:
        pixels[seen] = (pixels[seen] * 0.45 + np.array(VISITED) * 0.55).astype(np.uint8)
    heat = _heat_array(grid, cost_so_far)
    if heat is not None:
        reached = np.isfinite(heat)
        if reached.any():
            low, high = float(heat[reached].min()), float(heat[reached].max())
            index = np.zeros(shape, dtype=np.int64)
            if high > low:
                index[reached] = ((heat[reached] - low) / (high - low) * 255).astype(np.int64)
            pixels[reached] = (pixels[reached] * 0.25 + _LUT[index[reached]] * 0.75
                               ).astype(np.uint8)
    pixels[~grid.passable_mask] = WALL
    return pixels


def _reached(parents: np.ndarray) -> np.ndarray:
    """Cells with a parent in a came_from array (and the cells they come from)."""
    mask = parents >= 0
    flat = mask.reshape(-1).copy()
    flat[parents[mask]] = True
    return flat.reshape(parents.shape)


def _mask(grid: Grid, cells: Any, name: str) -> np.ndarray | None:
    if cells is None:
        return None
    shape = (grid.height, grid.width)
    if isinstance(cells, np.ndarray):
        if cells.shape != shape:
            raise InvalidParameterError(
                f"{name} array has shape {cells.shape}, expected {shape} (height, width)")
        return cells.astype(bool)
    mask = np.zeros(shape, dtype=bool)
    xy = np.asarray(list(cells), dtype=np.int64).reshape(-1, 2)
    if xy.size:
        _check_inside(grid, xy, name)
        mask[xy[:, 1], xy[:, 0]] = True
    return mask


def _heat_array(grid: Grid, cost_so_far: Any) -> np.ndarray | None:
    if cost_so_far is None:
        return None
    shape = (grid.height, grid.width)
    if isinstance(cost_so_far, np.ndarray) or hasattr(cost_so_far, "array"):
        heat = np.asarray(getattr(cost_so_far, "array", cost_so_far), dtype=np.float64)
        if heat.shape != shape:
            raise InvalidParameterError(
                f"cost_so_far array has shape {heat.shape}, expected {shape} (height, width)")
        return heat
    heat = np.full(shape, np.inf)
    if len(cost_so_far):
        xy = np.asarray(list(cost_so_far.keys()), dtype=np.int64).reshape(-1, 2)
        _check_inside(grid, xy, "cost_so_far")
        heat[xy[:, 1], xy[:, 0]] = np.fromiter(cost_so_far.values(), dtype=np.float64,
                                               count=len(xy))
    return heat


def _check_inside(grid: Grid, xy: np.ndarray, name: str) -> None:
    outside = (xy[:, 0] < 0) | (xy[:, 0] >= grid.width) | (xy[:, 1] < 0) | (
        xy[:, 1] >= grid.height)
    if outside.any():
        bad = tuple(xy[np.argmax(outside)].tolist())
        raise InvalidParameterError(
            f"{name} has {bad}, outside the {grid.width}x{grid.height} grid")


def _location(grid: Grid, location: Any) -> tuple[int, int]:
    try:
        x, y = (int(v) for v in location)
    except (TypeError, ValueError):
        raise InvalidParameterError(f"expected an (x, y) cell, got {location!r}") from None
    _check_inside(grid, np.array([[x, y]]), "start/goal")
    return x, y


# ---------------------------------------------------------------------- overlays
def _disc(draw: Any, centre: tuple[float, float], radius: float, colour: tuple) -> None:
    cx, cy = centre
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour,
                 outline=(0, 0, 0))


def _arrows(draw: Any, came_from: Mapping[Any, Any], scale: int) -> None:
    for (x, y), parent in came_from.items():
        if parent is None:
            continue
        px, py = parent
        cx, cy = (x + 0.5) * scale, (y + 0.5) * scale
        dx, dy = px - x, py - y
        norm = math.hypot(dx, dy) or 1.0
        ux, uy = dx / norm, dy / norm
        tip = (cx + ux * scale * 0.35, cy + uy * scale * 0.35)
        tail = (cx - ux * scale * 0.3, cy - uy * scale * 0.3)
        draw.line([tail, tip], fill=ARROW, width=max(1, scale // 10))
        head = scale * 0.18
        for side in (1, -1):
            hx = tip[0] - ux * head - side * uy * head * 0.7
            hy = tip[1] - uy * head + side * ux * head * 0.7
            draw.line([tip, (hx, hy)], fill=ARROW, width=max(1, scale // 10))


def _bar_range(grid: Grid, heat: np.ndarray | None) -> tuple[str, float, float] | None:
    if heat is not None:
        finite = heat[np.isfinite(heat)]
        return ("cost so far", float(finite.min()), float(finite.max())) if finite.size else None
    costs = grid.costs
    if costs is not None:
        finite = costs[np.isfinite(costs)]
        if finite.size and finite.max() > finite.min():
            return ("cell cost", float(finite.min()), float(finite.max()))
    return None


def _colour_bar(image: Any, draw: Any, left: int, bar: tuple[str, float, float]) -> None:
    title, low, high = bar
    top, bottom = 16, max(image.height - 16, 40)
    ramp = _LUT if title == "cost so far" else None
    for row in range(top, bottom):
        t = 1 - (row - top) / max(1, bottom - top - 1)
        if ramp is not None:
            colour = tuple(int(c) for c in ramp[int(t * 255)])
        else:
            s = t * 0.85 + 0.15
            colour = tuple(int((1 - s) * f + s * g) for f, g in zip(FLOOR, FOREST, strict=True))
        draw.line([(left + 8, row), (left + 24, row)], fill=colour)
    draw.rectangle((left + 8, top, left + 24, bottom - 1), outline=(0, 0, 0))
    draw.text((left + 4, 2), title, fill=(0, 0, 0))
    draw.text((left + 28, top), f"{high:.4g}", fill=(0, 0, 0))
    draw.text((left + 28, bottom - 12), f"{low:.4g}", fill=(0, 0, 0))
