"""The path of a finished mesh search: its points, from the node records (compiled)."""

from __future__ import annotations

from numba import njit

from .layout import NF_LX, NF_LY, NF_RX, NF_RY, NI_LA, NI_LB, NI_PARENT, NI_RA, NI_RB, NI_ROOT
from .polyanya import _px, _side


@njit(cache=True, nogil=True)
def trace(vx, vy, nodes_i, nodes_f, final, sx, sy, tx, ty, out):  # pragma: no cover - numba
    """The path of a found search as points into ``out`` (rows x, y; at least
    len(parents) + 3 rows); returns the number of points. ``final`` -2: start to goal."""
    if final == -2:
        out[0, 0], out[0, 1], out[1, 0], out[1, 1] = sx, sy, tx, ty
        return 2
    # the goal, and the interval end the path bends around when the goal is not in view
    count = 0
    out[count, 0], out[count, 1] = tx, ty
    count += 1
    root = nodes_i[final, NI_ROOT]
    qx, qy = _px(vx, sx, root), _px(vy, sy, root)
    lx, ly = nodes_f[final, NF_LX], nodes_f[final, NF_LY]
    rx, ry = nodes_f[final, NF_RX], nodes_f[final, NF_RY]
    if not ((qx == lx and qy == ly) or (qx == rx and qy == ry)):
        if _side(vx, vy, sx, sy, root, nodes_i[final, NI_LA], nodes_i[final, NI_LB], tx,
                 ty) > 0:
            if not (lx == tx and ly == ty):
                out[count, 0], out[count, 1] = lx, ly
                count += 1
        elif _side(vx, vy, sx, sy, root, nodes_i[final, NI_RA], nodes_i[final, NI_RB], tx,
                   ty) < 0 and not (rx == tx and ry == ty):
            out[count, 0], out[count, 1] = rx, ry
            count += 1
    node = final
    last = -3
    while node >= 0:
        r = nodes_i[node, NI_ROOT]
        if r != last:
            x, y = _px(vx, sx, r), _px(vy, sy, r)
            if not (x == out[count - 1, 0] and y == out[count - 1, 1]):
                out[count, 0], out[count, 1] = x, y
                count += 1
            last = r
        node = nodes_i[node, NI_PARENT]
    # reverse in place
    i, j = 0, count - 1
    while i < j:
        for c in range(2):
            t = out[i, c]
            out[i, c] = out[j, c]
            out[j, c] = t
        i += 1
        j -= 1
    return count
