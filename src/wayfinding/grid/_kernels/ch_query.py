"""Kernel: one shortest-path query on a contracted subgoal graph, down to grid cells.

1. If the goal is direct-h-reachable from the start (or the start from the goal), the
   octile path between them is free and optimal: done.
2. Otherwise the start is joined to the subgoals direct-h-reachable from it, and the goal
   likewise; the hub labels of those subgoals (:mod:`.ch_labels`) give the best hub of
   the contraction hierarchy between them: the forward labels are spread into a table
   by hub, the backward labels looked up in it.
3. The labels' upward edges from the two subgoals to that hub give a chain of hierarchy
   edges; shortcuts are unpacked into subgoal-graph edges, and every edge into the cells
   of a diagonal-first path (from whichever end found it).

Arrays: the padded flat grid of :class:`~wayfinding.grid.grid.FlatGrid` (``passable``),
the subgoal arrays of :mod:`.subgoal`, the upward graph of :func:`.ch.contract` and the
labels of :func:`.ch_labels.build_labels`. Loops are written out in :func:`query` rather
than calling helpers: numba updates reference counts (atomic operations) at every call
that takes an array.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from .subgoal import direct_reachable

STATUS_FOUND = 0
STATUS_NO_PATH = 1
STATUS_BROKEN = 2  # an edge could not be turned into cells (a bug; never seen)


@njit(cache=True)
def query(passable, subgoal_id, cells, clear, up_from, up_to, up_low, up_high,
          label_start, label_hub, label_dist, label_edge, stride, straight, diagonal, s, t,
          best_f, stamp_f, entry_f, generation, scan, buffer):  # pragma: no cover - numba
    """Shortest path from flat index ``s`` to ``t`` (different cells).

    Workspace: ``best_f`` (float64[n_sub]: best distance from the start to each hub),
    ``stamp_f`` (int64[n_sub], == generation when set in this query), ``entry_f``
    (int64[n_sub]: the label entry that gave it), ``scan`` (int64[2, >= 8 + 8 * (H + W)]),
    ``buffer`` (int64[>= 6 * n_sub + 32]).

    Returns ``(status, path int64[], cost, examined)``: the cost is counted from the
    path's straight and diagonal steps; ``examined`` counts the label entries read.
    """
    empty = np.empty(0, dtype=np.int64)
    n_sub = cells.shape[0]
    stack = buffer[:4 * n_sub + 16]  # (edge, direction) pairs
    nodes = buffer[4 * n_sub + 16:]  # subgoal-graph nodes of the path, in order
    n_nodes = 0
    examined = 0
    count_s, hit = direct_reachable(passable, subgoal_id, clear, stride, s, t, scan[0])
    count_t = 0
    if not hit:
        count_t, hit = direct_reachable(passable, subgoal_id, clear, stride, t, s, scan[1])
    if not hit:
        # ---- forward: spread the labels of the start's subgoals into a table by hub
        sx = s % stride
        sy = s // stride
        for k in range(count_s + 1):
            if k < count_s:
                u = subgoal_id[scan[0, k]]
                dx = abs(scan[0, k] % stride - sx)
                dy = abs(scan[0, k] // stride - sy)
                du = straight * abs(dx - dy) + diagonal * min(dx, dy)
            else:
                u = subgoal_id[s]
                du = 0.0
                if u < 0:
                    continue
            for i in range(label_start[u], label_start[u + 1]):
                h = label_hub[i]
                d = du + label_dist[i]
                if stamp_f[h] != generation or d < best_f[h]:
                    stamp_f[h] = generation
                    best_f[h] = d
                    entry_f[h] = i
            examined += label_start[u + 1] - label_start[u]
        # ---- backward: look the goal's subgoals' hubs up in the table
        best = math.inf
        meet = -1
        entry_b = -1
        tx = t % stride
        ty = t // stride
        for k in range(count_t + 1):
            if k < count_t:
                w = subgoal_id[scan[1, k]]
                dx = abs(scan[1, k] % stride - tx)
                dy = abs(scan[1, k] // stride - ty)
                dw = straight * abs(dx - dy) + diagonal * min(dx, dy)
            else:
                w = subgoal_id[t]
                dw = 0.0
                if w < 0:
                    continue
            for j in range(label_start[w], label_start[w + 1]):
                h = label_hub[j]
                if stamp_f[h] == generation:
                    total = best_f[h] + label_dist[j] + dw
                    if total < best:
                        best = total
                        meet = h
                        entry_b = j
            examined += label_start[w + 1] - label_start[w]
        if meet < 0:
            return STATUS_NO_PATH, empty, math.inf, examined
        # ---- the chain of upward edges, from the two labels: the forward part climbs to
        # the hub, the backward part descends from it; first edge on top of the stack
        top = 0
        for side in range(2):
            entry = entry_b if side == 1 else entry_f[meet]
            low = 0  # the label holding the entry (binary search on label_start)
            high = n_sub - 1
            while low < high:
                middle = (low + high + 1) >> 1
                if label_start[middle] <= entry:
                    low = middle
                else:
                    high = middle - 1
            owner = low
            bottom = top
            e = label_edge[entry]
            while e >= 0:
                stack[top] = e
                stack[top + 1] = 1 if side == 0 else -1
                top += 2
                x = up_from[e]  # the entry of x in the same label (sorted by hub)
                first = label_start[owner]
                last = label_start[owner + 1] - 1
                while first < last:
                    middle = (first + last) >> 1
                    if label_hub[middle] < x:
                        first = middle + 1
                    else:
                        last = middle
                e = label_edge[first]
            if side == 0:  # forward edges come hub-first: put them in climbing order
                i = bottom
                j = top - 2
                while i < j:
                    stack[i], stack[j] = stack[j], stack[i]
                    stack[i + 1], stack[j + 1] = stack[j + 1], stack[i + 1]
                    i += 2
                    j -= 2
        # the stack is read from the top: turn it round, so that the climb comes first
        # and the descent after it
        i = 0
        j = top - 2
        while i < j:
            stack[i], stack[j] = stack[j], stack[i]
            stack[i + 1], stack[j + 1] = stack[j + 1], stack[i + 1]
            i += 2
            j -= 2
        first = meet
        if top > 0 and stack[top - 1] == 1:
            first = up_from[stack[top - 2]]
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
                return STATUS_BROKEN, empty, math.inf, examined
        previous = cell
    cost = n_diagonal * diagonal + (position - 1 - n_diagonal) * straight
    return STATUS_FOUND, path[:position], cost, examined
