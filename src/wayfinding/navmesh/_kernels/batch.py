"""Many mesh queries in one compiled loop: the single query's kernels, query after query."""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..._kernels.codes import (
    BATCH_DONE,
    BATCH_HEAP_FULL,
    BATCH_PATH_FULL,
    STATUS_FOUND,
    STATUS_HEAP_FULL,
)
from .._layout import M_EXPANDED, M_FINAL, NF_F, NI_PARENT
from .locate import locate
from .polyanya import run, start_search, trace

#: No cap on a query's pops, as an int64 (a literal ``2**62`` argument would compile a
#: second copy of :func:`~.polyanya.run` beside the one Python's slices call).
NO_LIMIT = np.int64(2**62)


@njit(cache=True, nogil=True)
def batch(vx, vy, offsets, verts, adj, corner, dead_end, max_sides, points_s, s_start,
          s_polys, points_t, t_start, t_polys, first, last, goal_mark, stamp, best_g,
          best_parent, touched, state, heap_f, heap_g, heap_item, nodes_i, nodes_f, costs,
          lengths, expanded, found, path, used):  # pragma: no cover - numba
    """Queries ``first..last-1`` (located: ``s_polys[s_start[i]:s_start[i + 1]]``...);
    writes costs, path lengths, expansions, found, and the paths' points after row
    ``used`` of ``path``. Returns (BATCH_DONE, last, used), or (BATCH_HEAP_FULL /
    BATCH_PATH_FULL, i, used): grow that buffer and call again from query i."""
    for i in range(first, last):
        sx, sy = points_s[i, 0], points_s[i, 1]
        tx, ty = points_t[i, 0], points_t[i, 1]
        a, b = s_start[i], s_start[i + 1]
        c, d = t_start[i], t_start[i + 1]
        status = start_search(vx, vy, offsets, verts, adj, dead_end, s_polys[a:b], b - a,
                              t_polys[c:d], d - c, goal_mark, state, heap_f, heap_g,
                              heap_item, nodes_i, nodes_f, sx, sy, tx, ty)
        if status == STATUS_HEAP_FULL:
            return BATCH_HEAP_FULL, i, used
        if status != STATUS_FOUND:
            status = run(vx, vy, offsets, verts, adj, corner, dead_end, max_sides, goal_mark,
                         stamp, best_g, best_parent, touched, state, heap_f, heap_g,
                         heap_item, nodes_i, nodes_f, sx, sy, tx, ty, NO_LIMIT, math.inf)
            if status == STATUS_HEAP_FULL:
                return BATCH_HEAP_FULL, i, used
        expanded[i] = state[M_EXPANDED]
        if status != STATUS_FOUND:
            costs[i], lengths[i], found[i] = math.inf, 0, False
            continue
        final = state[M_FINAL]
        need = 4
        node = final
        while node >= 0:  # at most one point per node on the chain back to the start
            need += 1
            node = nodes_i[node, NI_PARENT]
        if used + need > path.shape[0]:
            return BATCH_PATH_FULL, i, used
        count = trace(vx, vy, nodes_i, nodes_f, final, sx, sy, tx, ty, path[used:])
        used += count
        lengths[i] = count
        found[i] = True
        if final == -2:
            costs[i] = math.sqrt((tx - sx) ** 2 + (ty - sy) ** 2)
        else:
            costs[i] = nodes_f[final, NF_F]
    return BATCH_DONE, last, used


@njit(cache=True, nogil=True)
def single(vx, vy, offsets, verts, adj, corner, dead_end, max_sides, x0, y0, cell, nbx,
           nby, bucket_start, bucket_polys, sx, sy, tx, ty, fan_s, fan_t, group, goal_mark,
           stamp, best_g, best_parent, touched, state, heap_f, heap_g, heap_item, nodes_i,
           nodes_f, path):  # pragma: no cover - numba
    """One whole query in one call (the common case without budgets): locate both
    points, search, trace. Returns (status, points on the path): status -1 or -2 when
    the start or goal is not in the mesh, STATUS_HEAP_FULL (grow, call again),
    BATCH_PATH_FULL as -3 (a larger ``path``), else the search's status."""
    n_s = locate(vx, vy, offsets, verts, adj, x0, y0, cell, nbx, nby, bucket_start,
                 bucket_polys, sx, sy, fan_s, group)
    if n_s <= 0:
        return -1, 0
    n_t = locate(vx, vy, offsets, verts, adj, x0, y0, cell, nbx, nby, bucket_start,
                 bucket_polys, tx, ty, fan_t, group)
    if n_t <= 0:
        return -2, 0
    status = start_search(vx, vy, offsets, verts, adj, dead_end, fan_s, n_s, fan_t, n_t,
                          goal_mark, state, heap_f, heap_g, heap_item, nodes_i, nodes_f, sx,
                          sy, tx, ty)
    if status == STATUS_HEAP_FULL:
        return status, 0
    if status != STATUS_FOUND:
        status = run(vx, vy, offsets, verts, adj, corner, dead_end, max_sides, goal_mark,
                     stamp, best_g, best_parent, touched, state, heap_f, heap_g, heap_item,
                     nodes_i, nodes_f, sx, sy, tx, ty, NO_LIMIT, math.inf)
    if status != STATUS_FOUND:
        return status, 0
    final = state[M_FINAL]
    need = 4
    node = final
    while node >= 0:
        need += 1
        node = nodes_i[node, NI_PARENT]
    if need > path.shape[0]:
        return -3, need
    return status, trace(vx, vy, nodes_i, nodes_f, final, sx, sy, tx, ty, path)
