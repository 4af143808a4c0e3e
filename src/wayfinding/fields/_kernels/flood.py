"""Kernel: multi-source Dijkstra flood of a padded flat grid, forwards or in reverse.

Each source starts with its own initial cost (any finite value, negative too: that is
what the roguelike "Dijkstra maps" rescale and re-flood). Forwards, ``dist[v]`` is the
cheapest ``initial[s] + cost(s -> v)`` over the sources ``s`` and ``parent[v]`` the cell
before ``v`` on that path. In reverse, ``dist[v]`` is the cheapest
``cost(v -> s) + initial[s]`` and ``parent[v]`` the cell after ``v`` (the next step
towards a source). A step costs its length times the cost of the cell it *enters*, so in
reverse the cell being left (the one popped off the frontier) is charged.

The frontier is the shared lazy binary heap (:mod:`wayfinding._kernels.heap`: a cell
reached more cheaply is pushed again; stale entries are skipped when popped) owned by
the caller, who grows it on demand. The flood
works in slices (``budget`` settled cells per call) so the caller can watch a clock and
let Python handle Ctrl-C between them, and stops early once given targets are settled.

:func:`flood_each` runs one such flood per source for many-to-many costs
(:func:`wayfinding.batch.distance_matrix`): the library's one multi-source Dijkstra
serves fields and distance matrices alike.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._kernels.codes import (
    BATCH_DONE,
    BATCH_HEAP_FULL,
    FL_LEFT,
    FL_SETTLED,
    FL_SIZE,
    N_FLSTATE,
    STATUS_EXHAUSTED,
    STATUS_FOUND,
    STATUS_HEAP_FULL,
    STATUS_PAUSED,
)
from ..._kernels.heap import pop_into, push
from ...grid._kernels.steps import flood_step, parity_base, step_cost
from ...grid._kernels.worlds import decode


@njit(cache=True, nogil=True)
def flood(passable, costs, weighted, table, classes, reverse, sources,
          initial, max_cost, targets, dist, parent, heap_key, heap_cell, state,
          budget):  # pragma: no cover - numba
    """Fill ``dist`` and ``parent`` from the ``sources``, ``budget`` settled cells at a time.

    Inputs: ``passable`` uint8[n], ``costs`` float64[n] (padded flat grid), ``weighted``
    bool, ``table`` the grid's move table (:class:`wayfinding.grid.flat.MoveTable`: any
    world), ``classes`` bool (``passable`` holds terrain classes: a step stays within the class
    of the cell it leaves, :func:`~wayfinding.grid._kernels.steps.blocked`), ``reverse``
    bool, ``sources`` int64[m] passable cells, ``initial`` float64[m] their initial costs,
    ``max_cost`` (cells costing more are left unreached; inf for no limit), ``targets``
    uint8[n] marking cells whose settling counts down ``state[FL_LEFT]`` (read only while
    that is positive; any uint8 array otherwise).

    In/out (allocated by the caller, kept between calls): ``dist`` float64[n] filled with
    inf, ``parent`` int32[n] filled with -1 (sources keep parent -1); the frontier heap
    ``heap_key`` float64[c], ``heap_cell`` int64[c] (``c >= m``); ``state`` int64[3],
    ``state[FL_SIZE] = -1`` before the first call, ``state[FL_LEFT]`` the number of distinct
    marked targets (0: none).

    Returns ``STATUS_EXHAUSTED`` (done: ``state[FL_SETTLED]`` cells settled),
    ``STATUS_FOUND`` (every marked target settled: their ``dist`` is exact),
    ``STATUS_PAUSED`` (``budget`` cells settled in this call: call again) or
    ``STATUS_HEAP_FULL`` (call again with both heap arrays
    grown, contents kept). Between calls, the reached cells not settled yet are the heap
    entries whose key equals their ``dist``.
    """
    n_moves = table.n_moves
    lengths = table.lengths
    stride = table.stride
    plane = table.plane
    parity = table.parity
    capacity = heap_key.shape[0]
    size = state[FL_SIZE]
    if size < 0:
        size = 0
        for i in range(sources.shape[0]):
            s = sources[i]
            c = initial[i]
            if c > max_cost or c >= dist[s]:
                continue
            dist[s] = c
            parent[s] = -1
            size = push(heap_key, heap_cell, size, c, s)
    settled = state[FL_SETTLED]
    stop = settled + budget
    status = STATUS_EXHAUSTED
    while size > 0:
        if settled >= stop:
            status = STATUS_PAUSED
            break
        if size + n_moves > capacity:
            status = STATUS_HEAP_FULL
            break
        du = heap_key[0]
        u = heap_cell[0]
        size -= 1
        pop_into(heap_key, heap_cell, size)
        if du > dist[u]:
            continue  # stale: u was reached more cheaply later
        settled += 1
        if state[FL_LEFT] > 0 and targets[u]:
            state[FL_LEFT] -= 1
            if state[FL_LEFT] == 0:
                status = STATUS_FOUND
                break
        code = passable[u]
        ux, uy, _ = decode(u, stride, plane)
        base = parity_base(parity, ux, uy, n_moves)
        for k in range(base, base + n_moves):
            v = flood_step(passable, u, ux, uy, k, table, reverse, code, classes)
            if v < 0:
                continue
            new_cost = du + step_cost(costs, weighted, lengths, k, u, v, reverse)
            if new_cost > max_cost or new_cost >= dist[v]:
                continue
            dist[v] = new_cost
            parent[v] = u
            size = push(heap_key, heap_cell, size, new_cost, v)
    state[FL_SIZE] = size
    state[FL_SETTLED] = settled
    return status


@njit(cache=True, nogil=True)
def flood_each(passable, costs, weighted, table, classes, reverse, sources,
               ends, first, last, dist, parent, heap_key, heap_cell, stack, marks,
               out):  # pragma: no cover - numba
    """One :func:`flood` from each of ``sources[first..last-1]`` (at cost 0), stopping once
    every cell of ``ends`` is settled: ``out[i, j]`` is the cost from source ``i`` to
    ``ends[j]`` (from ``ends[j]`` to source ``i`` with ``reverse``), inf if unreachable.

    ``dist`` (all inf) and ``parent`` are the caller's, as for :func:`flood`, and so are
    ``stack`` int64[n] and ``marks`` uint8[n] (all 0). Between floods only the cells a
    flood reached are set back to inf (a walk from its source over them), and the marks
    are cleared at the end, so the caller's arrays are clean again on return and a short
    flood on a big map costs what it reaches, not the map's size. Returns ``(code, i)``:
    ``BATCH_DONE``, or ``BATCH_HEAP_FULL`` for source ``i`` (grow both heap arrays and call
    again from ``first = i``).
    """
    n_moves = table.n_moves
    stride = table.stride
    plane = table.plane
    parity = table.parity
    left = 0
    for j in range(ends.shape[0]):
        if marks[ends[j]] == 0:
            marks[ends[j]] = 1
            left += 1
    seed = np.empty(1, dtype=np.int64)
    zero = np.zeros(1, dtype=np.float64)
    state = np.empty(N_FLSTATE, dtype=np.int64)
    status = STATUS_EXHAUSTED
    i = first
    for i in range(first, last):
        seed[0] = sources[i]
        state[FL_SIZE] = -1
        state[FL_SETTLED] = 0
        state[FL_LEFT] = left
        status = flood(passable, costs, weighted, table, classes, reverse,
                       seed, zero, np.inf, marks, dist, parent, heap_key, heap_cell, state,
                       passable.shape[0] + 1)
        if status != STATUS_HEAP_FULL:
            for j in range(ends.shape[0]):
                out[i, j] = dist[ends[j]]
        # back to inf: the reached cells are connected to the source through steps
        top = 1
        stack[0] = seed[0]
        dist[seed[0]] = np.inf
        while top > 0:
            top -= 1
            u = stack[top]
            code = passable[u]
            ux, uy, _ = decode(u, stride, plane)
            base = parity_base(parity, ux, uy, n_moves)
            for k in range(base, base + n_moves):
                v = flood_step(passable, u, ux, uy, k, table, reverse, code, classes)
                if v >= 0 and dist[v] != np.inf:
                    dist[v] = np.inf
                    stack[top] = v
                    top += 1
        if status == STATUS_HEAP_FULL:
            break
    for j in range(ends.shape[0]):
        marks[ends[j]] = 0
    if status == STATUS_HEAP_FULL:
        return BATCH_HEAP_FULL, i
    return BATCH_DONE, last


@njit(cache=True, nogil=True)
def unsettle(dist, parent, heap_key, heap_cell, size):  # pragma: no cover - numba
    """Forget the reached cells a paused flood has not settled (back to inf, -1).

    What is left is exact: every cell settled so far, with its cost and parent.
    """
    for i in range(size):
        v = heap_cell[i]
        if heap_key[i] == dist[v]:
            dist[v] = np.inf
            parent[v] = -1
