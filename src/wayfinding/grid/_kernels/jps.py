"""Kernels: jump point search on a padded flat grid of uniform cost.

Every kernel works on the padded ``passable`` array of
:class:`~wayfinding.grid.grid.FlatGrid` (a blocked border, so no bounds checks) and its
``stride``; cells are flat indices.

8-way, no corner cutting (a diagonal step needs both orthogonal cells free): the pruning
rules of Harabor & Grastien for this movement model ("Improving Jump Point Search",
ICAPS 2014). Diagonal moves come first in the canonical order; a straight scan stops at a
cell ``x`` when a side cell of ``x`` is free while the same side cell of the previous
cell is blocked (that side cell, and the diagonal towards it, are forced successors). A
diagonal ray runs on until a wall; from each of its cells the two straight scans run and
what they find is generated directly, reached by a diagonal-first path (the intermediate
cell is never put on the frontier: the "intermediate pruning" of the same paper).

4-way: the canonical ordering "horizontal before vertical" of Sturtevant & Rabin
("Canonical Orderings on Grids", IJCAI 2016). Horizontal rays play the role diagonal
rays play in 8-way (two vertical scans from each cell; what they find is reached
horizontally first); a vertical scan stops at a cell with a free side cell whose
counterpart beside the previous cell is blocked.

The search is one function on purpose: numba updates reference counts (atomic
operations) at every call that takes an array, which cost more than the scans
themselves, so the scanning code is written out once inside the ray loop.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._kernels.codes import STATUS_EXHAUSTED, STATUS_FOUND, STATUS_HEAP_FULL, STATUS_PAUSED
from ..._kernels.heap import pop_pair_into, push_pair
from .jps_path import fill_path, path_length
from .jps_scan import highest_bit, lowest_bit, sign
from .jps_tables import plus_ray

_ALL = ~np.uint64(0)
#: Entries of the heap-bypassing stack of :func:`jps_search`.
_STACK = 64


@njit(cache=True, inline="always")
def octile(dx, dy, straight, diagonal):  # pragma: no cover - numba
    """Octile distance of an offset ``(dx, dy)`` >= 0 (Manhattan when diagonal is 0)."""
    if diagonal == 0.0:
        return straight * (dx + dy)
    if dx < dy:
        return straight * (dy - dx) + diagonal * dx
    return straight * (dx - dy) + diagonal * dy


@njit(cache=True)
def jps_search(passable, bits, stride, start, goal, straight, diagonal, eight_way,
               stamp, g, parent, touched, generation, heap_f, heap_g, heap_n,
               size, expanded, n_touched, budget):  # pragma: no cover - numba
    """A* over jump points from ``start`` to ``goal`` (flat indices); see :data:`search_scan`
    (which kernels call directly: one call fewer)."""
    return search_scan(passable, bits, stride, start, goal, straight, diagonal, eight_way,
                       stamp, g, parent, touched, generation, heap_f, heap_g, heap_n, size,
                       expanded, n_touched, budget, bits, bits)


@njit(cache=True)
def jps_plus_search(passable, bits, stops, jumps, stride, start, goal, straight, diagonal,
                    stamp, g, parent, touched, generation, heap_f, heap_g, heap_n, size,
                    expanded, n_touched, budget):  # pragma: no cover - numba
    """:func:`jps_search` of an 8-way grid reading the JPS+ tables ``stops`` and
    ``jumps`` (:mod:`.jps_tables`) instead of scanning: the same jump points."""
    return search_plus(passable, bits, stride, start, goal, straight, diagonal, True, stamp,
                       g, parent, touched, generation, heap_f, heap_g, heap_n, size, expanded,
                       n_touched, budget, stops, jumps)


def _variant(plus):
    """The search compiled with or without JPS+ tables: ``plus`` is a constant of the
    closure, so numba prunes the other branch before inlining the rays' code (one
    function body with ``plus`` as an argument either tripled its compile time, inlined
    into each caller, or compiled the JPS+ rays into every search)."""

    @njit(cache=True)
    def search(passable, bits, stride, start, goal, straight, diagonal, eight_way,
               stamp, g, parent, touched, generation, heap_f, heap_g, heap_n,
               size, expanded, n_touched, budget, stops, jumps):
        """A* over jump points from ``start`` to ``goal`` (flat indices).

        Inputs: ``passable`` (uint8), ``bits`` (:func:`~.jps_scan.bitmaps`: only its stop
        lines are read), ``stride``, step
        lengths ``straight``/``diagonal`` (``diagonal`` unused on 4-way grids),
        ``eight_way``. Workspace (see :mod:`wayfinding.grid.workspace`), read and written:
        ``stamp`` (int32: ``generation`` when reached, ``-generation`` when expanded), ``g``,
        ``parent`` (int32), ``touched`` (int32, receives each jump point reached once), heap
        arrays (f, g and cell of each entry: the pair heap of :mod:`wayfinding._kernels.heap`,
        on equal f the larger g first).

        Resumable: ``size`` < 0 starts a new search (then ``expanded`` and ``n_touched`` are
        ignored); after ``budget`` expansions it returns ``STATUS_PAUSED`` and the search goes on
        when called again with the returned ``size``, ``expanded`` and ``n_touched``.

        Returns ``(status, expanded, n_touched, size)``; status (``STATUS_*`` of
        :mod:`wayfinding._kernels.codes`) ``STATUS_FOUND``, ``STATUS_EXHAUSTED``,
        ``STATUS_PAUSED`` or ``STATUS_HEAP_FULL`` (grow the heap and start again).

        :data:`search_plus`: rays read the JPS+ tables ``stops`` and ``jumps`` (8-way only)
        instead of scanning ``bits``; :data:`search_scan` scans (``stops`` and ``jumps``
        are then stand-ins of any array type).
        """  # pragma: no cover - numba
        capacity = heap_f.shape[0]
        n_rows = passable.shape[0] // stride
        col0 = n_rows  # line of column 0 in ``bits``
        gx = goal % stride
        gy = goal // stride
        if size < 0:
            n_touched = 0
            g[start] = 0.0
            parent[start] = -1
            stamp[start] = generation
            touched[n_touched] = start
            n_touched += 1
            size = push_pair(heap_f, heap_g, heap_n, 0, octile(abs(start % stride - gx),
                             abs(start // stride - gy), straight, diagonal), 0.0, start)
            expanded = 0
        pause_at = expanded + budget
        targets = np.empty(16 + 8 * (n_rows + stride), dtype=np.int64)
        # successors whose f is no larger than that of the node expanded skip the heap: a
        # small stack, taken first (every heap entry has a larger f), flushed into the heap
        # when the call pauses
        stack_n = np.empty(_STACK, dtype=np.int64)
        stack_g = np.empty(_STACK, dtype=np.float64)
        stack_f = np.empty(_STACK, dtype=np.float64)
        top = 0
        f_top = 0.0
        while (size > 0 or top > 0) and expanded < pause_at:
            # ---- pop the entry with the smallest f (larger g first on ties)
            if top > 0:
                top -= 1
                current = stack_n[top]
                g_top = stack_g[top]
                f_top = stack_f[top]
            else:
                f_top = heap_f[0]
                g_top = heap_g[0]
                current = heap_n[0]
                size -= 1
                pop_pair_into(heap_f, heap_g, heap_n, size)
            if stamp[current] == -generation or g_top > g[current]:
                continue
            if current == goal:
                return STATUS_FOUND, expanded, n_touched, size
            stamp[current] = -generation
            expanded += 1
            y = current // stride
            x = current - y * stride
            p = parent[current]
            dh = 0
            dv = 0
            if p >= 0:
                py = p // stride
                ox = x - (p - py * stride)
                oy = y - py
                # the edge from p is diagonal-first (8-way) or horizontal-first (4-way):
                # it arrives along its last leg
                if eight_way:
                    dh = sign(ox) if abs(ox) >= abs(oy) else 0
                    dv = sign(oy) if abs(oy) >= abs(ox) else 0
                else:
                    dh = sign(ox) if oy == 0 else 0
                    dv = sign(oy)
            # ---- successors: rays in every canonical or forced direction
            n_targets = 0
            for k in range(8 if eight_way else 4):
                if k < 4:
                    h = (1, -1, 0, 0)[k]
                    v = (0, 0, -1, 1)[k]
                else:
                    h = (1, -1, 1, -1)[k - 4]
                    v = (-1, -1, 1, 1)[k - 4]
                if p >= 0:
                    if eight_way and dh != 0 and dv != 0:
                        # diagonal arrival: on diagonally, or along either component
                        if not ((h == dh and v == dv) or (h == dh and v == 0)
                                or (h == 0 and v == dv)):
                            continue
                    elif dh != 0:
                        if h == -dh:
                            continue
                        if eight_way and v != 0:
                            # horizontal arrival: a forced side (and its diagonal) only
                            side = current + v * stride
                            if not (passable[side] and not passable[side - dh]):
                                continue
                        elif v == 0 and h != dh:
                            continue
                    else:
                        if v == -dv:
                            continue
                        if h != 0:
                            # vertical arrival: a forced side (8-way: and its diagonal)
                            side = current + h
                            if not (passable[side] and not passable[side - dv * stride]):
                                continue
                        elif v != dv:
                            continue
                if plus:  # JPS+: the rays' outcome read from the tables
                    n_targets = plus_ray(passable, stops, jumps, stride, current, x, y, gx, gy,
                                          goal, k, h, v, targets, n_targets)
                    continue
                # ray kinds: a single straight scan from (x, y); a diagonal ray (8-way) with
                # a row scan and a column scan from each cell; a horizontal ray (4-way) with
                # two column scans from each cell
                stepping = (h != 0 and v != 0) or (not eight_way and h != 0)
                cx = x
                cy = y
                cell = current
                while True:
                    if stepping:
                        if v != 0:
                            if not (passable[cell + h] and passable[cell + v * stride]
                                    and passable[cell + h + v * stride]):
                                break
                        elif not passable[cell + h]:
                            break
                        cell += h + v * stride
                        cx += h
                        cy += v
                        if cell == goal:
                            targets[n_targets] = cell
                            n_targets += 1
                            break
                    n_scans = 2 if stepping else 1
                    for j in range(n_scans):
                        # which line, from where, which way
                        if stepping and v == 0:
                            on_row = False
                            d = 1 if j == 0 else -1
                        elif stepping:
                            on_row = j == 0
                            d = h if j == 0 else v
                        else:
                            on_row = v == 0
                            d = h if v == 0 else v
                        if on_row:
                            line = cy
                            pos0 = cx
                            goal_pos = gx if gy == cy else -1
                        else:
                            line = col0 + cx
                            pos0 = cy
                            goal_pos = gy if gx == cx else -1
                        if not passable[cell + d if on_row else cell + d * stride]:
                            continue  # a wall ahead: nothing to find
                        # ---- block-based scan of ``line`` from ``pos0`` in direction d: the
                        # first stop bit past pos0 (jps_scan), one word per 64 cells. Written
                        # out: jps_scan.scan with a helper for what the scan finds, inlined
                        # here, was slower (benchmarks/NOTES.md, "Jump point search").
                        found = -1
                        if d > 0:
                            at = pos0 + 65
                            w = at >> 6
                            word = bits[1, line, w] & (_ALL << np.uint64(at & 63))
                            while word == 0:
                                w += 1
                                word = bits[1, line, w]
                            stop = (w << 6) + lowest_bit(word) - 64
                            ahead = pos0 < goal_pos <= stop
                        else:
                            at = pos0 + 63
                            w = at >> 6
                            word = bits[2, line, w] & (_ALL >> np.uint64(63 - (at & 63)))
                            while word == 0:
                                w -= 1
                                word = bits[2, line, w]
                            stop = (w << 6) + highest_bit(word) - 64
                            ahead = stop <= goal_pos < pos0
                        if ahead:
                            found = goal_pos
                        elif passable[cy * stride + stop if on_row else stop * stride + cx]:
                            found = stop  # a forced neighbour, not a wall
                        if found >= 0:
                            if on_row:
                                targets[n_targets] = cy * stride + found
                            else:
                                targets[n_targets] = found * stride + cx
                            n_targets += 1
                    if not stepping:
                        break
            # ---- relax the targets
            g_current = g[current]
            for k in range(n_targets):
                target = targets[k]
                if stamp[target] == -generation:
                    continue
                ty = target // stride
                tx = target - ty * stride
                new_cost = g_current + octile(abs(tx - x), abs(ty - y), straight, diagonal)
                if stamp[target] != generation:
                    stamp[target] = generation
                    touched[n_touched] = target
                    n_touched += 1
                elif new_cost >= g[target]:
                    continue
                g[target] = new_cost
                parent[target] = current
                f_new = new_cost + octile(abs(tx - gx), abs(ty - gy), straight, diagonal)
                if f_new <= f_top and top < _STACK:
                    stack_n[top] = target
                    stack_g[top] = new_cost
                    stack_f[top] = f_new
                    top += 1
                    continue
                if size == capacity:
                    return STATUS_HEAP_FULL, expanded, n_touched, size
                size = push_pair(heap_f, heap_g, heap_n, size, f_new, new_cost, target)
        for k in range(top):  # paused: the stack goes back into the heap
            if size == capacity:
                return STATUS_HEAP_FULL, expanded, n_touched, size
            size = push_pair(heap_f, heap_g, heap_n, size, stack_f[k], stack_g[k], stack_n[k])
        return (STATUS_PAUSED if size > 0 else STATUS_EXHAUSTED), expanded, n_touched, size

    return search


#: Jump point search scanning the bit lines (see ``search`` in :func:`_variant`).
search_scan = _variant(False)
#: The same search reading the JPS+ tables instead of scanning.
search_plus = _variant(True)


@njit(cache=True)
def jps_query(passable, bits, stride, start, goal, straight, diagonal, eight_way, stamp, g,
              parent, touched, generation, heap_f, heap_g, heap_n, budget, out,
              tree):  # pragma: no cover - numba
    """A new :func:`jps_search` and its answer in one call: see :func:`_query`."""
    return _query(passable, bits, stride, start, goal, straight, diagonal, eight_way,
                  stamp, g, parent, touched, generation, heap_f, heap_g, heap_n, budget,
                  out, tree, bits, bits, 0)


@njit(cache=True)
def jps_plus_query(passable, bits, stops, jumps, stride, start, goal, straight, diagonal,
                   stamp, g, parent, touched, generation, heap_f, heap_g, heap_n, budget,
                   out, tree):  # pragma: no cover - numba
    """:func:`jps_query` by :func:`jps_plus_search` (8-way, JPS+ tables)."""
    return _query(passable, bits, stride, start, goal, straight, diagonal, True, stamp, g,
                  parent, touched, generation, heap_f, heap_g, heap_n, budget, out, tree,
                  stops, jumps, 1)


@njit(cache=True, inline="always")
def _query(passable, bits, stride, start, goal, straight, diagonal, eight_way, stamp, g,
           parent, touched, generation, heap_f, heap_g, heap_n, budget, out, tree, stops,
           jumps, plus):  # pragma: no cover - numba
    """A new :func:`jps_search` (``plus``: with JPS+ tables) and, when it ends, its
    answer: one call.

    When it finds the goal, the path's unpadded ``x`` and ``y`` go to ``out[:2 * n]``
    (``x0, y0, x1, y1, ...``) if ``n`` cells fit in ``out`` (int64[2 * M]); ``n`` is
    returned in any case (0 when not found). Unless paused, the jump points reached, their
    parents and costs go to ``tree[:3 * n_touched]`` (float64[3 * K], one after the
    other) if ``n_touched`` <= K. Returns ``(status, expanded, n_touched, size, n, cost)`` (the
    path's cost, unscaled; 0 when not found); on
    ``STATUS_PAUSED`` the search goes on with :func:`jps_search` from ``size``.
    """
    # int64s, not the literals -1 and 0: the searches then compile once for this call,
    # the batch loop and a resumed search (jps_search) alike
    fresh, none = np.int64(-1), np.int64(0)
    if plus:  # a search compiled for each (called, not inlined: it is large)
        status, expanded, n_touched, size = search_plus(
            passable, bits, stride, start, goal, straight, diagonal, True, stamp, g, parent,
            touched, generation, heap_f, heap_g, heap_n, fresh, none, none, budget, stops,
            jumps)
    else:
        status, expanded, n_touched, size = search_scan(
            passable, bits, stride, start, goal, straight, diagonal, eight_way, stamp, g,
            parent, touched, generation, heap_f, heap_g, heap_n, fresh, none, none, budget,
            bits, bits)
    n = 0
    cost = 0.0
    if status == STATUS_FOUND:
        cost = g[goal]
        n = path_length(parent, goal, stride, eight_way)
        if 2 * n <= out.shape[0]:
            fill_path(parent, goal, stride, eight_way, out)
            for i in range(n - 1, -1, -1):  # from the back: 2 i >= i
                y = out[i] // stride
                out[2 * i] = out[i] - y * stride - 1
                out[2 * i + 1] = y - 1
    if status != STATUS_PAUSED and 3 * n_touched <= tree.shape[0]:
        for i in range(n_touched):
            node = touched[i]
            tree[i] = node
            tree[n_touched + i] = parent[node]
            tree[2 * n_touched + i] = g[node]
    return status, expanded, n_touched, size, n, cost

