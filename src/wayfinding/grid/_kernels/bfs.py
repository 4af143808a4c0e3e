"""Kernel: breadth-first search on a padded flat grid (fewest steps, costs ignored).

The frontier is a FIFO queue; the ``touched`` array (cells in order of first reach) is
that queue, so BFS needs no buffer of its own. ``g`` holds the number of steps.
Same workspace conventions as :mod:`wayfinding.grid._kernels.bestfirst`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._kernels.codes import (
    GS_HEAD,
    S_EXPANDED,
    S_FOUND,
    S_GEN,
    S_STATUS,
    S_TOUCHED,
    STATUS_EXHAUSTED,
    STATUS_FOUND,
    STATUS_NEW,
    STATUS_PAUSED,
)
from ..._kernels.reach import seed
from .steps import blocked, is_goal, mark_goals


@njit(cache=True, nogil=True)
def breadth_first(passable, moves, n_moves, rule, starts, goals,
                  stamp, g, parent, goal_mark, touched, state,
                  budget):  # pragma: no cover - numba
    """Visit cells in order of steps from the starts until a goal is taken off the queue.

    Resumable: after ``budget`` expansions it returns ``STATUS_PAUSED`` with its place in
    ``state``; call again with the same arguments to go on (``state[S_STATUS]`` set to
    ``STATUS_NEW`` starts a new search).

    Inputs: ``passable`` uint8[n] (padded flat grid: the terrain class code of each open
    cell, 0 on walls; a step needs equal codes at both ends and, diagonally, at the corners
    the rule checks), ``moves``, the move table of
    :mod:`wayfinding.grid.flat`, ``n_moves`` (4 or 8), ``rule`` (corner rule
    for moves 4..7), ``starts`` and ``goals`` int64 flat cells (no goals: visit all).

    In/out: ``stamp`` int32[n] (``state[S_GEN]`` marks reached cells), ``g`` float64[n]
    (steps), ``parent`` int32[n] (-1 for starts), ``goal_mark`` int32[n], ``touched``
    int32[n] (cells in order of first reach) and ``state``.

    Returns the status, ``STATUS_FOUND``, ``STATUS_EXHAUSTED`` or ``STATUS_PAUSED``.
    """
    gen = np.int32(state[S_GEN])
    n_goals = goals.shape[0]
    goal0 = goals[0] if n_goals > 0 else -1
    if state[S_STATUS] == STATUS_NEW:
        mark_goals(goals, n_goals, goal_mark, gen)
        n_touched = 0
        for i in range(starts.shape[0]):
            n = seed(starts[i], stamp, g, parent, touched, n_touched, gen)
            if n >= 0:
                n_touched = n
        state[S_FOUND] = -1
        expanded = 0
        head = 0
    else:
        n_touched = state[S_TOUCHED]
        expanded = state[S_EXPANDED]
        head = state[GS_HEAD]
    status = STATUS_EXHAUSTED
    stop = expanded + budget
    while head < n_touched:
        if expanded >= stop:
            status = STATUS_PAUSED
            break
        u = touched[head]
        head += 1
        if is_goal(u, n_goals, goal0, goal_mark, gen):
            state[S_FOUND] = u
            status = STATUS_FOUND
            break
        expanded += 1
        steps = g[u] + 1.0
        code = passable[u]
        for k in range(n_moves):
            v = u + moves[k, 0]
            if stamp[v] == gen or blocked(passable, u, k, moves, rule, code, True):
                continue
            stamp[v] = gen
            g[v] = steps
            parent[v] = u
            touched[n_touched] = v
            n_touched += 1
    state[GS_HEAD] = head
    state[S_TOUCHED] = n_touched
    state[S_EXPANDED] = expanded
    state[S_STATUS] = status
    return status
