"""What every grid world shares beyond the square grid: wrap-around borders, steps found by
their move set, and the free-space distance each world's default heuristic measures.

Cells here are *storage* cells: ``(x, y)`` of a 2-D array indexed ``[y, x]`` (square and
hex grids; a hex grid's storage is its offset layout, ``x`` the column) or ``(x, y, z)``
of a 3-D one indexed ``[z, y, x]``. Each world class turns its public locations into
storage cells and back; the rules below see storage cells only.

A wrapped axis joins its last cell to its first (a cylinder with one axis, a torus with
two); every step then lands on the cell ``coordinate mod size``. A wrapped axis must be at
least ``2 * reach + 1`` cells long (``reach``: the longest step along it), so that no two
steps of a cell land on the same neighbour and a step between two cells is one move.

Examples
--------
>>> check_wrap((True, False), (3, 5), 1)
(True, False)
>>> fold(4, 5), fold(-3, 5)
(-1, 2)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from ..errors import InvalidParameterError
from .moves import MoveSet, Step, neighbors_of

__all__ = ["check_wrap", "facets_distance", "fold", "step_between", "voxel_distance",
           "world_neighbors", "wrap_shifts"]

Cell = tuple[int, ...]


def check_wrap(wrap: Any, shape: tuple[int, ...], reach: int,
               even: tuple[bool, bool] = (False, False)) -> tuple[bool, bool]:
    """``wrap`` as ``(x, y)`` booleans, checked against a grid of ``shape`` ``(H, W)``.

    ``even``: axes that must have an even length to wrap (a hex map shoves every other
    row or column: wrapping an odd number of them would not fit the hexes together).
    """
    try:
        wx, wy = wrap
    except (TypeError, ValueError):
        raise InvalidParameterError(
            f"wrap must be an (x, y) pair of booleans, got {wrap!r}") from None
    if not isinstance(wx, bool) or not isinstance(wy, bool):
        raise InvalidParameterError(f"wrap must be an (x, y) pair of booleans, got {wrap!r}")
    for axis, on, size, must_be_even in (("x", wx, shape[1], even[0]),
                                         ("y", wy, shape[0], even[1])):
        if on and size < 2 * reach + 1:
            raise InvalidParameterError(
                f"a grid wrapped along {axis} must be at least {2 * reach + 1} cells long "
                f"there (twice its longest step, plus one), got {size}")
        if on and must_be_even and size % 2:
            raise InvalidParameterError(
                f"a hex map wrapped along {axis} needs an even number of cells there (its "
                f"rows or columns alternate), got {size}")
    return (wx, wy)


def fold(delta: int, size: int) -> int:
    """``delta`` taken the shorter way round an axis of ``size`` cells: in
    ``[-size // 2, size // 2]``, congruent to ``delta`` mod ``size``."""
    delta %= size
    return delta - size if delta > size // 2 else delta


def world_neighbors(moves: MoveSet, shape: tuple[int, ...], wrap: tuple[bool, bool],
                    is_open: Callable[[Cell], bool], here: Cell) -> list[tuple[Step, Cell]]:
    """The steps allowed from storage cell ``here`` and the storage cells they reach.

    ``shape`` is the storage array's shape (``(H, W)`` or ``(D, H, W)``); ``is_open``
    tells whether an in-bounds storage cell is open.
    """
    sizes = (shape[-1], shape[-2], shape[0] if len(shape) == 3 else 1)
    flat3 = len(shape) == 2

    def canonical(cell: Sequence[int]) -> Cell | None:
        x, y, z = cell
        if wrap[0]:
            x %= sizes[0]
        if wrap[1]:
            y %= sizes[1]
        if not (0 <= x < sizes[0] and 0 <= y < sizes[1] and 0 <= z < sizes[2]):
            return None
        return (x, y) if flat3 else (x, y, z)

    def open3(cell: tuple[int, int, int]) -> bool:
        c = canonical(cell)
        return c is not None and is_open(c)

    return [(step, canonical(cell)) for step, cell in neighbors_of(moves, here, open3)]


def step_between(moves: MoveSet, shape: tuple[int, ...], wrap: tuple[bool, bool],
                 a: Cell, b: Cell) -> Step | None:
    """The step of ``moves`` leading from storage cell ``a`` to ``b`` (walls not looked
    at), or None when none does."""
    sizes = (shape[-1], shape[-2], shape[0] if len(shape) == 3 else 1)
    d = [b[i] - a[i] for i in range(len(a))]
    for axis in (0, 1):
        if wrap[axis]:
            d[axis] = fold(d[axis], sizes[axis])
    d3 = (d[0], d[1], d[2] if len(d) > 2 else 0)
    steps = moves.steps_at(a[0], a[1])
    return next((s for s in steps if s.d == d3), None)


# ---------------------------------------------------------------- free-space distances
SQRT2 = math.sqrt(2.0)
SQRT3 = math.sqrt(3.0)


def voxel_distance(dx: int, dy: int, dz: int, neighbors: int) -> float:
    """Cheapest free-space cost of the offset ``(dx, dy, dz)`` with 6, 18 or 26 neighbours
    (steps 1, sqrt 2, sqrt 3), or a lower bound on it (18: the linear-programming bound).

    With the offsets sorted ``a >= b >= c``: 6 neighbours ``a + b + c``; 26 neighbours
    ``sqrt3 c + sqrt2 (b - c) + (a - b)`` (the 3-D octile distance); 18 neighbours
    ``sqrt2 (b + c) + (a - b - c)`` when ``a >= b + c``, else ``sqrt2 (a + b + c) / 2``
    (each sqrt 2 step covers two units, each unit step one). Each is the cheapest cost of
    moving by the offset when fractions of steps are allowed, a convex function that
    grows by at most a step's length along a step: admissible and consistent.
    """
    c, b, a = sorted((abs(dx), abs(dy), abs(dz)))
    if neighbors == 6:
        return float(a + b + c)
    if neighbors == 26:
        return SQRT3 * c + SQRT2 * (b - c) + (a - b)
    if a >= b + c:
        return SQRT2 * (b + c) + (a - b - c)
    return SQRT2 * (a + b + c) / 2.0


def facets_distance(facets: Sequence[tuple[float, float]], dx: float, dy: float) -> float:
    """``max(0, max(a dx + b dy))`` over ``facets`` (:func:`~.moves.gauge_facets`)."""
    best = 0.0
    for a, b in facets:
        value = a * dx + b * dy
        if value > best:
            best = value
    return best


def wrap_shifts(facets: Sequence[tuple[float, float]], shape: tuple[int, ...],
                wrap: tuple[bool, bool]) -> list[tuple[int, int]] | None:
    """The ways round a wrapped grid a move-set bound must try: shifts ``(i W, j H)``
    added to an offset taken the shorter way round (:func:`fold`), so that the least of
    :func:`facets_distance` over them is the least over *every* way round.

    The bound ``f`` lies between ``alpha |d|`` and ``beta |d|`` (max norm): a shift is
    worth trying only while ``alpha |d + shift|`` can stay below ``beta`` times the
    folded offset (``<= max(W, H) / 2``). An empty list when ``alpha`` is 0 (moves that
    do not reach every direction): the bound is then 0 on a wrapped grid. ``None`` when
    more than :data:`MAX_WRAP_SHIFTS` shifts would be needed (see :func:`wrap_estimate`).
    """
    height, width = shape[-2], shape[-1]
    if not any(wrap):
        return [(0, 0)]
    alpha, beta = _norm_bounds(facets)
    if alpha <= ALPHA_TOLERANCE * beta:  # 0, or rounding error where it is 0
        return []
    reach = beta / alpha * max(width, height) / 2.0
    kx = int((reach + width / 2.0) // width) + 1 if wrap[0] else 0
    ky = int((reach + height / 2.0) // height) + 1 if wrap[1] else 0
    if (2 * kx + 1) * (2 * ky + 1) > MAX_WRAP_SHIFTS:
        return None
    return [(i * width, j * height) for i in range(-kx, kx + 1) for j in range(-ky, ky + 1)]


#: Below this fraction of its largest value on the max-norm unit square, the least value
#: of a move set's bound counts as 0 (:func:`_norm_bounds` finds the least value of a
#: bound whose moves miss a direction as rounding error, not 0).
ALPHA_TOLERANCE = 1e-9

#: The most ways round a wrapped grid :func:`wrap_estimate` lets every heuristic call try;
#: move sets needing more (very uneven ones) take the weaker max-norm bound instead.
MAX_WRAP_SHIFTS = 121


def wrap_estimate(facets: list[tuple[float, float]], shape: tuple[int, ...],
                  wrap: tuple[bool, bool]) -> tuple[list[tuple[float, float]],
                                                    list[tuple[int, int]]]:
    """The facets and shifts of a move set's bound on a grid of ``shape`` wrapped as
    ``wrap``: ``facets`` with :func:`wrap_shifts`, or, when that would need more than
    :data:`MAX_WRAP_SHIFTS` ways round, ``alpha`` times the max norm of the offset taken
    the shorter way round (``alpha`` the least value of the bound on the max-norm unit
    square, so never above the bound over any way round; still consistent, as the folded
    max norm is a distance on the torus and no move's cost is below ``alpha`` times its
    length). No shifts at all: the bound is 0.

    >>> wrap_estimate([(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)], (4, 4),
    ...               (True, False))[1][:3]
    [(-8, 0), (-4, 0), (0, 0)]
    """
    shifts = wrap_shifts(facets, shape, wrap)
    if shifts is not None:
        return list(facets), shifts
    alpha, _ = _norm_bounds(facets)
    return [(alpha, 0.0), (-alpha, 0.0), (0.0, alpha), (0.0, -alpha)], [(0, 0)]


def _norm_bounds(facets: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """Least and largest value of ``max(0, max(a dx + b dy))`` on the square ``|d| = 1``
    (max norm): on each side the function is convex and piecewise linear, so its least
    value is at an end or where two pieces cross; its largest at a corner."""
    def f(dx: float, dy: float) -> float:
        return facets_distance(facets, dx, dy)

    beta = max(f(sx, sy) for sx in (-1.0, 1.0) for sy in (-1.0, 1.0))
    alpha = math.inf
    for fixed in (-1.0, 1.0):
        for axis in (0, 1):
            candidates = {-1.0, 1.0}
            for a1, b1 in facets:
                for a2, b2 in facets:
                    p1, s1 = (a1, b1) if axis == 0 else (b1, a1)
                    p2, s2 = (a2, b2) if axis == 0 else (b2, a2)
                    if s1 != s2:
                        t = (p2 - p1) * fixed / (s1 - s2)
                        if -1.0 < t < 1.0:
                            candidates.add(t)
            for t in candidates:
                value = f(fixed, t) if axis == 0 else f(t, fixed)
                alpha = min(alpha, value)
    return alpha * (1.0 - 1e-9), beta
