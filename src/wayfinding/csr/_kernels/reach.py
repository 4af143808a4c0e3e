"""Kernels: reachability on a CSR graph in slices, for the lazy iterators of
:mod:`wayfinding.csr.reach` (each call does a bounded amount of work and keeps its place
in ``state``, so a caller that stops early has paid for little more than it took).

:func:`bfs_slice` expands up to ``budget`` nodes in breadth-first order; the nodes
reached, in order, are ``order[:state[R_COUNT]]`` (the queue itself). ``work`` =
``(seen, order, parent)``: uint8[n], int64[n], int64[n] (written).

:func:`dijkstra_slice` settles up to ``budget`` nodes in order of cost, appending each to
``order``; ``work`` = ``(g, parent, done, order, heap_key, heap_node)``. It returns
``STATUS_HEAP_FULL`` (grow the heap, call again: nothing is lost) before a settle whose
edges might not fit.

``state`` int64: ``R_HEAD`` (next node to expand / heap entries), ``R_COUNT`` (nodes
reached or settled). Both return ``STATUS_PAUSED`` while there is more to do, else
``STATUS_EXHAUSTED``.
"""

from __future__ import annotations

from numba import njit

from ..._kernels.codes import R_COUNT, R_HEAD, STATUS_EXHAUSTED, STATUS_HEAP_FULL, STATUS_PAUSED
from ..._kernels.heap import pop_into, push

__all__ = ["bfs_slice", "dijkstra_slice"]


@njit(cache=True, nogil=True)
def bfs_slice(graph, work, state, budget):  # pragma: no cover - numba
    """Breadth-first expansion of up to ``budget`` more nodes (module docstring)."""
    indptr, indices = graph
    seen, order, parent = work
    head = state[R_HEAD]
    count = state[R_COUNT]
    stop = head + budget
    while head < count and head < stop:
        u = order[head]
        head += 1
        for e in range(indptr[u], indptr[u + 1]):
            v = indices[e]
            if not seen[v]:
                seen[v] = 1
                parent[v] = u
                order[count] = v
                count += 1
    state[R_HEAD] = head
    state[R_COUNT] = count
    return STATUS_PAUSED if head < count else STATUS_EXHAUSTED


@njit(cache=True, nogil=True)
def dijkstra_slice(graph, work, state, budget):  # pragma: no cover - numba
    """Settle up to ``budget`` more nodes in order of cost (module docstring)."""
    indptr, indices, costs = graph
    g, parent, done, order, heap_key, heap_node = work
    size = state[R_HEAD]
    count = state[R_COUNT]
    stop = count + budget
    capacity = heap_key.shape[0]
    while size > 0 and count < stop:
        u = heap_node[0]
        key = heap_key[0]
        if done[u] or key > g[u]:
            size -= 1
            pop_into(heap_key, heap_node, size)
            continue
        if size - 1 + indptr[u + 1] - indptr[u] > capacity:
            state[R_HEAD] = size
            state[R_COUNT] = count
            return STATUS_HEAP_FULL
        size -= 1
        pop_into(heap_key, heap_node, size)
        done[u] = 1
        order[count] = u
        count += 1
        for e in range(indptr[u], indptr[u + 1]):
            v = indices[e]
            new_cost = key + costs[e]
            if done[v] or new_cost >= g[v]:
                continue
            g[v] = new_cost
            parent[v] = u
            size = push(heap_key, heap_node, size, new_cost, v)
    state[R_HEAD] = size
    state[R_COUNT] = count
    return STATUS_PAUSED if size > 0 else STATUS_EXHAUSTED

