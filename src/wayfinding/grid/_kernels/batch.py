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

:func:`flood_matrix` answers many-to-many: one Dijkstra flood per source (forwards) or
per target (``reverse``: a step charges the cell it leaves, i.e. the cell a forward step
enters), stopping once every cell of ``targets`` is settled.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..._kernels import codes as C
from ..._kernels import heap as _heap
from ..._kernels.trace import record_answer
from .bestfirst import best_first, best_first_bucket, best_first_classes
from .bfs import breadth_first
from .jps import interpolate, jps_search
from .steps import blocked

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


@njit(cache=True, nogil=True)
def flood_matrix(passable, costs, weighted, moves, lengths, n_moves, rule, classes, reverse,
                 sources, targets, first, last, stamp, g, goal_mark, heap_f, heap_n,
                 generation, out):  # pragma: no cover - numba
    """Dijkstra floods from ``sources[first..last-1]``: ``out[i, j]`` the cost from source
    ``i`` to ``targets[j]`` (from ``targets[j]`` to source ``i`` with ``reverse``), inf
    when unreachable. A flood stops once every target is settled.

    Returns ``(code, i, generation)``: ``BATCH_DONE``, or ``BATCH_HEAP_FULL`` for source
    ``i`` (grow the heap arrays and call again from ``first = i``).
    """
    cap = heap_n.shape[0]
    n_targets = targets.shape[0]
    for i in range(first, last):
        generation += 1
        gen = np.int32(generation)
        left = 0
        for j in range(n_targets):
            t = targets[j]
            if goal_mark[t] != gen:
                goal_mark[t] = gen
                left += 1
        s = sources[i]
        stamp[s] = gen
        g[s] = 0.0
        size = _heap.push(heap_f, heap_n, 0, 0.0, s)
        full = False
        while size > 0 and left > 0:
            if size + n_moves > cap:
                full = True
                break
            u = heap_n[0]
            size -= 1
            _heap.pop_into(heap_f, heap_n, size)
            if stamp[u] != gen:
                continue  # stale
            stamp[u] = -gen
            if goal_mark[u] == gen:
                left -= 1
            gu = g[u]
            code = passable[u]
            for k in range(n_moves):
                if blocked(passable, u, k, moves, rule, code, classes):
                    continue
                v = u + moves[k, 0]
                step = lengths[k]
                if weighted:
                    step *= costs[u] if reverse else costs[v]
                ng = gu + step
                sv = stamp[v]
                if sv == -gen or (sv == gen and ng >= g[v]):
                    continue
                stamp[v] = gen
                g[v] = ng
                size = _heap.push(heap_f, heap_n, size, ng, v)
        if full:
            return BATCH_HEAP_FULL, i, generation
        for j in range(n_targets):
            t = targets[j]
            out[i, j] = g[t] if stamp[t] == -gen else math.inf
    return BATCH_DONE, last, generation
