"""Kernel: contraction hierarchies of directed graphs (arcs ``tail -> head``).

After R. Geisberger, P. Sanders, D. Schultes and D. Delling, "Contraction Hierarchies:
Faster and Simpler Hierarchical Routing in Road Networks", WEA 2008, for graphs of any
size (no hub labels): contracting ``v`` adds a shortcut ``u -> w`` (cost ``c(u, v) +
c(v, w)``) for an arc ``u -> v`` and an arc ``v -> w`` unless a bounded *witness* search
from ``u`` (forward, without ``v``) reaches ``w`` at most that cheaply. An undirected
graph is the special case with every arc in both directions.

Order: nodes are kept in an indexed heap by priority, a weighted sum of the node's
*level* (one more than the highest level of its contracted neighbours: the depth of the
hierarchy below it), the shortcuts its contraction would add per arc it removes, the
original arcs those shortcuts stand for per original arc removed, its edge difference
and its contracted neighbours (:data:`WEIGHTS`). Each priority is estimated by simulating
the contraction with quick witness searches (few settled nodes, few arcs per path: one
on dense graphs, two on sparse ones, road networks, see :data:`SPARSE_DEGREE`). After
each contraction the node's neighbours get their new level and contracted-neighbour count
at once; those with few arcs (:data:`EAGER_DEGREE`) are simulated again at once, the
others when they come first (a node whose priority then rises above the next one's waits
its turn). Near the top of the hierarchy of a mesh-like graph (random geometric graphs,
grid maps) the nodes left form dense clusters whose witness searches cost most of the
build; a work budget (:data:`WORK_PER_NODE`) leaves what is left then as a core.

Witness searches are cut two ways. When every arc has its reverse at the same cost (an
undirected graph), a witness ``u -> w`` reversed is one for ``w -> u``: each pair of
neighbours is answered once for both ways (the shortcuts come in pairs, so the graph
stays so). With coordinates (``code`` non-zero,
``scale * distance`` at most every arc's cost), the search from ``u`` settles at most
``first_settle`` nodes, then an A* search aimed at each target left looks for its
witness inside the ellipse its bound allows (fewer arcs looked at, as many shortcuts,
more contracted nodes on a work budget: ``benchmarks/NOTES.md``, "Hierarchies").

Each node holds its live arcs both ways inline (other end, cost, arc number), so witness
searches read no arc records; every arc, original or shortcut, is kept in one arc list
(``tail``, ``head``, ``w``, ``low``, ``high``; a shortcut unpacks into arcs ``low = tail ->
mid`` and ``high = mid -> head``, ``mid`` contracted before both ends).

Examples
--------
>>> import numpy as np
>>> tails, heads = np.array([0, 1], np.int64), np.array([1, 2], np.int64)
>>> out = contract_directed(3, tails, heads, np.array([1.0, 2.0]), 500, 16, 20, 1,
...                         20, WEIGHTS, 100, 10**9, np.zeros(1, np.int64),
...                         np.zeros((0, 2)), 0, 0.0, 50)
>>> sorted(out[0].tolist()), out[1], out[2].shape[0] >= 2
([0, 1, 2], 0, True)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._kernels.heap import ipop, ipush
from .common import append_arc, compact, grown
from .directed_parts import drop_arc, heap_set, priority_estimate, simulate

#: Contraction stops once the cheapest node left has more arcs than this (a dense core).
CORE_DEGREE = 1_000_000
#: ... or once its witness searches have looked at more arcs than this per node, plus a
#: base (then the nodes left form the core, which queries cross by one bidirectional
#: search; the budget's trade-off on rgg 10^6: ``benchmarks/NOTES.md``, "Hierarchies"). Small graphs
#: (dao maps) stay under the base.
WORK_PER_NODE = 1_200
WORK_BASE = 10_000_000

#: Witness searches: nodes settled at most and arcs per path, while estimating a node's
#: priority (quick) and when contracting it (thorough). Quick estimates look for
#: witnesses of one arc (no search): faster builds than searches of 4 arcs, with about
#: as many shortcuts (``benchmarks/NOTES.md``, "Hierarchies").
QUICK_SETTLE = 50
QUICK_HOPS = 1
SETTLE = 500
HOPS = 64
#: Sparse graphs (road networks: at most :data:`SPARSE_DEGREE` arcs per node on average)
#: estimate with witness searches of a few arcs instead: fewer shortcuts and settled
#: nodes for a slightly longer build (``benchmarks/NOTES.md``, "Hierarchies").
SPARSE_DEGREE = 4.0
SPARSE_QUICK_SETTLE = 20
SPARSE_QUICK_HOPS = 2
#: With coordinates, the thorough search settles at most this many nodes, then one A*
#: search aimed at each target left (``SETTLE`` nodes at most) looks for its witness.
#: rgg 10^5 on a budget of 1,500 arcs per node: a core of 2,785 nodes with 4, 3,171 with
#: 15, 5,068 with 50, 6,016 with 100 (the plain search finds the near witnesses only).
FIRST_SETTLE = 4
#: After a contraction, neighbours with at most this many arcs get their priority
#: estimated again at once; the others when they come first.
EAGER_DEGREE = 20

#: Arcs a contraction may hold (their numbers are int32).
MAX_ARCS = 2**31 - 1

#: Weights of the priority terms: level, shortcuts added per arc removed, original arcs
#: the shortcuts stand for per original arc removed, edge difference (shortcuts added
#: minus arcs removed), contracted neighbours.
WEIGHTS = np.array([1.0, 1.0, 1.0, 0.0, 0.0])


@njit(cache=True, nogil=True)
def contract_directed(n, tails, heads, weights, settle_limit, hop_limit, quick_settle,
                      quick_hops, eager_degree, priority_weights, core_degree, work_limit,
                      stop, coords, code, scale, first_settle):  # pragma: no cover - numba
    """Contract every node of the directed graph of arcs ``tails[i] -> heads[i]`` of cost
    ``weights[i]`` (self-loops dropped, parallel arcs merged into the cheapest), in the
    order of :data:`WEIGHTS` (``priority_weights``).

    Witness searches settle at most ``settle_limit`` nodes along paths of at most
    ``hop_limit`` arcs when a node is contracted, ``quick_settle`` and ``quick_hops``
    when its priority is estimated (one hop: arcs are compared, no search). After a
    contraction, each neighbour of at most ``eager_degree`` arcs is simulated again at
    once; the others are marked, and simulated when they come first.

    Contraction stops once the cheapest node left has more than ``core_degree`` arcs, or
    once the witness searches have looked at more than ``work_limit`` arcs in all (the
    graph left is dense, and contracting it would cost more than searching it): those
    nodes form the *core*, ranked above every contracted node.

    Returns ``(rank, n_core, arc_tail, arc_head, arc_w, arc_low, arc_high)``, ``rank[v]``
    the position of ``v`` in the contraction order; or an empty ``rank`` once ``stop[0]``
    is non-zero (another thread asks it to stop).
    """
    m = tails.shape[0]
    o_cap = np.full(n, 2, dtype=np.int64)
    i_cap = np.full(n, 2, dtype=np.int64)
    for i in range(m):
        o_cap[tails[i]] += 1
        i_cap[heads[i]] += 1
    o_start = np.zeros(n, dtype=np.int64)
    i_start = np.zeros(n, dtype=np.int64)
    o_used = 0
    i_used = 0
    for v in range(n):
        o_start[v] = o_used
        o_used += o_cap[v]
        i_start[v] = i_used
        i_used += i_cap[v]
    room = o_used + o_used // 4 + 64  # (lists that outgrow their room move to the end)
    o_to = np.empty(room, dtype=np.int32)
    o_w = np.empty(room, dtype=np.float64)
    o_arc = np.empty(room, dtype=np.int32)
    room = i_used + i_used // 4 + 64
    i_to = np.empty(room, dtype=np.int32)
    i_w = np.empty(room, dtype=np.float64)
    i_arc = np.empty(room, dtype=np.int32)
    o_len = np.zeros(n, dtype=np.int64)
    i_len = np.zeros(n, dtype=np.int64)
    capacity = 2 * m + 64
    arc_tail = np.empty(capacity, dtype=np.int32)
    arc_head = np.empty(capacity, dtype=np.int32)
    arc_w = np.empty(capacity, dtype=np.float64)
    arc_low = np.empty(capacity, dtype=np.int32)
    arc_high = np.empty(capacity, dtype=np.int32)
    arc_hops = np.empty(capacity, dtype=np.int32)
    n_arcs = 0
    slot_of = np.zeros(n, dtype=np.int64)  # where u's arc to a node is in its list
    slot_at = np.zeros(n, dtype=np.int64)
    generation = np.int64(0)  # not a literal: one compiled simulate (see below)
    # ``record`` as runtime flags, not the literals True/False: numba compiles a callee
    # once per literal argument (three simulates: benchmarks/NOTES.md, "Hierarchies")
    yes = n >= 0
    no = n < 0
    last_u = -1
    for i in range(m):
        u = tails[i]
        w = heads[i]
        if u == w:
            continue
        if u != last_u:  # (arcs grouped by tail, as a CSR graph gives them, mark once)
            last_u = u
            generation += 1
            for k in range(o_len[u]):
                slot_of[o_to[o_start[u] + k]] = k
                slot_at[o_to[o_start[u] + k]] = generation
        if slot_at[w] == generation:  # a parallel arc: keep the cheapest
            k = o_start[u] + slot_of[w]
            if weights[i] < o_w[k]:
                o_w[k] = weights[i]
                arc_w[o_arc[k]] = weights[i]
                for j in range(i_start[w], i_start[w] + i_len[w]):
                    if i_arc[j] == o_arc[k]:
                        i_w[j] = weights[i]
            continue
        slot_of[w] = o_len[u]
        slot_at[w] = generation
        arc_tail[n_arcs] = u
        arc_head[n_arcs] = w
        arc_w[n_arcs] = weights[i]
        arc_low[n_arcs] = -1
        arc_high[n_arcs] = -1
        arc_hops[n_arcs] = 1
        o_to, o_w, o_arc, o_used = append_arc(o_to, o_w, o_arc, o_start, o_len, o_cap, o_used,
                                           u, w, weights[i], n_arcs)
        i_to, i_w, i_arc, i_used = append_arc(i_to, i_w, i_arc, i_start, i_len, i_cap, i_used,
                                           w, u, weights[i], n_arcs)
        n_arcs += 1
    # every arc has its reverse at the same cost: the contraction keeps it so (a pair's
    # witness reversed is the reverse pair's), and answers each pair once
    symmetric = True
    dist = np.empty(n, dtype=np.float64)
    for u in range(n):
        if i_len[u] != o_len[u]:
            symmetric = False
            break
        generation += 1
        for k in range(o_start[u], o_start[u] + o_len[u]):
            slot_at[o_to[k]] = generation
            dist[o_to[k]] = o_w[k]
        for k in range(i_start[u], i_start[u] + i_len[u]):
            if slot_at[i_to[k]] != generation or dist[i_to[k]] != i_w[k]:
                symmetric = False
        if not symmetric:
            break
    pos_of = np.zeros(n if symmetric else 0, dtype=np.int64)
    pos_at = np.zeros(n if symmetric else 0, dtype=np.int64)
    pair_need = np.empty(64, dtype=np.bool_)
    # witness search state
    hops = np.zeros(n, dtype=np.int64)
    stamp = np.zeros(n, dtype=np.int64)
    mark = np.zeros(n, dtype=np.int64)
    via_of = np.zeros(n, dtype=np.float64)
    pot = np.zeros(n if code != 0 else 0, dtype=np.float64)  # the aimed searches' bounds
    seen_at = np.zeros(n, dtype=np.int64)
    heap_key = np.empty(256, dtype=np.float64)
    heap_node = np.empty(256, dtype=np.int64)
    short_a = np.empty(64, dtype=np.int64)
    short_b = np.empty(64, dtype=np.int64)
    # the order
    contracted = np.zeros(n, dtype=np.bool_)
    level = np.zeros(n, dtype=np.int64)
    deleted = np.zeros(n, dtype=np.int64)
    rank = np.full(n, -1, dtype=np.int32)
    q_key = np.empty(n, dtype=np.float64)
    q_node = np.empty(n, dtype=np.int64)
    q_pos = np.full(n, -1, dtype=np.int64)
    q_size = 0
    touched = np.empty(16, dtype=np.int64)
    work = np.zeros(1, dtype=np.int64)  # arcs the witness searches looked at
    estimate = np.zeros(n, dtype=np.float64)  # the simulated part of each priority
    dirty = np.zeros(n, dtype=np.bool_)  # a neighbour was contracted since
    for x in range(n):
        if stop[0] != 0:
            return (np.zeros(0, dtype=np.int32), 0, arc_tail[:0], arc_head[:0], arc_w[:0],
                    arc_low[:0], arc_high[:0])
        n_short, short_hops, generation, heap_key, heap_node = simulate(
            x, quick_settle, quick_hops, no, o_start, o_len, o_to, o_w, o_arc, i_start, i_len,
            i_to, i_w, i_arc, arc_hops, dist, hops, stamp, mark, via_of, seen_at, generation,
            heap_key, heap_node, short_a, short_b, work, coords, code, scale, first_settle, pot,
            symmetric, pos_of, pos_at, pair_need)
        estimate[x] = priority_estimate(
            priority_weights, x, n_short, short_hops, i_start, i_len, i_arc, o_start,
            o_len, o_arc, arc_hops)
        q_size = ipush(q_key, q_node, q_pos, q_size, estimate[x], x)
    order = 0
    o_check = o_used + o_to.shape[0] // 8  # pools looked at for compaction past these
    i_check = i_used + i_to.shape[0] // 8
    while q_size > 0:
        if stop[0] != 0:
            return (np.zeros(0, dtype=np.int32), 0, arc_tail[:0], arc_head[:0], arc_w[:0],
                    arc_low[:0], arc_high[:0])
        v = q_node[0]
        if dirty[v]:  # its neighbourhood changed: simulate its contraction again
            dirty[v] = False
            n_short, short_hops, generation, heap_key, heap_node = simulate(
                v, quick_settle, quick_hops, no, o_start, o_len, o_to, o_w, o_arc, i_start,
                i_len, i_to, i_w, i_arc, arc_hops, dist, hops, stamp, mark, via_of, seen_at,
                generation, heap_key, heap_node, short_a, short_b, work, coords, code, scale,
                first_settle, pot, symmetric, pos_of, pos_at, pair_need)
            estimate[v] = priority_estimate(
                priority_weights, v, n_short, short_hops, i_start, i_len, i_arc, o_start,
                o_len, o_arc, arc_hops)
            p = (priority_weights[0] * level[v] + priority_weights[4] * deleted[v]
                 + estimate[v])
            if p > q_key[0]:
                q_size = heap_set(q_key, q_node, q_pos, q_size, p, v)
                if q_node[0] != v:
                    continue
        k_in = i_len[v]
        k_out = o_len[v]
        if k_in + k_out > core_degree or work[0] > work_limit:
            break  # the rest is dense: it stays an uncontracted core
        ipop(q_key, q_node, q_pos, q_size)
        q_size -= 1
        if o_used > o_check:  # lists moved and contracted nodes' lists: compact the pools
            if o_used - o_cap.sum() > o_used // 3:
                o_used = compact(o_to, o_w, o_arc, o_start, o_len, o_cap)
            o_check = o_used + o_to.shape[0] // 8
        if i_used > i_check:
            if i_used - i_cap.sum() > i_used // 3:
                i_used = compact(i_to, i_w, i_arc, i_start, i_len, i_cap)
            i_check = i_used + i_to.shape[0] // 8
        # ---- contract v, with thorough witness searches this time
        if short_a.shape[0] < k_in * k_out + 1:
            short_a = np.empty(2 * k_in * k_out + 1, dtype=np.int64)
            short_b = np.empty(2 * k_in * k_out + 1, dtype=np.int64)
        if pair_need.shape[0] < k_in * k_in:
            pair_need = np.empty(2 * k_in * k_in, dtype=np.bool_)
        n_short, short_hops, generation, heap_key, heap_node = simulate(
            v, settle_limit, hop_limit, yes, o_start, o_len, o_to, o_w, o_arc, i_start, i_len,
            i_to, i_w, i_arc, arc_hops, dist, hops, stamp, mark, via_of, seen_at, generation,
            heap_key, heap_node, short_a, short_b, work, coords, code, scale, first_settle, pot,
            symmetric, pos_of, pos_at, pair_need)
        contracted[v] = True
        rank[v] = order
        order += 1
        last_u = -1
        for s in range(n_short):
            ia = short_a[s]
            ob = short_b[s]
            u = i_to[ia]
            w = o_to[ob]
            cost = i_w[ia] + o_w[ob]
            low = i_arc[ia]
            high = o_arc[ob]
            if u != last_u:  # (pairs come grouped by u) where u's arcs lead
                last_u = u
                generation += 1
                for k in range(o_len[u]):
                    slot_of[o_to[o_start[u] + k]] = k
                    slot_at[o_to[o_start[u] + k]] = generation
            if slot_at[w] == generation:  # an arc u -> w already: keep the cheaper
                k = o_start[u] + slot_of[w]
                if cost < o_w[k]:
                    a = o_arc[k]
                    o_w[k] = cost
                    arc_w[a] = cost
                    arc_low[a] = low
                    arc_high[a] = high
                    arc_hops[a] = arc_hops[low] + arc_hops[high]
                    for j in range(i_start[w], i_start[w] + i_len[w]):
                        if i_arc[j] == a:
                            i_w[j] = cost
                            break
                continue
            slot_of[w] = o_len[u]
            slot_at[w] = generation
            if n_arcs == arc_tail.shape[0]:
                if n_arcs >= MAX_ARCS:
                    raise OverflowError("hierarchies of 2**31 arcs or more are not supported")
                bigger = min(n_arcs + n_arcs // 4 + 64, MAX_ARCS)
                arc_tail = grown(arc_tail, n_arcs, bigger)
                arc_head = grown(arc_head, n_arcs, bigger)
                arc_w = grown(arc_w, n_arcs, bigger)
                arc_low = grown(arc_low, n_arcs, bigger)
                arc_high = grown(arc_high, n_arcs, bigger)
                arc_hops = grown(arc_hops, n_arcs, bigger)
            arc_tail[n_arcs] = u
            arc_head[n_arcs] = w
            arc_w[n_arcs] = cost
            arc_low[n_arcs] = low
            arc_high[n_arcs] = high
            arc_hops[n_arcs] = arc_hops[low] + arc_hops[high]
            o_to, o_w, o_arc, o_used = append_arc(o_to, o_w, o_arc, o_start, o_len, o_cap,
                                               o_used, u, w, cost, n_arcs)
            i_to, i_w, i_arc, i_used = append_arc(i_to, i_w, i_arc, i_start, i_len, i_cap,
                                               i_used, w, u, cost, n_arcs)
            n_arcs += 1
        # ---- neighbours: forget v, then estimate their priorities again
        if touched.shape[0] < k_in + k_out:
            touched = np.empty(2 * (k_in + k_out), dtype=np.int64)
        n_touched = 0
        generation += 1
        for k in range(k_in + k_out):
            x = i_to[i_start[v] + k] if k < k_in else o_to[o_start[v] + k - k_in]
            if mark[x] == generation:
                continue
            mark[x] = generation
            touched[n_touched] = x
            n_touched += 1
        for k in range(n_touched):
            x = touched[k]
            drop_arc(o_to, o_w, o_arc, o_start, o_len, x, v)
            drop_arc(i_to, i_w, i_arc, i_start, i_len, x, v)
            deleted[x] += 1
            level[x] = max(level[x], level[v] + 1)
        o_len[v] = i_len[v] = o_cap[v] = i_cap[v] = 0  # its lists are read no more
        for k in range(n_touched):
            x = touched[k]
            if i_len[x] + o_len[x] <= eager_degree:
                n_short, short_hops, generation, heap_key, heap_node = simulate(
                    x, quick_settle, quick_hops, no, o_start, o_len, o_to, o_w, o_arc, i_start,
                    i_len, i_to, i_w, i_arc, arc_hops, dist, hops, stamp, mark, via_of, seen_at,
                    generation, heap_key, heap_node, short_a, short_b, work, coords, code, scale,
                    first_settle, pot, symmetric, pos_of, pos_at, pair_need)
                estimate[x] = priority_estimate(
                    priority_weights, x, n_short, short_hops, i_start, i_len, i_arc, o_start,
                    o_len, o_arc, arc_hops)
            else:
                dirty[x] = True
            p = (priority_weights[0] * level[x] + priority_weights[4] * deleted[x]
                 + estimate[x])
            q_size = heap_set(q_key, q_node, q_pos, q_size, p, x)
    n_contracted = order
    for v in range(n):  # the core ranks above everything, in node order
        if not contracted[v]:
            rank[v] = order
            order += 1
    return (rank, n - n_contracted, arc_tail[:n_arcs], arc_head[:n_arcs], arc_w[:n_arcs],
            arc_low[:n_arcs], arc_high[:n_arcs])
