"""HexGrid: a map of hexagons, located by axial coordinates, stored in an offset layout.

Storage. The map is a numpy array in one of the four offset layouts of the Red Blob hex
guide (:class:`~wayfinding.hex.HexLayout`), indexed ``[row, col]``: array element
``[row, col]`` is the hex at offset ``(col, row)``, whose axial coordinates are
``wayfinding.hex.from_offset((col, row), layout)`` (for ``ODD_R``: ``q = col - (row - (row
& 1)) // 2``, ``r = row``). Every array a HexGrid takes or gives (``passable``, ``costs``,
``passable_mask``, ``components()``, ``cost_so_far.array``) has that layout.

Locations. Searches, ``neighbors``, ``cost``, edits and paths use axial ``(q, r)``
tuples. A hex's six neighbours are one step each (length 1, times the entered hex's
cost); hexes share edges, so there is no corner rule.

Examples
--------
>>> import wayfinding as wf
>>> grid = HexGrid.from_ascii('''
... . . . .
...  . # . .
... . . . .
... ''')
>>> grid.width, grid.height, grid.layout.name
(4, 3, 'ODD_R')
>>> grid.passable((1, 1)), grid.passable((0, 1))
(False, True)
>>> sorted(grid.neighbors((0, 0)))
[(0, 1), (1, 0)]
>>> wf.astar(grid, (0, 0), (2, 1)).cost
3.0
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import numpy as np

from .. import hex as _hex
from ..errors import InvalidLocationError, InvalidParameterError, MapFormatError
from ..hex import HexLayout, Orientation
from ._checks import _checked_passable
from .grid import Grid
from .movement import CornerCutting, Movement
from .moves import hex_moves
from .worlds import check_wrap, step_between

__all__ = ["HexGrid"]

Hex = tuple[int, int]


class HexGrid(Grid):
    """A map of hexagons: axial ``(q, r)`` locations over an offset-layout array.

    Parameters
    ----------
    passable : array_like of bool, shape (rows, cols)
        True where a unit may stand, in the offset ``layout``: element ``[row, col]`` is
        the hex at offset ``(col, row)`` (module doc).
    costs : array_like of float, shape (rows, cols), optional
        Cost of entering each hex (finite, >= 0); ``None``: every hex costs 1.
    layout : HexLayout
        ``ODD_R`` (the default) or ``EVEN_R`` for pointy-top hexes in rows, ``ODD_Q`` or
        ``EVEN_Q`` for flat-top hexes in columns.
    wrap : (bool, bool)
        Wrap-around along the columns (x) and the rows (y): a cylinder or a torus. The
        axis along which rows (``*_R``) or columns (``*_Q``) alternate needs an even
        number of them to wrap.

    Notes
    -----
    The default heuristic is the hex distance ``max(|dq|, |dr|, |dq + dr|)`` times the
    cheapest hex's cost (on a wrapped map, the least over the ways round): each step
    changes it by at most 1 and costs at least the cheapest cost, so it is admissible and
    consistent. Edits and threads work as on :class:`Grid`.

    Examples
    --------
    >>> import numpy as np
    >>> grid = HexGrid(np.ones((2, 3), bool), layout=HexLayout.EVEN_Q)
    >>> grid.orientation.name, sorted(grid.locations())
    ('FLAT', [(0, 0), (0, 1), (1, -1), (1, 0), (2, -1), (2, 0)])
    >>> grid.heuristic((0, 0), (2, 1))
    3.0
    """

    _square = False
    _world = True

    def __init__(self, passable: Any, costs: Any = None, *,
                 layout: HexLayout = HexLayout.ODD_R,
                 wrap: tuple[bool, bool] = (False, False)) -> None:
        mask = _checked_passable(passable, "HexGrid(passable)")
        if mask.ndim != 2 or mask.shape[0] == 0 or mask.shape[1] == 0:
            raise InvalidLocationError(
                f"passable must be a non-empty 2-D array (rows, cols), got shape {mask.shape}")
        if not isinstance(layout, HexLayout):
            raise InvalidParameterError(
                f"layout must be a HexLayout member ({', '.join(m.name for m in HexLayout)}),"
                f" got {layout!r}")
        self._layout = layout
        wrap = check_wrap(wrap, mask.shape, 1, even=(not layout.rows, layout.rows))
        self._setup(mask, costs, Movement(corner_cutting=CornerCutting.ALWAYS),
                    hex_moves(layout), wrap, None, None)

    @classmethod
    def from_ascii(cls, text: str, **options: Any) -> HexGrid:
        """Build a hex map from a picture: one line per row of the offset layout.

        Characters as in :meth:`Grid.from_ascii` (``#`` ``@`` walls, ``.`` floor, digits
        ``1``-``9`` costs, ``draw_grid``'s marks ``* A Z +``), one per hex; spaces are
        ignored, so the shoved rows may be indented as on paper. A framed
        :func:`~wayfinding.draw.draw_grid` picture of a hex map reads back too (any tile
        width; with a ``*_Q`` layout its rows take two lines, the shoved columns on the
        lower one). Other options (``layout``, ``wrap``) are passed to :class:`HexGrid`.

        Examples
        --------
        >>> grid = HexGrid.from_ascii(". # .", layout=HexLayout.ODD_Q)
        >>> grid.walls
        frozenset({(1, 0)})
        """
        from .builders import grid_from_ascii

        if not isinstance(text, str):
            raise MapFormatError(f"expected the map as a str, got {type(text).__name__}")
        layout = options.get("layout", HexLayout.ODD_R)
        rows = _paper_rows(text, layout) if isinstance(layout, HexLayout) else None
        if rows is None:
            rows = ["".join(line.split()) for line in text.splitlines()]
        if any("W" in row for row in rows):
            raise MapFormatError("water ('W', a terrain class) works on square grids only",
                                 source="<text>")
        return grid_from_ascii(cls, "\n".join(rows), **options)

    # ------------------------------------------------------------------ properties
    @property
    def layout(self) -> HexLayout:
        """The offset layout of the grid's arrays."""
        return self._layout

    @property
    def orientation(self) -> Orientation:
        """Pointy-top (``*_R`` layouts) or flat-top (``*_Q``) hexes."""
        return self._layout.orientation

    def __repr__(self) -> str:
        wrap = f", wrap={self._wrap}" if any(self._wrap) else ""
        return (f"HexGrid({self.width}x{self.height}, layout={self._layout.name}, "
                f"weighted={self._costs is not None}{wrap})")

    # ------------------------------------------------------------------ locations
    def to_offset(self, location: Hex) -> Hex:
        """Offset ``(col, row)`` of an axial location (the array index is ``[row, col]``)."""
        return _hex.to_offset(location, self._layout)

    def from_offset(self, cell: Hex) -> Hex:
        """Axial ``(q, r)`` of the offset ``(col, row)``."""
        return _hex.from_offset(cell, self._layout)

    def _cell_of(self, location: Any, role: str = "location") -> Hex:
        """Offset cell of an axial location inside the map (raises otherwise)."""
        try:
            q, r = location
            if isinstance(q, bool | float) or isinstance(r, bool | float):
                raise TypeError
            loc = (int(q), int(r))
            if loc != (q, r):
                raise TypeError
        except (TypeError, ValueError):
            raise InvalidLocationError(
                f"{role} must be an axial (q, r) pair of integers, got {location!r}") from None
        col, row = _hex.to_offset(loc, self._layout)
        if not (0 <= col < self.width and 0 <= row < self.height):
            raise InvalidLocationError(
                f"{role} {loc} is outside the {self.width}x{self.height} hex map (offset "
                f"{(col, row)} in layout {self._layout.name}: col in 0..{self.width - 1}, "
                f"row in 0..{self.height - 1})")
        return (col, row)

    def _checked_in_bounds(self, location: Any) -> Hex:
        return self._cell_of(location)

    def in_bounds(self, location: Hex) -> bool:
        """True when ``location`` lies on the map."""
        col, row = _hex.to_offset(location, self._layout)
        return 0 <= col < self.width and 0 <= row < self.height

    def passable(self, location: Hex) -> bool:
        """True when ``location`` lies on the map and is not a wall."""
        col, row = _hex.to_offset(location, self._layout)
        return 0 <= col < self.width and 0 <= row < self.height and bool(
            self._passable[row, col])

    def check_location(self, location: Any, role: str = "location") -> Hex:
        """``location`` as an axial ``(q, r)`` tuple of ints, or a clear error.

        Raises
        ------
        InvalidLocationError
            When it is not a pair of integers, lies outside the map or is a wall.
        """
        col, row = self._cell_of(location, role)
        loc = _hex.from_offset((col, row), self._layout)
        if not self._passable[row, col]:
            raise InvalidLocationError(f"{role} {loc} is a wall")
        return loc

    def _open_cell(self, location: Any, role: str = "location") -> Hex:
        """The offset ``(col, row)`` of an open axial location (errors as check_location)."""
        col, row = self._cell_of(location, role)
        if not self._passable[row, col]:
            raise InvalidLocationError(
                f"{role} {_hex.from_offset((col, row), self._layout)} is a wall")
        return (col, row)

    def locations(self) -> Iterator[Hex]:
        """Every open hex, row by row of the array, as axial ``(q, r)``."""
        rows, cols = np.nonzero(self._passable)
        q, r = _hex.from_offset_arrays(cols, rows, self._layout)
        return zip(q.tolist(), r.tolist(), strict=True)

    # ------------------------------------------------------------------ graph protocol
    def neighbors(self, location: Hex) -> list[Hex]:
        """The open hexes next to ``location``, in the order of the hex directions."""
        cell = _hex.to_offset(location, self._layout)
        layout = self._layout
        return [_hex.from_offset(c, layout) for _, c in self._steps_from(cell)]

    def cost(self, from_location: Hex, to_location: Hex) -> float:
        """Cost of stepping to a neighbouring hex: the entered hex's cost (1 by default)."""
        a = _hex.to_offset(from_location, self._layout)
        b = _hex.to_offset(to_location, self._layout)
        if step_between(self._moves, self._passable.shape, self._wrap, a, b) is None:
            raise InvalidLocationError(
                f"{from_location!r} and {to_location!r} are not neighbouring hexes")
        if self._costs is None:
            return 1.0
        return float(self._costs[b[1], b[0]])

    def heuristic(self, location: Hex, goal: Hex) -> float:
        """Hex distance times the cheapest hex's cost, the shorter way round a wrapped map.

        Examples
        --------
        >>> grid = HexGrid(np.ones((2, 6), bool), wrap=(True, False))
        >>> grid.heuristic((0, 0), (5, 0)), grid.heuristic((0, 0), (3, 0))
        (1.0, 3.0)
        """
        return self._hex_distance(location, goal) * self.min_cost

    def _hex_distance(self, location: Hex, goal: Hex) -> int:
        q, r = location
        if not any(self._wrap):
            dq, dr = goal[0] - q, goal[1] - r
            return max(abs(dq), abs(dr), abs(dq + dr))
        layout = self._layout
        col, row = _hex.to_offset(goal, layout)
        best = None
        for i in ((-1, 0, 1) if self._wrap[0] else (0,)):
            for j in ((-1, 0, 1) if self._wrap[1] else (0,)):
                gq, gr = _hex.from_offset((col + i * self.width, row + j * self.height), layout)
                dq, dr = gq - q, gr - r
                d = max(abs(dq), abs(dr), abs(dq + dr))
                best = d if best is None else min(best, d)
        return best  # type: ignore[return-value]

    heuristic._measures_locations = True  # type: ignore[attr-defined]

    # ------------------------------------------------------------------ edits
    def set_wall(self, location: Hex, wall: bool = True) -> None:
        """Make ``location`` a wall (or floor again with ``wall=False``)."""
        Grid.set_wall(self, self._cell_of(location), wall)

    def set_walls(self, locations: Iterable[Hex], wall: bool = True) -> None:
        """Make every location in ``locations`` a wall (or floor with ``wall=False``)."""
        Grid.set_walls(self, [self._cell_of(loc) for loc in locations], wall)

    def set_cost(self, location: Hex, cost: float) -> None:
        """Set the entry cost of one hex (the map becomes weighted if it was not)."""
        Grid.set_cost(self, self._cell_of(location), cost)

    @property
    def walls(self) -> frozenset[Hex]:  # type: ignore[override]
        """The blocked hexes as a set of axial ``(q, r)``; assign a list to replace them."""
        rows, cols = np.nonzero(~self._passable)
        q, r = _hex.from_offset_arrays(cols, rows, self._layout)
        return frozenset(zip(q.tolist(), r.tolist(), strict=True))

    @walls.setter
    def walls(self, locations: Iterable[Hex]) -> None:
        Grid.walls.fset(self, [self._cell_of(loc) for loc in locations])  # type: ignore[attr-defined]

    @property
    def weights(self) -> dict[Hex, float]:  # type: ignore[override]
        """Hexes whose entry cost is not 1, as ``{(q, r): cost}``; assign a dict to replace."""
        return {self.from_offset(cell): cost for cell, cost in Grid.weights.fget(self).items()}  # type: ignore[attr-defined]

    @weights.setter
    def weights(self, weights: Mapping[Hex, float]) -> None:
        Grid.weights.fset(self, {self._cell_of(loc): value  # type: ignore[attr-defined]
                                 for loc, value in dict(weights).items()})

    def copy(self) -> HexGrid:
        """An independent copy with the same hexes, layout and wrap-around."""
        with self._lock:
            return HexGrid(self._passable, self._costs, layout=self._layout, wrap=self._wrap)


def _paper_rows(text: str, layout: HexLayout) -> list[str] | None:
    """The rows of a framed ``draw_grid`` picture of a hex map, one character per hex,
    or None when ``text`` is no such picture (then it is read line by line)."""
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    lines = [line.strip() if i in (0, len(lines) - 1) else line for i, line in enumerate(lines)]
    if len(lines) < 3 or set(lines[0]) != {"_"} or set(lines[-1]) != {"~"}:
        return None
    margin = min((len(line) - len(line.lstrip(" ")) for line in lines[1:-1] if line.strip()),
                 default=0)
    body = [line[margin:] for line in lines[1:-1]]
    shoved = 1 if layout.odd else 0
    for width in range(1, len(lines[0]) + 1):
        half = max(1, width // 2)
        rows = []
        if layout.rows:
            for i, line in enumerate(body):
                cut = line[half:] if i % 2 == shoved and line.startswith(" " * half) else line
                tiles = _tiles(cut, width)
                if tiles is None:
                    break
                rows.append(tiles)
        elif len(body) % 2 == 0:
            for upper, lower in zip(body[::2], body[1::2], strict=True):
                a, b = _tiles(upper, width, blank=True), _tiles(lower, width, blank=True)
                if a is None or b is None:
                    break
                n = max(len(a), len(b))
                a, b = a.ljust(n), b.ljust(n)
                rows.append("".join(b[c] if c % 2 == shoved else a[c] for c in range(n)))
        if len(rows) == (len(body) if layout.rows else len(body) // 2) and rows and len(
                {len(row) for row in rows}) == 1 and " " not in "".join(rows):
            return rows
    return None


def _tiles(line: str, width: int, blank: bool = False) -> str | None:
    """One character per ``width``-wide tile of ``line`` (a wall tile is ``#`` repeated,
    another a mark and spaces; with ``blank`` an all-space tile is a space), else None."""
    out = []
    for i in range(0, len(line), width):
        tile = line[i:i + width].ljust(width)
        if tile == "#" * width or (tile[0] not in " #" and tile[1:] == " " * (width - 1)):
            out.append(tile[0])
        elif blank and tile == " " * width:
            out.append(" ")
        else:
            return None
    return "".join(out)
