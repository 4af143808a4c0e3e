"""Kernels: many grid queries in one compiled loop (``wayfinding.batch``).

Each loop takes every query of a batch (or of one worker's share), runs the existing
single-query kernel on it (:func:`.bestfirst.best_first` and its bucket and
terrain-class variants, :func:`.bfs.breadth_first`: :data:`BATCH_SEARCH`, one loop
per kernel;
:data:`.jps.search_scan`: :func:`batch_jps`) with a
fresh generation stamp, so nothing is cleared between queries, and writes the answer
into output arrays: cost, cells on the path, expansions, found, and the path itself as
padded flat cells appended to ``path`` from position ``used``.

A loop returns ``(code, i, generation, used)``. ``code`` (``BATCH_*`` of
:mod:`wayfinding._kernels.codes`) is ``BATCH_DONE`` when
every query up to ``last`` is answered; ``BATCH_HEAP_FULL`` or ``BATCH_PATH_FULL``
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
from ..._kernels.trace import next_query, record_search
from .bestfirst import best_first, best_first_bucket, best_first_classes
from .bfs import breadth_first
from .jps import search_plus, search_scan
from .jps_path import fill_path, path_length

#: Keys of :data:`BATCH_SEARCH`: the single-query kernel each query runs.
USE_HEAP, USE_BUCKET, USE_CLASSES, USE_BFS = 0, 1, 2, 3

_NO_LIMIT = 2**62


@njit(cache=True, nogil=True, inline="always")
def unreached(i, out_cost, out_len, out_expanded, out_found, expanded):  # pragma: no cover
    out_cost[i] = math.inf
    out_len[i] = 0
    out_expanded[i] = expanded
    out_found[i] = False


def _variant(which):
    """The batch loop calling the single-query kernel ``which`` (``USE_*``), a constant
    of the closure: numba keeps that one call, so a batch compiles (or loads) only the
    search it runs, the one single queries of that kind compiled, not all four."""

    @njit(cache=True, nogil=True)
    def batch_search(passable, costs, table, iparams, fparams, sources, targets, skip, first,
                     last, stamp, g, parent, goal_mark, touched, heap_f, heap_n, link,
                     buckets, state, fstate, generation, resume, out_cost, out_len,
                     out_expanded, out_found, path, used):  # pragma: no cover - numba
        """Queries ``first..last-1`` (``sources[i]`` to ``targets[i]``, padded flat cells),
        each by the closure's kernel (a best-first kernel with ``iparams``/``fparams`` of
        a one-start, one-goal query, or breadth-first search, which reads only the move
        count and corner rule of ``iparams``). Returns ``(code, i, generation, used)``
        (module doc).

        ``resume``: query ``first`` stopped with ``BATCH_HEAP_FULL`` and its search goes
        on where it stopped (the kernel lost nothing), rather than from scratch.
        """
        starts = np.empty(1, np.int64)
        goals = np.empty(1, np.int64)
        # an int64 as Python passes, not the global (typed Literal[int](2**62)): the
        # searches are then the ones single queries compiled, not a second copy each
        no_limit = np.int64(_NO_LIMIT)
        for i in range(first, last):
            if skip[i]:
                unreached(i, out_cost, out_len, out_expanded, out_found, 0)
                continue
            generation = next_query(i, first, resume, sources, targets, starts, goals, state,
                                    generation)
            if which == USE_BUCKET:
                status = best_first_bucket(passable, costs, table, iparams, fparams,
                                           starts, goals, stamp, g, parent, goal_mark, touched,
                                           heap_f, heap_n, link, buckets, state, fstate,
                                           no_limit)
            elif which == USE_CLASSES:
                status = best_first_classes(passable, costs, table, iparams, fparams,
                                            starts, goals, stamp, g, parent, goal_mark,
                                            touched, heap_f, heap_n, link, buckets, state,
                                            fstate, no_limit)
            elif which == USE_BFS:
                status = breadth_first(passable, table, iparams[C.GI_RULE], starts, goals,
                                       stamp, g, parent, goal_mark, touched, state, no_limit)
            else:
                status = best_first(passable, costs, table, iparams, fparams, starts,
                                    goals, stamp, g, parent, goal_mark, touched, heap_f,
                                    heap_n, link, buckets, state, fstate, no_limit)
            code, used = record_search(i, status, state, parent, g, path, used, out_cost,
                                       out_len, out_expanded, out_found)
            if code != C.BATCH_DONE:
                return code, i, generation, used
        return C.BATCH_DONE, last, generation, used

    return batch_search


#: The batch loop per single-query kernel (``USE_*`` -> its compiled loop).
BATCH_SEARCH = {which: _variant(which) for which in (USE_HEAP, USE_BUCKET, USE_CLASSES,
                                                      USE_BFS)}


@njit(cache=True, nogil=True)
def batch_jps(passable, bits, stride, straight, diagonal, eight_way, scale, sources, targets,
              skip, first, last, stamp, g, parent, touched, heap_f, heap_g, heap_n,
              generation, out_cost, out_len, out_expanded, out_found, path,
              used):  # pragma: no cover - numba
    """Jump point search for queries ``first..last-1`` (costs times ``scale``, the grid's
    uniform cell cost); returns ``(code, i, generation, used)`` (module doc)."""
    return _batch_jps(passable, bits, stride, straight, diagonal, eight_way, scale, sources,
                      targets, skip, first, last, stamp, g, parent, touched, heap_f, heap_g,
                      heap_n, generation, out_cost, out_len, out_expanded, out_found, path,
                      used, bits, bits, 0)


@njit(cache=True, nogil=True)
def batch_jps_plus(passable, bits, stops, jumps, stride, straight, diagonal, scale, sources,
                   targets, skip, first, last, stamp, g, parent, touched, heap_f, heap_g,
                   heap_n, generation, out_cost, out_len, out_expanded, out_found, path,
                   used):  # pragma: no cover - numba
    """:func:`batch_jps` by JPS+ (8-way, the tables of :mod:`.jps_tables`)."""
    return _batch_jps(passable, bits, stride, straight, diagonal, True, scale, sources,
                      targets, skip, first, last, stamp, g, parent, touched, heap_f, heap_g,
                      heap_n, generation, out_cost, out_len, out_expanded, out_found, path,
                      used, stops, jumps, 1)


@njit(cache=True, nogil=True, inline="always")
def _batch_jps(passable, bits, stride, straight, diagonal, eight_way, scale, sources,
               targets, skip, first, last, stamp, g, parent, touched, heap_f, heap_g,
               heap_n, generation, out_cost, out_len, out_expanded, out_found, path, used,
               stops, jumps, plus):  # pragma: no cover - numba
    """The loop of :func:`batch_jps` (``plus``: with JPS+ tables, a literal)."""
    no_limit = np.int64(_NO_LIMIT)  # int64s, as wf.jps passes: one compiled search
    fresh, none = np.int64(-1), np.int64(0)
    for i in range(first, last):
        if skip[i]:
            unreached(i, out_cost, out_len, out_expanded, out_found, 0)
            continue
        s = sources[i]
        t = targets[i]
        generation += 1
        if plus:
            status, expanded, _, _ = search_plus(
                passable, bits, stride, s, t, straight, diagonal, True, stamp, g, parent,
                touched, generation, heap_f, heap_g, heap_n, fresh, none, none, no_limit,
                stops, jumps)
        else:
            status, expanded, _, _ = search_scan(
                passable, bits, stride, s, t, straight, diagonal, eight_way, stamp, g,
                parent, touched, generation, heap_f, heap_g, heap_n, fresh, none, none,
                no_limit, bits, bits)
        if status == C.STATUS_HEAP_FULL:
            return C.BATCH_HEAP_FULL, i, generation, used
        if status != C.STATUS_FOUND:
            unreached(i, out_cost, out_len, out_expanded, out_found, expanded)
            continue
        n = path_length(parent, t, stride, eight_way)
        if used + n > path.shape[0]:
            return C.BATCH_PATH_FULL, i, generation, used
        fill_path(parent, t, stride, eight_way, path[used:used + n])  # no array per path
        used += n
        out_cost[i] = g[t] * scale
        out_len[i] = n
        out_expanded[i] = expanded
        out_found[i] = True
    return C.BATCH_DONE, last, generation, used
