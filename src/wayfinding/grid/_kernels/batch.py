"""Kernels: many grid queries in one compiled loop (``wayfinding.batch``).

Each loop takes every query of a batch (or of one worker's share), runs the existing
single-query kernel on it (:func:`.bestfirst.best_first` and its bucket and
terrain-class variants, :func:`.bfs.breadth_first`, :func:`.jps.jps_search`) with a
fresh generation stamp, so nothing is cleared between queries, and writes the answer
into output arrays: cost, cells on the path, expansions, found, and the path itself as
padded flat cells appended to ``path`` from position ``used``.

A loop returns ``(code, i, generation, used)``. ``code`` is :data:`BATCH_DONE` when
every query up to ``last`` is answered; :data:`BATCH_HEAP_FULL` or :data:`BATCH_PATH_FULL`
when query ``i`` needs a larger frontier or path buffer: the caller grows it and calls
again from ``first = i`` (the best-first loop resumes query ``i`` after a full frontier;
the others run it again from scratch, which gives the same answer). ``generation`` is
the last stamp used; the caller keeps it below the workspace's limit. Queries with
``skip[i]`` set (start and goal in different components) are answered unreachable
without searching.

Many-to-many costs (:func:`wayfinding.batch.distance_matrix`) are floods, by the fields'
kernel :func:`wayfinding.fields._kernels.flood.flood_each`.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..._kernels import codes as C
from ..._kernels.trace import record_answer
from .bestfirst import best_first, best_first_bucket, best_first_classes
from .bfs import breadth_first
from .jps import interpolate, jps_search

BATCH_DONE = 0
BATCH_HEAP_FULL = 1
BATCH_PATH_FULL = 2

#: ``which`` of :func:`batch_best_first`: the single-query kernel each query runs.
USE_HEAP, USE_BUCKET, USE_CLASSES = 0, 1, 2

_NO_LIMIT = 2**62


@njit(cache=True, nogil=True, inline="always")
def _unreached(i, out_cost, out_len, out_expanded, out_found, expanded):  # pragma: no cover
    out_cost[i] = math.inf
    out_len[i] = 0
    out_expanded[i] = expanded
    out_found[i] = False


@njit(cache=True, nogil=True)
def batch_best_first(which, passable, costs, moves, lengths, iparams, fparams, sources,
                     targets, skip, first, last, stamp, g, parent, goal_mark, touched,
                     heap_f, heap_n, link, buckets, state, fstate, generation, resume,
                     out_cost, out_len, out_expanded, out_found, path,
                     used):  # pragma: no cover - numba
    """Queries ``first..last-1`` (``sources[i]`` to ``targets[i]``, padded flat cells), each
    by the best-first kernel ``which`` (``USE_*``) with ``iparams``/``fparams`` of a
    one-start, one-goal query. Returns ``(code, i, generation, used)`` (module doc).

    ``resume``: query ``first`` stopped with ``BATCH_HEAP_FULL`` and its search goes on
    where it stopped (the kernel lost nothing), rather than from scratch.
    """
    starts = np.empty(1, np.int64)
    goals = np.empty(1, np.int64)
    for i in range(first, last):
        if skip[i]:
            _unreached(i, out_cost, out_len, out_expanded, out_found, 0)
            continue
        starts[0] = sources[i]
        goals[0] = targets[i]
        if not (resume and i == first):
            generation += 1
            state[C.S_GEN] = generation
            state[C.S_STATUS] = C.STATUS_NEW
        if which == USE_BUCKET:
            status = best_first_bucket(passable, costs, moves, lengths, iparams, fparams,
                                       starts, goals, stamp, g, parent, goal_mark, touched,
                                       heap_f, heap_n, link, buckets, state, fstate,
                                       _NO_LIMIT)
        elif which == USE_CLASSES:
            status = best_first_classes(passable, costs, moves, lengths, iparams, fparams,
                                        starts, goals, stamp, g, parent, goal_mark, touched,
                                        heap_f, heap_n, link, buckets, state, fstate,
                                        _NO_LIMIT)
        else:
            status = best_first(passable, costs, moves, lengths, iparams, fparams, starts,
                                goals, stamp, g, parent, goal_mark, touched, heap_f, heap_n,
                                link, buckets, state, fstate, _NO_LIMIT)
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
def batch_bfs(passable, moves, n_moves, rule, sources, targets, skip, first, last, stamp, g,
              parent, goal_mark, touched, state, generation, out_cost, out_len,
              out_expanded, out_found, path, used):  # pragma: no cover - numba
    """Breadth-first search for queries ``first..last-1`` (cost: steps); returns
    ``(code, i, generation, used)`` (module doc; never ``BATCH_HEAP_FULL``)."""
    starts = np.empty(1, np.int64)
    goals = np.empty(1, np.int64)
    for i in range(first, last):
        if skip[i]:
            _unreached(i, out_cost, out_len, out_expanded, out_found, 0)
            continue
        starts[0] = sources[i]
        goals[0] = targets[i]
        generation += 1
        state[C.S_GEN] = generation
        state[C.S_STATUS] = C.STATUS_NEW
        status = breadth_first(passable, moves, n_moves, rule, starts, goals, stamp, g,
                               parent, goal_mark, touched, state, _NO_LIMIT)
        end = state[C.S_FOUND] if status == C.STATUS_FOUND else -1
        now = record_answer(i, parent, g, end, state[C.S_EXPANDED], path, used, out_cost,
                            out_len, out_expanded, out_found)
        if now < 0:
            return BATCH_PATH_FULL, i, generation, used
        used = now
    return BATCH_DONE, last, generation, used


@njit(cache=True, nogil=True)
def batch_jps(passable, bits, stride, straight, diagonal, eight_way, scale, sources, targets,
              skip, first, last, stamp, g, parent, touched, heap_f, heap_g, heap_n,
              generation, out_cost, out_len, out_expanded, out_found, path,
              used):  # pragma: no cover - numba
    """Jump point search for queries ``first..last-1`` (costs times ``scale``, the grid's
    uniform cell cost); returns ``(code, i, generation, used)`` (module doc)."""
    for i in range(first, last):
        if skip[i]:
            _unreached(i, out_cost, out_len, out_expanded, out_found, 0)
            continue
        s = sources[i]
        t = targets[i]
        generation += 1
        status, expanded, _, _ = jps_search(passable, bits, stride, s, t, straight, diagonal,
                                            eight_way, stamp, g, parent, touched, generation,
                                            heap_f, heap_g, heap_n, -1, 0, 0, _NO_LIMIT)
        if status == C.STATUS_HEAP_FULL:
            return BATCH_HEAP_FULL, i, generation, used
        if status != C.STATUS_FOUND:
            _unreached(i, out_cost, out_len, out_expanded, out_found, expanded)
            continue
        cells = interpolate(parent, t, stride, eight_way)
        n = cells.shape[0]
        if used + n > path.shape[0]:
            return BATCH_PATH_FULL, i, generation, used
        path[used:used + n] = cells
        used += n
        out_cost[i] = g[t] * scale
        out_len[i] = n
        out_expanded[i] = expanded
        out_found[i] = True
    return BATCH_DONE, last, generation, used
