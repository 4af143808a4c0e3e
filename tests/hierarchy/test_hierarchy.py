"""The graph tier's contraction hierarchy (``wayfinding.hierarchy``) against the oracle."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numba import njit

import wayfinding.hierarchy.hierarchy as hierarchy_module
from wayfinding._kernels.codes import STATUS_EXHAUSTED, STATUS_FOUND
from wayfinding._kernels.heap import push
from wayfinding.hierarchy import Hierarchy, build
from wayfinding.hierarchy._kernels.common import grown_pair, pop
from wayfinding.hierarchy._kernels.query import hub_path, path_nodes
from wayfinding.hierarchy.files import problem, shape_problem

from ..reference import shortest_costs


@st.composite
def graphs(draw, dense=False):
    """``(n, tails, heads, weights)``: an undirected graph, edges either way round,
    parallel edges, self-loops and zero-cost edges among them (``dense``: at least one
    edge per node, which a small work budget leaves partly contracted)."""
    n = draw(st.integers(2, 24))
    pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)),
                          min_size=n if dense else 0, max_size=3 * n))
    weights = draw(st.lists(st.sampled_from([0.0, 0.5, 1.0, 2.0, 3.0, 7.0, 9.0]),
                            min_size=len(pairs), max_size=len(pairs)))
    tails = np.array([a for a, _ in pairs], dtype=np.int32)
    heads = np.array([b for _, b in pairs], dtype=np.int32)
    return n, tails, heads, np.array(weights, dtype=np.float64)


@st.composite
def lattice_graphs(draw):
    """``(n, tails, heads, weights, node_xy)``: nodes at distinct cells ``x + 16 * y`` of
    a 16 x 16 lattice, edges (parallel ones too) weighing the octile distance between
    their ends, as the edges of a subgoal graph do."""
    cells = draw(st.lists(st.integers(0, 255), min_size=2, max_size=24, unique=True))
    n = len(cells)
    pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
                          .filter(lambda p: p[0] != p[1]), max_size=4 * n))
    node_xy = np.array(cells, dtype=np.int64)
    tails = np.array([a for a, _ in pairs], dtype=np.int32)
    heads = np.array([b for _, b in pairs], dtype=np.int32)
    dx = np.abs(node_xy[tails] % 16 - node_xy[heads] % 16)
    dy = np.abs(node_xy[tails] // 16 - node_xy[heads] // 16)
    weights = np.abs(dx - dy) + 1.5 * np.minimum(dx, dy)
    return n, tails, heads, weights.astype(np.float64), node_xy


def _build(n, tails, heads, weights, variant, work):
    """build() as each variant asks: contracted, not contracted, out of budget at once,
    or out of budget after ``work`` arcs (a core left part of the way up)."""
    with pytest.MonkeyPatch.context() as patch:
        if variant == "gave-up":
            patch.setattr(hierarchy_module, "WORK_LIMIT", -1)
        elif variant == "partial":
            patch.setattr(hierarchy_module, "WORK_LIMIT", work)
        return build(n, tails, heads, weights, np.zeros(1, dtype=np.int64),
                     contract=variant != "core")


@njit(cache=True)
def _path(h, a, b, n):
    """hub_path from node ``a`` to node ``b`` (hierarchy numbers), Dijkstra in the core."""
    n_core = max(h[6].shape[0] - 1, 1)
    joins = np.empty((2, 1), dtype=np.int64)
    joins[0, 0] = a
    joins[1, 0] = b
    join_d = np.zeros((2, 1))
    buffer = np.empty(10 * n + 64, dtype=np.int64)
    status, n_nodes, _ = hub_path(
        h[1], h[2], h[4], h[5], h[6], h[7], h[8], h[9], h[10], h[11], h[12], h[13],
        np.zeros(n, dtype=np.int64), 1, 0.0, 0.0, 0, joins, join_d, 1, 1,
        np.full(n, np.inf), np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64),
        np.full(n_core, np.inf), np.zeros(n_core, dtype=np.int64),
        np.zeros(n_core, dtype=np.int64), np.empty(2 * n_core + 1024),
        np.empty(2 * n_core + 1024, dtype=np.int64), buffer)
    return status, path_nodes(buffer, n)[:n_nodes].copy()


def _edges(n, tails, heads, weights):
    edges = {v: [] for v in range(n)}
    for a, b, w in zip(tails.tolist(), heads.tolist(), weights.tolist(), strict=True):
        edges[a].append((b, w))
        edges[b].append((a, w))
    return edges


VARIANTS = ["contracted", "core", "gave-up", "partial"]


@pytest.mark.parametrize("variant", VARIANTS)
@given(data=st.data(), work=st.integers(0, 1000))
def test_paths_are_shortest(variant, data, work):
    n, tails, heads, weights = data.draw(graphs(dense=variant == "partial"))
    hierarchy, order = _build(n, tails, heads, weights, variant, work)
    assert isinstance(hierarchy, Hierarchy) and sorted(order.tolist()) == list(range(n))
    assert hierarchy.n == n and 0 <= hierarchy.n_core <= n
    if variant in ("core", "gave-up"):
        assert hierarchy.n_core == n and hierarchy.shortcuts == 0
    assert shape_problem(hierarchy) is None
    edges = _edges(n, tails, heads, weights)
    new_id = np.empty(n, dtype=np.int64)
    new_id[order] = np.arange(n)
    for a in range(n):
        expected = shortest_costs(edges, [a])
        for b in range(n):
            if a == b:
                continue
            status, nodes = _path(tuple(hierarchy), new_id[a], new_id[b], n)
            if b not in expected:
                assert status == STATUS_EXHAUSTED
                continue
            assert status == STATUS_FOUND
            path = order[nodes].tolist()
            assert path[0] == a and path[-1] == b
            cost = sum(min(w for v, w in edges[x] if v == y)
                       for x, y in itertools.pairwise(path))
            assert math.isclose(cost, expected[b], abs_tol=1e-12)


@pytest.mark.parametrize("variant", VARIANTS)
@given(graph=lattice_graphs(), work=st.integers(0, 1000))
def test_hierarchies_pass_the_file_check(variant, graph, work):
    """Every shortcut unpacks into two upward edges below both its ends and weighs their
    sum, original edges keep their weights, labels are exact: what a file must hold."""
    n, tails, heads, weights, node_xy = graph
    hierarchy, order = _build(n, tails, heads, weights, variant, work)
    assert problem(hierarchy, node_xy[order], 16, 1.0, 1.5) is None


def test_a_partial_contraction_leaves_a_core_above_contracted_nodes():
    # a 12 x 12 lattice with its diagonals: dense enough to keep a core on a small budget
    xy = np.arange(144, dtype=np.int64)
    pairs = [(a, b) for a in range(144) for b in range(a + 1, 144)
             if max(abs(a % 12 - b % 12), abs(a // 12 - b // 12)) == 1]
    tails = np.array([a for a, _ in pairs], dtype=np.int32)
    heads = np.array([b for _, b in pairs], dtype=np.int32)
    dx = np.abs(xy[tails] % 12 - xy[heads] % 12)
    dy = np.abs(xy[tails] // 12 - xy[heads] // 12)
    weights = np.abs(dx - dy) + 1.5 * np.minimum(dx, dy)
    full, _ = _build(144, tails, heads, weights, "contracted", 0)
    partial, order = _build(144, tails, heads, weights, "partial", 40_000)
    assert full.n_core == 0 and 0 < partial.n_core < 144 and partial.shortcuts > 0
    assert problem(partial, (xy % 12 + 16 * (xy // 12))[order], 16, 1.0, 1.5) is None
    edges = _edges(144, tails, heads, weights)
    expected = shortest_costs(edges, [int(order[-1])])
    for b in range(0, 144, 7):
        status, nodes = _path(tuple(partial), 143, b, 144)
        assert status == STATUS_FOUND
        path = order[nodes].tolist()
        cost = sum(min(w for v, w in edges[x] if v == y)
                   for x, y in itertools.pairwise(path))
        assert math.isclose(cost, expected[int(order[b])])


def test_checks_find_damage():
    # a path 0 - 1 - 2 - 3 - 4 whose nodes stand at x = 0 .. 4: edges of octile length
    tails, heads = np.arange(4, dtype=np.int32), np.arange(1, 5, dtype=np.int32)
    hierarchy, order = build(5, tails, heads, np.ones(4), np.zeros(1, dtype=np.int64))
    assert problem(hierarchy, order, 100, 1.0, 1.5) is None
    longer = hierarchy._replace(up_w=hierarchy.up_w + 1.0)
    assert problem(longer, order, 100, 1.0, 1.5) == (
        "upward edge 0 has a weight that is not its length")
    short = hierarchy._replace(label_edge=hierarchy.label_edge[:-1])
    assert shape_problem(short) == (
        "arrays of different lengths {'label_hd': 11, 'label_edge': 10}")


def test_build_stops_when_asked():
    tails, heads = np.array([0, 1], np.int32), np.array([1, 2], np.int32)
    assert build(3, tails, heads, np.ones(2), np.ones(1, dtype=np.int64)) is None


@given(st.lists(st.floats(-1e6, 1e6), max_size=200))
def test_growing_heap_pops_in_order(values):
    keys, items, size = np.empty(1), np.empty(1, dtype=np.int64), 0
    for i, value in enumerate(values):
        if size == keys.shape[0]:  # as the searches grow their heaps: before a push
            keys, items = grown_pair(keys, items, size, 1)
            assert keys.shape[0] >= size + 1 and items.shape[0] == keys.shape[0]
        size = push(keys, items, size, value, i)
    out = []
    while size:
        key, item, size = pop(keys, items, size)
        out.append(key)
        assert values[item] == key
    assert out == sorted(values)


def test_a_shortcut_weighs_its_halves_after_both_directions_merge():
    """The edge 0 - 2 weighs 2 (its arc 2 -> 0), not 3 (0 -> 2): the shortcut 0 -> 1
    through 2 (cost 3 + 1 as an arc) weighs 2 + 1 as an edge, the path it unpacks into."""
    from wayfinding.hierarchy._kernels.layout import undirected_graphs

    tail, head = np.array([0, 2, 2, 1, 0]), np.array([2, 0, 1, 2, 1])
    low, high = np.array([-1, -1, -1, -1, 0]), np.array([-1, -1, -1, -1, 2])
    out = undirected_graphs(3, 0, tail, head, np.array([3.0, 2.0, 1.0, 1.0, 4.0]), low,
                            high)
    up_from, up_to, up_w, up_low, up_high = out[3:8]
    assert up_from.tolist() == [1, 2, 2] and up_to.tolist() == [0, 0, 1]
    assert up_w.tolist() == [3.0, 2.0, 1.0]
    assert up_low.tolist() == [2, -1, -1] and up_high.tolist() == [1, -1, -1]
    # a core (nodes 0 and 1): the shortcut listed under both its ends, links swapped
    core = undirected_graphs(3, 2, tail, head, np.array([3.0, 2.0, 1.0, 1.0, 4.0]), low,
                             high)
    core_start, core_to, core_w, core_low, core_high = core[8:13]
    assert core_start.tolist() == [0, 1, 2, 2] and core_to.tolist() == [1, 0]
    assert core_w.tolist() == [3.0, 3.0]
    assert core_low.tolist() == [0, 1] and core_high.tolist() == [1, 0]
