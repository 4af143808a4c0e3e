"""Path extraction from parent arrays (kernels and wrappers).

Examples
--------
>>> import numpy as np
>>> parent = np.array([-1, 0, 1, 1])
>>> out = np.empty(4, np.int64)
>>> n = trace(parent, 3, out)
>>> out[:n].tolist()
[0, 1, 3]
>>> append_trace(parent, 2, out, 3)  # no room for three nodes after slot 3
-1
>>> append_trace(parent, 2, out, 1), out[1:].tolist()
(3, [0, 1, 2])
>>> rows = np.empty((2, 2), np.int64)
>>> xy_rows(np.array([6, 13]), 5, rows)  # padded flat cells of a grid 3 wide
>>> rows.tolist()
[[0, 0], [2, 1]]
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from . import codes as C

__all__ = ["append_trace", "flat_cells", "flat_pairs", "next_query", "record_answer",
           "record_search", "rows_and_offsets", "trace", "xy_rows"]


@njit(cache=True, nogil=True)
def trace(parent, end, out):  # pragma: no cover - numba
    """Write the path root..``end`` along ``parent`` (-1 ends it) into ``out``; return its
    length. At most ``out.shape[0]`` nodes are written (a longer chain, which only a
    corrupt parent array has, returns -1)."""
    n = 0
    v = end
    cap = out.shape[0]
    while v >= 0:
        if n >= cap:
            return -1
        out[n] = v
        n += 1
        v = parent[v]
    i = 0
    j = n - 1
    while i < j:
        t = out[i]
        out[i] = out[j]
        out[j] = t
        i += 1
        j -= 1
    return n


@njit(cache=True, nogil=True, inline="always")
def append_trace(parent, end, out, used):  # pragma: no cover - numba
    """Write the path root..``end`` along ``parent`` at ``out[used:]`` (many paths packed
    one after another, as batch queries keep them); return its length, or -1 when it does
    not fit (nothing is written then)."""
    n = 0
    v = end
    while v >= 0:
        n += 1
        v = parent[v]
    if used + n > out.shape[0]:
        return -1
    v = end
    for j in range(used + n - 1, used - 1, -1):
        out[j] = v
        v = parent[v]
    return n


@njit(cache=True, nogil=True, inline="always")
def record_answer(i, parent, g, end, expanded, path, used, out_cost, out_len, out_expanded,
                  out_found):  # pragma: no cover - numba
    """Store the answer of query ``i`` of a batch: its expansions and, when ``end >= 0``,
    its cost ``g[end]`` and its path appended at ``path[used:]``. Returns the new
    ``used``, or -1 when the path does not fit (grow ``path`` and answer ``i`` again)."""
    out_expanded[i] = expanded
    if end < 0:
        out_cost[i] = math.inf
        out_len[i] = 0
        out_found[i] = False
        return used
    n = append_trace(parent, end, path, used)
    if n < 0:
        return -1
    out_cost[i] = g[end]
    out_len[i] = n
    out_found[i] = True
    return used + n


@njit(cache=True, nogil=True, inline="always")
def next_query(i, first, resume, sources, targets, starts, goals, state,
               generation):  # pragma: no cover - numba
    """Point the one-element ``starts``/``goals`` of a batch loop at query ``i`` and,
    unless ``resume`` goes on with query ``first`` (its frontier just grew), set ``state``
    up for a fresh search with the next generation stamp. Returns the generation."""
    starts[0] = sources[i]
    goals[0] = targets[i]
    if not (resume and i == first):
        generation += 1
        state[C.S_GEN] = generation
        state[C.S_STATUS] = C.STATUS_NEW
    return generation


@njit(cache=True, nogil=True, inline="always")
def record_search(i, status, state, parent, g, path, used, out_cost, out_len, out_expanded,
                  out_found):  # pragma: no cover - numba
    """:func:`record_answer` for a search that ended with ``status`` and ``state`` (the
    ``S_*`` layout). Returns ``(code, used)``: ``BATCH_DONE`` and the new ``used``, or the
    ``BATCH_*`` code that stops the loop at query ``i`` (``BATCH_HEAP_FULL``,
    ``BATCH_PATH_FULL``) and ``used`` unchanged."""
    if status == C.STATUS_HEAP_FULL:
        return C.BATCH_HEAP_FULL, used
    end = state[C.S_FOUND] if status == C.STATUS_FOUND else -1
    now = record_answer(i, parent, g, end, state[C.S_EXPANDED], path, used, out_cost,
                        out_len, out_expanded, out_found)
    if now < 0:
        return C.BATCH_PATH_FULL, used
    return C.BATCH_DONE, now


@njit(cache=True, nogil=True)
def xy_rows(cells, stride, out):  # pragma: no cover - numba
    """Write ``(x, y)`` of each padded flat cell (``(y + 1) * stride + x + 1``) into the
    rows of ``out`` (int64[len(cells), 2]): a batch's paths. The row comes from a
    multiplication by ``1 / stride`` (faster than an integer division or ``np.divmod``:
    ``benchmarks/NOTES.md``, "Batches"), exact for any grid and checked anyway."""
    inv = 1.0 / stride
    for k in range(cells.shape[0]):
        cell = cells[k]
        row = np.int64((cell + 0.5) * inv)
        x = cell - row * stride
        if x < 0:
            row -= 1
            x += stride
        elif x >= stride:
            row += 1
            x -= stride
        out[k, 0] = x - 1
        out[k, 1] = row - 1


@njit(cache=True, nogil=True)
def flat_cells(xy, width, height, passable, out):  # pragma: no cover - numba
    """The inverse of :func:`xy_rows`: the padded flat cell of each ``(x, y)`` row of
    ``xy`` (int64[N, 2]) into ``out``, for a grid ``width`` x ``height`` whose flat open
    cells are ``passable``. Returns -1 when every row is inside the grid and open, else
    the first row that is not (the caller words the error): a batch's starts and goals
    checked in one pass instead of six numpy passes."""
    stride = width + 2
    for k in range(xy.shape[0]):
        x = xy[k, 0]
        y = xy[k, 1]
        if x < 0 or x >= width or y < 0 or y >= height:
            return k
        cell = (y + 1) * stride + x + 1
        if passable[cell] == 0:
            return k
        out[k] = cell
    return -1


@njit(cache=True, nogil=True)
def flat_pairs(starts, goals, width, height, passable, s_out, t_out):  # pragma: no cover
    """:func:`flat_cells` of a batch's ``starts`` and ``goals`` (int64[N, 2] each, as many
    rows) in one call: -1 when every row is inside and open, else the first bad row of
    the starts, or ``N +`` the first bad row of the goals (one call instead of two: the
    dispatch is most of the cost of a small batch)."""
    k = flat_cells(starts, width, height, passable, s_out)
    if k >= 0:
        return k
    k = flat_cells(goals, width, height, passable, t_out)
    if k >= 0:
        return starts.shape[0] + k
    return -1


@njit(cache=True, nogil=True)
def rows_and_offsets(cells, stride, out, lengths, offsets):  # pragma: no cover - numba
    """:func:`xy_rows` of ``cells`` into ``out`` and the running sum of ``lengths`` into
    ``offsets`` (int64[N + 1], ``offsets[0] = 0``): a batch's paths gathered in one call
    (cheaper than ``np.cumsum`` alone on a small batch: ``benchmarks/NOTES.md``)."""
    xy_rows(cells, stride, out)
    total = 0
    offsets[0] = 0
    for i in range(lengths.shape[0]):
        total += lengths[i]
        offsets[i + 1] = total
