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

from numba import njit

from .heap import key_less, sift_down, sift_up

__all__ = ["key_less", "pair_insert", "pair_remove", "pair_set", "pair_update"]


# ---------------------------------------------------------------- indexed heap
@njit(cache=True, nogil=True)
def pair_insert(items, key1, key2, pos, size, item, k1, k2, tol):  # pragma: no cover - numba
    """Add ``item`` (not in the heap) with key ``(k1, k2)``; return the new size."""
    sift_up(key1, key2, items, pos, size, k1, k2, item, True, True, True, tol)
    return size + 1


@njit(cache=True, nogil=True)
def pair_update(items, key1, key2, pos, size, item, k1, k2, tol):  # pragma: no cover - numba
    """Change the key of ``item`` (in the heap) to ``(k1, k2)``, up or down."""
    i = pos[item]
    if key_less(k1, k2, key1[i], key2[i], tol):
        sift_up(key1, key2, items, pos, i, k1, k2, item, True, True, True, tol)
    else:
        sift_down(key1, key2, items, pos, size, i, k1, k2, item, True, True, True, tol)


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
        item = items[size]
        k1 = key1[size]
        k2 = key2[size]
        parent = (i - 1) >> 1
        if i > 0 and key_less(k1, k2, key1[parent], key2[parent], tol):
            sift_up(key1, key2, items, pos, i, k1, k2, item, True, True, True, tol)
        else:
            sift_down(key1, key2, items, pos, size, i, k1, k2, item, True, True, True, tol)
    return size

