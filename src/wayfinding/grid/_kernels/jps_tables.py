"""Kernel: the jump tables of JPS+ (``PrepareMethod.JPS_PLUS``), from the scan bitmaps.

Jump point search spends its time in scans: a straight scan reads the stop bits of
:mod:`.jps_scan` one word per 64 cells, and a diagonal ray steps cell by cell, running
two straight scans from each cell. JPS+ (S. Rabin and F. Silva, "JPS+: An Extreme A*
Speed Optimization for Static Uniform Cost Grids", Game AI Pro 2, 2015) stores their
outcome per cell and direction, so a query reads one entry instead:

* ``stops[k, cell]`` for the straight directions ``k`` of :func:`.jps.jps_search` (0 east,
  1 west, 2 north, 3 south): where a straight scan from ``cell`` stops (the padded ``x``
  on a row, ``y`` on a column): a wall, or an open cell with a forced neighbour. It is
  the scan's own answer (the first stop bit past the cell).
* ``jumps[k - 4, cell]`` for the diagonal directions (4 north-east, 5 north-west, 6
  south-east, 7 south-west): the number of diagonal steps from ``cell`` to the first cell
  of the ray whose row scan (in the ray's horizontal direction) or column scan (its
  vertical direction) stops at an open cell, that is finds a jump point; when no such
  cell comes before the ray is blocked, minus the number of steps it can take.

8-way grids without corner cutting (a diagonal step needs both orthogonal cells free).

Examples
--------
>>> import numpy as np
>>> from .jps_scan import bitmaps
>>> passable = np.zeros((4, 5), np.uint8); passable[1:3, 1:4] = 1   # 3x2 open
>>> stops, jumps = jump_tables(passable.ravel(), bitmaps(passable), 5)
>>> int(stops[0, 6]), int(stops[1, 8]), int(jumps[2, 6]), int(jumps[0, 11])
(4, 0, -1, -1)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .jps_scan import scan


@njit(cache=True, nogil=True)
def jump_tables(passable, bits, stride):  # pragma: no cover - numba
    """``(stops, jumps)``, int32[4, n] each, of the padded flat grid ``passable`` (module
    doc); entries of walls are left 0."""
    n = passable.shape[0]
    rows = n // stride
    stops = np.zeros((4, n), dtype=np.int32)
    jumps = np.zeros((4, n), dtype=np.int32)
    for cell in range(n):
        if not passable[cell]:
            continue
        y = cell // stride
        x = cell - y * stride
        stops[0, cell] = scan(bits, y, x, 1)
        stops[1, cell] = scan(bits, y, x, -1)
        stops[2, cell] = scan(bits, rows + x, y, -1)
        stops[3, cell] = scan(bits, rows + x, y, 1)
    for k in range(4):
        h = (1, -1, 1, -1)[k]
        v = (-1, -1, 1, 1)[k]
        row_k = 0 if h > 0 else 1
        col_k = 2 if v < 0 else 3
        # a cell's entry depends on the next cell of its ray: rows in the ray's order
        for r in range(rows):
            y = r if v < 0 else rows - 1 - r
            for x in range(stride):
                cell = y * stride + x
                if not passable[cell]:
                    continue
                if not (passable[cell + h] and passable[cell + v * stride]
                        and passable[cell + h + v * stride]):
                    jumps[k, cell] = 0
                    continue
                nxt = cell + h + v * stride
                ny = y + v
                nx = x + h
                if (passable[ny * stride + stops[row_k, nxt]]
                        or passable[stops[col_k, nxt] * stride + nx]):
                    jumps[k, cell] = 1
                elif jumps[k, nxt] > 0:
                    jumps[k, cell] = jumps[k, nxt] + 1
                else:
                    jumps[k, cell] = jumps[k, nxt] - 1
    return stops, jumps


@njit(cache=True, inline="always")
def plus_ray(passable, stops, jumps, stride, current, x, y, gx, gy, goal, k, h, v,
              targets, n_targets):  # pragma: no cover - numba
    """The targets of the ray in direction ``k`` (``h``, ``v``) from ``current`` at
    ``(x, y)``, appended to ``targets``: what the scans of the jps search find, from the
    JPS+ tables. Returns the new ``n_targets``. Written out: the same through a helper
    per scan (inlined) was slower (``benchmarks/NOTES.md``, "Jump point search")."""
    if k < 4:  # straight: where the scan stops, or the goal before that
        stop = stops[k, current]
        if v == 0:
            ahead = (x < gx <= stop) if h > 0 else (stop <= gx < x)
            if gy == y and ahead:
                targets[n_targets] = goal
                return n_targets + 1
            cell = y * stride + stop
        else:
            ahead = (y < gy <= stop) if v > 0 else (stop <= gy < y)
            if gx == x and ahead:
                targets[n_targets] = goal
                return n_targets + 1
            cell = stop * stride + x
        if passable[cell]:
            targets[n_targets] = cell
            n_targets += 1
        return n_targets
    # diagonal: from jump to jump (cells whose straight scans find a jump point), and
    # the goal from the step that lines the ray up with it
    kd = k - 4
    row_k = 0 if h > 0 else 1
    col_k = 2 if v < 0 else 3
    step = h + v * stride
    dx = gx - x
    dy = gy - y
    aligned = -1  # the step whose cell shares a row or a column with the goal
    if (dx > 0) == (h > 0) and (dy > 0) == (v > 0) and dx != 0 and dy != 0:
        aligned = min(abs(dx), abs(dy))
    steps = 0
    cell = current
    while True:
        j = jumps[kd, cell]
        span = j if j > 0 else -j
        if steps < aligned and (aligned < steps + span or (aligned == steps + span
                                                          and j <= 0)):
            # the goal's row or column is crossed between jumps: straight on to it?
            a = cell + (aligned - steps) * step
            if a == goal:
                targets[n_targets] = goal
                return n_targets + 1
            if y + aligned * v == gy:
                stop = stops[row_k, a]
                reach = gx <= stop if h > 0 else gx >= stop
            else:
                stop = stops[col_k, a]
                reach = gy <= stop if v > 0 else gy >= stop
            if reach:
                targets[n_targets] = goal
                n_targets += 1
            aligned = -1
        if j <= 0:
            return n_targets
        cell += j * step
        steps += j
        if cell == goal:
            targets[n_targets] = goal
            return n_targets + 1
        cx = x + steps * h
        cy = y + steps * v
        stop = stops[row_k, cell]
        if cy == gy and ((cx < gx <= stop) if h > 0 else (stop <= gx < cx)):
            targets[n_targets] = goal
            n_targets += 1
        elif passable[cy * stride + stop]:
            targets[n_targets] = cy * stride + stop
            n_targets += 1
        stop = stops[col_k, cell]
        if cx == gx and ((cy < gy <= stop) if v > 0 else (stop <= gy < cy)):
            targets[n_targets] = goal
            n_targets += 1
        elif passable[stop * stride + cx]:
            targets[n_targets] = stop * stride + cx
            n_targets += 1
