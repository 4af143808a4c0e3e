"""Kernels of D* Lite (S. Koenig and M. Likhachev, "D* Lite", AAAI 2002; the optimized
version of their Figure 4) on a padded flat grid.

The search runs from the goal towards the start: ``g[s]`` and ``rhs[s]`` estimate the
cost from ``s`` to the goal, ``rhs[s] = min over successors s' of c(s, s') + g[s']``
(0 at the goal). Inconsistent cells (``g != rhs``) sit in an indexed heap keyed
``[min(g, rhs) + h(start, s) + km; min(g, rhs)]``. A step costs its length times the cost
of the cell it enters, so the predecessors of ``u`` pay ``costs[u]`` to reach it; when a
cell changes, the edges *into* it change too.

State arrays (owned by :class:`wayfinding.replan.dstar_lite.DStarLite`): ``passable``
uint8[n] and ``costs`` float64[n] (the planner's own copy of the map), ``g``, ``rhs``
float64[n], the heap ``nodes`` int32[n], ``key1``, ``key2`` float64[n], ``pos`` int32[n];
``istate`` int64 (``I_*``) and ``fstate`` float64 (``F_*``). ``hp`` = heuristic
``[d, d2, scale, diagonal]`` (octile distance with ``(d, d2) =
octile_steps(D, D2)``, or Manhattan distance, times the cheapest cell cost: admissible
and consistent for every step costs, see :func:`wayfinding.heuristics.octile`).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..._kernels.codes import DS_GOAL, DS_SIZE, DS_START, DSF_KM
from ..._kernels.pairheap import key_less, pair_insert, pair_remove, pair_set, pair_update
from ...grid._kernels.steps import step_allowed

#: Relative tolerance of the heap's first key part (well above float rounding noise).
TOL = 1e-9


@njit(cache=True, nogil=True, inline="always")
def estimate(a, b, stride, hp):  # pragma: no cover - numba
    """Admissible estimate of the cost between padded cells ``a`` and ``b``."""
    dx = abs(a % stride - b % stride)
    dy = abs(a // stride - b // stride)
    if hp[3] != 0.0:
        h = hp[0] * (dx + dy) + (hp[1] - 2.0 * hp[0]) * min(dx, dy)
    else:
        h = hp[0] * (dx + dy)
    return h * hp[2]


@njit(cache=True, nogil=True, inline="always")
def key_below(a1, a2, b1, b2):  # pragma: no cover - numba
    """``(a1, a2) < (b1, b2)``, counting values within rounding noise as equal and the
    pair then as below: the stop test of ComputeShortestPath errs on going on.

    Keys that tie in exact arithmetic are common (on open ground the octile heuristic is
    exact) but come out of different float sums, so a strict test can stop one vertex too
    early and leave a wrong g on the path.
    """
    if not abs(b1) < math.inf:  # the start is cut off: any finite key is below
        return a1 < b1 or (a1 == b1 and a2 <= b2)
    tol = TOL * max(1.0, abs(b1))
    if a1 < b1 - tol:
        return True
    if a1 > b1 + tol:
        return False
    return a2 <= b2 + TOL * max(1.0, abs(b2))


@njit(cache=True, nogil=True)
def best_successor(passable, costs, moves, lengths, rule, g, s):  # pragma: no cover - numba
    """``min over successors s' of c(s, s') + g[s']`` (inf for a wall or a dead end)."""
    if passable[s] == 0:
        return math.inf
    best = math.inf
    for k in range(moves.shape[0]):
        if step_allowed(passable, s, k, moves, rule):
            v = s + moves[k, 0]
            value = lengths[k] * costs[v] + g[v]
            if value < best:
                best = value
    return best


@njit(cache=True, nogil=True)
def update_vertex(u, size, start, km, stride, hp, g, rhs, nodes, key1, key2,
                  pos):  # pragma: no cover - numba
    """Put ``u`` in the heap with its key when inconsistent, take it out otherwise."""
    if g[u] != rhs[u]:
        m = min(g[u], rhs[u])
        return pair_set(nodes, key1, key2, pos, size, u, m + estimate(start, u, stride, hp)
                        + km, m, TOL)
    if pos[u] >= 0:
        return pair_remove(nodes, key1, key2, pos, size, u, TOL)
    return size


@njit(cache=True, nogil=True)
def initialize(stride, hp, g, rhs, pos, nodes, key1, key2, istate,
               fstate):  # pragma: no cover - numba
    """Forget everything: every cell unknown, only the goal on the heap."""
    g[:] = math.inf
    rhs[:] = math.inf
    pos[:] = -1
    goal = istate[DS_GOAL]
    rhs[goal] = 0.0
    fstate[DSF_KM] = 0.0
    istate[DS_SIZE] = pair_insert(nodes, key1, key2, pos, np.int64(0), goal,
                                 estimate(istate[DS_START], goal, stride, hp), 0.0, TOL)


@njit(cache=True, nogil=True)
def compute_shortest_path(passable, costs, moves, lengths, rule, stride, hp, g, rhs, nodes,
                          key1, key2, pos, istate, fstate):  # pragma: no cover - numba
    """ComputeShortestPath of optimized D* Lite; returns how many cells it expanded."""
    size = istate[DS_SIZE]
    start = istate[DS_START]
    goal = istate[DS_GOAL]
    km = fstate[DSF_KM]
    n_moves = moves.shape[0]
    expanded = 0
    while size > 0:
        u = np.int64(nodes[0])  # an int64 cell: one compiled heap update each
        old1 = key1[0]
        old2 = key2[0]
        m_start = min(g[start], rhs[start])
        if not (key_below(old1, old2, m_start + km, m_start) or rhs[start] > g[start]):
            break
        m_u = min(g[u], rhs[u])
        new1 = m_u + estimate(start, u, stride, hp) + km
        if key_less(old1, old2, new1, m_u, TOL):
            pair_update(nodes, key1, key2, pos, size, u, new1, m_u, TOL)
            continue
        expanded += 1
        if g[u] > rhs[u]:  # overconsistent: settle it and tell its predecessors
            g[u] = rhs[u]
            size = pair_remove(nodes, key1, key2, pos, size, u, TOL)
            if passable[u] != 0:
                for k in range(n_moves):
                    if not step_allowed(passable, u, k, moves, rule):
                        continue
                    s = u + moves[k, 0]
                    if s != goal:
                        value = lengths[k] * costs[u] + g[u]
                        if value < rhs[s]:
                            rhs[s] = value
                    size = update_vertex(s, size, start, km, stride, hp, g, rhs, nodes,
                                         key1, key2, pos)
        else:  # underconsistent: forget g and re-derive the predecessors that used it
            g_old = g[u]
            g[u] = math.inf
            if passable[u] != 0:
                for k in range(n_moves):
                    if not step_allowed(passable, u, k, moves, rule):
                        continue
                    s = u + moves[k, 0]
                    if s != goal and rhs[s] == lengths[k] * costs[u] + g_old:
                        rhs[s] = best_successor(passable, costs, moves, lengths, rule, g, s)
                    size = update_vertex(s, size, start, km, stride, hp, g, rhs, nodes,
                                         key1, key2, pos)
            size = update_vertex(u, size, start, km, stride, hp, g, rhs, nodes, key1, key2,
                                 pos)
    istate[DS_SIZE] = size
    return expanded


@njit(cache=True, nogil=True)
def apply_changes(cells, new_passable, new_costs, passable, costs, moves, lengths, rule,
                  stride, hp, g, rhs, nodes, key1, key2, pos, istate,
                  fstate):  # pragma: no cover - numba
    """Copy the changed cells into the planner's map and repair ``rhs`` around them.

    Every edge whose existence or cost a changed cell ``c`` can affect starts at ``c`` or
    at one of its eight neighbours (edges into ``c``, and diagonal steps passing ``c`` as
    a corner), so ``rhs`` of those cells is recomputed and their heap entries updated.
    """
    for i in range(cells.shape[0]):
        passable[cells[i]] = new_passable[i]
        costs[cells[i]] = new_costs[i]
    around = np.array([0, 1, -1, stride, -stride, stride + 1, stride - 1, 1 - stride,
                       -1 - stride], dtype=np.int64)
    size = istate[DS_SIZE]
    start = istate[DS_START]
    goal = istate[DS_GOAL]
    km = fstate[DSF_KM]
    for i in range(cells.shape[0]):
        for j in range(around.shape[0]):
            u = cells[i] + around[j]
            if u == goal:
                continue
            rhs[u] = best_successor(passable, costs, moves, lengths, rule, g, u)
            size = update_vertex(u, size, start, km, stride, hp, g, rhs, nodes, key1, key2,
                                 pos)
    istate[DS_SIZE] = size


@njit(cache=True, nogil=True)
def extract_path(passable, costs, moves, lengths, rule, g, start, goal):  # pragma: no cover
    """The path from ``start`` along cheapest successors (``c + g``) to ``goal``.

    A depth-first walk that only takes successors whose ``c + g`` equals the cheapest
    (so zero-cost plateaus cannot trap it in a loop). Returns ``(cells, cost)``; empty
    cells and inf when no path is known.
    """
    n = passable.shape[0]
    visited = np.zeros(n, np.uint8)
    stack = np.empty(n, np.int64)
    stack[0] = start
    visited[start] = 1
    top = 0
    while stack[top] != goal:
        cur = stack[top]
        best = math.inf
        best_v = -1
        best_all = math.inf
        if passable[cur] != 0:
            for k in range(moves.shape[0]):
                if not step_allowed(passable, cur, k, moves, rule):
                    continue
                v = cur + moves[k, 0]
                value = lengths[k] * costs[v] + g[v]
                if value < best_all:
                    best_all = value
                if visited[v] == 0 and value < best:
                    best = value
                    best_v = v
        if best_v >= 0 and best < math.inf and best <= best_all + 1e-9 * max(1.0, best_all):
            top += 1
            stack[top] = best_v
            visited[best_v] = 1
        elif top == 0:
            return np.empty(0, np.int64), math.inf
        else:
            top -= 1
    cells = stack[:top + 1].copy()
    cost = 0.0
    for i in range(1, top + 1):
        delta = cells[i] - cells[i - 1]
        for k in range(moves.shape[0]):
            if moves[k, 0] == delta:
                cost += lengths[k] * costs[cells[i]]
                break
    return cells, cost
