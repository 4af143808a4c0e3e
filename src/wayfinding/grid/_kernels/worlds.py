"""Kernel helpers: the default heuristics of hex maps, voxel grids and move sets of a
grid's own, the shorter way round a wrapped grid (codes ``H_HEX_*``, ``H_VOXEL*`` and
``H_FACETS`` of :mod:`wayfinding._kernels.codes`).

The same arithmetic as the Python heuristics of each world
(:meth:`wayfinding.HexGrid.heuristic`, :func:`wayfinding.grid.worlds.voxel_distance`,
:meth:`wayfinding.Grid.heuristic` with moves of its own), on padded coordinates: the pad
of one cell cancels in differences, and hex maps convert their offsets to axial
coordinates after taking it off. All ``inline="always"``: called per neighbour.
"""

from __future__ import annotations

import math

from numba import njit

from ..._kernels import codes as C

SQRT2 = math.sqrt(2.0)
SQRT3 = math.sqrt(3.0)


@njit(cache=True, nogil=True, inline="always")
def axial(code, x, y):  # pragma: no cover - numba
    """Axial ``(q, r)`` of the hex at padded offset ``(x, y)`` of a map of layout ``code``."""
    col = x - 1
    row = y - 1
    if code == C.H_HEX_ODD_R:
        return col - ((row - (row & 1)) >> 1), row
    if code == C.H_HEX_EVEN_R:
        return col - ((row + (row & 1)) >> 1), row
    if code == C.H_HEX_ODD_Q:
        return col, row - ((col - (col & 1)) >> 1)
    return col, row - ((col + (col & 1)) >> 1)


@njit(cache=True, nogil=True, inline="always")
def hex_steps(code, x, y, gx, gy, wrap_x, wrap_y):  # pragma: no cover - numba
    """Hex distance between padded offsets ``(x, y)`` and ``(gx, gy)``, the least over the
    ways round the wrapped axes (the goal moved by a whole map keeps its parity)."""
    q, r = axial(code, x, y)
    best = 1 << 62
    for i in range(-1 if wrap_x else 0, 2 if wrap_x else 1):
        for j in range(-1 if wrap_y else 0, 2 if wrap_y else 1):
            gq, gr = axial(code, gx + i * wrap_x, gy + j * wrap_y)
            dq = gq - q
            dr = gr - r
            d = max(abs(dq), abs(dr), abs(dq + dr))
            if d < best:
                best = d
    return best


@njit(cache=True, nogil=True, inline="always")
def voxel_steps(code, dx, dy, dz):  # pragma: no cover - numba
    """:func:`wayfinding.grid.worlds.voxel_distance` (the codes of 6, 18, 26 neighbours)."""
    a = abs(dx)
    b = abs(dy)
    c = abs(dz)
    if a < b:
        a, b = b, a
    if b < c:
        b, c = c, b
    if a < b:
        a, b = b, a
    if code == C.H_VOXEL6:
        return float(a + b + c)
    if code == C.H_VOXEL26:
        return SQRT3 * c + SQRT2 * (b - c) + (a - b)
    if a >= b + c:
        return SQRT2 * (b + c) + (a - b - c)
    return SQRT2 * (a + b + c) / 2.0


@njit(cache=True, nogil=True, inline="always")
def fold(delta, size):  # pragma: no cover - numba
    """``delta`` the shorter way round an axis of ``size`` (0: not wrapped)."""
    if size == 0:
        return delta
    delta %= size
    return delta - size if delta > size // 2 else delta


@njit(cache=True, nogil=True, inline="always")
def facets_steps(dx, dy, facets, shifts, wrap_x, wrap_y):  # pragma: no cover - numba
    """A move set's bound of the offset ``(dx, dy)`` (goal minus cell): the least over
    ``shifts`` (:func:`wayfinding.grid.worlds.wrap_shifts`) of ``max(0, max(a dx + b dy))``."""
    dx = fold(dx, wrap_x)
    dy = fold(dy, wrap_y)
    best = math.inf
    for s in range(shifts.shape[0]):
        ex = dx + shifts[s, 0]
        ey = dy + shifts[s, 1]
        h = 0.0
        for f in range(facets.shape[0]):
            value = facets[f, 0] * ex + facets[f, 1] * ey
            if value > h:
                h = value
        if h < best:
            best = h
    return 0.0 if best == math.inf else best


@njit(cache=True, nogil=True, inline="always")
def world_metric(code, x, y, z, gx, gy, gz, wrap_x, wrap_y, facets,
                 shifts):  # pragma: no cover - numba
    """The heuristic ``code`` (``>= WORLD_CODES``) from padded ``(x, y, z)`` to ``(gx, gy, gz)``,
    before its scale."""
    if code <= C.H_HEX_EVEN_Q:
        return float(hex_steps(code, x, y, gx, gy, wrap_x, wrap_y))
    if code <= C.H_VOXEL26:
        return voxel_steps(code, gx - x, gy - y, gz - z)
    return facets_steps(gx - x, gy - y, facets, shifts, wrap_x, wrap_y)


@njit(cache=True, nogil=True, inline="always")
def world_estimate(code, x, y, z, goal_xyz, n, scale, wrap_x, wrap_y, facets,
                   shifts):  # pragma: no cover - numba
    """Heuristic ``code`` (``>= WORLD_CODES``) from padded ``(x, y, z)`` to the nearest of the
    first ``n`` goals (rows ``(x, y, z)`` of ``goal_xyz``), times ``scale``; 0 without goals.
    Inlined where it runs per neighbour; :func:`world_estimate_once` elsewhere."""
    best = math.inf
    for i in range(n):
        h = world_metric(code, x, y, z, goal_xyz[i, 0], goal_xyz[i, 1], goal_xyz[i, 2],
                         wrap_x, wrap_y, facets, shifts)
        if h < best:
            best = h
    return 0.0 if n == 0 else best * scale


@njit(cache=True, nogil=True)
def world_estimate_once(code, x, y, z, goal_xyz, n, scale, wrap_x, wrap_y, facets,
                        shifts):  # pragma: no cover - numba
    """:func:`world_estimate` compiled once and called, for what runs once a search (its
    starts): each inlined copy costs every kernel its compile time, a call costs it speed
    only where it runs per neighbour."""
    return world_estimate(code, x, y, z, goal_xyz, n, scale, wrap_x, wrap_y, facets, shifts)


@njit(cache=True, nogil=True, inline="always")
def decode(u, stride, plane):  # pragma: no cover - numba
    """Padded ``(x, y, z)`` of flat cell ``u`` (``z`` 0 on a 2-D grid, ``plane`` 0)."""
    if plane == 0:
        return u % stride, u // stride, 0
    z = u // plane
    rest = u - z * plane
    return rest % stride, rest // stride, z
