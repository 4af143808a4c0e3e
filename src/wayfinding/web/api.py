"""What the explorer page asks of the server, as plain functions over JSON values.

Every bad request raises :class:`BadRequest` with an HTTP status and a message naming the
bad value; the WSGI layer (:mod:`wayfinding.web.server`) turns it into a 4xx answer.

Examples
--------
>>> answer = solve_request({"width": 4, "height": 1, "cells": "..#.", "start": [0, 0],
...                         "goal": [1, 0], "algorithm": "astar"})
>>> answer["cost"], answer["path"], answer["trace"]["order"]
(1.0, [[0, 0], [1, 0]], [0])
>>> solve_request({"width": 4, "height": 1, "cells": "..#.", "start": [0, 0], "goal": [3, 0],
...                "algorithm": "astar", "wrap": [True, False]})["path"]
[[0, 0], [3, 0]]

A hex map (``"world": "hex"``, ``"layout": "odd-r"``...) is sent and answered in its offset
``[col, row]`` cells, like a square grid's ``[x, y]``: the page draws what it sends.
>>> solve_request({"width": 2, "height": 1, "cells": "..", "start": [0, 0],
...                "goal": [1, 0], "algorithm": "fastest"})
Traceback (most recent call last):
...
wayfinding.web.api.BadRequest: 400: unknown algorithm 'fastest'; expected one of ...
"""

from __future__ import annotations

import contextlib
import math
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import WayfindingError
from ..grid.grid import Grid
from ..grid.hexgrid import HexGrid
from ..grid.movement import CornerCutting
from ..hex import HexLayout
from ..io.movingai import read_map
from .algorithms import TRACEABLE, Algorithm, Heuristic, solve, trace

__all__ = ["MAX_CELLS", "MAX_SECONDS", "MAX_TRACE", "BadRequest", "list_maps", "load_map",
           "options", "solve_request"]

#: Largest grid a request may carry (cells); MovingAI's largest maps are 1024x1024 (dao 2k).
MAX_CELLS = 2048 * 2048
#: Expansions recorded for the step-by-step display at most.
MAX_TRACE = 400_000
#: Largest grid mesh sent to the page with an any-angle answer (polygons).
MAX_MESH_POLYGONS = 50_000
#: Seconds the search of one request may take, and again its trace (a large request
#: costs far more, the trace most of it: ``benchmarks/NOTES.md``, "Explorer server");
#: when they run out the answer has ``reason`` "max_seconds" or a trace that is not
#: ``complete``. Loading the compiled kernels is not counted: each kind of search is
#: first run on a tiny grid.
MAX_SECONDS = 3.0
_CELL_CODES = {ord("#"): 0, ord("."): 1, **{ord(str(d)): d for d in range(1, 10)}}


class BadRequest(Exception):
    """A request the server refuses: ``status`` (4xx) and a message for the user."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(f"{status}: {message}")
        self.status = status
        self.message = message


def options() -> dict[str, Any]:
    """What the page may choose from."""
    return {
        "algorithms": [{"name": a.value, "traceable": a in TRACEABLE} for a in Algorithm],
        "heuristics": [h.value for h in Heuristic],
        "corner_cutting": [c.name.lower() for c in CornerCutting],
        "worlds": ["square", "hex"],
        "layouts": [layout.value for layout in HexLayout],
        "max_cells": MAX_CELLS,
        "max_seconds": MAX_SECONDS,
    }


# ---------------------------------------------------------------------- maps
def list_maps(root: Path | None) -> list[str]:
    """Names (``/``-separated, relative to ``root``) of the ``.map`` files inside it."""
    if root is None:
        return []
    names = []
    for path in sorted(root.rglob("*.map")):
        if path.is_file() and path.resolve().is_relative_to(root):
            names.append(path.relative_to(root).as_posix())
    return names


def resolve_map(root: Path | None, name: Any) -> Path:
    """The file ``name`` names inside ``root``; anything leading out of it is refused."""
    if root is None:
        raise BadRequest(404, "no map directory: start the server with --maps DIR")
    if not isinstance(name, str) or not name:
        raise BadRequest(400, f"expected a map name, got {name!r}")
    if "\x00" in name or "\\" in name or name.startswith("/") or ":" in name:
        raise BadRequest(400, f"map name {name!r} must be a relative path with '/'")
    if not name.endswith(".map"):
        raise BadRequest(400, f"map name {name!r} must end in .map")
    if any(part in ("..", ".") for part in name.split("/")):
        raise BadRequest(403, f"map name {name!r} leads out of the map directory")
    candidate = root / name
    try:
        resolved = candidate.resolve(strict=True)
    except (FileNotFoundError, NotADirectoryError):
        raise BadRequest(404, f"no map {name!r}") from None
    except (OSError, RuntimeError) as error:  # symlink loops
        raise BadRequest(403, f"map {name!r} cannot be read: {error}") from None
    if not resolved.is_relative_to(root):
        raise BadRequest(403, f"map {name!r} leads out of the map directory (symlink)")
    if not resolved.is_file():
        raise BadRequest(404, f"no map {name!r}")
    return resolved


def load_map(root: Path | None, name: Any) -> dict[str, Any]:
    """A MovingAI map as the page's cell string (``#`` wall, ``.`` floor)."""
    path = resolve_map(root, name)
    try:
        grid = read_map(path)
    except WayfindingError as error:
        raise BadRequest(422, f"map {name!r} is not a valid MovingAI map: {error}") from None
    if grid.width * grid.height > MAX_CELLS:
        raise BadRequest(413, f"map {name!r} has {grid.width * grid.height} cells, "
                              f"more than {MAX_CELLS}")
    cells = np.where(grid.passable_mask, ord("."), ord("#")).astype(np.uint8)
    return {"name": name, "width": grid.width, "height": grid.height,
            "cells": cells.tobytes().decode("ascii"), "diagonal": True,
            "corner_cutting": "never"}


# ---------------------------------------------------------------------- solving
def solve_request(body: Any) -> dict[str, Any]:
    """Run the search a page asks for; the answer has cost, path, expanded and a trace."""
    if not isinstance(body, dict):
        raise BadRequest(400, f"expected a JSON object, got {type(body).__name__}")
    grid = _grid(body)
    start = _location(grid, _cell(body, "start", grid))
    goal = _location(grid, _cell(body, "goal", grid))
    algorithm = _choice(body, "algorithm", Algorithm, "astar")
    heuristic = _choice(body, "heuristic", Heuristic, "default")
    weight = _number(body, "weight", 2.0, low=1.0)
    turn_cost = _number(body, "turn_cost", 1.0, low=0.0)
    try:
        _warm_up(grid, algorithm, heuristic)
        outcome = solve(grid, start, goal, algorithm, heuristic=heuristic, weight=weight,
                        turn_cost=turn_cost, max_seconds=MAX_SECONDS)
        steps = (trace(grid, start, goal, algorithm, heuristic=heuristic, weight=weight,
                       limit=MAX_TRACE, max_seconds=MAX_SECONDS)
                 if algorithm in TRACEABLE and body.get("trace", True) else None)
    except WayfindingError as error:
        raise BadRequest(400, str(error)) from None
    result = outcome.result
    width = grid.width
    answer: dict[str, Any] = {
        "algorithm": algorithm.value,
        "found": result.path is not None,
        "cost": result.cost if math.isfinite(result.cost) else None,
        "length": len(result.path) if result.path is not None else 0,
        "expanded": result.expanded,
        "seconds": outcome.seconds,
        "reason": result.reason.value,
        "path": [list(_offset(grid, loc)) for loc in result.path] if result.path else [],
        "trace": None,
    }
    if algorithm is Algorithm.ANY_ANGLE:
        answer.update(_mesh_answer(grid, result))
    if steps is not None:
        order = [_offset(grid, loc) for loc in steps.order]
        reached = [_offset(grid, loc) for loc in steps.reached]
        answer["trace"] = {
            "order": [y * width + x for x, y in order],
            "reached": [y * width + x for x, y in reached],
            "reached_step": steps.reached_step,
            "reached_cost": [c if math.isfinite(c) else None for c in steps.reached_cost],
            "complete": steps.complete,
        }
    return answer


def _mesh_answer(grid: Grid, result: Any) -> dict[str, Any]:
    """An any-angle answer's path as points (the page draws through cell centres, so
    half a cell off the mesh's corner coordinates) and the grid's mesh as polygons of
    corner points (left out above :data:`MAX_MESH_POLYGONS`)."""
    from ..navmesh.build import grid_mesh

    mesh = grid_mesh(grid).mesh
    polygons = ([mesh.polygon(p).tolist() for p in range(mesh.polygon_count)]
                if mesh.polygon_count <= MAX_MESH_POLYGONS else None)
    path = [[x - 0.5, y - 0.5] for x, y in result.path] if result.path else []
    return {"path": path, "mesh": polygons}


#: The kinds of search already run once in this process (see :func:`_warm_up`).
_WARM: set[tuple[Any, ...]] = set()


def _warm_up(grid: Grid, algorithm: Algorithm, heuristic: Heuristic) -> None:
    """Run ``algorithm`` once on a tiny grid of ``grid``'s kind, so that loading (or
    compiling) its kernels is not charged to the request's :data:`MAX_SECONDS`."""
    m = grid.movement
    key = (algorithm, heuristic, m.diagonal, m.corner_cutting, grid.costs is not None)
    if key in _WARM:
        return
    tiny = Grid(np.ones((4, 4), bool), None if grid.costs is None else np.full((4, 4), 2.0),
                diagonal=m.diagonal, corner_cutting=m.corner_cutting)
    with contextlib.suppress(WayfindingError):  # not for this grid: the request says so
        solve(tiny, (0, 0), (3, 3), algorithm, heuristic=heuristic)
    _WARM.add(key)


def _grid(body: dict[str, Any]) -> Grid:
    width, height = body.get("width"), body.get("height")
    for name, value in (("width", width), ("height", height)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise BadRequest(400, f"{name} must be a positive integer, got {value!r}")
    if width * height > MAX_CELLS:
        raise BadRequest(413, f"a {width}x{height} grid has {width * height} cells, "
                              f"more than {MAX_CELLS}")
    cells = body.get("cells")
    if not isinstance(cells, str):
        raise BadRequest(400, f"cells must be a string, got {type(cells).__name__}")
    if len(cells) != width * height:
        raise BadRequest(400, f"cells has {len(cells)} characters, expected width x height "
                              f"= {width * height}")
    try:
        raw = np.frombuffer(cells.encode("ascii"), dtype=np.uint8)
    except UnicodeEncodeError:
        raise BadRequest(400, "cells must use only '#', '.' and digits 1-9") from None
    lut = np.full(256, 255, dtype=np.uint8)
    for code, value in _CELL_CODES.items():
        lut[code] = value
    values = lut[raw].reshape(height, width)
    if (values == 255).any():
        bad = chr(int(raw[np.argmax(values.reshape(-1) == 255)]))
        raise BadRequest(400, f"cells has {bad!r}; expected '#', '.' or a digit 1-9")
    diagonal = body.get("diagonal", False)
    if not isinstance(diagonal, bool):
        raise BadRequest(400, f"diagonal must be true or false, got {diagonal!r}")
    cutting = body.get("corner_cutting", "never")
    names = {c.name.lower(): c for c in CornerCutting}
    if cutting not in names:
        raise BadRequest(400, f"unknown corner_cutting {cutting!r}; expected one of "
                              f"{sorted(names)}")
    costs = values.astype(np.float64)
    weighted = bool((values > 1).any())
    wrap = body.get("wrap", [False, False])
    if not (isinstance(wrap, list) and len(wrap) == 2 and all(isinstance(w, bool) for w in wrap)):
        raise BadRequest(400, f"wrap must be [x, y], two booleans, got {wrap!r}")
    world = body.get("world", "square")
    try:
        if world == "hex":
            layout = _choice(body, "layout", HexLayout, "odd-r")
            return HexGrid(values > 0, costs if weighted else None, layout=layout,
                           wrap=tuple(wrap))
        if world != "square":
            raise BadRequest(400, f"unknown world {world!r}; expected 'square' or 'hex'")
        return Grid(values > 0, costs if weighted else None, diagonal=diagonal,
                    corner_cutting=names[cutting], wrap=tuple(wrap))
    except WayfindingError as error:
        raise BadRequest(400, str(error)) from None


def _location(grid: Grid, cell: tuple[int, int]) -> Any:
    """The location of the page's ``[x, y]`` cell (axial on a hex map)."""
    return grid.from_offset(cell) if isinstance(grid, HexGrid) else cell


def _offset(grid: Grid, location: Any) -> tuple[int, int]:
    """The page's ``[x, y]`` cell of a location (the offset of a hex)."""
    if isinstance(grid, HexGrid):
        return grid.to_offset(location)
    return (int(location[0]), int(location[1]))


def _cell(body: dict[str, Any], name: str, grid: Grid) -> tuple[int, int]:
    value = body.get(name)
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise BadRequest(400, f"{name} must be [x, y] (two integers), got {value!r}")
    x, y = value
    if not (0 <= x < grid.width and 0 <= y < grid.height):
        raise BadRequest(400, f"{name} {value} is outside the {grid.width}x{grid.height} grid")
    return x, y


def _choice(body: dict[str, Any], name: str, kind: Any, default: str) -> Any:
    value = body.get(name, default)
    try:
        return kind(value)
    except (ValueError, TypeError):
        raise BadRequest(400, f"unknown {name} {value!r}; expected one of "
                              f"{[k.value for k in kind]}") from None


def _number(body: dict[str, Any], name: str, default: float, *, low: float) -> float:
    value = body.get(name, default)
    if (isinstance(value, bool) or not isinstance(value, int | float)
            or not math.isfinite(value) or value < low):
        raise BadRequest(400, f"{name} must be a finite number >= {low:g}, got {value!r}")
    return float(value)
