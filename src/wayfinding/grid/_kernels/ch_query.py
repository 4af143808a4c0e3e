"""Kernel: one shortest-path query on a contracted subgoal graph, down to grid cells.

1. If the goal is direct-h-reachable from the start (or the start from the goal), the
   octile path between them is free and optimal: done.
2. Otherwise the start is joined to the subgoals direct-h-reachable from it, and the goal
   likewise; the hub labels of those subgoals (:mod:`.ch_labels`) give the best hub of
   the contraction hierarchy between them: the forward labels are spread into a table
   by hub, the backward labels looked up in it. When the hierarchy has an uncontracted
   core, an A* search over the core joins the core hubs of both sides too.
3. The labels' upward edges (and the core path) give a chain of hierarchy edges;
   shortcuts are unpacked into subgoal-graph edges, and every edge into the cells of a
   diagonal-first path (from whichever end found it).

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
STATUS_BROKEN = 2  # an edge could not be turned into cells, or the data is inconsistent
STATUS_HEAP_FULL = 3  # grow the heap arrays and ask again


@njit(cache=True)
def query(passable, subgoal_id, cells, clear, up_from, up_to, up_low, up_high,
          core_start,
          core_to, core_w, core_low, core_high, label_start, label_hd, label_edge, stride,
          straight, diagonal, s, t, best_f, entry_f, touched, best_b, entry_b,
          core_via, heap_key, heap_node, scan, buffer):  # pragma: no cover - numba
    """Shortest path from flat index ``s`` to ``t`` (different cells).

    Workspace: ``best_f`` (float64[n_sub]: best distance from the start to each hub,
    inf when not reached), ``entry_f`` (int64[n_sub]: the label entry that gave it),
    ``touched`` (int64[n_sub]: the hubs given a value); for the core nodes ``best_b`` and
    ``entry_b`` (the same from the goal's side, inf when not reached) and ``core_via``
    (the core edge a core node was reached by, -1 from a label); a heap (``heap_key``,
    ``heap_node``); ``scan`` (int64[2, >= 8 + 8 * (H + W)]); ``buffer`` (int64[>= 10 *
    n_sub + 64]).

    ``best_f`` and ``best_b`` must be all inf on entry and are all inf again on return:
    the hubs listed in ``touched`` are reset at the end, which costs one write per hub
    reached. (Generation stamps, used elsewhere, would cost a read per label entry, and
    reading labels is most of a query's work: resetting measured faster here.)

    The path is returned as padded flat indices.

    Returns ``(status, path int64[], cost, examined)``: the cost is counted from the
    path's straight and diagonal steps; ``examined`` counts the label entries read and
    core nodes settled.
    """
    empty = np.empty(0, dtype=np.int64)
    n_sub = cells.shape[0]
    n_core = core_start.shape[0] - 1
    stack = buffer[:4 * n_sub + 16]  # (edge or node, kind) pairs, read from the top
    nodes = buffer[4 * n_sub + 16:6 * n_sub + 32]  # subgoal-graph nodes of the path
    chain = buffer[6 * n_sub + 32:]  # (edge or node, kind) pairs in path order
    n_nodes = 0
    n_touched = 0
    examined = 0
    count_s, hit = direct_reachable(passable, subgoal_id, clear, stride, s, t, scan[0])
    count_t = 0
    if not hit:
        count_t, hit = direct_reachable(passable, subgoal_id, clear, stride, t, s, scan[1])
    if not hit:
        # ---- forward: spread the labels of the start's subgoals into a table by hub
        n_sources = 0  # core hubs reached, listed in heap_node for the core search
        found_s = scan[0]
        for k in range(count_s + 1):
            u, du = _joined(subgoal_id, found_s, count_s, k, s, stride, straight, diagonal)
            if u < 0:
                continue
            if n_core == 0:
                # no core: only the distances are needed here (the entry of the meeting
                # hub is found again afterwards), so the loop has no branch to mispredict
                for i in range(label_start[u], label_start[u + 1]):
                    h = np.int64(label_hd[i, 0])
                    best_f[h] = min(best_f[h], du + label_hd[i, 1])
                examined += label_start[u + 1] - label_start[u]
                continue
            for i in range(label_start[u], label_start[u + 1]):
                h = np.int64(label_hd[i, 0])
                d = du + label_hd[i, 1]
                if d < best_f[h]:
                    if best_f[h] == math.inf:
                        if h < n_core:
                            if best_b[h] == math.inf:
                                touched[n_touched] = h
                                n_touched += 1
                            core_via[h] = -1
                            heap_node[n_sources] = h
                            n_sources += 1
                        else:
                            touched[n_touched] = h
                            n_touched += 1
                    best_f[h] = d
                    entry_f[h] = i
            examined += label_start[u + 1] - label_start[u]
        # ---- backward: look the goal's subgoals' hubs up in the table
        best = math.inf
        meet = -1
        meet_entry = -1
        tx = t % stride
        ty = t // stride
        found_t = scan[1]
        for k in range(count_t + 1):
            w, dw = _joined(subgoal_id, found_t, count_t, k, t, stride, straight, diagonal)
            if w < 0:
                continue
            for j in range(label_start[w], label_start[w + 1]):
                h = np.int64(label_hd[j, 0])
                d = label_hd[j, 1] + dw
                if h < n_core and d < best_b[h]:
                    # core hubs of the goal side: remembered for the core search
                    if best_b[h] == math.inf and best_f[h] == math.inf:
                        touched[n_touched] = h
                        n_touched += 1
                    best_b[h] = d
                    entry_b[h] = j
                total = best_f[h] + d
                if total < best:
                    best = total
                    meet = h
                    meet_entry = j
            examined += label_start[w + 1] - label_start[w]
        # ---- the core: A* (octile distance to the goal) from the forward core hubs to
        # the backward ones
        meet_in_core = False
        if n_sources > 0:
            capacity = heap_key.shape[0]
            size = 0
            for k in range(n_sources):  # heapify the sources in place, keyed by g + h
                h = heap_node[k]
                cx = cells[h] % stride
                cy = cells[h] // stride
                gap_x = abs(cx - tx)
                gap_y = abs(cy - ty)
                d = best_f[h] + straight * abs(gap_x - gap_y) + diagonal * min(gap_x, gap_y)
                i = size
                while i > 0:
                    up = (i - 1) >> 1
                    if heap_key[up] <= d:
                        break
                    heap_key[i] = heap_key[up]
                    heap_node[i] = heap_node[up]
                    i = up
                heap_key[i] = d
                heap_node[i] = h
                size += 1
            while size > 0:
                f_top = heap_key[0]
                x = heap_node[0]
                size -= 1
                if size > 0:
                    key = heap_key[size]
                    item = heap_node[size]
                    i = 0
                    while True:
                        child = 2 * i + 1
                        if child >= size:
                            break
                        if child + 1 < size and heap_key[child + 1] < heap_key[child]:
                            child += 1
                        if heap_key[child] >= key:
                            break
                        heap_key[i] = heap_key[child]
                        heap_node[i] = heap_node[child]
                        i = child
                    heap_key[i] = key
                    heap_node[i] = item
                if f_top >= best:
                    break
                cx = cells[x] % stride
                cy = cells[x] // stride
                gap_x = abs(cx - tx)
                gap_y = abs(cy - ty)
                d_top = best_f[x]
                if f_top > d_top + straight * abs(gap_x - gap_y) + diagonal * min(
                        gap_x, gap_y) + 1e-9 * f_top:
                    continue  # a stale entry
                examined += 1
                if best_b[x] < math.inf and d_top + best_b[x] < best:
                    best = d_top + best_b[x]
                    meet = x
                    meet_in_core = True
                for e in range(core_start[x], core_start[x + 1]):
                    y = core_to[e]
                    nd = d_top + core_w[e]
                    gap_x = abs(cells[y] % stride - tx)
                    gap_y = abs(cells[y] // stride - ty)
                    f_new = nd + straight * abs(gap_x - gap_y) + diagonal * min(gap_x, gap_y)
                    if f_new >= best:
                        continue
                    if nd >= best_f[y]:
                        continue
                    if best_f[y] == math.inf and best_b[y] == math.inf:
                        touched[n_touched] = y
                        n_touched += 1
                    best_f[y] = nd
                    core_via[y] = e
                    if size == capacity:
                        _reset(touched, n_touched, best_f, best_b, n_core)
                        return STATUS_HEAP_FULL, empty, math.inf, examined
                    i = size
                    while i > 0:
                        up = (i - 1) >> 1
                        if heap_key[up] <= f_new:
                            break
                        heap_key[i] = heap_key[up]
                        heap_node[i] = heap_node[up]
                        i = up
                    heap_key[i] = f_new
                    heap_node[i] = y
                    size += 1
        if n_core == 0:
            if meet >= 0:
                entry_f[meet] = _forward_entry(subgoal_id, label_start, label_hd, scan[0],
                                               count_s, s, stride, straight, diagonal,
                                               meet, best_f[meet])
            _clear_forward(subgoal_id, label_start, label_hd, scan[0], count_s, s, best_f)
        else:
            _reset(touched, n_touched, best_f, best_b, n_core)
        if meet < 0:
            return STATUS_NO_PATH, empty, math.inf, examined
        # ---- the chain in path order: up the start's label to the hub (or core entry),
        # along core edges, down the goal's label. Kinds: 1 / -1 an upward edge climbed /
        # descended, 2 a core edge (stored by its index, leading to core_to).
        n_chain = 0
        bottom = meet  # the node where the climb from the start ends
        if meet_in_core:
            # core edges walked back from meet, reversed afterwards
            x = meet
            while core_via[x] >= 0:
                if n_chain + 2 > chain.shape[0]:  # a cycle: only tampered data does that
                    return STATUS_BROKEN, empty, math.inf, examined
                e = core_via[x]
                chain[n_chain] = e
                chain[n_chain + 1] = 2
                n_chain += 2
                x = _core_from(core_start, e)
            bottom = x
        # the climb, walked from the top down in the start's label, reversed afterwards
        entry = entry_f[bottom]
        if entry < 0:
            return STATUS_BROKEN, empty, math.inf, examined
        owner_f = _owner(label_start, entry)
        n_chain = _label_chain(label_hd, label_edge, label_start, up_from, owner_f, entry,
                               chain, n_chain, 1)
        if n_chain < 0:
            return STATUS_BROKEN, empty, math.inf, examined
        # [core edges backwards, climb hub-first] reversed: [climb, core edges] in order
        _reverse_pairs(chain, 0, n_chain)
        # the descent: walked from the meeting hub down in the goal's label
        entry = entry_b[meet] if meet_in_core else meet_entry
        n_chain = _label_chain(label_hd, label_edge, label_start, up_from,
                               _owner(label_start, entry), entry, chain, n_chain, -1)
        if n_chain < 0:
            return STATUS_BROKEN, empty, math.inf, examined
        # ---- unpack: the chain reversed onto the stack, shortcuts split on the way
        if n_chain > stack.shape[0] - 4:
            return STATUS_BROKEN, empty, math.inf, examined
        top = 0
        for k in range(n_chain - 2, -1, -2):
            stack[top] = chain[k]
            stack[top + 1] = chain[k + 1]
            top += 2
        nodes[0] = owner_f
        n_nodes = 1
        # the hierarchy a file gave may unpack into more than a path's nodes (checked
        # files cannot loop, but their shortcuts may nest exponentially): stop then
        stack_room = stack.shape[0] - 4
        nodes_room = nodes.shape[0]
        while top > 0:
            if top > stack_room or n_nodes >= nodes_room:
                return STATUS_BROKEN, empty, math.inf, examined
            top -= 2
            e = stack[top]
            kind = stack[top + 1]
            if kind == 2:  # a core edge: its shortcut halves, or the node it leads to
                if core_low[e] < 0:
                    nodes[n_nodes] = core_to[e]
                    n_nodes += 1
                else:  # from -> mid (down the low edge), mid -> to (up the high edge)
                    stack[top] = core_high[e]
                    stack[top + 1] = 1
                    stack[top + 2] = core_low[e]
                    stack[top + 3] = -1
                    top += 4
            elif up_low[e] < 0:  # an original edge: emit the end it leads to
                nodes[n_nodes] = up_to[e] if kind > 0 else up_from[e]
                n_nodes += 1
            elif kind > 0:  # low -> mid -> high: (mid -> low) reversed, mid -> high
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


@njit(cache=True, inline="always")
def _joined(subgoal_id, found, count, k, origin, stride, straight,
            diagonal):  # pragma: no cover - numba
    """The ``k``-th subgoal joined to ``origin`` and its octile distance: ``found[k]`` for
    ``k < count``, ``origin`` itself (distance 0; -1 when not a subgoal) for ``k == count``."""
    if k == count:
        return subgoal_id[origin], 0.0
    cell = found[k]
    dx = abs(cell % stride - origin % stride)
    dy = abs(cell // stride - origin // stride)
    return subgoal_id[cell], straight * abs(dx - dy) + diagonal * min(dx, dy)


@njit(cache=True)
def _forward_entry(subgoal_id, label_start, label_hd, found, count, s, stride, straight,
                   diagonal, hub, distance):  # pragma: no cover - numba
    """The label entry for ``hub`` that gave the start its ``distance`` to it: the start's
    subgoals ``found[:count]`` (and the start itself if a subgoal) are searched again,
    computing each distance exactly as the forward pass did."""
    for k in range(count + 1):
        u, du = _joined(subgoal_id, found, count, k, s, stride, straight, diagonal)
        if u < 0:
            continue
        first = label_start[u]
        last = label_start[u + 1] - 1
        while first < last:  # labels are sorted by hub
            middle = (first + last) >> 1
            if label_hd[middle, 0] < hub:
                first = middle + 1
            else:
                last = middle
        if label_hd[first, 0] == hub and du + label_hd[first, 1] == distance:
            return first
    return -1


@njit(cache=True)
def _clear_forward(subgoal_id, label_start, label_hd, found, count, s,
                   best_f):  # pragma: no cover - numba
    """Set ``best_f`` of every hub in the start's subgoals' labels back to inf."""
    for k in range(count + 1):
        u = subgoal_id[found[k]] if k < count else subgoal_id[s]
        if u < 0:
            continue
        for i in range(label_start[u], label_start[u + 1]):
            best_f[np.int64(label_hd[i, 0])] = math.inf


@njit(cache=True)
def _reset(touched, n_touched, best_f, best_b, n_core):  # pragma: no cover - numba
    """Set ``best_f`` (and ``best_b`` of core nodes) of the touched hubs back to inf."""
    for k in range(n_touched):
        h = touched[k]
        best_f[h] = math.inf
        if h < n_core:
            best_b[h] = math.inf


@njit(cache=True)
def _owner(label_start, entry):  # pragma: no cover - numba
    """The node whose label holds ``entry`` (binary search; no label is empty)."""
    low = 0
    high = label_start.shape[0] - 2
    while low < high:
        middle = (low + high + 1) >> 1
        if label_start[middle] <= entry:
            low = middle
        else:
            high = middle - 1
    return low


@njit(cache=True)
def _core_from(core_start, e):  # pragma: no cover - numba
    """The core node whose list holds core edge ``e``."""
    return _owner(core_start, e)


@njit(cache=True)
def _label_chain(label_hd, label_edge, label_start, up_from, owner, entry, chain, n,
                 kind):  # pragma: no cover - numba
    """Append the upward edges from the entry's hub down to ``owner``, hub first.

    Returns the new length of ``chain``, or -1 when it is full (inconsistent labels)."""
    e = label_edge[entry]
    while e >= 0:
        if n + 2 > chain.shape[0]:
            return -1
        chain[n] = e
        chain[n + 1] = kind
        n += 2
        x = up_from[e]  # the entry of x in the same label (sorted by hub)
        first = label_start[owner]
        last = label_start[owner + 1] - 1
        while first < last:
            middle = (first + last) >> 1
            if label_hd[middle, 0] < x:
                first = middle + 1
            else:
                last = middle
        e = label_edge[first]
    return n


@njit(cache=True)
def _reverse_pairs(pairs, first, end):  # pragma: no cover - numba
    """Reverse the order of the pairs in ``pairs[first:end]``."""
    i = first
    j = end - 2
    while i < j:
        pairs[i], pairs[j] = pairs[j], pairs[i]
        pairs[i + 1], pairs[j + 1] = pairs[j + 1], pairs[i + 1]
        i += 2
        j -= 2
