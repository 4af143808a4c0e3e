"""Kernels: the parts of the directed contraction (:mod:`.directed`): each node's live
arcs held inline (other end, cost, arc number) in lists that move to the end of a pool
when full, the indexed priority heap's set operation, and the simulation of contracting
a node (its witness searches, by the contraction's one witness search
:func:`.common.witness_search`) with the priority estimate built from it.

Examples
--------
>>> import numpy as np
>>> import numpy as np
>>> keys, items, pos = np.empty(4), np.empty(4, np.int64), np.full(4, -1, np.int64)
>>> size = heap_set(keys, items, pos, 0, 2.0, 3)
>>> size = heap_set(keys, items, pos, size, 1.0, 1)
>>> size, int(items[0])
(2, 1)
"""

from __future__ import annotations

from numba import njit

from ..._kernels.heap import ipush, sift_down, sift_up
from .common import witness_search


@njit(cache=True, inline="always")
def drop_arc(to, w, arc, start, length, v, y):  # pragma: no cover - numba
    """Remove the entry of ``y`` from node ``v``'s list (at most one: arcs are merged)."""
    last = start[v] + length[v] - 1
    for i in range(start[v], last + 1):
        if to[i] == y:
            to[i] = to[last]
            w[i] = w[last]
            arc[i] = arc[last]
            length[v] -= 1
            return


@njit(cache=True, inline="always")
def heap_set(keys, items, pos, size, key, item):  # pragma: no cover - numba
    """Insert ``item`` with ``key`` into the indexed heap, or move it to ``key``;
    returns the new size."""
    i = pos[item]
    if i < 0:
        return ipush(keys, items, pos, size, key, item)
    if key < keys[i]:
        sift_up(keys, keys, items, pos, i, key, key, item, False, False, True, 0.0)
    elif key > keys[i]:
        sift_down(keys, keys, items, pos, size, i, key, key, item, False, False, True, 0.0)
    return size


@njit(cache=True)
def simulate(x, settle_limit, hop_limit, record, o_start, o_len, o_to, o_w, o_arc,
              i_start, i_len, i_to, i_w, i_arc, arc_hops, dist, hops, stamp, mark, via_of,
              seen_at, generation, heap_key, heap_node, short_a, short_b, work,
              none):  # pragma: no cover - numba
    """The shortcuts contracting ``x`` needs: their count and the original arcs they
    stand for; with ``record``, pairs ``(short_a[i], short_b[i])`` of positions in its
    in-list and out-list. Adds the arcs its searches looked at to ``work[0]``. Returns
    ``(n_short, short_hops, generation, heap_key, heap_node)``."""
    n_short = 0
    short_hops = 0
    for ia in range(i_start[x], i_start[x] + i_len[x]):
        u = i_to[ia]
        w_u = i_w[ia]
        generation += 1
        limit = 0.0
        targets_left = 0
        for ob in range(o_start[x], o_start[x] + o_len[x]):
            w = o_to[ob]
            if w == u:
                continue
            via = w_u + o_w[ob]
            mark[w] = generation
            via_of[w] = via * (1.0 + 1e-12)
            targets_left += 1
            limit = max(limit, via_of[w])
        if targets_left == 0:
            continue
        if hop_limit == 1:  # witnesses of one arc: no search needed
            for i in range(o_start[u], o_start[u] + o_len[u]):
                z = o_to[i]
                if mark[z] == generation and o_w[i] <= via_of[z]:
                    seen_at[z] = generation
            relaxed = o_len[u]
        else:
            # the contraction's one witness search (common.py), over the live arcs held
            # inline per node (``none``: no node is excluded but ``x``)
            heap_key, heap_node, relaxed = witness_search(
                u, x, limit, targets_left, settle_limit, hop_limit, o_start, o_len, o_to,
                False, o_to, o_w, none, dist, hops, stamp, mark, via_of, seen_at,
                generation, heap_key, heap_node, False)
        work[0] += relaxed
        for ob in range(o_start[x], o_start[x] + o_len[x]):
            w = o_to[ob]
            if w == u or seen_at[w] == generation:
                continue
            if record:
                short_a[n_short] = ia
                short_b[n_short] = ob
            n_short += 1
            short_hops += arc_hops[i_arc[ia]] + arc_hops[o_arc[ob]]
    return n_short, short_hops, generation, heap_key, heap_node


@njit(cache=True, inline="always")
def priority_estimate(weights, x, n_short, short_hops, i_start, i_len, i_arc, o_start, o_len, o_arc,
              arc_hops):  # pragma: no cover - numba
    """The part of the priority of ``x`` that a simulated contraction gives: see
    :data:`.directed.WEIGHTS`."""
    removed = i_len[x] + o_len[x]
    removed_hops = 0
    for i in range(i_start[x], i_start[x] + i_len[x]):
        removed_hops += arc_hops[i_arc[i]]
    for i in range(o_start[x], o_start[x] + o_len[x]):
        removed_hops += arc_hops[o_arc[i]]
    p = weights[3] * (n_short - removed)
    if removed > 0:
        p += weights[1] * n_short / removed + weights[2] * short_hops / removed_hops
    return p
