"""Kernel: the deviations of one path in Yen's k shortest loopless paths on a CSR graph.

For the last path found ``P`` (``found[offsets[n_found - 1]:offsets[n_found]]``) and each
spur index ``i`` from ``begin`` on, one *spur search*: A* from ``P[i]`` to a goal with the
nodes ``P[0..i-1]`` removed and the edges ``P[i] -> q[i + 1]`` of every path ``q`` found so
far that shares ``P[0..i]`` removed, guided by ``bound`` (the exact cost to a goal in the
whole graph: consistent, and a lower bound once edges are removed; ``inf`` prunes a node
that cannot reach a goal). Each spur path found is written out as a candidate
``P[0..i-1] + spur``, with its cost and its spur index (Lawler's saving: a candidate's
own deviations start there).

Records (tuples of arrays, read or written as named):

* ``graph`` = ``(indptr, indices, costs)``, read;
* ``search`` = ``(bound, is_goal)``: float64[n] lower bounds, uint8[n] goal marks, read;
* ``paths`` = ``(found, offsets)``: the paths found so far, flat, read;
* ``work`` = ``(stamp, g, parent, ban, heap_key, heap_node, prefix)``: per-node buffers
  written by the searches (``stamp``/``ban`` int32 generation stamps, never cleared: the
  caller's ``state[Y_GEN]`` numbers the spur searches), the lazy heap, and the prefix
  costs of ``P``;
* ``out`` = ``(cells, starts, cost, spur)``: the candidates written, flat (``starts`` has
  one more slot than candidates);
* ``state`` int64: ``Y_GEN``, ``Y_EXPANDED``, ``Y_NEXT`` (the spur index to go on from),
  ``Y_OUT`` (candidates written).

Returns ``STATUS_FOUND`` when every spur index is done, ``STATUS_PAUSED`` when the
expansion ``budget`` ran out (between two spur searches), ``STATUS_HEAP_FULL`` (grow the
heap) or ``STATUS_BROKEN`` (grow ``out``): call again from ``state[Y_NEXT]``.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..._kernels.codes import (
    STATUS_BROKEN,
    STATUS_FOUND,
    STATUS_HEAP_FULL,
    STATUS_PAUSED,
    Y_EXPANDED,
    Y_GEN,
    Y_NEXT,
    Y_OUT,
)
from ..._kernels.heap import pop_into, push

__all__ = ["deviations"]


@njit(cache=True, nogil=True, inline="always")
def _edge_cost(indptr, indices, costs, u, v):  # pragma: no cover - numba
    for e in range(indptr[u], indptr[u + 1]):
        if indices[e] == v:
            return costs[e]
    return math.inf


@njit(cache=True, nogil=True)
def deviations(graph, search, paths, work, out, state, budget):  # pragma: no cover - numba
    """Spur searches from ``state[Y_NEXT]`` on (see the module docstring)."""
    indptr, indices, costs = graph
    bound, is_goal = search
    found, offsets = paths
    stamp, g, parent, ban, heap_key, heap_node, prefix = work
    cells, starts, cost_out, spur_out = out
    n_found = offsets.shape[0] - 1
    lo = offsets[n_found - 1]
    length = offsets[n_found] - lo
    prefix[0] = 0.0
    for j in range(length - 1):
        prefix[j + 1] = prefix[j] + _edge_cost(indptr, indices, costs, found[lo + j],
                                               found[lo + j + 1])
    expanded = state[Y_EXPANDED]
    stop = expanded + budget
    n_out = state[Y_OUT]
    capacity = heap_key.shape[0]
    for i in range(state[Y_NEXT], length - 1):
        if expanded >= stop:
            state[Y_NEXT] = i
            state[Y_EXPANDED] = expanded
            state[Y_OUT] = n_out
            return STATUS_PAUSED
        gen = np.int32(state[Y_GEN] + 1)
        state[Y_GEN] = gen
        source = found[lo + i]
        for j in range(i):
            ban[found[lo + j]] = gen  # the root's nodes before the spur node
        for q in range(n_found):
            qlo = offsets[q]
            if offsets[q + 1] - qlo <= i + 1:
                continue
            same = True
            for j in range(i + 1):
                if found[qlo + j] != found[lo + j]:
                    same = False
                    break
            if same:
                ban[found[qlo + i + 1]] = -gen  # an edge out of the spur node: taken
        if bound[source] == math.inf:
            continue
        stamp[source] = gen
        g[source] = 0.0
        parent[source] = -1
        size = push(heap_key, heap_node, 0, bound[source], source)
        end = -1
        while size > 0:
            u = heap_node[0]
            key = heap_key[0]
            size -= 1
            pop_into(heap_key, heap_node, size)
            if stamp[u] != gen or key > g[u] + bound[u]:
                continue  # expanded already, or a stale entry
            if u != source and is_goal[u]:
                end = u
                break
            stamp[u] = -gen
            expanded += 1
            gu = g[u]
            for e in range(indptr[u], indptr[u + 1]):
                v = indices[e]
                if ban[v] == gen or (u == source and ban[v] == -gen) or stamp[v] == -gen:
                    continue
                h = bound[v]
                if h == math.inf:
                    continue
                new_cost = gu + costs[e]
                if stamp[v] == gen and new_cost >= g[v]:
                    continue
                if size >= capacity:
                    state[Y_NEXT] = i
                    state[Y_EXPANDED] = expanded
                    state[Y_OUT] = n_out
                    return STATUS_HEAP_FULL
                stamp[v] = gen
                g[v] = new_cost
                parent[v] = u
                size = push(heap_key, heap_node, size, new_cost + h, v)
        if end < 0:
            continue
        n_spur = 0
        v = end
        while v >= 0:
            n_spur += 1
            v = parent[v]
        at = starts[n_out]
        if n_out + 1 >= starts.shape[0] or at + i + n_spur > cells.shape[0]:
            state[Y_NEXT] = i
            state[Y_EXPANDED] = expanded
            state[Y_OUT] = n_out
            return STATUS_BROKEN  # no room: the caller grows ``out``
        for j in range(i):
            cells[at + j] = found[lo + j]
        v = end
        for j in range(n_spur - 1, -1, -1):
            cells[at + i + j] = v
            v = parent[v]
        starts[n_out + 1] = at + i + n_spur
        cost_out[n_out] = prefix[i] + g[end]
        spur_out[n_out] = i
        n_out += 1
    state[Y_NEXT] = length - 1
    state[Y_EXPANDED] = expanded
    state[Y_OUT] = n_out
    return STATUS_FOUND
