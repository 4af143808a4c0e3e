"""Pictures of navigation meshes: polygons, obstacles and a path (:func:`render_mesh`).

``y`` grows downwards in the picture, as a grid's rows do, so the mesh of a grid lies
over the grid's own picture.

Examples
--------
>>> import wayfinding as wf
>>> mesh = wf.navmesh.from_grid(wf.Grid.from_ascii('....\\n.##.\\n....'))
>>> path = wf.astar(mesh, (0.5, 0.5), (3.5, 2.5)).path
>>> render_mesh(mesh, path=path, size=200).size
(200, 150)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..errors import InvalidParameterError
from ..navmesh.mesh import NavMesh

__all__ = ["render_mesh"]

#: Obstacles, free polygons, shared edges, the path, start and goal.
COLOURS = {"obstacle": (40, 40, 48), "free": (235, 235, 225), "edge": (150, 170, 200),
           "path": (220, 60, 40), "start": (40, 170, 60), "goal": (200, 40, 160)}


def render_mesh(mesh: NavMesh, *, path: Sequence[Any] | None = None, start: Any = None,
                goal: Any = None, size: int = 800) -> Any:
    """Draw ``mesh`` (free polygons light, their shared edges thin lines, the rest dark)
    and optionally a path of points, as a Pillow ``RGB`` image whose larger side is
    ``size`` pixels (16-8192)."""
    from PIL import Image, ImageDraw

    if isinstance(size, bool) or not isinstance(size, int) or not 16 <= size <= 8192:
        raise InvalidParameterError(f"size must be an integer in [16, 8192], got {size!r}")
    x0, y0, x1, y1 = mesh.bounds
    span = max(x1 - x0, y1 - y0) or 1.0
    scale = (size - 1) / span
    width = max(1, round((x1 - x0) * scale) + 1)
    height = max(1, round((y1 - y0) * scale) + 1)
    image = Image.new("RGB", (width, height), COLOURS["obstacle"])
    draw = ImageDraw.Draw(image)

    def pixels(points: np.ndarray) -> list[tuple[float, float]]:
        return [((x - x0) * scale, (y - y0) * scale) for x, y in points.tolist()]

    for p in range(mesh.polygon_count):
        draw.polygon(pixels(mesh.polygon(p)), fill=COLOURS["free"])
    for p in range(mesh.polygon_count):
        ring = pixels(mesh.polygon(p))
        for k, q in enumerate(mesh.neighbours_of(p).tolist()):
            if q > p:
                draw.line([ring[k], ring[(k + 1) % len(ring)]], fill=COLOURS["edge"], width=1)
    if path is not None and len(path) > 1:
        draw.line(pixels(np.asarray(path, dtype=np.float64).reshape(-1, 2)), fill=COLOURS["path"],
                  width=max(1, size // 250))
    for point, colour in ((start, COLOURS["start"]), (goal, COLOURS["goal"])):
        if point is not None:
            (cx, cy), = pixels(np.asarray(point, dtype=np.float64).reshape(1, 2))
            r = max(2.0, size / 150)
            draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour)
    return image
