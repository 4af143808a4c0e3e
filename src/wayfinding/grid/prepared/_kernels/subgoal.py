"""Kernels: simple subgoal graphs on 8-way grids without corner cutting.

After T. Uras, S. Koenig and C. Hernandez, "Subgoal Graphs for Optimal Pathfinding in
Eight-Neighbor Grids", ICAPS 2013. Every array is over the padded flat grid of
:class:`~wayfinding.grid.grid.FlatGrid` (a blocked border: no bounds checks).

* A *subgoal* is a free cell at the convex corner of an obstacle: for some diagonal
  direction the diagonal neighbour is blocked while both orthogonal neighbours are free.
  Taut shortest paths bend only at subgoals.
* ``clear[p, c]`` (cardinal direction ``c``; a cell's four side by side) counts the
  free non-subgoal cells one meets stepping from ``p`` in direction ``c`` before the
  first blocked cell or subgoal.
* :func:`direct_reachable` lists the subgoals *direct-h-reachable* from a cell: reachable
  by a path as short as the octile distance with no other subgoal in the way. It sweeps
  the eight areas between the cardinal and diagonal rays, each bounded by the clearances
  seen so far. Every subgoal found is reached from the origin by a *diagonal-first* path
  (diagonal steps, then straight steps), which is how edges are turned back into cells.

Directions: cardinal ``c`` = 0 E, 1 W, 2 N, 3 S; diagonal ``d`` = 0 NE, 1 NW, 2 SE, 3 SW,
whose components are ``DIAG_H[d]`` (0 E / 1 W) and ``DIAG_V[d]`` (2 N / 3 S).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ....hierarchy._kernels.common import grown

DIAG_H = (0, 1, 0, 1)
DIAG_V = (2, 2, 3, 3)


@njit(cache=True, nogil=True)
def find_subgoals(passable, stride):  # pragma: no cover - numba
    """``subgoal_id[p]``: the subgoal number of cell ``p`` (0, 1, ... in flat order), or -1.

    Returns ``(subgoal_id int32[n], cells int64[count])``.
    """
    n = passable.shape[0]
    subgoal_id = np.full(n, -1, dtype=np.int32)
    count = 0
    for p in range(stride, n - stride):
        if not passable[p]:
            continue
        for dh in (1, -1):
            for dv in (-stride, stride):
                if (subgoal_id[p] < 0 and not passable[p + dh + dv]
                        and passable[p + dh] and passable[p + dv]):
                    subgoal_id[p] = count
                    count += 1
    cells = np.empty(count, dtype=np.int64)
    for p in range(n):
        if subgoal_id[p] >= 0:
            cells[subgoal_id[p]] = p
    return subgoal_id, cells


@njit(cache=True, nogil=True)
def clearances(passable, subgoal_id, stride, height, dtype_max):  # pragma: no cover - numba
    """``clear[p, c]`` for the four cardinal directions (capped at ``dtype_max``)."""
    n = passable.shape[0]
    clear = np.zeros((n, 4), dtype=np.int32)
    rows = height + 2
    for y in range(1, rows - 1):
        base = y * stride
        run = 0
        for x in range(stride - 1, -1, -1):  # east: look right
            p = base + x
            clear[p, 0] = min(run, dtype_max)
            run = run + 1 if passable[p] and subgoal_id[p] < 0 else 0
        run = 0
        for x in range(stride):  # west: look left
            p = base + x
            clear[p, 1] = min(run, dtype_max)
            run = run + 1 if passable[p] and subgoal_id[p] < 0 else 0
    for x in range(1, stride - 1):
        run = 0
        for y in range(rows):  # north: look up
            p = y * stride + x
            clear[p, 2] = min(run, dtype_max)
            run = run + 1 if passable[p] and subgoal_id[p] < 0 else 0
        run = 0
        for y in range(rows - 1, -1, -1):  # south: look down
            p = y * stride + x
            clear[p, 3] = min(run, dtype_max)
            run = run + 1 if passable[p] and subgoal_id[p] < 0 else 0
    return clear


@njit(cache=True)
def _along(origin, cell, step, limit):  # pragma: no cover - numba
    """k in 1..limit with ``cell == origin + k * step``, else 0."""
    diff = cell - origin
    if step > 0:
        if diff <= 0 or diff % step != 0:
            return 0
        k = diff // step
    else:
        if diff >= 0 or diff % step != 0:
            return 0
        k = diff // step
    return k if k <= limit else 0


@njit(cache=True)
def direct_reachable(passable, subgoal_id, clear, stride, origin, target, out):
    """Subgoals direct-h-reachable from ``origin``; ``target`` (or -1) acts as a subgoal.

    Writes subgoal cells (flat indices) to ``out`` and returns ``(count, hit)``: ``hit``
    is True when ``target`` itself is direct-h-reachable (then ``count`` is meaningless:
    the octile path from ``origin`` to ``target`` is free and optimal). ``out`` must hold
    ``8 + 8 * (height + width)`` entries at least.
    """  # pragma: no cover - numba
    card = (1, -1, -stride, stride)
    count = 0
    if target == origin:
        return 0, True
    for c in range(4):
        step = card[c]
        reach = np.int64(clear[origin, c]) + 1
        if target >= 0 and _along(origin, target, step, reach) > 0:
            return 0, True
        stop = origin + reach * step
        if subgoal_id[stop] >= 0:
            out[count] = stop
            count += 1
    for d in range(4):
        ch = DIAG_H[d]
        cv = DIAG_V[d]
        h = card[ch]
        v = card[cv]
        bound_h = np.int64(clear[origin, ch])
        bound_v = np.int64(clear[origin, cv])
        current = origin
        while True:
            if not (passable[current + h] and passable[current + v]
                    and passable[current + h + v]):
                break
            current += h + v
            if current == target:
                return 0, True
            if subgoal_id[current] >= 0:
                out[count] = current
                count += 1
                break
            # sweep along both components from this diagonal cell, bounded by the
            # sweeps from the cells before it on the diagonal
            for side in range(2):
                comp = ch if side == 0 else cv
                step = h if side == 0 else v
                bound = bound_h if side == 0 else bound_v
                ext = np.int64(clear[current, comp])
                if target >= 0:
                    k = _along(current, target, step, ext + 1)
                    if k > 0 and k - 1 < bound:
                        return 0, True
                if ext < bound:
                    stop = current + (ext + 1) * step
                    if subgoal_id[stop] >= 0:
                        out[count] = stop
                        count += 1
                    if side == 0:
                        bound_h = ext
                    else:
                        bound_v = ext
    return count, False


@njit(cache=True, nogil=True)
def subgoal_edges(passable, subgoal_id, cells, clear, stride, height, width, stop):
    """Undirected edges ``(u, v)`` with ``u < v`` between direct-h-reachable subgoals,
    as keys ``u * n + v`` (``n`` subgoals).

    Returns ``keys`` (int64[m]): each edge's key, once or more; the caller sorts them and
    drops repeats (numpy's sort, rather than numba's compiled into this kernel). Returns
    early (with the edges found so far) once ``stop[0]`` is non-zero: another thread asks
    it to stop.
    """  # pragma: no cover - numba
    n_sub = cells.shape[0]
    out = np.empty(8 + 8 * (height + width + 4), dtype=np.int64)
    capacity = 16 * n_sub + 16
    keys = np.empty(capacity, dtype=np.int64)
    m = 0
    no_target = np.int64(-1)  # not the literal -1: one compiled direct_reachable, as queries
    for u in range(n_sub):
        if stop[0] != 0:
            break
        count, _ = direct_reachable(passable, subgoal_id, clear, stride, cells[u], no_target,
                                    out)
        for i in range(count):
            v = subgoal_id[out[i]]
            if v == u:
                continue
            if m == capacity:
                capacity *= 2
                keys = grown(keys, m, capacity)
            keys[m] = min(u, v) * n_sub + max(u, v)
            m += 1
    return keys[:m]
