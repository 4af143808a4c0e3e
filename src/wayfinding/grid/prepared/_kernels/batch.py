"""Kernel: many queries on a prepared grid in one compiled loop (``wayfinding.batch``).

Each query runs :func:`.query.query`, the kernel of ``PreparedGrid.search``, and its
answer goes into output arrays and the path buffer as in
:mod:`wayfinding.grid._kernels.batch` (same return codes). A start equal to its goal is
the one-cell path; a start and goal in different components (``labels``) are answered
unreachable without a query. A query the hierarchy cannot answer (only tampered files
do that) returns ``BATCH_FALLBACK`` (:mod:`wayfinding._kernels.codes`) with its number:
the caller answers it another way and calls again from the next one.
"""

from __future__ import annotations

from numba import njit

from ...._kernels import codes as C
from ..._kernels.batch import unreached
from .query import query


@njit(cache=True, nogil=True)
def batch_query(passable, subgoal_id, cells, clear, up_from, up_to, up_low, up_high,
                core_start, core_to, core_w, core_low, core_high, label_start, label_hd,
                label_edge, stride, straight, diagonal, labels, scale, sources, targets,
                first, last, best_f, entry_f, touched, best_b, entry_b, core_via,
                heap_key, heap_node, scan, scan_d, buffer, out_cost, out_len, out_expanded,
                out_found, path, used):  # pragma: no cover - numba
    """Queries ``first..last-1``; returns ``(code, i, 0, used)`` (module doc)."""
    for i in range(first, last):
        s = sources[i]
        t = targets[i]
        if labels[s] != labels[t]:
            unreached(i, out_cost, out_len, out_expanded, out_found, 0)
            continue
        if s == t:
            if used + 1 > path.shape[0]:
                return C.BATCH_PATH_FULL, i, 0, used
            path[used] = s
            used += 1
            out_cost[i] = 0.0
            out_len[i] = 1
            out_expanded[i] = 0
            out_found[i] = True
            continue
        status, route, cost, examined = query(
            passable, subgoal_id, cells, clear, up_from, up_to, up_low, up_high,
            core_start, core_to, core_w, core_low, core_high, label_start, label_hd,
            label_edge, stride, straight, diagonal, s, t, best_f, entry_f, touched, best_b,
            entry_b, core_via, heap_key, heap_node, scan, scan_d, buffer)
        if status == C.STATUS_HEAP_FULL:
            return C.BATCH_HEAP_FULL, i, 0, used
        if status != C.STATUS_FOUND:
            return C.BATCH_FALLBACK, i, 0, used
        n = route.shape[0]
        if used + n > path.shape[0]:
            return C.BATCH_PATH_FULL, i, 0, used
        for k in range(n):  # (a loop: slice assignment compiles a shape-error message)
            path[used + k] = route[k]
        used += n
        out_cost[i] = cost * scale
        out_len[i] = n
        out_expanded[i] = examined
        out_found[i] = True
    return C.BATCH_DONE, last, 0, used
