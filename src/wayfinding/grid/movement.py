"""Movement rules of a grid: which steps exist and what they cost.

A rule is turned into a small table of moves ``(dx, dy, length)`` so that new rules
need no new search code (the idea of python-tcod's move tables).

Examples
--------
>>> Movement(diagonal=False).moves()
((1, 0, 1.0), (-1, 0, 1.0), (0, -1, 1.0), (0, 1, 1.0))
>>> len(Movement(diagonal=True).moves())
8
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

from .._inputs import is_number
from ..errors import InvalidCostError, InvalidParameterError

__all__ = ["DIRECTIONS_4", "DIRECTIONS_8", "CornerCutting", "Movement"]

#: Straight steps in the texts' order: east, west, north, south (y grows downwards).
DIRECTIONS_4 = ((1, 0), (-1, 0), (0, -1), (0, 1))
#: Straight steps, then diagonals: north-east, north-west, south-east, south-west.
DIRECTIONS_8 = (*DIRECTIONS_4, (1, -1), (-1, -1), (1, 1), (-1, 1))


class CornerCutting(enum.Enum):
    """When a diagonal step may pass the corner of a blocked cell.

    A diagonal step from ``(x, y)`` to ``(x + dx, y + dy)`` passes the two orthogonal
    cells ``(x + dx, y)`` and ``(x, y + dy)``.
    """

    #: Both orthogonal cells must be passable (the MovingAI benchmark rule; the default).
    NEVER = "never"
    #: At most one of the two orthogonal cells may be blocked.
    ONE_FREE = "one_free"
    #: Diagonal steps ignore the orthogonal cells (squeezing between two walls is allowed).
    ALWAYS = "always"


@dataclass(frozen=True)
class Movement:
    """How units move on a grid.

    Parameters
    ----------
    diagonal : bool
        False for 4-way movement, True for 8-way.
    straight_cost : float
        Length of a straight step (``D``).
    diagonal_cost : float
        Length of a diagonal step (``D2``), sqrt 2 by default; integer pairs such as
        ``straight_cost=10, diagonal_cost=14`` work too.
    corner_cutting : CornerCutting
        Rule for diagonal steps next to blocked cells.
    custom : tuple of (dx, dy, cost), optional
        A move set of its own (checked by :func:`wayfinding.grid.moves.custom_moves`);
        then ``diagonal``, ``straight_cost`` and ``diagonal_cost`` are not used.
    """

    diagonal: bool = False
    straight_cost: float = 1.0
    diagonal_cost: float = math.sqrt(2.0)
    corner_cutting: CornerCutting = CornerCutting.NEVER
    custom: tuple[tuple[int, int, float], ...] | None = None

    def __post_init__(self) -> None:
        for name in ("straight_cost", "diagonal_cost"):
            value = getattr(self, name)
            if not is_number(value):
                raise InvalidCostError(f"{name} must be a number, got {value!r}")
            if not math.isfinite(value) or value <= 0:
                raise InvalidCostError(f"{name} must be finite and > 0, got {value!r}")
            object.__setattr__(self, name, float(value))
        if not isinstance(self.corner_cutting, CornerCutting):
            raise InvalidParameterError(
                f"corner_cutting must be a CornerCutting member, got {self.corner_cutting!r}"
            )
        object.__setattr__(self, "diagonal", bool(self.diagonal))

    def moves(self) -> tuple[tuple[int, int, float], ...]:
        """The steps ``(dx, dy, length)`` this rule allows, straight steps first (a custom
        move set in its own order)."""
        if self.custom is not None:
            return self.custom
        dirs = DIRECTIONS_8 if self.diagonal else DIRECTIONS_4
        return tuple(
            (dx, dy, self.diagonal_cost if dx and dy else self.straight_cost) for dx, dy in dirs
        )

    def step_length(self, dx: int, dy: int) -> float:
        """Length of the step ``(dx, dy)`` (before the entered cell's cost is applied)."""
        if self.custom is not None:
            return next(length for mx, my, length in self.custom if (mx, my) == (dx, dy))
        return self.diagonal_cost if dx and dy else self.straight_cost

    @property
    def effective_diagonal_cost(self) -> float:
        """``D2`` capped at ``2 * D``: a dearer diagonal is never worth taking."""
        return min(self.diagonal_cost, 2.0 * self.straight_cost)
