"""Kernel: the level of each node of a contraction hierarchy (0 for a node with no arc to
a node contracted before it, else one more than the highest such neighbour's level).

An arc always joins nodes of different levels, the higher level contracted later, so
numbering nodes by level (highest first) keeps every arc pointing the way the rank
order does: :func:`~wayfinding.hierarchy.directed.build_directed` numbers them so, and
within a level by position in the graph's locality layout, so that a query's nodes near
each other in the graph are near in memory.

Examples
--------
>>> import numpy as np
>>> rank = np.array([0, 1, 2])  # a path 0 - 1 - 2 contracted in node order
>>> node_levels(3, rank, np.array([0, 1]), np.array([1, 2]), np.zeros(3, np.bool_)).tolist()
[0, 1, 2]
>>> [a.tolist() for a in grouped(np.array([2, 0, 2, 1]), 3)]
[[0, 1, 2, 4], [1, 3, 0, 2]]
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def node_levels(n, rank, tail, head, in_core):  # pragma: no cover - numba
    """``level[v]`` (int64) of every node, ``rank[v]`` its position in the contraction
    order; arcs ``tail[i] - head[i]`` (either way) between two nodes of the core
    (``in_core``) are skipped, and the core is one level above every other node."""
    m = tail.shape[0]
    low_rank = np.empty(m, dtype=np.int64)
    for i in range(m):
        low_rank[i] = min(rank[tail[i]], rank[head[i]])
    level = np.zeros(n, dtype=np.int64)
    _start, by_low = grouped(low_rank, n)
    for i in by_low:  # an arc after every arc into its lower end
        a = tail[i]
        b = head[i]
        if in_core[a] and in_core[b]:
            continue
        if rank[a] > rank[b]:
            a, b = b, a
        if level[a] + 1 > level[b]:
            level[b] = level[a] + 1
    top = 0
    for v in range(n):
        if not in_core[v] and level[v] > top:
            top = level[v]
    for v in range(n):
        if in_core[v]:
            level[v] = top + 1
    return level


@njit(cache=True, nogil=True)
def grouped(keys, n):  # pragma: no cover - numba
    """A counting sort of ``keys`` (each in ``0 .. n - 1``): ``(start, order)``, int64,
    ``order`` the positions of the keys grouped by key (ascending, stable) and
    ``order[start[k]:start[k + 1]]`` those of key ``k``."""
    start = np.zeros(n + 1, dtype=np.int64)
    for i in range(keys.shape[0]):
        start[keys[i] + 1] += 1
    for k in range(n):
        start[k + 1] += start[k]
    fill = start[:n].copy()
    order = np.empty(keys.shape[0], dtype=np.int64)
    for i in range(keys.shape[0]):
        order[fill[keys[i]]] = i
        fill[keys[i]] += 1
    return start, order
