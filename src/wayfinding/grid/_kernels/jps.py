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

from .jps_heap import heap_pop, heap_push
from .jps_scan import jump_straight, scan_down, scan_up


@njit(cache=True)
def jump_diagonal(passable, rows, cols, stride, node, h, v, goal):  # pragma: no cover
    """8-way: first jump point from ``node`` moving diagonally by ``h + v``, or -1."""
    dy = 1 if v > 0 else -1
    y = node // stride
    x = node - y * stride
    gy = goal // stride
    gx = goal - gy * stride
    current = node
    while True:
        if not (passable[current + h] and passable[current + v] and passable[current + h + v]):
            return -1
        current += h + v
        x += h
        y += dy
        if current == goal:
            return current
        goal_x = gx if gy == y else -1
        found = scan_up(rows, y, x, goal_x) if h > 0 else scan_down(rows, y, x, goal_x)
        if found >= 0:
            return current
        goal_y = gy if gx == x else -1
        found = scan_up(cols, x, y, goal_y) if dy > 0 else scan_down(cols, x, y, goal_y)
        if found >= 0:
            return current


@njit(cache=True)
def jump_horizontal4(passable, rows, cols, stride, node, h, goal):  # pragma: no cover
    """4-way: first jump point from ``node`` moving by ``h`` = +-1, or -1 at a wall."""
    current = node + h
    while passable[current]:
        if current == goal:
            return current
        if jump_straight(rows, cols, stride, current, stride, goal) >= 0:
            return current
        if jump_straight(rows, cols, stride, current, -stride, goal) >= 0:
            return current
        current += h
    return -1


@njit(cache=True)
def octile(a, b, stride, straight, diagonal):  # pragma: no cover - numba
    """Octile distance between flat indices ``a`` and ``b`` (Manhattan when diagonal is 0)."""
    dx = abs(a % stride - b % stride)
    dy = abs(a // stride - b // stride)
    if diagonal == 0.0:
        return straight * (dx + dy)
    if dx < dy:
        return straight * (dy - dx) + diagonal * dx
    return straight * (dx - dy) + diagonal * dy


@njit(cache=True)
def _sign(value):  # pragma: no cover - numba
    if value > 0:
        return 1
    if value < 0:
        return -1
    return 0


@njit(cache=True)
def jps_search(passable, rows, cols, stride, start, goal, straight, diagonal, eight_way,
               g, parent, seen, closed, generation,
               heap_f, heap_g, heap_node, touched):  # pragma: no cover - numba
    """A* over jump points from ``start`` to ``goal``.

    Inputs: ``passable`` (uint8), ``rows``/``cols`` (bitmaps of
    :func:`~wayfinding.grid._kernels.jps_scan.bitmaps`), ``stride``, ``start``/``goal``
    (flat indices),
    ``straight``/``diagonal`` step lengths, ``eight_way``.
    Workspace (read and written): ``g`` (float64), ``parent`` (int64), ``seen`` and
    ``closed`` (int64 generation stamps: entry == ``generation`` means set in this
    search), heap arrays, ``touched`` (int64, receives every jump point reached).

    Returns ``(found, expanded, n_touched, heap_f, heap_g, heap_node, touched)``; the
    arrays are new when they had to grow.
    """
    size = 0
    n_touched = 0
    g[start] = 0.0
    parent[start] = -1
    seen[start] = generation
    touched[n_touched] = start
    n_touched += 1
    heap_f, heap_g, heap_node, size = heap_push(
        heap_f, heap_g, heap_node, size,
        octile(start, goal, stride, straight, diagonal), 0.0, start)
    targets = np.empty(8, dtype=np.int64)
    lengths = np.empty(8, dtype=np.float64)
    expanded = 0
    while size > 0:
        _f_top, g_top, current, size = heap_pop(heap_f, heap_g, heap_node, size)
        if closed[current] == generation or g_top > g[current]:
            continue
        if current == goal:
            return True, expanded, n_touched, heap_f, heap_g, heap_node, touched
        closed[current] = generation
        expanded += 1
        # ---- successors: jump in every canonical or forced direction
        n_targets = 0
        p = parent[current]
        if eight_way:
            if p < 0:
                dh = 0
                dv = 0
            else:
                dh = _sign(current % stride - p % stride)
                dv = _sign(current // stride - p // stride) * stride
            for k in range(8):
                # candidate directions, filtered below
                if k < 4:
                    h = (1, -1, 0, 0)[k]
                    v = (0, 0, -stride, stride)[k]
                else:
                    h = (1, -1, 1, -1)[k - 4]
                    v = (-stride, -stride, stride, stride)[k - 4]
                if p >= 0:
                    if dh != 0 and dv != 0:
                        # diagonal arrival: continue diagonally or along either component
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
                            if not (passable[current + v]
                                    and not passable[current - dh + v]):
                                continue
                    else:
                        if h == 0:
                            if v != dv:
                                continue
                        else:
                            if v == -dv:
                                continue
                            if not (passable[current + h]
                                    and not passable[current + h - dv]):
                                continue
                if h != 0 and v != 0:
                    target = jump_diagonal(passable, rows, cols, stride, current, h, v, goal)
                    if target >= 0:
                        steps = abs(target % stride - current % stride)
                        targets[n_targets] = target
                        lengths[n_targets] = steps * diagonal
                        n_targets += 1
                else:
                    step = h + v
                    target = jump_straight(rows, cols, stride, current, step, goal)
                    if target >= 0:
                        steps = (target - current) // step
                        targets[n_targets] = target
                        lengths[n_targets] = steps * straight
                        n_targets += 1
        else:
            if p < 0:
                dh = 0
                dv = 0
            else:
                dh = _sign(current % stride - p % stride)
                dv = _sign(current // stride - p // stride) * stride
            for k in range(4):
                h = (1, -1, 0, 0)[k]
                v = (0, 0, -stride, stride)[k]
                if p >= 0:
                    if dh != 0:
                        # horizontal arrival: ahead, or turn vertical (canonical)
                        if h == -dh:
                            continue
                    else:
                        if v == -dv:
                            continue
                        if h != 0 and not (passable[current + h]
                                           and not passable[current + h - dv]):
                            continue
                if h != 0:
                    target = jump_horizontal4(passable, rows, cols, stride, current, h, goal)
                    if target >= 0:
                        targets[n_targets] = target
                        lengths[n_targets] = abs(target - current) * straight
                        n_targets += 1
                else:
                    target = jump_straight(rows, cols, stride, current, v, goal)
                    if target >= 0:
                        targets[n_targets] = target
                        lengths[n_targets] = ((target - current) // v) * straight
                        n_targets += 1
        g_current = g[current]
        for k in range(n_targets):
            target = targets[k]
            if closed[target] == generation:
                continue
            new_cost = g_current + lengths[k]
            if seen[target] != generation:
                seen[target] = generation
                if n_touched == touched.shape[0]:
                    grown = np.empty(2 * touched.shape[0], dtype=np.int64)
                    grown[:n_touched] = touched
                    touched = grown
                touched[n_touched] = target
                n_touched += 1
            elif new_cost >= g[target]:
                continue
            g[target] = new_cost
            parent[target] = current
            heap_f, heap_g, heap_node, size = heap_push(
                heap_f, heap_g, heap_node, size,
                new_cost + octile(target, goal, stride, straight, diagonal), new_cost, target)
    return False, expanded, n_touched, heap_f, heap_g, heap_node, touched


@njit(cache=True)
def interpolate(parent, goal, stride):  # pragma: no cover - numba
    """Full cell path (flat indices, start first) along the jump points ending at ``goal``.

    Consecutive jump points lie on one straight or diagonal line; the cells between them
    are filled in.
    """
    # count the cells first
    n_cells = 1
    node = goal
    while parent[node] >= 0:
        before = parent[node]
        dx = abs(node % stride - before % stride)
        dy = abs(node // stride - before // stride)
        n_cells += max(dx, dy)
        node = before
    path = np.empty(n_cells, dtype=np.int64)
    position = n_cells - 1
    path[position] = goal
    node = goal
    while parent[node] >= 0:
        before = parent[node]
        step = _sign(before % stride - node % stride) + _sign(
            before // stride - node // stride) * stride
        cell = node
        while cell != before:
            cell += step
            position -= 1
            path[position] = cell
        node = before
    return path
