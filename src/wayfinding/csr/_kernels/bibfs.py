"""Kernel: bidirectional breadth-first search on a CSR graph (see
:mod:`wayfinding.graph.bibfs` for why the first meeting gives the fewest steps).

Each round expands one whole level of the side whose level is smaller: forward over
``graph``, backward over ``reverse`` (the graph with its edges turned around). Records:
``graph`` and ``reverse`` = ``(indptr, indices)`` (read); ``forward`` and ``backward`` =
``(stamp, g, parent, touched)`` of :class:`~wayfinding.csr.workspace.Side` (written:
``stamp[v] == gen`` marks reached nodes, ``g`` steps from that side's root, ``parent`` the
previous node towards that root, ``touched`` the nodes in order of reach, which is the
queue).

Returns ``(meet, expanded, n_forward, n_backward)``: ``meet`` is the node where the two
searches met (-1: no path).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._kernels.reach import seed

__all__ = ["bidirectional_bfs"]


@njit(cache=True, nogil=True)
def bidirectional_bfs(graph, reverse, s, t, forward, backward, gen):  # pragma: no cover
    """Fewest steps ``s -> t`` (module docstring)."""
    gen = np.int32(gen)
    f_stamp, f_g, f_parent, f_touched = forward
    b_stamp, b_g, b_parent, b_touched = backward
    n_f = seed(s, f_stamp, f_g, f_parent, f_touched, 0, gen)
    n_b = seed(t, b_stamp, b_g, b_parent, b_touched, 0, gen)
    if s == t:
        return s, 0, n_f, n_b
    f_head = b_head = 0
    expanded = 0
    while f_head < n_f and b_head < n_b:
        backwards = n_f - f_head > n_b - b_head  # expand the smaller level
        indptr, indices = reverse if backwards else graph
        stamp, g, parent, touched = backward if backwards else forward
        other = f_stamp if backwards else b_stamp
        head, count = (b_head, n_b) if backwards else (f_head, n_f)
        end = count
        meet = -1
        while head < end and meet < 0:
            u = touched[head]
            head += 1
            expanded += 1
            steps = g[u] + 1.0
            for e in range(indptr[u], indptr[u + 1]):
                v = indices[e]
                if stamp[v] == gen:
                    continue
                stamp[v] = gen
                g[v] = steps
                parent[v] = u
                touched[count] = v
                count += 1
                if other[v] == gen:
                    meet = v
                    break
        if backwards:
            b_head, n_b = head, count
        else:
            f_head, n_f = head, count
        if meet >= 0:
            return meet, expanded, n_f, n_b
    return -1, expanded, n_f, n_b
