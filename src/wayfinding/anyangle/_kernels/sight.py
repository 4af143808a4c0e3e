"""Kernels: line of sight between cell centres, and string pulling along a path.

Line of sight (see :mod:`wayfinding.anyangle.lineofsight` for the definition) walks the
*supercover* of the segment between two cell centres in exact integer arithmetic: every
cell whose interior the segment crosses, in order, and at each grid corner the segment
passes exactly through, the corner rule of a diagonal step.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._kernels.codes import RULE_ALWAYS, RULE_NEVER


@njit(cache=True, nogil=True)
def sight(passable, costs, same_cost, stride, rule, a, b):  # pragma: no cover - numba
    """True when padded cells ``a`` and ``b`` see each other.

    Inputs: ``passable`` uint8[n], ``costs`` float64[n] (padded flat grid), ``same_cost``
    (also require every crossed cell to cost what ``a`` costs), ``stride``, ``rule``
    (``RULE_*``, for corners the segment passes exactly through), ``a`` and ``b``.
    """
    if passable[a] == 0:
        return False
    dx = b % stride - a % stride
    dy = b // stride - a // stride
    sx = 1 if dx > 0 else -1
    sy = stride if dy > 0 else -stride
    nx = abs(dx)
    ny = abs(dy)
    c0 = costs[a]
    cell = a
    ix = 0
    iy = 0
    while ix < nx or iy < ny:
        # compare where the segment crosses the next vertical and horizontal grid lines
        across = (1 + 2 * ix) * ny
        down = (1 + 2 * iy) * nx
        if across == down:  # exactly through a corner: a diagonal step
            if rule != RULE_ALWAYS:
                free_a = passable[cell + sx] != 0
                free_b = passable[cell + sy] != 0
                if rule == RULE_NEVER:
                    if not (free_a and free_b):
                        return False
                elif not (free_a or free_b):
                    return False
            cell += sx + sy
            ix += 1
            iy += 1
        elif across < down:
            cell += sx
            ix += 1
        else:
            cell += sy
            iy += 1
        if passable[cell] == 0:
            return False
        if same_cost and costs[cell] != c0:
            return False
    return True


@njit(cache=True, nogil=True)
def smooth(passable, costs, same_cost, stride, rule, cells):  # pragma: no cover - numba
    """String pulling: keep a point only where the line of sight from the last kept one fails.

    ``cells`` int64[m] is a chain of padded cells (each in sight of the next). Returns
    ``(kept, bad)``: the kept cells (first and last always) and -1, or an empty array and
    the index ``i`` of the first pair ``cells[i - 1], cells[i]`` not in sight of each other.
    """
    m = cells.shape[0]
    for i in range(1, m):  # np.bool_(False), not the literal: one compiled sight for all
        if not sight(passable, costs, np.bool_(False), stride, rule, cells[i - 1], cells[i]):
            return np.empty(0, np.int64), i
    if m > 0 and passable[cells[0]] == 0:
        return np.empty(0, np.int64), 0
    kept = np.empty(m, np.int64)
    if m == 0:
        return kept, -1
    kept[0] = cells[0]
    n_kept = 1
    anchor = cells[0]
    for i in range(1, m - 1):
        # straight from the anchor to cells[i + 1], past cells[i]? (with same_cost, the
        # stretch of path it replaces must cost the same too: cells[i] is the one cell of
        # it not yet checked, as the anchor or the end of an earlier segment)
        ahead = sight(passable, costs, same_cost, stride, rule, anchor, cells[i + 1])
        if not ahead or (same_cost and costs[cells[i]] != costs[anchor]):
            anchor = cells[i]
            kept[n_kept] = anchor
            n_kept += 1
    if m > 1:
        kept[n_kept] = cells[m - 1]
        n_kept += 1
    return kept[:n_kept], -1
