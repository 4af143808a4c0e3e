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
        if n_f - f_head <= n_b - b_head:
            indptr, indices = graph
            end = n_f
            while f_head < end:
                u = f_touched[f_head]
                f_head += 1
                expanded += 1
                steps = f_g[u] + 1.0
                for e in range(indptr[u], indptr[u + 1]):
                    v = indices[e]
                    if f_stamp[v] == gen:
                        continue
                    f_stamp[v] = gen
                    f_g[v] = steps
                    f_parent[v] = u
                    f_touched[n_f] = v
                    n_f += 1
                    if b_stamp[v] == gen:
                        return v, expanded, n_f, n_b
        else:
            indptr, indices = reverse
            end = n_b
            while b_head < end:
                u = b_touched[b_head]
                b_head += 1
                expanded += 1
                steps = b_g[u] + 1.0
                for e in range(indptr[u], indptr[u + 1]):
                    v = indices[e]
                    if b_stamp[v] == gen:
                        continue
                    b_stamp[v] = gen
                    b_g[v] = steps
                    b_parent[v] = u
                    b_touched[n_b] = v
                    n_b += 1
                    if f_stamp[v] == gen:
                        return v, expanded, n_f, n_b
    return -1, expanded, n_f, n_b
