"""Kernel helpers shared by the loop kernels: the step rule and an indexed binary heap.

The heap is *indexed* (it supports decrease-key and removal): ``nodes``, ``key1`` and
``key2`` hold the entries by heap position, ``pos[node]`` is the position of ``node``
(-1 when absent). Keys compare lexicographically: ``(key1, key2)``, with first parts
within ``tol`` (relative) of each other counted as equal. Floods and Theta* pass
``tol=0`` (exact order); D* Lite passes a little above rounding noise, because its keys
``g + h + km`` tie often in exact arithmetic and the second part must then decide.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

RULE_NEVER = 0
RULE_ONE_FREE = 1
RULE_ALWAYS = 2


@njit(cache=True, nogil=True, inline="always")
def step_allowed(passable, u, k, moves, rule):  # pragma: no cover - numba
    """True when move ``k`` from padded cell ``u`` lands on a passable cell and the corner
    rule allows it. Whether ``u`` itself is passable is the caller's business.

    The rule is symmetric: move ``k`` from ``u`` to ``v`` exists exactly when the opposite
    move from ``v`` to ``u`` does (both pass the same two orthogonal cells).
    """
    if passable[u + moves[k, 0]] == 0:
        return False
    if k < 4 or rule == RULE_ALWAYS:
        return True
    a = passable[u + moves[k, 1]]
    b = passable[u + moves[k, 2]]
    if rule == RULE_NEVER:
        return a != 0 and b != 0
    return a != 0 or b != 0


@njit(cache=True, nogil=True, inline="always")
def key_less(a1, a2, b1, b2, tol):  # pragma: no cover - numba
    """``(a1, a2) < (b1, b2)`` lexicographically, ``a1`` and ``b1`` equal within ``tol``."""
    if tol == 0.0 or not abs(b1) < math.inf:
        return a1 < b1 or (a1 == b1 and a2 < b2)
    margin = tol * max(1.0, abs(b1))
    return a1 < b1 - margin or (a1 <= b1 + margin and a2 < b2)


@njit(cache=True, nogil=True)
def sift_up(nodes, key1, key2, pos, i, tol):  # pragma: no cover - numba
    """Move the entry at position ``i`` up until its parent is not larger."""
    node = nodes[i]
    x1 = key1[i]
    x2 = key2[i]
    while i > 0:
        p = (i - 1) >> 1
        if not key_less(x1, x2, key1[p], key2[p], tol):
            break
        nodes[i] = nodes[p]
        key1[i] = key1[p]
        key2[i] = key2[p]
        pos[nodes[i]] = i
        i = p
    nodes[i] = node
    key1[i] = x1
    key2[i] = x2
    pos[node] = i


@njit(cache=True, nogil=True)
def sift_down(nodes, key1, key2, pos, size, i, tol):  # pragma: no cover - numba
    """Move the entry at position ``i`` down until no child is smaller."""
    node = nodes[i]
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
        nodes[i] = nodes[c]
        key1[i] = key1[c]
        key2[i] = key2[c]
        pos[nodes[i]] = i
        i = c
    nodes[i] = node
    key1[i] = x1
    key2[i] = x2
    pos[node] = i


@njit(cache=True, nogil=True)
def heap_insert(nodes, key1, key2, pos, size, node, k1, k2, tol):  # pragma: no cover - numba
    """Add ``node`` (not in the heap) with key ``(k1, k2)``; return the new size."""
    nodes[size] = node
    key1[size] = k1
    key2[size] = k2
    pos[node] = size
    sift_up(nodes, key1, key2, pos, size, tol)
    return size + 1


@njit(cache=True, nogil=True)
def heap_update(nodes, key1, key2, pos, size, node, k1, k2, tol):  # pragma: no cover - numba
    """Change the key of ``node`` (in the heap) to ``(k1, k2)``, up or down."""
    i = pos[node]
    smaller = key_less(k1, k2, key1[i], key2[i], tol)
    key1[i] = k1
    key2[i] = k2
    if smaller:
        sift_up(nodes, key1, key2, pos, i, tol)
    else:
        sift_down(nodes, key1, key2, pos, size, i, tol)


@njit(cache=True, nogil=True)
def heap_set(nodes, key1, key2, pos, size, node, k1, k2, tol):  # pragma: no cover - numba
    """Insert ``node`` or change its key; return the new size."""
    if pos[node] < 0:
        return heap_insert(nodes, key1, key2, pos, size, node, k1, k2, tol)
    heap_update(nodes, key1, key2, pos, size, node, k1, k2, tol)
    return size


@njit(cache=True, nogil=True)
def heap_remove(nodes, key1, key2, pos, size, node, tol):  # pragma: no cover - numba
    """Take ``node`` (in the heap) out; return the new size."""
    i = pos[node]
    pos[node] = -1
    size -= 1
    if i != size:
        nodes[i] = nodes[size]
        key1[i] = key1[size]
        key2[i] = key2[size]
        pos[nodes[i]] = i
        parent = (i - 1) >> 1
        if i > 0 and key_less(key1[i], key2[i], key1[parent], key2[parent], tol):
            sift_up(nodes, key1, key2, pos, i, tol)
        else:
            sift_down(nodes, key1, key2, pos, size, i, tol)
    return size


@njit(cache=True, nogil=True)
def follow_parents(parent, cell, limit, named):  # pragma: no cover - numba
    """Padded cells from ``cell`` along ``parent`` links to a root (parent -1).

    Returns ``(cells, fresh)``: the int64 cells starting at ``cell`` (empty when more
    than ``limit`` links are followed: a cycle, corrupt data), and those of them whose
    ``named`` flag was still 0 (the flag is set for them: the caller names them now).
    """
    length = 0
    n_fresh = 0
    v = cell
    while v >= 0:
        length += 1
        if named[v] == 0:
            n_fresh += 1
        if length > limit:
            return np.empty(0, np.int64), np.empty(0, np.int64)
        v = parent[v]
    cells = np.empty(length, np.int64)
    fresh = np.empty(n_fresh, np.int64)
    v = cell
    j = 0
    for i in range(length):
        cells[i] = v
        if named[v] == 0:
            named[v] = 1
            fresh[j] = v
            j += 1
        v = parent[v]
    return cells, fresh
