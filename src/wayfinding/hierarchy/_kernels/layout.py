"""Kernel: the undirected upward and core graphs of a contraction hierarchy, from the arcs
of a directed one (:func:`wayfinding.hierarchy.directed.build_directed` run on an
undirected graph, every edge given as an arc both ways).

The arcs ``u -> w`` and ``w -> u`` (original or shortcut) become one edge ``u - w``. A
shortcut arc is a real path, walked backwards as cheaply, so the union of both directions'
shortcuts keeps every shortest path: the cheaper arc gives the edge its unpacking (into
the edges of its two halves). The edge's weight is then the sum of its halves' weights,
from the bottom of the hierarchy up: never more than the arc's cost, and always the
length of the path it unpacks into.

Examples
--------
>>> import numpy as np
>>> # a path 0 - 2 - 1, node 2 contracted first: arcs both ways, then shortcuts 0 <-> 1
>>> tail, head = np.array([0, 2, 2, 1, 0, 1]), np.array([2, 0, 1, 2, 1, 0])
>>> low, high = np.array([-1, -1, -1, -1, 0, 3]), np.array([-1, -1, -1, -1, 2, 1])
>>> out = undirected_graphs(3, 0, tail, head, np.array([1.0, 1, 2, 2, 3, 3]), low, high)
>>> out[3].tolist(), out[4].tolist(), out[5].tolist(), out[6].tolist(), out[7].tolist()
([1, 2, 2], [0, 0, 1], [3.0, 1.0, 2.0], [2, -1, -1], [1, -1, -1])
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def undirected_graphs(n, n_core, tail, head, w, low, high):  # pragma: no cover - numba
    """The upward and core graphs of the directed hierarchy of arcs ``tail[i] ->
    head[i]`` (cost ``w[i]``, shortcut halves ``low[i]``: ``tail -> mid`` and
    ``high[i]``: ``mid -> head``, -1 for an arc of the graph), its nodes numbered from
    the top down (every arc joins a node to a lower-numbered one contracted later, but
    for arcs between nodes ``0 .. n_core - 1``, the core).

    Returns ``(rank, n_core, up_start, up_from, up_to, up_w, up_low, up_high, core_start,
    core_to, core_w, core_low, core_high)`` as :func:`wayfinding.hierarchy.hierarchy.by_rank`
    takes them (``rank[v] = n - 1 - v``): each upward edge ``v - x`` (``x < v``, ``v`` not
    in the core) listed under ``v``, a shortcut's ``up_low``/``up_high`` the upward edges
    ``mid - v`` and ``mid - x``; each core edge listed under both its ends, its
    ``core_low``/``core_high`` the upward edges from ``mid`` to the end it is listed
    under and to the other one.
    """
    m = tail.shape[0]
    # ---- arcs grouped by their lower end (the higher number), in arc order
    first = np.zeros(n + 1, dtype=np.int64)
    for a in range(m):
        first[max(tail[a], head[a]) + 1] += 1
    for v in range(n):
        first[v + 1] += first[v]
    by_end = np.empty(m, dtype=np.int64)
    fill = first[:n].copy()
    for a in range(m):
        v = max(tail[a], head[a])
        by_end[fill[v]] = a
        fill[v] += 1
    # ---- one edge per pair of nodes: the cheaper arc's (the first of equal ones)
    edge_of = np.full(m, -1, dtype=np.int64)  # the edge of each arc
    edge_arc = np.empty(m, dtype=np.int64)  # the arc each edge takes its unpacking from
    edge_from = np.empty(m, dtype=np.int64)  # its higher-numbered end
    edge_to = np.empty(m, dtype=np.int64)
    slot = np.zeros(n, dtype=np.int64)
    stamp = np.full(n, -1, dtype=np.int64)
    n_up = 0  # upward edges (from nodes >= n_core) first, then the core's
    for v in range(n_core, n):
        n_up = _edges_of(v, first, by_end, tail, head, w, edge_of, edge_arc, edge_from,
                         edge_to, slot, stamp, n_up)
    n_edges = n_up
    for v in range(n_core):
        n_edges = _edges_of(v, first, by_end, tail, head, w, edge_of, edge_arc, edge_from,
                            edge_to, slot, stamp, n_edges)
    # ---- unpacking links: the edges (mid - from, mid - to) of each shortcut
    e_low = np.full(n_edges, -1, dtype=np.int64)
    e_high = np.full(n_edges, -1, dtype=np.int64)
    e_w = np.empty(n_edges, dtype=np.float64)
    mid = np.full(n_edges, n, dtype=np.int64)
    for e in range(n_edges):
        a = edge_arc[e]
        e_w[e] = w[a]
        if low[a] < 0:
            continue
        mid[e] = head[low[a]]
        if tail[a] == edge_from[e]:
            e_low[e] = edge_of[low[a]]
            e_high[e] = edge_of[high[a]]
        else:
            e_low[e] = edge_of[high[a]]
            e_high[e] = edge_of[low[a]]
    # ---- weights: each shortcut the sum of its halves, the halves' mids (numbered
    # higher than this mid: contracted before it) first. Shortcuts bucketed by mid, a
    # counting sort (a library sort compiled here costs compile time: benchmarks/NOTES.md)
    by_mid = np.zeros(n + 1, dtype=np.int64)
    for e in range(n_edges):
        if e_low[e] >= 0:
            by_mid[mid[e] + 1] += 1
    for v in range(n):
        by_mid[v + 1] += by_mid[v]
    shortcuts = np.empty(by_mid[n], dtype=np.int64)
    for e in range(n_edges):
        if e_low[e] >= 0:
            shortcuts[by_mid[mid[e]]] = e
            by_mid[mid[e]] += 1
    for k in range(shortcuts.shape[0] - 1, -1, -1):  # the highest mid first
        e = shortcuts[k]
        e_w[e] = e_w[e_low[e]] + e_w[e_high[e]]
    # ---- the upward graph: edges n_up grouped by their higher-numbered end
    up_start = np.zeros(n + 1, dtype=np.int64)
    for e in range(n_up):
        up_start[edge_from[e] + 1] += 1
    for v in range(n):
        up_start[v + 1] += up_start[v]
    up_from = edge_from[:n_up].astype(np.int32)
    up_to = edge_to[:n_up].astype(np.int32)
    up_w = e_w[:n_up].copy()
    up_low = e_low[:n_up].astype(np.int32)
    up_high = e_high[:n_up].astype(np.int32)
    # ---- the core graph: each core edge under both its ends, links swapped for the other
    core_start = np.zeros(n + 1, dtype=np.int64)
    for e in range(n_up, n_edges):
        core_start[edge_from[e] + 1] += 1
        core_start[edge_to[e] + 1] += 1
    for v in range(n):
        core_start[v + 1] += core_start[v]
    k = core_start[n]
    core_to = np.empty(k, dtype=np.int32)
    core_w = np.empty(k, dtype=np.float64)
    core_low = np.empty(k, dtype=np.int32)
    core_high = np.empty(k, dtype=np.int32)
    at = core_start[:n].copy()
    for e in range(n_up, n_edges):
        for side in range(2):
            v = edge_from[e] if side == 0 else edge_to[e]
            i = at[v]
            at[v] += 1
            core_to[i] = edge_to[e] if side == 0 else edge_from[e]
            core_w[i] = e_w[e]
            core_low[i] = e_low[e] if side == 0 else e_high[e]
            core_high[i] = e_high[e] if side == 0 else e_low[e]
    rank = (n - 1 - np.arange(n)).astype(np.int32)
    return (rank, n_core, up_start, up_from, up_to, up_w, up_low, up_high, core_start,
            core_to, core_w, core_low, core_high)


@njit(cache=True, inline="always")
def _edges_of(v, first, by_end, tail, head, w, edge_of, edge_arc, edge_from, edge_to, slot,
              stamp, n_edges):  # pragma: no cover - numba
    """Number the edges between ``v`` and lower-numbered nodes (from the arcs listed under
    ``v`` in ``by_end``) from ``n_edges`` on; returns the new count."""
    for k in range(first[v], first[v + 1]):
        a = by_end[k]
        x = min(tail[a], head[a])
        if stamp[x] == v:  # the pair has an edge already: keep the cheaper arc
            e = slot[x]
            edge_of[a] = e
            if w[a] < w[edge_arc[e]]:
                edge_arc[e] = a
            continue
        stamp[x] = v
        slot[x] = n_edges
        edge_of[a] = n_edges
        edge_arc[n_edges] = a
        edge_from[n_edges] = v
        edge_to[n_edges] = x
        n_edges += 1
    return n_edges
