"""Kernel: copy a finished grid search out of its workspace (for BFS and best-first alike).

Only the cells the search reached are copied (``touched`` lists them), never the whole
grid, so a result costs O(cells reached) however big the grid and the workspace are.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def extract(g, parent, touched, n_touched, end, stride):  # pragma: no cover - numba
    """Copy a finished search out of its workspace: O(reached cells), never O(grid).

    Returns ``(path, cells, cell_g, cell_parent)``: the path from a start to ``end`` as
    int64[2, L] unpadded x and y rows (L = 0 when ``end`` is -1), and compact copies of the
    reached cells (padded flat indices), their g and their parent cells (-1 for starts).
    """
    cells = touched[:n_touched].copy()
    cell_g = np.empty(n_touched, np.float64)
    cell_parent = np.empty(n_touched, np.int32)
    for i in range(n_touched):
        v = cells[i]
        cell_g[i] = g[v]
        cell_parent[i] = parent[v]
    length = 0
    v = end
    while v >= 0:
        length += 1
        v = parent[v]
    path = np.empty((2, length), np.int64)
    v = end
    i = length - 1
    while v >= 0:
        path[0, i] = v % stride - 1
        path[1, i] = v // stride - 1
        i -= 1
        v = parent[v]
    return path, cells, cell_g, cell_parent
