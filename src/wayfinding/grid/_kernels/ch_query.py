"""Kernel: one shortest-path query on a contracted subgoal graph, down to grid cells.

1. If the goal is direct-h-reachable from the start (or the start from the goal), the
   octile path between them is free and optimal: done.
2. Otherwise the start is joined to the subgoals direct-h-reachable from it, and the goal
   likewise, and a bidirectional Dijkstra search climbs the contraction hierarchy from
   both sides (each side only follows edges to nodes of higher rank).
3. The best meeting point gives a chain of hierarchy edges; shortcuts are unpacked into
   subgoal-graph edges, and every edge into the cells of a diagonal-first path (from
   whichever end found it).

Arrays: the padded flat grid of :class:`~wayfinding.grid.grid.FlatGrid` (``passable``),
the subgoal arrays of :mod:`.subgoal` and the upward graph of :func:`.ch.contract`.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from .jps_heap import heap_insert, heap_pop
from .subgoal import diagonal_first, direct_reachable, octile_cells

STATUS_FOUND = 0
STATUS_NO_PATH = 1
STATUS_BROKEN = 2  # an edge could not be turned into cells (a bug; never seen)
STATUS_HEAP_FULL = 3  # grow the heap arrays and ask again


@njit(cache=True)
def _refine(passable, a, b, stride, out, position):  # pragma: no cover - numba
    """Cells after ``a`` up to ``b`` into ``out``; diagonal-first from either end."""
    end = diagonal_first(passable, a, b, stride, out, position)
    if end >= 0:
        return end
    end = diagonal_first(passable, b, a, stride, out, position)
    if end < 0:
        return -1
    # out[position:end] is the path from b to a without b: reverse it, drop a, add b
    i = position
    j = end - 1
    while i < j:
        out[i], out[j] = out[j], out[i]
        i += 1
        j -= 1
    for i in range(position, end - 1):
        out[i] = out[i + 1]
    out[end - 1] = b
    return end


@njit(cache=True)
def query(passable, subgoal_id, cells, clear, up_start, up_from, up_to, up_w, up_low,
          up_high, stride, straight, diagonal, s, t, dist, stamp, parent, generation,
          heap_f, heap_g, heap_node, scan, buffer):  # pragma: no cover - numba
    """Shortest path from flat index ``s`` to ``t`` (different cells).

    Workspace: ``dist`` (float64[2, n_sub]), ``stamp`` (int64[2, n_sub], == generation
    when set in this query), ``parent`` (int64[2, n_sub]: the upward edge a node was
    reached by, -1 at a source), one heap (entries ``2 * node + side``), ``scan``
    (int64[2, >= 8 + 8 * (H + W)]), ``buffer`` (int64[>= 6 * n_sub + 32]).

    Returns ``(status, path int64[], cost, expanded)``; the cost is counted from the
    path's straight and diagonal steps.
    """
    empty = np.empty(0, dtype=np.int64)
    count_s, hit = direct_reachable(passable, subgoal_id, clear, stride, s, t, scan[0])
    if hit:
        path = np.empty(max(abs(s % stride - t % stride), abs(s // stride - t // stride)) + 1,
                        dtype=np.int64)
        path[0] = s
        diagonal_first(passable, s, t, stride, path, 1)
        cost = _cost(path, stride, straight, diagonal)
        return STATUS_FOUND, path, cost, 0
    count_t, hit = direct_reachable(passable, subgoal_id, clear, stride, t, s, scan[1])
    if hit:
        path = np.empty(max(abs(s % stride - t % stride), abs(s // stride - t // stride)) + 1,
                        dtype=np.int64)
        path[0] = s
        if _refine(passable, s, t, stride, path, 1) < 0:
            return STATUS_BROKEN, empty, math.inf, 0
        cost = _cost(path, stride, straight, diagonal)
        return STATUS_FOUND, path, cost, 0
    # ---- sources and targets on one heap: entry node * 2 + side (0 forward, 1 backward)
    capacity = heap_f.shape[0]
    size = 0
    for side in range(2):
        origin = s if side == 0 else t
        count = count_s if side == 0 else count_t
        for i in range(count + 1):
            if i < count:
                u = subgoal_id[scan[side, i]]
                d = octile_cells(origin, scan[side, i], stride, straight, diagonal)
            else:
                u = subgoal_id[origin]
                d = 0.0
                if u < 0:
                    continue
            if stamp[side, u] == generation and dist[side, u] <= d:
                continue
            stamp[side, u] = generation
            dist[side, u] = d
            parent[side, u] = -1
            if size == capacity:
                return STATUS_HEAP_FULL, empty, math.inf, 0
            size = heap_insert(heap_f, heap_g, heap_node, size, d, d, 2 * u + side)
    # ---- bidirectional upward search, always going on with the side whose entry is nearer
    best = math.inf
    meet = -1
    expanded = 0
    while size > 0:
        d_top, _g, entry, size = heap_pop(heap_f, heap_g, heap_node, size)
        if d_top >= best:
            break
        x = entry >> 1
        side = entry & 1
        if d_top > dist[side, x]:
            continue
        expanded += 1
        other = 1 - side
        if stamp[other, x] == generation:
            total = d_top + dist[other, x]
            if total < best:
                best = total
                meet = x
        # stall on demand: a higher node reached more cheaply proves x is not on the way
        stalled = False
        for i in range(up_start[x], up_start[x + 1]):
            y = up_to[i]
            if stamp[side, y] == generation and dist[side, y] + up_w[i] < d_top:
                stalled = True
                break
        if stalled:
            continue
        for i in range(up_start[x], up_start[x + 1]):
            y = up_to[i]
            nd = d_top + up_w[i]
            if nd >= best or (stamp[side, y] == generation and dist[side, y] <= nd):
                continue
            stamp[side, y] = generation
            dist[side, y] = nd
            parent[side, y] = i
            if size == capacity:
                return STATUS_HEAP_FULL, empty, math.inf, expanded
            size = heap_insert(heap_f, heap_g, heap_node, size, nd, nd, 2 * y + side)
    if meet < 0:
        return STATUS_NO_PATH, empty, math.inf, expanded
    # ---- the chain of upward edges (forward part climbs to meet, backward descends)
    n_sub = cells.shape[0]
    stack = buffer[:4 * n_sub + 16]  # (edge, direction) pairs
    nodes = buffer[4 * n_sub + 16:]
    top = 0
    e = parent[1, meet]
    while e >= 0:  # pushed first, unpacked last: meet down to a target
        top += 2
        e = parent[1, up_from[e]]
    position = top
    e = parent[1, meet]
    while e >= 0:
        position -= 2
        stack[position] = e
        stack[position + 1] = -1
        e = parent[1, up_from[e]]
    e = parent[0, meet]
    while e >= 0:  # then the forward edges, the last one pushed being the first climbed
        stack[top] = e
        stack[top + 1] = 1
        top += 2
        e = parent[0, up_from[e]]
    first = meet
    if top > 0 and stack[top - 1] == 1:
        first = up_from[stack[top - 2]]
    elif top > 0:
        first = up_to[stack[top - 2]]
    nodes[0] = first
    n_nodes = 1
    while top > 0:
        top -= 2
        e = stack[top]
        direction = stack[top + 1]
        if up_low[e] < 0:  # an original edge: emit the end it leads to
            nodes[n_nodes] = up_to[e] if direction > 0 else up_from[e]
            n_nodes += 1
        elif direction > 0:  # low -> mid -> high: (mid -> low) reversed, then mid -> high
            stack[top] = up_high[e]
            stack[top + 1] = 1
            stack[top + 2] = up_low[e]
            stack[top + 3] = -1
            top += 4
        else:  # high -> mid -> low
            stack[top] = up_low[e]
            stack[top + 1] = 1
            stack[top + 2] = up_high[e]
            stack[top + 3] = -1
            top += 4
    # ---- cells: s, the subgoals, t
    n_cells = 1
    previous = s
    for i in range(n_nodes + 1):
        cell = cells[nodes[i]] if i < n_nodes else t
        n_cells += max(abs(cell % stride - previous % stride),
                       abs(cell // stride - previous // stride))
        previous = cell
    path = np.empty(n_cells, dtype=np.int64)
    path[0] = s
    position = 1
    previous = s
    for i in range(n_nodes + 1):
        cell = cells[nodes[i]] if i < n_nodes else t
        if cell != previous:
            position = _refine(passable, previous, cell, stride, path, position)
            if position < 0:
                return STATUS_BROKEN, empty, math.inf, expanded
        previous = cell
    path = path[:position]
    return STATUS_FOUND, path, _cost(path, stride, straight, diagonal), expanded


@njit(cache=True)
def _cost(path, stride, straight, diagonal):  # pragma: no cover - numba
    n_diagonal = 0
    for i in range(path.shape[0] - 1):
        step = abs(path[i + 1] - path[i])
        if step != 1 and step != stride:
            n_diagonal += 1
    return n_diagonal * diagonal + (path.shape[0] - 1 - n_diagonal) * straight
