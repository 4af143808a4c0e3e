"""The Grid: a numpy-backed graph of cells with movement rules.

Locations are ``(x, y)`` tuples, x the column and y the row; arrays are indexed
``[y, x]``. A cell's cost is the cost of *entering* it; a step costs its length
(straight or diagonal) times the entered cell's cost.

Examples
--------
>>> grid = Grid.from_ascii('''
... ....
... .##.
... ....
... ''')
>>> grid.width, grid.height
(4, 3)
>>> sorted(grid.neighbors((0, 0)))
[(0, 1), (1, 0)]
>>> grid.passable((1, 1)), grid.in_bounds((4, 0))
(False, False)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

import numpy as np

from ..errors import InvalidCostError, InvalidLocationError, MapFormatError
from .movement import CornerCutting, Movement

__all__ = ["FlatGrid", "Grid", "GridWithWeights", "SquareGrid"]

Location = tuple[int, int]

_WALL_CHARS = frozenset("#@")
_FLOOR_CHARS = frozenset(".")

#: Marks of ``draw_grid`` pictures, read as floor: path, start, goal, "some other cost".
_DRAWN_FLOOR_CHARS = frozenset("*AZ+")


class FlatGrid(NamedTuple):
    """A grid as flat arrays for the compiled kernels.

    The grid is padded with a one-cell border of blocked cells so that kernels never
    check bounds: cell ``(x, y)`` has flat index ``(y + 1) * stride + (x + 1)``.
    """

    #: uint8[(H + 2) * (W + 2)], 1 where passable (the border is 0).
    passable: np.ndarray
    #: float64[(H + 2) * (W + 2)], entry cost of each cell (1.0 when the grid has none).
    costs: np.ndarray
    #: True when the grid has per-cell costs (``costs`` is all ones otherwise).
    weighted: bool
    #: Row length of the padded arrays, ``W + 2``.
    stride: int
    width: int
    height: int

    def index(self, location: Location) -> int:
        """Flat padded index of ``(x, y)``."""
        return (int(location[1]) + 1) * self.stride + int(location[0]) + 1

    def location(self, index: int) -> Location:
        """``(x, y)`` of a flat padded index."""
        y, x = divmod(int(index), self.stride)
        return (x - 1, y - 1)


class Grid:
    """A rectangular grid of cells, usable as a graph by every algorithm.

    Parameters
    ----------
    passable : array_like of bool, shape (H, W)
        True where a unit may stand. Copied; the input is never modified.
    costs : array_like of float, shape (H, W), optional
        Cost of entering each cell (finite, >= 0). ``None`` means every cell costs 1.
    diagonal : bool
        False: 4-way movement. True: 8-way movement.
    diagonal_cost : float
        Length of a diagonal step, sqrt 2 by default.
    straight_cost : float
        Length of a straight step, 1 by default (use 10 with ``diagonal_cost=14``
        for the integer pair of the texts).
    corner_cutting : CornerCutting
        When diagonal steps may pass blocked corners; NEVER (the MovingAI rule) by default.

    Examples
    --------
    >>> import numpy as np
    >>> g = Grid(np.ones((2, 3), bool), diagonal=True)
    >>> g.neighbors((0, 0))
    [(1, 0), (0, 1), (1, 1)]
    >>> round(g.cost((0, 0), (1, 1)), 3)
    1.414
    """

    def __init__(
        self,
        passable: Any,
        costs: Any = None,
        *,
        diagonal: bool = False,
        diagonal_cost: float = math.sqrt(2.0),
        straight_cost: float = 1.0,
        corner_cutting: CornerCutting = CornerCutting.NEVER,
    ) -> None:
        mask = np.array(passable, dtype=bool, copy=True)
        if mask.ndim != 2 or mask.shape[0] == 0 or mask.shape[1] == 0:
            raise InvalidLocationError(
                f"passable must be a non-empty 2-D array (H, W), got shape {mask.shape}"
            )
        self._passable = mask
        self._costs: np.ndarray | None = None
        if costs is not None:
            self._costs = _checked_costs(costs, mask.shape)
        self.movement = Movement(
            diagonal=diagonal,
            straight_cost=straight_cost,
            diagonal_cost=diagonal_cost,
            corner_cutting=corner_cutting,
        )
        self._version = 0
        self._cache: dict[str, tuple[int, Any]] = {}

    # ------------------------------------------------------------------ builders
    @classmethod
    def from_ascii(cls, text: str, **options: Any) -> Grid:
        """Build a grid from a picture.

        ``#`` and ``@`` are walls, ``.`` is floor, digits ``1``-``9`` are floor with that
        entry cost. Blank lines before and after the picture and surrounding spaces on a
        line are ignored. Other options are passed to :class:`Grid`.

        Examples
        --------
        >>> g = Grid.from_ascii('''
        ... .5.
        ... #..
        ... ''', diagonal=True)
        >>> g.costs[0, 1], g.passable((0, 1))
        (np.float64(5.0), False)
        """
        if not isinstance(text, str):
            raise MapFormatError(f"expected the map as a str, got {type(text).__name__}")
        lines = text.splitlines()
        numbered = [(i + 1, line.strip()) for i, line in enumerate(lines)]
        while numbered and not numbered[0][1]:
            numbered.pop(0)
        while numbered and not numbered[-1][1]:
            numbered.pop()
        if not numbered:
            raise MapFormatError("the map is empty", source="<text>")
        if set(numbered[0][1]) == {"_"}:  # a draw_grid picture: frame and tiles undone
            from ..draw.text import untile

            numbered = untile(numbered)
        width = len(numbered[0][1])
        mask = np.zeros((len(numbered), width), dtype=bool)
        costs = np.ones((len(numbered), width), dtype=np.float64)
        weighted = False
        for y, (lineno, row) in enumerate(numbered):
            if len(row) != width:
                raise MapFormatError(
                    f"row has {len(row)} cells, expected {width} like the first row: {row!r}",
                    source="<text>",
                    line=lineno,
                )
            for x, ch in enumerate(row):
                if ch in _WALL_CHARS:
                    continue
                if ch in _FLOOR_CHARS or ch in _DRAWN_FLOOR_CHARS:
                    mask[y, x] = True
                elif ch in "123456789":
                    mask[y, x] = True
                    costs[y, x] = float(ch)
                    weighted = weighted or ch != "1"
                else:
                    raise MapFormatError(
                        f"unexpected character {ch!r} at column {x + 1}; "
                        "expected '#' or '@' (wall), '.' (floor) or a digit 1-9 (cost)",
                        source="<text>",
                        line=lineno,
                    )
        return cls(mask, costs if weighted else None, **options)

    # ------------------------------------------------------------------ properties
    @property
    def width(self) -> int:
        """Number of columns (x ranges over ``0 .. width - 1``)."""
        return int(self._passable.shape[1])

    @property
    def height(self) -> int:
        """Number of rows (y ranges over ``0 .. height - 1``)."""
        return int(self._passable.shape[0])

    @property
    def shape(self) -> tuple[int, int]:
        """``(height, width)``, the shape of the grid's arrays."""
        return (self.height, self.width)

    @property
    def passable_mask(self) -> np.ndarray:
        """Read-only bool[H, W] view: True where passable."""
        view = self._passable.view()
        view.flags.writeable = False
        return view

    @property
    def costs(self) -> np.ndarray | None:
        """Read-only float64[H, W] view of entry costs, or None when every cell costs 1."""
        if self._costs is None:
            return None
        view = self._costs.view()
        view.flags.writeable = False
        return view

    @property
    def diagonal(self) -> bool:
        """True for 8-way movement."""
        return self.movement.diagonal

    @property
    def straight_cost(self) -> float:
        """Length of a straight step."""
        return self.movement.straight_cost

    @property
    def diagonal_cost(self) -> float:
        """Length of a diagonal step."""
        return self.movement.diagonal_cost

    @property
    def corner_cutting(self) -> CornerCutting:
        """Rule for diagonal steps next to blocked cells."""
        return self.movement.corner_cutting

    @property
    def version(self) -> int:
        """Counter bumped by every edit; derived data built at another version is stale."""
        return self._version

    @property
    def min_cost(self) -> float:
        """Cheapest entry cost of a passable cell (1.0 on an unweighted grid)."""
        return self.cached("min_cost", self._compute_min_cost)

    def __repr__(self) -> str:
        m = self.movement
        return (
            f"Grid({self.width}x{self.height}, diagonal={m.diagonal}, "
            f"weighted={self._costs is not None}, corner_cutting={m.corner_cutting.name})"
        )

    # ------------------------------------------------------------------ graph protocol
    def in_bounds(self, location: Location) -> bool:
        """True when ``location`` lies on the grid."""
        x, y = location
        return 0 <= x < self.width and 0 <= y < self.height

    def passable(self, location: Location) -> bool:
        """True when ``location`` lies on the grid and is not a wall."""
        x, y = location
        return 0 <= x < self.width and 0 <= y < self.height and bool(self._passable[y, x])

    def neighbors(self, location: Location) -> list[Location]:
        """Cells reachable in one step from ``location`` under the movement rules."""
        x, y = location
        ok = self.passable
        result = [(x + dx, y + dy) for dx, dy, _ in self.movement.moves()[:4]]
        result = [loc for loc in result if ok(loc)]
        if not self.movement.diagonal:
            if (x + y) % 2 == 0:
                result.reverse()  # the texts' trick against ugly zig-zag paths
            return result
        rule = self.movement.corner_cutting
        for dx, dy, _ in self.movement.moves()[4:]:
            target = (x + dx, y + dy)
            if not ok(target):
                continue
            free = ok((x + dx, y)) + ok((x, y + dy))
            if rule is CornerCutting.NEVER and free < 2:
                continue
            if rule is CornerCutting.ONE_FREE and free < 1:
                continue
            result.append(target)
        return result

    def cost(self, from_location: Location, to_location: Location) -> float:
        """Cost of the step ``from_location -> to_location`` (length x entered cell's cost)."""
        dx = to_location[0] - from_location[0]
        dy = to_location[1] - from_location[1]
        if max(abs(dx), abs(dy)) != 1:
            raise InvalidLocationError(
                f"{from_location!r} and {to_location!r} are not neighbouring cells"
            )
        length = self.movement.step_length(dx, dy)
        if self._costs is None:
            return length
        return length * float(self._costs[to_location[1], to_location[0]])

    def heuristic(self, location: Location, goal: Location) -> float:
        """The admissible default estimate for this grid's movement rules.

        Manhattan distance on 4-way grids, octile distance on 8-way grids, with the
        grid's step lengths, scaled by the cheapest entry cost.
        """
        dx = abs(location[0] - goal[0])
        dy = abs(location[1] - goal[1])
        m = self.movement
        if m.diagonal:
            d2 = m.effective_diagonal_cost
            h = m.straight_cost * (dx + dy) + (d2 - 2.0 * m.straight_cost) * min(dx, dy)
        else:
            h = m.straight_cost * (dx + dy)
        return h * self.min_cost

    def check_location(self, location: Any, role: str = "location") -> Location:
        """Return ``location`` as an ``(x, y)`` tuple of ints or raise a clear error.

        Raises
        ------
        InvalidLocationError
            When it is not a pair of integers, lies outside the grid or is a wall.
        """
        loc = location_in_grid(self.width, self.height, location, role)
        if not self._passable[loc[1], loc[0]]:
            raise InvalidLocationError(f"{role} {loc} is a wall")
        return loc

    # ------------------------------------------------------------------ edits
    def set_wall(self, location: Location, wall: bool = True) -> None:
        """Make ``location`` a wall (or floor again with ``wall=False``)."""
        x, y = self._checked_in_bounds(location)
        self._passable[y, x] = not wall
        self._edited()

    def set_walls(self, locations: Iterable[Location], wall: bool = True) -> None:
        """Make every location in ``locations`` a wall (or floor with ``wall=False``)."""
        cells = [self._checked_in_bounds(loc) for loc in locations]
        for x, y in cells:
            self._passable[y, x] = not wall
        self._edited()

    def set_cost(self, location: Location, cost: float) -> None:
        """Set the entry cost of one cell (the grid becomes weighted if it was not)."""
        x, y = self._checked_in_bounds(location)
        value = _checked_cost_value(cost, f"cost of cell {(x, y)}")
        if self._costs is None:
            self._costs = np.ones(self._passable.shape, dtype=np.float64)
        self._costs[y, x] = value
        self._edited()

    def set_passable(self, passable: Any) -> None:
        """Replace the whole passability array (same shape)."""
        mask = np.array(passable, dtype=bool, copy=True)
        if mask.shape != self._passable.shape:
            raise InvalidLocationError(
                f"passable must have shape {self._passable.shape}, got {mask.shape}"
            )
        self._passable = mask
        self._edited()

    def set_costs(self, costs: Any) -> None:
        """Replace the whole cost array (same shape), or drop it with ``None``."""
        self._costs = None if costs is None else _checked_costs(costs, self._passable.shape)
        self._edited()

    @property
    def walls(self) -> frozenset[Location]:
        """The blocked cells as a set of ``(x, y)``; assign a list to replace them all."""
        ys, xs = np.nonzero(~self._passable)
        return frozenset(zip(xs.tolist(), ys.tolist(), strict=True))

    @walls.setter
    def walls(self, locations: Iterable[Location]) -> None:
        cells = [self._checked_in_bounds(loc) for loc in locations]
        self._passable[:, :] = True
        for x, y in cells:
            self._passable[y, x] = False
        self._edited()

    @property
    def weights(self) -> dict[Location, float]:
        """Cells whose entry cost is not 1, as ``{(x, y): cost}``; assign a dict to replace."""
        if self._costs is None:
            return {}
        ys, xs = np.nonzero(self._costs != 1.0)
        return {
            (int(x), int(y)): float(self._costs[y, x])
            for x, y in zip(xs.tolist(), ys.tolist(), strict=True)
        }

    @weights.setter
    def weights(self, weights: Mapping[Location, float]) -> None:
        costs = np.ones(self._passable.shape, dtype=np.float64)
        for loc, value in dict(weights).items():
            x, y = self._checked_in_bounds(loc)
            costs[y, x] = _checked_cost_value(value, f"weight of cell {(x, y)}")
        self._costs = costs
        self._edited()

    def copy(self) -> Grid:
        """An independent copy with the same cells and movement rules."""
        m = self.movement
        return Grid(
            self._passable,
            self._costs,
            diagonal=m.diagonal,
            diagonal_cost=m.diagonal_cost,
            straight_cost=m.straight_cost,
            corner_cutting=m.corner_cutting,
        )

    # ------------------------------------------------------------------ derived data
    def components(self) -> np.ndarray:
        """Connected-component label of every cell (int32[H, W], -1 on walls).

        Computed once on first need and again after an edit. Two cells are connected
        exactly when they carry the same label.

        Examples
        --------
        >>> g = Grid.from_ascii(".#.")
        >>> g.components().tolist()
        [[0, -1, 1]]
        """
        from .components import components

        return components(self)

    def cached(self, key: str, build: Callable[[], Any]) -> Any:
        """Derived data stored on the grid until its next edit.

        ``build()`` runs on first need and again after any edit (the cache is keyed by
        :attr:`version`). Used for the flat kernel arrays, component labels and the like.
        """
        hit = self._cache.get(key)
        if hit is not None and hit[0] == self._version:
            return hit[1]
        value = build()
        self._cache[key] = (self._version, value)
        return value

    @property
    def flat(self) -> FlatGrid:
        """The grid as padded flat arrays for compiled kernels (rebuilt after edits)."""
        return self.cached("flat", self._build_flat)

    def _build_flat(self) -> FlatGrid:
        h, w = self._passable.shape
        padded = np.zeros((h + 2, w + 2), dtype=np.uint8)
        padded[1:-1, 1:-1] = self._passable
        costs = np.ones((h + 2, w + 2), dtype=np.float64)
        if self._costs is not None:
            costs[1:-1, 1:-1] = self._costs
        return FlatGrid(
            passable=padded.ravel(),
            costs=costs.ravel(),
            weighted=self._costs is not None,
            stride=w + 2,
            width=w,
            height=h,
        )

    def _compute_min_cost(self) -> float:
        if self._costs is None:
            return 1.0
        open_costs = self._costs[self._passable]
        return float(open_costs.min()) if open_costs.size else 1.0

    def _edited(self) -> None:
        self._version += 1

    def _checked_in_bounds(self, location: Any) -> Location:
        try:
            x, y = location
            loc = (int(x), int(y))
        except (TypeError, ValueError):
            raise InvalidLocationError(
                f"expected an (x, y) pair of integers, got {location!r}"
            ) from None
        if not self.in_bounds(loc):
            raise InvalidLocationError(
                f"{loc} is outside the {self.width}x{self.height} grid"
            )
        return loc


class SquareGrid(Grid):
    """The texts' ``SquareGrid(width, height)``: all floor, 4-way; set ``grid.walls``.

    Examples
    --------
    >>> g = SquareGrid(5, 3)
    >>> g.walls = [(1, 0), (1, 1)]
    >>> g.passable((1, 1)), g.passable((1, 2))
    (False, True)
    """

    def __init__(self, width: int, height: int, **options: Any) -> None:
        super().__init__(np.ones((_dimension(height, "height"), _dimension(width, "width")),
                                 dtype=bool), **options)


class GridWithWeights(Grid):
    """The texts' ``GridWithWeights(width, height)``: like SquareGrid, plus ``grid.weights``.

    Examples
    --------
    >>> g = GridWithWeights(4, 4)
    >>> g.weights = {(1, 1): 5}
    >>> g.cost((0, 1), (1, 1))
    5.0
    """

    def __init__(self, width: int, height: int, **options: Any) -> None:
        shape = (_dimension(height, "height"), _dimension(width, "width"))
        super().__init__(np.ones(shape, dtype=bool), np.ones(shape), **options)


def location_in_grid(width: int, height: int, location: Any, role: str = "location") -> Location:
    """``location`` as an ``(x, y)`` pair of ints inside a ``width`` x ``height`` grid.

    Raises :class:`InvalidLocationError` naming ``role`` when it is not a pair of
    integers or lies outside the grid.
    """
    if type(location) is tuple and len(location) == 2:  # the common case, checked fast
        x, y = location
        if type(x) is int and type(y) is int and 0 <= x < width and 0 <= y < height:
            return location
    try:
        x, y = location
        if isinstance(x, bool | float) or isinstance(y, bool | float):
            raise TypeError
        loc = (int(x), int(y))
        if loc != (x, y):
            raise TypeError
    except (TypeError, ValueError):
        raise InvalidLocationError(
            f"{role} must be an (x, y) pair of integers, got {location!r}"
        ) from None
    if not (0 <= loc[0] < width and 0 <= loc[1] < height):
        raise InvalidLocationError(
            f"{role} {loc} is outside the {width}x{height} grid "
            f"(x in 0..{width - 1}, y in 0..{height - 1})"
        )
    return loc


def passable_index(grid: Grid, passable: np.ndarray, stride: int, location: Any,
                   role: str = "location") -> int:
    """Padded flat index (the layout of :class:`FlatGrid`) of a passable ``location``.

    ``passable`` is the grid's flat passable array (nonzero where open). Plain ``(int,
    int)`` tuples are checked here, fast; anything else, and every error, goes through
    :meth:`Grid.check_location`.
    """
    if type(location) is tuple and len(location) == 2:
        x, y = location
        if type(x) is int and type(y) is int and 0 <= x < grid.width and 0 <= y < grid.height:
            index = (y + 1) * stride + x + 1
            if passable[index]:
                return index
    x, y = grid.check_location(location, role)  # raises the right error
    return (y + 1) * stride + x + 1


def _dimension(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 1:
        raise InvalidLocationError(f"{name} must be a positive integer, got {value!r}")
    return int(value)


def _checked_cost_value(value: Any, what: str) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise InvalidCostError(f"{what} must be a number, got {value!r}") from None
    if not math.isfinite(number) or number < 0:
        raise InvalidCostError(f"{what} must be finite and >= 0, got {value!r}")
    return number


def _checked_costs(costs: Any, shape: tuple[int, ...]) -> np.ndarray:
    arr = np.array(costs, dtype=np.float64, copy=True)
    if arr.shape != shape:
        raise InvalidCostError(f"costs must have shape {shape} like passable, got {arr.shape}")
    bad = ~np.isfinite(arr) | (arr < 0)
    if bad.any():
        y, x = (int(v) for v in np.argwhere(bad)[0])
        raise InvalidCostError(
            f"cell costs must be finite and >= 0; cell (x={x}, y={y}) costs {arr[y, x]!r} "
            f"({int(bad.sum())} bad cells in all)"
        )
    return arr
