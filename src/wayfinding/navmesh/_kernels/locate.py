"""Point location in a navigation mesh: which polygons hold a point.

The mesh's bounding box is cut into a grid of buckets, each listing the polygons whose
bounding boxes overlap it (:func:`buckets`). :func:`locate` tests the polygons of the
point's bucket with exact orientation tests (closed polygons: a point on an edge or a
vertex is in every polygon that touches it) and keeps the polygons that touch the point
and are joined to each other through edges through it. Where the free space is pinched
at a vertex (polygons touching the point that no edge through it joins, as two open grid
cells meeting at one corner), the point belongs to the group that direction (1, 1)
points into, the convention of Polyanya and of a grid's corner (x, y) belonging to cell
(x, y); when (1, 1) points into an obstacle, to the group of the lowest polygon number.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ...hierarchy._kernels.common import grown
from .geometry import orient


@njit(cache=True, nogil=True, inline="always")
def _bucket(t, n):  # pragma: no cover - numba
    """Bucket of offset ``t`` (in bucket widths) among ``n``: clamped, then floored (the
    same rounding for polygons and points, so a box holding a point shares its bucket)."""
    if not t > 0.0:
        return 0
    if t >= n - 1:
        return n - 1
    return int(t)


@njit(cache=True, nogil=True)
def buckets(vx, vy, offsets, verts, x0, y0, cell, nbx, nby):  # pragma: no cover - numba
    """Polygons by bucket: (start[nbx * nby + 1], polygons) in CSR form."""
    npoly = offsets.shape[0] - 1
    lo = np.empty((npoly, 4), dtype=np.int64)
    counts = np.zeros(nbx * nby + 1, dtype=np.int64)
    for p in range(npoly):
        minx, miny, maxx, maxy = math.inf, math.inf, -math.inf, -math.inf
        for k in range(offsets[p], offsets[p + 1]):
            v = verts[k]
            minx, maxx = min(minx, vx[v]), max(maxx, vx[v])
            miny, maxy = min(miny, vy[v]), max(maxy, vy[v])
        bx0, bx1 = _bucket((minx - x0) / cell, nbx), _bucket((maxx - x0) / cell, nbx)
        by0, by1 = _bucket((miny - y0) / cell, nby), _bucket((maxy - y0) / cell, nby)
        lo[p, 0], lo[p, 1], lo[p, 2], lo[p, 3] = bx0, bx1, by0, by1
        for by in range(by0, by1 + 1):
            for bx in range(bx0, bx1 + 1):
                counts[by * nbx + bx + 1] += 1
    start = np.cumsum(counts)
    fill = start[:-1].copy()
    polys = np.empty(start[-1], dtype=np.int32)
    for p in range(npoly):
        for by in range(lo[p, 2], lo[p, 3] + 1):
            for bx in range(lo[p, 0], lo[p, 1] + 1):
                b = by * nbx + bx
                polys[fill[b]] = p
                fill[b] += 1
    return start, polys


@njit(cache=True, nogil=True, inline="always")
def contains(vx, vy, offsets, verts, p, x, y):  # pragma: no cover - numba
    """True when closed polygon ``p`` holds point (x, y) (exact)."""
    base = offsets[p]
    n = offsets[p + 1] - base
    for k in range(n):
        u, w = verts[base + k], verts[base + (k + 1) % n]
        if orient(vx[u], vy[u], vx[w], vy[w], x, y) < 0:
            return False
    return True


@njit(cache=True, nogil=True, inline="always")
def _find(group, i):  # pragma: no cover - numba
    while group[i] != i:
        i = group[i]
    return i


@njit(cache=True, nogil=True)
def locate(vx, vy, offsets, verts, adj, x0, y0, cell, nbx, nby, bucket_start,
           bucket_polys, x, y, out, group):  # pragma: no cover - numba
    """Polygons holding (x, y) that the point belongs to (module docstring) into
    ``out``; returns how many (0: not in the mesh). ``out`` and ``group`` need room for
    the most polygons around one vertex."""
    if x != x or y != y:
        return 0
    # the same rounding as buckets(): a polygon whose box holds x is in x's bucket
    bx = _bucket((x - x0) / cell, nbx)
    by = _bucket((y - y0) / cell, nby)
    b = by * nbx + bx
    count = 0
    for k in range(bucket_start[b], bucket_start[b + 1]):
        p = bucket_polys[k]
        if not contains(vx, vy, offsets, verts, p, x, y):
            continue
        if count == out.shape[0]:
            return -1
        out[count] = p
        count += 1
    if count <= 1:
        return count
    # join polygons sharing an edge through the point
    for i in range(count):
        group[i] = i
    for i in range(count):
        p = out[i]
        base = offsets[p]
        n = offsets[p + 1] - base
        for k in range(n):
            q = adj[base + k]
            if q < 0:
                continue
            u, w = verts[base + k], verts[base + (k + 1) % n]
            if orient(vx[u], vy[u], vx[w], vy[w], x, y) != 0:
                continue
            for j in range(count):
                if out[j] == q:
                    gi, gj = _find(group, i), _find(group, j)
                    if gi != gj:
                        group[max(gi, gj)] = min(gi, gj)
    roots = 0
    for i in range(count):
        if _find(group, i) == i:
            roots += 1
    if roots == 1:
        return count
    chosen = -1
    for i in range(count):  # the group direction (1, 1) points into
        p = out[i]
        base = offsets[p]
        n = offsets[p + 1] - base
        inside = True
        for k in range(n):
            u, w = verts[base + k], verts[base + (k + 1) % n]
            on_edge = orient(vx[u], vy[u], vx[w], vy[w], x, y) == 0
            if on_edge and (vx[w] - vx[u]) - (vy[w] - vy[u]) < 0.0:
                inside = False
        if inside:
            chosen = _find(group, i)
            break
    if chosen < 0:
        lowest = 0
        for i in range(count):
            if out[i] < out[lowest]:
                lowest = i
        chosen = _find(group, lowest)
    kept = 0
    for i in range(count):
        if _find(group, i) == chosen:
            out[kept] = out[i]
            kept += 1
    return kept


@njit(cache=True, nogil=True)
def locate_many(vx, vy, offsets, verts, adj, x0, y0, cell, nbx, nby, bucket_start,
                bucket_polys, points, max_fan):  # pragma: no cover - numba
    """:func:`locate` for every row of ``points`` (float64[N, 2]): (start int64[N + 1],
    polygons int32[...]) in CSR form; a row with no polygon is not in the mesh."""
    n = points.shape[0]
    start = np.zeros(n + 1, dtype=np.int64)
    polys = np.empty(n * 2 + 16, dtype=np.int32)
    out = np.empty(max_fan, dtype=np.int32)
    group = np.empty(max_fan, dtype=np.int64)
    used = 0
    for i in range(n):
        count = locate(vx, vy, offsets, verts, adj, x0, y0, cell, nbx, nby, bucket_start,
                       bucket_polys, points[i, 0], points[i, 1], out, group)
        count = max(count, 0)
        if used + count > polys.shape[0]:
            polys = grown(polys, used, 2 * polys.shape[0] + count)
        for k in range(count):
            polys[used + k] = out[k]
        used += count
        start[i + 1] = used
    return start, polys[:used].copy()
