"""Heuristics as the grid kernels compute them: a :class:`Spec` (code, D, D2, scale) for the
grid's default heuristic and for the named ones, their consistency, and the tie-breaking
terms that keep A* optimal while preferring deeper nodes.

Examples
--------
>>> from wayfinding import Grid
>>> spec = default_spec(Grid.from_ascii("...", diagonal=True))
>>> spec.d, round(spec.d2, 4)
(1.0, 1.4142)
"""

from __future__ import annotations

import functools
import math
from typing import Any, NamedTuple, Protocol

import numpy as np

from .. import heuristics as _heuristics
from .._kernels import codes as C
from ..errors import InvalidParameterError
from .grid import Grid

__all__ = ["ZERO", "Spec", "consistent", "default_spec", "heuristic_spec", "landmark_nudge",
           "nudge", "tie_break", "whole"]


class Spec(NamedTuple):
    """A heuristic the kernels compute: code, D, D2 (already capped at 2D) and scale."""

    code: int
    d: float
    d2: float
    scale: float


ZERO = Spec(C.H_ZERO, 0.0, 0.0, 1.0)


class Plan(Protocol):
    """What the functions here read of a grid's search plan (:class:`._engine.Plan`, which
    imports this module)."""

    width: int
    height: int
    max_step: float  # the dearest step
    weighted: bool
    lengths: np.ndarray  # the moves' lengths
    default: Spec


_BY_FUNCTION = {
    _heuristics.manhattan: C.H_MANHATTAN,
    _heuristics.chebyshev: C.H_CHEBYSHEV,
    _heuristics.octile: C.H_OCTILE,
    _heuristics.euclidean: C.H_EUCLIDEAN,
    _heuristics.zero: C.H_ZERO,
    _heuristics.Heuristic.MANHATTAN: C.H_MANHATTAN,
    _heuristics.Heuristic.CHEBYSHEV: C.H_CHEBYSHEV,
    _heuristics.Heuristic.OCTILE: C.H_OCTILE,
    _heuristics.Heuristic.EUCLIDEAN: C.H_EUCLIDEAN,
    _heuristics.Heuristic.ZERO: C.H_ZERO,
}
#: ``weight * h`` may reach at most this on a grid (``f = g + weight * h`` stays finite).
MAX_ESTIMATE = 1e300


def default_spec(grid: Grid) -> Spec:
    """The grid's own heuristic (``Grid.heuristic``) as a kernel spec.

    Admissible and consistent for every movement rule the grid accepts: octile distance
    with the steps of :func:`wayfinding.heuristics.octile_steps` (``min(D, D2)`` and
    ``min(D2, 2 D)``, so diagonals cheaper than straight steps are fine too; proof in
    :func:`wayfinding.heuristics.octile`), Manhattan on 4-way grids, scaled by the
    cheapest entry cost.
    """
    if not grid.standard:
        return Spec(world_code(grid), 1.0, 1.0, grid.min_cost)
    m = grid.movement
    if m.diagonal:
        d, d2 = _heuristics.octile_steps(m.straight_cost, m.diagonal_cost)
        return Spec(C.H_OCTILE, d, d2, grid.min_cost)
    return Spec(C.H_MANHATTAN, m.straight_cost, 0.0, grid.min_cost)


#: The kernel code of each hex layout's distance.
_HEX_CODES = {"odd-r": C.H_HEX_ODD_R, "even-r": C.H_HEX_EVEN_R, "odd-q": C.H_HEX_ODD_Q,
              "even-q": C.H_HEX_EVEN_Q}
_VOXEL_CODES = {6: C.H_VOXEL6, 18: C.H_VOXEL18, 26: C.H_VOXEL26}


def world_code(grid: Grid) -> int:
    """The kernel code of the default heuristic of a grid that is not :attr:`standard
    <wayfinding.Grid.standard>` (the same arithmetic as its ``heuristic`` method): hex
    distance, a voxel distance, or the move set's bound (``H_FACETS``: moves of its own,
    or the 4- or 8-way moves on a wrapped grid)."""
    layout = getattr(grid, "layout", None)
    if layout is not None and not grid._square:
        return _HEX_CODES[layout.value]
    connectivity = getattr(grid, "connectivity", None)
    if connectivity is not None:
        return _VOXEL_CODES[connectivity]
    return C.H_FACETS


def heuristic_spec(grid: Grid, p: Plan, heuristic: Any, weight: float = 1.0) -> Spec | None:
    """The kernel form of ``heuristic``, or None when only the generic tier can run it.

    Raises InvalidParameterError for a heuristic that is neither None, a callable nor a
    :class:`~wayfinding.heuristics.Heuristic` member, for built-in heuristics bound to
    parameters that are not numbers in ``[0, MAX_PARAMETER]``, and when ``weight * h``
    could exceed :data:`MAX_ESTIMATE` on this grid (``f`` would overflow).
    """
    _heuristics.check_heuristic(heuristic)
    own = getattr(heuristic, "__self__", None) is grid and getattr(
        heuristic, "__func__", None) is getattr(type(grid).heuristic, "__func__",
                                                type(grid).heuristic)
    if heuristic is None or own:
        return _bounded(p, p.default, weight)
    if not grid.standard:  # the named heuristics measure (x, y) of square grids
        zero = heuristic in (_heuristics.zero, _heuristics.Heuristic.ZERO)
        return _bounded(p, ZERO, weight) if zero else None
    keywords: dict[str, Any] = {}
    function = heuristic
    if isinstance(heuristic, functools.partial):
        if heuristic.args:
            return None
        function, keywords = heuristic.func, dict(heuristic.keywords)
    try:
        code = _BY_FUNCTION.get(function)
    except TypeError:  # an unhashable callable
        return None
    if code is None:
        return None
    allowed = {"D", "D2"} if code == C.H_OCTILE else set() if code == C.H_ZERO else {"D"}
    if not set(keywords) <= allowed:
        return None
    values = {"D": 1.0, "D2": _heuristics.SQRT2}
    for name, value in keywords.items():
        values[name] = _heuristics.check_parameter(name, value)
    d = values["D"]
    d2 = 0.0
    if code == C.H_OCTILE:
        d, d2 = _heuristics.octile_steps(d, values["D2"])
    return _bounded(p, Spec(code, d, d2, 1.0), weight)


def _bounded(p: Plan, spec: Spec, weight: float) -> Spec:
    """``spec`` after checking that ``weight * h`` stays below MAX_ESTIMATE on the grid."""
    _, d, d2, scale = spec
    largest = weight * scale * (d if d > d2 else d2) * p.reach * _extent(p)
    if not largest <= MAX_ESTIMATE:
        raise InvalidParameterError(
            f"heuristic too large for this grid: weight ({weight!r}) x D ({spec.d!r}, "
            f"D2 {spec.d2!r}) x scale ({spec.scale!r}) x (width + height) = {largest!r} "
            f"exceeds {MAX_ESTIMATE:g}")
    return spec


def _extent(p: Plan) -> int:
    """``width + height`` (``+ depth`` on a voxel grid): the largest coordinate offset sum."""
    depth = p.passable.shape[0] // p.table.plane - 2 if p.table.plane else 0
    return p.width + p.height + depth


def consistent(grid: Grid, spec: Spec, weight: float) -> bool:
    """True when ``weight * h`` provably never drops by more than a step costs.

    Then an expanded cell is final and never re-opened. Every kernel heuristic is a norm
    of ``(dx, dy)`` (octile only when ``d <= d2 <= 2 d``, which :func:`heuristic_spec`
    and :func:`default_spec` guarantee through ``octile_steps``; other octile specs are
    treated as inconsistent), so it suffices that no single move changes it by more than
    the move's cheapest cost: ``weight * scale * h(move) <= length * min_cost``. This
    holds for every movement rule, diagonals cheaper than straight steps included.
    """
    if spec.code == C.H_ZERO or weight == 0.0 or spec.scale == 0.0:
        return True
    if spec.code >= C.WORLD_CODES:  # each world's default: consistent (proofs with each)
        return weight <= 1.0
    if spec.code == C.H_LANDMARKS:  # the max of landmark bounds and an octile one
        return weight <= 1.0 and consistent(grid, spec._replace(code=C.H_OCTILE), weight)
    if spec.code == C.H_OCTILE and not spec.d <= spec.d2 <= 2.0 * spec.d:
        return False
    cheapest = grid.min_cost
    for dx, dy, length in grid.movement.moves():
        a, b = abs(dx), abs(dy)
        if spec.code == C.H_MANHATTAN:
            h = spec.d * (a + b)
        elif spec.code == C.H_CHEBYSHEV:
            h = spec.d * max(a, b)
        elif spec.code == C.H_OCTILE:
            h = spec.d * (a + b) + (spec.d2 - 2.0 * spec.d) * min(a, b)
        else:
            h = spec.d * math.hypot(a, b)
        if weight * spec.scale * h > length * cheapest * (1.0 + 1e-12):
            return False
    return True


def whole(*values: float) -> bool:
    return all(float(v).is_integer() for v in values)


def tie_break(p: Plan, spec: Spec, weight: float) -> float:
    """``eps`` such that ``f - g * eps`` orders integer f exactly, and equal f by larger g.

    ``g * eps < 1/2`` for every g a search can meet (a simple path's cost) and the keys
    stay exact in float64; 0 (no tie-break) when the grid is too large for both.
    ``h_bound`` bounds every spec the kernels get, for every movement rule: octile with
    ``d <= d2 <= 2 d`` (``octile_steps``) is at most ``d2 * max(dx, dy)``, the others at
    most ``d * (dx + dy)``.
    """
    g_bound = max(p.max_step, 1.0) * p.passable.shape[0]
    h_bound = spec.scale * max(spec.d, spec.d2) * _extent(p)
    bits = int(g_bound).bit_length() + 1
    if (g_bound + weight * h_bound + h_bound) * 2.0**bits >= 2.0**52:
        return 0.0
    return 2.0**-bits


def nudge(p: Plan, spec: Spec) -> float:
    """``eps`` such that A* keyed by ``g + (1 + eps) * h`` breaks ties of f towards larger
    g and still returns optimal paths, on grids whose steps cost 1 and sqrt 2; else 0.

    There every g and f is ``a + b * sqrt 2`` with whole ``a`` and ``0 <= b <= n`` (``n``
    bounds the diagonal steps of a simple path plus those of the heuristic), and two
    different such values differ by more than ``1 / (3 n + 1)`` (as ``|a' - b' sqrt 2| *
    |a' + b' sqrt 2| = |a'^2 - 2 b'^2| >= 1``). With ``eps * h < 1 / (4 (3 n + 1))`` for
    every h the nudge only reorders equal f (by smaller h, i.e. larger g), and no cell is
    expanded before one of a really smaller f, so the usual proof of optimality and of
    "an expanded cell is final" (consistent heuristic) goes through unchanged.
    The integer-cost grids get the same tie-break exactly, from ``_tie_break``. Grids
    whose steps are not lengths 1 (straight) and sqrt 2 (diagonal) get no nudge: a grid
    with ``D = sqrt 2, D2 = 1`` has the default spec ``d = d2 = 1`` (``octile_steps``).
    """
    if p.weighted or spec.scale != 1.0 or spec.d != 1.0:
        return 0.0
    if spec.code == C.H_OCTILE:
        if spec.d2 != _heuristics.SQRT2:
            return 0.0
    elif spec.code != C.H_CHEBYSHEV:
        return 0.0
    if not set(p.lengths.tolist()) <= {1.0, _heuristics.SQRT2}:
        return 0.0
    n = p.width * p.height + min(p.width, p.height)
    h_max = float(p.width + p.height)
    return 1.0 / (4.0 * (3.0 * n + 1.0) * h_max)


def landmark_nudge(p: Plan, spec: Spec, longest: float) -> float:
    """:func:`nudge` for the landmark heuristic (``H_LANDMARKS``), whose estimates reach
    ``longest`` (the largest distance in the landmarks' table) rather than ``width +
    height``; 0 where :func:`nudge` gives none.

    With steps of lengths 1 and sqrt 2, every g is ``a + b sqrt 2`` with whole ``0 <= a,
    b <= n`` (``n`` cells bound a simple path's steps), and every h too with ``|a|, |b|
    <= n`` (a difference of two such distances, or the octile bound); so two different
    f differ by ``|a' + b' sqrt 2|`` with ``|a'|, |b'| <= 4 n``, at least ``1 / ((1 +
    sqrt 2) 4 n) > 1 / (10 n)`` (as in :func:`nudge`). With ``eps * h < 1 / (40 n)`` for
    every h (``h <= max(longest, octile of the grid)``) the nudge reorders equal f
    only, and the proof of :func:`nudge` goes through.
    """
    if nudge(p, spec._replace(code=C.H_OCTILE)) == 0.0:
        return 0.0
    n = p.width * p.height
    h_max = max(longest, _heuristics.SQRT2 * (p.width + p.height), 1.0)
    return 1.0 / (40.0 * n * h_max)
