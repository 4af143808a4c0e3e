"""Kernel: multi-source Dijkstra flood of a padded flat grid, forwards or in reverse.

Each source starts with its own initial cost (any finite value, negative too: that is
what the roguelike "Dijkstra maps" rescale and re-flood). Forwards, ``dist[v]`` is the
cheapest ``initial[s] + cost(s -> v)`` over the sources ``s`` and ``parent[v]`` the cell
before ``v`` on that path. In reverse, ``dist[v]`` is the cheapest
``cost(v -> s) + initial[s]`` and ``parent[v]`` the cell after ``v`` (the next step
towards a source). A step costs its length times the cost of the cell it *enters*, so in
reverse the cell being left (the one popped off the frontier) is charged.

The frontier is a lazy binary heap (a cell reached more cheaply is pushed again; stale
entries are skipped when popped) that grows on demand.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .common import step_allowed


@njit(cache=True, nogil=True, inline="always")
def push(heap_key, heap_cell, size, key, cell):  # pragma: no cover - numba
    """Add ``(key, cell)`` to a heap of ``size`` entries (room for one more)."""
    i = size
    while i > 0:
        p = (i - 1) >> 1
        if heap_key[p] <= key:
            break
        heap_key[i] = heap_key[p]
        heap_cell[i] = heap_cell[p]
        i = p
    heap_key[i] = key
    heap_cell[i] = cell


@njit(cache=True, nogil=True, inline="always")
def pop(heap_key, heap_cell, size):  # pragma: no cover - numba
    """Drop the root; the last entry is at ``size`` (already decremented)."""
    key = heap_key[size]
    cell = heap_cell[size]
    i = 0
    while True:
        c = 2 * i + 1
        if c >= size:
            break
        if c + 1 < size and heap_key[c + 1] < heap_key[c]:
            c += 1
        if heap_key[c] >= key:
            break
        heap_key[i] = heap_key[c]
        heap_cell[i] = heap_cell[c]
        i = c
    heap_key[i] = key
    heap_cell[i] = cell


@njit(cache=True, nogil=True)
def flood(passable, costs, weighted, moves, lengths, rule, reverse, sources, initial,
          max_cost, dist, parent):  # pragma: no cover - numba
    """Fill ``dist`` and ``parent`` from the ``sources``; return how many cells were settled.

    Inputs: ``passable`` uint8[n], ``costs`` float64[n] (padded flat grid), ``weighted``
    bool, ``moves`` int64[k, 3], ``lengths`` float64[k], ``rule`` (``RULE_*``),
    ``reverse`` bool, ``sources`` int64[m] passable cells, ``initial`` float64[m] their
    initial costs, ``max_cost`` (cells costing more are left unreached; inf for no limit).

    Outputs (allocated by the caller): ``dist`` float64[n] filled with inf, ``parent``
    int32[n] filled with -1; sources keep parent -1.
    """
    n_moves = moves.shape[0]
    capacity = max(1024, 2 * sources.shape[0])
    heap_key = np.empty(capacity, np.float64)
    heap_cell = np.empty(capacity, np.int64)
    size = 0
    for i in range(sources.shape[0]):
        s = sources[i]
        c = initial[i]
        if c > max_cost or c >= dist[s]:
            continue
        dist[s] = c
        parent[s] = -1
        push(heap_key, heap_cell, size, c, s)
        size += 1
    settled = 0
    while size > 0:
        du = heap_key[0]
        u = heap_cell[0]
        size -= 1
        pop(heap_key, heap_cell, size)
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
            if size == capacity:
                capacity *= 2
                heap_key = _grown(heap_key, capacity)
                heap_cell = _grown(heap_cell, capacity)
            push(heap_key, heap_cell, size, new_cost, v)
            size += 1
    return settled


@njit(cache=True, nogil=True)
def _grown(array, capacity):  # pragma: no cover - numba
    bigger = np.empty(capacity, array.dtype)
    bigger[:array.shape[0]] = array
    return bigger
