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
import threading
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, NamedTuple, TypeVar

import numpy as np

from .._inputs import COST_SUM_LIMIT
from ..errors import (
    InvalidCostError,
    InvalidLocationError,
    InvalidParameterError,
    UnsupportedGridError,
)
from ._checks import (
    _checked_classes,
    _checked_cost_value,
    _checked_costs,
    _checked_passable,
    _checked_terrain,
    _dimension,
    _read_only,
    location_in_grid,
)
from .cellviews import WallsView, WeightsView
from .derived import Derived, DerivedStore, Edit, EditKind
from .movement import CornerCutting, Movement
from .moves import MoveSet, custom_moves, gauge_facets, square_moves
from .worlds import (
    check_wrap,
    facets_distance,
    fold,
    step_between,
    world_neighbors,
    wrap_estimate,
)

__all__ = ["COST_SUM_LIMIT", "FlatGrid", "Grid", "GridWithWeights", "SquareGrid"]

#: Edits the grid remembers for patching derived data (older data is built afresh), and
#: the most cells they may touch in all for a patch to be tried.
EDIT_LOG_LENGTH = 64
PATCH_CELLS = 256

Location = tuple[int, int]
T = TypeVar("T")



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
    #: Voxel grids: the size of a padded z-plane, ``(H + 2) * stride``, and the depth
    #: (voxel ``(x, y, z)`` has index ``(z + 1) * plane + (y + 1) * stride + x + 1``);
    #: 0 on 2-D grids.
    plane: int = 0
    depth: int = 0

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
        True where a unit may stand (0/1 integers are accepted too). Copied; the input is
        never modified. Any other value (a cost such as 5 or 0.5, NaN, a string) raises
        :class:`~wayfinding.errors.InvalidParameterError`: a cost array, as tcod,
        scikit-image or pyastar2d take it, goes to :meth:`from_costs`.
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
    classes : array_like of int, shape (H, W), optional
        Terrain class of each cell, 0 to 254 (see :attr:`classes`): a unit steps only
        between open cells of the same class, and a diagonal step also needs its
        orthogonal cells in that class (as walls are for ``corner_cutting``). ``None``
        (the default): one class, every open cell reachable from its neighbours.
    terrain : array_like, shape (H, W), optional
        Map characters of the cells (one-character strings or their ASCII codes), kept
        for writers such as :func:`wayfinding.io.movingai.write_map`; no effect on
        movement (see :attr:`terrain`).
    moves : list of (dx, dy, cost), optional
        A move set of its own instead of the 4- or 8-way moves: knight moves, the 16- or
        32-neighbourhood, any list of moves of at most 8 cells along each axis. A move
        costs ``cost`` times the entered cell's cost and follows the long-move rule of
        :mod:`wayfinding.grid.moves`: the cells its straight segment passes through must be
        open, and a corner it passes exactly follows ``corner_cutting`` (so ``(1, 1)`` is
        the usual diagonal). ``diagonal``, ``straight_cost`` and ``diagonal_cost`` are then
        not used; the default heuristic is derived from the moves (:attr:`heuristic`).
    wrap : (bool, bool)
        Wrap-around borders along x and along y: ``(True, False)`` joins the last column to
        the first (a cylinder), ``(True, True)`` makes a torus. A wrapped axis must be at
        least twice the longest step plus one cells long. Heuristics take the shorter way
        round.

    Notes
    -----
    Threads. Any number of threads may call any function of the library on one grid at
    once, and edits (``set_wall``, ``set_walls``, ``set_cost``, ``set_passable``,
    ``set_costs``, ``walls = ...``, ``weights = ...``) may come from any thread, also while
    others call:

    - every edit is atomic (it holds the grid's lock) and bumps :attr:`version`; edits
      from several threads are applied one after the other;
    - every call answers for one version of the grid, never a mix: the searches that
      lease their data (``astar``, ``dijkstra``, ``greedy_best_first``,
      ``breadth_first_search``, ``jps``) for the version they start on, every other call
      (``prepare``, ``landmarks``, ``flood``, ``flow_field``, the ``batch`` functions,
      ``distance_matrix``, ``connected``, ``components``, ``DStarLite``,
      ``AStarSearch``, ``theta_star``, ``astar_turns``, ``path_blocked``, searches handed
      to the generic tier) for the version of the :meth:`snapshot` it takes as it
      begins. Starts and goals are checked against that version too (a cell opened by a
      later edit is still a wall for it). A call that begins after an edit has returned
      sees the edit; one already running does not;
    - results are snapshots: an edit never changes a result already returned (paths,
      costs, labels, batch results, fields);
    - what a call builds to keep is stamped with the version it was built from and
      refuses a grid edited since: :attr:`PreparedGrid.version
      <wayfinding.grid.prepared.PreparedGrid>` (queries raise StaleDataError while the
      grid's cells differ from that version's, and answer again once they are the same),
      :attr:`FlowField.version <wayfinding.fields.flowfield.FlowField.version>` (its
      methods raise StaleDataError once the grid's version is another), landmarks
      (refused by ``astar`` while the cells differ). A ``DistanceField`` keeps the costs
      it found and a ``DStarLite`` its own copy of the cells (:meth:`DStarLite.update
      <wayfinding.replan.dstar_lite.DStarLite.update>` reads the grid again); prepared
      grids, fields and landmarks may be shared by threads, while one ``AStarSearch`` or
      ``DStarLite`` belongs to one thread at a time;
    - derived data after an edit of a few cells is patched rather than rebuilt; a patch
      writes an array in place only while nobody but the grid can see it (no leased
      search running, nothing handed out: :mod:`wayfinding.grid.derived`), so data of
      an older version, which a running call or a caller may hold, never changes;
    - the first compiled calls may come from several threads at once (numba is imported
      by one of them, under a lock).

    Reading the arrays (``passable_mask``, ``costs``) while another thread edits them may
    show an edit half done; read them from :meth:`snapshot` (cheap) for one version.

    Examples
    --------
    >>> import numpy as np
    >>> g = Grid(np.ones((2, 3), bool), diagonal=True)
    >>> g.neighbors((0, 0))
    [(1, 0), (0, 1), (1, 1)]
    >>> round(g.cost((0, 0), (1, 1)), 3)
    1.414
    >>> torus = Grid(np.ones((3, 5), bool), wrap=(True, True))
    >>> sorted(torus.neighbors((0, 0)))
    [(0, 1), (0, 2), (1, 0), (4, 0)]
    >>> knight = Grid(np.ones((4, 4), bool), moves=[(2, 1, 5 ** 0.5), (1, 2, 5 ** 0.5)])
    >>> knight.neighbors((0, 0))
    [(2, 1), (1, 2)]
    """

    #: True for the square grid's class: its cells are squares (HexGrid, VoxelGrid: False).
    _square = True
    _world = True  # a world class: its own neighbors and cost are the kernels' rules
    #: Coordinates of a location: 2, ``(x, y)`` (3 on voxel grids).
    dims = 2

    def __init__(
        self,
        passable: Any,
        costs: Any = None,
        *,
        diagonal: bool = False,
        diagonal_cost: float = math.sqrt(2.0),
        straight_cost: float = 1.0,
        corner_cutting: CornerCutting = CornerCutting.NEVER,
        classes: Any = None,
        terrain: Any = None,
        moves: Any = None,
        wrap: tuple[bool, bool] = (False, False),
    ) -> None:
        mask = _checked_passable(passable, "Grid(passable)")
        if mask.ndim != 2 or mask.shape[0] == 0 or mask.shape[1] == 0:
            raise InvalidLocationError(
                f"passable must be a non-empty 2-D array (H, W), got shape {mask.shape}"
            )
        if moves is not None:
            moveset = custom_moves(moves, corner_cutting)
            movement = Movement(diagonal=any(s.d[0] and s.d[1] for s in moveset.sets[0]),
                                corner_cutting=corner_cutting,
                                custom=tuple((s.d[0], s.d[1], s.length)
                                             for s in moveset.sets[0]))
        else:
            movement = Movement(diagonal=diagonal, straight_cost=straight_cost,
                                diagonal_cost=diagonal_cost, corner_cutting=corner_cutting)
            moveset = square_moves(movement.diagonal, movement.straight_cost,
                                   movement.diagonal_cost, movement.corner_cutting)
        self._setup(mask, costs, movement, moveset, check_wrap(wrap, mask.shape, moveset.reach),
                    classes, terrain)

    def _setup(self, mask: np.ndarray, costs: Any, movement: Movement, moveset: MoveSet,
               wrap: tuple[bool, bool], classes: Any, terrain: Any) -> None:
        """The part of building a grid every world shares (``mask`` checked already)."""
        self._passable = mask
        self._costs: np.ndarray | None = None
        if costs is not None:
            self._costs = _checked_costs(costs, mask.shape)
        self.movement = movement
        self._moves = moveset
        self._wrap = wrap
        # the pieces of the move set's bound (the kernels' heuristic of a wrapped grid or
        # one with moves of its own: octile or Manhattan for the 8- or 4-way moves)
        self._estimate: tuple[list[tuple[float, float]], list[tuple[int, int]]] = ([], [])
        if movement.custom is not None or any(wrap):
            facets = gauge_facets(movement.moves())
            self._estimate = wrap_estimate(facets, mask.shape, wrap)
        self._standard = movement.custom is None and not any(wrap) and type(self)._square
        if classes is not None and not self._standard:
            raise InvalidParameterError(
                "terrain classes work on square grids with the 4- or 8-way moves and no "
                "wrap-around only")
        if self._costs is not None and self._costs.size:
            self._check_sums(float(self._costs.max()), "the dearest cell cost")
        else:
            self._check_sums(1.0, "the step length")
        self._version = 0
        self._log: dict[int, Edit | None] = {}  # version -> the edit that made it
        # held by every edit and by every build of derived data (see ``derived``)
        self._lock = threading.RLock()
        self._derived = DerivedStore(self._lock)
        self._ones: np.ndarray | None = None  # the flat costs of an unweighted grid
        #: the grid a snapshot was taken of (None: this grid is no snapshot; see snapshot)
        self._source: Grid | None = None
        # the arrays are shared with a snapshot: copied before an edit writes them, if one
        # of the snapshots taken since they were last copied is still alive
        self._mask_shared = self._costs_shared = False
        self._snapshots: list[weakref.ref[Grid]] = []
        self._classes = None if classes is None else _checked_classes(classes, mask.shape)
        self._terrain = None if terrain is None else _checked_terrain(terrain, mask.shape)

    # ------------------------------------------------------------------ builders
    @classmethod
    def from_costs(cls, costs: Any, *, wall: float = 0.0, **options: Any) -> Grid:
        """Build a weighted grid from one cost array, as tcod, scikit-image or pyastar2d take it.

        Parameters
        ----------
        costs : array_like of numbers, shape (H, W)
            Cost of entering each cell; cells equal to ``wall`` are walls. Every other cell
            must be finite and >= 0 (NaN, negative numbers and strings raise).
        wall : float
            The value that marks a wall: ``0`` (tcod, python-pathfinding) or ``math.inf``
            (pyastar2d, scikit-image after ``np.where(costs < 0, np.inf, costs)``).
        **options
            Movement options of :class:`Grid` (``diagonal``, ``diagonal_cost``,
            ``straight_cost``, ``corner_cutting``). A step costs its length times the
            entered cell's cost, as in tcod; see the README section "Coming from tcod /
            networkx / scikit-image / python-pathfinding" for each library's mapping.

        Examples
        --------
        >>> import numpy as np
        >>> g = Grid.from_costs(np.array([[1, 0, 3], [1, 1, 1]]))  # tcod: 0 is a wall
        >>> g.passable((1, 0)), float(g.costs[0, 2])
        (False, 3.0)
        >>> Grid.from_costs([[1.0, np.inf]], wall=np.inf).passable((1, 0))
        False
        """
        from .builders import grid_from_costs

        return grid_from_costs(cls, costs, wall, **options)

    @classmethod
    def from_ascii(cls, text: str, **options: Any) -> Grid:
        """Build a grid from a picture.

        ``#`` and ``@`` are walls, ``.`` is floor, digits ``1``-``9`` are floor with that
        entry cost. MovingAI letters mean what the benchmark says: ``G`` and ``S`` are floor,
        ``T`` and ``O`` walls, ``W`` water: open but of another terrain class (units step
        only within one class, see :attr:`classes`; pass ``classes=None`` for one class).
        A ``draw_grid`` picture (frame, ``*`` path, ``A``/``Z`` ends, ``+``) reads back too.
        Blank lines before and after the picture and surrounding spaces on a line are
        ignored. ``source=`` names the picture (its file) in error messages; other options
        are passed to :class:`Grid`.

        Examples
        --------
        >>> g = Grid.from_ascii('''
        ... .5.
        ... #..
        ... ''', diagonal=True)
        >>> g.costs[0, 1], g.passable((0, 1))
        (np.float64(5.0), False)
        """
        from .builders import grid_from_ascii

        return grid_from_ascii(cls, text, **options)

    # ------------------------------------------------------------------ properties
    @property
    def width(self) -> int:
        """Number of columns (x ranges over ``range(width)``)."""
        return int(self._passable.shape[1])

    @property
    def height(self) -> int:
        """Number of rows (y ranges over ``range(height)``)."""
        return int(self._passable.shape[0])

    @property
    def shape(self) -> tuple[int, int]:
        """``(height, width)``, the shape of the grid's arrays."""
        return (self.height, self.width)

    @property
    def passable_mask(self) -> np.ndarray:
        """Read-only bool[H, W] view: True where passable."""
        return _read_only(self._passable)  # type: ignore[return-value]

    @property
    def costs(self) -> np.ndarray | None:
        """Read-only float64[H, W] view of entry costs, or None when every cell costs 1."""
        return _read_only(self._costs)

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
    def classes(self) -> np.ndarray | None:
        """Read-only uint8[H, W] view of the cells' terrain classes, or None (one class).

        Steps join open cells of one class only; a diagonal step also needs both
        orthogonal cells (``CornerCutting.NEVER``; one for ``ONE_FREE``) open and in that
        class. A* and Dijkstra, greedy best-first, breadth-first search, component labels
        and the generic tier honour classes; the other compiled tools raise
        :class:`~wayfinding.errors.UnsupportedGridError` on a grid whose open cells span
        several classes.

        Examples
        --------
        >>> import numpy as np
        >>> g = Grid(np.ones((1, 3), bool), classes=[[0, 0, 1]])
        >>> g.neighbors((1, 0)), g.neighbors((2, 0))
        ([(0, 0)], [])
        """
        return _read_only(self._classes)

    @property
    def terrain(self) -> np.ndarray | None:
        """Read-only uint8[H, W] view of the cells' map characters (ASCII codes), or None.

        Set by :func:`wayfinding.io.movingai.read_map` so that ``write_map`` writes every
        character back; it describes the map and never changes movement.

        Examples
        --------
        >>> g = Grid([[True, False]], terrain=[["S", "T"]])
        >>> g.terrain.tobytes()
        b'ST'
        """
        return _read_only(self._terrain)

    @property
    def several_classes(self) -> bool:
        """True when the open cells span more than one terrain class (see :attr:`classes`)."""
        if self._classes is None:
            return False
        return self.derived(_SEVERAL_CLASSES)

    @property
    def uses_own_rules(self) -> bool:
        """True unless this grid's class redefines ``neighbors`` or ``cost``: the compiled
        kernels read the arrays and movement rules and cannot follow such a subclass
        (searches hand it to the generic tier)."""
        cls = type(self)
        world = next(c for c in cls.__mro__ if c.__dict__.get("_world"))
        return cls is world or (cls.neighbors is world.neighbors and cls.cost is world.cost)

    @property
    def compiled(self) -> bool:
        """True when the compiled kernels serve this grid (its class follows its own rules,
        :attr:`uses_own_rules`): every world, square, hex, voxel, wrapped or with moves of
        its own (see :attr:`standard` for the tools of square grids only)."""
        return self.uses_own_rules

    @property
    def standard(self) -> bool:
        """True for a square grid with the 4- or 8-way moves and no wrap-around: the grid
        every tool serves (jump point search, prepared grids, any-angle paths, D* Lite,
        turn costs, MovingAI files). Hex and voxel grids, wrapped grids and grids with
        moves of their own work with the searches, fields, components and distance
        matrices and ``wf.batch`` searches; the other tools (``wf.batch.jps`` and
        landmarks too) raise UnsupportedGridError on them."""
        return self._standard

    @property
    def wrap(self) -> tuple[bool, bool]:
        """Whether the x and the y axis wrap around (see the ``wrap`` parameter)."""
        return self._wrap

    @property
    def moves(self) -> MoveSet:
        """The steps of this grid's movement rules (:class:`~wayfinding.grid.moves.MoveSet`:
        what the generic ``neighbors`` and the compiled move table are both built from)."""
        return self._moves

    def locations(self) -> Iterator[Location]:
        """Every open location, row by row (``(x, y)``; see each world for its own).

        Examples
        --------
        >>> list(Grid.from_ascii(".#.").locations())
        [(0, 0), (2, 0)]
        """
        ys, xs = np.nonzero(self._passable)
        return zip(xs.tolist(), ys.tolist(), strict=True)

    @property
    def version(self) -> int:
        """Counter bumped by every edit; derived data built at another version is stale."""
        return self._version

    @property
    def min_cost(self) -> float:
        """Cheapest entry cost of a passable cell (1.0 on an unweighted grid)."""
        return self.derived(_MIN_COST)

    def __repr__(self) -> str:
        m = self.movement
        moves = f"moves={len(m.custom)}" if m.custom is not None else f"diagonal={m.diagonal}"
        wrap = f", wrap={self._wrap}" if any(self._wrap) else ""
        return (
            f"Grid({self.width}x{self.height}, {moves}, weighted={self._costs is not None}, "
            f"corner_cutting={m.corner_cutting.name}{wrap})"
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
        if not self._standard:
            return [cell for _, cell in self._steps_from(location)]
        x, y = location
        ok = self.passable
        if self._classes is not None and ok(location):
            ok = self._same_class_test(location)
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

    def predecessors(self, location: Location) -> list[Location]:
        """Cells from which one step reaches ``location``: its :meth:`neighbors` when the
        moves go both ways (a step ``a -> b`` exists exactly when ``b -> a`` does; only
        their costs differ), else the cells a move of its own leads here from.
        Bidirectional searches walk these backwards.

        Examples
        --------
        >>> import wayfinding as wf
        >>> grid = wf.Grid.from_ascii('.3.')
        >>> wf.bidirectional_dijkstra(grid, (0, 0), (2, 0)).cost
        4.0
        """
        if not self.uses_own_rules:
            name = type(self).__name__
            raise InvalidParameterError(
                f"walking steps backwards needs a graph that knows its predecessors, and "
                f"{name} redefines neighbors() or cost(), so its steps may not be symmetric: "
                f"give it a predecessors(location) method of its own (got {name})")
        custom = self.movement.custom
        if custom is None or all((-dx, -dy, c) in custom for dx, dy, c in custom):
            return self.neighbors(location)
        x, y = self.check_location(location)
        found: list[Location] = []
        for dx, dy, _ in custom:  # one-way moves: the cells whose steps end here
            u = (x - dx, y - dy)
            if self._wrap[0]:
                u = (u[0] % self.width, u[1])
            if self._wrap[1]:
                u = (u[0], u[1] % self.height)
            if (u not in found and 0 <= u[0] < self.width and 0 <= u[1] < self.height
                    and self._passable[u[1], u[0]] and (x, y) in self.neighbors(u)):
                found.append(u)
        return found

    def _same_class_test(self, location: Location) -> Callable[[Location], bool]:
        """``passable`` restricted to the terrain class of ``location``."""
        classes = self._classes
        assert classes is not None
        home = classes[location[1], location[0]]

        def ok(loc: Location) -> bool:
            return self.passable(loc) and bool(classes[loc[1], loc[0]] == home)

        return ok

    def cost(self, from_location: Location, to_location: Location) -> float:
        """Cost of the step ``from_location -> to_location`` (length x entered cell's cost)."""
        if not self._standard:
            step = step_between(self._moves, self._passable.shape, self._wrap,
                                tuple(from_location), tuple(to_location))
            if step is None:
                raise InvalidLocationError(
                    f"{from_location!r} and {to_location!r} are not neighbouring cells under "
                    f"this grid's moves")
            length = step.length
        else:
            dx = to_location[0] - from_location[0]
            dy = to_location[1] - from_location[1]
            if max(abs(dx), abs(dy)) != 1 or (dx and dy and not self.movement.diagonal):
                kind = "8-way" if self.movement.diagonal else "4-way"
                raise InvalidLocationError(
                    f"{from_location!r} and {to_location!r} are not neighbouring cells under "
                    f"{kind} movement"
                )
            length = self.movement.step_length(dx, dy)
        if self._costs is None:
            return length
        return length * float(self._costs[to_location[1], to_location[0]])

    def _steps_from(self, location: Location) -> list[tuple[Any, Location]]:
        """The steps allowed from ``location`` (storage cell) and the cells they reach,
        by the move set (worlds other than the standard square grid)."""
        mask = self._passable
        return world_neighbors(self._moves, mask.shape, self._wrap,
                               lambda c: bool(mask[c[1], c[0]]), tuple(location))

    def heuristic(self, location: Location, goal: Location) -> float:
        """The admissible and consistent default estimate for this grid's movement rules.

        Manhattan distance on 4-way grids; on 8-way grids octile distance with the
        straight step ``min(D, D2)`` and the diagonal step ``min(D2, 2 D)`` (so it stays
        a lower bound when diagonals cost more than two straight steps or less than one;
        the proof is in :func:`wayfinding.heuristics.octile`); with moves of the grid's
        own the cheapest free-space cost of the move set
        (:func:`~wayfinding.grid.moves.gauge_facets`, proof there); scaled by the cheapest
        entry cost. On a wrapped axis the offset is taken the shorter way round. It
        measures the distance to a goal *location*: searches for a goal given as a
        predicate use no heuristic (zero) by default.

        Examples
        --------
        >>> grid = Grid(np.ones((3, 7), dtype=bool), diagonal=True, straight_cost=3,
        ...             diagonal_cost=1)
        >>> grid.heuristic((0, 1), (6, 1))
        6.0
        """
        dx = location[0] - goal[0]
        dy = location[1] - goal[1]
        m = self.movement
        if m.custom is not None:  # moves may be one-way: measure location -> goal
            return self._custom_estimate(-dx, -dy) * self.min_cost
        if self._wrap[0]:
            dx = fold(dx, self.width)
        if self._wrap[1]:
            dy = fold(dy, self.height)
        dx, dy = abs(dx), abs(dy)
        if m.diagonal:
            d = min(m.straight_cost, m.diagonal_cost)
            d2 = min(m.diagonal_cost, 2.0 * m.straight_cost)
            h = d * (dx + dy) + (d2 - 2.0 * d) * min(dx, dy)
        else:
            h = m.straight_cost * (dx + dy)
        return h * self.min_cost

    def _custom_estimate(self, dx: int, dy: int) -> float:
        """The move set's free-space bound (:func:`~.moves.gauge_facets`) of ``(dx, dy)``,
        the least over the ways round a wrapped grid (:func:`~.worlds.wrap_shifts`)."""
        facets, shifts = self._estimate
        if not shifts:
            return 0.0
        if self._wrap[0]:
            dx = fold(dx, self.width)
        if self._wrap[1]:
            dy = fold(dy, self.height)
        return min(facets_distance(facets, dx + sx, dy + sy) for sx, sy in shifts)

    heuristic._measures_locations = True  # type: ignore[attr-defined]

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

    def _open_cell(self, location: Any, role: str = "location") -> tuple[int, ...]:
        """The storage cell (``(x, y)``, indexing ``[y, x]``) of an open location, checked
        as :meth:`check_location` checks it (each world converts its own locations)."""
        return self.check_location(location, role)

    # ------------------------------------------------------------------ edits
    # Every edit holds the grid's lock, changes the arrays, then bumps the version; derived
    # data is built under the same lock (see ``cached``). Coordinates are checked exactly
    # as searches check them (``location_in_grid``): no float or bool is truncated.
    def set_wall(self, location: Location, wall: bool = True) -> None:
        """Make ``location`` a wall (or floor again with ``wall=False``)."""
        mask = self._passable
        x, y = location_in_grid(mask.shape[1], mask.shape[0], location)
        with self._lock:  # the edit and its record: _edited written out (per frame)
            mask = self._own_mask() if self._mask_shared else self._passable
            before = mask.item(y, x)
            mask[y, x] = not wall
            version = self._version = self._version + 1
            log = self._log
            log[version] = _new_tuple(Edit, (_WALLS, ((x, y),), (before,)))
            log.pop(version - EDIT_LOG_LENGTH, None)

    def set_walls(self, locations: Iterable[Location], wall: bool = True) -> None:
        """Make every location in ``locations`` a wall (or floor with ``wall=False``)."""
        cells = [self._checked_in_bounds(loc) for loc in locations]
        with self._lock:
            mask = self._own_mask() if self._mask_shared else self._passable
            before = []
            for x, y in cells:
                before.append(mask.item(y, x))
                mask[y, x] = not wall
            self._edited(Edit(EditKind.WALLS, tuple(cells), tuple(before)))

    def set_cost(self, location: Location, cost: float) -> None:
        """Set the entry cost of one cell (the grid becomes weighted if it was not)."""
        x, y = self._checked_in_bounds(location)
        value = _checked_cost_value(cost, f"cost of cell {(x, y)}")
        self._check_sums(value, f"cost {value!r} of cell {(x, y)}")
        with self._lock:
            edit = Edit(EditKind.COSTS, ((x, y),))
            if self._costs is None:
                self._editable()
                self._costs = np.ones(self._passable.shape, dtype=np.float64)
                edit = None  # the grid becomes weighted: every derived array changes
            elif self._costs_shared:
                self._own_costs()
            self._costs[y, x] = value
            self._edited(edit)

    def set_passable(self, passable: Any) -> None:
        """Replace the whole passability array (same shape, booleans as in :class:`Grid`)."""
        mask = _checked_passable(passable, "set_passable(passable)")
        if mask.shape != self._passable.shape:
            raise InvalidLocationError(
                f"passable must have shape {self._passable.shape}, got {mask.shape}"
            )
        with self._lock:
            self._editable()
            self._passable = mask
            self._mask_shared = False
            self._edited()

    def set_costs(self, costs: Any) -> None:
        """Replace the whole cost array (same shape), or drop it with ``None``."""
        checked = None if costs is None else _checked_costs(costs, self._passable.shape)
        if checked is not None and checked.size:
            self._check_sums(float(checked.max()), "the dearest cell cost")
        with self._lock:
            self._editable()
            self._costs = checked
            self._costs_shared = False
            self._edited()

    @property
    def walls(self) -> WallsView:
        """The blocked cells as a live set of ``(x, y)``; assign a list to replace them all.

        Edits in place (``grid.walls.add(cell)``, ``append``, ``discard``, ``update``,
        ``|=``, ...) edit the grid (:class:`~wayfinding.grid.cellviews.WallsView`).
        """
        return WallsView(self)

    @walls.setter
    def walls(self, locations: Iterable[Location]) -> None:
        if isinstance(locations, WallsView) and locations._grid is self:
            return  # ``grid.walls |= ...`` assigns the view it has already edited
        cells = [self._checked_in_bounds(loc) for loc in locations]
        with self._lock:
            mask = self._own_mask() if self._mask_shared else self._passable
            mask[:, :] = True
            for x, y in cells:
                mask[y, x] = False
            self._edited()

    @property
    def weights(self) -> WeightsView:
        """Cells whose entry cost is not 1, as a live ``{(x, y): cost}``; assign a dict to
        replace them all.

        Edits in place (``grid.weights[cell] = 5``, ``del``, ``update``, ``|=``, ...) edit
        the grid (:class:`~wayfinding.grid.cellviews.WeightsView`).
        """
        return WeightsView(self)

    @weights.setter
    def weights(self, weights: Mapping[Location, float]) -> None:
        if isinstance(weights, WeightsView) and weights._grid is self:
            return  # ``grid.weights |= ...`` assigns the view it has already edited
        costs = np.ones(self._passable.shape, dtype=np.float64)
        for loc, value in dict(weights).items():
            x, y = self._checked_in_bounds(loc)
            costs[y, x] = _checked_cost_value(value, f"weight of cell {(x, y)}")
        self._check_sums(float(costs.max()), "the dearest weight")
        with self._lock:
            self._editable()
            self._costs = costs
            self._costs_shared = False
            self._edited()

    def copy(self) -> Grid:
        """An independent copy with the same cells and movement rules."""
        m = self.movement
        with self._lock:  # a consistent snapshot, even while another thread edits
            return Grid(
                self._passable,
                self._costs,
                diagonal=m.diagonal,
                diagonal_cost=m.diagonal_cost,
                straight_cost=m.straight_cost,
                corner_cutting=m.corner_cutting,
                classes=self._classes,
                terrain=self._terrain,
                moves=m.custom,
                wrap=self._wrap,
            )

    def snapshot(self) -> Grid:
        """The grid as it is now, frozen: same cells, rules and :attr:`version`.

        Taken under the grid's lock, so it holds one version even while another thread
        edits; cheap (a few microseconds: the arrays are shared, and the grid's next edit
        copies them only while the snapshot lives; so is the derived data built for this
        version, and what the snapshot derives later is built by the grid while it is
        still at this version). Every algorithm takes it like any grid, and what it
        derives from it is of that one version: ``prepare``, landmarks, fields, batches
        and the other calls that read derived data outside a search's lease work on a
        snapshot (see the class notes). A snapshot is never edited (edits raise
        :class:`~wayfinding.errors.UnsupportedGridError`; take :meth:`copy` for a grid to
        edit) and is its own snapshot.

        Examples
        --------
        >>> grid = Grid.from_ascii('...')
        >>> frozen = grid.snapshot()
        >>> grid.set_wall((1, 0))
        >>> frozen.passable((1, 0)), frozen.version, grid.version
        (True, 0, 1)
        >>> frozen.set_wall((0, 0))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        wayfinding.errors.UnsupportedGridError: a snapshot of a grid is never edited: ...
        """
        with self._lock:
            if self._source is not None:
                return self
            frozen = object.__new__(type(self))
            lock = threading.RLock()
            fields = self.__dict__.copy()  # a subclass's own attributes too
            fields.update(_log={}, _lock=lock, _derived=DerivedStore(lock), _source=self,
                          _mask_shared=True, _costs_shared=True, _snapshots=[])
            frozen.__dict__ = fields
            self._derived.hand_over(fields["_derived"], self._version)
            self._mask_shared = self._costs_shared = True
            held = self._snapshots
            if len(held) >= 32:  # many snapshots and no edit: keep the live ones only
                held[:] = [ref for ref in held if ref() is not None]
            held.append(weakref.ref(frozen))  # while it lives, edits copy first
            return frozen

    def _editable(self) -> None:
        """Raise UnsupportedGridError on a snapshot (under the lock, before any change)."""
        if self._source is not None:
            raise UnsupportedGridError(
                "a snapshot of a grid is never edited: edit the grid it was taken from, or "
                "edit a copy() of it")

    def _own_mask(self) -> np.ndarray:
        """The passable array, copied first while a snapshot may share it (under the
        lock; snapshots that are gone share nothing: a loop of edits and calls that take
        a snapshot each copies nothing)."""
        self._editable()
        if self._snapshot_alive():
            self._passable = self._passable.copy()
        self._mask_shared = False
        self._forget_snapshots()
        return self._passable

    def _own_costs(self) -> None:
        """Copy the cost array while a snapshot may share it (under the lock)."""
        self._editable()
        assert self._costs is not None
        if self._snapshot_alive():
            self._costs = self._costs.copy()
        self._costs_shared = False
        self._forget_snapshots()

    def _snapshot_alive(self) -> bool:
        return any(ref() is not None for ref in self._snapshots)

    def _forget_snapshots(self) -> None:
        if not (self._mask_shared or self._costs_shared):
            self._snapshots.clear()  # they hold older arrays only

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

    def derived(self, key: Derived[T]) -> T:
        """The data ``key`` derives from this grid, built on first need and again after
        an edit (see :mod:`wayfinding.grid.derived`; builds hold the grid's lock)."""
        return self._derived.get(self, key)

    def derived_at(self, version: int, key: Derived[T]) -> T | None:
        """Like :meth:`derived`, for data that must belong to grid ``version``; None when
        the grid has been edited since (a search that began before the edit must not mix
        data of two versions)."""
        return self._derived.get_at(self, version, key)

    def derived_if_built(self, key: Derived[T], version: int | None = None) -> T | None:
        """The data of ``key`` if it is built for ``version`` (by default the current one)
        and the grid is still at that version, else None (for calls with a time budget,
        which a build on a large grid could exceed)."""
        return self._derived.peek(self, key, version)

    @property
    def flat(self) -> FlatGrid:
        """The grid as padded flat arrays for compiled kernels (rebuilt after edits).

        Raises
        ------
        UnsupportedGridError
            When the open cells span several terrain classes: ``passable`` cannot say
            which steps exist (kernels that honour classes use :attr:`flat_classes`).
        """
        if self.several_classes:
            raise UnsupportedGridError(
                f"this grid's open cells span {self._count_classes()} terrain classes and "
                "units step only within one (Grid.classes, e.g. a MovingAI map with water "
                "read with TerrainRule.CLASSES); only astar, dijkstra, greedy_best_first, "
                "breadth_first_search, components and the generic tier follow that rule. "
                "Use one of them, or read the map with TerrainRule.WATER_WALLS"
            )
        return self.derived(_FLAT)

    @property
    def flat_classes(self) -> FlatGrid:
        """:attr:`flat` with each open cell's terrain class + 1 in ``passable`` (0 on walls).

        For the kernels that follow the class rule: they step from ``u`` to ``v`` only
        when ``passable[v] == passable[u]`` (which on a one-class grid is ``passable[v]
        != 0``, the test of every kernel). The same arrays as :attr:`flat` when the open
        cells are of one class.
        """
        if not self.several_classes:
            return self.derived(_FLAT)
        return self.derived(_FLAT_CLASSES)

    def _build_flat(self) -> FlatGrid:
        h, w = self._passable.shape
        padded = np.zeros((h + 2, w + 2), dtype=np.uint8)
        padded[1:-1, 1:-1] = self._passable
        if self._costs is not None:
            costs = np.ones((h + 2, w + 2), dtype=np.float64)
            costs[1:-1, 1:-1] = self._costs
            flat_costs = costs.ravel()
        else:
            # all ones, whatever the walls: one array serves every version (an edit then
            # copies only the walls; 36M cells of ones take a third of a second). Kernels
            # never write to it (left writeable: numba compiles read-only arrays apart).
            flat_costs = self._ones
            if flat_costs is None or flat_costs.shape[0] != (h + 2) * (w + 2):
                flat_costs = self._ones = np.ones((h + 2) * (w + 2), dtype=np.float64)
        return FlatGrid(
            passable=padded.ravel(),
            costs=flat_costs,
            weighted=self._costs is not None,
            stride=w + 2,
            width=w,
            height=h,
        )

    def _build_flat_classes(self) -> FlatGrid:
        plain = self._build_flat()
        assert self._classes is not None
        h, w = self._passable.shape
        codes = np.zeros((h + 2, w + 2), dtype=np.uint8)
        codes[1:-1, 1:-1] = np.where(self._passable, self._classes + 1, 0)
        return plain._replace(passable=codes.ravel())

    def _count_classes(self) -> int:
        assert self._classes is not None
        return int(np.unique(self._classes[self._passable]).size)

    def _compute_several_classes(self) -> bool:
        return self._count_classes() > 1

    def _patch_several_classes(self, old: bool, edits: list[Edit]) -> bool | None:
        """Opening cells never joins classes, closing never adds one; else build afresh."""
        cells = [cell for edit in edits if edit.kind is EditKind.WALLS for cell in edit.cells]
        now_open = [bool(self._passable[y, x]) for x, y in cells]
        if all(now_open) if old else not any(now_open):
            return old
        return None

    def _compute_min_cost(self) -> float:
        if self._costs is None:
            return 1.0
        open_costs = self._costs[self._passable]
        return float(open_costs.min()) if open_costs.size else 1.0

    def _edited(self, edit: Edit | None = None) -> None:
        """Bump the version and log ``edit`` (None: too large to patch; build afresh)."""
        version = self._version = self._version + 1
        log = self._log
        log[version] = edit
        log.pop(version - EDIT_LOG_LENGTH, None)

    def _edits_since(self, version: int) -> list[Edit] | None:
        """The edits from ``version`` to now, oldest first; None when one of them left no
        record, is forgotten, or they touch more than ``PATCH_CELLS`` cells."""
        if version == self._version - 1:  # the usual case: one edit behind
            edit = self._log.get(self._version)
            return None if edit is None or len(edit.cells) > PATCH_CELLS else [edit]
        if self._version - version >= EDIT_LOG_LENGTH:
            return None
        edits = [self._log.get(v) for v in range(version + 1, self._version + 1)]
        if any(e is None for e in edits):
            return None
        if sum(len(e.cells) for e in edits) > PATCH_CELLS:  # type: ignore[union-attr]
            return None
        return edits  # type: ignore[return-value]

    def _patch_flat(self, old: FlatGrid, edits: list[Edit], classes: bool) -> FlatGrid | None:
        """``old`` flat arrays with the cells of ``edits`` written in: in place when the
        store owns the array (:meth:`DerivedStore.writable`), else into a copy."""
        key = _FLAT_CLASSES if classes else _FLAT
        store, stride = self._derived, old.stride
        edit = edits[0]
        if len(edits) == 1 and len(edit.cells) == 1 and edit.kind is _WALLS:  # the usual
            x, y = edit.cells[0]
            passable = store.writable(key, old.passable)
            code = self._passable.item(y, x)
            if code and classes:
                code = int(self._classes[y, x]) + 1  # type: ignore[index]
            passable[(y + 1) * stride + x + 1] = code
            return old if passable is old.passable else old._replace(passable=passable)
        passable = costs = None
        for edit in edits:
            if edit.kind is EditKind.COSTS:
                if not old.weighted or self._costs is None:
                    return None
                if costs is None:
                    costs = store.writable(key, old.costs)
                for x, y in edit.cells:
                    costs[(y + 1) * stride + x + 1] = self._costs[y, x]
                continue
            if passable is None:
                passable = store.writable(key, old.passable)
            mask = self._passable
            for x, y in edit.cells:
                code = mask.item(y, x)
                if code and classes:
                    code = int(self._classes[y, x]) + 1  # type: ignore[index]
                passable[(y + 1) * stride + x + 1] = code
        if (passable is None or passable is old.passable) and (
                costs is None or costs is old.costs):
            return old  # changed in place (or nothing to change)
        return old._replace(passable=old.passable if passable is None else passable,
                            costs=old.costs if costs is None else costs)

    def _flat_of_store(self) -> FlatGrid:
        """:attr:`flat` for builds and patches of other derived data (exposes nothing;
        under the lock)."""
        if self._classes is not None and self._derived.fetch(self, _SEVERAL_CLASSES):
            return self.flat  # raises UnsupportedGridError
        return self._derived.fetch(self, _FLAT)

    def _flat_classes_of_store(self) -> FlatGrid:
        """:attr:`flat_classes` for builds and patches of other derived data (exposes
        nothing; under the lock)."""
        if self._classes is not None and self._derived.fetch(self, _SEVERAL_CLASSES):
            return self._derived.fetch(self, _FLAT_CLASSES)
        return self._derived.fetch(self, _FLAT)

    def _owning(self, key: Derived[FlatGrid], flat: FlatGrid) -> FlatGrid:
        """``flat``, a fresh build of ``key``, with its passable array owned by the store."""
        self._derived.own(key, flat.passable)
        return flat

    def _patch_min_cost(self, old: float, edits: list[Edit]) -> float | None:
        """The cheapest open cell after ``edits``: the edited cells are all that changed,
        so an open one at most ``old`` is the new minimum; otherwise build afresh."""
        if self._costs is None:
            return 1.0
        cells = {cell for edit in edits for cell in edit.cells}
        opened = [float(self._costs[y, x]) for x, y in cells if self._passable[y, x]]
        if opened and min(opened) <= old:
            return min(opened)
        return None

    def _checked_in_bounds(self, location: Any) -> Location:
        return location_in_grid(self.width, self.height, location)

    def _check_sums(self, dearest: float, what: str) -> None:
        """Refuse a cost so large that a path's cost could overflow a float.

        A simple path enters each cell at most once, so its cost is at most
        ``cells x dearest step length x dearest cell cost``; that must stay below
        :data:`COST_SUM_LIMIT` (1e300), which leaves room for heuristics and weights.
        """
        step = max(s.length for steps in self._moves.sets for s in steps)
        if dearest * step * self._passable.size > COST_SUM_LIMIT:
            raise InvalidCostError(
                f"{what} is too large: a path over this {self.width}x{self.height} grid "
                f"could cost more than {COST_SUM_LIMIT:g} and overflow (cells x step length "
                f"x cell cost must stay below it)"
            )


_SEVERAL_CLASSES = Derived("several terrain classes", lambda grid: grid._compute_several_classes(),
                           lambda grid, old, edits: grid._patch_several_classes(old, edits),
                           plain=True)
_MIN_COST = Derived("cheapest open cell", lambda grid: grid._compute_min_cost(),
                    lambda grid, old, edits: grid._patch_min_cost(old, edits), plain=True)
def _patch_plain_flat(grid: Grid, old: FlatGrid, edits: list[Edit]) -> FlatGrid | None:
    """:meth:`Grid._patch_flat` of :data:`_FLAT`, one cell toggled written out (per frame)."""
    edit = edits[0]
    if len(edits) == 1 and edit.kind is _WALLS and len(edit.cells) == 1:
        x, y = edit.cells[0]
        passable = grid._derived.writable(_FLAT, old.passable)
        passable[(y + 1) * old.stride + x + 1] = grid._passable.item(y, x)
        return old if passable is old.passable else old._replace(passable=passable)
    return grid._patch_flat(old, edits, classes=False)


_FLAT: Derived[FlatGrid] = Derived(
    "flat arrays", lambda grid: grid._owning(_FLAT, grid._build_flat()), _patch_plain_flat)
_FLAT_CLASSES: Derived[FlatGrid] = Derived(
    "flat arrays with classes",
    lambda grid: grid._owning(_FLAT_CLASSES, grid._build_flat_classes()),
    lambda grid, old, edits: grid._patch_flat(old, edits, classes=True))
_WALLS = EditKind.WALLS
_new_tuple = tuple.__new__  # Edit(...) without NamedTuple's __new__ in Python


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
