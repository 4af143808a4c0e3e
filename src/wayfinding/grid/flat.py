"""The padded flat layout of a grid world and its one move table, for every compiled kernel.

Kernels see a grid as flat arrays with a one-cell blocked border (no bounds checks):
cell ``(x, y)`` of a ``W`` wide grid has index ``(y + 1) * stride + x + 1`` with
``stride = W + 2``; a voxel ``(x, y, z)`` of a ``W x H`` grid has index ``(z + 1) * plane
+ (y + 1) * stride + x + 1`` with ``plane = (H + 2) * stride`` (a hex map is stored in its
offset layout, ``x`` the column). A movement rule becomes a table of moves (the idea of
python-tcod's move tables), built from the world's :class:`~wayfinding.grid.moves.MoveSet`;
so every world is a table here, never a copy of the kernels. Nothing here imports numba.

The table's rows (:data:`MOVE_COLUMNS`): per move the flat offset of the step, the
offsets of the two cells the corner rule looks at (the cell itself when none: it is open),
``dx, dy, dz``, the first row and the count of its further checks in ``extras``, and the
coordinates ``(ax, ay, bx, by)`` of the corner cells relative to the cell left. A hex
map has two *sets* of moves (rows ``0..n-1`` for cells whose parity coordinate is even
*in the padded layout*, rows ``n..2n-1`` for odd ones). An ``extras`` row ``(offset_a,
offset_b, ax, ay, bx, by)`` asks that cell ``a`` or cell ``b`` be open (``a == b``: that
``a`` be open); the builder has already applied the corner rule to them.

A world is *checked* when a kernel must compute a move's target from coordinates rather
than from the flat offset: moves longer than one cell (the target may lie beyond the
one-cell border), or moves of the grid's own whose corner cells the fixed ``k >= 4`` rule
of square grids does not find, or a wrapped axis (a step across it lands on the far
side). Its kernels bounds-check and wrap every cell a move looks at
(:func:`wayfinding.grid._kernels.steps.checked_target`).

Examples
--------
>>> import wayfinding as wf
>>> table = move_table(wf.Grid(np.ones((2, 3), bool), diagonal=True))
>>> table.n_moves, table.stride, table.moves[4, :5].tolist()
(8, 5, [-4, 1, -5, 1, -1])
>>> index(2, 1, table.stride), location(13, table.stride)
(13, (2, 1))
>>> locations(np.array([6, 13]), table.stride)
[(0, 0), (2, 1)]
>>> hexes = move_table(wf.HexGrid(np.ones((3, 3), bool)))
>>> hexes.n_moves, hexes.parity, hexes.moves.shape[0]
(6, 2, 12)
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from .._kernels.codes import RULE_ALWAYS, RULE_NEVER, RULE_ONE_FREE
from .derived import Derived
from .movement import CornerCutting
from .moves import PARITY_NONE, MoveSet

__all__ = ["MOVES", "MOVE_COLUMNS", "RULE_CODES", "MoveTable", "index", "location",
           "locations", "move_table", "xy"]

Location = tuple[int, int]

#: Kernel code (``RULE_*`` of :mod:`wayfinding._kernels.codes`) of each corner rule.
RULE_CODES = {CornerCutting.NEVER: RULE_NEVER, CornerCutting.ONE_FREE: RULE_ONE_FREE,
              CornerCutting.ALWAYS: RULE_ALWAYS}
#: The columns of a move table's rows.
MOVE_COLUMNS = ("offset", "corner_a", "corner_b", "dx", "dy", "dz", "first_extra",
                "n_extras", "ax", "ay", "bx", "by")


class MoveTable(NamedTuple):
    """A grid world's movement rules in the form the kernels read."""

    #: int64[n_sets * n_moves, 12]: the rows of :data:`MOVE_COLUMNS`. Straight moves come
    #: first (rows 0..3 of a square grid), then the diagonals.
    moves: np.ndarray
    #: float64[n_sets * n_moves]: the length of each move.
    lengths: np.ndarray
    #: Corner rule code (:data:`RULE_CODES`) for the corner cells of each move.
    rule: int
    #: Moves per set: 4 or 8 on a square grid, 6 on a hex map, 6, 18 or 26 for voxels.
    n_moves: int
    #: Row length of the padded flat arrays, ``W + 2``.
    stride: int
    #: int64[m, 6]: further cells to check, ``(offset_a, offset_b, ax, ay, bx, by)``.
    extras: np.ndarray = np.zeros((0, 6), dtype=np.int64)
    #: Which padded coordinate's parity picks a cell's set: ``PARITY_NONE`` (one set),
    #: ``PARITY_COLUMN`` or ``PARITY_ROW`` (hex maps).
    parity: int = PARITY_NONE
    #: Size of a padded z-plane, ``(H + 2) * stride`` (0 on a 2-D grid).
    plane: int = 0
    #: True when kernels compute targets from coordinates (see the module doc).
    checked: bool = False
    #: Sizes of the wrapped axes (0 for an axis that does not wrap).
    wrap_x: int = 0
    wrap_y: int = 0
    #: True when every move has its reverse (every world but one-way move sets): a cell
    #: ``v`` reached from ``u`` by a move reaches ``u`` back by one of the same length.
    symmetric: bool = True
    #: The grid's size (unpadded: the bounds of a checked world).
    width: int = 0
    height: int = 0
    #: float64[k, 2] and int64[s, 2]: the pieces and the ways round of the default
    #: heuristic of a grid with moves of its own or wrap-around (``H_FACETS``; empty else).
    facets: np.ndarray = np.zeros((0, 2))
    shifts: np.ndarray = np.zeros((0, 2), dtype=np.int64)
    #: int64[m]: the flat offsets of the cells around a cell (8 in 2-D, 26 in 3-D), and
    #: per move int64 ``need``: the bits of those cells that must be open for it (its
    #: target and the cells its checks need, the corner rule applied). A *masked* world
    #: (hex maps, voxel grids: one-cell moves, no checks to choose between) reads its
    #: neighbourhood once per expansion and tests each move with one AND; empty else.
    around: np.ndarray = np.zeros(0, dtype=np.int64)
    need: np.ndarray = np.zeros(0, dtype=np.int64)


def move_table(grid: Any) -> MoveTable:
    """The move table of ``grid``'s movement rules (:attr:`Grid.moves`), as flat offsets."""
    moveset: MoveSet = grid.moves
    stride = grid.width + 2
    plane = (grid.height + 2) * stride if len(grid.passable_mask.shape) == 3 else 0
    sets = list(moveset.sets)
    if moveset.parity != PARITY_NONE:
        sets = [sets[1], sets[0]]  # the set of an even padded coordinate is the odd one's
    rows, lengths, extras = [], [], []
    rule = moveset.rule

    def offset(cell: tuple[int, int, int]) -> int:
        return cell[0] + cell[1] * stride + cell[2] * plane

    for steps in sets:
        for step in steps:
            corner = step.corner
            if corner is None:  # a square grid's straight step: (target, itself), as ever;
                # other steps without corners (long moves, other worlds): the cell itself
                # twice (always open)
                dx, dy, _ = step.d
                straight = grid._square and abs(dx) + abs(dy) == 1
                corner = ((dx, 0, 0), (0, dy, 0)) if straight else ((0, 0, 0), (0, 0, 0))
            first = len(extras)
            for cell in step.cells:
                extras.append((offset(cell), offset(cell), cell[0], cell[1], cell[0], cell[1]))
            for a, b in step.pairs:
                if rule is CornerCutting.NEVER:
                    extras.append((offset(a), offset(a), a[0], a[1], a[0], a[1]))
                    extras.append((offset(b), offset(b), b[0], b[1], b[0], b[1]))
                elif rule is CornerCutting.ONE_FREE:
                    extras.append((offset(a), offset(b), a[0], a[1], b[0], b[1]))
            (ax, ay, _), (bx, by, _) = corner
            rows.append((offset(step.d), offset(corner[0]), offset(corner[1]), *step.d, first,
                         len(extras) - first, ax, ay, bx, by))
            lengths.append(step.length)
    custom = grid.movement.custom is not None
    wrap = grid.wrap
    own = {(dx, dy, length) for dx, dy, length in grid.movement.custom or ()}
    return MoveTable(
        np.array(rows, dtype=np.int64),
        np.array(lengths, dtype=np.float64),
        RULE_CODES[rule],
        moveset.n_moves,
        stride,
        np.array(extras, dtype=np.int64).reshape(-1, 6),
        moveset.parity,
        plane,
        custom or moveset.reach > 1 or any(wrap),
        grid.width if wrap[0] else 0,
        grid.height if wrap[1] else 0,
        all((-dx, -dy, length) in own for dx, dy, length in own),
        grid.width,
        grid.height,
        *_estimate_pieces(grid),
        *_masks(grid, moveset, sets, stride, plane, custom),
    )


def _masks(grid: Any, moveset: MoveSet, sets: list, stride: int, plane: int,
           custom: bool) -> tuple[np.ndarray, np.ndarray]:
    """``(around, need)`` of a masked world (see :class:`MoveTable`), else empty arrays:
    not for square grids (their own kernels), checked worlds (moves beyond the cells
    around) or the ``ONE_FREE`` rule (one of two cells: no single mask)."""
    empty = np.zeros(0, dtype=np.int64)
    if grid._square or custom or any(grid.wrap) or moveset.reach > 1 or (
            moveset.rule is CornerCutting.ONE_FREE):
        return empty, empty
    span = (-1, 0, 1)
    cells = [(dx, dy, dz) for dz in (span if plane else (0,)) for dy in span for dx in span
             if (dx, dy, dz) != (0, 0, 0)]
    bit = {cell: j for j, cell in enumerate(cells)}
    need = []
    for steps in sets:
        for step in steps:
            wanted = [step.d, *step.cells]
            if moveset.rule is CornerCutting.NEVER:
                if step.corner is not None:
                    wanted += list(step.corner)
                for a, b in step.pairs:
                    wanted += [a, b]
            need.append(sum(1 << bit[cell] for cell in set(wanted)))
    around = [dx + dy * stride + dz * plane for dx, dy, dz in cells]
    return np.array(around, dtype=np.int64), np.array(need, dtype=np.int64)


def _estimate_pieces(grid: Any) -> tuple[np.ndarray, np.ndarray]:
    """The facets and shifts of ``H_FACETS`` for a square grid with moves of its own or
    wrap-around (the 4- or 8-way moves' facets give Manhattan and octile distance)."""
    if not grid._square or grid.standard:
        return np.zeros((0, 2)), np.zeros((0, 2), dtype=np.int64)
    facets, shifts = grid._estimate
    return (np.array(facets, dtype=np.float64).reshape(-1, 2),
            np.array(shifts, dtype=np.int64).reshape(-1, 2))


#: The move table of a grid version (``grid.derived(MOVES)``), shared by every grid kernel;
#: edits of cells never change it.
MOVES: Derived[MoveTable] = Derived("move table", move_table,
                                    patch=lambda grid, old, edits: old, plain=True)


def index(x: int, y: int, stride: int) -> int:
    """Flat padded index of cell ``(x, y)``."""
    return (y + 1) * stride + x + 1


def location(i: int, stride: int) -> Location:
    """``(x, y)`` of the flat padded index ``i``."""
    y, x = divmod(int(i), stride)
    return (x - 1, y - 1)


def xy(cells: np.ndarray, stride: int) -> tuple[np.ndarray, np.ndarray]:
    """int64 arrays of the ``x`` and the ``y`` of each flat padded index in ``cells``."""
    ys, xs = np.divmod(cells.astype(np.int64, copy=False), stride)
    return xs - 1, ys - 1


def locations(cells: np.ndarray, stride: int) -> list[Location]:
    """``(x, y)`` of each flat padded index in ``cells``."""
    xs, ys = xy(cells, stride)
    return list(zip(xs.tolist(), ys.tolist(), strict=True))

