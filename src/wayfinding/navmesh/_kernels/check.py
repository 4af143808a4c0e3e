"""Checks of a mesh's polygons that need exact orientation tests (compiled)."""

from __future__ import annotations

import math

from numba import njit

from .geometry import orient

BAD_NONE, BAD_TURN, BAD_FLAT, BAD_WINDING = 0, 1, 2, 3


@njit(cache=True, nogil=True)
def polygons(vx, vy, offsets, verts):  # pragma: no cover - numba
    """(first bad polygon or -1, what is wrong): a right turn (not convex, or clockwise),
    no left turn at all (no area), or more than one turn around (not simple)."""
    for p in range(offsets.shape[0] - 1):
        base = offsets[p]
        n = offsets[p + 1] - base
        lefts = 0
        turning = 0.0
        for k in range(n):
            a, b, c = verts[base + k], verts[base + (k + 1) % n], verts[base + (k + 2) % n]
            o = orient(vx[a], vy[a], vx[b], vy[b], vx[c], vy[c])
            if o < 0:
                return p, BAD_TURN
            lefts += o
            d1 = math.atan2(vy[b] - vy[a], vx[b] - vx[a])
            d2 = math.atan2(vy[c] - vy[b], vx[c] - vx[b])
            t = d2 - d1
            if t < -math.pi:
                t += 2.0 * math.pi
            elif t > math.pi:
                t -= 2.0 * math.pi
            turning += t
        if lefts == 0:
            return p, BAD_FLAT
        if turning > 3.0 * math.pi:
            return p, BAD_WINDING
    return -1, BAD_NONE
