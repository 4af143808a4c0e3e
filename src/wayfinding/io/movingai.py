"""Reading and writing MovingAI benchmark maps (``.map``) and scenarios (``.scen``).

The format is the one of N. Sturtevant's grid benchmarks (Benchmarks for Grid-Based
Pathfinding, IEEE TCIAIG 4(2):144-148, 2012). A map is a header ``type octile``,
``height H``, ``width W``, ``map``, then H rows of W characters: ``.`` ``G`` ground,
``S`` swamp, ``W`` water, ``T`` trees, ``@`` ``O`` out of bounds. It becomes an 8-way
:class:`~wayfinding.Grid` with sqrt 2 diagonals and no corner cutting (the benchmark's
rules). By default terrain follows the benchmark's rule too (:class:`TerrainRule`):
ground and swamp are one terrain class, water another, and a unit steps only within one
class (``grid.classes``); trees and out-of-bounds cells are walls. The grid keeps every
cell's character (``grid.terrain``, ASCII codes), so :func:`write_map` writes the same
file back. See :mod:`wayfinding.io.terrain` for the other rules and terrain costs.

Reading is tolerant of what is found in the wild: CRLF line endings, a byte-order mark,
header keys in any order, blank lines and trailing whitespace anywhere. Anything else
malformed raises :class:`~wayfinding.errors.MapFormatError` naming the file and line.

Scenarios (:class:`Scenario`, :func:`read_scenarios`, :func:`matches_optimal`) live in
:mod:`wayfinding.io.scenario` and are re-exported here.

Examples
--------
>>> grid = parse_map('''type octile
... height 2
... width 3
... map
... ..@
... T.G
... ''')
>>> grid
Grid(3x2, diagonal=True, weighted=False, corner_cutting=NEVER)
>>> print(format_map(grid), end="")
type octile
height 2
width 3
map
..@
T.G
>>> water = parse_map("type octile\\nheight 1\\nwidth 3\\nmap\\n.SW\\n")
>>> water.passable_mask.tolist(), water.classes.tolist()
([[True, True, True]], [[0, 0, 1]])
>>> water.neighbors((2, 0))
[]
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from typing import Any

import numpy as np

from .._tiers import is_grid
from ..errors import MapFormatError, UnsupportedGridError
from ..grid import CornerCutting, Grid
from .scenario import (
    Scenario,
    format_scenarios,
    matches_optimal,
    parse_scenarios,
    read_scenarios,
    read_text,
    write_scenarios,
)
from .terrain import OPEN_CHARS, WALL_CHARS, TerrainRule, terrain_arrays, terrain_text

__all__ = [
    "BLOCKED_CHARS",
    "PASSABLE_CHARS",
    "Scenario",
    "TerrainRule",
    "format_map",
    "format_scenarios",
    "matches_optimal",
    "parse_map",
    "parse_scenarios",
    "read_map",
    "read_scenarios",
    "write_map",
    "write_scenarios",
]

#: Map characters a unit may stand on (water only under some rules, see TerrainRule).
PASSABLE_CHARS = frozenset(OPEN_CHARS)
#: Map characters that always block: out of bounds, trees.
BLOCKED_CHARS = frozenset(WALL_CHARS)

_MAP_CHARS = PASSABLE_CHARS | BLOCKED_CHARS
_HEADER_KEYS = ("type", "height", "width")

PathLike = str | os.PathLike[str]


def read_map(path: PathLike, *, rule: TerrainRule = TerrainRule.CLASSES,
             costs: Mapping[str, float] | None = None) -> Grid:
    """Read a MovingAI ``.map`` file into an 8-way grid with the benchmark's rules.

    Parameters
    ----------
    path : str or PathLike
        The ``.map`` file.
    rule : TerrainRule
        How terrain becomes movement: ``CLASSES`` (default, the benchmark's: ground and
        swamp one class, water another, steps only within a class), ``WATER_WALLS``
        (water is a wall) or ``ONE_CLASS`` (ground, swamp and water all one class).
    costs : mapping of str to float, optional
        Entry cost per terrain character among ``.``, ``G``, ``S``, ``W`` (others cost
        1); ``math.inf`` makes that terrain a wall. The grid is weighted when any open
        cell costs other than 1.

    Returns
    -------
    Grid
        ``Grid(passable, costs, diagonal=True, diagonal_cost=sqrt(2),
        corner_cutting=CornerCutting.NEVER, classes=..., terrain=...)``: ``classes`` is
        set when the map has open water under ``CLASSES`` (None otherwise), ``terrain``
        always holds the map characters (ASCII codes).

    Raises
    ------
    MapFormatError
        When the file is malformed; the message names the file and the line.
    InvalidCostError, InvalidParameterError
        For a bad ``costs`` mapping or ``rule``.

    Examples
    --------
    A map written by :func:`write_map` reads back as it was:

    >>> import tempfile, pathlib
    >>> from wayfinding import Grid
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     write_map(Grid.from_ascii(".#.", diagonal=True), pathlib.Path(folder, "tiny.map"))
    ...     read_map(pathlib.Path(folder, "tiny.map")).passable_mask.tolist()
    [[True, False, True]]
    """
    return parse_map(read_text(path), source=os.fspath(path), rule=rule, costs=costs)


def parse_map(text: str, source: str = "<text>", *, rule: TerrainRule = TerrainRule.CLASSES,
              costs: Mapping[str, float] | None = None) -> Grid:
    """Parse the text of a MovingAI map; ``source`` names it in error messages.

    ``rule`` and ``costs`` as for :func:`read_map`. Error messages quote at most a short,
    escaped excerpt of the offending line, and nothing of a file whose first line is not
    a header line (a file that is not a map, such as a ``.netrc`` a scenario names).

    Examples
    --------
    >>> parse_map("height 1\\r\\nwidth 1\\r\\ntype octile\\r\\nmap\\r\\nG\\r\\n").shape
    (1, 1)
    >>> parse_map("type octile\\nheight 1\\nwidth 1\\nmap\\n?\\n", source="x.map")
    Traceback (most recent call last):
    ...
    wayfinding.errors.MapFormatError: x.map, line 5: unknown map character '?' at column 1; \
expected one of '.', 'G', 'S', 'W' (ground, swamp, water) or '@', 'O', 'T' (walls)
    """
    if not isinstance(text, str):
        raise MapFormatError(f"expected the map as a str, got {type(text).__name__}", source=source)
    lines = text.removeprefix("\ufeff").split("\n")
    header: dict[str, tuple[str, int]] = {}
    index = 0
    map_line = None
    last_seen = 1
    while index < len(lines):
        lineno, raw = index + 1, lines[index].strip()
        index += 1
        if not raw:
            continue
        last_seen = lineno
        key, value = (*raw.split(None, 1), "")[:2]
        key, value = key.lower(), value.strip()
        if key == "map" and not value:
            map_line = lineno
            break
        if key not in _HEADER_KEYS:
            if not header:  # nothing says this is a map: quote none of it (a .netrc...)
                raise MapFormatError(
                    f"line {lineno} is not a MovingAI map header line (expected 'type "
                    "octile', 'height H', 'width W' in any order, then 'map'; a file that "
                    "is not a map is never quoted)", source=source, line=lineno)
            raise MapFormatError(
                f"unexpected header line {_short(raw)}; expected 'type octile', 'height H', "
                "'width W' (any order) and then 'map'",
                source=source,
                line=lineno,
            )
        if key in header:
            raise MapFormatError(
                f"{key!r} given twice (first on line {header[key][1]})", source=source, line=lineno
            )
        header[key] = (value, lineno)
    missing = [key for key in _HEADER_KEYS if key not in header]
    if map_line is None:
        missing.append("map")
    if missing:
        raise MapFormatError(
            "header is missing " + ", ".join(repr(k) for k in missing),
            source=source,
            line=last_seen,
        )
    kind, kind_line = header["type"]
    if kind.lower() != "octile":
        raise MapFormatError(
            f"unsupported map type {_short(kind)}; expected 'octile'", source=source, line=kind_line
        )
    height = _positive_int(header, "height", source)
    width = _positive_int(header, "width", source)

    rows: list[str] = []
    last_lineno = map_line
    while index < len(lines):
        lineno, row = index + 1, lines[index].rstrip()
        index += 1
        if not row:
            continue
        if len(rows) == height:
            raise MapFormatError(
                f"more than the {height} rows the header announces: {_short(row)}",
                source=source,
                line=lineno,
            )
        if len(row) != width:
            raise MapFormatError(
                f"row {len(rows)} has {len(row)} cells, expected width {width}: {_short(row)}",
                source=source,
                line=lineno,
            )
        if not _MAP_CHARS.issuperset(row):
            x, ch = next((x, ch) for x, ch in enumerate(row) if ch not in _MAP_CHARS)
            raise MapFormatError(
                f"unknown map character {ch!r} at column {x + 1}; expected one of "
                "'.', 'G', 'S', 'W' (ground, swamp, water) or '@', 'O', 'T' (walls)",
                source=source,
                line=lineno,
            )
        rows.append(row)
        last_lineno = lineno
    y = len(rows)
    if y != height:
        raise MapFormatError(
            f"the header announces {height} rows but the file has {y}",
            source=source,
            line=last_lineno,
        )
    codes = np.frombuffer("".join(rows).encode("ascii"), dtype=np.uint8).reshape(height, width)
    passable, classes, cell_costs = terrain_arrays(codes, rule, costs)
    return Grid(
        passable,
        cell_costs,
        diagonal=True,
        diagonal_cost=math.sqrt(2.0),
        corner_cutting=CornerCutting.NEVER,
        classes=classes,
        terrain=codes,
    )


def format_map(grid: Grid | Any, *, rule: TerrainRule = TerrainRule.CLASSES,
               costs: Mapping[str, float] | None = None) -> str:
    """The MovingAI text of a grid.

    Parameters
    ----------
    grid : Grid or array_like of bool
        A :class:`Grid` with the benchmark's rules (8-way, sqrt 2 diagonals, no corner
        cutting), or a bool[H, W] passability array (written as ``.`` and ``@``). A map
        file has no room for other movement rules, so such a ``Grid`` is refused rather
        than silently changed; pass ``grid.passable_mask`` to store just its walls.
    rule, costs
        The terrain rule and costs the grid was read with (see :func:`read_map`). Each
        cell is written as its stored :attr:`Grid.terrain` character when that
        character, read back under ``rule`` and ``costs``, gives the cell as it is now;
        otherwise (an edited cell, or no terrain) as the first of ``.``, ``G``, ``S``,
        ``W``, ``@`` that does. So ``write_map(read_map(p, rule=r, costs=c), q, rule=r,
        costs=c)`` writes every character of ``p`` back.

    Raises
    ------
    UnsupportedGridError
        For a grid with other movement rules, per-cell costs but no ``costs`` mapping, or
        a cell that no character describes.

    Examples
    --------
    >>> import numpy as np
    >>> format_map(np.array([[True, False]])).splitlines()[-1]
    '.@'
    >>> format_map(Grid(np.ones((1, 2), bool)))
    Traceback (most recent call last):
    ...
    wayfinding.errors.UnsupportedGridError: a .map file stores 8-way grids with sqrt 2 \
diagonals and no corner cutting; this grid has diagonal=False, diagonal_cost=1.414..., \
straight_cost=1.0, corner_cutting=NEVER (pass grid.passable_mask to write its walls only)
    """
    if is_grid(grid):
        if grid.costs is not None and costs is None:
            raise UnsupportedGridError(
                "a .map file cannot store per-cell costs; this grid is weighted "
                "(pass grid.passable_mask to write its walls only)"
            )
        m = grid.movement
        if not (
            m.diagonal
            and m.straight_cost == 1.0
            and math.isclose(m.diagonal_cost, math.sqrt(2.0))
            and m.corner_cutting is CornerCutting.NEVER
        ):
            raise UnsupportedGridError(
                "a .map file stores 8-way grids with sqrt 2 diagonals and no corner cutting; "
                f"this grid has diagonal={m.diagonal}, diagonal_cost={m.diagonal_cost!r}, "
                f"straight_cost={m.straight_cost!r}, "
                f"corner_cutting={m.corner_cutting.name} "
                "(pass grid.passable_mask to write its walls only)"
            )
        codes = terrain_text(grid, rule, costs)
        rows = [row.tobytes().decode("ascii") for row in codes]
    else:
        mask = np.asarray(grid)
        if mask.ndim != 2 or 0 in mask.shape:
            raise UnsupportedGridError(
                f"expected a Grid or a non-empty 2-D bool array, got shape {mask.shape}"
            )
        if mask.dtype != bool:
            raise UnsupportedGridError(f"expected a bool passability array, got {mask.dtype}")
        rows = ["".join(".@"[not cell] for cell in row) for row in mask.tolist()]
    height, width = len(rows), len(rows[0])
    return "\n".join(["type octile", f"height {height}", f"width {width}", "map", *rows, ""])


def write_map(grid: Grid | Any, path: PathLike, *, rule: TerrainRule = TerrainRule.CLASSES,
              costs: Mapping[str, float] | None = None) -> None:
    """Write a grid as a MovingAI ``.map`` file (see :func:`format_map` for what is accepted).

    ``read_map(path, rule=rule, costs=costs)`` gives back the same grid (passability,
    classes, costs), exactly, and a grid read from a file writes every character back.

    Examples
    --------
    >>> import tempfile, pathlib, numpy as np
    >>> grid = Grid(np.array([[1, 0], [1, 1]], bool), diagonal=True)
    >>> with tempfile.TemporaryDirectory() as d:
    ...     write_map(grid, pathlib.Path(d, "m.map"))
    ...     again = read_map(pathlib.Path(d, "m.map"))
    >>> bool((again.passable_mask == grid.passable_mask).all())
    True
    """
    text = format_map(grid, rule=rule, costs=costs)
    with open(path, "w", encoding="ascii", newline="\n") as f:
        f.write(text)


def _positive_int(header: dict[str, tuple[str, int]], key: str, source: str) -> int:
    value, lineno = header[key]
    try:
        number = int(value)
    except ValueError:
        number = 0
    if number <= 0 or not value.isdigit():
        raise MapFormatError(
            f"{key} must be a positive integer, got {_short(value)}", source=source, line=lineno
        )
    return number


def _short(row: str, limit: int = 40) -> str:
    return repr(row if len(row) <= limit else row[:limit] + "...")
