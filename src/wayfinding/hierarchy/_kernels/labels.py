"""Kernel: hub labels from a contraction hierarchy.

The label of a node ``v`` lists the nodes its upward search settles (its *hubs*), each
with the distance from ``v`` and the upward edge it was reached by. For any two nodes the
highest node of a shortest path between them is a hub of both, with exact distances, so
the distance is the minimum of ``d(v, h) + d(w, h)`` over their common hubs (I. Abraham,
D. Delling, A. Goldberg and R. Werneck, "A Hub-Based Labeling Algorithm for Shortest
Paths on Road Networks", SEA 2011, labels taken from CH search spaces). Scanning two short
sorted arrays is much cheaper than the bidirectional Dijkstra search it replaces.

Entries whose distance is not the true distance (the upward search reached the hub the
long way round) are dropped when another common hub proves it; they can never give a
query's answer.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._kernels.heap import push
from .common import grown, grown_pair, pop


@njit(cache=True, nogil=True)
def build_labels(n, up_start, up_from, up_to, up_w, stop):  # pragma: no cover - numba
    """Hub labels of every node of the upward graph ``(up_start, up_from, up_to, up_w)``.

    Returns ``(label_start int64[n + 1], label_hd float64[m, 2], label_edge int32[m])``:
    ``label_hd[i]`` is ``(hub, distance)`` (the hub number as a float, so that a query
    reads one array), each label sorted by hub; ``label_edge`` is the upward edge into
    the hub on the way from the label's node (-1 for the node itself). Once ``stop[0]``
    is non-zero (another thread asks it to stop) it returns empty labels at once.
    """
    dist = np.zeros(n, dtype=np.float64)
    stamp = np.zeros(n, dtype=np.int64)
    via = np.zeros(n, dtype=np.int64)
    keys = np.empty(4 * n + 16, dtype=np.float64)
    items = np.empty(4 * n + 16, dtype=np.int64)
    settled = np.empty(n, dtype=np.int64)
    # raw labels, node by node, then pruned into the final arrays
    capacity = 16 * n + 16
    raw_hub = np.empty(capacity, dtype=np.int32)
    raw_dist = np.empty(capacity, dtype=np.float64)
    raw_edge = np.empty(capacity, dtype=np.int32)
    raw_start = np.zeros(n + 1, dtype=np.int64)
    used = 0
    for v in range(n):
        if stop[0] != 0:  # another thread asks to stop: the labels are left incomplete
            break
        generation = v + 1
        dist[v] = 0.0
        stamp[v] = generation
        via[v] = -1
        keys[0] = 0.0
        items[0] = v
        size = 1
        n_settled = 0
        while size > 0:
            d_top, x, size = pop(keys, items, size)
            if d_top > dist[x]:
                continue
            stalled = False
            for e in range(up_start[x], up_start[x + 1]):
                y = up_to[e]
                if stamp[y] == generation and dist[y] + up_w[e] < d_top:
                    stalled = True
                    break
            if stalled:
                continue
            settled[n_settled] = x
            n_settled += 1
            degree = up_start[x + 1] - up_start[x]
            if size + degree > keys.shape[0]:  # room for every push below (see .common)
                keys, items = grown_pair(keys, items, size, degree)
            for e in range(up_start[x], up_start[x + 1]):
                y = up_to[e]
                nd = d_top + up_w[e]
                if stamp[y] == generation and dist[y] <= nd:
                    continue
                stamp[y] = generation
                dist[y] = nd
                via[y] = e
                size = push(keys, items, size, nd, y)
        if used + n_settled > capacity:
            capacity = 2 * capacity + n_settled
            raw_hub = grown(raw_hub, used, capacity)
            raw_dist = grown(raw_dist, used, capacity)
            raw_edge = grown(raw_edge, used, capacity)
        hubs = np.sort(settled[:n_settled])
        for i in range(n_settled):
            h = hubs[i]
            raw_hub[used + i] = h
            raw_dist[used + i] = dist[h]
            raw_edge[used + i] = via[h]
        used += n_settled
        raw_start[v + 1] = used
    if stop[0] != 0:
        return (np.zeros(n + 1, dtype=np.int64), np.empty((0, 2), dtype=np.float64),
                np.empty(0, dtype=np.int32))
    # ---- pruning: drop (h, d) from L(v) when L(v) and L(h) prove dist(v, h) < d
    keep = np.ones(used, dtype=np.bool_)
    best = np.full(n, np.inf)
    mark = np.zeros(n, dtype=np.int64)
    for v in range(n):
        for i in range(raw_start[v], raw_start[v + 1]):
            mark[raw_hub[i]] = v + 1
            best[raw_hub[i]] = raw_dist[i]
        for i in range(raw_start[v], raw_start[v + 1]):
            h = raw_hub[i]
            if h == v:
                continue
            d = raw_dist[i]
            for j in range(raw_start[h], raw_start[h + 1]):
                k = raw_hub[j]
                if k != h and mark[k] == v + 1 and best[k] + raw_dist[j] < d * (1.0 - 1e-9):
                    keep[i] = False
                    break
    # kept entries whose chain of upward edges passes a dropped one keep it too: never
    # happens for exact entries (parts of shortest paths are shortest), checked anyway
    for v in range(n):
        for i in range(raw_start[v], raw_start[v + 1]):
            if not keep[i]:
                continue
            e = raw_edge[i]
            while e >= 0:
                x = -1
                for j in range(raw_start[v], raw_start[v + 1]):
                    if raw_hub[j] == up_from[e]:
                        x = j
                        break
                if x < 0 or keep[x]:
                    break
                keep[x] = True
                e = raw_edge[x]
    label_start = np.zeros(n + 1, dtype=np.int64)
    total = 0
    for v in range(n):
        for i in range(raw_start[v], raw_start[v + 1]):
            if keep[i]:
                total += 1
        label_start[v + 1] = total
    label_hd = np.empty((total, 2), dtype=np.float64)
    label_edge = np.empty(total, dtype=np.int32)
    j = 0
    for i in range(used):
        if keep[i]:
            label_hd[j, 0] = raw_hub[i]
            label_hd[j, 1] = raw_dist[i]
            label_edge[j] = raw_edge[i]
            j += 1
    return label_start, label_hd, label_edge

