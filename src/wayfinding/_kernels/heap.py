"""Binary heaps for kernels: a lazy heap of (key, item) and an indexed heap.

Both live in arrays owned by the caller; the functions are ``inline="always"`` so a
kernel's loop pays no call. The lazy heap (``push``/``pop_into``) has no decrease-key:
a kernel pushes an item again when it finds a cheaper key and skips stale entries when
popped (DESIGN R3). The indexed heap (``ipush``/``ipop``/``idecrease``) keeps each item
once, with ``pos[item]`` its slot (-1: not in the heap), for searches that must not hold
duplicates.

Sift-down picks the smaller child without a branch (``c += right < left``): a branch
there is unpredictable and cost about a third of a grid search's time (measured in
``benchmarks/frontier_variants.py`` for :mod:`wayfinding.grid._kernels.bestfirst`).

Examples
--------
>>> import numpy as np
>>> keys, items = np.zeros(8), np.zeros(8, np.int64)
>>> size = 0
>>> for k, v in [(3.0, 30), (1.0, 10), (2.0, 20)]:
...     size = push(keys, items, size, k, v)
>>> out = []
>>> while size:
...     out.append(int(items[0])); size -= 1; pop_into(keys, items, size)
>>> out
[10, 20, 30]
"""

from __future__ import annotations

from numba import njit

__all__ = ["idecrease", "ipop", "ipush", "pop_into", "pop_pair_into", "push", "push_pair"]


@njit(cache=True, nogil=True, inline="always")
def _sift_up(keys, items, pos, i, key, item, indexed):  # pragma: no cover - numba
    """Put ``(key, item)`` in the hole at slot ``i``, moving parents down past it.

    ``indexed`` (a constant: the branches compile away) keeps ``pos`` up to date; the
    lazy heap passes ``items`` for the ``pos`` it never touches."""
    while i > 0:
        p = (i - 1) >> 1
        pk = keys[p]
        if key >= pk:
            break
        keys[i] = pk
        items[i] = items[p]
        if indexed:
            pos[items[p]] = i
        i = p
    keys[i] = key
    items[i] = item
    if indexed:
        pos[item] = i


@njit(cache=True, nogil=True, inline="always")
def _sift_down(keys, items, pos, size, indexed):  # pragma: no cover - numba
    """Fill the hole at the root with the entry at slot ``size`` (the last one of a heap
    of ``size + 1``), moving the smaller child up until that entry fits."""
    lk = keys[size]
    li = items[size]
    i = 0
    while True:
        c = 2 * i + 1
        if c >= size:
            break
        if c + 1 < size:
            c += keys[c + 1] < keys[c]
        ck = keys[c]
        if ck < lk:
            keys[i] = ck
            items[i] = items[c]
            if indexed:
                pos[items[c]] = i
            i = c
        else:
            break
    keys[i] = lk
    items[i] = li
    if indexed:
        pos[li] = i


@njit(cache=True, nogil=True, inline="always")
def push(keys, items, size, key, item):  # pragma: no cover - numba
    """Insert ``(key, item)`` into a heap of ``size`` entries; return the new size."""
    _sift_up(keys, items, items, size, key, item, False)
    return size + 1


@njit(cache=True, nogil=True, inline="always")
def pop_into(keys, items, size):  # pragma: no cover - numba
    """Remove the root of a heap of ``size + 1`` entries (``size`` already decremented).

    Read the root (``keys[0]``, ``items[0]``) before calling.
    """
    _sift_down(keys, items, items, size, False)


@njit(cache=True, nogil=True, inline="always")
def ipush(keys, items, pos, size, key, item):  # pragma: no cover - numba
    """Insert ``item`` (not in the heap: ``pos[item] < 0``); return the new size."""
    _sift_up(keys, items, pos, size, key, item, True)
    return size + 1


@njit(cache=True, nogil=True, inline="always")
def idecrease(keys, items, pos, key, item):  # pragma: no cover - numba
    """Lower the key of ``item`` (in the heap) to ``key`` (no-op if not lower)."""
    i = pos[item]
    if key < keys[i]:
        _sift_up(keys, items, pos, i, key, item, True)


@njit(cache=True, nogil=True, inline="always")
def ipop(keys, items, pos, size):  # pragma: no cover - numba
    """Remove and return the item of smallest key from a heap of ``size`` entries
    (``size - 1`` remain; ``pos`` of the popped item becomes -1)."""
    top = items[0]
    pos[top] = -1
    size -= 1
    if size > 0:
        _sift_down(keys, items, pos, size, True)
    return top


# ================================================================ named variant (helper "kern")
# A lazy heap keyed by the pair (f, g): smallest f first and, on equal f, the larger g (the
# deeper entry, so fewer ties are expanded). Jump point search uses it: its keys are sums
# of 1 and sqrt 2 steps, where the ``f - g * eps`` key of the grid best-first kernel is not
# exact. Keys in ``keys``/``second``, items in ``items``.


@njit(cache=True, nogil=True, inline="always")
def _before(f_a, g_a, f_b, g_b):  # pragma: no cover - numba
    return f_a < f_b or (f_a == f_b and g_a > g_b)


@njit(cache=True, nogil=True, inline="always")
def push_pair(keys, second, items, size, f, g, item):  # pragma: no cover - numba
    """Insert ``(f, g, item)`` into a pair heap of ``size`` entries; return the new size."""
    i = size
    while i > 0:
        p = (i - 1) >> 1
        if not _before(f, g, keys[p], second[p]):
            break
        keys[i] = keys[p]
        second[i] = second[p]
        items[i] = items[p]
        i = p
    keys[i] = f
    second[i] = g
    items[i] = item
    return size + 1


@njit(cache=True, nogil=True, inline="always")
def pop_pair_into(keys, second, items, size):  # pragma: no cover - numba
    """Remove the root of a pair heap of ``size + 1`` entries (``size`` already
    decremented). Read the root (``keys[0]``, ``second[0]``, ``items[0]``) before."""
    lf = keys[size]
    lg = second[size]
    li = items[size]
    i = 0
    while True:
        c = 2 * i + 1
        if c >= size:
            break
        if c + 1 < size and _before(keys[c + 1], second[c + 1], keys[c], second[c]):
            c += 1
        if not _before(keys[c], second[c], lf, lg):
            break
        keys[i] = keys[c]
        second[i] = second[c]
        items[i] = items[c]
        i = c
    keys[i] = lf
    second[i] = lg
    items[i] = li
