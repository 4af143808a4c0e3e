"""Kernel: iterative deepening A* on a padded flat grid (see
:mod:`wayfinding.graph.idastar`), with the grid's own heuristic towards one goal.

The depth-first walk is explicit: frame ``d`` of the current path holds its cell, its
cost, and its children (up to 8: not walls, not on the path, allowed by the step rule)
sorted by ``f = g + h``, with the index of the next child to try. A round ends when the
walk pops its first frame; the next bound is the smallest ``f`` that went over.
Resumable in slices: everything lives in the arrays and ``state``.

Records: ``grid`` = ``(passable, costs, weighted, moves, lengths, n_moves, rule)`` (read;
``passable`` terrain class codes + 1); ``aim`` = ``(goal, stride, eight_way, d, d2,
scale)``: the heuristic ``scale * octile(d, d2)`` (``d * (dx + dy)`` on 4-way grids)
to the goal; ``frames`` = ``(cell, g, child, child_g, child_f, n_child, next_child,
on_path)`` (written; the per-depth arrays have ``capacity`` rows, the children 8 columns;
``on_path`` uint8 per cell). ``state`` int64 ``ID_*``; ``fstate`` float64 ``[bound,
next bound]``.

Returns ``STATUS_FOUND`` (the path is ``cell[:state[IDA_DEPTH] + 1]``, its cost
``g[state[IDA_DEPTH]]``), ``STATUS_EXHAUSTED``, ``STATUS_PAUSED`` (``budget`` expansions
done) or ``STATUS_HEAP_FULL`` (the path outgrew the frames: grow them and call again).
"""

from __future__ import annotations

import math

from numba import njit

from ..._kernels.codes import (
    IDA_DEPTH,
    IDA_EXPANDED,
    IDA_STATUS,
    STATUS_EXHAUSTED,
    STATUS_FOUND,
    STATUS_HEAP_FULL,
    STATUS_NEW,
    STATUS_PAUSED,
)
from .steps import blocked, step_cost

__all__ = ["idastar"]


@njit(cache=True, nogil=True, inline="always")
def _h(aim, u):  # pragma: no cover - numba
    goal, stride, eight_way, d, d2, scale = aim
    dx = abs(u % stride - goal % stride)
    dy = abs(u // stride - goal // stride)
    if eight_way:
        return scale * (d * (dx + dy) + (d2 - 2.0 * d) * min(dx, dy))
    return scale * d * (dx + dy)


@njit(cache=True, nogil=True, inline="always")
def _open(grid, aim, frames, depth, u, gu):  # pragma: no cover - numba
    """Fill frame ``depth`` for cell ``u`` at cost ``gu``: its children sorted by f."""
    passable, costs, weighted, moves, lengths, n_moves, rule = grid
    cell, g, child, child_g, child_f, n_child, next_child, on_path = frames
    cell[depth] = u
    g[depth] = gu
    on_path[u] = 1
    count = 0
    code = passable[u]
    for k in range(n_moves):
        v = u + moves[k, 0]
        if on_path[v] or blocked(passable, u, k, moves, rule, code, True):
            continue
        gv = gu + step_cost(costs, weighted, lengths, k, u, v, False)
        fv = gv + _h(aim, v)
        j = count  # insertion sort: smallest f first, stable
        while j > 0 and child_f[depth, j - 1] > fv:
            child[depth, j] = child[depth, j - 1]
            child_g[depth, j] = child_g[depth, j - 1]
            child_f[depth, j] = child_f[depth, j - 1]
            j -= 1
        child[depth, j] = v
        child_g[depth, j] = gv
        child_f[depth, j] = fv
        count += 1
    n_child[depth] = count
    next_child[depth] = 0


@njit(cache=True, nogil=True)
def idastar(grid, aim, start, frames, state, fstate, budget):  # pragma: no cover - numba
    """IDA* from ``start`` to ``aim``'s goal (module docstring)."""
    cell, g, child, child_g, child_f, n_child, next_child, on_path = frames
    goal = aim[0]
    capacity = cell.shape[0]
    if state[IDA_STATUS] == STATUS_NEW:
        if start == goal:
            cell[0] = start
            g[0] = 0.0
            state[IDA_DEPTH] = 0
            state[IDA_STATUS] = STATUS_FOUND
            return STATUS_FOUND
        fstate[0] = _h(aim, start)
        fstate[1] = math.inf
        state[IDA_EXPANDED] = 0
        _open(grid, aim, frames, 0, start, 0.0)
        state[IDA_DEPTH] = 0
    depth = state[IDA_DEPTH]
    expanded = state[IDA_EXPANDED]
    bound = fstate[0]
    over = fstate[1]
    stop = expanded + budget
    status = STATUS_EXHAUSTED
    while True:
        if depth < 0:  # the round is over
            if over == math.inf:
                status = STATUS_EXHAUSTED
                break
            bound = over
            over = math.inf
            depth = 0
            _open(grid, aim, frames, 0, start, 0.0)
        i = next_child[depth]
        if i == n_child[depth]:
            on_path[cell[depth]] = 0
            depth -= 1
            continue
        next_child[depth] = i + 1
        v = child[depth, i]
        f = child_f[depth, i]
        if f > bound:
            if f < over:
                over = f
            continue
        if on_path[v]:
            continue
        if v == goal:
            depth += 1
            cell[depth] = v
            g[depth] = child_g[depth - 1, i]
            status = STATUS_FOUND
            break
        if depth + 2 >= capacity:
            next_child[depth] = i  # try this child again once the frames have grown
            status = STATUS_HEAP_FULL
            break
        if expanded >= stop:
            next_child[depth] = i
            status = STATUS_PAUSED
            break
        expanded += 1
        depth += 1
        _open(grid, aim, frames, depth, v, child_g[depth - 1, i])
    if status == STATUS_FOUND:
        for j in range(depth):
            on_path[cell[j]] = 0
    state[IDA_DEPTH] = depth
    state[IDA_EXPANDED] = expanded
    state[IDA_STATUS] = status
    fstate[0] = bound
    fstate[1] = over
    return status
