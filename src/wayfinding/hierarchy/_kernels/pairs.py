"""Kernels: the distance of one pair of nodes of a directed contraction hierarchy, and of
many pairs in one compiled loop (the hierarchy packed as :mod:`.distance` takes it).

Two upward searches with stall on demand, each stopped once its smallest key reaches
the best meeting cost (Geisberger et al. 2008); the side with the smaller key goes next.
In an uncontracted core (nodes below ``core``, arcs both ways) they go on as plain
searches, so the rule still holds (slower there than :func:`.updown.updown`'s crossing;
road graphs contract whole).

Each search keeps its candidates in an indexed 4-ary heap (:mod:`wayfinding._kernels.heap`:
each node once, its key lowered in place) of int32 node numbers, as RoutingKit's query
does; faster than the lazy binary heap of int64 entries it replaced on the road-like
graphs of ``benchmarks/roads.py`` (``benchmarks/NOTES.md``, "Hierarchies").

Workspace (:func:`pair_workspace`, one per thread): ``w_i32`` (int32[6 n]: each side's
heap slot of every node, heap nodes, and the nodes it reached) and ``w_f`` (float64[4
n]: each side's cost of every node, inf when not reached, and heap keys). A heap never
holds more than ``n`` nodes, so it never runs out of room. The costs are set back to inf
for the nodes a query reached before it returns (one write each: cheaper than a
generation stamp read at every node looked at).

Examples
--------
>>> import numpy as np
>>> from wayfinding.hierarchy.directed import build_directed
>>> h = build_directed(3, np.array([0, 1]), np.array([1, 2]), np.array([1.0, 2.0]))
>>> from wayfinding.hierarchy.queries import pack
>>> q_int, q_w = pack(h)
>>> w_i32, w_f = pair_workspace(3)
>>> inv = np.empty(3, np.int64); inv[h.order] = np.arange(3)
>>> pair_distance(q_int, q_w, inv[0], inv[2], w_i32, w_f)[0]
3.0
>>> pair_distance(q_int, q_w, inv[2], inv[0], w_i32, w_f)[0]
inf
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._kernels.heap import idecrease4, ipop4_into, ipush4
from .distance import parts


def pair_workspace(n: int) -> tuple[np.ndarray, np.ndarray]:
    """A fresh workspace ``(w_i32, w_f)`` for pair queries on ``n`` nodes."""
    w_f = np.empty(4 * n)
    w_f[:2 * n] = np.inf
    return np.zeros(6 * n, dtype=np.int32), w_f


@njit(cache=True, nogil=True, inline="always")
def _settle(x, d, best, core, go_start, go_to, go_w, back_start, back_to, back_w, dist,
            dist_other, pos, key, node, size, seen, n_seen):  # pragma: no cover - numba
    """Settle ``x`` (popped at cost ``d``) on one side: the meeting cost through it, the
    stall check over the arcs ``back_*`` (arcs from higher nodes into ``x`` on this
    side), then its arcs ``go_*`` relaxed. Returns ``(best, size, n_seen)``."""
    through = d + dist_other[x]
    if through < best:
        best = through
    if x >= core:
        for e in range(back_start[x], back_start[x + 1]):
            # a higher node reaches x more cheaply: x is on no shortest up-down path
            if dist[back_to[e]] + back_w[e] < d:
                return best, size, n_seen
    for e in range(go_start[x], go_start[x + 1]):
        y = go_to[e]
        nd = d + go_w[e]
        old = dist[y]
        if nd < old:
            dist[y] = nd
            if old == np.inf:
                seen[n_seen] = y
                n_seen += 1
                size = ipush4(key, node, pos, size, nd, y)
            else:  # still in the heap: a settled node's cost is final
                idecrease4(key, node, pos, nd, y)
    return best, size, n_seen


@njit(cache=True, nogil=True, inline="always")
def _query(n, core, up_start, down_start, up_to, down_to, up_w, down_w, s, t, w_i32,
           w_f):  # pragma: no cover - numba
    """:func:`pair_distance` on the unpacked arrays."""
    if s == t:
        return 0.0, 0
    pos_f = w_i32[:n]
    pos_b = w_i32[n:2 * n]
    node_f = w_i32[2 * n:3 * n]
    node_b = w_i32[3 * n:4 * n]
    seen_f = w_i32[4 * n:5 * n]
    seen_b = w_i32[5 * n:]
    dist_f = w_f[:n]
    dist_b = w_f[n:2 * n]
    key_f = w_f[2 * n:3 * n]
    key_b = w_f[3 * n:]
    dist_f[s] = 0.0
    dist_b[t] = 0.0
    seen_f[0] = s
    seen_b[0] = t
    n_f = 1
    n_b = 1
    size_f = ipush4(key_f, node_f, pos_f, 0, 0.0, s)
    size_b = ipush4(key_b, node_b, pos_b, 0, 0.0, t)
    best = np.inf
    settled = 0
    while True:
        go_f = size_f > 0 and key_f[0] < best
        go_b = size_b > 0 and key_b[0] < best
        if go_f and (not go_b or key_f[0] <= key_b[0]):
            d = key_f[0]
            x = node_f[0]
            size_f -= 1
            ipop4_into(key_f, node_f, pos_f, size_f)
            best, size_f, n_f = _settle(x, d, best, core, up_start, up_to, up_w, down_start,
                                        down_to, down_w, dist_f, dist_b, pos_f, key_f,
                                        node_f, size_f, seen_f, n_f)
        elif go_b:
            d = key_b[0]
            x = node_b[0]
            size_b -= 1
            ipop4_into(key_b, node_b, pos_b, size_b)
            best, size_b, n_b = _settle(x, d, best, core, down_start, down_to, down_w,
                                        up_start, up_to, up_w, dist_b, dist_f, pos_b, key_b,
                                        node_b, size_b, seen_b, n_b)
        else:
            break
        settled += 1
    for i in range(n_f):  # clean for the next query
        dist_f[seen_f[i]] = np.inf
    for i in range(n_b):
        dist_b[seen_b[i]] = np.inf
    return best, settled


@njit(cache=True, nogil=True)
def pair_distance(q_int, q_w, s, t, w_i32, w_f):  # pragma: no cover - numba
    """Cost of a cheapest path from hierarchy node ``s`` to ``t`` (inf: none) and the
    nodes both searches settled: ``(cost, settled)``. The workspace
    (:func:`pair_workspace`) is left as it was found."""
    n, core, up_start, down_start, up_to, down_to, up_w, down_w = parts(q_int, q_w)
    return _query(n, core, up_start, down_start, up_to, down_to, up_w, down_w, s, t, w_i32,
                  w_f)


@njit(cache=True, nogil=True)
def batch_distances(q_int, q_w, sources, targets, w_i32, w_f,
                    costs):  # pragma: no cover - numba
    """``costs[i]`` (output) for every pair ``sources[i] -> targets[i]`` of hierarchy
    nodes, in the workspace of :func:`pair_distance`."""
    n, core, up_start, down_start, up_to, down_to, up_w, down_w = parts(q_int, q_w)
    for i in range(sources.shape[0]):
        costs[i] = _query(n, core, up_start, down_start, up_to, down_to, up_w, down_w,
                          sources[i], targets[i], w_i32, w_f)[0]
