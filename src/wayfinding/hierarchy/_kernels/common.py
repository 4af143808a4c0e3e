"""Kernels: small helpers shared by the hierarchy kernels (inlined by numba).

The lazy heap is :mod:`wayfinding._kernels.heap`'s; :func:`pop` wraps it for the searches
here, whose heaps grow while they run: by :func:`grown_pair` before a node's arcs are
relaxed, never inside that loop: an array reassigned per arc costs numba two atomic
reference counts per arc (``benchmarks/NOTES.md``, "Hierarchies").

Examples
--------
>>> import numpy as np
>>> hd = np.array([[0.0, 5.0], [2.0, 1.0], [3.0, 0.0]])
>>> int(find_hub(hd, 0, 2, 2)), int(owner(np.array([0, 1, 3]), 2))
(1, 1)
>>> grown(np.arange(3), 2, 4)[:2].tolist()
[0, 1]
>>> to, w, arc = np.array([9, 7, 8, 5]), np.zeros(4), np.arange(4)
>>> start, length, cap = np.array([2, 0]), np.array([1, 1]), np.array([1, 0])
>>> compact(to, w, arc, start, length, cap), to[:1].tolist(), start.tolist()
(1, [8], [0, 0])
>>> from wayfinding._kernels.heap import push
>>> keys, items = grown_pair(np.zeros(1), np.zeros(1, np.int64), 0, 2)
>>> size = push(keys, items, push(keys, items, 0, 2.0, 7), 1.0, 8)
>>> [int(x) for x in pop(keys, items, size)[1:]]
[8, 1]
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._kernels.heap import pop_into


@njit(cache=True, inline="always")
def find_hub(label_hd, first, last, hub):  # pragma: no cover - numba
    """The first entry of ``label_hd[first:last + 1]`` (sorted by hub) whose hub is not
    below ``hub`` (``last`` when none is): the entry of ``hub`` if the label holds it."""
    while first < last:
        middle = (first + last) >> 1
        if label_hd[middle, 0] < hub:
            first = middle + 1
        else:
            last = middle
    return first


@njit(cache=True, inline="always")
def owner(starts, entry):  # pragma: no cover - numba
    """The node whose CSR list (``starts``) holds ``entry``: the last one starting at or
    before it."""
    low = 0
    high = starts.shape[0] - 2
    while low < high:
        middle = (low + high + 1) >> 1
        if starts[middle] <= entry:
            low = middle
        else:
            high = middle - 1
    return low


@njit(cache=True, inline="always")
def grown(array, used, capacity):  # pragma: no cover - numba
    """A new array of ``capacity`` entries holding ``array[:used]``."""
    bigger = np.empty(capacity, dtype=array.dtype)
    for i in range(used):  # (a loop: slice assignment compiles numba's shape-error message)
        bigger[i] = array[i]
    return bigger


@njit(cache=True, inline="always")
def append_arc(to, w, arc, start, length, cap, used, v, y, cost, a):  # pragma: no cover
    """Append ``(y, cost, a)`` to node ``v``'s list in the pools ``to``/``w``/``arc``
    (slots ``start[v] ..``, ``length[v]`` used of ``cap[v]``; ``used`` slots of the pools
    taken); a full list moves to the end with twice the room, the pools grown when they
    must. Returns ``(to, w, arc, used)``."""
    if length[v] == cap[v]:
        room = 2 * cap[v] + 4
        if used + room > to.shape[0]:
            bigger = max(to.shape[0] + to.shape[0] // 2, used + room)
            to = grown(to, used, bigger)
            w = grown(w, used, bigger)
            arc = grown(arc, used, bigger)
        first = start[v]
        k = length[v]
        for i in range(k):
            to[used + i] = to[first + i]
            w[used + i] = w[first + i]
            arc[used + i] = arc[first + i]
        start[v] = used
        cap[v] = room
        used += room
    i = start[v] + length[v]
    to[i] = y
    w[i] = cost
    arc[i] = a
    length[v] += 1
    return to, w, arc, used


@njit(cache=True, nogil=True)
def compact(to, w, arc, start, length, cap):  # pragma: no cover - numba
    """Slide the lists of the pools ``to``/``w``/``arc`` (see :func:`append_arc`) to the
    front, in the order they lie, each keeping its room: the room lists left behind
    when they moved, and lists of no room (``cap[v] == 0``), is freed. Returns the
    slots now used."""
    # the live lists in the order they lie: each starts at its own slot (a library sort
    # here compiled numba's quicksort into every kernel that compacts)
    list_at = np.full(to.shape[0], -1, dtype=np.int64)
    for v in range(start.shape[0]):
        if cap[v] != 0:
            list_at[start[v]] = v
    fill = 0
    for slot in range(list_at.shape[0]):
        v = list_at[slot]
        if v < 0:
            continue
        first = start[v]
        for k in range(length[v]):  # (fill <= first: a forward copy is safe)
            to[fill + k] = to[first + k]
            w[fill + k] = w[first + k]
            arc[fill + k] = arc[first + k]
        start[v] = fill
        fill += cap[v]
    return fill


@njit(cache=True, inline="always")
def pop(keys, items, size):  # pragma: no cover - numba
    """Remove the root of a lazy heap of ``size`` entries: ``(key, item, size - 1)``."""
    key = keys[0]
    item = items[0]
    size -= 1
    pop_into(keys, items, size)
    return key, item, size


@njit(cache=True, inline="always")
def grown_pair(keys, items, size, more):  # pragma: no cover - numba
    """A lazy heap's arrays grown to hold at least ``size + more`` entries (twice as
    many): ``(keys, items)``."""
    capacity = 2 * (size + more) + 16
    return grown(keys, size, capacity), grown(items, size, capacity)
