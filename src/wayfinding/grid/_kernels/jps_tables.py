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

from .jps_scan import highest_bit, lowest_bit

_ALL = ~np.uint64(0)


@njit(cache=True, inline="always")
def scan(bits, line, pos0, d):  # pragma: no cover - numba
    """Where a straight scan of ``line`` from ``pos0`` in direction ``d`` stops: the first
    stop bit past ``pos0`` (:mod:`.jps_scan`), one word per 64 cells."""
    if d > 0:
        at = pos0 + 65
        w = at >> 6
        word = bits[1, line, w] & (_ALL << np.uint64(at & 63))
        while word == 0:
            w += 1
            word = bits[1, line, w]
        return (w << 6) + lowest_bit(word) - 64
    at = pos0 + 63
    w = at >> 6
    word = bits[2, line, w] & (_ALL >> np.uint64(63 - (at & 63)))
    while word == 0:
        w -= 1
        word = bits[2, line, w]
    return (w << 6) + highest_bit(word) - 64


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
