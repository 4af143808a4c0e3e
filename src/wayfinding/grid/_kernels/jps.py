"""Kernels: jump point search on a padded flat grid of uniform cost.

Every kernel works on the padded ``passable`` array of
:class:`~wayfinding.grid.grid.FlatGrid` (a blocked border, so no bounds checks) and its
``stride``. A direction is a flat offset: ``h`` = +-1 (east/west), ``v`` = +-stride
(south/north), a diagonal is ``h + v``.

8-way, no corner cutting (a diagonal step needs both orthogonal cells free): the pruning
rules of Harabor & Grastien for this movement model ("Improving Jump Point Search",
ICAPS 2014). Diagonal moves come first in the canonical order; a straight scan stops at a
cell ``x`` when a side cell of ``x`` is free while the same side cell of the previous
cell is blocked (that side cell, and the diagonal towards it, are forced successors). A
diagonal scan stops where one of its two straight scans finds something.

4-way: the canonical ordering "horizontal before vertical" of Sturtevant & Rabin
("Canonical Orderings on Grids", IJCAI 2016). Horizontal scans play the role diagonal
scans play in 8-way (they spawn two vertical scans per cell); a vertical scan stops at a
cell with a free side cell whose counterpart beside the previous cell is blocked.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .jps_heap import heap_insert, heap_pop
from .jps_scan import jump_straight, scan_down, scan_up

FOUND = 0
EXHAUSTED = 1
HEAP_FULL = 2


@njit(cache=True, inline="always")
def jump_diagonal(passable, rows, cols, stride, x, y, dx, dy, gx, gy, targets, n):
    """8-way: every jump point the diagonal ray from ``(x, y)`` by ``(dx, dy)`` leads to.

    The ray goes on until a wall (or a corner) stops it; from each of its cells the two
    straight scans run, and what they find goes into ``targets`` directly, reached by a
    diagonal-first path (the intermediate cell is never put on the frontier: the
    "intermediate pruning" of Harabor & Grastien 2014). Returns the new count ``n``.
    """  # pragma: no cover - numba
    h = dx
    v = dy * stride
    current = y * stride + x
    goal = gy * stride + gx
    while True:
        if not (passable[current + h] and passable[current + v] and passable[current + h + v]):
            return n
        current += h + v
        x += dx
        y += dy
        if current == goal:
            targets[n] = current
            return n + 1
        goal_x = gx if gy == y else -1
        found = scan_up(rows, y, x, goal_x) if dx > 0 else scan_down(rows, y, x, goal_x)
        if found >= 0:
            targets[n] = y * stride + found
            n += 1
        goal_y = gy if gx == x else -1
        found = scan_up(cols, x, y, goal_y) if dy > 0 else scan_down(cols, x, y, goal_y)
        if found >= 0:
            targets[n] = found * stride + x
            n += 1


@njit(cache=True, inline="always")
def jump_horizontal4(passable, rows, cols, stride, x, y, dx, gx, gy, targets, n):
    """4-way: every jump point the horizontal ray from ``(x, y)`` by ``dx`` leads to.

    From each cell of the ray both vertical scans run; what they find goes into
    ``targets`` (reached horizontally first, then vertically). Returns the new count.
    """  # pragma: no cover - numba
    current = y * stride + x
    goal = gy * stride + gx
    while True:
        current += dx
        x += dx
        if not passable[current]:
            return n
        if current == goal:
            targets[n] = current
            return n + 1
        goal_y = gy if gx == x else -1
        found = scan_up(cols, x, y, goal_y)
        if found >= 0:
            targets[n] = found * stride + x
            n += 1
        found = scan_down(cols, x, y, goal_y)
        if found >= 0:
            targets[n] = found * stride + x
            n += 1


@njit(cache=True, inline="always")
def octile(dx, dy, straight, diagonal):  # pragma: no cover - numba
    """Octile distance of an offset ``(dx, dy)`` >= 0 (Manhattan when diagonal is 0)."""
    if diagonal == 0.0:
        return straight * (dx + dy)
    if dx < dy:
        return straight * (dy - dx) + diagonal * dx
    return straight * (dx - dy) + diagonal * dy


@njit(cache=True, inline="always")
def _sign(value):  # pragma: no cover - numba
    if value > 0:
        return 1
    if value < 0:
        return -1
    return 0


@njit(cache=True, inline="always")
def _successors(passable, rows, cols, stride, x, y, dh, dv, gx, gy, eight_way, targets):
    """Jump from ``(x, y)`` in every canonical or forced direction for the arrival
    direction ``(dh, dv)`` (``(0, 0)`` at the start); targets into ``targets``, count
    returned."""  # pragma: no cover - numba
    current = y * stride + x
    n = 0
    if eight_way:
        for k in range(8):
            if k < 4:
                h = (1, -1, 0, 0)[k]
                v = (0, 0, -1, 1)[k]
            else:
                h = (1, -1, 1, -1)[k - 4]
                v = (-1, -1, 1, 1)[k - 4]
            if dh != 0 or dv != 0:
                if dh != 0 and dv != 0:
                    # diagonal arrival: on diagonally, or along either component
                    if not ((h == dh and v == dv) or (h == dh and v == 0)
                            or (h == 0 and v == dv)):
                        continue
                elif dh != 0:
                    # horizontal arrival: ahead, or a forced side (and its diagonal)
                    if v == 0:
                        if h != dh:
                            continue
                    else:
                        if h == -dh:
                            continue
                        side = current + v * stride
                        if not (passable[side] and not passable[side - dh]):
                            continue
                else:
                    if h == 0:
                        if v != dv:
                            continue
                    else:
                        if v == -dv:
                            continue
                        side = current + h
                        if not (passable[side] and not passable[side - dv * stride]):
                            continue
            if h != 0 and v != 0:
                n = jump_diagonal(passable, rows, cols, stride, x, y, h, v, gx, gy,
                                  targets, n)
            else:
                target = jump_straight(rows, cols, stride, x, y, h, v, gx, gy)
                if target >= 0:
                    targets[n] = target
                    n += 1
    else:
        for k in range(4):
            h = (1, -1, 0, 0)[k]
            v = (0, 0, -1, 1)[k]
            if dh != 0:
                if h == -dh:  # horizontal arrival: ahead, or turn vertical (canonical)
                    continue
            elif dv != 0:
                if v == -dv:
                    continue
                if h != 0:
                    side = current + h
                    if not (passable[side] and not passable[side - dv * stride]):
                        continue
            if h != 0:
                n = jump_horizontal4(passable, rows, cols, stride, x, y, h, gx, gy, targets, n)
            else:
                target = jump_straight(rows, cols, stride, x, y, 0, v, gx, gy)
                if target >= 0:
                    targets[n] = target
                    n += 1
    return n


@njit(cache=True)
def jps_search(passable, rows, cols, stride, start, goal, straight, diagonal, eight_way,
               stamp, g, parent, touched, generation, heap_f, heap_g, heap_n):
    """A* over jump points from ``start`` to ``goal`` (flat indices).

    Inputs: ``passable`` (uint8), ``rows``/``cols`` (bitmaps of
    :func:`~wayfinding.grid._kernels.jps_scan.bitmaps`), ``stride``, step lengths
    ``straight``/``diagonal``, ``eight_way``. Workspace (see
    :mod:`wayfinding.grid.workspace`), read and written: ``stamp`` (int32: ``generation``
    when reached, ``-generation`` when expanded), ``g``, ``parent`` (int32), ``touched``
    (int32, receives each jump point reached once), heap arrays.

    Returns ``(status, expanded, n_touched)``; status ``FOUND``, ``EXHAUSTED`` or
    ``HEAP_FULL`` (grow the heap and run again).
    """  # pragma: no cover - numba
    capacity = heap_f.shape[0]
    gx = goal % stride
    gy = goal // stride
    n_touched = 0
    g[start] = 0.0
    parent[start] = -1
    stamp[start] = generation
    touched[n_touched] = start
    n_touched += 1
    size = heap_insert(heap_f, heap_g, heap_n, 0,
                       octile(abs(start % stride - gx), abs(start // stride - gy),
                              straight, diagonal), 0.0, start)
    targets = np.empty(16 + 8 * (passable.shape[0] // stride + stride), dtype=np.int64)
    expanded = 0
    while size > 0:
        _f, g_top, current, size = heap_pop(heap_f, heap_g, heap_n, size)
        if stamp[current] == -generation or g_top > g[current]:
            continue
        if current == goal:
            return FOUND, expanded, n_touched
        stamp[current] = -generation
        expanded += 1
        y = current // stride
        x = current - y * stride
        p = parent[current]
        if p < 0:
            dh = 0
            dv = 0
        else:
            py = p // stride
            ox = x - (p - py * stride)
            oy = y - py
            # the edge from p is diagonal-first (8-way) or horizontal-first (4-way):
            # it arrives along its last leg
            if eight_way:
                dh = _sign(ox) if abs(ox) >= abs(oy) else 0
                dv = _sign(oy) if abs(oy) >= abs(ox) else 0
            else:
                dh = _sign(ox) if oy == 0 else 0
                dv = _sign(oy)
        n_targets = _successors(passable, rows, cols, stride, x, y, dh, dv, gx, gy,
                                eight_way, targets)
        g_current = g[current]
        for k in range(n_targets):
            target = targets[k]
            if stamp[target] == -generation:
                continue
            ty = target // stride
            tx = target - ty * stride
            new_cost = g_current + octile(abs(tx - x), abs(ty - y), straight, diagonal)
            if stamp[target] != generation:
                stamp[target] = generation
                touched[n_touched] = target
                n_touched += 1
            elif new_cost >= g[target]:
                continue
            g[target] = new_cost
            parent[target] = current
            if size == capacity:
                return HEAP_FULL, expanded, n_touched
            size = heap_insert(heap_f, heap_g, heap_n, size,
                               new_cost + octile(abs(tx - gx), abs(ty - gy), straight,
                                                 diagonal), new_cost, target)
    return EXHAUSTED, expanded, n_touched


@njit(cache=True)
def interpolate(parent, goal, stride, eight_way):  # pragma: no cover - numba
    """Full cell path (flat indices, start first) along the jump points ending at ``goal``.

    An edge between jump points is diagonal-first (8-way: diagonal steps, then straight
    ones) or horizontal-first (4-way); its cells are filled in.
    """
    n_cells = 1
    node = goal
    while parent[node] >= 0:
        before = parent[node]
        dx = abs(node % stride - before % stride)
        dy = abs(node // stride - before // stride)
        n_cells += max(dx, dy) if eight_way else dx + dy
        node = before
    path = np.empty(n_cells, dtype=np.int64)
    position = n_cells - 1
    path[position] = goal
    node = goal
    while parent[node] >= 0:
        before = parent[node]
        # walk back from node to before: the last leg first
        sx = _sign(before % stride - node % stride)
        sy = _sign(before // stride - node // stride)
        ax = abs(before % stride - node % stride)
        ay = abs(before // stride - node // stride)
        if eight_way:
            n_diag = min(ax, ay)
            if ax > ay:
                leg, n_leg = sx, ax - ay
            else:
                leg, n_leg = sy * stride, ay - ax
            cell = node
            for _ in range(n_leg):
                cell += leg
                position -= 1
                path[position] = cell
            for _ in range(n_diag):
                cell += sx + sy * stride
                position -= 1
                path[position] = cell
        else:
            cell = node
            for _ in range(ay):
                cell += sy * stride
                position -= 1
                path[position] = cell
            for _ in range(ax):
                cell += sx
                position -= 1
                path[position] = cell
        node = before
    return path


@njit(cache=True)
def path_xy(path, stride):  # pragma: no cover - numba
    """Padded flat indices -> the unpadded ``x`` and ``y`` of each cell."""
    xs = np.empty(path.shape[0], dtype=np.int64)
    ys = np.empty(path.shape[0], dtype=np.int64)
    for i in range(path.shape[0]):
        y = path[i] // stride
        xs[i] = path[i] - y * stride - 1
        ys[i] = y - 1
    return xs, ys
