"""Heaps for kernels: a lazy binary heap of (key, item), its variant keyed by pairs, an
indexed binary heap and an indexed 4-ary heap.

All live in arrays owned by the caller; the functions are ``inline="always"`` so a
kernel's loop pays no call. The lazy heap (``push``/``pop_into``) has no decrease-key:
a kernel pushes an item again when it finds a cheaper key and skips stale entries when
popped (R3 of ``../shared/DESIGN.md``). The indexed heap (``ipush``/``ipop``/``idecrease``)
keeps each item once, with ``pos[item]`` its slot (-1: not in the heap), for searches that
must not hold duplicates. The pair heap (``push_pair``/``pop_pair_into``, lazy) orders
entries by a key and, on equal keys, by a larger second key: jump point search keys its
entries by ``(f, g)``, larger g first on equal f (its keys are sums of 1 and sqrt 2 steps, where the
``f - g * eps`` key of the grid best-first kernel is not exact). The three, and the
indexed pair heap of :mod:`wayfinding._kernels.pairheap`, share one :func:`sift_up` and
one :func:`sift_down`, whose flags are literal booleans that compile away.

Sift-down picks the smaller child without a branch (``c += right < left``): a branch
there is unpredictable (why: ``benchmarks/NOTES.md``, "Heaps and frontiers").

The indexed 4-ary heap (``ipush4``/``idecrease4``/``ipop4_into``: each item once, its slot
in ``pos``, the children of slot ``i`` at ``4i+1..4i+4``) is half as deep as a binary one
and its four child keys share a cache line; its sifts are written apart from the shared
ones. The CSR best-first loop runs on it. The smallest of four children is picked by a
branch-free tournament (``min`` and a boolean added to an index: LLVM selects, no
jumps). Why 4-ary, indexed and branch-free (and what else was tried):
``benchmarks/NOTES.md``, "Heaps and frontiers".

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

import math

from numba import njit

__all__ = ["idecrease", "idecrease4", "ipop", "ipop4_into", "ipush", "ipush4", "key_less",
           "pop_into", "pop_pair_into", "push", "push_pair", "sift_down", "sift_up"]


@njit(cache=True, nogil=True, inline="always")
def key_less(a1, a2, b1, b2, tol):  # pragma: no cover - numba
    """``(a1, a2) < (b1, b2)`` lexicographically, ``a1`` and ``b1`` equal within ``tol``."""
    if tol == 0.0 or not abs(b1) < math.inf:
        return a1 < b1 or (a1 == b1 and a2 < b2)
    margin = tol * max(1.0, abs(b1))
    return a1 < b1 - margin or (a1 <= b1 + margin and a2 < b2)


@njit(cache=True, nogil=True, inline="always")
def _before(key_a, second_a, key_b, second_b, pair, smaller,
            tol):  # pragma: no cover - numba
    """Entry a comes out before entry b: by key; with ``pair``, on equal keys the larger
    second key first; with ``pair`` and ``smaller``, keys equal within ``tol`` and then
    the smaller second key first (:func:`key_less`)."""
    if pair:
        if smaller:
            return key_less(key_a, second_a, key_b, second_b, tol)
        return key_a < key_b or (key_a == key_b and second_a > second_b)
    return key_a < key_b


@njit(cache=True, nogil=True, inline="always")
def sift_up(keys, second, items, pos, i, key, key2, item, pair, smaller, indexed,
            tol):  # pragma: no cover - numba
    """Put ``(key, key2, item)`` in the hole at slot ``i``, moving parents down past it.

    The flags ``pair``, ``smaller`` (the order, as in :func:`_before`) and ``indexed``
    are literal booleans, so that numba prunes the branches they rule out before
    compiling (int codes, or one helper writing an entry for both sifts, were slower:
    ``benchmarks/NOTES.md``, "Heaps and frontiers"). ``second`` (the second keys) is written
    only with ``pair``, ``pos`` only with ``indexed``; callers without pass another of
    their arrays in their place."""
    while i > 0:
        p = (i - 1) >> 1
        pk = keys[p]
        if pair:
            if not _before(key, key2, pk, second[p], pair, smaller, tol):
                break
            second[i] = second[p]
        elif key >= pk:
            break
        keys[i] = pk
        items[i] = items[p]
        if indexed:
            pos[items[p]] = i
        i = p
    keys[i] = key
    if pair:
        second[i] = key2
    items[i] = item
    if indexed:
        pos[item] = i


@njit(cache=True, nogil=True, inline="always")
def sift_down(keys, second, items, pos, size, i, lk, lg, li, pair, smaller, indexed,
              tol):  # pragma: no cover - numba
    """Put the entry ``(lk, lg, li)`` in the hole at slot ``i`` of a heap of ``size``
    slots, moving the first-coming child up until the entry fits (flags as in
    :func:`sift_up`)."""
    while True:
        c = 2 * i + 1
        if c >= size:
            break
        if c + 1 < size:
            c += _before(keys[c + 1], second[c + 1], keys[c], second[c], pair, smaller, tol)
        ck = keys[c]
        if _before(ck, second[c], lk, lg, pair, smaller, tol):
            keys[i] = ck
            if pair:
                second[i] = second[c]
            items[i] = items[c]
            if indexed:
                pos[items[c]] = i
            i = c
        else:
            break
    keys[i] = lk
    if pair:
        second[i] = lg
    items[i] = li
    if indexed:
        pos[li] = i


@njit(cache=True, nogil=True, inline="always")
def push(keys, items, size, key, item):  # pragma: no cover - numba
    """Insert ``(key, item)`` into a heap of ``size`` entries; return the new size."""
    sift_up(keys, keys, items, items, size, key, key, item, False, False, False, 0.0)
    return size + 1


@njit(cache=True, nogil=True, inline="always")
def pop_into(keys, items, size):  # pragma: no cover - numba
    """Remove the root of a heap of ``size + 1`` entries (``size`` already decremented).

    Read the root (``keys[0]``, ``items[0]``) before calling.
    """
    sift_down(keys, keys, items, items, size, 0, keys[size], keys[size], items[size],
              False, False, False, 0.0)


@njit(cache=True, nogil=True, inline="always")
def push_pair(keys, second, items, size, key, key2, item):  # pragma: no cover - numba
    """Insert ``(key, key2, item)`` into a pair heap of ``size`` entries; return the new
    size."""
    sift_up(keys, second, items, items, size, key, key2, item, True, False, False, 0.0)
    return size + 1


@njit(cache=True, nogil=True, inline="always")
def pop_pair_into(keys, second, items, size):  # pragma: no cover - numba
    """Remove the root of a pair heap of ``size + 1`` entries (``size`` already
    decremented). Read the root (``keys[0]``, ``second[0]``, ``items[0]``) before."""
    sift_down(keys, second, items, items, size, 0, keys[size], second[size], items[size],
              True, False, False, 0.0)


@njit(cache=True, nogil=True, inline="always")
def ipush(keys, items, pos, size, key, item):  # pragma: no cover - numba
    """Insert ``item`` (not in the heap: ``pos[item] < 0``); return the new size."""
    sift_up(keys, keys, items, pos, size, key, key, item, False, False, True, 0.0)
    return size + 1


@njit(cache=True, nogil=True, inline="always")
def idecrease(keys, items, pos, key, item):  # pragma: no cover - numba
    """Lower the key of ``item`` (in the heap) to ``key`` (no-op if not lower)."""
    i = pos[item]
    if key < keys[i]:
        sift_up(keys, keys, items, pos, i, key, key, item, False, False, True, 0.0)


@njit(cache=True, nogil=True, inline="always")
def ipop(keys, items, pos, size):  # pragma: no cover - numba
    """Remove and return the item of smallest key from a heap of ``size`` entries
    (``size - 1`` remain; ``pos`` of the popped item becomes -1)."""
    top = items[0]
    pos[top] = -1
    size -= 1
    if size > 0:
        sift_down(keys, keys, items, pos, size, 0, keys[size], keys[size], items[size],
                  False, False, True, 0.0)
    return top


@njit(cache=True, nogil=True, inline="always")
def _up4(keys, items, pos, i, key, item):  # pragma: no cover - numba
    """Put ``(key, item)`` in the hole at slot ``i`` of a 4-ary indexed heap, moving it up
    past larger parents (each moved item's ``pos`` follows it)."""
    while i > 0:
        p = (i - 1) >> 2
        pk = keys[p]
        if key >= pk:
            break
        keys[i] = pk
        moved = items[p]
        items[i] = moved
        pos[moved] = i
        i = p
    keys[i] = key
    items[i] = item
    pos[item] = i


@njit(cache=True, nogil=True, inline="always")
def ipush4(keys, items, pos, size, key, item):  # pragma: no cover - numba
    """Insert ``item`` (not in the 4-ary heap of ``size`` entries) with ``key``; return the
    new size."""
    _up4(keys, items, pos, size, key, item)
    return size + 1


@njit(cache=True, nogil=True, inline="always")
def idecrease4(keys, items, pos, key, item):  # pragma: no cover - numba
    """Lower the key of ``item`` (in the 4-ary heap) to ``key``, which is not larger."""
    _up4(keys, items, pos, pos[item], key, item)


@njit(cache=True, nogil=True, inline="always")
def ipop4_into(keys, items, pos, size):  # pragma: no cover - numba
    """Remove the root of a 4-ary indexed heap of ``size + 1`` entries (``size`` already
    decremented; read the root before calling). The popped item's ``pos`` is left stale:
    the caller knows it is out (a search marks it expanded).

    Four children are compared in a branch-free tournament (pairs, then their winners;
    the first of equal keys wins, as a scan would pick it); a last group of fewer than
    four is scanned."""
    lk = keys[size]
    li = items[size]
    i = 0
    while True:
        c = 4 * i + 1
        if c + 3 < size:
            k0 = keys[c]
            k1 = keys[c + 1]
            k2 = keys[c + 2]
            k3 = keys[c + 3]
            a = c + (k1 < k0)
            ka = min(k0, k1)
            b = c + 2 + (k3 < k2)
            kb = min(k2, k3)
            best = b if kb < ka else a
            bk = min(ka, kb)
        elif c < size:
            best = c
            bk = keys[c]
            for j in range(c + 1, size):
                kj = keys[j]
                if kj < bk:
                    bk = kj
                    best = j
        else:
            break
        if bk >= lk:
            break
        keys[i] = bk
        moved = items[best]
        items[i] = moved
        pos[moved] = i
        i = best
    keys[i] = lk
    items[i] = li
    pos[li] = i
