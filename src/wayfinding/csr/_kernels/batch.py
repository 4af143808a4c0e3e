"""Kernels: many queries on a CSR graph in one compiled loop (``wayfinding.batch``).

Each query runs the single-query kernel (the loop :func:`.bestfirst.loop_for` picks for
Dijkstra and A*, :func:`.bestfirst.bfs`) with a fresh generation stamp (one loop per
search loop, :func:`batch_for`) and writes its cost, path
length, expansions, whether it found a path and the path (node numbers, appended to
``path`` from ``used``) into output arrays. Returns and codes as
:mod:`wayfinding.grid._kernels.batch`: ``(code, i, generation, used)``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from ..._kernels import codes as C
from ..._kernels.trace import next_query, record_search
from .bestfirst import any_loop, bfs, dijkstra_loop, euclid_loop, loop_for

_NO_LIMIT = 2**62


def _variant(dijkstra, euclid):
    """One compiled copy of the batch loop per copy of the search loop it calls
    (:func:`.bestfirst.loop_for`): ``dijkstra``, ``euclid`` are constants of the closure,
    so numba keeps one call and compiles only that loop. The loop used to be passed as
    an argument: the type of a function argument names the function object, which a new
    process cannot match in numba's cache index, so every process compiled the batch
    loop again."""

    @njit(cache=True, nogil=True)
    def batch_search(breadth_first, indptr, indices, costs, coords, harray, lm_from, lm_to,
                     iparams, fparams, sources, targets, first, last, stamp, g, parent,
                     goal_mark, touched, hcache, heap_key, heap_node, heap_pos, state, fstate,
                     generation, resume, out_cost, out_len, out_expanded, out_found, path,
                     used):  # pragma: no cover - numba
        """From ``sources[i]`` to ``targets[i]`` for ``i`` in ``first..last-1``: Dijkstra
        or A* (``iparams``: one goal) by the closure's loop, or with ``breadth_first``
        fewest edges (cost: edges); ``resume`` goes on with query ``first`` after its
        frontier grew."""
        starts = np.empty(1, np.int64)
        goals = np.empty(1, np.int64)
        # an int64 as Python passes, not the global (typed Literal[int](2**62)): the
        # loops are then the ones single searches compiled, not a second copy each
        no_limit = np.int64(_NO_LIMIT)
        for i in range(first, last):
            generation = next_query(i, first, resume, sources, targets, starts, goals, state,
                                    generation)
            if breadth_first:
                found, _, expanded = bfs(indptr, indices, starts, goals, generation, stamp, g,
                                         parent, goal_mark, touched)
                state[C.S_FOUND] = found
                state[C.S_EXPANDED] = expanded
                status = C.STATUS_FOUND if found >= 0 else C.STATUS_EXHAUSTED
            elif dijkstra:
                status = dijkstra_loop(indptr, indices, costs, coords, harray, lm_from, lm_to,
                                       iparams, fparams, starts, goals, stamp, g, parent,
                                       goal_mark, touched, hcache, heap_key, heap_node,
                                       heap_pos, state, fstate, no_limit)
            elif euclid:
                status = euclid_loop(indptr, indices, costs, coords, harray, lm_from, lm_to,
                                     iparams, fparams, starts, goals, stamp, g, parent,
                                     goal_mark, touched, hcache, heap_key, heap_node, heap_pos,
                                     state, fstate, no_limit)
            else:
                status = any_loop(indptr, indices, costs, coords, harray, lm_from, lm_to,
                                  iparams, fparams, starts, goals, stamp, g, parent, goal_mark,
                                  touched, hcache, heap_key, heap_node, heap_pos, state, fstate,
                                  no_limit)
            code, used = record_search(i, status, state, parent, g, path, used, out_cost,
                                       out_len, out_expanded, out_found)
            if code != C.BATCH_DONE:
                return code, i, generation, used
        return C.BATCH_DONE, last, generation, used

    return batch_search


#: The batch loop over Dijkstra's loop, ...
dijkstra_batch = _variant(True, False)
#: ... over A* by straight-line distance to one goal, ...
euclid_batch = _variant(False, True)
#: ... and over every other informed search.
any_batch = _variant(False, False)


def batch_for(iparams: np.ndarray) -> Any:
    """The compiled batch loop for searches of ``iparams`` (as :func:`.bestfirst.loop_for`
    picks the search loop)."""
    loop = loop_for(iparams)
    if loop is dijkstra_loop:
        return dijkstra_batch
    return euclid_batch if loop is euclid_loop else any_batch
