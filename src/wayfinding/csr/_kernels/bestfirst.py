"""Kernel: one resumable best-first search over a CSR graph (Dijkstra, greedy, A*, ALT).

The algorithms share one loop and differ in the priority (``MODE_COST``: g;
``MODE_HEURISTIC``: h; ``MODE_ASTAR``: g + weight * h) and in the heuristic code
(:mod:`wayfinding._kernels.codes` ``H_*``, bounds in :mod:`.heuristic`). The frontier is
the toolkit's indexed 4-ary heap (:mod:`wayfinding._kernels.heap` ``ipush4``,
``idecrease4``, ``ipop4_into``): a node reached more cheaply while on the frontier has its
key lowered in place, so every pop is a node to expand (a lazy heap that pushed it again
popped more entries than it expanded). Whether a step improves is one branch: the stamp's
three cases (new, on the frontier, expanded) and ``ng < g[v]`` are combined as booleans,
``g[v]`` read even when stale (three branches on the stamp are unpredictable). What was
measured, and what was left out: ``benchmarks/NOTES.md``, "CSR best-first".

All state lives in caller-owned arrays (a workspace, reset by generation stamps:
``g[v]``, ``parent[v]`` count only when ``stamp[v]`` is ``gen`` (reached) or ``-gen``
(expanded)), so the kernel is stateless, re-entrant and resumable: it returns when the
search ends, when ``budget`` expansions are done (``STATUS_PAUSED``) or when the heap
might overflow (``STATUS_HEAP_FULL``: grow it and call again, nothing is lost). A search
that found its goal (``STATUS_FOUND``) is over: the goal is off the heap but not marked
expanded.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from numba import njit

from ..._kernels.codes import (
    F_MAX_COST,
    F_SCALE,
    F_WEIGHT,
    FS_BEST_G,
    FS_BEST_H,
    GOALS_ALL,
    H_ARRAY,
    H_EUCLIDEAN,
    H_ZERO,
    I_GOALS,
    I_HCODE,
    I_MODE,
    I_N_GOALS,
    I_REOPEN,
    I_TRACK,
    MODE_ASTAR,
    MODE_COST,
    MODE_HEURISTIC,
    REOPEN_ALL,
    REOPEN_NONE,
    S_BEST,
    S_EXPANDED,
    S_FOUND,
    S_GEN,
    S_LEFT,
    S_PRUNED,
    S_SIZE,
    S_STATUS,
    S_TOUCHED,
    STATUS_EXHAUSTED,
    STATUS_FOUND,
    STATUS_HEAP_FULL,
    STATUS_NEW,
    STATUS_PAUSED,
)
from ..._kernels.heap import idecrease4, ipop4_into, ipush4
from ..._kernels.reach import seed
from .heuristic import lower_bound


@njit(cache=True, nogil=True, inline="always")
def estimate(hcode, v, goals, n_goals, coords, harray, lm_from, lm_to, scale, gx, gy,
             euclid):  # pragma: no cover - numba
    """Heuristic of node ``v``: to the nearest of the first ``n_goals`` goals. ``euclid``
    (a literal) is the one goal of a Euclidean search, at ``(gx, gy)``: the straight-line
    distance, sqrt of squares (one instruction, where ``math.hypot`` is a libm call)."""
    if euclid:
        dx = coords[v, 0] - gx
        dy = coords[v, 1] - gy
        return scale * math.sqrt(dx * dx + dy * dy)
    if hcode == H_ZERO or n_goals == 0:
        return 0.0
    if hcode == H_ARRAY:
        return harray[v]
    best = math.inf
    for i in range(n_goals):
        h = lower_bound(hcode, v, goals[i], coords, lm_from, lm_to, scale)
        if h < best:
            best = h
    return best


def _variant(informed, euclid):
    """One compiled copy of the loop: ``informed`` (False for Dijkstra) says whether
    priorities use the heuristic, ``euclid`` whether it is the straight-line distance to
    one goal; constants of the closure, so numba prunes the other branches before it
    inlines the estimates (one body with these as arguments compiled far longer, and a
    runtime choice of heuristic made A* slower: ``benchmarks/NOTES.md``, "CSR
    best-first")."""

    @njit(cache=True, nogil=True)
    def loop(indptr, indices, costs, coords, harray, lm_from, lm_to, iparams, fparams, starts,
             goals, stamp, g, parent, goal_mark, touched, hcache, heap_key, heap_node, heap_pos,
             state, fstate, budget):  # pragma: no cover - numba
        """The loop of :func:`best_first` (``informed``, ``euclid``: the closure's)."""
        mode = iparams[I_MODE]
        hcode = iparams[I_HCODE] if informed else H_ZERO
        n_goals = iparams[I_N_GOALS]
        reopen = iparams[I_REOPEN]
        update_open = reopen != REOPEN_NONE
        update_closed = reopen == REOPEN_ALL
        track = iparams[I_TRACK] != 0
        all_goals = iparams[I_GOALS] == GOALS_ALL
        scale = fparams[F_SCALE]
        weight = fparams[F_WEIGHT]
        max_cost = fparams[F_MAX_COST]
        gen = np.int32(state[S_GEN])
        goal0 = goals[0] if n_goals > 0 else -1
        several = n_goals > 1  # one goal is told by its number (no goal_mark load)
        gx = 0.0
        gy = 0.0
        if euclid:
            gx = coords[goal0, 0]
            gy = coords[goal0, 1]
        size = state[S_SIZE]
        n_touched = state[S_TOUCHED]
        best = state[S_BEST]
        best_h = fstate[FS_BEST_H]
        best_g = fstate[FS_BEST_G]
        pruned = state[S_PRUNED]
        left = state[S_LEFT]
        if state[S_STATUS] == STATUS_NEW:
            size = 0
            n_touched = 0
            best = -1
            best_h = math.inf
            best_g = math.inf
            pruned = 0
            left = n_goals
            state[S_EXPANDED] = 0
            state[S_FOUND] = -1
            for i in range(n_goals):
                goal_mark[goals[i]] = gen
            for i in range(starts.shape[0]):
                s = starts[i]
                reached = seed(s, stamp, g, parent, touched, n_touched, gen)
                if reached < 0:
                    continue
                n_touched = reached
                h = 0.0
                f = 0.0
                if informed:
                    h = estimate(hcode, s, goals, n_goals, coords, harray, lm_from, lm_to, scale,
                                 gx, gy, euclid)
                    hcache[s] = h
                    f = h if mode == MODE_HEURISTIC else weight * h
                if h < best_h:  # Dijkstra's partial path is the first start's
                    best = s
                    best_h = h
                    best_g = 0.0
                size = ipush4(heap_key, heap_node, heap_pos, size, f, s)
        status = STATUS_EXHAUSTED
        cap = heap_node.shape[0]
        count = 0
        expanded = state[S_EXPANDED]
        while size > 0:
            u = heap_node[0]
            if count >= budget:
                status = STATUS_PAUSED
                break
            lo = indptr[u]
            hi = indptr[u + 1]
            if size + (hi - lo) > cap:
                status = STATUS_HEAP_FULL
                break
            size -= 1
            ipop4_into(heap_key, heap_node, heap_pos, size)
            if u == goal0 or (several and goal_mark[u] == gen):
                if not all_goals:
                    state[S_FOUND] = u
                    status = STATUS_FOUND
                    break
                goal_mark[u] = 0
                left -= 1
                if left == 0:
                    stamp[u] = -gen
                    expanded += 1
                    state[S_FOUND] = u
                    status = STATUS_FOUND
                    break
            stamp[u] = -gen
            count += 1
            expanded += 1
            gu = g[u]
            for e in range(lo, hi):
                v = indices[e]
                ng = gu + costs[e]
                if ng > max_cost:
                    pruned = 1
                    continue
                sv = stamp[v]
                is_open = sv == gen
                is_closed = sv == -gen
                fresh = not (is_open | is_closed)
                better = ng < g[v]  # read even when stale: one branch below, not three
                if not (fresh | (better & ((is_open & update_open)
                                           | (is_closed & update_closed)))):
                    continue
                if is_closed:
                    stamp[v] = gen
                elif fresh:
                    stamp[v] = gen
                    touched[n_touched] = v
                    n_touched += 1
                    if informed:
                        hcache[v] = estimate(hcode, v, goals, n_goals, coords, harray, lm_from,
                                             lm_to, scale, gx, gy, euclid)
                g[v] = ng
                parent[v] = u
                if informed:
                    h = hcache[v]
                    f = ng + weight * h if mode == MODE_ASTAR else h
                    if is_open:
                        idecrease4(heap_key, heap_node, heap_pos, f, v)
                    else:
                        size = ipush4(heap_key, heap_node, heap_pos, size, f, v)
                    if track and (h < best_h or (h == best_h and ng < best_g)):
                        best = v
                        best_h = h
                        best_g = ng
                elif is_open:
                    idecrease4(heap_key, heap_node, heap_pos, ng, v)
                else:
                    size = ipush4(heap_key, heap_node, heap_pos, size, ng, v)
        state[S_SIZE] = size
        state[S_TOUCHED] = n_touched
        state[S_EXPANDED] = expanded
        state[S_PRUNED] = pruned
        state[S_BEST] = best
        state[S_LEFT] = left
        state[S_STATUS] = status
        fstate[FS_BEST_H] = best_h
        fstate[FS_BEST_G] = best_g
        return status

    return loop


#: The loop of Dijkstra (no heuristic code), ...
dijkstra_loop = _variant(False, False)
#: ... of A* by straight-line distance to one goal, ...
euclid_loop = _variant(True, True)
#: ... and of every other informed search (any heuristic code, several goals).
any_loop = _variant(True, False)


def loop_for(iparams: np.ndarray) -> Any:
    """The compiled loop for a search of ``iparams`` (the others are not compiled)."""
    if iparams[I_MODE] == MODE_COST:
        return dijkstra_loop
    if iparams[I_HCODE] == H_EUCLIDEAN and iparams[I_N_GOALS] == 1:
        return euclid_loop
    return any_loop


@njit(cache=True, nogil=True)
def best_first(indptr, indices, costs, coords, harray, lm_from, lm_to, iparams, fparams,
               starts, goals, stamp, g, parent, goal_mark, touched, hcache, heap_key,
               heap_node, heap_pos, state, fstate, budget):  # pragma: no cover - numba
    """Run (or resume) one best-first search for at most ``budget`` expansions.

    Inputs: the graph ``indptr`` int64[n+1], ``indices`` int[m], ``costs`` float64[m];
    heuristic data ``coords`` float64[n or 0, 2], ``harray`` float64[n or 0],
    ``lm_from``/``lm_to`` float64[L, n] (distances from / to landmarks); ``iparams``,
    ``fparams`` (layouts ``I_*``, ``F_*`` of :mod:`wayfinding._kernels.codes`);
    ``starts``, ``goals`` int64 node numbers (goals distinct).

    In/out (the workspace): ``stamp``, ``goal_mark`` int32[n]; ``g``, ``hcache``
    float64[n] (``hcache[v]``: the heuristic of ``v``, computed once when ``v`` is first
    reached, valid while ``stamp[v]`` is ``gen`` or ``-gen``); ``parent``, ``touched``
    int64[n]; ``heap_key`` float64[k], ``heap_node`` int64[k], ``heap_pos`` int32[n] (the
    heap slot of each node on the frontier); ``state`` int64 /
    ``fstate`` float64 (layouts ``S_*``, ``FS_*``). Set ``state[S_STATUS] = STATUS_NEW``
    and ``state[S_GEN]`` to a fresh generation to start.

    Dijkstra (``MODE_COST``) and A* with coordinates and one goal each run a copy of the
    loop compiled for them (:func:`loop_for`): call that copy directly where the mode is
    known (this function picks it per call, and compiles all three).
    Returns the status (also in ``state[S_STATUS]``).
    """
    if iparams[I_MODE] == MODE_COST:
        return dijkstra_loop(indptr, indices, costs, coords, harray, lm_from, lm_to, iparams,
                             fparams, starts, goals, stamp, g, parent, goal_mark, touched,
                             hcache, heap_key, heap_node, heap_pos, state, fstate, budget)
    if iparams[I_HCODE] == H_EUCLIDEAN and iparams[I_N_GOALS] == 1:
        return euclid_loop(indptr, indices, costs, coords, harray, lm_from, lm_to, iparams,
                           fparams, starts, goals, stamp, g, parent, goal_mark, touched,
                           hcache, heap_key, heap_node, heap_pos, state, fstate, budget)
    return any_loop(indptr, indices, costs, coords, harray, lm_from, lm_to, iparams, fparams,
                    starts, goals, stamp, g, parent, goal_mark, touched, hcache, heap_key,
                    heap_node, heap_pos, state, fstate, budget)


@njit(cache=True, nogil=True)
def bfs(indptr, indices, starts, goals, gen, stamp, g, parent, goal_mark,
        touched):  # pragma: no cover - numba
    """Breadth-first search from ``starts`` until a goal is dequeued (or everything).

    ``touched`` doubles as the FIFO queue (nodes in order of first reach); ``g`` gets the
    step counts. Returns (goal node or -1, nodes reached, nodes expanded).
    """
    gen = np.int32(gen)
    n_goals = goals.shape[0]
    for i in range(n_goals):
        goal_mark[goals[i]] = gen
    tail = 0
    for i in range(starts.shape[0]):
        reached = seed(starts[i], stamp, g, parent, touched, tail, gen)
        if reached >= 0:
            tail = reached
    head = 0
    while head < tail:
        u = touched[head]
        head += 1
        if n_goals > 0 and goal_mark[u] == gen:
            return u, tail, head - 1
        gv = g[u] + 1.0
        for e in range(indptr[u], indptr[u + 1]):
            v = indices[e]
            if stamp[v] != gen:
                stamp[v] = gen
                g[v] = gv
                parent[v] = u
                touched[tail] = v
                tail += 1
    return -1, tail, head
