"""Kernel: a query on the contraction hierarchy of a directed graph (:mod:`.directed`).

Nodes are numbered from the top down (a lower number contracted later). A forward Dijkstra
search from the source climbs the *up* arcs (``x -> y``, ``y < x``), a backward one from
the target climbs the *down* arcs turned around (an arc ``y -> x`` with ``y < x`` is
listed under ``x``); each stops once its smallest key reaches the best meeting cost
found, and skips (*stalls*) a node that a higher node reaches more cheaply (stall on
demand, Geisberger et al. 2008). With an uncontracted core, the upward searches stop at
the core's nodes; once both are done, a bidirectional search across the core starts from
the nodes each reached (at their costs) and stops as soon as the sum of its two smallest
keys reaches the best cost found, as plain bidirectional searches do (the CH rule above
would let each side cross the whole core, settling twice the nodes:
``benchmarks/NOTES.md``, "Hierarchies"). The arcs of the best path are then unpacked into
arcs of the graph; a node met twice (possible only along zero-cost cycles) cuts the loop out,
so the path is simple.

Examples
--------
>>> import numpy as np
>>> from wayfinding.hierarchy.directed import build_directed
>>> h = build_directed(3, np.array([0, 1]), np.array([1, 2]), np.array([1.0, 2.0]))
>>> int(h.order.shape[0]), round(float(h.up_w.sum() + h.down_w.sum()), 1) >= 3.0
(3, True)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._kernels.codes import STATUS_BROKEN, STATUS_EXHAUSTED, STATUS_FOUND, STATUS_HEAP_FULL
from ..._kernels.heap import pop_into, push
from ...csr._kernels.heuristic import distance
from .common import owner


@njit(cache=True, nogil=True)
def updown(up_start, up_to, up_w, up_mid, down_start, down_to, down_w, down_mid, core,
           coords, code, scale, s, t, generation,
           stamp_f, dist_f, par_f, pot_f, stamp_b, dist_b, par_b, pot_b, heap_kf, heap_nf,
           heap_kb, heap_nb, path, path_cost):  # pragma: no cover - numba
    """Cheapest path from hierarchy node ``s`` to ``t`` (``s != t``).

    Nodes numbered below ``core`` (an uncontracted core, its arcs listed both ways, or a
    part of it) are not checked for stalls: there every arc is both up and down, and the
    check would scan them all again to find nothing to stall. The upward searches set
    them aside (at the start of ``path``, and from ``2 n + 16``) without scanning their
    arcs; the search across the core starts from them once both upward searches are done
    (potentials, below, are consistent, so its stopping rule holds on reduced costs).

    Goal direction: with ``code`` ``H_EUCLIDEAN`` or ``H_GREAT_CIRCLE`` (0: none),
    ``coords`` (float64[n, 2], hierarchy numbering) and ``scale`` (``scale *
    distance`` at most the cost of every arc, as
    :func:`wayfinding.csr._kernels.heuristic.edge_scale` gives; shortcuts are paths, so
    at most theirs too), both searches order their nodes by cost plus the average
    potential ``(lb(x, t) - lb(s, x)) / 2`` (forward; its negative backward), a
    consistent one, and stop once their smallest key reaches the best meeting cost
    minus ``lb(s, t) / 2``: nodes leading away from the other end are left unsettled.

    Workspace: per-node ``stamp_*`` (int64, a slot counts when it equals ``generation``,
    new for each query), ``dist_*`` (float64), ``par_*`` (int64: the entry of the up
    list, forward, or down list, backward, a node was reached by), ``pot_*`` (float64:
    its potential) for both sides; heaps
    ``heap_k*``/``heap_n*``; ``path`` (int64[>= 6 * n + 64]: the path's nodes are
    written at its start, the rest is scratch) and
    ``path_cost`` (float64[>= n + 8]: the cost from ``s`` to each node of the path).

    Returns ``(status, cost, n_path, settled)``: ``STATUS_FOUND`` with the nodes in
    ``path[:n_path]``, ``STATUS_EXHAUSTED`` (no path), ``STATUS_HEAP_FULL`` (grow the
    heaps and ask again) or ``STATUS_BROKEN`` (inconsistent data).
    """
    n = up_start.shape[0] - 1
    half = 0.5 * scale if code != 0 else 0.0  # the potentials: half * (d(x, t) - d(s, x))
    offset = -half * distance(code, coords, s, t) if code != 0 else 0.0
    cap_f = heap_kf.shape[0]
    cap_b = heap_kb.shape[0]
    stamp_f[s] = generation
    dist_f[s] = 0.0
    par_f[s] = -1
    pot_f[s] = -offset
    stamp_b[t] = generation
    dist_b[t] = 0.0
    par_b[t] = -1
    pot_b[t] = -offset
    heap_kf[0] = -offset
    heap_nf[0] = s
    heap_kb[0] = -offset
    heap_nb[0] = t
    size_f = 1
    size_b = 1
    best = np.inf
    meet = -1
    settled = 0
    # core nodes reached by the upward searches wait (forward ones at the start of
    # ``path``, backward ones from ``2 n + 16``) for the search across the core
    seeds_b = 2 * n + 16
    n_seed_f = 0
    n_seed_b = 0
    across = False
    while True:
        if not across and size_f == 0 and size_b == 0:
            if n_seed_f == 0 or n_seed_b == 0:
                break  # one side never reached the core: no path crosses it
            if n_seed_f > cap_f or n_seed_b > cap_b:
                return STATUS_HEAP_FULL, np.inf, 0, settled
            for i in range(n_seed_f):
                x = path[i]
                size_f = push(heap_kf, heap_nf, size_f, dist_f[x] + pot_f[x], x)
            for i in range(n_seed_b):
                x = path[seeds_b + i]
                size_b = push(heap_kb, heap_nb, size_b, dist_b[x] + pot_b[x], x)
            across = True
        if across and (size_f == 0 or size_b == 0 or heap_kf[0] + heap_kb[0] >= best):
            break  # the two searches across the core have met (reduced costs)
        forward = size_f > 0 and (size_b == 0 or heap_kf[0] <= heap_kb[0])
        if forward:
            key = heap_kf[0]
            x = heap_nf[0]
            size_f -= 1
            pop_into(heap_kf, heap_nf, size_f)
            if not across and key >= best + offset:
                size_f = 0
                continue
            d = dist_f[x]
            if key > d + pot_f[x]:
                continue
            if stamp_b[x] == generation and d + dist_b[x] < best:
                best = d + dist_b[x]
                meet = x
            if x < core and not across:  # (settled in the search across the core)
                path[n_seed_f] = x
                n_seed_f += 1
                continue
            settled += 1
            stalled = False
            for e in range(down_start[x], down_start[x + 1] if x >= core else 0):
                y = down_to[e]  # an arc y -> x from above: does it reach x cheaper?
                if stamp_f[y] == generation and dist_f[y] + down_w[e] < d:
                    stalled = True
                    break
            if stalled:
                continue
            for e in range(up_start[x], up_start[x + 1]):
                y = up_to[e]
                nd = d + up_w[e]
                if stamp_f[y] != generation or nd < dist_f[y]:
                    if size_f == cap_f:
                        return STATUS_HEAP_FULL, np.inf, 0, settled
                    if stamp_f[y] != generation:
                        stamp_f[y] = generation
                        pot_f[y] = (half * (distance(code, coords, y, t)
                                            - distance(code, coords, s, y))
                                    if code != 0 else 0.0)
                    dist_f[y] = nd
                    par_f[y] = e
                    size_f = push(heap_kf, heap_nf, size_f, nd + pot_f[y], y)
                    if across and stamp_b[y] == generation and nd + dist_b[y] < best:
                        best = nd + dist_b[y]
                        meet = y
        else:
            key = heap_kb[0]
            x = heap_nb[0]
            size_b -= 1
            pop_into(heap_kb, heap_nb, size_b)
            if not across and key >= best + offset:
                size_b = 0
                continue
            d = dist_b[x]
            if key > d + pot_b[x]:
                continue
            if stamp_f[x] == generation and d + dist_f[x] < best:
                best = d + dist_f[x]
                meet = x
            if x < core and not across:  # (settled in the search across the core)
                path[seeds_b + n_seed_b] = x
                n_seed_b += 1
                continue
            settled += 1
            stalled = False
            for e in range(up_start[x], up_start[x + 1] if x >= core else 0):
                y = up_to[e]  # an arc x -> y to above: does y reach t cheaper through it?
                if stamp_b[y] == generation and dist_b[y] + up_w[e] < d:
                    stalled = True
                    break
            if stalled:
                continue
            for e in range(down_start[x], down_start[x + 1]):
                y = down_to[e]
                nd = d + down_w[e]
                if stamp_b[y] != generation or nd < dist_b[y]:
                    if size_b == cap_b:
                        return STATUS_HEAP_FULL, np.inf, 0, settled
                    if stamp_b[y] != generation:
                        stamp_b[y] = generation
                        pot_b[y] = (half * (distance(code, coords, s, y)
                                            - distance(code, coords, y, t))
                                    if code != 0 else 0.0)
                    dist_b[y] = nd
                    par_b[y] = e
                    size_b = push(heap_kb, heap_nb, size_b, nd + pot_b[y], y)
                    if across and stamp_f[y] == generation and nd + dist_f[y] < best:
                        best = nd + dist_f[y]
                        meet = y
    if meet < 0:
        return STATUS_EXHAUSTED, np.inf, 0, settled
    n_path = unpack(up_start, up_to, up_w, up_mid, down_start, down_to, down_w, down_mid,
                    par_f, par_b, s, t, meet, generation, stamp_f, path, path_cost)
    if n_path < 0:
        return STATUS_BROKEN, np.inf, 0, settled
    return STATUS_FOUND, best, n_path, settled


@njit(cache=True, nogil=True, inline="always")
def _find(start, to, x, y):  # pragma: no cover - numba
    """The entry of ``y`` in node ``x``'s list (-1: none)."""
    for e in range(start[x], start[x + 1]):
        if to[e] == y:
            return e
    return -1


@njit(cache=True, nogil=True)
def arc_of(up_start, up_to, up_w, up_mid, down_start, down_to, down_w, down_mid, u,
           v):  # pragma: no cover - numba
    """``(cost, mid)`` of the hierarchy's arc ``u -> v`` (``mid`` -1 for an arc of the
    graph; cost -1 when there is no such arc): listed in the up list of ``u`` when ``u``
    is the lower end (the higher number), else in the down list of ``v``."""
    if u > v:
        e = _find(up_start, up_to, u, v)
        if e >= 0:
            return up_w[e], up_mid[e]
    else:
        e = _find(down_start, down_to, v, u)
        if e >= 0:
            return down_w[e], down_mid[e]
    return -1.0, -1


@njit(cache=True, nogil=True)
def unpack(up_start, up_to, up_w, up_mid, down_start, down_to, down_w, down_mid, par_f,
           par_b, s, t, meet, generation, seen, path, path_cost):  # pragma: no cover - numba
    """The nodes of the path ``s -> meet -> t`` given by the parent entries, unpacked
    into graph arcs, into ``path`` (their costs from ``s`` into ``path_cost``); returns
    their count (-1: inconsistent data).

    The chain of hierarchy arcs goes on a stack of node pairs ``(tail, head)`` read from
    the top, the path's first arc on top; a shortcut is replaced by its halves through
    its middle node (numbered above both ends, so unpacking ends). ``seen`` (int64[n])
    is reused as a mark of the path's nodes, stamped ``-generation`` (a search's stamps
    are positive, so they never collide)."""
    n = up_start.shape[0] - 1
    limit = n + 16  # the chain of hierarchy arcs: at most one per node
    stack = path[n + 8:]
    stack_room = stack.shape[0] - 1
    top = 0
    x = meet
    while x != t:  # count the backward arcs, then write them last one first
        e = par_b[x]
        if e < 0 or top >= limit:
            return -1
        top += 1
        x = owner(down_start, e)
    x = meet
    for k in range(top - 1, -1, -1):
        e = par_b[x]
        y = owner(down_start, e)  # the arc x -> y, listed in y's down list
        stack[2 * k] = x
        stack[2 * k + 1] = y
        x = y
    x = meet
    while x != s:
        e = par_f[x]
        if e < 0 or top >= 2 * limit:
            return -1
        y = owner(up_start, e)  # the arc y -> x, listed in y's up list
        stack[2 * top] = y  # the forward arcs s -> meet, last one first: the first on top
        stack[2 * top + 1] = x
        top += 1
        x = y
    path[0] = s
    path_cost[0] = 0.0
    n_path = 1
    seen_mark = -generation
    seen[s] = seen_mark  # position kept in the path itself: search back when met again
    budget = 64 * (n + 16)
    while top > 0:
        budget -= 1
        if budget < 0:
            return -1
        top -= 1
        u = stack[2 * top]
        v = stack[2 * top + 1]
        cost, mid = arc_of(up_start, up_to, up_w, up_mid, down_start, down_to, down_w,
                           down_mid, u, v)
        if cost < 0.0:
            return -1
        if mid >= 0:
            if 2 * (top + 2) > stack_room:
                return -1
            stack[2 * top] = mid  # mid -> v, popped second
            stack[2 * top + 1] = v
            stack[2 * top + 2] = u  # u -> mid, popped first
            stack[2 * top + 3] = mid
            top += 2
            continue
        if seen[v] == seen_mark:  # a loop of zero-cost arcs: cut it out
            while path[n_path - 1] != v:
                n_path -= 1
                seen[path[n_path]] = 0
            continue
        if n_path >= n + 8:
            return -1
        seen[v] = seen_mark
        path[n_path] = v
        path_cost[n_path] = path_cost[n_path - 1] + cost
        n_path += 1
    return n_path
