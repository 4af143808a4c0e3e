"""The graph tier's contraction hierarchy (``wayfinding.hierarchy``) against the oracle."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numba import njit

import wayfinding.hierarchy._kernels.contract as contract_kernels
from wayfinding._kernels.codes import STATUS_EXHAUSTED, STATUS_FOUND
from wayfinding.hierarchy import Hierarchy, build
from wayfinding.hierarchy._kernels.common import pop, push_grown
from wayfinding.hierarchy._kernels.query import hub_path, path_nodes
from wayfinding.hierarchy.files import problem, shape_problem

from ..reference import shortest_costs


@st.composite
def graphs(draw):
    """``(n, tails, heads, weights)``: an undirected graph, each edge once (tail < head)."""
    n = draw(st.integers(2, 24))
    pairs = draw(st.sets(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
                         .filter(lambda p: p[0] < p[1]), max_size=3 * n))
    pairs = sorted(pairs)
    weights = draw(st.lists(st.integers(1, 9), min_size=len(pairs), max_size=len(pairs)))
    tails = np.array([a for a, _ in pairs], dtype=np.int32)
    heads = np.array([b for _, b in pairs], dtype=np.int32)
    return n, tails, heads, np.array(weights, dtype=np.float64)


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


@pytest.mark.parametrize("variant", ["contracted", "core", "gave-up"])
@given(graph=graphs())
def test_paths_are_shortest(variant, graph):
    n, tails, heads, weights = graph
    stop = np.zeros(1, dtype=np.uint8)
    with pytest.MonkeyPatch.context() as patch:
        if variant == "gave-up":
            patch.setattr(contract_kernels, "WORK_LIMIT", -1)
        hierarchy, order = build(n, tails, heads, weights, stop,
                                 contract=variant == "contracted")
    assert isinstance(hierarchy, Hierarchy) and sorted(order.tolist()) == list(range(n))
    assert hierarchy.n == n and hierarchy.n_core == (0 if variant == "contracted" else n)
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
            assert math.isclose(cost, expected[b])


def test_checks_find_damage():
    # a path 0 - 1 - 2 - 3 - 4 whose nodes stand at x = 0 .. 4: edges of octile length
    tails, heads = np.arange(4, dtype=np.int32), np.arange(1, 5, dtype=np.int32)
    hierarchy, order = build(5, tails, heads, np.ones(4), np.zeros(1, dtype=np.uint8))
    assert problem(hierarchy, order, 100, 1.0, 1.5) is None
    longer = hierarchy._replace(up_w=hierarchy.up_w + 1.0)
    assert problem(longer, order, 100, 1.0, 1.5) == (
        "upward edge 0 has a weight that is not its length")
    short = hierarchy._replace(label_edge=hierarchy.label_edge[:-1])
    assert shape_problem(short) == (
        "arrays of different lengths {'label_hd': 11, 'label_edge': 10}")


def test_build_stops_when_asked():
    tails, heads = np.array([0, 1], np.int32), np.array([1, 2], np.int32)
    assert build(3, tails, heads, np.ones(2), np.ones(1, dtype=np.uint8)) is None


@given(st.lists(st.floats(-1e6, 1e6), max_size=200))
def test_growing_heap_pops_in_order(values):
    keys, items, size = np.empty(1), np.empty(1, dtype=np.int64), 0
    for i, value in enumerate(values):
        keys, items, size = push_grown(keys, items, size, value, i)
    out = []
    while size:
        key, item, size = pop(keys, items, size)
        out.append(key)
        assert values[item] == key
    assert out == sorted(values)
