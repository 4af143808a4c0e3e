"""Kernel: A* over (cell, heading) states, where changing direction costs ``turn_cost``.

State ``cell * k + j`` is "standing on ``cell``, having arrived by move ``j``" (``k``
moves). The start cell has no heading: its first move is free of turn cost. The frontier
is the shared lazy pair heap (:func:`wayfinding._kernels.heap.push_pair`: f, then
larger g first; stale entries are skipped when popped) that grows
on demand, so memory is ``k`` float64 + 2 bytes per cell plus the heap actually used.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..._kernels.heap import pop_pair_into, push_pair
from ...hierarchy._kernels.common import grown
from .steps import step_allowed

#: Expansions between two looks at the stop flag.
POLL = 1024


@njit(cache=True, nogil=True, inline="always")
def estimate(cell, stride, hp, goal_xy):  # pragma: no cover - numba
    """Octile (or Manhattan) distance to the nearest goal times the cheapest cell cost."""
    x = cell % stride
    y = cell // stride
    best = math.inf
    for i in range(goal_xy.shape[0]):
        dx = abs(x - goal_xy[i, 0])
        dy = abs(y - goal_xy[i, 1])
        if hp[3] != 0.0:
            h = hp[0] * (dx + dy) + (hp[1] - 2.0 * hp[0]) * min(dx, dy)
        else:
            h = hp[0] * (dx + dy)
        if h < best:
            best = h
    return best * hp[2]


@njit(cache=True, nogil=True)
def astar_turns(passable, costs, weighted, moves, lengths, rule, stride, hp, turn_cost,
                start, goal_mark, goal_xy, stop):  # pragma: no cover - numba
    """A* from ``start`` to any cell with ``goal_mark`` set, paying ``turn_cost`` per turn.

    Inputs: padded flat grid (``passable``, ``costs``, ``weighted``), ``moves``,
    ``lengths``, ``rule``, ``stride``, heuristic ``hp = [D, D2, scale, diagonal]``,
    ``turn_cost`` >= 0, ``start`` (not a goal), ``goal_mark`` uint8[n], ``goal_xy``
    int64[m, 2] padded goal coordinates, ``stop`` int64[1]: another thread sets it to
    stop the search (looked at every :data:`POLL` expansions).

    Returns ``(found, g, previous, expanded, stopped)``: the goal state reached (-1 if
    none), ``g`` float64[n * k] per state, ``previous`` int8[n * k] the heading before
    the last move (-1: the move left the start), the number of expansions, and whether
    ``stop`` ended the search first.
    """
    n_moves = moves.shape[0]
    n_states = passable.shape[0] * n_moves
    g = np.full(n_states, math.inf)
    previous = np.full(n_states, -1, np.int8)
    closed = np.zeros(n_states, np.uint8)
    capacity = 1024
    heap_f = np.empty(capacity)
    heap_g = np.empty(capacity)
    heap_n = np.empty(capacity, np.int64)
    size = 0
    expanded = 1
    for k in range(n_moves):  # the start has no heading: no turn cost on the first move
        if not step_allowed(passable, start, k, moves, rule):
            continue
        v = start + moves[k, 0]
        step = lengths[k] * costs[v] if weighted else lengths[k]
        state = v * n_moves + k
        g[state] = step
        size = push_pair(heap_f, heap_g, heap_n, size,
                         step + estimate(v, stride, hp, goal_xy), step, state)
    found = -1
    while size > 0:
        state = heap_n[0]
        gs = heap_g[0]
        size -= 1
        pop_pair_into(heap_f, heap_g, heap_n, size)
        if closed[state] != 0 or gs > g[state]:
            continue  # stale
        u = state // n_moves
        heading = state % n_moves
        if goal_mark[u] != 0:
            found = state
            break
        closed[state] = 1
        expanded += 1
        if expanded % POLL == 0 and stop[0] != 0:
            return -1, g, previous, expanded, True
        for k in range(n_moves):
            if not step_allowed(passable, u, k, moves, rule):
                continue
            v = u + moves[k, 0]
            nxt = v * n_moves + k
            if closed[nxt] != 0:
                continue
            new_cost = gs + (lengths[k] * costs[v] if weighted else lengths[k])
            if k != heading:
                new_cost += turn_cost
            if new_cost < g[nxt]:
                g[nxt] = new_cost
                previous[nxt] = heading
                if size == capacity:
                    capacity *= 2
                    heap_f = grown(heap_f, size, capacity)
                    heap_g = grown(heap_g, size, capacity)
                    heap_n = grown(heap_n, size, capacity)
                size = push_pair(heap_f, heap_g, heap_n, size,
                                 new_cost + estimate(v, stride, hp, goal_xy), new_cost, nxt)
    return found, g, previous, expanded, False
