"""An indexed binary heap keyed by pairs ``(key1, key2)``, compared lexicographically.

The named variant of :mod:`wayfinding._kernels.heap` for searches that change and remove
entries and whose order needs a second key (Theta*: f, then larger g as key2 = -g; D*
Lite: keys ``[min(g, rhs) + h + km; min(g, rhs)]``, which tie often in exact arithmetic,
so their first parts compare within a relative tolerance ``tol`` (0: exact order) and the
second part then decides). ``pair_insert`` / ``pair_update`` / ``pair_set`` /
``pair_remove``: each item at most once, ``pos[item]`` its slot (-1: absent), keys may go
up or down. (The lazy pair heap, exact order only, is
:func:`wayfinding._kernels.heap.push_pair`.)

Arrays are owned by the caller: ``key1``, ``key2`` float64, ``items`` int (any width),
``pos`` int per item.

Examples
--------
>>> import numpy as np
>>> k1, k2, items, pos = np.zeros(4), np.zeros(4), np.zeros(4, np.int64), np.full(4, -1)
>>> size = 0
>>> for a, b, v in [(2.0, 0.0, 2), (1.0, -1.0, 1), (1.0, -3.0, 3)]:
...     size = pair_set(items, k1, k2, pos, size, v, a, b, 0.0)
>>> size = pair_set(items, k1, k2, pos, size, 2, 0.5, 0.0, 0.0)  # item 2 moves up
>>> out = []
>>> while size:
...     out.append(int(items[0])); size = pair_remove(items, k1, k2, pos, size, items[0], 0.0)
>>> out
[2, 3, 1]
"""

from __future__ import annotations

import math

from numba import njit

__all__ = ["key_less", "pair_insert", "pair_remove", "pair_set", "pair_update"]


@njit(cache=True, nogil=True, inline="always")
def key_less(a1, a2, b1, b2, tol):  # pragma: no cover - numba
    """``(a1, a2) < (b1, b2)`` lexicographically, ``a1`` and ``b1`` equal within ``tol``."""
    if tol == 0.0 or not abs(b1) < math.inf:
        return a1 < b1 or (a1 == b1 and a2 < b2)
    margin = tol * max(1.0, abs(b1))
    return a1 < b1 - margin or (a1 <= b1 + margin and a2 < b2)


# ---------------------------------------------------------------- sifting (both heaps)
@njit(cache=True, nogil=True, inline="always")
def _put(items, key1, key2, pos, i, item, k1, k2, indexed):  # pragma: no cover - numba
    """Write the entry ``(k1, k2, item)`` into slot ``i`` (``indexed``: and its ``pos``)."""
    items[i] = item
    key1[i] = k1
    key2[i] = k2
    if indexed:
        pos[item] = i


@njit(cache=True, nogil=True, inline="always")
def _sift_up(items, key1, key2, pos, i, tol, indexed):  # pragma: no cover - numba
    """Move the entry at position ``i`` up until its parent is not larger (``indexed``:
    keep ``pos`` up to date)."""
    item = items[i]
    x1 = key1[i]
    x2 = key2[i]
    while i > 0:
        p = (i - 1) >> 1
        if not key_less(x1, x2, key1[p], key2[p], tol):
            break
        _put(items, key1, key2, pos, i, items[p], key1[p], key2[p], indexed)
        i = p
    _put(items, key1, key2, pos, i, item, x1, x2, indexed)


@njit(cache=True, nogil=True, inline="always")
def _sift_down(items, key1, key2, pos, size, i, tol, indexed):  # pragma: no cover - numba
    """Move the entry at position ``i`` down until no child is smaller."""
    item = items[i]
    x1 = key1[i]
    x2 = key2[i]
    while True:
        c = 2 * i + 1
        if c >= size:
            break
        r = c + 1
        if r < size and key_less(key1[r], key2[r], key1[c], key2[c], tol):
            c = r
        if not key_less(key1[c], key2[c], x1, x2, tol):
            break
        _put(items, key1, key2, pos, i, items[c], key1[c], key2[c], indexed)
        i = c
    _put(items, key1, key2, pos, i, item, x1, x2, indexed)


# ---------------------------------------------------------------- indexed heap
@njit(cache=True, nogil=True)
def pair_insert(items, key1, key2, pos, size, item, k1, k2, tol):  # pragma: no cover - numba
    """Add ``item`` (not in the heap) with key ``(k1, k2)``; return the new size."""
    items[size] = item
    key1[size] = k1
    key2[size] = k2
    pos[item] = size
    _sift_up(items, key1, key2, pos, size, tol, True)
    return size + 1


@njit(cache=True, nogil=True)
def pair_update(items, key1, key2, pos, size, item, k1, k2, tol):  # pragma: no cover - numba
    """Change the key of ``item`` (in the heap) to ``(k1, k2)``, up or down."""
    i = pos[item]
    smaller = key_less(k1, k2, key1[i], key2[i], tol)
    key1[i] = k1
    key2[i] = k2
    if smaller:
        _sift_up(items, key1, key2, pos, i, tol, True)
    else:
        _sift_down(items, key1, key2, pos, size, i, tol, True)


@njit(cache=True, nogil=True)
def pair_set(items, key1, key2, pos, size, item, k1, k2, tol):  # pragma: no cover - numba
    """Insert ``item`` or change its key; return the new size."""
    if pos[item] < 0:
        return pair_insert(items, key1, key2, pos, size, item, k1, k2, tol)
    pair_update(items, key1, key2, pos, size, item, k1, k2, tol)
    return size


@njit(cache=True, nogil=True)
def pair_remove(items, key1, key2, pos, size, item, tol):  # pragma: no cover - numba
    """Take ``item`` (in the heap) out; return the new size."""
    i = pos[item]
    pos[item] = -1
    size -= 1
    if i != size:
        items[i] = items[size]
        key1[i] = key1[size]
        key2[i] = key2[size]
        pos[items[i]] = i
        parent = (i - 1) >> 1
        if i > 0 and key_less(key1[i], key2[i], key1[parent], key2[parent], tol):
            _sift_up(items, key1, key2, pos, i, tol, True)
        else:
            _sift_down(items, key1, key2, pos, size, i, tol, True)
    return size
