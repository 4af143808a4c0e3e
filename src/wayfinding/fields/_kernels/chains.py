"""Kernel: walk a field's parent links, naming the cells no path has named yet."""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["first_cycle", "follow_parents"]


@njit(cache=True, nogil=True)
def follow_parents(parent, cell, limit, named):  # pragma: no cover - numba
    """Padded cells from ``cell`` along ``parent`` links to a root (parent -1).

    Returns ``(cells, fresh)``: the int64 cells starting at ``cell`` (empty when more
    than ``limit`` links are followed: a cycle, corrupt data), and those of them whose
    ``named`` flag was still 0 (the flag is set for them: the caller names them now).
    """
    length = 0
    n_fresh = 0
    v = cell
    while v >= 0:
        length += 1
        if named[v] == 0:
            n_fresh += 1
        if length > limit:
            return np.empty(0, np.int64), np.empty(0, np.int64)
        v = parent[v]
    cells = np.empty(length, np.int64)
    fresh = np.empty(n_fresh, np.int64)
    v = cell
    j = 0
    for i in range(length):
        cells[i] = v
        if named[v] == 0:
            named[v] = 1
            fresh[j] = v
            j += 1
        v = parent[v]
    return cells, fresh


@njit(cache=True, nogil=True)
def first_cycle(parent):  # pragma: no cover - numba
    """The first cell (in index order) whose ``parent`` links (-1: a root; every other
    value a cell) come back to a cell they passed, or -1 when every chain ends at a root.

    O(cells) steps and one byte of state per cell: each chain is walked once to its end
    and once more to mark it as leading to a root.
    """
    state = np.zeros(parent.shape[0], np.uint8)  # 1: on the walk, 2: leads to a root
    for cell in range(parent.shape[0]):
        v = cell
        while v >= 0 and state[v] == 0:
            state[v] = 1
            v = parent[v]
        if v >= 0 and state[v] == 1:
            return cell
        v = cell
        while v >= 0 and state[v] == 1:
            state[v] = 2
            v = parent[v]
    return -1
