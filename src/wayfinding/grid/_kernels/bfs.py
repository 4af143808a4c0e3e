"""Kernel: breadth-first search on a padded flat grid (fewest steps, costs ignored).

The frontier is a FIFO queue; the ``touched`` array (cells in order of first reach) is
that queue, so BFS needs no buffer of its own. ``g`` holds the number of steps.
Same workspace conventions as :mod:`wayfinding.grid._kernels.bestfirst`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

# state layout shared with bestfirst (only these slots are used)
S_GEN = 0
S_STATUS = 1
S_HEAD = 2  # (the heap size slot of bestfirst) queue position of a paused search
S_TOUCHED = 3
S_EXPANDED = 4
S_FOUND = 5

STATUS_NEW = 0
STATUS_PAUSED = 1
STATUS_FOUND = 3
STATUS_EXHAUSTED = 4

RULE_NEVER = 0
RULE_ONE_FREE = 1
RULE_ALWAYS = 2


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
    the rule checks), ``moves`` int64[8, 5] rows
    ``(offset, corner_a, corner_b, dx, dy)``, ``n_moves`` (4 or 8), ``rule`` (corner rule
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
        if n_goals > 1:
            for i in range(n_goals):
                goal_mark[goals[i]] = gen
        n_touched = 0
        for i in range(starts.shape[0]):
            s = starts[i]
            if stamp[s] == gen:
                continue
            stamp[s] = gen
            g[s] = 0.0
            parent[s] = -1
            touched[n_touched] = s
            n_touched += 1
        state[S_FOUND] = -1
        expanded = 0
        head = 0
    else:
        n_touched = state[S_TOUCHED]
        expanded = state[S_EXPANDED]
        head = state[S_HEAD]
    status = STATUS_EXHAUSTED
    stop = expanded + budget
    while head < n_touched:
        if expanded >= stop:
            status = STATUS_PAUSED
            break
        u = touched[head]
        head += 1
        if n_goals == 1:
            if u == goal0:
                state[S_FOUND] = u
                status = STATUS_FOUND
                break
        elif n_goals > 1 and goal_mark[u] == gen:
            state[S_FOUND] = u
            status = STATUS_FOUND
            break
        expanded += 1
        steps = g[u] + 1.0
        code = passable[u]
        for k in range(n_moves):
            v = u + moves[k, 0]
            if passable[v] != code or stamp[v] == gen:
                continue
            if k >= 4 and rule != RULE_ALWAYS:
                a = passable[u + moves[k, 1]]
                b = passable[u + moves[k, 2]]
                if rule == RULE_NEVER:
                    if a != code or b != code:
                        continue
                elif a != code and b != code:
                    continue
            stamp[v] = gen
            g[v] = steps
            parent[v] = u
            touched[n_touched] = v
            n_touched += 1
    state[S_HEAD] = head
    state[S_TOUCHED] = n_touched
    state[S_EXPANDED] = expanded
    state[S_STATUS] = status
    return status
