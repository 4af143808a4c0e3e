"""Kernels: distances on a directed contraction hierarchy (:mod:`.directed`), no paths.

The hierarchy's upward graphs come packed in two arrays
(:func:`wayfinding.hierarchy.queries.pack`), so a call takes few arguments (numba
converts each argument on every call, which cost more than a query on a road graph
takes: ``benchmarks/NOTES.md``, "Hierarchies"): ``q_int`` (int32: ``n``, ``core``, the up
and down arc counts, then ``up_start``, ``down_start``, ``up_to``, ``down_to``) and
``q_w`` (float64: ``up_w``, ``down_w``). Nodes are numbered from the top down, as
:class:`~wayfinding.hierarchy.directed.ArcHierarchy` numbers them.

- :mod:`.pairs`: one pair, and many pairs in one compiled loop.
- :func:`bucket_table`: many-to-many by buckets (Knopp, Sanders, Schultes, Schulz and
  Wagner, "Computing Many-to-Many Shortest Paths Using Highway Hierarchies", ALENEX 2007,
  with CH searches): the backward search space of each target is left in buckets at its
  nodes, then each source's forward search reads the buckets of the nodes it settles.
- :func:`sweep`: one-to-all (PHAST: Delling, Goldberg, Nowatzyk and Werneck 2011): the
  upward search of the source, then every node in order from the top pulls its cost
  through the arcs from above.

Workspace (tables and sweeps): ``w_int`` (int64: a stamp per node for each side, then
the two heaps' nodes) and ``w_float`` (float64: a cost per node for each side, then the
heaps' keys), each ``2 n + 2 cap`` long; stamps count when equal to the query's
generation.

Examples
--------
>>> import numpy as np
>>> from wayfinding.hierarchy.directed import build_directed
>>> h = build_directed(3, np.array([0, 1]), np.array([1, 2]), np.array([1.0, 2.0]))
>>> from wayfinding.hierarchy.queries import pack, workspace
>>> q_int, q_w = pack(h)
>>> w_int, w_float = workspace(3, 16)
>>> inv = np.empty(3, np.int64); inv[h.order] = np.arange(3)
>>> out = np.empty(3)
>>> status, gen = sweep(q_int, q_w, inv[0], 0, w_int, w_float, np.empty(3, np.int64), out)
>>> out[inv].tolist()
[0.0, 1.0, 3.0]
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._kernels.codes import STATUS_FOUND, STATUS_HEAP_FULL
from ..._kernels.heap import pop_into, push

#: Header fields of ``q_int``.
HEADER = 4


@njit(cache=True, nogil=True, inline="always")
def parts(q_int, q_w):  # pragma: no cover - numba
    """Views of the packed hierarchy: ``(n, core, up_start, down_start, up_to, down_to,
    up_w, down_w)``."""
    n = q_int[0]
    core = q_int[1]
    m_up = q_int[2]
    m_down = q_int[3]
    o = HEADER
    up_start = q_int[o:o + n + 1]
    o += n + 1
    down_start = q_int[o:o + n + 1]
    o += n + 1
    up_to = q_int[o:o + m_up]
    o += m_up
    down_to = q_int[o:o + m_down]
    return (n, core, up_start, down_start, up_to, down_to, q_w[:m_up],
            q_w[m_up:m_up + m_down])


@njit(cache=True, nogil=True, inline="always")
def _upward(x0, core, start, to, w, stall_start, stall_to, stall_w, gen, stamp, dist,
            key, node, done, n_done):  # pragma: no cover - numba
    """The whole upward search from ``x0`` over the arcs ``start``/``to``/``w`` (stall
    on demand through ``stall_*``): the nodes it settles, not stalled, appended to
    ``done`` from ``n_done``. Returns the new ``n_done``, or -1 when the heap (``key``,
    ``node``) or ``done`` is full."""
    cap = key.shape[0]
    stamp[x0] = gen
    dist[x0] = 0.0
    key[0] = 0.0
    node[0] = x0
    size = 1
    while size > 0:
        d = key[0]
        x = node[0]
        size -= 1
        pop_into(key, node, size)
        if d > dist[x]:
            continue
        stalled = False
        if x >= core:
            for e in range(stall_start[x], stall_start[x + 1]):
                y = stall_to[e]
                if stamp[y] == gen and dist[y] + stall_w[e] < d:
                    stalled = True
                    break
        if stalled:
            continue
        if n_done == done.shape[0]:
            return -1
        done[n_done] = x
        n_done += 1
        for e in range(start[x], start[x + 1]):
            y = to[e]
            nd = d + w[e]
            if stamp[y] != gen or nd < dist[y]:
                if size == cap:
                    return -1
                stamp[y] = gen
                dist[y] = nd
                size = push(key, node, size, nd, y)
    return n_done


@njit(cache=True, nogil=True)
def bucket_table(q_int, q_w, sources, targets, gen, w_int, w_float, entries,
                 out):  # pragma: no cover - numba
    """``out[i, j]`` (float64[S, T], filled with inf by the caller) = cost from
    hierarchy node ``sources[i]`` to ``targets[j]``. ``entries`` (int64[k]) is scratch
    for the buckets: the nodes of every target's backward search space. Returns
    ``(status, gen)``: ``STATUS_HEAP_FULL`` when the heaps or ``entries`` were too small
    (grow both and call again), else ``STATUS_FOUND``."""
    n, core, up_start, down_start, up_to, down_to, up_w, down_w = parts(q_int, q_w)
    cap = (w_int.shape[0] - 2 * n) // 2
    stamp = w_int[:n]
    node = w_int[2 * n:2 * n + cap]
    dist = w_float[:n]
    key = w_float[2 * n:2 * n + cap]
    n_t = targets.shape[0]
    # backward search spaces, one after the other: entries[first[j]:first[j + 1]]
    first = np.zeros(n_t + 1, dtype=np.int64)
    cost = np.empty(entries.shape[0])
    used = 0
    for j in range(n_t):
        gen += 1
        end = _upward(targets[j], core, down_start, down_to, down_w, up_start, up_to, up_w,
                      gen, stamp, dist, key, node, entries, used)
        if end < 0:
            return STATUS_HEAP_FULL, gen
        for k in range(used, end):
            cost[k] = dist[entries[k]]
        used = end
        first[j + 1] = used
    # buckets: the entries grouped by node (a counting sort)
    bucket = np.zeros(n + 1, dtype=np.int64)
    for k in range(used):
        bucket[entries[k] + 1] += 1
    for x in range(n):
        bucket[x + 1] += bucket[x]
    fill = bucket[:n].copy()
    b_target = np.empty(used, dtype=np.int32)
    b_cost = np.empty(used)
    for j in range(n_t):
        for k in range(first[j], first[j + 1]):
            x = entries[k]
            b_target[fill[x]] = j
            b_cost[fill[x]] = cost[k]
            fill[x] += 1
    done = np.empty(max(used, 16), dtype=np.int64)
    for i in range(sources.shape[0]):
        gen += 1
        end = 0
        while True:
            end = _upward(sources[i], core, up_start, up_to, up_w, down_start, down_to,
                          down_w, gen, stamp, dist, key, node, done, 0)
            if end >= 0:
                break
            if done.shape[0] >= n:  # the heap, not the list, was full
                return STATUS_HEAP_FULL, gen
            done = np.empty(min(2 * done.shape[0], n), dtype=np.int64)
            gen += 1
        row = out[i]
        for k in range(end):
            x = done[k]
            d = dist[x]
            for b in range(bucket[x], bucket[x + 1]):
                c = d + b_cost[b]
                if c < row[b_target[b]]:
                    row[b_target[b]] = c
    return STATUS_FOUND, gen


@njit(cache=True, nogil=True)
def sweep(q_int, q_w, s, gen, w_int, w_float, done, out):  # pragma: no cover - numba
    """``out[x]`` (float64[n], output) = cost from hierarchy node ``s`` to every node
    ``x`` (inf: unreachable). ``done`` (int64[k]) is scratch for the upward search.
    Returns ``(status, gen)``: ``STATUS_HEAP_FULL`` when the heap or ``done`` was too
    small (grow both, call again), else ``STATUS_FOUND``."""
    n, core, up_start, down_start, up_to, down_to, up_w, down_w = parts(q_int, q_w)
    cap = (w_int.shape[0] - 2 * n) // 2
    stamp = w_int[:n]
    dist = w_float[:n]
    gen += 1
    end = _upward(s, core, up_start, up_to, up_w, down_start, down_to, down_w, gen, stamp,
                  dist, w_float[2 * n:2 * n + cap], w_int[2 * n:2 * n + cap], done, 0)
    if end < 0:
        return STATUS_HEAP_FULL, gen
    out[:] = np.inf
    for k in range(end):
        out[done[k]] = dist[done[k]]
    for x in range(core, n):  # from the top down: every arc into x comes from above
        best = out[x]
        for e in range(down_start[x], down_start[x + 1]):
            c = out[down_to[e]] + down_w[e]
            if c < best:
                best = c
        out[x] = best
    return STATUS_FOUND, gen
