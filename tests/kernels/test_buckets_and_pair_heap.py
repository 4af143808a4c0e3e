"""The bucket queue and the pair heap of the shared toolkit, and the grid codes block."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from numba import njit

from wayfinding._kernels import buckets, codes
from wayfinding._kernels.heap import pop_pair_into, push_pair


@njit(cache=True)
def _pair_sort(f, g):
    n = f.shape[0]
    keys, second, items = np.empty(n), np.empty(n), np.empty(n, np.int64)
    size = 0
    for i in range(n):
        size = push_pair(keys, second, items, size, f[i], g[i], i)
    out = np.empty(n, np.int64)
    for k in range(n):
        out[k] = items[0]
        size -= 1
        pop_pair_into(keys, second, items, size)
    return out


@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), max_size=60))
def test_pair_heap_pops_smallest_f_then_largest_g(entries):
    f = np.array([e[0] for e in entries], dtype=np.float64)
    g = np.array([e[1] for e in entries], dtype=np.float64)
    order = _pair_sort(f, g).tolist()
    assert sorted(order) == list(range(len(entries)))
    assert [(f[i], -g[i]) for i in order] == sorted((f[i], -g[i]) for i in order)


@njit(cache=True)
def _bucket_run(ops, ring):
    """ops rows (kind, priority): 0 push (item = row number), 1 pop; -1 where nothing."""
    n = ops.shape[0]
    items, link = np.empty(n, np.int32), np.empty(n, np.int32)
    heads = np.full(ring, -1, np.int32)
    free, n_entries, size, fmin = -1, 0, 0, 0
    out = np.full((n, 2), -1, np.int64)
    for k in range(n):
        if ops[k, 0] == 0:
            free, n_entries = buckets.push(heads, link, items, ring - 1, ops[k, 1], k, free,
                                           n_entries)
            size += 1
        elif size > 0:
            item, fmin, free = buckets.pop(heads, link, items, ring - 1, fmin, free)
            size -= 1
            out[k, 0] = item
            out[k, 1] = fmin
    return out


@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 6)), max_size=60))
def test_bucket_queue_pops_the_lowest_priority_latest_first(steps):
    # a monotone queue: every push is at least the last priority popped
    ops, waiting, expected = [], [], []  # waiting: (priority, item)
    floor = 0
    for k, (kind, step) in enumerate(steps):
        ops.append((kind, floor + step))
        if kind == 0:
            waiting.append((floor + step, k))
            expected.append([-1, -1])
        elif waiting:
            floor = min(p for p, _ in waiting)
            latest = max(i for p, i in waiting if p == floor)
            waiting.remove((floor, latest))
            expected.append([latest, floor])
        else:
            expected.append([-1, -1])
    got = _bucket_run(np.array(ops, dtype=np.int64).reshape(-1, 2), 16)
    assert got.tolist() == expected

def test_grid_codes_are_distinct_and_their_layouts_dense():
    heuristics = [getattr(codes, n) for n in dir(codes) if n.startswith("H_")]
    assert len(set(heuristics)) == len(heuristics)
    for prefix, size in (("GI_", codes.N_GIPARAMS), ("GF_", codes.N_GFPARAMS)):
        slots = sorted(getattr(codes, n) for n in dir(codes) if n.startswith(prefix))
        assert slots == list(range(size)), prefix
    assert codes.GS_FMIN == codes.N_STATE - 1 and codes.N_GSTATE == codes.GS_ENTRIES + 1
