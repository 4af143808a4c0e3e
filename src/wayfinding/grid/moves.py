"""The steps of every grid world, written once: square, custom moves, hexagons, voxels.

A world's movement is a :class:`MoveSet`: per *parity set* a tuple of :class:`Step`.
Square and voxel worlds have one set; a hex map stored in an offset layout has two (the
neighbours of a hex in an even row are other offsets than in an odd one), chosen by the
parity of the cell's row (``*_R`` layouts) or column (``*_Q``). Each step says which
cells must be open besides its target:

- ``corner``: the two cells the *corner rule* (:class:`CornerCutting`) looks at, beside
  the corner a diagonal step passes: both open for ``NEVER``, one for ``ONE_FREE``,
  none needed for ``ALWAYS``;
- ``cells``: cells that must be open whatever the rule (the cells a long move passes
  through, the other cells of a voxel diagonal's box under the 3-D benchmark rule);
- ``pairs``: further corners a long move passes, under the same rule as ``corner``.

The generic tier's ``neighbors`` (:func:`neighbors_of`) and the compiled kernels' move
table (:mod:`wayfinding.grid.flat`) are both built from this one description.

The long-move rule (:func:`segment_cells`). A move ``(dx, dy)`` goes along the straight
segment between the centres of its two cells. It is allowed when its target is open,
every cell whose inside the segment passes through is open, and at each point where the
segment passes exactly through a corner shared by four cells, the two cells beside that
corner which the segment does not enter follow the corner rule. For ``(1, 1)`` this is the
usual diagonal rule; the knight's move ``(2, 1)`` needs ``(1, 0)`` and ``(1, 1)`` open.

Examples
--------
>>> segment_cells(2, 1)
([(1, 0), (1, 1)], [])
>>> segment_cells(1, 1)
([], [((1, 0), (0, 1))])
>>> [s.d for s in square_moves(False, 1.0, 2 ** 0.5).sets[0]]
[(1, 0, 0), (-1, 0, 0), (0, -1, 0), (0, 1, 0)]
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple

from .._inputs import is_number
from ..errors import InvalidCostError, InvalidParameterError
from ..hex import HexLayout
from .movement import DIRECTIONS_8, CornerCutting

__all__ = ["PARITY_COLUMN", "PARITY_NONE", "PARITY_ROW", "MoveSet", "Step", "allowed",
           "custom_moves", "gauge_facets", "hex_moves", "neighbors_of", "segment_cells",
           "square_moves", "voxel_moves"]

Cell = tuple[int, ...]

#: Which coordinate's parity picks a cell's set of steps.
PARITY_NONE = 0
PARITY_COLUMN = 1
PARITY_ROW = 2

#: Largest reach (``max |dx|, |dy|``) of a custom move.
MAX_REACH = 8


class Step(NamedTuple):
    """One move of a world, relative to the cell it leaves (3 coordinates, z = 0 in 2-D)."""

    #: ``(dx, dy, dz)`` of the target.
    d: tuple[int, int, int]
    #: Length: the step costs this times the entered cell's cost.
    length: float
    #: The two cells the corner rule looks at, or None.
    corner: tuple[tuple[int, int, int], tuple[int, int, int]] | None = None
    #: Cells that must be open whatever the corner rule.
    cells: tuple[tuple[int, int, int], ...] = ()
    #: Further corner pairs (long moves), under the corner rule like ``corner``.
    pairs: tuple[tuple[tuple[int, int, int], tuple[int, int, int]], ...] = ()


@dataclass(frozen=True)
class MoveSet:
    """A world's steps: ``sets[p]`` for cells of parity ``p`` (one set unless ``parity``)."""

    sets: tuple[tuple[Step, ...], ...]
    rule: CornerCutting = CornerCutting.NEVER
    parity: int = PARITY_NONE

    @property
    def reach(self) -> int:
        """Largest ``|dx|, |dy|, |dz|`` of any step (the padding the flat layout needs)."""
        return max(max(abs(c) for c in s.d) for steps in self.sets for s in steps)

    @property
    def n_moves(self) -> int:
        """Steps per set."""
        return len(self.sets[0])

    def steps_at(self, x: int, y: int) -> tuple[Step, ...]:
        """The steps leaving cell ``(x, y)`` (storage coordinates)."""
        if self.parity == PARITY_NONE:
            return self.sets[0]
        return self.sets[(y if self.parity == PARITY_ROW else x) & 1]


def _p3(cell: Sequence[int]) -> tuple[int, int, int]:
    return (int(cell[0]), int(cell[1]), int(cell[2]) if len(cell) > 2 else 0)


def square_moves(diagonal: bool, straight: float, diagonal_cost: float,
                 rule: CornerCutting = CornerCutting.NEVER) -> MoveSet:
    """The 4- or 8-way moves of a square grid (straight steps first, the texts' order)."""
    dirs = DIRECTIONS_8 if diagonal else DIRECTIONS_8[:4]
    steps = []
    for dx, dy in dirs:
        if dx and dy:
            steps.append(Step((dx, dy, 0), diagonal_cost, ((dx, 0, 0), (0, dy, 0))))
        else:
            steps.append(Step((dx, dy, 0), straight))
    return MoveSet((tuple(steps),), rule)


def segment_cells(dx: int, dy: int) -> tuple[list[tuple[int, int]],
                                             list[tuple[tuple[int, int], tuple[int, int]]]]:
    """Cells whose inside the segment from the centre of ``(0, 0)`` to that of ``(dx, dy)``
    passes through (neither end), and the side cells of each corner it passes exactly
    (as pairs), in order along the segment. Exact (rational) arithmetic."""
    if (dx, dy) == (0, 0):
        return [], []
    xs = {Fraction(2 * k + 1, 2 * dx) for k in range(min(0, dx), max(0, dx))}
    ys = {Fraction(2 * k + 1, 2 * dy) for k in range(min(0, dy), max(0, dy))}
    ts = sorted(xs | ys | {Fraction(0), Fraction(1)})
    inside: list[tuple[int, int]] = []
    corners: list[tuple[tuple[int, int], tuple[int, int]]] = []
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    for t0, t1 in itertools.pairwise(ts):
        mid = (t0 + t1) / 2
        cell = (math.floor(mid * dx + Fraction(1, 2)), math.floor(mid * dy + Fraction(1, 2)))
        if t0 in xs and t0 in ys:  # entered through a corner: the cells beside it
            corners.append(((cell[0], cell[1] - sy), (cell[0] - sx, cell[1])))
        if cell not in ((0, 0), (dx, dy)):
            inside.append(cell)
    return inside, corners


def custom_moves(moves: Any, rule: CornerCutting = CornerCutting.NEVER) -> MoveSet:
    """A square grid's own list of moves ``(dx, dy, cost)``, checked.

    Every cost is finite and > 0, every move moves (at most :data:`MAX_REACH` cells along
    each axis), and no move is given twice. Each follows the long-move rule of this
    module (:func:`segment_cells`).
    """
    try:
        rows = [tuple(m) for m in moves]
    except TypeError:
        raise InvalidParameterError(
            f"moves must be a list of (dx, dy, cost) triples, got {moves!r}") from None
    if not rows:
        raise InvalidParameterError("moves is empty: give at least one (dx, dy, cost) move")
    steps = []
    seen: set[tuple[int, int]] = set()
    for row in rows:
        if len(row) != 3:
            raise InvalidParameterError(f"a move is a (dx, dy, cost) triple, got {row!r}")
        dx, dy, cost = row
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (dx, dy)):
            raise InvalidParameterError(f"dx and dy of a move must be integers, got {row!r}")
        if (dx, dy) == (0, 0) or max(abs(dx), abs(dy)) > MAX_REACH:
            raise InvalidParameterError(
                f"a move must move, by at most {MAX_REACH} cells along each axis, got {row!r}")
        if not is_number(cost) or not math.isfinite(cost) or cost <= 0:
            raise InvalidCostError(f"the cost of move {row!r} must be finite and > 0")
        if (dx, dy) in seen:
            raise InvalidParameterError(f"move ({dx}, {dy}) is given twice")
        seen.add((dx, dy))
        inside, corners = segment_cells(dx, dy)
        corner = None
        if corners:
            a, b = corners[0]
            corner = ((a[0], a[1], 0), (b[0], b[1], 0))
        steps.append(Step((dx, dy, 0), float(cost), corner,
                          tuple((x, y, 0) for x, y in inside),
                          tuple(((a[0], a[1], 0), (b[0], b[1], 0)) for a, b in corners[1:])))
    return MoveSet((tuple(steps),), rule)


def _hex_offsets(layout: HexLayout) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per parity of the row (column) the offset steps to the six neighbours."""
    from ..hex import DIRECTIONS, from_offset, to_offset

    sets = []
    for parity in (0, 1):
        here = (0, parity) if layout.rows else (parity, 0)
        axial = from_offset(here, layout)
        offsets = []
        for dq, dr in DIRECTIONS:
            col, row = to_offset((axial[0] + dq, axial[1] + dr), layout)
            offsets.append((col - here[0], row - here[1]))
        sets.append(tuple(offsets))
    return tuple(sets)


def hex_moves(layout: HexLayout) -> MoveSet:
    """The six neighbours of a hex in ``layout``: two sets, by row (column) parity."""
    sets = tuple(tuple(Step((dx, dy, 0), 1.0) for dx, dy in offsets)
                 for offsets in _hex_offsets(layout))
    return MoveSet(sets, CornerCutting.ALWAYS,
                   PARITY_ROW if layout.rows else PARITY_COLUMN)


def voxel_moves(neighbors: int, rule: CornerCutting = CornerCutting.NEVER) -> MoveSet:
    """6, 18 or 26 neighbours of a voxel, steps of length 1, sqrt 2, sqrt 3.

    Under ``NEVER`` (the MovingAI 3-D benchmark rule) a diagonal step needs every other
    voxel of the box it spans open: for ``(1, 1, 0)`` the two of the corner rule, for
    ``(1, 1, 1)`` the three face and three edge neighbours it passes. ``ALWAYS`` checks
    none of them.
    """
    if neighbors not in (6, 18, 26):
        raise InvalidParameterError(f"neighbors must be 6, 18 or 26, got {neighbors!r}")
    if rule is CornerCutting.ONE_FREE:
        raise InvalidParameterError(
            "voxel grids take corner_cutting NEVER (the 3-D benchmark rule) or ALWAYS")
    steps = []
    for d in itertools.product((-1, 0, 1), repeat=3):
        axes = sum(1 for c in d if c)
        if axes == 0 or (axes == 2 and neighbors == 6) or (axes == 3 and neighbors != 26):
            continue
        box = [e for e in itertools.product(*[(0, c) if c else (0,) for c in d])
               if any(e) and e != d]
        corner = None
        cells: tuple[tuple[int, int, int], ...] = ()
        if axes > 1 and rule is CornerCutting.NEVER:
            faces = [e for e in box if sum(1 for c in e if c) == 1]
            corner = (faces[0], faces[1])
            cells = tuple(e for e in box if e not in corner)
        steps.append(Step(d, math.sqrt(axes), corner, cells))
    steps.sort(key=lambda s: sum(1 for c in s.d if c))  # straight steps first
    return MoveSet((tuple(steps),), rule)


def allowed(step: Step, rule: CornerCutting, is_open: Callable[[tuple[int, int, int]], bool],
            here: tuple[int, int, int]) -> bool:
    """True when ``step`` from ``here`` may be taken (``is_open`` of absolute cells)."""
    hx, hy, hz = here

    def at(rel: tuple[int, int, int]) -> bool:
        return is_open((hx + rel[0], hy + rel[1], hz + rel[2]))

    if not at(step.d):
        return False
    for cell in step.cells:
        if not at(cell):
            return False
    if rule is CornerCutting.ALWAYS:
        return True
    for a, b in (*(() if step.corner is None else (step.corner,)), *step.pairs):
        free = at(a) + at(b)
        if free < (2 if rule is CornerCutting.NEVER else 1):
            return False
    return True


def neighbors_of(moves: MoveSet, here: Cell,
                 is_open: Callable[[tuple[int, int, int]], bool]) -> list[tuple[Step, Cell]]:
    """The steps allowed from storage cell ``here`` and the (unwrapped) cells they reach."""
    h = _p3(here)
    out = []
    for step in moves.steps_at(h[0], h[1]):
        if allowed(step, moves.rule, is_open, h):
            out.append((step, (h[0] + step.d[0], h[1] + step.d[1], h[2] + step.d[2])))
    return out


def gauge_facets(moves: Sequence[tuple[int, int, float]]) -> list[tuple[float, float]]:
    """Linear pieces ``(a, b)`` of the move set's cheapest free-space cost bound.

    ``h(dx, dy) = max(0, max(a * dx + b * dy))`` over the pieces is the gauge of the convex
    hull ``K`` of the points ``(dx_i, dy_i) / cost_i`` and the origin, shrunk by 1e-9 for
    rounding. A path of moves costing ``C`` in all moves by ``sum cost_i * p_i``, a point of
    ``C * K``, so ``h`` never exceeds the cost of any path (admissible, walls or not); and a
    gauge is sublinear, ``h(u + v) <= h(u) + h(v)``, with ``h(move i) <= cost_i``, so ``h``
    drops by at most a step's cost along a step (consistent).

    Examples
    --------
    >>> sorted((round(a, 6), round(b, 6)) for a, b in gauge_facets(
    ...     [(1, 0, 1.0), (-1, 0, 1.0), (0, 1, 1.0), (0, -1, 1.0)]))
    [(-1.0, -1.0), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0)]
    """
    points = {(0.0, 0.0)}
    for dx, dy, cost in moves:
        points.add((dx / cost, dy / cost))
    hull = _hull(sorted(points))
    facets = []
    n = len(hull)
    for i in range(n):
        (px, py), (qx, qy) = hull[i], hull[(i + 1) % n]
        nx, ny = qy - py, px - qx  # outward normal of a counter-clockwise edge
        offset = nx * px + ny * py
        if offset <= 1e-12 * (abs(nx) + abs(ny)):
            continue  # an edge through the origin: the gauge is 0 beyond it
        facets.append((nx / offset * (1.0 - 1e-9), ny / offset * (1.0 - 1e-9)))
    if len(hull) < 3:  # a segment (moves along one line): bound the distance along it
        for vx, vy in hull:
            norm = vx * vx + vy * vy
            if norm > 0 and all(vx * px + vy * py <= norm for px, py in points):
                facets.append((vx / norm * (1.0 - 1e-9), vy / norm * (1.0 - 1e-9)))
    return facets


def _hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Convex hull, counter-clockwise (Andrew's monotone chain), collinear points dropped."""
    if len(points) <= 2:
        return points

    def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    for p in points:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[tuple[float, float]] = []
    for p in reversed(points):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]
