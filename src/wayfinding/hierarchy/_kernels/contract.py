"""Kernels: contraction hierarchies on a small undirected graph (e.g. a subgoal graph).

After R. Geisberger, P. Sanders, D. Schultes and D. Delling, "Contraction Hierarchies:
Faster and Simpler Hierarchical Routing in Road Networks", WEA 2008; used on subgoal
graphs as in T. Uras and S. Koenig, "Understanding Subgoal Graphs by Augmenting
Contraction Hierarchies", IJCAI 2018.

Nodes are contracted one by one, cheapest first (edge difference plus contracted
neighbours, updated lazily). Contracting ``v`` adds a shortcut ``u - w`` of cost
``c(u, v) + c(v, w)`` for each pair of its remaining neighbours unless a bounded
*witness* search finds a path from ``u`` to ``w`` at most that long without ``v``. A
query then searches only *upwards* (towards later contracted nodes) from both ends.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .common import (
    append_arc,
    contraction_state,
    next_to_contract,
    postpone,
    witness_search,
)
from .layout import core_graph, upward_graph

#: Witness searches while ranking nodes: nodes settled at most, and edges per path.
QUICK_SETTLE = 40
QUICK_HOPS = 4
#: Witness searches when a node is contracted (a shortcut is added when they give up).
SETTLE = 500
HOPS = 16
#: Contraction stops after its witness searches relaxed this many edges in all, the
#: nodes left forming the core (the biggest dao map needs 110 million for all of them;
#: 512x512 maps strewn with random obstacles reach it and build in 1-11 s, against
#: 4-29 s at 450 million, whose queries were 1.3x faster still on the 10% map).
WORK_LIMIT = 300_000_000


@njit(cache=True)
def _find(adj_to, first, count, target):  # pragma: no cover - numba
    for i in range(first, first + count):
        if adj_to[i] == target:
            return i
    return -1


@njit(cache=True)
def _collect(v, start, length, adj_to, adj_w, contracted, nbr, nbr_w):  # pragma: no cover
    """Remaining (not contracted) neighbours of ``v`` into ``nbr``/``nbr_w``; their count."""
    k = 0
    for i in range(start[v], start[v] + length[v]):
        u = adj_to[i]
        if not contracted[u]:
            nbr[k] = u
            nbr_w[k] = adj_w[i]
            k += 1
    return k


@njit(cache=True)
def _witness(v, k, nbr, nbr_w, start, length, adj_to, adj_w, contracted, dist, stamp,
             generation, heap_key, heap_node, short_u, short_w, short_cost, mark, via_of,
             seen_at, settle_limit, hops, hop_limit):
    """Shortcuts that contracting ``v`` needs, into ``short_*``.

    For each remaining neighbour ``u`` one bounded Dijkstra search (without ``v``) looks
    for *witnesses*: paths to the later neighbours ``w`` no longer than ``u - v - w``. It
    stops once every target has one, or after ``settle_limit`` nodes; a target left
    without a witness gets a shortcut. Returns ``(count, generation, heap_key, heap_node,
    work)`` (the heap arrays grown if they had to), ``work`` the edges relaxed.
    """  # pragma: no cover - numba
    n_short = 0
    work = 0
    for a in range(k - 1):
        u = nbr[a]
        limit = 0.0
        generation += 1
        for b in range(a + 1, k):
            via = nbr_w[a] + nbr_w[b]
            limit = max(limit, via)
            mark[nbr[b]] = generation
            via_of[nbr[b]] = via * (1.0 + 1e-12)
        heap_key, heap_node, spent = witness_search(
            u, v, limit, k - a - 1, settle_limit, hop_limit, start, length, adj_to, False,
            adj_to, adj_w, contracted, dist, hops, stamp, mark, via_of, seen_at, generation,
            heap_key, heap_node, True)
        work += spent
        for b in range(a + 1, k):
            w = nbr[b]
            if seen_at[w] == generation:
                continue
            short_u[n_short] = u
            short_w[n_short] = w
            short_cost[n_short] = nbr_w[a] + nbr_w[b]
            n_short += 1
    return n_short, generation, heap_key, heap_node, work


@njit(cache=True, nogil=True)
def contract(n, tails, heads, weights, settle_limit, hop_limit, quick_settle,
             quick_hops, work_limit, stop):  # pragma: no cover - numba
    """Contract every node of the undirected graph ``(tails[i], heads[i], weights[i])``.

    A node's priority is its edge difference (shortcuts needed minus edges removed) plus
    its contracted neighbours plus its level in the hierarchy; it is estimated with quick
    witness searches (``quick_settle`` nodes, ``quick_hops`` edges) and checked again when
    the node comes first. Contraction itself uses thorough ones (``settle_limit``,
    ``hop_limit``).

    On grid-like graphs (open maps strewn with small obstacles) the hierarchy gets dense
    long before the top and costly to build: once the witness searches have relaxed
    ``work_limit`` edges the contraction stops, and the nodes not contracted yet form the
    core (queries cross it by A*). It gives up once ``stop[0]`` is non-zero (another
    thread asks it to stop): ``n_core`` is -1 then.

    Returns ``(rank, n_core, up_start, up_from, up_to, up_w, up_low, up_high, core_start,
    core_to, core_w, core_low, core_high, work)``: the order, the size of the core (the
    nodes left uncontracted), the upward graph of :func:`.layout.upward_graph`, the core
    graph of :func:`.layout.core_graph` and the work done.
    """
    # ---- adjacency lists in one pool; a full list moves to the end with twice the room
    degree = np.zeros(n, dtype=np.int64)
    for i in range(tails.shape[0]):
        degree[tails[i]] += 1
        degree[heads[i]] += 1
    start = np.zeros(n, dtype=np.int64)
    capacity = degree + 4
    length = np.zeros(n, dtype=np.int64)
    used = 0
    for v in range(n):
        start[v] = used
        used += capacity[v]
    pool = max(2 * used, 64)
    adj_to = np.empty(pool, dtype=np.int32)
    adj_w = np.empty(pool, dtype=np.float64)
    adj_mid = np.empty(pool, dtype=np.int32)
    for i in range(tails.shape[0]):
        a = tails[i]
        b = heads[i]
        adj_to[start[a] + length[a]] = b
        adj_w[start[a] + length[a]] = weights[i]
        adj_mid[start[a] + length[a]] = -1
        length[a] += 1
        adj_to[start[b] + length[b]] = a
        adj_w[start[b] + length[b]] = weights[i]
        adj_mid[start[b] + length[b]] = -1
        length[b] += 1
    (contracted, deleted, level, rank, priority, queue_key, queue_node, turn, queue_size, order,
     dist, hops, stamp, mark, via_of, seen_at, heap_key, heap_node,
     generation) = contraction_state(n)
    nbr = np.empty(n, dtype=np.int64)
    nbr_w = np.empty(n, dtype=np.float64)
    short_u = np.empty(64, dtype=np.int64)
    short_w = np.empty(64, dtype=np.int64)
    short_cost = np.empty(64, dtype=np.float64)
    work = 0
    empty_i32 = np.zeros(0, dtype=np.int32)
    while True:
        v, first_visit, turn, queue_size = next_to_contract(turn, n, queue_key, queue_node,
                                                            queue_size, contracted, priority)
        if v < 0:
            break
        k = _collect(v, start, length, adj_to, adj_w, contracted, nbr, nbr_w)
        need = k * (k - 1) // 2 + 1
        if short_u.shape[0] < need:
            short_u = np.empty(need, dtype=np.int64)
            short_w = np.empty(need, dtype=np.int64)
            short_cost = np.empty(need, dtype=np.float64)
        if work > work_limit:
            break  # the nodes not contracted yet stay as the core
        if stop[0] != 0:
            return (rank, -1, np.zeros(1, dtype=np.int64), empty_i32, empty_i32,
                    np.zeros(0), empty_i32, empty_i32, np.zeros(1, dtype=np.int64),
                    empty_i32, np.zeros(0), empty_i32, empty_i32, work)  # gave up
        n_short, generation, heap_key, heap_node, spent = _witness(
            v, k, nbr, nbr_w, start, length, adj_to, adj_w, contracted, dist, stamp,
            generation, heap_key, heap_node, short_u, short_w, short_cost, mark, via_of,
            seen_at, quick_settle, hops, quick_hops)
        work += spent
        new_priority = float(n_short - k + deleted[v] + level[v])
        later, queue_key, queue_node, queue_size = postpone(
            first_visit, new_priority, v, priority, queue_key, queue_node, queue_size)
        if later:
            continue
        # ---- contract v, with a thorough witness search this time
        n_short, generation, heap_key, heap_node, spent = _witness(
            v, k, nbr, nbr_w, start, length, adj_to, adj_w, contracted, dist, stamp,
            generation, heap_key, heap_node, short_u, short_w, short_cost, mark, via_of,
            seen_at, settle_limit, hops, hop_limit)
        work += spent
        contracted[v] = True
        rank[v] = order
        order += 1
        for a in range(k):
            deleted[nbr[a]] += 1
            level[nbr[a]] = max(level[nbr[a]], level[v] + 1)
        for s in range(2 * n_short):
            a = short_u[s >> 1] if s & 1 == 0 else short_w[s >> 1]
            b = short_w[s >> 1] if s & 1 == 0 else short_u[s >> 1]
            cost = short_cost[s >> 1]
            j = _find(adj_to, start[a], length[a], b)
            if j >= 0:
                if cost < adj_w[j]:
                    adj_w[j] = cost
                    adj_mid[j] = v
                continue
            adj_to, adj_w, adj_mid, used = append_arc(adj_to, adj_w, adj_mid, start, length,
                                                      capacity, used, a, b, cost, v)
    n_core = 0
    for v in range(n):  # the core ranks above everything, in node order
        if not contracted[v]:
            rank[v] = order
            order += 1
            n_core += 1
    up = upward_graph(n, rank, contracted, start, length, adj_to, adj_w, adj_mid)
    core = core_graph(n, contracted, start, length, adj_to, adj_w, adj_mid, up[0], up[2])
    return (rank, n_core, up[0], up[1], up[2], up[3], up[4], up[5], core[0], core[1],
            core[2], core[3], core[4], work)
