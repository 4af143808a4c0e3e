"""VoxelGrid: a 3-D grid of cubes with 6, 18 or 26 neighbours.

Locations are ``(x, y, z)`` tuples; arrays are indexed ``[z, y, x]`` (numpy's row-major
order with x fastest, as 2-D grids are ``[y, x]``). A step to one of the 26 neighbours
has length 1 (a face neighbour), sqrt 2 (an edge neighbour) or sqrt 3 (a corner
neighbour), times the entered voxel's cost. The default corner rule is the MovingAI 3-D
benchmark's (Brewer and Sturtevant, SoCS 2018; ``CornerCutting.NEVER``): a diagonal step
needs every other voxel of the box it spans open (:func:`~wayfinding.grid.moves.voxel_moves`).

Examples
--------
>>> import numpy as np
>>> import wayfinding as wf
>>> cells = np.ones((2, 2, 2), bool)
>>> grid = VoxelGrid(cells)
>>> len(grid.neighbors((0, 0, 0))), round(grid.cost((0, 0, 0), (1, 1, 1)), 4)
(7, 1.7321)
>>> grid.set_wall((1, 0, 0))
>>> sorted(grid.neighbors((0, 0, 0)))
[(0, 0, 1), (0, 1, 0), (0, 1, 1)]
>>> round(wf.astar(grid, (0, 0, 0), (1, 1, 1)).cost, 4)
2.4142
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import numpy as np

from ..errors import InvalidLocationError, InvalidParameterError
from ._checks import _checked_cost_value, _checked_passable, _dimension
from .grid import FlatGrid, Grid
from .movement import CornerCutting, Movement
from .moves import voxel_moves
from .worlds import step_between, voxel_distance

__all__ = ["VoxelGrid"]

Voxel = tuple[int, int, int]


class VoxelGrid(Grid):
    """A 3-D grid of voxels, usable as a graph by every search.

    Parameters
    ----------
    passable : array_like of bool, shape (D, H, W)
        True where a unit may be, indexed ``[z, y, x]``.
    costs : array_like of float, shape (D, H, W), optional
        Cost of entering each voxel (finite, >= 0); ``None``: every voxel costs 1.
    connectivity : int
        6 (face neighbours), 18 (and edge neighbours) or 26 (and corner neighbours).
    corner_cutting : CornerCutting
        ``NEVER`` (the default, the 3-D benchmark rule: a diagonal step needs the other
        voxels of its box open) or ``ALWAYS`` (diagonal steps look at their target only).

    Notes
    -----
    The default heuristic (:func:`~wayfinding.grid.worlds.voxel_distance`) is the 3-D
    octile distance for 26 neighbours, Manhattan for 6 and the cheapest fractional cost
    for 18, times the cheapest voxel's cost: admissible and consistent. Edits and threads
    work as on :class:`Grid`; an edit rebuilds the grid's derived data.

    Examples
    --------
    >>> grid = VoxelGrid(np.ones((3, 4, 5), bool), connectivity=6)
    >>> grid.width, grid.height, grid.depth, grid.shape
    (5, 4, 3, (3, 4, 5))
    >>> grid.heuristic((0, 0, 0), (4, 3, 2))
    9.0
    """

    _square = False
    _world = True
    dims = 3

    def __init__(self, passable: Any, costs: Any = None, *, connectivity: int = 26,
                 corner_cutting: CornerCutting = CornerCutting.NEVER) -> None:
        mask = _checked_passable(passable, "VoxelGrid(passable)")
        if mask.ndim != 3 or 0 in mask.shape:
            raise InvalidLocationError(
                f"passable must be a non-empty 3-D array (D, H, W), got shape {mask.shape}")
        if isinstance(connectivity, bool) or not isinstance(connectivity, int | np.integer):
            raise InvalidParameterError(
                f"connectivity must be 6, 18 or 26, got {connectivity!r}")
        moves = voxel_moves(int(connectivity), corner_cutting)  # checks the values
        self._connectivity = int(connectivity)
        self._setup(mask, costs, Movement(corner_cutting=corner_cutting), moves,
                    (False, False), None, None)

    @classmethod
    def from_blocked(cls, shape: tuple[int, int, int], blocked: Any,
                     **options: Any) -> VoxelGrid:
        """A grid of ``shape`` ``(W, H, D)`` (x, y, z sizes, as a ``.3dmap`` header gives
        them) with every voxel open but the ``(x, y, z)`` rows of ``blocked``.

        Examples
        --------
        >>> VoxelGrid.from_blocked((2, 1, 1), [(1, 0, 0)]).passable((1, 0, 0))
        False
        """
        w, h, d = (_dimension(v, name) for v, name in zip(shape, "xyz", strict=True))
        points = np.asarray(blocked, dtype=np.int64).reshape(-1, 3)
        outside = ((points < 0) | (points >= (w, h, d))).any(axis=1)
        if outside.any():
            bad = points[outside][0]
            raise InvalidLocationError(
                f"blocked voxel {tuple(bad.tolist())} is outside the {w}x{h}x{d} grid")
        mask = np.ones((d, h, w), dtype=bool)
        mask[points[:, 2], points[:, 1], points[:, 0]] = False
        return cls(mask, **options)

    # ------------------------------------------------------------------ properties
    @property
    def width(self) -> int:
        """Voxels along x."""
        return int(self._passable.shape[2])

    @property
    def height(self) -> int:
        """Voxels along y."""
        return int(self._passable.shape[1])

    @property
    def depth(self) -> int:
        """Voxels along z."""
        return int(self._passable.shape[0])

    @property
    def shape(self) -> tuple[int, int, int]:  # type: ignore[override]
        """``(depth, height, width)``, the shape of the grid's arrays."""
        return (self.depth, self.height, self.width)

    @property
    def connectivity(self) -> int:
        """Neighbours of a voxel: 6, 18 or 26."""
        return self._connectivity

    def __repr__(self) -> str:
        return (f"VoxelGrid({self.width}x{self.height}x{self.depth}, "
                f"connectivity={self._connectivity}, weighted={self._costs is not None}, "
                f"corner_cutting={self.movement.corner_cutting.name})")

    # ------------------------------------------------------------------ locations
    def _cell_of(self, location: Any, role: str = "location") -> Voxel:
        """``location`` as an ``(x, y, z)`` tuple of ints inside the grid (raises otherwise)."""
        try:
            x, y, z = location
            if any(isinstance(v, bool | float) for v in (x, y, z)):
                raise TypeError
            loc = (int(x), int(y), int(z))
            if loc != (x, y, z):
                raise TypeError
        except (TypeError, ValueError):
            raise InvalidLocationError(
                f"{role} must be an (x, y, z) triple of integers, got {location!r}") from None
        if not (0 <= loc[0] < self.width and 0 <= loc[1] < self.height
                and 0 <= loc[2] < self.depth):
            raise InvalidLocationError(
                f"{role} {loc} is outside the {self.width}x{self.height}x{self.depth} grid "
                f"(x in 0..{self.width - 1}, y in 0..{self.height - 1}, "
                f"z in 0..{self.depth - 1})")
        return loc

    def _checked_in_bounds(self, location: Any) -> Voxel:  # type: ignore[override]
        return self._cell_of(location)

    def in_bounds(self, location: Voxel) -> bool:  # type: ignore[override]
        """True when ``location`` lies in the grid."""
        x, y, z = location
        return 0 <= x < self.width and 0 <= y < self.height and 0 <= z < self.depth

    def passable(self, location: Voxel) -> bool:  # type: ignore[override]
        """True when ``location`` lies in the grid and is not a wall."""
        return self.in_bounds(location) and bool(
            self._passable[location[2], location[1], location[0]])

    def check_location(self, location: Any, role: str = "location") -> Voxel:  # type: ignore[override]
        """``location`` as an ``(x, y, z)`` tuple of ints, or a clear error.

        Raises
        ------
        InvalidLocationError
            When it is not a triple of integers, lies outside the grid or is a wall.
        """
        loc = self._cell_of(location, role)
        if not self._passable[loc[2], loc[1], loc[0]]:
            raise InvalidLocationError(f"{role} {loc} is a wall")
        return loc

    def locations(self) -> Iterator[Voxel]:  # type: ignore[override]
        """Every open voxel, in array order (z, then y, then x)."""
        zs, ys, xs = np.nonzero(self._passable)
        return zip(xs.tolist(), ys.tolist(), zs.tolist(), strict=True)

    # ------------------------------------------------------------------ graph protocol
    def neighbors(self, location: Voxel) -> list[Voxel]:  # type: ignore[override]
        """Voxels reachable in one step from ``location`` (face neighbours first)."""
        mask = self._passable
        return [c for _, c in self._world_steps(tuple(location),
                                                lambda c: bool(mask[c[2], c[1], c[0]]))]

    def _world_steps(self, cell: Voxel, is_open: Any) -> list[tuple[Any, Voxel]]:
        from .worlds import world_neighbors

        return world_neighbors(self._moves, self._passable.shape, self._wrap, is_open,
                               cell)  # type: ignore[return-value]

    def cost(self, from_location: Voxel, to_location: Voxel) -> float:  # type: ignore[override]
        """Cost of the step: its length (1, sqrt 2, sqrt 3) times the entered voxel's cost."""
        step = step_between(self._moves, self._passable.shape, self._wrap,
                            tuple(from_location), tuple(to_location))
        if step is None:
            raise InvalidLocationError(
                f"{from_location!r} and {to_location!r} are not neighbouring voxels with "
                f"{self._connectivity} neighbours")
        if self._costs is None:
            return step.length
        x, y, z = to_location
        return step.length * float(self._costs[z, y, x])

    def heuristic(self, location: Voxel, goal: Voxel) -> float:  # type: ignore[override]
        """:func:`~wayfinding.grid.worlds.voxel_distance` times the cheapest voxel's cost."""
        return voxel_distance(goal[0] - location[0], goal[1] - location[1],
                              goal[2] - location[2], self._connectivity) * self.min_cost

    heuristic._measures_locations = True  # type: ignore[attr-defined]

    def _build_flat(self) -> FlatGrid:
        """The padded flat arrays (a blocked border on all six sides). An unweighted
        grid's costs are one number, not an array of ones per voxel (10^8 voxels would
        take 800 MB): every kernel a voxel grid runs reads costs only when weighted."""
        d, h, w = self._passable.shape
        padded = np.zeros((d + 2, h + 2, w + 2), dtype=np.uint8)
        padded[1:-1, 1:-1, 1:-1] = self._passable
        if self._costs is not None:
            costs = np.ones((d + 2, h + 2, w + 2), dtype=np.float64)
            costs[1:-1, 1:-1, 1:-1] = self._costs
            flat_costs = costs.ravel()
        else:
            flat_costs = np.ones(1, dtype=np.float64)
        return FlatGrid(padded.ravel(), flat_costs, self._costs is not None, w + 2, w, h,
                        (h + 2) * (w + 2), d)

    # ------------------------------------------------------------------ edits
    def set_wall(self, location: Voxel, wall: bool = True) -> None:  # type: ignore[override]
        """Make ``location`` a wall (or open again with ``wall=False``)."""
        self.set_walls([location], wall)

    def set_walls(self, locations: Iterable[Voxel], wall: bool = True) -> None:  # type: ignore[override]
        """Make every location in ``locations`` a wall (or open with ``wall=False``)."""
        cells = [self._cell_of(loc) for loc in locations]
        with self._lock:
            for x, y, z in cells:
                self._passable[z, y, x] = not wall
            self._edited()

    def set_cost(self, location: Voxel, cost: float) -> None:  # type: ignore[override]
        """Set the entry cost of one voxel (the grid becomes weighted if it was not)."""
        x, y, z = self._cell_of(location)
        value = _checked_cost_value(cost, f"cost of voxel {(x, y, z)}")
        self._check_sums(value, f"cost {value!r} of voxel {(x, y, z)}")
        with self._lock:
            if self._costs is None:
                self._costs = np.ones(self._passable.shape, dtype=np.float64)
            self._costs[z, y, x] = value
            self._edited()

    @property
    def walls(self) -> frozenset[Voxel]:  # type: ignore[override]
        """The blocked voxels as a set of ``(x, y, z)``; assign a list to replace them."""
        zs, ys, xs = np.nonzero(~self._passable)
        return frozenset(zip(xs.tolist(), ys.tolist(), zs.tolist(), strict=True))

    @walls.setter
    def walls(self, locations: Iterable[Voxel]) -> None:
        cells = [self._cell_of(loc) for loc in locations]
        with self._lock:
            self._passable[...] = True
            for x, y, z in cells:
                self._passable[z, y, x] = False
            self._edited()

    @property
    def weights(self) -> dict[Voxel, float]:  # type: ignore[override]
        """Voxels whose entry cost is not 1, as ``{(x, y, z): cost}``."""
        if self._costs is None:
            return {}
        zs, ys, xs = np.nonzero(self._costs != 1.0)
        return {(int(x), int(y), int(z)): float(self._costs[z, y, x])
                for x, y, z in zip(xs.tolist(), ys.tolist(), zs.tolist(), strict=True)}

    @weights.setter
    def weights(self, weights: Any) -> None:
        costs = np.ones(self._passable.shape, dtype=np.float64)
        for loc, value in dict(weights).items():
            x, y, z = self._cell_of(loc)
            costs[z, y, x] = _checked_cost_value(value, f"weight of voxel {(x, y, z)}")
        self._check_sums(float(costs.max()), "the dearest weight")
        with self._lock:
            self._costs = costs
            self._edited()

    def copy(self) -> VoxelGrid:
        """An independent copy with the same voxels and movement rules."""
        with self._lock:
            return VoxelGrid(self._passable, self._costs, connectivity=self._connectivity,
                             corner_cutting=self.movement.corner_cutting)
