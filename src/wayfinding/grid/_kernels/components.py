"""Kernel: connected-component labels of a padded flat grid.

Inputs are the padded ``passable`` array of :class:`~wayfinding.grid.grid.FlatGrid`
(one blocked border cell on every side, so no bounds checks) and its ``stride``.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def label_components(passable, stride, diagonal_steps):  # pragma: no cover - numba
    """Label the connected components of the passable cells.

    Parameters (inputs)
    -------------------
    passable : uint8[n], nonzero where passable (padded flat grid): the terrain class code,
        and only cells of equal codes are joined (1 everywhere on a one-class grid).
    stride : int, row length of the padded grid.
    diagonal_steps : bool, also follow the four diagonal steps (without any corner check).

    Returns (outputs)
    -----------------
    labels : int32[n], component number per cell (0, 1, ... in row-major order of each
        component's first cell), -1 for walls and the border.
    count : int, the number of components.
    """
    n = passable.shape[0]
    labels = np.full(n, -1, dtype=np.int32)
    frontier = np.empty(n, dtype=np.int32)  # a stack: each cell is pushed at most once
    if diagonal_steps:
        offsets = np.array(
            [1, -1, -stride, stride, 1 - stride, -1 - stride, 1 + stride, stride - 1],
            dtype=np.int64,
        )
    else:
        offsets = np.array([1, -1, -stride, stride], dtype=np.int64)
    count = 0
    for seed in range(n):
        if passable[seed] == 0 or labels[seed] >= 0:
            continue
        labels[seed] = count
        top = 0
        frontier[top] = seed
        top += 1
        while top > 0:
            top -= 1
            current = frontier[top]
            code = passable[current]
            for k in range(offsets.shape[0]):
                nxt = current + offsets[k]
                if passable[nxt] == code and labels[nxt] < 0:
                    labels[nxt] = count
                    frontier[top] = nxt
                    top += 1
        count += 1
    return labels, count
