"""Kernels: the pair heap of :mod:`wayfinding._kernels.heap` in arrays that grow (used to
build hierarchies, where the frontier's size is not known in advance).

Entries are ``(f, g, node)``; the smallest ``f`` comes first and, on equal ``f``, the
larger ``g`` (the deeper entry: fewer ties expanded). Duplicates are allowed (lazy
deletion: the search skips stale entries when they are popped). ``heap_push`` grows the
arrays when they are full and returns them, so callers always keep the returned arrays.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._kernels.heap import pop_pair_into, push_pair


@njit(cache=True)
def heap_push(heap_f, heap_g, heap_node, size, f, g, node):  # pragma: no cover - numba
    """Add ``(f, g, node)``; returns ``(heap_f, heap_g, heap_node, size)``."""
    if size == heap_f.shape[0]:
        capacity = 2 * size + 16
        grown_f = np.empty(capacity, dtype=np.float64)
        grown_g = np.empty(capacity, dtype=np.float64)
        grown_node = np.empty(capacity, dtype=np.int64)
        grown_f[:size] = heap_f[:size]
        grown_g[:size] = heap_g[:size]
        grown_node[:size] = heap_node[:size]
        heap_f, heap_g, heap_node = grown_f, grown_g, grown_node
    size = push_pair(heap_f, heap_g, heap_node, size, f, g, node)
    return heap_f, heap_g, heap_node, size


@njit(cache=True)
def heap_pop(heap_f, heap_g, heap_node, size):  # pragma: no cover - numba
    """Remove the first entry; returns ``(f, g, node, size)``. ``size`` must be > 0."""
    f_top = heap_f[0]
    g_top = heap_g[0]
    node_top = heap_node[0]
    size -= 1
    pop_pair_into(heap_f, heap_g, heap_node, size)
    return f_top, g_top, node_top, size
