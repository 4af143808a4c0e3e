"""Distance estimates for A* and greedy best-first search on grid locations ``(x, y)``.

A heuristic is a function ``h(location, goal) -> float``. It is admissible (A* stays
optimal) when it never overestimates the true cost. ``D`` is the cost of a straight step
and ``D2`` the cost of a diagonal step; bind other values with :func:`functools.partial`.

Examples
--------
>>> manhattan((0, 0), (3, 4))
7.0
>>> chebyshev((0, 0), (3, 4))
4.0
>>> round(octile((0, 0), (3, 4)), 4)
5.2426
>>> octile((0, 0), (3, 4), D=10, D2=14)
52.0
>>> euclidean((0, 0), (3, 4))
5.0
>>> zero((0, 0), (3, 4))
0.0
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["SQRT2", "chebyshev", "euclidean", "manhattan", "octile", "zero"]

SQRT2 = math.sqrt(2.0)


def manhattan(a: Sequence[float], b: Sequence[float], D: float = 1.0) -> float:
    """Manhattan distance ``D * (dx + dy)``: admissible on 4-way grids."""
    return float(D * (abs(a[0] - b[0]) + abs(a[1] - b[1])))


def chebyshev(a: Sequence[float], b: Sequence[float], D: float = 1.0) -> float:
    """Diagonal distance ``D * max(dx, dy)``: 8-way grids where a diagonal step costs ``D``."""
    return float(D * max(abs(a[0] - b[0]), abs(a[1] - b[1])))


def octile(
    a: Sequence[float], b: Sequence[float], D: float = 1.0, D2: float = SQRT2
) -> float:
    """Octile distance ``D * (dx + dy) + (D2 - 2 * D) * min(dx, dy)``: 8-way grids.

    When ``D2 > 2 * D`` a diagonal step is never worth taking and this equals Manhattan.
    """
    dx = abs(a[0] - b[0])
    dy = abs(a[1] - b[1])
    d2 = min(D2, 2.0 * D)
    return float(D * (dx + dy) + (d2 - 2.0 * D) * min(dx, dy))


def euclidean(a: Sequence[float], b: Sequence[float], D: float = 1.0) -> float:
    """Straight-line distance ``D * sqrt(dx**2 + dy**2)``: any-angle movement."""
    return float(D * math.hypot(a[0] - b[0], a[1] - b[1]))


def zero(a: object, b: object) -> float:
    """No estimate at all: A* with it is Dijkstra's algorithm."""
    return 0.0
