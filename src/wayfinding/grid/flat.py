"""The padded flat layout of a grid and its one move table, for every compiled grid search.

Kernels see a grid as flat arrays with a one-cell blocked border (no bounds checks):
cell ``(x, y)`` of a ``W`` wide grid has index ``(y + 1) * stride + x + 1`` with
``stride = W + 2``. A movement rule becomes a table of moves (the idea of python-tcod's
move tables): per move the flat offset of the step, the offsets of the two orthogonal
cells a diagonal step passes (the corner rule looks at them) and ``dx, dy``; so new rules
need no new kernel code. Nothing here imports numba.

Examples
--------
>>> import wayfinding as wf
>>> table = move_table(wf.Grid(np.ones((2, 3), bool), diagonal=True))
>>> table.n_moves, table.stride, table.moves[4].tolist()
(8, 5, [-4, 1, -5, 1, -1])
>>> index(2, 1, table.stride), location(13, table.stride)
(13, (2, 1))
>>> locations(np.array([6, 13]), table.stride)
[(0, 0), (2, 1)]
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from .._kernels.codes import RULE_ALWAYS, RULE_NEVER, RULE_ONE_FREE
from .derived import Derived
from .movement import CornerCutting

__all__ = ["MOVES", "RULE_CODES", "MoveTable", "index", "location", "locations", "move_table", "xy"]

Location = tuple[int, int]

#: Kernel code (``RULE_*`` of :mod:`wayfinding._kernels.codes`) of each corner rule.
RULE_CODES = {CornerCutting.NEVER: RULE_NEVER, CornerCutting.ONE_FREE: RULE_ONE_FREE,
              CornerCutting.ALWAYS: RULE_ALWAYS}


class MoveTable(NamedTuple):
    """A grid's movement rules in the form the kernels read."""

    #: int64[n_moves, 5]: per move ``(offset, corner_a, corner_b, dx, dy)``: the flat
    #: offset of the step and of its two orthogonal cells, and the step in x and y.
    #: Straight moves come first (rows 0..3), then the diagonals.
    moves: np.ndarray
    #: float64[n_moves]: the length of each move (straight or diagonal cost).
    lengths: np.ndarray
    #: Corner rule code (:data:`RULE_CODES`) for the diagonal moves.
    rule: int
    #: Moves in the table: 4 or 8.
    n_moves: int
    #: Row length of the padded flat arrays, ``W + 2``.
    stride: int


def move_table(grid: Any) -> MoveTable:
    """The moves ``(dx, dy, length)`` of ``grid``'s movement rules, as flat offsets."""
    stride = grid.width + 2
    table = grid.movement.moves()
    moves = np.array([(dy * stride + dx, dx, dy * stride, dx, dy) for dx, dy, _ in table],
                     dtype=np.int64)
    lengths = np.array([length for _, _, length in table], dtype=np.float64)
    return MoveTable(moves, lengths, RULE_CODES[grid.corner_cutting], len(table), stride)


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
