"""Kernel: one shortest-path query on a contracted subgoal graph, down to grid cells.

1. If the goal is direct-h-reachable from the start (or the start from the goal), the
   octile path between them is free and optimal: done.
2. Otherwise the start is joined to the subgoals direct-h-reachable from it, and the goal
   likewise, and a bidirectional Dijkstra search climbs the contraction hierarchy from
   both sides (each side only follows edges to nodes of higher rank), with stall on
   demand.
3. The best meeting point gives a chain of hierarchy edges; shortcuts are unpacked into
   subgoal-graph edges, and every edge into the cells of a diagonal-first path (from
   whichever end found it).

Arrays: the padded flat grid of :class:`~wayfinding.grid.grid.FlatGrid` (``passable``),
the subgoal arrays of :mod:`.subgoal` and the upward graph of :func:`.ch.contract`.
The heap and the path walks are written out in :func:`query` rather than called: numba
updates reference counts (atomic operations) at every call that takes an array.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from .subgoal import direct_reachable

STATUS_FOUND = 0
STATUS_NO_PATH = 1
STATUS_BROKEN = 2  # an edge could not be turned into cells (a bug; never seen)
STATUS_HEAP_FULL = 3  # grow the heap arrays and ask again


@njit(cache=True)
def query(passable, subgoal_id, cells, clear, up_start, up_from, up_to, up_w, up_low,
          up_high, stride, straight, diagonal, s, t, dist, stamp, parent, generation,
          heap_f, heap_node, scan, buffer):  # pragma: no cover - numba
    """Shortest path from flat index ``s`` to ``t`` (different cells).

    Workspace: ``dist`` (float64[2, n_sub]), ``stamp`` (int64[2, n_sub], == generation
    when set in this query), ``parent`` (int64[2, n_sub]: the upward edge a node was
    reached by, -1 at a source), one heap (keys and entries ``2 * node + side``),
    ``scan`` (int64[2, >= 8 + 8 * (H + W)]), ``buffer`` (int64[>= 6 * n_sub + 32]).

    Returns ``(status, path int64[], cost, expanded)``; the cost is counted from the
    path's straight and diagonal steps.
    """
    empty = np.empty(0, dtype=np.int64)
    n_sub = cells.shape[0]
    stack = buffer[:4 * n_sub + 16]  # (edge, direction) pairs
    nodes = buffer[4 * n_sub + 16:]  # subgoal-graph nodes of the path, in order
    n_nodes = 0
    expanded = 0
    count_s, hit = direct_reachable(passable, subgoal_id, clear, stride, s, t, scan[0])
    if not hit:
        count_t, hit = direct_reachable(passable, subgoal_id, clear, stride, t, s, scan[1])
    if not hit:
        # ---- sources and targets on one heap: entry node * 2 + side (0 fwd, 1 bwd)
        capacity = heap_f.shape[0]
        size = 0
        for side in range(2):
            origin = s if side == 0 else t
            count = count_s if side == 0 else count_t
            ox = origin % stride
            oy = origin // stride
            for i in range(count + 1):
                if i < count:
                    u = subgoal_id[scan[side, i]]
                    dx = abs(scan[side, i] % stride - ox)
                    dy = abs(scan[side, i] // stride - oy)
                    d = straight * abs(dx - dy) + diagonal * min(dx, dy)
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
                i = size  # push (d, entry)
                while i > 0:
                    up = (i - 1) >> 1
                    if heap_f[up] <= d:
                        break
                    heap_f[i] = heap_f[up]
                    heap_node[i] = heap_node[up]
                    i = up
                heap_f[i] = d
                heap_node[i] = 2 * u + side
                size += 1
        # ---- bidirectional upward search, going on with the side whose entry is nearer
        best = math.inf
        meet = -1
        while size > 0:
            d_top = heap_f[0]  # pop
            entry = heap_node[0]
            size -= 1
            if size > 0:
                key = heap_f[size]
                item = heap_node[size]
                i = 0
                while True:
                    child = 2 * i + 1
                    if child >= size:
                        break
                    if child + 1 < size and heap_f[child + 1] < heap_f[child]:
                        child += 1
                    if heap_f[child] >= key:
                        break
                    heap_f[i] = heap_f[child]
                    heap_node[i] = heap_node[child]
                    i = child
                heap_f[i] = key
                heap_node[i] = item
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
            # stall on demand: a higher node reached more cheaply shows x is not on the way
            stalled = False
            for e in range(up_start[x], up_start[x + 1]):
                y = up_to[e]
                if stamp[side, y] == generation and dist[side, y] + up_w[e] < d_top:
                    stalled = True
                    break
            if stalled:
                continue
            for e in range(up_start[x], up_start[x + 1]):
                y = up_to[e]
                nd = d_top + up_w[e]
                if nd >= best or (stamp[side, y] == generation and dist[side, y] <= nd):
                    continue
                stamp[side, y] = generation
                dist[side, y] = nd
                parent[side, y] = e
                if size == capacity:
                    return STATUS_HEAP_FULL, empty, math.inf, expanded
                i = size  # push (nd, entry)
                while i > 0:
                    up = (i - 1) >> 1
                    if heap_f[up] <= nd:
                        break
                    heap_f[i] = heap_f[up]
                    heap_node[i] = heap_node[up]
                    i = up
                heap_f[i] = nd
                heap_node[i] = 2 * y + side
                size += 1
        if meet < 0:
            return STATUS_NO_PATH, empty, math.inf, expanded
        # ---- the chain of upward edges: the forward part climbs to meet, the backward
        # part descends from it; both go on a stack, first edge on top
        top = 0
        e = parent[1, meet]
        while e >= 0:
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
        while e >= 0:
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
        # ---- unpack shortcuts into subgoal-graph edges
        while top > 0:
            top -= 2
            e = stack[top]
            direction = stack[top + 1]
            if up_low[e] < 0:  # an original edge: emit the end it leads to
                nodes[n_nodes] = up_to[e] if direction > 0 else up_from[e]
                n_nodes += 1
            elif direction > 0:  # low -> mid -> high: (mid -> low) reversed, mid -> high
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
    # ---- cells: s, the subgoals, t; each hop a diagonal-first walk from one of its ends
    n_cells = 1
    previous = s
    for k in range(n_nodes + 1):
        cell = cells[nodes[k]] if k < n_nodes else t
        n_cells += max(abs(cell % stride - previous % stride),
                       abs(cell // stride - previous // stride))
        previous = cell
    path = np.empty(n_cells, dtype=np.int64)
    path[0] = s
    position = 1
    previous = s
    n_diagonal = 0
    for k in range(n_nodes + 1):
        cell = cells[nodes[k]] if k < n_nodes else t
        if cell == previous:
            continue
        for attempt in range(2):
            a = previous if attempt == 0 else cell
            b = cell if attempt == 0 else previous
            ax = a % stride
            ay = a // stride
            bx = b % stride
            by = b // stride
            sx = 1 if bx > ax else (-1 if bx < ax else 0)
            sy = stride if by > ay else (-stride if by < ay else 0)
            steps_diagonal = min(abs(bx - ax), abs(by - ay))
            steps_straight = max(abs(bx - ax), abs(by - ay)) - steps_diagonal
            along = sx if abs(bx - ax) > abs(by - ay) else sy
            current = a
            at = position
            free = True
            for _ in range(steps_diagonal):
                if not (passable[current + sx] and passable[current + sy]
                        and passable[current + sx + sy]):
                    free = False
                    break
                current += sx + sy
                path[at] = current
                at += 1
            if free:
                for _ in range(steps_straight):
                    current += along
                    if not passable[current]:
                        free = False
                        break
                    path[at] = current
                    at += 1
            if free:
                n_diagonal += steps_diagonal
                if attempt == 1:
                    # path[position:at] runs from cell back to previous (without cell):
                    # reverse it, drop previous (already written) and end on cell
                    i = position
                    j = at - 1
                    while i < j:
                        path[i], path[j] = path[j], path[i]
                        i += 1
                        j -= 1
                    for i in range(position, at - 1):
                        path[i] = path[i + 1]
                    path[at - 1] = cell
                position = at
                break
            if attempt == 1:
                return STATUS_BROKEN, empty, math.inf, expanded
        previous = cell
    cost = n_diagonal * diagonal + (position - 1 - n_diagonal) * straight
    return STATUS_FOUND, path[:position], cost, expanded
