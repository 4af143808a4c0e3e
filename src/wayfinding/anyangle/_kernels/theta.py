"""Kernel: basic Theta* (A. Nash, K. Daniel, S. Koenig and A. Felner, "Theta*: Any-Angle
Path Planning on Grids", AAAI 2007) on a padded flat grid of uniform cost.

Like A*, but a cell reached from ``u`` takes ``u``'s parent as its own parent whenever
that parent sees it (path 2), so paths bend only at the corners of obstacles. Distances
and the heuristic are euclidean, times ``unit`` (the straight-step length times the cost
every cell shares).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..._kernels.pairheap import pair_insert, pair_remove, pair_set
from ...grid._kernels.steps import step_allowed
from .sight import sight

#: Expansions between two looks at the stop flag.
POLL = 256


@njit(cache=True, nogil=True, inline="always")
def distance(a, b, stride, unit):  # pragma: no cover - numba
    """Euclidean distance between the centres of padded cells ``a`` and ``b``, times unit."""
    return unit * math.hypot(a % stride - b % stride, a // stride - b // stride)


@njit(cache=True, nogil=True)
def theta_star(passable, costs, moves, rule, sight_rule, stride, unit, start, goal,
               stop):  # pragma: no cover - numba
    """Search from ``start`` to ``goal``; return ``(g, parent, expanded, stopped)``.

    ``g`` float64[n] (inf where unreached) and ``parent`` int32[n] (-1 for the start and
    unreached cells); ``g[goal]`` is inf when the goal cannot be reached. ``stop``
    int64[1]: another thread sets it to stop the search (looked at every :data:`POLL`
    expansions; ``stopped`` then says so and the arrays are incomplete).
    """
    n = passable.shape[0]
    g = np.full(n, math.inf)
    parent = np.full(n, -1, np.int32)
    closed = np.zeros(n, np.uint8)
    nodes = np.empty(n, np.int32)
    key1 = np.empty(n)
    key2 = np.empty(n)
    pos = np.full(n, -1, np.int32)
    g[start] = 0.0
    # an int64 size, not the literal 0: the pair_insert pair_set calls, compiled once
    size = pair_insert(nodes, key1, key2, pos, np.int64(0), start,
                       distance(start, goal, stride, unit), 0.0, 0.0)
    expanded = 0
    while size > 0:
        u = np.int64(nodes[0])  # int64 cells: one compiled sight and heap each
        size = pair_remove(nodes, key1, key2, pos, size, u, 0.0)
        if u == goal:
            break
        closed[u] = 1
        expanded += 1
        if expanded % POLL == 0 and stop[0] != 0:
            return g, parent, expanded, True
        p = np.int64(parent[u])
        for k in range(moves.shape[0]):
            if not step_allowed(passable, u, k, moves, rule):
                continue
            v = u + moves[k, 0]
            if closed[v] != 0:
                continue
            # path 2: straight from u's parent when it sees v; path 1: through u
            in_sight = p >= 0 and sight(passable, costs, np.bool_(False), stride,
                                        sight_rule, p, v)
            via = p if in_sight else u
            new_cost = g[via] + distance(via, v, stride, unit)
            if new_cost < g[v]:
                g[v] = new_cost
                parent[v] = via
                # ties: the larger g first (towards the goal)
                size = pair_set(nodes, key1, key2, pos, size, v,
                                new_cost + distance(v, goal, stride, unit), -new_cost, 0.0)
    return g, parent, expanded, False
