"""Kernel: jump point search on 8-way uniform-cost grids whose diagonal steps may cut
corners (``CornerCutting.ALWAYS`` or ``ONE_FREE``), driven by a pruning table.

``table[d, pattern]`` is the set (a bit per move of the move table) of directions to
search from a cell entered in direction ``d`` whose eight neighbours are open as the bits
of ``pattern`` say: the canonical continuations (``d``; and for a diagonal ``d`` its two
straight components) and the *forced* neighbours, which no path around the cell reaches
as cheaply (built by :func:`wayfinding.grid.jps_corners.pruning_table` from the movement
rule). A straight jump stops at a cell with a forced neighbour; a diagonal jump also
stops where one of its two straight scans finds a jump point. The goal stops every jump.

Inputs: ``passable`` uint8 padded flat grid, ``moves`` (the move table of
:mod:`wayfinding.grid.flat`: offsets, corner cells, ``dx``, ``dy``; straights first),
``rule``, ``table`` uint8[8, 256], ``start``, ``goal``, step lengths ``straight`` and
``diagonal``, ``stride``. ``work`` = ``(stamp, g, parent, touched, heap_f, heap_g,
heap_n)`` written (fresh zeroed stamps: ``1`` reached, ``-1`` expanded). Returns ``(status,
expanded, n_touched)``: ``STATUS_FOUND``, ``STATUS_EXHAUSTED``, ``STATUS_PAUSED``
(``budget`` expansions: call again with ``resume`` True and the same arrays) or
``STATUS_HEAP_FULL`` (grow the heap, start again).
"""

from __future__ import annotations

from numba import njit

from ..._kernels.codes import STATUS_EXHAUSTED, STATUS_FOUND, STATUS_HEAP_FULL, STATUS_PAUSED
from ..._kernels.heap import pop_pair_into, push_pair
from .steps import blocked

__all__ = ["jps_corners"]


@njit(cache=True, nogil=True, inline="always")
def _pattern(passable, u, moves):  # pragma: no cover - numba
    bits = 0
    for k in range(8):
        if passable[u + moves[k, 0]]:
            bits |= 1 << k
    return bits


@njit(cache=True, nogil=True, inline="always")
def _forced(passable, u, d, moves, table):  # pragma: no cover - numba
    """True when cell ``u`` entered in direction ``d`` has a forced neighbour."""
    natural = table[d, 255]
    return (table[d, _pattern(passable, u, moves)] & ~natural) != 0


@njit(cache=True, nogil=True, inline="always")
def _straight(passable, u, d, moves, rule, table, goal):  # pragma: no cover - numba
    """The jump point found from ``u`` going straight in direction ``d`` (-1: none), and
    the steps taken."""
    steps = 0
    while True:
        if blocked(passable, u, d, moves, rule, 1, False):
            return -1, steps
        u += moves[d, 0]
        steps += 1
        if u == goal or _forced(passable, u, d, moves, table):
            return u, steps


@njit(cache=True, nogil=True)
def jps_corners(passable, moves, rule, table, start, goal, straight, diagonal, stride,
                work, state, budget):  # pragma: no cover - numba
    """A* over jump points (module docstring); ``state`` int64 ``[heap size (-1: new),
    expanded, reached]``."""
    stamp, g, parent, touched, heap_f, heap_g, heap_n = work
    gx = goal % stride
    gy = goal // stride
    size, expanded, n_touched = state[0], state[1], state[2]
    if size < 0:
        stamp[start] = 1
        g[start] = 0.0
        parent[start] = -1
        touched[0] = start
        n_touched = 1
        size = push_pair(heap_f, heap_g, heap_n, 0, 0.0, 0.0, start)
        expanded = 0
    stop = expanded + budget
    status = STATUS_EXHAUSTED
    capacity = heap_f.shape[0]
    while size > 0:
        if expanded >= stop:
            status = STATUS_PAUSED
            break
        if size + 8 > capacity:
            status = STATUS_HEAP_FULL
            break
        g_top = heap_g[0]
        u = heap_n[0]
        size -= 1
        pop_pair_into(heap_f, heap_g, heap_n, size)
        if stamp[u] == -1 or g_top > g[u]:
            continue
        if u == goal:
            status = STATUS_FOUND
            break
        stamp[u] = -1
        expanded += 1
        mask = 255
        p = parent[u]
        if p >= 0:  # the direction u was entered in, from its parent jump point
            dx = u % stride - p % stride
            dy = u // stride - p // stride
            dx = 1 if dx > 0 else -1 if dx < 0 else 0
            dy = 1 if dy > 0 else -1 if dy < 0 else 0
            for d in range(8):
                if moves[d, 3] == dx and moves[d, 4] == dy:
                    mask = table[d, _pattern(passable, u, moves)]
        for k in range(8):
            if not (mask >> k) & 1:
                continue
            if k < 4:
                v, steps = _straight(passable, u, k, moves, rule, table, goal)
                cost = steps * straight
            else:
                v = -1
                w = u
                steps = 0
                while not blocked(passable, w, k, moves, rule, 1, False):
                    w += moves[k, 0]
                    steps += 1
                    if w == goal or _forced(passable, w, k, moves, table):
                        v = w
                        break
                    found = False
                    for c in range(4):  # the diagonal's two straight components
                        component = (moves[c, 3] == moves[k, 3] and moves[c, 4] == 0) or (
                            moves[c, 3] == 0 and moves[c, 4] == moves[k, 4])
                        if component and _straight(passable, w, c, moves, rule, table,
                                                   goal)[0] >= 0:
                            found = True
                    if found:
                        v = w
                        break
                cost = steps * diagonal
            if v < 0:
                continue
            new_cost = g[u] + cost
            if stamp[v] != 0 and new_cost >= g[v]:
                continue
            if stamp[v] == 0:
                touched[n_touched] = v
                n_touched += 1
            stamp[v] = 1
            g[v] = new_cost
            parent[v] = u
            dx = abs(v % stride - gx)
            dy = abs(v // stride - gy)
            h = straight * (dx + dy) + (diagonal - 2.0 * straight) * min(dx, dy)
            size = push_pair(heap_f, heap_g, heap_n, size, new_cost + h, new_cost, v)
    state[0] = size
    state[1] = expanded
    state[2] = n_touched
    return status
