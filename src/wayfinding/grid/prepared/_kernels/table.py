"""Kernels of ``PrepareMethod.TABLE``: a first-move table of a small grid, and queries
that walk it.

For every open cell ``t`` (numbered ``0..n-1`` in ``open_cells``), one reverse flood
from ``t`` (the fields' flood, :func:`wayfinding.fields._kernels.flood.flood`: the
library's one Dijkstra flood; its ``parent`` of a cell is the next cell towards ``t``)
gives each open cell ``c`` the move that starts a shortest path from ``c`` to ``t``:
``table[t, c]`` is that move's row in the grid's move table, :data:`NO_MOVE` when ``c``
is ``t`` or cannot reach it. A query from ``s`` to ``t`` follows row ``t`` from ``s``: one
table read per step of the path, no search. Memory: one byte per pair of open cells.

Examples
--------
>>> import numpy as np
>>> moves = np.array([[1, 0, 0, 1, 0], [-1, 0, 0, -1, 0]], np.int64)
>>> cell_id = np.array([-1, 0, 1, 2, -1], np.int32)     # three open cells in a row
>>> table = np.array([[255, 1, 1], [0, 255, 1], [0, 0, 255]], np.uint8)
>>> path = np.empty(8, np.int64)
>>> walk(table, cell_id, moves, np.array([1.0, 1.0]), 1, 3, path, 0)
(3, 2.0)
>>> path[:3].tolist()
[1, 2, 3]
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ...._kernels import codes as C
from ....fields._kernels.flood import flood
from ..._kernels.batch import unreached

#: ``table[t, c]`` when no move leads from ``c`` towards ``t`` (``c == t``, or apart).
NO_MOVE = 255


@njit(cache=True, nogil=True)
def build_table(passable, costs, move_table, open_cells, cell_id, table,
                first, last, stop):  # pragma: no cover - numba
    """Fill rows ``first..last-1`` of ``table`` (uint8[n, n]) for the ``n`` open cells
    ``open_cells`` (padded flat indices; ``cell_id`` maps a flat index to its number, -1
    for walls; ``move_table`` the grid's :class:`~wayfinding.grid.flat.MoveTable`).
    Returns False when ``stop[0]`` was set first (the table is then incomplete). Calls on
    disjoint row ranges may run at once, in threads (nogil)."""
    moves = move_table.moves
    n = open_cells.shape[0]
    size = passable.shape[0]
    stride_span = 0
    for d in range(moves.shape[0]):
        stride_span = max(stride_span, abs(moves[d, 0]))
    move_of = np.full(2 * stride_span + 1, NO_MOVE, dtype=np.uint8)  # offset -> move row
    for d in range(moves.shape[0]):
        move_of[moves[d, 0] + stride_span] = d
    dist = np.full(size, math.inf)
    parent = np.full(size, -1, dtype=np.int32)
    capacity = 8 * n + 16  # a lazy heap holds at most one entry per improving step
    heap_key = np.empty(capacity, dtype=np.float64)
    heap_cell = np.empty(capacity, dtype=np.int64)
    state = np.zeros(C.N_FLSTATE, dtype=np.int64)
    source = np.empty(1, dtype=np.int64)
    initial = np.zeros(1, dtype=np.float64)
    no_targets = np.zeros(1, dtype=np.uint8)
    # weighted and classes off, reverse on, as runtime booleans rather than literals: the
    # fields' flood then compiles once for both (literal flags compiled a second flood)
    off, on = np.bool_(False), np.bool_(True)
    for t in range(first, last):
        if stop[0]:
            return False
        for i in range(n):  # only open cells are ever reached
            dist[open_cells[i]] = math.inf
            parent[open_cells[i]] = -1
        state[:] = 0
        state[C.FL_SIZE] = -1
        source[0] = open_cells[t]
        status = flood(passable, costs, off, move_table, off, on, source,
                       initial, math.inf, no_targets, dist, parent, heap_key, heap_cell,
                       state, size + 1)
        if status != C.STATUS_EXHAUSTED:  # cannot happen with this heap; refuse anyway
            raise RuntimeError("first-move table: flood did not finish")
        row = table[t]
        for i in range(n):
            c = open_cells[i]
            after = parent[c]
            row[i] = NO_MOVE if after < 0 else move_of[after - c + stride_span]
    return True


@njit(cache=True, nogil=True, inline="always")
def walk(table, cell_id, moves, lengths, s, t, path, used):  # pragma: no cover - numba
    """Follow the table from ``s`` to ``t`` (open cells of one component), writing the
    path's cells into ``path`` from ``used``. Returns ``(cells, length)``: the number of
    cells written (-1 when ``path`` has no room: nothing is kept) and the sum of the
    moves' lengths (the cost of a unit-cost grid)."""
    row = table[cell_id[t]]
    limit = path.shape[0]
    at = used
    if at >= limit:
        return -1, 0.0
    path[at] = s
    at += 1
    c = s
    length = 0.0
    while c != t:
        d = row[cell_id[c]]
        c += moves[d, 0]
        length += lengths[d]
        if at >= limit:
            return -1, 0.0
        path[at] = c
        at += 1
    return at - used, length


@njit(cache=True, nogil=True)
def query(table, cell_id, moves, lengths, s, t, path):  # pragma: no cover - numba
    """One query (``PreparedGrid.search``): ``(cells, length)`` as :func:`walk`."""
    return walk(table, cell_id, moves, lengths, s, t, path, 0)


@njit(cache=True, nogil=True)
def batch_table(table, cell_id, moves, lengths, labels, scale, sources, targets, first,
                last, out_cost, out_len, out_expanded, out_found, path,
                used):  # pragma: no cover - numba
    """Queries ``first..last-1`` of a batch; returns ``(code, i, 0, used)`` as the loops
    of :mod:`wayfinding.grid._kernels.batch` (``expanded``: the table entries read)."""
    for i in range(first, last):
        s = sources[i]
        t = targets[i]
        if labels[s] != labels[t]:
            unreached(i, out_cost, out_len, out_expanded, out_found, 0)
            continue
        n, length = walk(table, cell_id, moves, lengths, s, t, path, used)
        if n < 0:
            return C.BATCH_PATH_FULL, i, 0, used
        used += n
        out_cost[i] = length * scale
        out_len[i] = n
        out_expanded[i] = n - 1
        out_found[i] = True
    return C.BATCH_DONE, last, 0, used
