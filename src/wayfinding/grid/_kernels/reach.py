"""Kernels: reachability on a padded flat grid in slices, for the lazy iterators of
:mod:`wayfinding.grid.reach` (as :mod:`wayfinding.csr._kernels.reach`, over the grid's
move table: ``passable`` holds terrain class codes + 1, a step joins equal codes).

``grid`` = ``(passable, costs, weighted, moves, lengths, n_moves, rule)`` (read).
:func:`bfs_slice`: ``work`` = ``(seen, order, parent)``; :func:`dijkstra_slice`: ``work`` =
``(g, parent, done, order, heap_key, heap_node)`` (written). ``state`` int64 ``[head or
heap entries, count]``. Both return ``STATUS_PAUSED`` while there is more to do, else
``STATUS_EXHAUSTED``; :func:`dijkstra_slice` returns ``STATUS_HEAP_FULL`` (grow the heap,
call again: nothing is lost) before an expansion whose steps might not fit.
"""

from __future__ import annotations

from numba import njit

from ..._kernels.codes import STATUS_EXHAUSTED, STATUS_HEAP_FULL, STATUS_PAUSED
from ..._kernels.heap import pop_into, push
from .steps import blocked, step_cost

__all__ = ["bfs_slice", "dijkstra_slice"]


@njit(cache=True, nogil=True)
def bfs_slice(grid, work, state, budget):  # pragma: no cover - numba
    """Breadth-first expansion of up to ``budget`` more cells."""
    passable, _costs, _weighted, moves, _lengths, n_moves, rule = grid
    seen, order, parent = work
    head = state[0]
    count = state[1]
    stop = head + budget
    while head < count and head < stop:
        u = order[head]
        head += 1
        code = passable[u]
        for k in range(n_moves):
            v = u + moves[k, 0]
            if seen[v] or blocked(passable, u, k, moves, rule, code, True):
                continue
            seen[v] = 1
            parent[v] = u
            order[count] = v
            count += 1
    state[0] = head
    state[1] = count
    return STATUS_PAUSED if head < count else STATUS_EXHAUSTED


@njit(cache=True, nogil=True)
def dijkstra_slice(grid, work, state, budget):  # pragma: no cover - numba
    """Settle up to ``budget`` more cells in order of cost."""
    passable, costs, weighted, moves, lengths, n_moves, rule = grid
    g, parent, done, order, heap_key, heap_node = work
    size = state[0]
    count = state[1]
    stop = count + budget
    while size > 0 and count < stop:
        u = heap_node[0]
        key = heap_key[0]
        if size - 1 + n_moves > heap_key.shape[0]:
            state[0] = size
            state[1] = count
            return STATUS_HEAP_FULL
        size -= 1
        pop_into(heap_key, heap_node, size)
        if done[u] or key > g[u]:
            continue
        done[u] = 1
        order[count] = u
        count += 1
        code = passable[u]
        for k in range(n_moves):
            v = u + moves[k, 0]
            if done[v] or blocked(passable, u, k, moves, rule, code, True):
                continue
            new_cost = key + step_cost(costs, weighted, lengths, k, u, v, False)
            if new_cost >= g[v]:
                continue
            g[v] = new_cost
            parent[v] = u
            size = push(heap_key, heap_node, size, new_cost, v)
    state[0] = size
    state[1] = count
    return STATUS_PAUSED if size > 0 else STATUS_EXHAUSTED
