"""Exact orientation of three points, and the small geometry every mesh kernel shares.

:func:`orient` is the sign of the determinant ``(b - a) x (c - a)``: 1 when ``c`` lies to
the left of the line from ``a`` to ``b`` (counter-clockwise), -1 to the right, 0 on it. It
is *exact* for every finite double input within the mesh bounds (|x| <= 1e100, no
non-zero |x| < 1e-100; :data:`wayfinding.navmesh.mesh.COORD_LIMIT`): the floating-point
determinant is trusted when it exceeds Shewchuk's error bound (J. R. Shewchuk, "Adaptive
Precision Floating-Point Arithmetic and Fast Robust Geometric Predicates", 1997), and
otherwise it is computed exactly: in integers when every coordinate is a multiple of 1/2
below 2^25 (grid corners and centres, most meshes), else by summing the six products of
the expanded determinant without rounding error (Dekker's exact products, an expansion
grown by exact two-sums). So collinear points, points on edges and on vertices are
decided exactly, however close.

Examples
--------
>>> orient(0.0, 0.0, 3.0, 1.0, 6.0, 2.0000000000000004), orient(0.1, 0.1, 0.3, 0.3, 0.2, 0.2)
(1, 0)
>>> orient(0.0, 0.0, 1.0, 0.0, 0.0, 1.0), orient(0.0, 0.0, 1.0, 1.0, 1.0, 0.0)
(1, -1)
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

__all__ = ["cross_point", "orient", "orient_exact"]

#: Shewchuk's ``ccwerrboundA``: (3 + 16 eps) eps with eps = 2^-53.
_ERRBOUND = 3.3306690738754716e-16
_SPLITTER = 134217729.0  # 2^27 + 1


@njit(cache=True, nogil=True, inline="always")
def _two_product(a, b):  # pragma: no cover - numba
    """``a * b`` as ``x + y`` exactly (Dekker)."""
    x = a * b
    c = _SPLITTER * a
    ahi = c - (c - a)
    alo = a - ahi
    c = _SPLITTER * b
    bhi = c - (c - b)
    blo = b - bhi
    y = alo * blo - (((x - ahi * bhi) - alo * bhi) - ahi * blo)
    return x, y


@njit(cache=True, nogil=True, _nrt=True)
def orient_exact(ax, ay, bx, by, cx, cy):  # pragma: no cover - numba
    """Sign of ``ax*by - ax*cy - ay*bx + ay*cx + bx*cy - by*cx``, summed without error.

    ``_nrt=True`` set here, not inherited: the search kernels that reach it through
    :func:`orient` are compiled without reference counting (``_nrt=False``), and this
    one allocates its expansion (scalars in, an int out: nothing counted crosses)."""
    terms = np.empty(12)
    terms[0], terms[1] = _two_product(ax, by)
    terms[2], terms[3] = _two_product(-ax, cy)
    terms[4], terms[5] = _two_product(-ay, bx)
    terms[6], terms[7] = _two_product(ay, cx)
    terms[8], terms[9] = _two_product(bx, cy)
    terms[10], terms[11] = _two_product(-by, cx)
    expansion = np.empty(13)
    size = 0
    for k in range(12):
        q = terms[k]
        kept = 0
        for i in range(size):  # grow the expansion by q (two-sum with every component)
            e = expansion[i]
            s = q + e
            bv = s - q
            err = (q - (s - bv)) + (e - bv)
            q = s
            if err != 0.0:
                expansion[kept] = err
                kept += 1
        if q != 0.0:
            expansion[kept] = q
            kept += 1
        size = kept
    for i in range(size - 1, -1, -1):  # the largest component decides the sign
        if expansion[i] > 0.0:
            return 1
        if expansion[i] < 0.0:
            return -1
    return 0


@njit(cache=True, nogil=True, inline="always")
def orient(ax, ay, bx, by, cx, cy):  # pragma: no cover - numba
    """1, 0 or -1: ``c`` left of, on, or right of the line ``a -> b`` (exact)."""
    detleft = (ax - cx) * (by - cy)
    detright = (ay - cy) * (bx - cx)
    det = detleft - detright
    bound = _ERRBOUND * (abs(detleft) + abs(detright))
    if det > bound:
        return 1
    if -det > bound:
        return -1
    if bound == 0.0:
        return 0
    if _halves(ax) and _halves(ay) and _halves(bx) and _halves(by) and _halves(cx) and _halves(cy):
        # small multiples of 1/2 (grid corners and centres): exact in integers
        iax, iay, ibx, iby = int(2.0 * ax), int(2.0 * ay), int(2.0 * bx), int(2.0 * by)
        icx, icy = int(2.0 * cx), int(2.0 * cy)
        d = (iax - icx) * (iby - icy) - (iay - icy) * (ibx - icx)
        return 1 if d > 0 else (-1 if d < 0 else 0)
    return orient_exact(ax, ay, bx, by, cx, cy)


@njit(cache=True, nogil=True, inline="always")
def _halves(v):  # pragma: no cover - numba
    """``v`` is a multiple of 1/2 below 2^25 in magnitude."""
    t = 2.0 * v
    return abs(t) < 67108864.0 and t == math.floor(t)


@njit(cache=True, nogil=True, inline="always")
def cross_point(ax, ay, bx, by, ux, uy, wx, wy):  # pragma: no cover - numba
    """Where the line through ``a`` and ``b`` crosses the segment ``u -> w`` (rounded;
    clamped to the segment): its x, y."""
    dx, dy = bx - ax, by - ay
    den = (wx - ux) * dy - (wy - uy) * dx
    if den == 0.0:
        return ux, uy
    s = ((ax - ux) * dy - (ay - uy) * dx) / den
    if not s > 0.0:
        return ux, uy
    if s >= 1.0:
        return wx, wy
    return ux + s * (wx - ux), uy + s * (wy - uy)


@njit(cache=True, nogil=True, inline="always")
def dist(ax, ay, bx, by):  # pragma: no cover - numba
    """Euclidean distance."""
    return math.sqrt((ax - bx) * (ax - bx) + (ay - by) * (ay - by))
