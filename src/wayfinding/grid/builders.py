"""Building grids from other shapes of input: a cost array, a text picture.

The bodies of :meth:`Grid.from_costs <wayfinding.grid.grid.Grid.from_costs>` and
:meth:`Grid.from_ascii <wayfinding.grid.grid.Grid.from_ascii>` (documented there).

Examples
--------
>>> from wayfinding import Grid
>>> grid_from_ascii(Grid, ".#W").passable((1, 0))
False
>>> grid_from_ascii(Grid, ".x", source="room.txt")
Traceback (most recent call last):
...
wayfinding.errors.MapFormatError: room.txt, line 1: unexpected character 'x' at column 2; ...
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..errors import InvalidCostError, MapFormatError
from ._checks import _checked_cost_array, _refuse_bad_costs

__all__ = ["grid_from_ascii", "grid_from_costs", "untile"]

_WALL_CHARS = frozenset("#@")
_FLOOR_CHARS = frozenset(".")
#: MovingAI map letters (the benchmark's meaning, as ``read_map`` reads them by default):
#: ground and swamp are floor, trees and out-of-bounds are walls; water (``W``) is open
#: and of another terrain class (see ``Grid.classes``).
_MOVINGAI_FLOOR = frozenset("GS")
_MOVINGAI_WALL_CHARS = frozenset("TO")

#: Marks of ``draw_grid`` pictures, read as floor: path, start, goal, "some other cost".
_DRAWN_FLOOR_CHARS = frozenset("*AZ+")


def grid_from_costs(cls: Any, costs: Any, wall: float = 0.0, **options: Any) -> Any:
    """``cls.from_costs(costs, wall=wall, **options)``: cells equal to ``wall`` are walls."""
    arr = _checked_cost_array(costs)
    if isinstance(wall, bool) or not isinstance(wall, int | float | np.number) \
            or math.isnan(wall):
        raise InvalidCostError(f"wall must be a number such as 0 or math.inf, got {wall!r}")
    walls = arr == wall
    open_costs = np.where(walls, 1.0, arr)
    _refuse_bad_costs(open_costs, arr, "Grid.from_costs:",
                      f"; with wall={wall!r} every other cell must be a finite cost >= 0")
    return cls(~walls, open_costs, **options)


def grid_from_ascii(cls: Any, text: str, *, source: str = "<text>", **options: Any) -> Any:
    """``cls.from_ascii(text, **options)``: a grid from a picture; ``source`` names it
    (the file it was read from) in error messages."""
    if not isinstance(text, str):
        raise MapFormatError(f"expected the map as a str, got {type(text).__name__}",
                             source=source)
    lines = text.splitlines()
    numbered = [(i + 1, line.strip()) for i, line in enumerate(lines)]
    while numbered and not numbered[0][1]:
        numbered.pop(0)
    while numbered and not numbered[-1][1]:
        numbered.pop()
    if not numbered:
        raise MapFormatError("the map is empty", source=source)
    if set(numbered[0][1]) == {"_"}:  # a draw_grid picture: frame and tiles undone
        numbered = untile(numbered)
    width = len(numbered[0][1])
    mask = np.zeros((len(numbered), width), dtype=bool)
    costs = np.ones((len(numbered), width), dtype=np.float64)
    weighted = False
    water: np.ndarray | None = None
    for y, (lineno, row) in enumerate(numbered):
        if len(row) != width:
            raise MapFormatError(
                f"row has {len(row)} cells, expected {width} like the first row: {row!r}",
                source=source,
                line=lineno,
            )
        for x, ch in enumerate(row):
            if ch in _WALL_CHARS or ch in _MOVINGAI_WALL_CHARS:
                continue
            if ch in _FLOOR_CHARS or ch in _DRAWN_FLOOR_CHARS or ch in _MOVINGAI_FLOOR:
                mask[y, x] = True
            elif ch == "W":  # MovingAI water: open, its own terrain class
                mask[y, x] = True
                if water is None:
                    water = np.zeros((len(numbered), width), dtype=bool)
                water[y, x] = True
            elif ch in "123456789":
                mask[y, x] = True
                costs[y, x] = float(ch)
                weighted = weighted or ch != "1"
            else:
                raise MapFormatError(
                    f"unexpected character {ch!r} at column {x + 1}; "
                    "expected '#' or '@' (wall), '.' (floor) or a digit 1-9 (cost), "
                    "or a MovingAI terrain letter (G S floor, W water, T O wall)",
                    source=source,
                    line=lineno,
                )
    if water is not None and "classes" not in options and water.any():
        options = {**options, "classes": water.astype(np.uint8)}
    return cls(mask, costs if weighted else None, **options)


def untile(rows: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Turn the numbered, stripped lines of a :func:`draw_grid` picture back into a map.

    Drops the ``_`` and ``~`` frame lines and keeps the first character of each tile; the
    tile width is the smallest that splits every row into whole tiles (a wall tile is
    ``#`` repeated, any other tile one mark followed by spaces). Lines that are not such
    a picture are returned unchanged, for :meth:`Grid.from_ascii` to judge.

    Examples
    --------
    >>> untile([(1, "______"), (2, ". ##Z"), (3, "* 5 A"), (4, "~~~~~~")])
    [(2, '.#Z'), (3, '*5A')]
    """
    if len(rows) < 3 or set(rows[0][1]) != {"_"} or rows[-1][1] != "~" * len(rows[0][1]):
        return rows
    total = len(rows[0][1])
    body = [(lineno, row.ljust(total)) for lineno, row in rows[1:-1]]
    for width in range(1, total + 1):
        if total % width == 0 and all(_whole_tiles(row, width) for _, row in body):
            return [(lineno, row[::width]) for lineno, row in body]
    return rows


def _whole_tiles(row: str, width: int) -> bool:
    for i in range(0, len(row), width):
        tile = row[i:i + width]
        if tile != "#" * width and (tile[0] in " #" or tile[1:] != " " * (width - 1)):
            return False
    return True
