"""Kernels: a binary min-heap in three parallel arrays (used to build hierarchies).

Entries are ``(f, g, node)``; the smallest ``f`` comes first and, on equal ``f``, the
larger ``g`` (the deeper entry: fewer ties expanded). Duplicates are allowed (lazy
deletion: the search skips stale entries when they are popped). ``heap_push`` grows the
arrays when they are full and returns them, so callers always keep the returned arrays.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, inline="always")
def _before(f_a, g_a, f_b, g_b):  # pragma: no cover - numba
    return f_a < f_b or (f_a == f_b and g_a > g_b)


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
    i = size
    while i > 0:
        up = (i - 1) >> 1
        if not _before(f, g, heap_f[up], heap_g[up]):
            break
        heap_f[i] = heap_f[up]
        heap_g[i] = heap_g[up]
        heap_node[i] = heap_node[up]
        i = up
    heap_f[i] = f
    heap_g[i] = g
    heap_node[i] = node
    return heap_f, heap_g, heap_node, size + 1


@njit(cache=True)
def heap_pop(heap_f, heap_g, heap_node, size):  # pragma: no cover - numba
    """Remove the first entry; returns ``(f, g, node, size)``. ``size`` must be > 0."""
    f_top = heap_f[0]
    g_top = heap_g[0]
    node_top = heap_node[0]
    size -= 1
    if size > 0:
        f = heap_f[size]
        g = heap_g[size]
        node = heap_node[size]
        i = 0
        while True:
            child = 2 * i + 1
            if child >= size:
                break
            if child + 1 < size and _before(heap_f[child + 1], heap_g[child + 1],
                                            heap_f[child], heap_g[child]):
                child += 1
            if not _before(heap_f[child], heap_g[child], f, g):
                break
            heap_f[i] = heap_f[child]
            heap_g[i] = heap_g[child]
            heap_node[i] = heap_node[child]
            i = child
        heap_f[i] = f
        heap_g[i] = g
        heap_node[i] = node
    return f_top, g_top, node_top, size

