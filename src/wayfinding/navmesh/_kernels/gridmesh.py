"""The rectangle mesh of a grid's open cells (compiled).

:func:`rectangles` covers the open cells with rectangles: runs of open cells in each row,
stacked while the next row has a run with the same ends, then rectangles of the same
rows side by side joined. :func:`assemble` turns them into a conforming mesh: every
rectangle corner is a vertex, and every vertex on a rectangle's side (where a smaller
neighbour ends: a T-junction) is a vertex of that rectangle too, so each edge is shared
whole by the two polygons on its sides.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def rectangles(open_cells):  # pragma: no cover - numba
    """(rects int64[R, 4] as x0, y0, x1, y1 (ends exclusive), cell_rect int32[H, W])."""
    h, w = open_cells.shape
    cell_rect = np.full((h, w), -1, dtype=np.int32)
    rects = np.empty((max(1, (h * w + 1) // 2 + h), 4), dtype=np.int64)
    count = 0
    above = np.full(w + 1, -1, dtype=np.int64)  # rect whose run starts at x in the last row
    here = np.full(w + 1, -1, dtype=np.int64)
    for y in range(h):
        x = 0
        while x < w:
            if not open_cells[y, x]:
                x += 1
                continue
            x0 = x
            while x < w and open_cells[y, x]:
                x += 1
            r = above[x0]
            if r >= 0 and rects[r, 2] == x and rects[r, 3] == y:
                rects[r, 3] = y + 1
            else:
                r = count
                rects[r, 0], rects[r, 1], rects[r, 2], rects[r, 3] = x0, y, x, y + 1
                count += 1
            here[x0] = r
            for c in range(x0, x):
                cell_rect[y, c] = r
        for c in range(w + 1):
            above[c] = here[c]
            here[c] = -1
    # join rectangles of the same rows that touch side by side
    alive = np.ones(count, dtype=np.bool_)
    for r in range(count):
        if not alive[r]:
            continue
        while rects[r, 2] < w:
            nb = cell_rect[rects[r, 1], rects[r, 2]]
            if nb < 0 or nb == r or rects[nb, 1] != rects[r, 1] or rects[nb, 3] != rects[r, 3]:
                break
            for y in range(rects[nb, 1], rects[nb, 3]):
                for x in range(rects[nb, 0], rects[nb, 2]):
                    cell_rect[y, x] = r
            rects[r, 2] = rects[nb, 2]
            alive[nb] = False
    number = np.full(count, -1, dtype=np.int32)
    live = 0
    for r in range(count):
        if alive[r]:
            number[r] = live
            rects[live] = rects[r]
            live += 1
    for y in range(h):
        for x in range(w):
            if cell_rect[y, x] >= 0:
                cell_rect[y, x] = number[cell_rect[y, x]]
    return rects[:live].copy(), cell_rect


@njit(cache=True, nogil=True, inline="always")
def _cell(cell_rect, x, y):  # pragma: no cover - numba
    h, w = cell_rect.shape
    if x < 0 or y < 0 or x >= w or y >= h:
        return -1
    return cell_rect[y, x]


@njit(cache=True, nogil=True)
def assemble(rects, cell_rect):  # pragma: no cover - numba
    """(vertices float64[V, 2], offsets int64[R + 1], polygon vertices int64[M],
    neighbours int64[M]) of the rectangles, counter-clockwise with y as it is."""
    h, w = cell_rect.shape
    vid = np.full((h + 1, w + 1), -1, dtype=np.int64)
    nv = 0
    for r in range(rects.shape[0]):
        for cx in (rects[r, 0], rects[r, 2]):
            for cy in (rects[r, 1], rects[r, 3]):
                if vid[cy, cx] < 0:
                    vid[cy, cx] = nv
                    nv += 1
    vertices = np.empty((nv, 2))
    for y in range(h + 1):
        for x in range(w + 1):
            if vid[y, x] >= 0:
                vertices[vid[y, x], 0] = x
                vertices[vid[y, x], 1] = y
    offsets = np.zeros(rects.shape[0] + 1, dtype=np.int64)
    for r in range(rects.shape[0]):
        x0, y0, x1, y1 = rects[r, 0], rects[r, 1], rects[r, 2], rects[r, 3]
        k = 0
        for x in range(x0, x1):
            k += vid[y0, x] >= 0
        for y in range(y0, y1):
            k += vid[y, x1] >= 0
        for x in range(x1, x0, -1):
            k += vid[y1, x] >= 0
        for y in range(y1, y0, -1):
            k += vid[y, x0] >= 0
        offsets[r + 1] = offsets[r] + k
    flat = np.empty(offsets[-1], dtype=np.int64)
    adj = np.empty(offsets[-1], dtype=np.int64)
    for r in range(rects.shape[0]):
        x0, y0, x1, y1 = rects[r, 0], rects[r, 1], rects[r, 2], rects[r, 3]
        k = offsets[r]
        for x in range(x0, x1):  # top side, left to right: the cells above
            if vid[y0, x] >= 0:
                flat[k], adj[k] = vid[y0, x], _cell(cell_rect, x, y0 - 1)
                k += 1
        for y in range(y0, y1):  # right side, downwards (y grows): the cells right
            if vid[y, x1] >= 0:
                flat[k], adj[k] = vid[y, x1], _cell(cell_rect, x1, y)
                k += 1
        for x in range(x1, x0, -1):  # bottom side, right to left: the cells below
            if vid[y1, x] >= 0:
                flat[k] = vid[y1, x]
                k += 1
        for y in range(y1, y0, -1):  # left side, upwards: the cells left
            if vid[y, x0] >= 0:
                flat[k] = vid[y, x0]
                k += 1
        # bottom and left neighbours: the cell just before the next vertex
        base, n = offsets[r], offsets[r + 1] - offsets[r]
        for j in range(n):
            v, u = flat[base + j], flat[base + (j + 1) % n]
            vx, vy, ux, uy = vertices[v, 0], vertices[v, 1], vertices[u, 0], vertices[u, 1]
            if vy == y1 and uy == y1 and ux < vx:
                adj[base + j] = _cell(cell_rect, int(ux), y1)
            elif vx == x0 and ux == x0 and uy < vy:
                adj[base + j] = _cell(cell_rect, x0 - 1, int(uy))
    return vertices, offsets, flat, adj
