"""Kernel: queue-based Bellman-Ford on a CSR graph, with Cherkassky and Goldberg's
amortized search for negative cycles (see :mod:`wayfinding.graph.bellman_ford`).

A FIFO ring of nodes whose cost dropped since they were last scanned (each node at most
once in it); after every ``n_reached`` cost changes the parent pointers are walked once
(``O(n_reached)``): a cycle among them has negative cost, and one appears after finitely
many scans whenever a negative cycle is reachable.

Records: ``graph`` = ``(indptr, indices, costs)`` (read); ``work`` = ``(g, parent,
queued, ring, touched, mark)``: ``g`` float64[n] (``inf`` unreached), ``parent`` int64[n],
``queued`` uint8[n], ``ring`` int64[n] the queue, ``touched`` int64[n] nodes in order of
first reach, ``mark`` int64[n] walk numbers (all written). ``state`` int64 ``BF_*``.

:func:`relax` returns ``STATUS_EXHAUSTED`` (every cost final), ``STATUS_PAUSED`` (the
expansion ``budget`` ran out: call again) or ``STATUS_FOUND``: a negative cycle, through
node ``state[BELL_CYCLE]`` along ``parent``.
"""

from __future__ import annotations

import math

from numba import njit

from ..._kernels.codes import (
    BELL_CHANGES,
    BELL_CYCLE,
    BELL_EXPANDED,
    BELL_HEAD,
    BELL_QUEUED,
    BELL_STATUS,
    BELL_TOUCHED,
    BELL_WALK,
    STATUS_EXHAUSTED,
    STATUS_FOUND,
    STATUS_NEW,
    STATUS_PAUSED,
)

__all__ = ["relax"]


@njit(cache=True, nogil=True)
def _cycle_node(parent, touched, n_touched, mark, walk):  # pragma: no cover - numba
    """Walk the parent pointers from every reached node (each passed once); return a node
    on a cycle among them, or -1, and the walks' last number."""
    first = walk + 1
    for i in range(n_touched):
        v = touched[i]
        if mark[v] >= first:
            continue
        walk += 1
        while v >= 0 and mark[v] < first:
            mark[v] = walk
            v = parent[v]
        if v >= 0 and mark[v] == walk:
            return v, walk
    return -1, walk


@njit(cache=True, nogil=True)
def relax(graph, starts, work, state, budget):  # pragma: no cover - numba
    """Bellman-Ford from ``starts`` (module docstring); resumable."""
    indptr, indices, costs = graph
    g, parent, queued, ring, touched, mark = work
    n = g.shape[0]
    if state[BELL_STATUS] == STATUS_NEW:
        n_touched = 0
        tail = 0
        for i in range(starts.shape[0]):
            s = starts[i]
            if g[s] == 0.0 and queued[s]:
                continue
            g[s] = 0.0
            parent[s] = -1
            queued[s] = 1
            touched[n_touched] = s
            n_touched += 1
            ring[tail] = s
            tail += 1
        head = 0
        in_ring = tail
        expanded = 0
        changes = 0
        walk = 0
    else:
        head = state[BELL_HEAD]
        in_ring = state[BELL_QUEUED]
        n_touched = state[BELL_TOUCHED]
        expanded = state[BELL_EXPANDED]
        changes = state[BELL_CHANGES]
        walk = state[BELL_WALK]
    stop = expanded + budget
    status = STATUS_EXHAUSTED
    while in_ring > 0:
        if expanded >= stop:
            status = STATUS_PAUSED
            break
        u = ring[head]
        head += 1
        if head == n:
            head = 0
        in_ring -= 1
        queued[u] = 0
        expanded += 1
        gu = g[u]
        for e in range(indptr[u], indptr[u + 1]):
            v = indices[e]
            new_cost = gu + costs[e]
            if new_cost >= g[v]:
                continue
            if g[v] == math.inf:
                touched[n_touched] = v
                n_touched += 1
            g[v] = new_cost
            parent[v] = u
            if not queued[v]:
                queued[v] = 1
                tail = head + in_ring
                ring[tail - n if tail >= n else tail] = v
                in_ring += 1
            changes += 1
            if changes >= n_touched:
                changes = 0
                node, walk = _cycle_node(parent, touched, n_touched, mark, walk)
                if node >= 0:
                    state[BELL_CYCLE] = node
                    status = STATUS_FOUND
                    break
        if status == STATUS_FOUND:
            break
    state[BELL_HEAD] = head
    state[BELL_QUEUED] = in_ring
    state[BELL_TOUCHED] = n_touched
    state[BELL_EXPANDED] = expanded
    state[BELL_CHANGES] = changes
    state[BELL_WALK] = walk
    state[BELL_STATUS] = status
    return status
