"""The indexed pair-keyed heap of the toolkit (``wayfinding._kernels.pairheap``) against sorting."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from wayfinding._kernels.pairheap import (
    key_less,
    pair_insert,
    pair_remove,
    pair_set,
)

SMALL = st.integers(-4, 4).map(float)  # few distinct keys: many ties in the first part


@given(st.lists(st.tuples(st.integers(0, 9), SMALL, SMALL, st.booleans()), max_size=80))
def test_indexed_pair_heap_follows_sets_and_removals(ops):
    """Set (insert or change, up or down) or remove items; pops then follow the keys."""
    n = 10
    items = np.empty(n, np.int32)
    key1, key2 = np.empty(n), np.empty(n)
    pos = np.full(n, -1, np.int32)
    size = 0
    expected: dict[int, tuple[float, float]] = {}
    for item, a, b, remove in ops:
        if remove:
            if pos[item] >= 0:
                size = pair_remove(items, key1, key2, pos, size, item, 0.0)
                del expected[item]
        else:
            size = pair_set(items, key1, key2, pos, size, item, a, b, 0.0)
            expected[item] = (a, b)
    popped = []
    while size:
        top = int(items[0])
        popped.append(expected[top])
        size = pair_remove(items, key1, key2, pos, size, top, 0.0)
    assert popped == sorted(expected.values())
    assert (pos == -1).all()


def test_first_parts_within_the_tolerance_tie():
    assert key_less(1.0, 0.0, 1.0 + 1e-12, 1.0, 1e-9)  # equal first parts: second decides
    assert not key_less(1.0, 2.0, 1.0 + 1e-12, 1.0, 1e-9)
    assert key_less(1.0, 5.0, 1.0 + 1e-12, 1.0, 0.0)  # tol 0: exact, the first part decides
    assert key_less(1.0, 5.0, 2.0, 0.0, 1e-9)


def test_insert_into_an_empty_indexed_heap():
    items, key1, key2 = np.empty(3, np.int64), np.empty(3), np.empty(3)
    pos = np.full(3, -1, np.int64)
    size = pair_insert(items, key1, key2, pos, 0, 2, 1.0, 1.0, 0.0)
    assert (size, int(items[0]), int(pos[2])) == (1, 2, 0)
