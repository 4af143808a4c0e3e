"""The shared toolkit (``wayfinding._kernels``) against plain Python."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from numba import njit

from wayfinding._kernels import codes
from wayfinding._kernels.heap import (
    idecrease,
    idecrease4,
    ipop,
    ipop4_into,
    ipush,
    ipush4,
    pop_into,
    push,
)
from wayfinding._kernels.trace import flat_cells, flat_pairs, rows_and_offsets, trace, xy_rows


@njit(cache=True)
def _heap_sort(values):
    keys = np.empty(values.shape[0])
    items = np.empty(values.shape[0], np.int64)
    size = 0
    for i in range(values.shape[0]):
        size = push(keys, items, size, values[i], i)
    out = np.empty(values.shape[0])
    n = 0
    while size > 0:
        out[n] = keys[0]
        n += 1
        size -= 1
        pop_into(keys, items, size)
    return out


@njit(cache=True)
def _indexed4(ops, n_items):
    """Apply (kind, item, key) ops to the indexed 4-ary heap: 0 insert-or-decrease (a key
    above the item's current one is ignored, as a search never raises one), 1 pop; return
    the items and keys popped (-1 / nan where the heap was empty or the op was an insert),
    and whether every ``pos`` pointed at its item's slot after each op."""
    keys = np.empty(n_items)
    items = np.empty(n_items, np.int64)
    pos = np.zeros(n_items, np.int32)
    inside = np.zeros(n_items, np.bool_)
    out = np.full(ops.shape[0], -1, np.int64)
    out_keys = np.full(ops.shape[0], np.nan)
    consistent = True
    size = 0
    for k in range(ops.shape[0]):
        kind = int(ops[k, 0])
        item = int(ops[k, 1])
        if kind == 0:
            if not inside[item]:
                size = ipush4(keys, items, pos, size, ops[k, 2], item)
                inside[item] = True
            elif ops[k, 2] <= keys[pos[item]]:
                idecrease4(keys, items, pos, ops[k, 2], item)
        elif size > 0:
            out[k] = items[0]
            out_keys[k] = keys[0]
            inside[items[0]] = False
            size -= 1
            ipop4_into(keys, items, pos, size)
        for j in range(size):
            consistent = consistent and pos[items[j]] == j
    return out, out_keys, consistent


@njit(cache=True)
def _indexed(ops, n_items):
    """Apply (kind, item, key) ops: 0 insert-or-decrease, 1 pop; return popped items."""
    keys = np.empty(n_items)
    items = np.empty(n_items, np.int64)
    pos = np.full(n_items, -1, np.int64)
    out = np.full(ops.shape[0], -1, np.int64)
    size = 0
    for k in range(ops.shape[0]):
        kind = int(ops[k, 0])
        item = int(ops[k, 1])
        if kind == 0:
            if pos[item] < 0:
                size = ipush(keys, items, pos, size, ops[k, 2], item)
            else:
                idecrease(keys, items, pos, ops[k, 2], item)
        elif size > 0:
            out[k] = ipop(keys, items, pos, size)
            size -= 1
    return out


@given(st.lists(st.floats(-1e6, 1e6), max_size=60))
def test_lazy_heap_pops_in_order(values):
    out = _heap_sort(np.array(values, dtype=np.float64))
    assert out.tolist() == sorted(values)


@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 11), st.integers(0, 30)),
                max_size=150))
def test_indexed_4ary_heap_matches_a_dict(ops):
    """Inserts, decreases and pops against a dict of each item's key: every pop takes a
    smallest key with its own item, and ``pos`` follows every item moved (enough items
    for three levels of four children)."""
    n_items = 12
    got, got_keys, consistent = _indexed4(np.array(ops, dtype=np.float64).reshape(-1, 3),
                                          n_items)
    assert consistent
    keys: dict[int, float] = {}
    for k, (kind, item, key) in enumerate(ops):
        if kind == 0:
            keys[item] = min(keys.get(item, float("inf")), float(key))
            assert got[k] == -1
        elif keys:
            best = min(keys.values())
            assert got[k] in keys and keys[got[k]] == best == got_keys[k]
            del keys[got[k]]
        else:
            assert got[k] == -1


@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 7), st.integers(0, 20)),
                max_size=80))
def test_indexed_heap_matches_a_dict(ops):
    n_items = 8
    got = _indexed(np.array(ops, dtype=np.float64).reshape(-1, 3), n_items).tolist()
    keys: dict[int, float] = {}
    for k, (kind, item, key) in enumerate(ops):
        if kind == 0:
            keys[item] = min(keys.get(item, float("inf")), float(key))
            assert got[k] == -1
        elif keys:
            best = min(keys.values())
            assert got[k] in keys and keys[got[k]] == best
            del keys[got[k]]
        else:
            assert got[k] == -1



@given(st.integers(3, 70_000), st.lists(st.integers(0, 2**40), min_size=1, max_size=50))
def test_xy_rows_matches_divmod(stride, cells):
    """The multiply-by-reciprocal row of every padded flat cell, the compiled kernel and
    its pure-Python twin, against exact integer division (cells far past any grid)."""
    cells = np.array([*cells, stride - 1, stride, stride + 1, 2 * stride - 1], np.int64)
    rows, xs = np.divmod(cells, stride)
    for kernel in (xy_rows, getattr(xy_rows, "py_func", xy_rows)):  # no py_func without JIT
        out = np.empty((cells.shape[0], 2), np.int64)
        kernel(cells, stride, out)
        assert out[:, 0].tolist() == (xs - 1).tolist()
        assert out[:, 1].tolist() == (rows - 1).tolist()


@given(st.integers(1, 9), st.integers(1, 9), st.integers(0, 2**32 - 1),
       st.lists(st.tuples(st.integers(-3, 12), st.integers(-3, 12)), max_size=30))
def test_flat_cells_is_the_inverse_of_xy_rows_and_finds_the_first_bad_row(
        width, height, seed, rows):
    """A batch's (x, y) rows to padded flat cells in one compiled pass (and its Python
    twin): the cells of rows inside and open, else the first row outside or on a wall."""
    stride = width + 2
    passable = np.zeros((height + 2) * stride, np.uint8)
    open_ = np.random.default_rng(seed).random((height, width)) < 0.7
    for y, x in zip(*np.nonzero(open_), strict=True):
        passable[(y + 1) * stride + x + 1] = 1
    xy = np.array(rows, np.int64).reshape(-1, 2)
    bad = [k for k, (x, y) in enumerate(rows)
           if not (0 <= x < width and 0 <= y < height) or not open_[y, x]]
    for kernel in (flat_cells, getattr(flat_cells, "py_func", flat_cells)):
        out = np.full(xy.shape[0], -7, np.int64)
        got = kernel(xy, width, height, passable, out)
        assert got == (bad[0] if bad else -1)
        if not bad:
            back = np.empty_like(xy)
            xy_rows(out, stride, back)
            assert back.tolist() == xy.tolist()


@given(st.integers(1, 6), st.integers(1, 6), st.integers(0, 2**32 - 1),
       st.lists(st.tuples(st.integers(-2, 8), st.integers(-2, 8), st.integers(-2, 8),
                          st.integers(-2, 8)), max_size=12))
def test_flat_pairs_checks_starts_then_goals(width, height, seed, rows):
    """Starts and goals in one call: -1 and both cells when all rows are fine, else the
    first bad start row, else N + the first bad goal row (compiled and Python twin)."""
    stride = width + 2
    passable = np.zeros((height + 2) * stride, np.uint8)
    open_ = np.random.default_rng(seed).random((height, width)) < 0.7
    for y, x in zip(*np.nonzero(open_), strict=True):
        passable[(y + 1) * stride + x + 1] = 1
    a = np.array([r[:2] for r in rows], np.int64).reshape(-1, 2)
    b = np.array([r[2:] for r in rows], np.int64).reshape(-1, 2)

    def bad(xy):
        return [k for k, (x, y) in enumerate(xy.tolist())
                if not (0 <= x < width and 0 <= y < height) or not open_[y, x]]

    want = (bad(a)[0] if bad(a) else len(rows) + bad(b)[0] if bad(b) else -1)
    for kernel in (flat_pairs, getattr(flat_pairs, "py_func", flat_pairs)):
        s, t = np.empty(len(rows), np.int64), np.empty(len(rows), np.int64)
        assert kernel(a, b, width, height, passable, s, t) == want
        if want == -1:
            assert s.tolist() == [(y + 1) * stride + x + 1 for x, y in a.tolist()]
            assert t.tolist() == [(y + 1) * stride + x + 1 for x, y in b.tolist()]


@given(st.integers(3, 500), st.lists(st.integers(0, 5), max_size=20))
def test_rows_and_offsets_gathers_a_batch(stride, lengths):
    """Rows of the path cells and the running sum of the lengths, in one call."""
    lengths = np.array(lengths, np.int64)
    cells = np.arange(stride + 1, stride + 1 + int(lengths.sum()), dtype=np.int64)
    for kernel in (rows_and_offsets, getattr(rows_and_offsets, "py_func", rows_and_offsets)):
        out = np.empty((cells.shape[0], 2), np.int64)
        offsets = np.full(lengths.shape[0] + 1, -9, np.int64)
        kernel(cells, stride, out, lengths, offsets)
        assert offsets.tolist() == [0, *np.cumsum(lengths).tolist()]
        want = np.empty_like(out)
        xy_rows(cells, stride, want)
        assert out.tolist() == want.tolist()


def test_trace_walks_parents_and_refuses_cycles():
    parent = np.array([-1, 0, 1, 2, 3], dtype=np.int64)
    out = np.empty(5, np.int64)
    assert out[: trace(parent, 4, out)].tolist() == [0, 1, 2, 3, 4]
    cycle = np.array([1, 0], dtype=np.int64)
    assert trace(cycle, 0, np.empty(2, np.int64)) == -1


def test_codes_have_no_numba_and_distinct_statuses():
    statuses = [codes.STATUS_NEW, codes.STATUS_PAUSED, codes.STATUS_HEAP_FULL,
                codes.STATUS_FOUND, codes.STATUS_EXHAUSTED]
    assert len(set(statuses)) == 5
    source = Path(codes.__file__).read_text()
    assert "from numba" not in source and "import numba" not in source


def test_no_module_defines_its_own_copy_of_a_toolkit_code():
    import ast

    import wayfinding

    names = {name for name in dir(codes) if name.isupper()}
    root = Path(wayfinding.__file__).parent
    copies = []
    for path in root.rglob("*.py"):
        if path == Path(codes.__file__):
            continue
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                copies += [f"{path.relative_to(root)}: {n.id}" for t in targets
                           for n in ast.walk(t) if isinstance(n, ast.Name) and n.id in names]
    assert not copies
