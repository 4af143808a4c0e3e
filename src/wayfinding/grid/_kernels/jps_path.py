"""Kernels: the cell path of a jump point search, from its parents' chain.

An edge between jump points is diagonal-first (8-way: diagonal steps, then straight
ones) or horizontal-first (4-way); :func:`fill_path` fills in its cells.

Examples
--------
>>> import numpy as np
>>> parent = np.full(30, -1, np.int64); parent[19] = 6     # (1, 1) -> (4, 3), stride 5
>>> interpolate(parent, 19, 5, True).tolist()
[6, 12, 18, 19]
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .jps_scan import sign


@njit(cache=True)
def interpolate(parent, goal, stride, eight_way):  # pragma: no cover - numba
    """Full cell path (flat indices, start first) along the jump points ending at ``goal``.

    An edge between jump points is diagonal-first (8-way: diagonal steps, then straight
    ones) or horizontal-first (4-way); its cells are filled in.
    """
    path = np.empty(path_length(parent, goal, stride, eight_way), dtype=np.int64)
    fill_path(parent, goal, stride, eight_way, path)
    return path


@njit(cache=True, inline="always")
def path_length(parent, goal, stride, eight_way):  # pragma: no cover - numba
    """Cells on the path along the jump points ending at ``goal``, both ends included."""
    n_cells = 1
    node = goal
    while parent[node] >= 0:
        before = parent[node]
        dx = abs(node % stride - before % stride)
        dy = abs(node // stride - before // stride)
        n_cells += max(dx, dy) if eight_way else dx + dy
        node = before
    return n_cells


@njit(cache=True, inline="always")
def fill_path(parent, goal, stride, eight_way, path):  # pragma: no cover - numba
    """Write the :func:`path_length` cells of the path ending at ``goal`` into ``path``."""
    position = path_length(parent, goal, stride, eight_way) - 1
    path[position] = goal
    node = goal
    while parent[node] >= 0:
        before = parent[node]
        # walk back from node to before: the last leg first
        sx = sign(before % stride - node % stride)
        sy = sign(before // stride - node // stride)
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
