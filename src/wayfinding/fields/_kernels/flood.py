"""Kernel: multi-source Dijkstra flood of a padded flat grid, forwards or in reverse.

Each source starts with its own initial cost (any finite value, negative too: that is
what the roguelike "Dijkstra maps" rescale and re-flood). Forwards, ``dist[v]`` is the
cheapest ``initial[s] + cost(s -> v)`` over the sources ``s`` and ``parent[v]`` the cell
before ``v`` on that path. In reverse, ``dist[v]`` is the cheapest
``cost(v -> s) + initial[s]`` and ``parent[v]`` the cell after ``v`` (the next step
towards a source). A step costs its length times the cost of the cell it *enters*, so in
reverse the cell being left (the one popped off the frontier) is charged.

The frontier is the shared lazy binary heap (:mod:`wayfinding._kernels.heap`: a cell
reached more cheaply is pushed again; stale entries are skipped when popped) owned by
the caller, who grows it on demand. The flood
works in slices (``budget`` settled cells per call) so the caller can watch a clock and
let Python handle Ctrl-C between them.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._kernels.codes import STATUS_EXHAUSTED, STATUS_HEAP_FULL, STATUS_PAUSED
from ..._kernels.heap import pop_into, push
from ...grid._kernels.steps import step_allowed

#: ``state`` slots of :func:`flood`: heap entries (-1: not started), cells settled.
S_SIZE, S_SETTLED = 0, 1


@njit(cache=True, nogil=True)
def flood(passable, costs, weighted, moves, lengths, rule, reverse, sources, initial,
          max_cost, dist, parent, heap_key, heap_cell, state,
          budget):  # pragma: no cover - numba
    """Fill ``dist`` and ``parent`` from the ``sources``, ``budget`` settled cells at a time.

    Inputs: ``passable`` uint8[n], ``costs`` float64[n] (padded flat grid), ``weighted``
    bool, ``moves`` int64[k, 3], ``lengths`` float64[k], ``rule`` (``RULE_*``),
    ``reverse`` bool, ``sources`` int64[m] passable cells, ``initial`` float64[m] their
    initial costs, ``max_cost`` (cells costing more are left unreached; inf for no limit).

    In/out (allocated by the caller, kept between calls): ``dist`` float64[n] filled with
    inf, ``parent`` int32[n] filled with -1 (sources keep parent -1); the frontier heap
    ``heap_key`` float64[c], ``heap_cell`` int64[c] (``c >= m``); ``state`` int64[2],
    ``state[S_SIZE] = -1`` before the first call.

    Returns ``STATUS_EXHAUSTED`` (done: ``state[S_SETTLED]`` cells settled),
    ``STATUS_PAUSED`` (``budget`` cells settled in this call: call again) or
    ``STATUS_HEAP_FULL`` (call again with both heap arrays
    grown, contents kept). Between calls, the reached cells not settled yet are the heap
    entries whose key equals their ``dist``.
    """
    n_moves = moves.shape[0]
    capacity = heap_key.shape[0]
    size = state[S_SIZE]
    if size < 0:
        size = 0
        for i in range(sources.shape[0]):
            s = sources[i]
            c = initial[i]
            if c > max_cost or c >= dist[s]:
                continue
            dist[s] = c
            parent[s] = -1
            size = push(heap_key, heap_cell, size, c, s)
    settled = state[S_SETTLED]
    stop = settled + budget
    status = STATUS_EXHAUSTED
    while size > 0:
        if settled >= stop:
            status = STATUS_PAUSED
            break
        if size + n_moves > capacity:
            status = STATUS_HEAP_FULL
            break
        du = heap_key[0]
        u = heap_cell[0]
        size -= 1
        pop_into(heap_key, heap_cell, size)
        if du > dist[u]:
            continue  # stale: u was reached more cheaply later
        settled += 1
        for k in range(n_moves):
            if not step_allowed(passable, u, k, moves, rule):
                continue
            v = u + moves[k, 0]
            step = lengths[k]
            if weighted:
                step *= costs[u] if reverse else costs[v]
            new_cost = du + step
            if new_cost > max_cost or new_cost >= dist[v]:
                continue
            dist[v] = new_cost
            parent[v] = u
            size = push(heap_key, heap_cell, size, new_cost, v)
    state[S_SIZE] = size
    state[S_SETTLED] = settled
    return status


@njit(cache=True, nogil=True)
def unsettle(dist, parent, heap_key, heap_cell, size):  # pragma: no cover - numba
    """Forget the reached cells a paused flood has not settled (back to inf, -1).

    What is left is exact: every cell settled so far, with its cost and parent.
    """
    for i in range(size):
        v = heap_cell[i]
        if heap_key[i] == dist[v]:
            dist[v] = np.inf
            parent[v] = -1
