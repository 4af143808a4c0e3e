"""Kernel: one resumable best-first search for Dijkstra, greedy best-first and (weighted) A*.

The three algorithms share one loop and differ in the priority of a cell on the frontier
(``MODE_COST``: g; ``MODE_HEURISTIC``: h; ``MODE_ASTAR``: g + weight * h). Frontiers
(measured in ``benchmarks/frontier_variants.py``), both with lazy deletion (a cell reached
more cheaply is pushed again; an entry popped for a cell already expanded is skipped):

- ``FRONTIER_HEAP``: an array binary heap of (key, cell). The key is f, or with the
  texts' tie-break ``f - g * F_TIE``: when priorities are integers (integer step costs,
  where exact ties are common) a small enough ``F_TIE`` orders equal f by larger g first
  without reordering different f, at no cost (a second comparison on g in the heap made
  the whole search a third slower). Grids whose steps cost 1 and sqrt 2 get the same
  order from the weight: ``F_WEIGHT = 1 + eps`` (see ``_nudge`` in
  :mod:`wayfinding.grid._engine` for why that keeps paths optimal);
- ``FRONTIER_BUCKET``: a ring of buckets, one LIFO list per integer f (LIFO pops the
  deepest of equal f first). Only for integer priorities that never decrease
  (integer step costs and heuristic, consistent heuristic), where it is several times
  faster than a heap.

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

# ---------------------------------------------------------------- iparams layout
I_N_MOVES = 0  # number of rows of ``moves`` in use (4 or 8)
I_RULE = 1  # corner rule for moves 4..7: RULE_NEVER, RULE_ONE_FREE, RULE_ALWAYS
I_STRIDE = 2  # row length of the padded grid
I_WEIGHTED = 3  # 1 when ``costs`` holds per-cell entry costs, 0 when all cost 1
I_HCODE = 4  # heuristic code H_*
I_N_GOALS = 5  # goals in ``goals`` (0 = flood: no goal)
I_N_HGOALS = 6  # the heuristic aims at the nearest of the first ``n`` goals
I_MODE = 7  # MODE_COST, MODE_HEURISTIC, MODE_ASTAR
I_REOPEN = 8  # REOPEN_*: which cells reached again more cheaply are updated
I_TRACK = 9  # 1: remember the most promising cell reached (partial paths)
I_UNUSED = 10  # (reserved)
I_FRONTIER = 11  # FRONTIER_HEAP or FRONTIER_BUCKET
I_RING = 12  # buckets in the ring (a power of two above the largest f step), bucket only
N_IPARAMS = 13

# ---------------------------------------------------------------- fparams layout
F_D = 0  # heuristic straight-step length
F_D2 = 1  # heuristic diagonal-step length (octile)
F_SCALE = 2  # heuristic multiplier (the grid's cheapest cell cost for its own heuristic)
F_WEIGHT = 3  # A* weight on h
F_MAX_COST = 4  # cells costing more are never recorded (inf: no limit)
F_TIE = 5  # heap key = f - g * F_TIE (0: no tie-break; see the module docstring)
N_FPARAMS = 6

# ---------------------------------------------------------------- state layout (int64)
S_GEN = 0  # generation stamp of this search
S_STATUS = 1  # STATUS_*
S_SIZE = 2  # entries in the heap
S_TOUCHED = 3  # cells recorded in ``touched`` (each once, in order of first reach)
S_EXPANDED = 4  # cells expanded so far
S_FOUND = 5  # goal cell taken off the frontier, -1 if none
S_PRUNED = 6  # 1 when ``max_cost`` pruned a step
S_BEST = 7  # most promising cell reached (lowest h, then lowest g), when tracked
S_FMIN = 8  # bucket: the f of the bucket being emptied
S_FREE = 9  # bucket: first free entry (-1: none)
S_ENTRIES = 10  # bucket: entries ever used (free ones are recycled)
N_STATE = 11
# fstate (float64): best h and its g
FS_BEST_H = 0
FS_BEST_G = 1
N_FSTATE = 2

STATUS_NEW = 0
STATUS_PAUSED = 1
STATUS_HEAP_FULL = 2
STATUS_FOUND = 3
STATUS_EXHAUSTED = 4

MODE_COST = 0
MODE_HEURISTIC = 1
MODE_ASTAR = 2

RULE_NEVER = 0
RULE_ONE_FREE = 1
RULE_ALWAYS = 2

#: never update a reached cell (greedy best-first: first visit wins)
REOPEN_NONE = 0
#: update cells still on the frontier; expanded cells stay closed (consistent heuristics)
REOPEN_OPEN = 1
#: update any cell, expanded or not, and expand it again (inconsistent heuristics)
REOPEN_ALL = 2

H_ZERO = 0
H_MANHATTAN = 1
H_CHEBYSHEV = 2
H_OCTILE = 3
H_EUCLIDEAN = 4

FRONTIER_HEAP = 0
FRONTIER_BUCKET = 1



@njit(cache=True, nogil=True, inline="always")
def metric(code, dx, dy, d, d2):  # pragma: no cover - numba
    """Heuristic ``code`` of an offset ``dx, dy >= 0`` (the arithmetic of
    :mod:`wayfinding.heuristics`, so both tiers agree to the bit)."""
    if code == H_OCTILE:
        return d * (dx + dy) + (d2 - 2.0 * d) * min(dx, dy)
    if code == H_MANHATTAN:
        return d * (dx + dy)
    if code == H_CHEBYSHEV:
        return d * max(dx, dy)
    if code == H_EUCLIDEAN:
        return d * math.hypot(dx, dy)
    return 0.0


@njit(cache=True, nogil=True, inline="always")
def estimate(code, x, y, gx0, gy0, goal_xy, n, d, d2, scale):  # pragma: no cover - numba
    """Heuristic from padded cell ``(x, y)`` to the nearest of ``n`` goals.

    The first goal is ``(gx0, gy0)``; with several, their coordinates are ``goal_xy``.
    """
    if code == H_ZERO or n == 0:
        return 0.0
    if n == 1:
        return metric(code, abs(x - gx0), abs(y - gy0), d, d2) * scale
    best = math.inf
    for i in range(n):
        h = metric(code, abs(x - goal_xy[i, 0]), abs(y - goal_xy[i, 1]), d, d2)
        if h < best:
            best = h
    return best * scale


@njit(cache=True, nogil=True, inline="always")
def heap_push(heap_f, heap_n, size, f, node):  # pragma: no cover - numba
    """Insert ``(f, node)`` into a binary heap of ``size`` entries; return the new size."""
    i = size
    while i > 0:
        p = (i - 1) >> 1
        pf = heap_f[p]
        if f >= pf:
            break
        heap_f[i] = pf
        heap_n[i] = heap_n[p]
        i = p
    heap_f[i] = f
    heap_n[i] = node
    return size + 1


@njit(cache=True, nogil=True, inline="always")
def heap_pop(heap_f, heap_n, size):  # pragma: no cover - numba
    """Remove the root of a heap of ``size + 1`` entries (``size`` already decremented).

    The smaller child is chosen without a branch (``c += right < left``): a branch there
    is unpredictable and costs about a third of the search time.
    """
    lf = heap_f[size]
    ln = heap_n[size]
    i = 0
    while True:
        c = 2 * i + 1
        if c >= size:
            break
        if c + 1 < size:
            c += heap_f[c + 1] < heap_f[c]
        cf = heap_f[c]
        if cf < lf:
            heap_f[i] = cf
            heap_n[i] = heap_n[c]
            i = c
        else:
            break
    heap_f[i] = lf
    heap_n[i] = ln


@njit(cache=True, nogil=True, inline="always")
def bucket_push(buckets, link, heap_n, mask, f, node, free,
                n_entries):  # pragma: no cover - numba
    """Put ``node`` on the LIFO list of integer priority ``f``; return (free, n_entries)."""
    if free >= 0:
        e = free
        free = link[e]
    else:
        e = n_entries
        n_entries += 1
    b = np.int64(f) & mask
    heap_n[e] = node
    link[e] = buckets[b]
    buckets[b] = e
    return free, n_entries


@njit(cache=True, nogil=True, inline="always")
def bucket_pop(buckets, link, heap_n, mask, fmin, free):  # pragma: no cover - numba
    """Take a node of the lowest priority >= ``fmin``; return (node, fmin, new free)."""
    while buckets[fmin & mask] < 0:
        fmin += 1
    b = fmin & mask
    e = buckets[b]
    buckets[b] = link[e]
    link[e] = free
    return heap_n[e], fmin, e


@njit(cache=True, nogil=True)
def best_first(passable, costs, moves, lengths, iparams, fparams, starts, goals,
               stamp, g, parent, goal_mark, touched, heap_f, heap_n, link, buckets,
               state, fstate, budget):  # pragma: no cover - numba
    """Run (or resume) one best-first search for at most ``budget`` expansions.

    Inputs: ``passable`` uint8[n] and ``costs`` float64[n] (padded flat grid, 0 in
    ``passable`` on walls); ``moves``
    int64[8, 5] rows ``(offset, corner_a, corner_b, dx, dy)`` (the flat offset of the
    step and of its two orthogonal cells); ``lengths`` float64[8]; ``iparams``,
    ``fparams`` (layouts ``I_*``, ``F_*``); ``starts``, ``goals`` int64 flat cells.

    In/out (the workspace): ``stamp`` int32[n], ``g`` float64[n], ``parent`` int32[n],
    ``goal_mark`` int32[n] (goal cells carry the generation when there are several),
    ``touched`` int32[n] (cells in order of first reach), the frontier: ``heap_f``
    float64[m], ``heap_n`` and ``link`` int32[m] (entries), ``buckets`` int32[ring]; and
    ``state``/``fstate`` (layouts ``S_*``, ``FS_*``). Set ``state[S_STATUS] = STATUS_NEW``
    and ``state[S_GEN]`` to a fresh generation to start; the kernel stamps goals and
    pushes the starts itself.

    This one uses the binary heap; :func:`best_first_bucket` (same arguments) the bucket
    queue. They are two compiled functions rather than one with a flag: with both
    frontiers in one loop the search ran about 12% slower. :func:`best_first_classes`
    (same arguments, heap) is for grids with terrain classes.

    Returns the status (also in ``state[S_STATUS]``).
    """
    return _search(passable, costs, moves, lengths, iparams, fparams, starts, goals, stamp, g,
                   parent, goal_mark, touched, heap_f, heap_n, link, buckets, state, fstate,
                   budget, False, False)


@njit(cache=True, nogil=True)
def best_first_bucket(passable, costs, moves, lengths, iparams, fparams, starts, goals,
                      stamp, g, parent, goal_mark, touched, heap_f, heap_n, link, buckets,
                      state, fstate, budget):  # pragma: no cover - numba
    """:func:`best_first` with the bucket queue (``iparams[I_FRONTIER] == FRONTIER_BUCKET``)."""
    return _search(passable, costs, moves, lengths, iparams, fparams, starts, goals, stamp, g,
                   parent, goal_mark, touched, heap_f, heap_n, link, buckets, state, fstate,
                   budget, True, False)


@njit(cache=True, nogil=True)
def best_first_classes(passable, costs, moves, lengths, iparams, fparams, starts, goals,
                       stamp, g, parent, goal_mark, touched, heap_f, heap_n, link, buckets,
                       state, fstate, budget):  # pragma: no cover - numba
    """:func:`best_first` on a grid with terrain classes (``Grid.classes``): ``passable``
    holds each open cell's class code (0 on walls) and a step needs equal codes at both
    ends and, diagonally, at the orthogonal cells the corner rule checks. A separate
    compiled function, so the other two keep their loop (and speed) unchanged."""
    return _search(passable, costs, moves, lengths, iparams, fparams, starts, goals, stamp, g,
                   parent, goal_mark, touched, heap_f, heap_n, link, buckets, state, fstate,
                   budget, False, True)


@njit(cache=True, nogil=True, inline="always")
def _search(passable, costs, moves, lengths, iparams, fparams, starts, goals, stamp, g,
            parent, goal_mark, touched, heap_f, heap_n, link, buckets, state, fstate, budget,
            bucket, classes):  # pragma: no cover - numba
    """The loop of the kernels, inlined into each with ``bucket`` and ``classes``
    constants (inlining by numba rather than leaving it to LLVM measured 4-10% faster,
    compiling 20% slower)."""
    n_moves = iparams[I_N_MOVES]
    rule = iparams[I_RULE]
    stride = iparams[I_STRIDE]
    weighted = iparams[I_WEIGHTED] != 0
    hcode = iparams[I_HCODE]
    n_goals = iparams[I_N_GOALS]
    n_hgoals = iparams[I_N_HGOALS]
    mode = iparams[I_MODE]
    reopen = iparams[I_REOPEN]
    track = iparams[I_TRACK] != 0
    mask = iparams[I_RING] - 1
    d = fparams[F_D]
    d2 = fparams[F_D2]
    scale = fparams[F_SCALE]
    weight = fparams[F_WEIGHT]
    max_cost = fparams[F_MAX_COST]
    tie = fparams[F_TIE]
    if mode == MODE_COST:
        hcode = H_ZERO
    gen = np.int32(state[S_GEN])
    goal0 = goals[0] if n_goals > 0 else -1
    gx0 = goal0 % stride
    gy0 = goal0 // stride
    goal_xy = np.empty((max(n_hgoals, 1), 2), np.int64)
    for i in range(n_hgoals):
        goal_xy[i, 0] = goals[i] % stride
        goal_xy[i, 1] = goals[i] // stride
    size = state[S_SIZE]
    n_touched = state[S_TOUCHED]
    best = state[S_BEST]
    best_h = fstate[FS_BEST_H]
    best_g = fstate[FS_BEST_G]
    pruned = state[S_PRUNED]
    fmin = state[S_FMIN]
    free = state[S_FREE]
    n_entries = state[S_ENTRIES]
    if state[S_STATUS] == STATUS_NEW:
        size = 0
        n_touched = 0
        best = -1
        best_h = math.inf
        best_g = math.inf
        pruned = 0
        fmin = 2**62
        free = -1
        n_entries = 0
        state[S_EXPANDED] = 0
        state[S_FOUND] = -1
        if bucket:
            for b in range(mask + 1):
                buckets[b] = -1
        if n_goals > 1:
            for i in range(n_goals):
                goal_mark[goals[i]] = gen
        for i in range(starts.shape[0]):
            s = starts[i]
            if stamp[s] == gen:
                continue
            stamp[s] = gen
            g[s] = 0.0
            parent[s] = -1
            touched[n_touched] = s
            n_touched += 1
            h = estimate(hcode, s % stride, s // stride, gx0, gy0, goal_xy, n_hgoals,
                         d, d2, scale)
            if mode == MODE_COST:
                f = 0.0
            elif mode == MODE_HEURISTIC:
                f = h
            else:
                f = weight * h
            if bucket:
                free, n_entries = bucket_push(buckets, link, heap_n, mask, f, s, free,
                                              n_entries)
                fmin = min(fmin, np.int64(f))
                size += 1
            else:
                size = heap_push(heap_f, heap_n, size, f, s)
            if h < best_h:
                best = s
                best_h = h
                best_g = 0.0
    status = STATUS_EXHAUSTED
    cap = heap_n.shape[0]
    count = 0
    expanded = state[S_EXPANDED]
    while size > 0:
        if count >= budget:
            status = STATUS_PAUSED
            break
        if (n_entries if bucket else size) + n_moves > cap:
            status = STATUS_HEAP_FULL
            break
        size -= 1
        if bucket:
            u, fmin, free = bucket_pop(buckets, link, heap_n, mask, fmin, free)
        else:
            u = heap_n[0]
            heap_pop(heap_f, heap_n, size)
        if stamp[u] != gen:
            continue  # a stale duplicate: u was already expanded
        if n_goals == 1:
            if u == goal0:
                state[S_FOUND] = u
                status = STATUS_FOUND
                break
        elif n_goals > 1 and goal_mark[u] == gen:
            state[S_FOUND] = u
            status = STATUS_FOUND
            break
        stamp[u] = -gen
        count += 1
        expanded += 1
        gu = g[u]
        ux = u % stride
        uy = u // stride
        code = passable[u]  # the terrain class code (used only with ``classes``)
        for k in range(n_moves):
            v = u + moves[k, 0]
            if classes:
                if passable[v] != code:
                    continue
                if k >= 4 and rule != RULE_ALWAYS:
                    a = passable[u + moves[k, 1]]
                    b = passable[u + moves[k, 2]]
                    if rule == RULE_NEVER:
                        if a != code or b != code:
                            continue
                    elif a != code and b != code:
                        continue
            else:
                if passable[v] == 0:
                    continue
                if k >= 4 and rule != RULE_ALWAYS:
                    a = passable[u + moves[k, 1]]
                    b = passable[u + moves[k, 2]]
                    if rule == RULE_NEVER:
                        if a == 0 or b == 0:
                            continue
                    elif a == 0 and b == 0:
                        continue
            step = lengths[k]
            if weighted:
                step *= costs[v]
            ng = gu + step
            if ng > max_cost:
                pruned = 1
                continue
            sv = stamp[v]
            if sv == gen:
                if reopen == REOPEN_NONE or ng >= g[v]:
                    continue
            elif sv == -gen:
                if reopen != REOPEN_ALL or ng >= g[v]:
                    continue
                stamp[v] = gen
            else:
                stamp[v] = gen
                touched[n_touched] = v
                n_touched += 1
            g[v] = ng
            parent[v] = u
            if mode == MODE_COST:
                f = ng
                h = 0.0
            else:
                h = estimate(hcode, ux + moves[k, 3], uy + moves[k, 4], gx0, gy0, goal_xy,
                             n_hgoals, d, d2, scale)
                f = ng + weight * h if mode == MODE_ASTAR else h
            if bucket:
                free, n_entries = bucket_push(buckets, link, heap_n, mask, f, v, free,
                                              n_entries)
                size += 1
            else:
                size = heap_push(heap_f, heap_n, size, f - ng * tie, v)
            if track and (h < best_h or (h == best_h and ng < best_g)):
                best = v
                best_h = h
                best_g = ng
    state[S_SIZE] = size
    state[S_TOUCHED] = n_touched
    state[S_EXPANDED] = expanded
    state[S_PRUNED] = pruned
    state[S_BEST] = best
    state[S_FMIN] = fmin
    state[S_FREE] = free
    state[S_ENTRIES] = n_entries
    state[S_STATUS] = status
    fstate[FS_BEST_H] = best_h
    fstate[FS_BEST_G] = best_g
    return status
