"""Kernels: many queries on a CSR graph in one compiled loop (``wayfinding.batch``).

Each query runs the single-query kernel (:func:`.bestfirst.best_first` for Dijkstra and
A*, :func:`.bestfirst.bfs`) with a fresh generation stamp (one loop,
:func:`batch_search`) and writes its cost, path
length, expansions, whether it found a path and the path (node numbers, appended to
``path`` from ``used``) into output arrays. Returns and codes as
:mod:`wayfinding.grid._kernels.batch`: ``(code, i, generation, used)``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._kernels import codes as C
from ..._kernels.trace import next_query, record_search
from .bestfirst import bfs

_NO_LIMIT = 2**62


@njit(cache=True, nogil=True)
def batch_search(breadth_first, loop, indptr, indices, costs, coords, harray, lm_from, lm_to,
                 iparams, fparams, sources, targets, first, last, stamp, g, parent,
                 goal_mark, touched, hcache, heap_key, heap_node, heap_pos, state, fstate,
                 generation, resume, out_cost, out_len, out_expanded, out_found, path,
                 used):  # pragma: no cover - numba
    """From ``sources[i]`` to ``targets[i]`` for ``i`` in ``first..last-1``: Dijkstra or A*
    (``iparams``: one goal) by ``loop`` (:func:`.bestfirst.loop_for` of ``iparams``: a
    compiled function as an argument, so only that loop compiles), or with
    ``breadth_first`` fewest edges (cost: edges);
    ``resume`` goes on with query ``first`` after its frontier grew."""
    starts = np.empty(1, np.int64)
    goals = np.empty(1, np.int64)
    for i in range(first, last):
        generation = next_query(i, first, resume, sources, targets, starts, goals, state,
                                generation)
        if breadth_first:
            found, _, expanded = bfs(indptr, indices, starts, goals, generation, stamp, g,
                                     parent, goal_mark, touched)
            state[C.S_FOUND] = found
            state[C.S_EXPANDED] = expanded
            status = C.STATUS_FOUND if found >= 0 else C.STATUS_EXHAUSTED
        else:
            status = loop(indptr, indices, costs, coords, harray, lm_from, lm_to, iparams,
                          fparams, starts, goals, stamp, g, parent, goal_mark, touched, hcache,
                          heap_key, heap_node, heap_pos, state, fstate, _NO_LIMIT)
        code, used = record_search(i, status, state, parent, g, path, used, out_cost, out_len,
                            out_expanded, out_found)
        if code != C.BATCH_DONE:
            return code, i, generation, used
    return C.BATCH_DONE, last, generation, used
