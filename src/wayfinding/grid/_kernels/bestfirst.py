"""Kernel: one resumable best-first search for Dijkstra, greedy best-first and (weighted) A*.

The three algorithms share one loop and differ in the priority of a cell on the frontier
(``MODE_COST``: g; ``MODE_HEURISTIC``: h; ``MODE_ASTAR``: g + weight * h); h is a norm of
the offset to the goal (:func:`estimate`) or, in the ``_landmarks`` kernels, the ALT bound
of :func:`alt_estimate`. Frontiers
(``benchmarks/NOTES.md``, "Heaps and frontiers"), both with lazy deletion (a cell reached
more cheaply is pushed again; an entry popped for a cell already expanded is skipped):

- ``FRONTIER_HEAP``: the lazy binary heap of :mod:`wayfinding._kernels.heap`, of
  (key, cell). The key is f, or with the
  texts' tie-break ``f - g * GF_TIE``: when priorities are integers (integer step costs,
  where exact ties are common) a small enough ``GF_TIE`` orders equal f by larger g first
  without reordering different f, at no cost (a second comparison on g in the heap is
  slower). Grids whose steps cost 1 and sqrt 2 get the same
  order from the weight: ``GF_WEIGHT = 1 + eps`` (see ``_nudge`` in
  :mod:`wayfinding.grid._engine` for why that keeps paths optimal);
- ``FRONTIER_BUCKET``: the bucket queue of :mod:`wayfinding._kernels.buckets`, one
  LIFO list per integer f (LIFO pops the
  deepest of equal f first). Only for integer priorities that never decrease
  (integer step costs and heuristic, consistent heuristic), where it beats a heap.

All search state lives in arrays owned by the caller (a workspace), so the kernel is
stateless, re-entrant and resumable: it returns when the search finishes, when
``budget`` expansions are done (``STATUS_PAUSED``) or when the heap might overflow
(``STATUS_HEAP_FULL``, nothing lost: grow the heap arrays and call again).

Cells are flat indices into the padded grid of :class:`~wayfinding.grid.grid.FlatGrid`
(a blocked border, so no bounds checks). Generation stamps replace clearing: ``g``,
``parent`` are valid for cell ``v`` only when ``stamp[v]`` is ``gen`` (reached, on the
frontier) or ``-gen`` (expanded), ``gen = state[S_GEN] >= 1``.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..._kernels import buckets as _buckets
from ..._kernels import codes as C
from ..._kernels import heap as _heap
from ..._kernels.pages import claim, slot
from ..._kernels.reach import seed
from .steps import around_bits, blocked, is_goal, mark_goals, parity_base, world_target
from .worlds import decode, world_estimate, world_estimate_once


@njit(cache=True, nogil=True, inline="always")
def metric(code, dx, dy, d, d2):  # pragma: no cover - numba
    """Heuristic ``code`` of an offset ``dx, dy >= 0`` (the arithmetic of
    :mod:`wayfinding.heuristics`, so both tiers agree to the bit)."""
    if code == C.H_OCTILE:
        return d * (dx + dy) + (d2 - 2.0 * d) * min(dx, dy)
    if code == C.H_MANHATTAN:
        return d * (dx + dy)
    if code == C.H_CHEBYSHEV:
        return d * max(dx, dy)
    if code == C.H_EUCLIDEAN:
        return d * math.hypot(dx, dy)
    return 0.0


@njit(cache=True, nogil=True, inline="always")
def estimate(code, x, y, gx0, gy0, goal_xy, n, d, d2, scale):  # pragma: no cover - numba
    """Heuristic from padded cell ``(x, y)`` to the nearest of ``n`` goals.

    The first goal is ``(gx0, gy0)``; with several, their coordinates are ``goal_xy``.
    """
    if code == C.H_ZERO or n == 0:
        return 0.0
    if n == 1:
        return metric(code, abs(x - gx0), abs(y - gy0), d, d2) * scale
    best = math.inf
    for i in range(n):
        h = metric(code, abs(x - goal_xy[i, 0]), abs(y - goal_xy[i, 1]), d, d2)
        if h < best:
            best = h
    return best * scale


@njit(cache=True, nogil=True)
def goal_landmarks(table, index, columns, goals, n_goals):  # pragma: no cover - numba
    """Per goal (the first ``n_goals``) the columns of ``table`` (:func:`alt_estimate`)
    that are finite there, i.e. the landmarks of its component: ``active[i, :count[i]]``
    int64, and their values at the goal ``rows[i, :count[i]]`` float64. Called once per
    search, so not inlined (see :mod:`.steps`: faster compiles; ``alt_estimate``, per
    neighbour, stays inlined: ``benchmarks/NOTES.md``, "Grid best-first")."""
    rows = np.empty((n_goals, columns))
    active = np.empty((n_goals, columns), np.int64)
    count = np.zeros(n_goals, np.int64)
    for i in range(n_goals):
        base = index[goals[i]] * columns
        for j in range(columns):
            value = table[base + j]
            if abs(value) < math.inf:
                rows[i, count[i]] = value
                active[i, count[i]] = j
                count[i] += 1
    return rows, active, count


@njit(cache=True, nogil=True, inline="always")
def alt_estimate(table, index, columns, absolute, v, x, y, rows, active, count, goal_xy,
                 n_goals, d, d2, scale):  # pragma: no cover - numba
    """ALT bound from padded cell ``v`` at ``(x, y)`` to the nearest of ``n_goals`` goals.

    ``table`` holds per open cell (row ``index[v]``) ``columns`` values: ``d(L, .)``, then
    ``-d(., L)`` unless ``absolute`` (symmetric distances, stored once). The bound of
    goal ``t`` is the max over its ``active`` columns of ``row_t - row_v`` (``abs`` of it
    when ``absolute``), and of the octile bound (``d``, ``d2``, ``scale``); a cell of
    another component (first active column not finite) gets the octile bound only."""
    if n_goals == 0:
        return 0.0
    best = math.inf
    base = index[v] * columns
    for i in range(n_goals):
        h = metric(C.H_OCTILE, abs(x - goal_xy[i, 0]), abs(y - goal_xy[i, 1]), d, d2) * scale
        n = count[i]
        if n > 0 and abs(table[base + active[i, 0]]) < math.inf:
            for jj in range(n):
                term = rows[i, jj] - table[base + active[i, jj]]
                h = max(h, abs(term) if absolute else term)
        if h < best:
            best = h
    return best


BEST_FIRST_DOC = """Run (or resume) one best-first search for at most ``budget`` expansions.

Inputs: ``passable`` uint8[n] and ``costs`` float64[n] (padded flat grid, 0 in
``passable`` on walls); ``table``, the grid's move table
(:class:`wayfinding.grid.flat.MoveTable`: the moves of any world, and how a cell decodes
into coordinates); ``iparams``, ``fparams`` (layouts ``GI_*``, ``GF_*`` of
:mod:`wayfinding._kernels.codes`); ``starts``, ``goals`` int64 flat cells.

In/out (the workspace): ``stamp`` int32[n], ``g`` float64[n], ``parent`` int32[n],
``goal_mark`` int32[n] (goal cells carry the generation when there are several),
``touched`` int32[n] (cells in order of first reach), the frontier: ``heap_f``
float64[m], ``heap_n`` and ``link`` int32[m] (entries), ``buckets`` int32[ring]; and
``state``/``fstate`` (layouts ``S_*``, ``GS_*``, ``FS_*``). Set ``state[S_STATUS]`` to
``STATUS_NEW`` and ``state[S_GEN]`` to a fresh generation to start; the kernel stamps
goals and pushes the starts itself.

Returns the status (also in ``state[S_STATUS]``).
"""


def _variant(bucket, classes, landmarks, doc, world=False, paged=False):
    """One compiled kernel: the loop below with the frontier (``bucket``: the bucket
    queue, else the binary heap), the step rule (``classes``: terrain classes) and the
    heuristic (``landmarks``: ALT) fixed as constants of the closure. numba prunes the
    branches of the other choices before it inlines the helpers (heaps, estimates), so
    each kernel compiles only its own code: as one body inlined into six entry points
    with the flags as arguments, each entry point compiled every helper first. The entry
    points keep their own compiled loop (both frontiers in one loop ran slower; figures:
    ``benchmarks/NOTES.md``, "Grid best-first")."""

    @njit(cache=True, nogil=True)
    def search(passable, costs, table, iparams, fparams, starts, goals, stamp, g,
               parent, goal_mark, touched, heap_f, heap_n, link, buckets, state, fstate, budget,
               lm_table=None, lm_index=None, lm_columns=0, lm_absolute=False, pages=None,
               page_used=None, page_count=None):  # pragma: no cover - numba
        """The loop of every kernel (``bucket``, ``classes`` and ``landmarks`` constants of
        the closure); the ``lm_*`` arguments only with ``landmarks``, ``pages``,
        ``page_used`` and ``page_count`` (:mod:`wayfinding._kernels.pages`: ``stamp``,
        ``g``, ``parent``, ``goal_mark`` hold the slots of the pages given out, ``touched``
        as many cells) only with ``paged``."""
        n_moves = iparams[C.GI_N_MOVES]
        rule = iparams[C.GI_RULE]
        stride = iparams[C.GI_STRIDE]
        moves = table.moves
        lengths = table.lengths
        extras = table.extras
        plane = table.plane
        parity = table.parity
        checked = table.checked
        width = table.width
        height = table.height
        wrap_x = table.wrap_x
        wrap_y = table.wrap_y
        around = table.around
        need = table.need
        masked = need.shape[0] > 0
        bits = 0
        n_used = 0
        if paged:
            n_used = page_count[0]
        weighted = iparams[C.GI_WEIGHTED] != 0
        hcode = iparams[C.GI_HCODE]
        n_goals = iparams[C.GI_N_GOALS]
        n_hgoals = iparams[C.GI_N_HGOALS]
        mode = iparams[C.GI_MODE]
        reopen = iparams[C.GI_REOPEN]
        track = iparams[C.GI_TRACK] != 0
        mask = iparams[C.GI_RING] - 1
        d = fparams[C.GF_D]
        d2 = fparams[C.GF_D2]
        scale = fparams[C.GF_SCALE]
        weight = fparams[C.GF_WEIGHT]
        max_cost = fparams[C.GF_MAX_COST]
        tie = fparams[C.GF_TIE]
        if mode == C.MODE_COST:
            hcode = C.H_ZERO
        gen = np.int32(state[C.S_GEN])
        goal0 = goals[0] if n_goals > 0 else -1
        gx0, gy0, _ = decode(goal0, stride, plane)
        goal_xy = np.empty((max(n_hgoals, 1), 3), np.int64)
        for i in range(n_hgoals):
            goal_xy[i, 0], goal_xy[i, 1], goal_xy[i, 2] = decode(goals[i], stride, plane)
        if landmarks:
            goal_rows, active, n_active = goal_landmarks(lm_table, lm_index, lm_columns, goals,
                                                         n_hgoals)
        size = state[C.S_SIZE]
        n_touched = state[C.S_TOUCHED]
        best = state[C.S_BEST]
        best_h = fstate[C.FS_BEST_H]
        best_g = fstate[C.FS_BEST_G]
        pruned = state[C.S_PRUNED]
        fmin = state[C.GS_FMIN]
        free = state[C.GS_FREE]
        n_entries = state[C.GS_ENTRIES]
        if state[C.S_STATUS] == C.STATUS_NEW:
            size = 0
            n_touched = 0
            best = -1
            best_h = math.inf
            best_g = math.inf
            pruned = 0
            fmin = 2**62
            free = -1
            n_entries = 0
            state[C.S_EXPANDED] = 0
            state[C.S_FOUND] = -1
            if bucket:
                for b in range(mask + 1):
                    buckets[b] = -1
            if paged:  # (the caller leaves room in the pool for the goals and starts)
                if n_goals > 1:
                    for i in range(n_goals):
                        sl, n_used = claim(pages, page_used, n_used, goals[i])
                        goal_mark[sl] = gen
            else:
                mark_goals(goals, n_goals, goal_mark, gen)
            for i in range(starts.shape[0]):
                s = starts[i]
                if paged:
                    sl, n_used = claim(pages, page_used, n_used, s)
                    if stamp[sl] == gen:
                        continue  # a start given twice
                    stamp[sl] = gen
                    g[sl] = 0.0
                    parent[sl] = -1
                    touched[n_touched] = s
                    n_touched += 1
                else:
                    n = seed(s, stamp, g, parent, touched, n_touched, gen)
                    if n < 0:
                        continue
                    n_touched = n
                if landmarks:
                    h = alt_estimate(lm_table, lm_index, lm_columns, lm_absolute, s, s % stride,
                                     s // stride, goal_rows, active, n_active, goal_xy, n_hgoals,
                                     d, d2, scale)
                elif world and hcode >= C.WORLD_CODES:
                    sx, sy, sz = decode(s, stride, plane)
                    h = world_estimate_once(hcode, sx, sy, sz, goal_xy, n_hgoals, scale,
                                            wrap_x, wrap_y, table.facets, table.shifts)
                else:
                    h = estimate(hcode, s % stride, s // stride, gx0, gy0, goal_xy, n_hgoals,
                                 d, d2, scale)
                if mode == C.MODE_COST:
                    f = 0.0
                elif mode == C.MODE_HEURISTIC:
                    f = h
                else:
                    f = weight * h
                if bucket:
                    free, n_entries = _buckets.push(buckets, link, heap_n, mask, f, s, free,
                                                  n_entries)
                    fmin = min(fmin, np.int64(f))
                    size += 1
                else:
                    size = _heap.push(heap_f, heap_n, size, f, s)
                if h < best_h:
                    best = s
                    best_h = h
                    best_g = 0.0
        status = C.STATUS_EXHAUSTED
        cap = heap_n.shape[0]
        count = 0
        expanded = state[C.S_EXPANDED]
        while size > 0:
            if count >= budget:
                status = C.STATUS_PAUSED
                break
            if (n_entries if bucket else size) + n_moves > cap or (
                    paged and n_used + n_moves > page_used.shape[0]):
                status = C.STATUS_HEAP_FULL  # (or the pool of pages: see page_count)
                break
            size -= 1
            if bucket:
                u, fmin, free = _buckets.pop(buckets, link, heap_n, mask, fmin, free)
            else:
                u = heap_n[0]
                _heap.pop_into(heap_f, heap_n, size)
            su = slot(pages, u) if paged else u
            if stamp[su] != gen:
                continue  # a stale duplicate: u was already expanded
            if is_goal(u, n_goals, goal0, goal_mark, gen, su):
                state[C.S_FOUND] = u
                status = C.STATUS_FOUND
                break
            stamp[su] = -gen
            count += 1
            expanded += 1
            gu = g[su]
            code = passable[u]  # the terrain class code (used only with ``classes``)
            if world:  # hex, voxel, wrapped, moves of its own: the move table decides
                ux, uy, uz = decode(u, stride, plane)
                base = parity_base(parity, ux, uy, n_moves)
                if masked:
                    bits = around_bits(passable, u, around)
            else:
                ux = u % stride
                uy = u // stride
                uz = 0
                base = 0
            for k in range(base, base + n_moves):
                if world:
                    if masked:
                        if bits & need[k] != need[k]:
                            continue
                        v = u + moves[k, 0]
                    else:
                        v = world_target(passable, u, ux, uy, k, moves, extras, rule, stride,
                                         width, height, wrap_x, wrap_y, checked, code,
                                         classes)
                        if v < 0:
                            continue
                else:
                    if blocked(passable, u, k, moves, rule, code, classes):
                        continue
                    v = u + moves[k, 0]
                step = lengths[k]
                if weighted:
                    step *= costs[v]
                ng = gu + step
                if ng > max_cost:
                    pruned = 1
                    continue
                if paged:
                    sl, n_used = claim(pages, page_used, n_used, v)
                else:
                    sl = v
                sv = stamp[sl]
                if sv == gen:
                    if reopen == C.REOPEN_NONE or ng >= g[sl]:
                        continue
                elif sv == -gen:
                    if reopen != C.REOPEN_ALL or ng >= g[sl]:
                        continue
                    stamp[sl] = gen
                else:
                    stamp[sl] = gen
                    touched[n_touched] = v
                    n_touched += 1
                g[sl] = ng
                parent[sl] = u
                if mode == C.MODE_COST:
                    f = ng
                    h = 0.0
                elif landmarks:
                    h = alt_estimate(lm_table, lm_index, lm_columns, lm_absolute, v,
                                     ux + moves[k, 3], uy + moves[k, 4], goal_rows, active,
                                     n_active, goal_xy, n_hgoals, d, d2, scale)
                    f = ng + weight * h if mode == C.MODE_ASTAR else h
                elif world and hcode >= C.WORLD_CODES:
                    h = world_estimate(hcode, ux + moves[k, 3], uy + moves[k, 4],
                                       uz + moves[k, 5], goal_xy, n_hgoals, scale, wrap_x,
                                       wrap_y, table.facets, table.shifts)
                    f = ng + weight * h if mode == C.MODE_ASTAR else h
                else:
                    h = estimate(hcode, ux + moves[k, 3], uy + moves[k, 4], gx0, gy0, goal_xy,
                                 n_hgoals, d, d2, scale)
                    f = ng + weight * h if mode == C.MODE_ASTAR else h
                if bucket:
                    free, n_entries = _buckets.push(buckets, link, heap_n, mask, f, v, free,
                                                  n_entries)
                    size += 1
                else:
                    size = _heap.push(heap_f, heap_n, size, f - ng * tie, v)
                if track and (h < best_h or (h == best_h and ng < best_g)):
                    best = v
                    best_h = h
                    best_g = ng
        state[C.S_SIZE] = size
        state[C.S_TOUCHED] = n_touched
        state[C.S_EXPANDED] = expanded
        state[C.S_PRUNED] = pruned
        state[C.S_BEST] = best
        state[C.GS_FMIN] = fmin
        state[C.GS_FREE] = free
        state[C.GS_ENTRIES] = n_entries
        state[C.S_STATUS] = status
        fstate[C.FS_BEST_H] = best_h
        fstate[C.FS_BEST_G] = best_g
        if paged:
            page_count[0] = n_used
        return status

    search.__doc__ = doc
    return search


#: Run (or resume) one best-first search, binary heap (see :data:`BEST_FIRST_DOC`).
best_first = _variant(False, False, False, BEST_FIRST_DOC)
#: The same with the bucket queue (``iparams[GI_FRONTIER]`` is ``FRONTIER_BUCKET``).
best_first_bucket = _variant(True, False, False, "best_first with the bucket queue.")
#: The same on a grid with terrain classes (``Grid.classes``): ``passable`` holds each
#: open cell's class code (0 on walls) and a step needs equal codes at both ends and,
#: diagonally, at the orthogonal cells the corner rule checks.
best_first_classes = _variant(False, True, False, "best_first with terrain classes.")
#: The same two on a world beyond the square grid (hex maps, voxel grids, wrap-around,
#: moves of a grid's own): every move through the table's world step
#: (:func:`~.steps.world_target`), cells decoded into 3 coordinates, the worlds'
#: heuristics. A closure flag, so the square grid's kernels stay as they were.
best_first_world = _variant(False, False, False, "best_first on any world.", world=True)
best_first_world_bucket = _variant(True, False, False, "best_first_bucket on any world.",
                                   world=True)
#: The same two with paged search state (:mod:`wayfinding._kernels.pages`), for worlds
#: too large for a slot per cell: three more arguments, ``pages``, ``page_used``,
#: ``page_count`` (after the four ``lm_*``, which these kernels do not read).
best_first_paged = _variant(False, False, False, "best_first_world with paged state.",
                            world=True, paged=True)
best_first_paged_bucket = _variant(True, False, False,
                                   "best_first_world_bucket with paged state.", world=True,
                                   paged=True)
#: The same three with the landmark (ALT) heuristic of :func:`alt_estimate` (four more
#: arguments: ``lm_table``, ``lm_index``, ``lm_columns``, ``lm_absolute``).
best_first_landmarks = _variant(False, False, True, "best_first with landmarks (ALT).")
best_first_landmarks_bucket = _variant(True, False, True,
                                       "best_first_bucket with landmarks (ALT).")
best_first_landmarks_classes = _variant(False, True, True,
                                        "best_first_classes with landmarks (ALT).")
