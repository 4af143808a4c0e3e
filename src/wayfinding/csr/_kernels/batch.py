"""Kernels: many queries on a CSR graph in one compiled loop (``wayfinding.batch``).

Each query runs the single-query kernel (:func:`.bestfirst.best_first` for Dijkstra and
A*, :func:`.bestfirst.bfs`) with a fresh generation stamp and writes its cost, path
length, expansions, whether it found a path and the path (node numbers, appended to
``path`` from ``used``) into output arrays. Returns and codes as
:mod:`wayfinding.grid._kernels.batch`: ``(code, i, generation, used)``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._kernels import codes as C
from ..._kernels.trace import record_answer
from .bestfirst import best_first, bfs

BATCH_DONE, BATCH_HEAP_FULL, BATCH_PATH_FULL = 0, 1, 2

_NO_LIMIT = 2**62


@njit(cache=True, nogil=True)
def batch_best_first(indptr, indices, costs, coords, harray, lm_from, lm_to, iparams,
                     fparams, sources, targets, first, last, stamp, g, parent, goal_mark,
                     touched, heap_key, heap_node, state, fstate, generation, resume,
                     out_cost, out_len, out_expanded, out_found, path,
                     used):  # pragma: no cover - numba
    """Dijkstra or A* (``iparams``: one goal) from ``sources[i]`` to ``targets[i]`` for
    ``i`` in ``first..last-1``; ``resume`` goes on with query ``first`` after its frontier
    grew."""
    starts = np.empty(1, np.int64)
    goals = np.empty(1, np.int64)
    for i in range(first, last):
        starts[0] = sources[i]
        goals[0] = targets[i]
        if not (resume and i == first):
            generation += 1
            state[C.S_GEN] = generation
            state[C.S_STATUS] = C.STATUS_NEW
        status = best_first(indptr, indices, costs, coords, harray, lm_from, lm_to, iparams,
                            fparams, starts, goals, stamp, g, parent, goal_mark, touched,
                            heap_key, heap_node, state, fstate, _NO_LIMIT)
        if status == C.STATUS_HEAP_FULL:
            return BATCH_HEAP_FULL, i, generation, used
        end = state[C.S_FOUND] if status == C.STATUS_FOUND else -1
        now = record_answer(i, parent, g, end, state[C.S_EXPANDED], path, used, out_cost,
                            out_len, out_expanded, out_found)
        if now < 0:
            return BATCH_PATH_FULL, i, generation, used
        used = now
    return BATCH_DONE, last, generation, used


@njit(cache=True, nogil=True)
def batch_bfs(indptr, indices, sources, targets, first, last, stamp, g, parent, goal_mark,
              touched, generation, out_cost, out_len, out_expanded, out_found, path,
              used):  # pragma: no cover - numba
    """Breadth-first search for queries ``first..last-1`` (cost: steps)."""
    starts = np.empty(1, np.int64)
    goals = np.empty(1, np.int64)
    for i in range(first, last):
        starts[0] = sources[i]
        goals[0] = targets[i]
        generation += 1
        found, _, expanded = bfs(indptr, indices, starts, goals, generation, stamp, g,
                                 parent, goal_mark, touched)
        now = record_answer(i, parent, g, found, expanded, path, used, out_cost, out_len,
                            out_expanded, out_found)
        if now < 0:
            return BATCH_PATH_FULL, i, generation, used
        used = now
    return BATCH_DONE, last, generation, used
