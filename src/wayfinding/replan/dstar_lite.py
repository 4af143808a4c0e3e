"""D* Lite: incremental re-planning for a unit that moves and discovers a changing map.

S. Koenig and M. Likhachev, "D* Lite", AAAI 2002 (the optimized version). The planner
searches backwards from the goal, so when the unit moves (:meth:`DStarLite.advance`) or
cells change (:meth:`DStarLite.update`) it repairs only the part of its search that the
change touches instead of searching again from scratch. Compiled on every grid: 4- and
8-way, every corner rule, per-cell costs (a step costs its length times the cost of the
cell it enters, so changing a cell changes the edges *into* it).

Repairs are incremental when every passable cell costs more than 0 (D* Lite assumes
positive step costs); on a map with zero-cost cells :meth:`DStarLite.update` re-plans
from scratch, which is always right.

The planner keeps its own copy of the map: it is what the unit *knows*. Edit the grid as
usual (``grid.set_wall``, ``grid.set_cost``, ...), then tell the planner which cells
changed (or call ``update()`` with no argument to compare the whole grid).

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('''
... .....
... .....
... .....
... ''')
>>> planner = DStarLite(grid, (0, 1), (4, 1))
>>> planner.path, planner.cost
([(0, 1), (1, 1), (2, 1), (3, 1), (4, 1)], 4.0)
>>> grid.set_wall((2, 1))
>>> planner.update([(2, 1)])
>>> planner.cost, wf.astar(grid, (0, 1), (4, 1)).cost
(6.0, 6.0)
>>> planner.advance((1, 1))
>>> planner.path[0], planner.cost
((1, 1), 5.0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import numpy as np

from .._kernels import codes as C
from .._tiers import require_grid
from ..errors import InvalidLocationError
from ..grid._checks import location_in_grid, passable_index
from ..grid.flat import MOVES
from ..grid.grid import Grid
from ..heuristics import octile_steps

__all__ = ["DStarLite"]

Location = tuple[int, int]


class DStarLite:
    """An incremental planner from a moving ``start`` to a fixed ``goal`` on a grid.

    Parameters
    ----------
    grid : Grid
        Any grid; the planner copies its cells now and on each :meth:`update`.
    start, goal : (x, y)
        Passable cells.

    Attributes
    ----------
    start, goal : (x, y)
        Where the unit stands now, and where it goes.
    expanded : int
        Cells expanded by the planner since it was made (all searches).
    last_expanded : int
        Cells expanded by the latest search (the constructor's, the latest
        :meth:`update` or :meth:`advance`): compare with a fresh A*'s ``expanded``.
    replans : int
        How many times the planner had to start over (when a cell became cheaper than
        the cheapest cell it knew, its heuristic would overestimate).

    Raises
    ------
    InvalidLocationError
        ``start`` or ``goal`` off the grid or on a wall.
    InvalidParameterError
        ``grid`` is not a Grid.
    UnsupportedGridError
        ``grid`` is a Grid subclass that redefines ``neighbors`` or ``cost``.

    Examples
    --------
    >>> import wayfinding as wf
    >>> grid = wf.Grid.from_ascii('''
    ... ....
    ... ....
    ... ''', diagonal=True)
    >>> planner = DStarLite(grid, (0, 0), (3, 1))
    >>> round(planner.cost, 3), planner.last_expanded > 0
    (3.414, True)
    >>> grid.set_cost((1, 0), 9)
    >>> grid.set_cost((1, 1), 9)
    >>> planner.update()                   # no argument: compare the whole grid
    >>> round(planner.cost, 3) == round(wf.astar(grid, (0, 0), (3, 1)).cost, 3)
    True
    """

    def __init__(self, grid: Grid, start: Any, goal: Any) -> None:
        self.grid = require_grid(grid, "DStarLite")
        grid = grid.snapshot()  # cells, costs and cheapest cost of one version
        flat = grid.flat
        start_index = passable_index(grid, flat.passable, flat.stride, start, "start")
        goal_index = passable_index(grid, flat.passable, flat.stride, goal, "goal")
        self._stride = flat.stride
        self._passable = flat.passable.copy()
        self._costs = flat.costs.copy()
        p = grid.derived(MOVES)
        self._moves, self._lengths = p.moves, p.lengths
        self._rule = p.rule
        m = grid.movement
        # octile_steps keeps the estimate admissible and consistent for every D, D2
        d, d2 = octile_steps(m.straight_cost, m.diagonal_cost) if m.diagonal else (
            m.straight_cost, 0.0)
        self._hp = np.array([d, d2, grid.min_cost, 1.0 if m.diagonal else 0.0])
        n = self._passable.shape[0]
        self._g = np.empty(n)
        self._rhs = np.empty(n)
        self._nodes = np.empty(n, dtype=np.int32)
        self._key1 = np.empty(n)
        self._key2 = np.empty(n)
        self._pos = np.empty(n, dtype=np.int32)

        self._istate = np.zeros(C.N_DSSTATE, dtype=np.int64)
        self._fstate = np.zeros(C.N_DSFSTATE)
        self._last = start_index
        self.expanded = 0
        self.last_expanded = 0
        self.replans = 0
        self._path: tuple[list[Location] | None, float] | None = None
        self._restart(start_index, goal_index)

    # ------------------------------------------------------------------ public
    @property
    def start(self) -> Location:
        """Where the unit stands now."""
        return self._location(int(self._istate[C.DS_START]))

    @property
    def goal(self) -> Location:
        """Where the unit is going."""
        return self._location(int(self._istate[C.DS_GOAL]))

    @property
    def path(self) -> list[Location] | None:
        """A cheapest path ``[start, ..., goal]`` on the planner's map; None when none."""
        path = self._answer()[0]
        return None if path is None else list(path)

    @property
    def cost(self) -> float:
        """Cost of :attr:`path` (inf when there is none)."""
        return self._answer()[1]

    def update(self, changed_cells: Iterable[Any] | None = None) -> None:
        """Read changed cells from the grid and re-plan.

        Parameters
        ----------
        changed_cells : iterable of (x, y), optional
            Cells whose wall or cost changed since the planner last read them (extra
            cells are harmless). ``None`` compares the whole grid with the planner's copy.

        Raises
        ------
        InvalidLocationError
            A cell off the grid.
        """
        flat = self.grid.flat
        if changed_cells is None:
            cells = np.flatnonzero((flat.passable != self._passable)
                                   | (flat.costs != self._costs)).astype(np.int64)
        else:
            w, h = self.grid.width, self.grid.height
            indices = []
            for loc in changed_cells:
                x, y = location_in_grid(w, h, loc, "changed cell")
                indices.append((y + 1) * self._stride + x + 1)
            cells = np.array(indices, dtype=np.int64)
        if cells.size == 0:
            self.last_expanded = 0
            return
        new_passable = flat.passable[cells]
        new_costs = flat.costs[cells]
        open_costs = new_costs[new_passable != 0]
        cheaper = bool(open_costs.size) and float(open_costs.min()) < self._hp[2]
        if cheaper or self._hp[2] == 0.0:
            # A cell cheaper than any known: the heuristic could overestimate. Or a map
            # with zero-cost cells (then the heuristic's scale is 0): D* Lite's repair
            # assumes positive step costs; with zero-cost steps a group of cells can
            # keep each other's old g (each the other's best successor at cost 0) after
            # their way out got dearer, and the plan goes wrong. Start over in both
            # cases (right, not incremental).
            self._passable[cells] = new_passable
            self._costs[cells] = new_costs
            if open_costs.size:
                self._hp[2] = min(float(self._hp[2]), float(open_costs.min()))
            self.replans += 1
            self._restart(int(self._istate[C.DS_START]), int(self._istate[C.DS_GOAL]))
            return
        from ._kernels.dstar import apply_changes

        self._move_key_origin()
        apply_changes(cells, new_passable, new_costs, self._passable, self._costs,
                      self._moves, self._lengths, self._rule, self._stride, self._hp,
                      self._g, self._rhs, self._nodes, self._key1, self._key2, self._pos,
                      self._istate, self._fstate)
        self._search()

    def advance(self, new_start: Any) -> None:
        """The unit moved to ``new_start`` (usually the next cell of :attr:`path`).

        Raises
        ------
        InvalidLocationError
            ``new_start`` off the grid or a wall on the planner's map.
        """
        x, y = location_in_grid(self.grid.width, self.grid.height, new_start, "new start")
        index = (y + 1) * self._stride + x + 1
        if self._passable[index] == 0:
            raise InvalidLocationError(f"new start {(x, y)} is a wall")
        self._istate[C.DS_START] = index
        self._move_key_origin()
        self._search()

    def __repr__(self) -> str:
        return (f"DStarLite(start={self.start}, goal={self.goal}, cost={self.cost!r}, "
                f"expanded={self.expanded})")

    # ------------------------------------------------------------------ internals
    def _location(self, index: int) -> Location:
        y, x = divmod(index, self._stride)
        return (x - 1, y - 1)

    def _restart(self, start: int, goal: int) -> None:
        from ._kernels.dstar import initialize

        self._istate[C.DS_START] = start
        self._istate[C.DS_GOAL] = goal
        self._last = start
        initialize(self._stride, self._hp, self._g, self._rhs, self._pos, self._nodes,
                   self._key1, self._key2, self._istate, self._fstate)
        self._search()

    def _move_key_origin(self) -> None:
        """km += h(last start, start): old keys stay lower bounds after the unit moved."""
        start = int(self._istate[C.DS_START])
        if start != self._last:
            self._fstate[C.DSF_KM] += self._estimate(self._last, start)
            self._last = start

    def _estimate(self, a: int, b: int) -> float:
        dx = abs(a % self._stride - b % self._stride)
        dy = abs(a // self._stride - b // self._stride)
        d, d2, scale, diagonal = self._hp.tolist()
        h = d * (dx + dy) + (d2 - 2.0 * d) * min(dx, dy) if diagonal else d * (dx + dy)
        return h * scale

    def _search(self) -> None:
        from ._kernels.dstar import compute_shortest_path

        count = compute_shortest_path(self._passable, self._costs, self._moves, self._lengths,
                                      self._rule, self._stride, self._hp, self._g, self._rhs,
                                      self._nodes, self._key1, self._key2, self._pos,
                                      self._istate, self._fstate)
        self.last_expanded = int(count)
        self.expanded += int(count)
        self._path = None

    def _answer(self) -> tuple[list[Location] | None, float]:
        if self._path is None:
            from ._kernels.dstar import extract_path

            start, goal = int(self._istate[C.DS_START]), int(self._istate[C.DS_GOAL])
            if self._passable[start] == 0:
                self._path = (None, math.inf)
                return self._path
            cells, cost = extract_path(self._passable, self._costs, self._moves,
                                       self._lengths, self._rule, self._g, start, goal)
            if cells.shape[0] == 0:
                self._path = (None, math.inf)
            else:
                stride = self._stride
                self._path = ([(c % stride - 1, c // stride - 1) for c in cells.tolist()],
                              float(cost))
        return self._path
