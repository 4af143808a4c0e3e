"""Kernels: the CSR arrays of a contraction hierarchy, from the contracted adjacency lists
of :func:`.contract.contract` (or from the graph itself, when nothing is contracted).
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def upward_graph(n, rank, contracted, start, length, adj_to, adj_w,
                 adj_mid):  # pragma: no cover - numba
    """CSR of the edges from each contracted node to nodes of higher rank, with unpacking
    links (core nodes get none).

    Returns ``(up_start int64[n + 1], up_from int32[m], up_to int32[m], up_w float64[m],
    up_low int32[m], up_high int32[m])``: a shortcut ``v - w`` that skips ``mid`` has
    ``up_low`` = the index of edge ``mid - v`` and ``up_high`` = that of ``mid - w`` (both
    in ``mid``'s list, as ``mid`` ranks below both ends); an original edge has -1 in both.
    """
    up_start = np.zeros(n + 1, dtype=np.int64)
    for v in range(n):
        count = 0
        if contracted[v]:
            for i in range(start[v], start[v] + length[v]):
                if rank[adj_to[i]] > rank[v]:
                    count += 1
        up_start[v + 1] = up_start[v] + count
    m = up_start[n]
    up_from = np.empty(m, dtype=np.int32)
    up_to = np.empty(m, dtype=np.int32)
    up_w = np.empty(m, dtype=np.float64)
    up_mid = np.empty(m, dtype=np.int32)
    for v in range(n):
        j = up_start[v]
        if not contracted[v]:
            continue
        for i in range(start[v], start[v] + length[v]):
            if rank[adj_to[i]] > rank[v]:
                up_from[j] = v
                up_to[j] = adj_to[i]
                up_w[j] = adj_w[i]
                up_mid[j] = adj_mid[i]
                j += 1
    up_low = np.full(m, -1, dtype=np.int32)
    up_high = np.full(m, -1, dtype=np.int32)
    for e in range(m):
        mid = up_mid[e]
        if mid < 0:
            continue
        for i in range(up_start[mid], up_start[mid + 1]):
            if up_to[i] == up_from[e]:
                up_low[e] = i
            elif up_to[i] == up_to[e]:
                up_high[e] = i
    return up_start, up_from, up_to, up_w, up_low, up_high


@njit(cache=True)
def core_graph(n, contracted, start, length, adj_to, adj_w, adj_mid, up_start,
               up_to):  # pragma: no cover - numba
    """CSR of the edges between core nodes, with unpacking links into the upward graph.

    Returns ``(core_start int64[n + 1], core_to int32[m], core_w float64[m], core_low
    int32[m], core_high int32[m])``: a shortcut ``v - w`` skipping ``mid`` has
    ``core_low`` = the upward edge ``mid - v`` and ``core_high`` = ``mid - w``; an
    original edge has -1 in both.
    """
    core_start = np.zeros(n + 1, dtype=np.int64)
    for v in range(n):
        count = 0
        if not contracted[v]:
            for i in range(start[v], start[v] + length[v]):
                if not contracted[adj_to[i]]:
                    count += 1
        core_start[v + 1] = core_start[v] + count
    m = core_start[n]
    core_to = np.empty(m, dtype=np.int32)
    core_w = np.empty(m, dtype=np.float64)
    core_low = np.full(m, -1, dtype=np.int32)
    core_high = np.full(m, -1, dtype=np.int32)
    for v in range(n):
        if contracted[v]:
            continue
        j = core_start[v]
        for i in range(start[v], start[v] + length[v]):
            w = adj_to[i]
            if contracted[w]:
                continue
            core_to[j] = w
            core_w[j] = adj_w[i]
            mid = adj_mid[i]
            if mid >= 0:
                for e in range(up_start[mid], up_start[mid + 1]):
                    if up_to[e] == v:
                        core_low[j] = e
                    elif up_to[e] == w:
                        core_high[j] = e
            j += 1
    return core_start, core_to, core_w, core_low, core_high


@njit(cache=True, nogil=True)
def flat_core(n, tails, heads, weights):  # pragma: no cover - numba
    """No hierarchy at all: every node is in the core, the core graph is the graph.

    Same return layout as :func:`contract` (without ``work``).
    """
    rank = np.arange(n).astype(np.int32)
    core_start = np.zeros(n + 1, dtype=np.int64)
    for i in range(tails.shape[0]):
        core_start[tails[i] + 1] += 1
        core_start[heads[i] + 1] += 1
    for v in range(n):
        core_start[v + 1] += core_start[v]
    m = core_start[n]
    core_to = np.empty(m, dtype=np.int32)
    core_w = np.empty(m, dtype=np.float64)
    fill = core_start[:n].copy()
    for i in range(tails.shape[0]):
        for a, b in ((tails[i], heads[i]), (heads[i], tails[i])):
            core_to[fill[a]] = b
            core_w[fill[a]] = weights[i]
            fill[a] += 1
    none = np.full(m, -1, dtype=np.int32)
    empty_i32 = np.zeros(0, dtype=np.int32)
    return (rank, n, np.zeros(n + 1, dtype=np.int64), empty_i32, empty_i32, np.zeros(0),
            empty_i32, empty_i32, core_start, core_to, core_w, none, none.copy())
