"""Grid helpers shared by the loop modules: move tables, cells, seeds, lazy cell maps.

Nothing here imports numba: the kernels are imported inside the functions that run them.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

import numpy as np

from .._inputs import is_number
from ..errors import InvalidCostError, UnsupportedGridError
from ..grid._checks import location_in_grid
from ..grid.grid import Grid
from ..grid.movement import CornerCutting

Location = tuple[int, int]

#: Kernel codes of the corner rules (see ``_kernels.common``).
RULE_CODES = {CornerCutting.NEVER: 0, CornerCutting.ONE_FREE: 1, CornerCutting.ALWAYS: 2}


class MoveTable(NamedTuple):
    """A grid's movement rules in the form the kernels read."""

    #: int64[k, 3]: per move, the flat offset of the step and of its two orthogonal cells.
    moves: np.ndarray
    #: float64[k]: per move, its length (straight or diagonal cost).
    lengths: np.ndarray
    #: Corner rule code (``RULE_CODES``); 4-way grids use NEVER (no diagonal moves anyway).
    rule: int


def own_rules(grid: Grid) -> bool:
    """False for Grid subclasses that redefine ``neighbors`` or ``cost``: the kernels read
    the grid's arrays and movement rules and cannot know what such a subclass does."""
    cls = type(grid)
    return cls is Grid or (cls.neighbors is Grid.neighbors and cls.cost is Grid.cost)


def require_own_rules(grid: Any, what: str) -> Grid:
    """``grid`` if the kernels can serve it, else a clear error."""
    if not isinstance(grid, Grid):
        from ..errors import InvalidParameterError

        raise InvalidParameterError(f"{what} needs a Grid, got {type(grid).__name__}")
    if not own_rules(grid):
        raise UnsupportedGridError(
            f"{what} runs on the grid's arrays and movement rules; {type(grid).__name__} "
            "redefines neighbors() or cost(), which it cannot follow"
        )
    return grid


def move_table(grid: Grid) -> MoveTable:
    """The grid's moves ``(dx, dy, length)`` as flat offsets for its padded flat arrays."""
    stride = grid.width + 2
    rows = [(dy * stride + dx, dx, dy * stride) for dx, dy, _ in grid.movement.moves()]
    lengths = [length for _, _, length in grid.movement.moves()]
    return MoveTable(np.array(rows, dtype=np.int64), np.array(lengths, dtype=np.float64),
                     RULE_CODES[grid.corner_cutting])


def cell_index(grid: Grid, location: Any, role: str) -> int:
    """Flat padded index of a passable cell, or a clear :class:`InvalidLocationError`."""
    x, y = grid.check_location(location, role)
    return (y + 1) * (grid.width + 2) + x + 1


def in_grid(width: int, height: int, location: Any, role: str = "location") -> Location:
    """``location`` as an ``(x, y)`` pair of ints inside a ``width`` x ``height`` grid."""
    return location_in_grid(width, height, location, role)


def initial_cost(value: Any, location: Any) -> float:
    """A seed's initial cost: any finite number (negative allowed)."""
    if not is_number(value):
        raise InvalidCostError(f"initial cost of {location!r} must be a number, got {value!r}")
    number = float(value)
    if not math.isfinite(number):
        raise InvalidCostError(f"initial cost of {location!r} must be finite, got {value!r}")
    return number


class CellMapping(Mapping):
    """A read-only ``{(x, y): value}`` view of a padded flat array, over reached cells only.

    ``values[i]`` belongs to the cell with padded index ``i``; a cell is in the mapping
    when ``reached[i]`` is true. ``convert`` turns a stored value into the public one.
    """

    def __init__(self, values: np.ndarray, reached: np.ndarray, stride: int,
                 convert: Any = float) -> None:
        self._values = values
        self._reached = reached
        self._stride = stride
        self._convert = convert
        self._height = reached.shape[0] // stride - 2
        self._len: int | None = None

    def _index(self, location: Any) -> int:
        try:
            x, y = location
            if isinstance(x, bool | float) or isinstance(y, bool | float):
                return -1
            x, y = int(x), int(y)
        except (TypeError, ValueError):
            return -1
        if not (0 <= x < self._stride - 2 and 0 <= y < self._height):
            return -1
        return (y + 1) * self._stride + x + 1

    def __getitem__(self, location: Any) -> Any:
        i = self._index(location)
        if i < 0 or not self._reached[i]:
            raise KeyError(location)
        return self._convert(self._values[i])

    def __contains__(self, location: object) -> bool:
        i = self._index(location)
        return i >= 0 and bool(self._reached[i])

    def __iter__(self) -> Iterator[Location]:
        for i in np.flatnonzero(self._reached).tolist():
            y, x = divmod(i, self._stride)
            yield (x - 1, y - 1)

    def __len__(self) -> int:
        if self._len is None:
            self._len = int(np.count_nonzero(self._reached))
        return self._len

    def __repr__(self) -> str:
        return f"<{len(self)} cells>"


def parent_location(stride: int) -> Any:
    """A converter from a stored parent index to a location (``None`` for -1)."""

    def convert(index: Any) -> Location | None:
        i = int(index)
        if i < 0:
            return None
        y, x = divmod(i, stride)
        return (x - 1, y - 1)

    return convert
