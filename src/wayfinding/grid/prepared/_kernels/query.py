"""Kernel: one shortest-path query on a prepared grid, from cell to cell.

1. If the goal is direct-h-reachable from the start (or the start from the goal), the
   octile path between them is free and optimal: done.
2. Otherwise the start is joined to the subgoals direct-h-reachable from it, and the goal
   likewise, and the contraction hierarchy over the subgoal graph
   (:func:`wayfinding.hierarchy._kernels.query.hub_path`, inlined) gives the subgoals of
   a shortest path between them.
3. Every hop between consecutive subgoals becomes the cells of a diagonal-first path
   (from whichever end finds it free).

Arrays: the padded flat grid of :class:`~wayfinding.grid.grid.FlatGrid` (``passable``),
the subgoal arrays of :mod:`.subgoal` (``cells``: the subgoal of each hierarchy node),
the arrays of :meth:`wayfinding.hierarchy.Hierarchy.query_arrays`.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ...._kernels.codes import STATUS_BROKEN, STATUS_FOUND
from ....hierarchy._kernels.query import hub_path, path_nodes
from .subgoal import direct_reachable


@njit(cache=True)
def query(passable, subgoal_id, cells, clear, up_from, up_to, up_low, up_high,
          core_start, core_to, core_w, core_low, core_high, label_start, label_hd,
          label_edge, stride, straight, diagonal, s, t, best_f, entry_f, touched, best_b,
          entry_b, core_via, heap_key, heap_node, scan, scan_d,
          buffer):  # pragma: no cover - numba
    """Shortest path from flat index ``s`` to ``t`` (different cells).

    Workspace: that of :func:`~wayfinding.hierarchy._kernels.query.hub_path` (``best_f``
    to ``heap_node``, ``buffer``), and ``scan`` (int64[2, >= 8 + 8 * (H + W)]) and
    ``scan_d`` (float64, the same shape) for the subgoals joined to each end.

    The path is returned as padded flat indices.

    Returns ``(status, path int64[], cost, examined)`` (``status`` a ``STATUS_*`` of
    :mod:`wayfinding._kernels.codes`, as :func:`hub_path` gives it): the cost is counted
    from the path's straight and diagonal steps; ``examined`` counts the label entries
    read and core nodes settled.
    """
    empty = np.empty(0, dtype=np.int64)
    nodes = path_nodes(buffer, cells.shape[0])
    n_nodes = 0
    examined = 0
    count_s, hit = direct_reachable(passable, subgoal_id, clear, stride, s, t, scan[0])
    count_t = 0
    if not hit:
        count_t, hit = direct_reachable(passable, subgoal_id, clear, stride, t, s, scan[1])
    if not hit:
        n_s = _joined(subgoal_id, scan[0], scan_d[0], count_s, s, stride, straight, diagonal)
        n_t = _joined(subgoal_id, scan[1], scan_d[1], count_t, t, stride, straight, diagonal)
        status, n_nodes, examined = hub_path(
            up_from, up_to, up_low, up_high, core_start, core_to, core_w, core_low,
            core_high, label_start, label_hd, label_edge, cells, stride, straight,
            diagonal, t, scan, scan_d, n_s, n_t, best_f, entry_f, touched, best_b, entry_b,
            core_via, heap_key, heap_node, buffer)
        if status != STATUS_FOUND:
            return status, empty, math.inf, examined
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
def _joined(subgoal_id, found, distance, count, origin, stride, straight,
            diagonal):  # pragma: no cover - numba
    """The subgoals joined to ``origin``: the cells ``found[:count]``, then ``origin``
    itself (distance 0) if a subgoal, rewritten in place as hierarchy nodes, with their
    octile distances in ``distance``. Returns their number."""
    n = 0
    for k in range(count):
        cell = found[k]
        dx = abs(cell % stride - origin % stride)
        dy = abs(cell // stride - origin // stride)
        found[n] = subgoal_id[cell]
        distance[n] = straight * abs(dx - dy) + diagonal * min(dx, dy)
        n += 1
    if subgoal_id[origin] >= 0:
        found[n] = subgoal_id[origin]
        distance[n] = 0.0
        n += 1
    return n
