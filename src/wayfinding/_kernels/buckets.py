"""A bucket queue for kernels: one LIFO list per integer priority, in a ring of buckets.

For integer priorities that never decrease below the one being emptied (integer step
costs and heuristic, consistent heuristic), where it beats a binary heap
(``benchmarks/NOTES.md``, "Heaps and frontiers"). LIFO pops the latest entry of equal
priority first (the deepest, in a best-first search). Lazy like the heap of
:mod:`wayfinding._kernels.heap`: an item is put again when its priority drops, and the
caller skips stale entries.

Entries live in caller-owned arrays: ``items`` and ``link`` (entry -> item, entry -> next
entry of its bucket or of the free list), ``buckets`` (ring slot -> first entry, -1:
empty; ``ring`` a power of two, ``mask = ring - 1``, larger than any priority step).
Popped entries go on a free list (``free``, -1: empty) and are used again; ``n_entries``
counts the entries ever used, the room the arrays need.

Examples
--------
>>> import numpy as np
>>> items, link = np.zeros(8, np.int32), np.zeros(8, np.int32)
>>> buckets = np.full(4, -1, np.int32)
>>> free, n_entries = -1, 0
>>> for f, item in [(5, 50), (3, 30), (5, 51)]:
...     free, n_entries = push(buckets, link, items, 3, f, item, free, n_entries)
>>> fmin, out = 3, []
>>> for _ in range(3):
...     item, fmin, free = pop(buckets, link, items, 3, fmin, free)
...     out.append(int(item))
>>> out, fmin
([30, 51, 50], 5)
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["pop", "push"]


@njit(cache=True, nogil=True, inline="always")
def push(buckets, link, items, mask, f, item, free, n_entries):  # pragma: no cover - numba
    """Put ``item`` on the list of integer priority ``f``; return (free, n_entries)."""
    if free >= 0:
        e = free
        free = link[e]
    else:
        e = n_entries
        n_entries += 1
    b = np.int64(f) & mask
    items[e] = item
    link[e] = buckets[b]
    buckets[b] = e
    return free, n_entries


@njit(cache=True, nogil=True, inline="always")
def pop(buckets, link, items, mask, fmin, free):  # pragma: no cover - numba
    """Take an item of the lowest priority >= ``fmin`` (the queue must not be empty);
    return (item, its priority, new free)."""
    while buckets[fmin & mask] < 0:
        fmin += 1
    b = fmin & mask
    e = buckets[b]
    buckets[b] = link[e]
    link[e] = free
    return items[e], fmin, e
