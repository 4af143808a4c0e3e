"""Kernel: multi-source Dijkstra flood of a padded flat grid, forwards or in reverse.

Each source starts with its own initial cost (any finite value, negative too: that is
what the roguelike "Dijkstra maps" rescale and re-flood). Forwards, ``dist[v]`` is the
cheapest ``initial[s] + cost(s -> v)`` over the sources ``s`` and ``parent[v]`` the cell
before ``v`` on that path. In reverse, ``dist[v]`` is the cheapest
``cost(v -> s) + initial[s]`` and ``parent[v]`` the cell after ``v`` (the next step
towards a source). A step costs its length times the cost of the cell it *enters*, so in
reverse the cell being left (the one popped off the frontier) is charged.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .common import heap_remove, heap_set, step_allowed


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
    n = passable.shape[0]
    n_moves = moves.shape[0]
    nodes = np.empty(n, np.int32)
    key1 = np.empty(n, np.float64)
    key2 = np.zeros(n, np.float64)
    pos = np.full(n, -1, np.int32)
    size = 0
    for i in range(sources.shape[0]):
        s = sources[i]
        c = initial[i]
        if c > max_cost or c >= dist[s]:
            continue
        dist[s] = c
        parent[s] = -1
        size = heap_set(nodes, key1, key2, pos, size, s, c, 0.0, 0.0)
    settled = 0
    while size > 0:
        u = nodes[0]
        size = heap_remove(nodes, key1, key2, pos, size, u, 0.0)
        settled += 1
        du = dist[u]
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
            size = heap_set(nodes, key1, key2, pos, size, v, new_cost, 0.0, 0.0)
    return settled
