"""Kernels: every optimal path on a CSR graph, as predecessor lists.

:func:`settle` is A* (Dijkstra without a heuristic) from the starts that goes on past the
first goal until the smallest priority exceeds the optimal cost ``best`` (within the
relative tolerance ``tie``), so every location of every optimal path is settled with its
exact cost; goals are not expanded (a path ends at the first goal it meets). Nodes
settled with a cost later found too high are opened again (an inconsistent heuristic).
:func:`tight` then lists, for each settled node ``v``, the settled ``u`` with
``g[u] + c(u, v) <= g[v]`` (within ``tie``): the predecessors of ``v`` on optimal paths.

Records (tuples): ``graph`` = ``(indptr, indices, costs)``; ``bound`` = ``(code, coords,
lm_from, lm_to, scale, harray, hgoals)``, the heuristic of
:class:`~wayfinding.csr.inputs.HeuristicData` towards the nearest of ``hgoals`` (read);
``targets`` = ``(starts, is_goal)`` (read); ``work`` = ``(stamp, g, parent, hcache,
heap_key, heap_node, touched, goals)`` (written: ``touched`` the nodes in order of first
reach, ``goals`` the goals settled at the optimal cost). ``state`` int64 ``O_*``,
``fstate`` float64 ``[best]``.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..._kernels.codes import (
    H_ARRAY,
    O_EXPANDED,
    O_GEN,
    O_GOALS,
    O_SIZE,
    O_STATUS,
    O_TOUCHED,
    STATUS_EXHAUSTED,
    STATUS_FOUND,
    STATUS_HEAP_FULL,
    STATUS_NEW,
    STATUS_PAUSED,
)
from ..._kernels.heap import pop_into, push
from .heuristic import lower_bound

__all__ = ["settle", "tight"]


@njit(cache=True, nogil=True, inline="always")
def _estimate(bound, v):  # pragma: no cover - numba
    code, coords, lm_from, lm_to, scale, harray, hgoals = bound
    if code == H_ARRAY:
        return harray[v]
    best = math.inf if hgoals.shape[0] else 0.0
    for i in range(hgoals.shape[0]):
        h = lower_bound(code, v, hgoals[i], coords, lm_from, lm_to, scale)
        if h < best:
            best = h
    return best


@njit(cache=True, nogil=True)
def settle(graph, bound, targets, work, state, fstate, budget, tie):  # pragma: no cover
    """Settle every node of an optimal path (module docstring); resumable: returns
    ``STATUS_PAUSED`` after ``budget`` expansions, ``STATUS_HEAP_FULL`` (grow the heap,
    call again), else ``STATUS_FOUND`` (a goal was reached) or ``STATUS_EXHAUSTED``."""
    indptr, indices, costs = graph
    starts, is_goal = targets
    stamp, g, parent, hcache, heap_key, heap_node, touched, goals = work
    gen = np.int32(state[O_GEN])
    if state[O_STATUS] == STATUS_NEW:
        size = 0
        n_touched = 0
        for i in range(starts.shape[0]):
            s = starts[i]
            if stamp[s] == gen:
                continue
            stamp[s] = gen
            g[s] = 0.0
            parent[s] = -1
            hcache[s] = _estimate(bound, s)
            touched[n_touched] = s
            n_touched += 1
            size = push(heap_key, heap_node, size, hcache[s], s)
        state[O_GOALS] = 0
        state[O_EXPANDED] = 0
        fstate[0] = math.inf
    else:
        size = state[O_SIZE]
        n_touched = state[O_TOUCHED]
    n_goals = state[O_GOALS]
    expanded = state[O_EXPANDED]
    best = fstate[0]
    limit = best + tie * max(1.0, abs(best))
    stop = expanded + budget
    capacity = heap_key.shape[0]
    status = STATUS_EXHAUSTED
    while size > 0:
        u = heap_node[0]
        key = heap_key[0]
        if n_goals and key > limit:
            status = STATUS_FOUND
            break
        if expanded >= stop:
            status = STATUS_PAUSED
            break
        if size - 1 + indptr[u + 1] - indptr[u] > capacity:
            status = STATUS_HEAP_FULL  # nothing popped: grow the heap and call again
            break
        size -= 1
        pop_into(heap_key, heap_node, size)
        if stamp[u] != gen or key > g[u] + hcache[u]:
            continue  # settled already, or a stale entry
        stamp[u] = -gen
        if is_goal[u]:
            if n_goals == 0:
                best = g[u]
                limit = best + tie * max(1.0, abs(best))
            goals[n_goals] = u
            n_goals += 1
            continue
        expanded += 1
        gu = g[u]
        for e in range(indptr[u], indptr[u + 1]):
            v = indices[e]
            new_cost = gu + costs[e]
            if stamp[v] == gen or stamp[v] == -gen:
                if new_cost >= g[v]:
                    continue
            else:
                hcache[v] = _estimate(bound, v)
                touched[n_touched] = v
                n_touched += 1
            g[v] = new_cost
            parent[v] = u
            if hcache[v] == math.inf:
                stamp[v] = -gen  # cannot reach a goal: never expanded
                continue
            stamp[v] = gen
            size = push(heap_key, heap_node, size, new_cost + hcache[v], v)
    state[O_SIZE] = size
    state[O_TOUCHED] = n_touched
    state[O_GOALS] = n_goals
    state[O_EXPANDED] = expanded
    state[O_STATUS] = status
    fstate[0] = best
    return status


@njit(cache=True, nogil=True)
def tight(graph, targets, work, n_touched, gen, tie, slot, pred_start,
          preds):  # pragma: no cover - numba
    """Predecessor lists of the settled nodes (module docstring): ``slot`` int64[n] gets
    each touched node's position in ``touched``; ``pred_start`` int64[n_touched + 1] and
    ``preds`` (room for every edge between touched nodes) the lists, by position. Returns
    the number of predecessors written."""
    indptr, indices, costs = graph
    is_goal = targets[1]
    stamp, g, parent, hcache, _heap_key, _heap_node, touched, _goals = work
    count = np.zeros(n_touched + 1, dtype=np.int64)
    for i in range(n_touched):
        slot[touched[i]] = i
    for pass_ in range(2):
        for i in range(n_touched):
            u = touched[i]
            if stamp[u] != -gen or hcache[u] == math.inf or is_goal[u]:
                continue
            gu = g[u]
            for e in range(indptr[u], indptr[u + 1]):
                v = indices[e]
                if stamp[v] != -gen or parent[v] < 0 or hcache[v] == math.inf:
                    continue
                gv = g[v]
                if gu + costs[e] <= gv + tie * max(1.0, abs(gv)):
                    j = slot[v]
                    if pass_ == 0:
                        count[j + 1] += 1
                    else:
                        preds[pred_start[j] + count[j]] = u
                        count[j] += 1
        if pass_ == 0:
            pred_start[0] = 0
            for j in range(n_touched):
                pred_start[j + 1] = pred_start[j] + count[j + 1]
                count[j + 1] = 0
            count[0] = 0
    return pred_start[n_touched]
