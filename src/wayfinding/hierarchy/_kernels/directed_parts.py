"""Kernels: the parts of the directed contraction (:mod:`.directed`): each node's live
arcs held inline (other end, cost, arc number) in lists that move to the end of a pool
when full, the indexed priority heap's set operation, and the simulation of contracting
a node (its witness searches, by the contraction's one witness search
:func:`live_search`, then :func:`aimed_search` for the targets left when the graph has
coordinates) with the priority estimate built from it.

Examples
--------
>>> import numpy as np
>>> keys, items, pos = np.empty(4), np.empty(4, np.int64), np.full(4, -1, np.int64)
>>> size = heap_set(keys, items, pos, 0, 2.0, 3)
>>> size = heap_set(keys, items, pos, size, 1.0, 1)
>>> size, int(items[0])
(2, 1)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._kernels.heap import ipush, push, sift_down, sift_up
from ...csr._kernels.heuristic import distance
from .common import grown_pair, pop


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
              coords, code, scale, first_settle, pot, symmetric, pos_of, pos_at,
              pair_need):  # pragma: no cover - numba
    """The shortcuts contracting ``x`` needs: their count and the original arcs they
    stand for; with ``record``, pairs ``(short_a[i], short_b[i])`` of positions in its
    in-list and out-list. Adds the arcs its searches looked at to ``work[0]``. Returns
    ``(n_short, short_hops, generation, heap_key, heap_node)``.

    With ``record`` and searches (``hop_limit`` > 1): when ``symmetric`` (every arc has
    its reverse at the same cost) the pair ``w -> u`` takes the answer of ``u -> w`` found
    earlier (``pos_of``/``pos_at``: each in-neighbour's position, ``pair_need``:
    bool[>= in-degree ** 2], the answers); with ``code`` non-zero, the search from ``u``
    settles at most ``first_settle`` nodes and :func:`aimed_search` (``coords``,
    ``scale``, scratch ``pot``) looks for the witnesses of the targets left."""
    n_short = 0
    short_hops = 0
    k_in = i_len[x]
    share = symmetric and record and hop_limit != 1
    if share:  # each pair's answer serves both ways: the position of each neighbour
        generation += 1
        for k in range(k_in):
            pos_of[i_to[i_start[x] + k]] = k
            pos_at[i_to[i_start[x] + k]] = generation
    for ia in range(i_start[x], i_start[x] + k_in):
        u = i_to[ia]
        ku = ia - i_start[x]
        w_u = i_w[ia]
        generation += 1
        fresh = generation  # (the aimed searches' stamps come after it)
        limit = 0.0
        targets_left = 0
        for ob in range(o_start[x], o_start[x] + o_len[x]):
            w = o_to[ob]
            if w == u or (share and pos_at[w] == pos_at[u] and pos_of[w] < ku):
                continue  # (w -> u answered: a witness reversed is one)
            via = w_u + o_w[ob]
            mark[w] = generation
            via_of[w] = via * (1.0 + 1e-12)
            targets_left += 1
            limit = max(limit, via_of[w])
        if targets_left == 0 and not share:
            continue
        if targets_left == 0:
            relaxed = 0
        elif hop_limit == 1:  # witnesses of one arc: no search needed
            for i in range(o_start[u], o_start[u] + o_len[u]):
                z = o_to[i]
                if mark[z] == generation and o_w[i] <= via_of[z]:
                    seen_at[z] = generation
            relaxed = o_len[u]
        elif hop_limit == 2:  # witnesses of two arcs: every such path looked at, no heap
            relaxed = two_arc_witnesses(u, x, limit, o_start, o_len, o_to, o_w, mark,
                                        via_of, seen_at, generation)
        else:
            # the witness search over the live arcs held inline per node
            aimed = record and code != 0
            heap_key, heap_node, relaxed = live_search(
                u, x, limit, targets_left, first_settle if aimed else settle_limit,
                hop_limit, o_start, o_len, o_to, o_w, dist, hops, stamp, mark, via_of,
                seen_at, generation, heap_key, heap_node)
            if aimed:  # the targets left: one search aimed at each
                for ob in range(o_start[x], o_start[x] + o_len[x]):
                    w = o_to[ob]
                    if w == u or mark[w] != generation or seen_at[w] == generation:
                        continue
                    fresh += 1
                    found, heap_key, heap_node, aimed_work = aimed_search(
                        u, x, w, via_of[w], settle_limit, o_start, o_len, o_to, o_w,
                        coords, code, scale, dist, stamp, pot, fresh, heap_key,
                        heap_node)
                    relaxed += aimed_work
                    if found:
                        seen_at[w] = generation
        work[0] += relaxed
        for ob in range(o_start[x], o_start[x] + o_len[x]):
            w = o_to[ob]
            if w == u:
                continue
            if share and pos_at[w] == pos_at[u]:
                kw = pos_of[w]
                if kw < ku:
                    needed = pair_need[kw * k_in + ku]
                else:
                    needed = seen_at[w] != generation
                    pair_need[ku * k_in + kw] = needed
                if not needed:
                    continue
            elif seen_at[w] == generation:
                continue
            if record:
                short_a[n_short] = ia
                short_b[n_short] = ob
            n_short += 1
            short_hops += arc_hops[i_arc[ia]] + arc_hops[o_arc[ob]]
        generation = fresh
    return n_short, short_hops, generation, heap_key, heap_node


@njit(cache=True, inline="always")
def two_arc_witnesses(u, x, limit, o_start, o_len, o_to, o_w, mark, via_of, seen_at,
                      generation):  # pragma: no cover - numba
    """Witnesses of at most two arcs from ``u``, never through ``x``: every target ``z``
    (``mark[z] == generation``) reached by ``u -> z`` or ``u -> y -> z`` at most
    ``via_of[z]`` gets ``seen_at[z] = generation``. A scan of the two-arc paths, which
    on a sparse graph are fewer than a heap's pushes and pops would cost. Returns the
    arcs looked at."""
    work = o_len[u]
    for i in range(o_start[u], o_start[u] + o_len[u]):
        y = o_to[i]
        d = o_w[i]
        if y == x or d > limit:
            continue
        if mark[y] == generation and d <= via_of[y]:
            seen_at[y] = generation
        work += o_len[y]
        for j in range(o_start[y], o_start[y] + o_len[y]):
            z = o_to[j]
            if mark[z] == generation and d + o_w[j] <= via_of[z]:
                seen_at[z] = generation
    return work


@njit(cache=True, inline="always")
def live_search(u, x, limit, targets_left, settle_limit, hop_limit, o_start, o_len, o_to,
                o_w, dist, hops, stamp, mark, via_of, seen_at, generation, heap_key,
                heap_node):  # pragma: no cover - numba
    """The bounded Dijkstra search of a contraction: from ``u``, never through ``x`` (the
    node being contracted), looking for *witnesses*, paths to the targets (``mark[w] ==
    generation``) no longer than ``via_of[w]``; each target found gets ``seen_at[w] =
    generation``. It stops once every target has one, past ``limit`` (the largest
    ``via_of``: nodes reached beyond it are left off the heap), after ``settle_limit``
    settled nodes; paths longer than ``hop_limit`` arcs are not extended. It reads the
    live arcs held inline per node, each arc's cost compared with ``limit`` before its
    head is looked up (fewer cache misses). Returns ``(heap_key, heap_node, work)``, the
    heap arrays grown if they had to be, ``work`` the arcs looked at."""
    work = 0
    dist[u] = 0.0
    hops[u] = 0
    stamp[u] = generation
    heap_key[0] = 0.0
    heap_node[0] = u
    size = 1
    settled = 0
    while size > 0 and settled < settle_limit and targets_left > 0:
        d_top, y, size = pop(heap_key, heap_node, size)
        if d_top > dist[y]:
            continue
        if d_top > limit:
            break
        settled += 1
        if hops[y] >= hop_limit:
            continue
        work += o_len[y]
        next_hops = hops[y] + 1
        if size + o_len[y] > heap_key.shape[0]:  # room for every push below: the loop
            # reassigns no array (see .common)
            heap_key, heap_node = grown_pair(heap_key, heap_node, size, o_len[y])
        for i in range(o_start[y], o_start[y] + o_len[y]):
            nd = d_top + o_w[i]
            if nd > limit:
                continue
            z = o_to[i]
            if z == x:
                continue
            if stamp[z] != generation or nd < dist[z]:
                stamp[z] = generation
                dist[z] = nd
                hops[z] = next_hops
                if mark[z] == generation and seen_at[z] != generation and (
                        nd <= via_of[z]):
                    seen_at[z] = generation  # a witness for target z
                    targets_left -= 1
                    if targets_left == 0:
                        break
                size = push(heap_key, heap_node, size, nd, z)
    return heap_key, heap_node, work


@njit(cache=True, inline="always")
def aimed_search(u, x, w, bound, settle_limit, o_start, o_len, o_to, o_w, coords, code,
                 scale, dist, stamp, pot, generation, heap_key, heap_node):  # pragma: no cover
    """A* from ``u`` to ``w`` avoiding ``x``, by the lower bound ``scale * distance``
    (``code``: :func:`~wayfinding.csr._kernels.heuristic.distance`), nodes whose bound
    exceeds ``bound`` left out, at most ``settle_limit`` nodes settled: is there a path
    of cost at most ``bound`` (a witness)? Returns ``(found, heap_key, heap_node,
    work)``, ``work`` the arcs looked at. Nodes whose stamp is ``generation`` hold
    ``dist`` and their bound in ``pot``."""
    work = 0
    stamp[u] = generation
    dist[u] = 0.0
    pot[u] = scale * distance(code, coords, u, w)
    if pot[u] > bound:
        return False, heap_key, heap_node, work
    heap_key[0] = pot[u]
    heap_node[0] = u
    size = 1
    settled = 0
    while size > 0 and settled < settle_limit:
        key, y, size = pop(heap_key, heap_node, size)
        if key > dist[y] + pot[y]:
            continue
        if y == w:
            return dist[y] <= bound, heap_key, heap_node, work
        settled += 1
        d = dist[y]
        work += o_len[y]
        if size + o_len[y] > heap_key.shape[0]:
            heap_key, heap_node = grown_pair(heap_key, heap_node, size, o_len[y])
        for i in range(o_start[y], o_start[y] + o_len[y]):
            z = o_to[i]
            if z == x:
                continue
            nd = d + o_w[i]
            if stamp[z] != generation:
                stamp[z] = generation
                pot[z] = scale * distance(code, coords, z, w)
            elif nd >= dist[z]:
                continue
            if nd + pot[z] > bound:
                dist[z] = np.inf
                continue
            dist[z] = nd
            size = push(heap_key, heap_node, size, nd + pot[z], z)
    return False, heap_key, heap_node, work


@njit(cache=True)  # called, not inlined: copies cost compile time (benchmarks/NOTES.md)
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
