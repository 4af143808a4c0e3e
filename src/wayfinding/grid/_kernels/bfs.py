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
    STATUS_HEAP_FULL,
    STATUS_NEW,
    STATUS_PAUSED,
)
from ..._kernels.pages import claim, slot
from ..._kernels.reach import seed
from .steps import around_bits, blocked, is_goal, mark_goals, parity_base, world_target
from .worlds import decode

BFS_DOC = """Visit cells in order of steps from the starts until a goal is taken off the queue.

Resumable: after ``budget`` expansions it returns ``STATUS_PAUSED`` with its place in
``state``; call again with the same arguments to go on (``state[S_STATUS]`` set to
``STATUS_NEW`` starts a new search).

Inputs: ``passable`` uint8[n] (padded flat grid: the terrain class code of each open
cell, 0 on walls; a step needs equal codes at both ends and, diagonally, at the corners
the rule checks), ``table``, the move table of :mod:`wayfinding.grid.flat` (any
world), ``rule`` (its corner rule), ``starts`` and ``goals`` int64 flat cells (no
goals: visit all).

In/out: ``stamp`` int32[n] (``state[S_GEN]`` marks reached cells), ``g`` float64[n]
(steps), ``parent`` int32[n] (-1 for starts), ``goal_mark`` int32[n], ``touched``
int32[n] (cells in order of first reach) and ``state``.

Returns the status, ``STATUS_FOUND``, ``STATUS_EXHAUSTED`` or ``STATUS_PAUSED``.
"""


def _variant(world, doc, paged=False):
    """The breadth-first loop with ``world`` (the move table's world step for hex maps,
    voxels, wrap-around and moves of a grid's own) fixed as a constant of the closure,
    so the square grid's kernel stays as it was (see ``bestfirst._variant``)."""

    @njit(cache=True, nogil=True)
    def search(passable, table, rule, starts, goals, stamp, g, parent, goal_mark, touched,
               state, budget, pages=None, page_used=None,
               page_count=None):  # pragma: no cover - numba
        """The loop of every variant (BFS_DOC); the paged arguments only with ``paged``
        (as in ``bestfirst``: ``STATUS_HEAP_FULL`` asks for a larger pool)."""
        gen = np.int32(state[S_GEN])
        n_used = page_count[0] if paged else 0
        moves, extras, n_moves = table.moves, table.extras, table.n_moves
        stride, plane, parity = table.stride, table.plane, table.parity
        checked, width, height = table.checked, table.width, table.height
        wrap_x, wrap_y = table.wrap_x, table.wrap_y
        around, need = table.around, table.need
        masked = need.shape[0] > 0
        bits = 0
        n_goals = goals.shape[0]
        goal0 = goals[0] if n_goals > 0 else -1
        if state[S_STATUS] == STATUS_NEW:
            n_touched = 0
            if paged:  # (the caller leaves room in the pool for the goals and starts)
                if n_goals > 1:
                    for i in range(n_goals):
                        sl, n_used = claim(pages, page_used, n_used, goals[i])
                        goal_mark[sl] = gen
                for i in range(starts.shape[0]):
                    sl, n_used = claim(pages, page_used, n_used, starts[i])
                    if stamp[sl] != gen:
                        stamp[sl] = gen
                        g[sl] = 0.0
                        parent[sl] = -1
                        touched[n_touched] = starts[i]
                        n_touched += 1
            else:
                mark_goals(goals, n_goals, goal_mark, gen)
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
            if paged and n_used + n_moves > page_used.shape[0]:
                status = STATUS_HEAP_FULL  # grow the pool of pages and call again
                break
            u = touched[head]
            head += 1
            su = slot(pages, u) if paged else u
            if is_goal(u, n_goals, goal0, goal_mark, gen, su):
                state[S_FOUND] = u
                status = STATUS_FOUND
                break
            expanded += 1
            steps = g[su] + 1.0
            code = passable[u]
            if world:
                ux, uy, _ = decode(u, stride, plane)
                base = parity_base(parity, ux, uy, n_moves)
                if masked:
                    bits = around_bits(passable, u, around)
            else:
                ux = uy = base = 0
            for k in range(base, base + n_moves):
                if world:
                    if masked:
                        v = u + moves[k, 0]
                        if bits & need[k] != need[k]:
                            continue
                    else:
                        v = world_target(passable, u, ux, uy, k, moves, extras, rule, stride,
                                         width, height, wrap_x, wrap_y, checked, code, True)
                        if v < 0:
                            continue
                    if paged:
                        sv, n_used = claim(pages, page_used, n_used, v)
                    else:
                        sv = v
                    if stamp[sv] == gen:
                        continue
                else:
                    v = u + moves[k, 0]
                    sv = v
                    if stamp[v] == gen or blocked(passable, u, k, moves, rule, code, True):
                        continue
                stamp[sv] = gen
                g[sv] = steps
                parent[sv] = u
                touched[n_touched] = v
                n_touched += 1
        state[GS_HEAD] = head
        state[S_TOUCHED] = n_touched
        state[S_EXPANDED] = expanded
        state[S_STATUS] = status
        if paged:
            page_count[0] = n_used
        return status

    search.__doc__ = doc
    return search


#: Breadth-first search on a square grid (see :data:`BFS_DOC`).
breadth_first = _variant(False, BFS_DOC)
#: The same on any world (hex maps, voxel grids, wrap-around, moves of a grid's own).
breadth_first_world = _variant(True, "breadth_first on any world.")
#: The same with paged search state (three more arguments, see ``bestfirst``).
breadth_first_paged = _variant(True, "breadth_first_world with paged state.", paged=True)
