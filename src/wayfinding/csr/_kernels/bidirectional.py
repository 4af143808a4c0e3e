"""Kernel: bidirectional Dijkstra and bidirectional A* (average potentials) on CSR graphs.

A forward search from ``s`` over the graph and a backward search from ``t`` over its
reverse, each a Dijkstra on the toolkit's indexed 4-ary heap (a node's key lowered in
place; as :mod:`.bestfirst`, whether a step improves is one branch), keyed by

    forward  k_f(v) = g_f(v) + p(v),    backward  k_b(v) = g_b(v) - p(v),
    p(v) = (pi_t(v) - pi_s(v)) / 2,

where ``pi_t(v)`` is a lower bound of ``d(v, t)`` and ``pi_s(v)`` one of ``d(s, v)``
(both 0 for bidirectional Dijkstra). ``mu`` is the cheapest ``g_f(v) + g_b(v)`` seen over
nodes reached by both searches. The search stops when either frontier is empty or

    top_f + top_b >= mu                                                     (*)

Why this is correct (the average potentials of Ikeda et al. 1994, as in Goldberg and
Harrelson 2005). If ``pi_t`` and ``pi_s`` are consistent (``pi_t(u) <= c(u, v) +
pi_t(v)`` and ``pi_s(v) <= pi_s(u) + c(u, v)`` for every edge, true for the scaled
metric and landmark bounds of :mod:`.heuristic`), the reduced cost
``c'(u, v) = c(u, v) - p(u) + p(v) = c(u, v) - (pi_t(u) - pi_t(v)) / 2
- (pi_s(v) - pi_s(u)) / 2`` is >= ``c - c/2 - c/2 = 0``. Both searches are then plain
Dijkstra on the *same* reduced graph (the backward one reaches ``v`` over ``c'`` with
``d'(v, t) = d(v, t) - p(v) + p(t)``, i.e. key ``g_b(v) - p(v)`` plus the constant
``p(t)``; the forward key is ``d'(s, v) = g_f(v) + p(v)`` minus the constant ``p(s)``),
and every s-t path's reduced length is its length plus the constant ``p(t) - p(s)``.
Bidirectional Dijkstra with non-negative costs is correct with the stopping rule
"top_f' + top_b' >= mu'" (with reduced quantities), by the classic argument:
on a shortest path P, let ``x`` end the longest prefix of P settled forward and ``y``
follow it; if ``y`` is settled backward, P's length was recorded in ``mu`` when the
later of the two scans of the edge ``(x, y)`` ran (each scan updates ``mu`` with
``g_f + g_b`` of a node reached by both searches); otherwise
``len'(P) >= top_f' + top_b'`` because the prefix up to ``y`` is at least ``top_f'``
and the suffix from ``y`` at least ``top_b'`` (each search's keys are
monotone). Translating back, the constants cancel: ``top_f' + top_b' >= mu'`` is
``min k_f + min k_b >= mu``, which is (*).
The heaps hold each reached, unsettled node once at its current key, so ``top`` is the
smallest current key. ``p(v)`` is computed once per node and side (kept in the side's
``hcache``). Nodes with ``pi_t(v) = inf`` (landmarks prove t unreachable from them) are
not entered forward, nor ``pi_s(v) = inf`` backward.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..._kernels.codes import (
    B_EXPANDED,
    B_GEN,
    B_MEET,
    B_SIZE_B,
    B_SIZE_F,
    B_STARTED,
    B_TOUCHED_B,
    B_TOUCHED_F,
    BF_MU,
    H_ZERO,
    STATUS_EXHAUSTED,
    STATUS_FOUND,
    STATUS_HEAP_FULL,
)
from ..._kernels.heap import idecrease4, ipop4_into, ipush4
from .heuristic import lower_bound


@njit(cache=True, nogil=True, inline="always")
def _potential(hcode, v, s, t, coords, lm_from, lm_to, scale):  # pragma: no cover
    if hcode == H_ZERO:
        return 0.0
    to_t = lower_bound(hcode, v, t, coords, lm_from, lm_to, scale)
    from_s = lower_bound(hcode, s, v, coords, lm_from, lm_to, scale)
    if to_t == math.inf or from_s == math.inf:
        return math.nan  # v lies on no s-t path
    return 0.5 * (to_t - from_s)


@njit(cache=True, nogil=True)
def bidirectional(indptr, indices, costs, rindptr, rindices, rcosts, coords, lm_from, lm_to,
                  hcode, scale, s, t, stamp_f, g_f, parent_f, touched_f, p_f, stamp_b, g_b,
                  parent_b, touched_b, p_b, key_f, node_f, pos_f, key_b, node_b, pos_b, state,
                  fstate):  # pragma: no cover - numba
    """Run (or resume after ``STATUS_HEAP_FULL``) a bidirectional search ``s -> t``.

    Inputs: the graph and its reverse (CSR), heuristic data as in
    :func:`.bestfirst.best_first`, ``hcode`` (``H_ZERO`` for Dijkstra), ``s``, ``t``.
    In/out: per-side stamps (int32[n]), costs, parents (``parent_b[v]`` is the next
    node towards ``t``), reached lists and potentials (``p_f``/``p_b`` float64[n]: ``p(v)``
    of each node the side reached); per-side indexed heaps (keys, nodes, ``pos``
    int32[n]); ``state`` (layout ``B_*``,
    set ``state[B_STARTED] = 0`` and ``state[B_GEN]`` to a fresh generation to start)
    and ``fstate[BF_MU]``. Returns the status; the answer is ``fstate[BF_MU]`` (inf: no
    path) through ``state[B_MEET]``.
    """
    gen = np.int32(state[B_GEN])
    if state[B_STARTED] == 0:
        state[B_STARTED] = 1
        state[B_EXPANDED] = 0
        state[B_MEET] = -1
        fstate[BF_MU] = math.inf
        ps = _potential(hcode, s, s, t, coords, lm_from, lm_to, scale)
        if math.isnan(ps):
            state[B_SIZE_F] = 0
            state[B_SIZE_B] = 0
            state[B_TOUCHED_F] = 0
            state[B_TOUCHED_B] = 0
            return STATUS_EXHAUSTED
        stamp_f[s] = gen
        g_f[s] = 0.0
        parent_f[s] = -1
        touched_f[0] = s
        stamp_b[t] = gen
        g_b[t] = 0.0
        parent_b[t] = -1
        touched_b[0] = t
        state[B_TOUCHED_F] = 1
        state[B_TOUCHED_B] = 1
        p_f[s] = ps
        state[B_SIZE_F] = ipush4(key_f, node_f, pos_f, 0, ps, s)
        pt = _potential(hcode, t, s, t, coords, lm_from, lm_to, scale)
        p_b[t] = pt
        state[B_SIZE_B] = ipush4(key_b, node_b, pos_b, 0, -pt, t)
        if s == t:
            fstate[BF_MU] = 0.0
            state[B_MEET] = s
    size_f = state[B_SIZE_F]
    size_b = state[B_SIZE_B]
    n_f = state[B_TOUCHED_F]
    n_b = state[B_TOUCHED_B]
    expanded = state[B_EXPANDED]
    mu = fstate[BF_MU]
    meet = state[B_MEET]
    status = STATUS_FOUND
    cap_f = node_f.shape[0]
    cap_b = node_b.shape[0]
    while True:
        if size_f == 0 or size_b == 0 or key_f[0] + key_b[0] >= mu:
            break
        forward = size_f <= size_b  # the smaller frontier (any order keeps (*) right)
        if forward:
            u = node_f[0]
            lo = indptr[u]
            hi = indptr[u + 1]
            if size_f + (hi - lo) > cap_f:
                status = STATUS_HEAP_FULL
                break
            size_f -= 1
            ipop4_into(key_f, node_f, pos_f, size_f)
            stamp_f[u] = -gen
            expanded += 1
            gu = g_f[u]
            for e in range(lo, hi):
                v = indices[e]
                ng = gu + costs[e]
                sv = stamp_f[v]
                is_open = sv == gen
                fresh = not (is_open | (sv == -gen))
                if fresh | (is_open & (ng < g_f[v])):
                    if fresh:
                        pv = _potential(hcode, v, s, t, coords, lm_from, lm_to, scale)
                        if math.isnan(pv):
                            continue
                        p_f[v] = pv
                        stamp_f[v] = gen
                        touched_f[n_f] = v
                        n_f += 1
                        g_f[v] = ng
                        parent_f[v] = u
                        size_f = ipush4(key_f, node_f, pos_f, size_f, ng + pv, v)
                    else:
                        g_f[v] = ng
                        parent_f[v] = u
                        idecrease4(key_f, node_f, pos_f, ng + p_f[v], v)
                sb = stamp_b[v]
                if sb == gen or sb == -gen:
                    total = g_f[v] + g_b[v]
                    if total < mu:
                        mu = total
                        meet = v
        else:
            u = node_b[0]
            lo = rindptr[u]
            hi = rindptr[u + 1]
            if size_b + (hi - lo) > cap_b:
                status = STATUS_HEAP_FULL
                break
            size_b -= 1
            ipop4_into(key_b, node_b, pos_b, size_b)
            stamp_b[u] = -gen
            expanded += 1
            gu = g_b[u]
            for e in range(lo, hi):
                v = rindices[e]
                ng = gu + rcosts[e]
                sv = stamp_b[v]
                is_open = sv == gen
                fresh = not (is_open | (sv == -gen))
                if fresh | (is_open & (ng < g_b[v])):
                    if fresh:
                        pv = _potential(hcode, v, s, t, coords, lm_from, lm_to, scale)
                        if math.isnan(pv):
                            continue
                        p_b[v] = pv
                        stamp_b[v] = gen
                        touched_b[n_b] = v
                        n_b += 1
                        g_b[v] = ng
                        parent_b[v] = u
                        size_b = ipush4(key_b, node_b, pos_b, size_b, ng - pv, v)
                    else:
                        g_b[v] = ng
                        parent_b[v] = u
                        idecrease4(key_b, node_b, pos_b, ng - p_b[v], v)
                sf = stamp_f[v]
                if sf == gen or sf == -gen:
                    total = g_f[v] + g_b[v]
                    if total < mu:
                        mu = total
                        meet = v
    if status == STATUS_FOUND and meet < 0:
        status = STATUS_EXHAUSTED
    state[B_SIZE_F] = size_f
    state[B_SIZE_B] = size_b
    state[B_TOUCHED_F] = n_f
    state[B_TOUCHED_B] = n_b
    state[B_EXPANDED] = expanded
    state[B_MEET] = meet
    fstate[BF_MU] = mu
    return status
