"""Distances, tables, isochrones and batches of prepared CSR graphs against repeated
Dijkstra (the Bellman-Ford oracle of ``tests/reference.py``) on random graphs."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding.errors import InvalidLocationError, InvalidParameterError

from ..reference import shortest_costs


@st.composite
def graphs(draw):
    """A CSRGraph (self-loops, parallel and zero-cost arcs drawn) and its edge list."""
    n = draw(st.integers(1, 18))
    m = draw(st.integers(0, 4 * n))
    ends = st.lists(st.integers(0, n - 1), min_size=m, max_size=m)
    tails, heads = draw(ends), draw(ends)
    costs = draw(st.lists(st.sampled_from([0.0, 0.5, 1.0, 2.0, 3.5, 7.0]), min_size=m,
                          max_size=m))
    graph = wf.CSRGraph.from_edges(np.array(tails, np.int64), np.array(heads, np.int64),
                                   np.array(costs), nodes=range(n))
    edges = {u: [] for u in range(n)}
    for u, v, c in zip(tails, heads, costs, strict=True):
        edges[u].append((v, c))
    return graph, edges


def _oracle(edges, n):
    table = np.full((n, n), math.inf)
    for s in range(n):
        for t, c in shortest_costs(edges, [s]).items():
            table[s, t] = c
    return table


@given(graphs())
def test_distance_and_table_match_dijkstra(case):
    graph, edges = case
    n = graph.node_count
    expected = _oracle(edges, n)
    prepared = wf.prepare(graph)
    nodes = np.arange(n)
    np.testing.assert_allclose(prepared.table(nodes, nodes), expected)
    for s in range(n):
        for t in range(n):
            assert prepared.distance(s, t) == pytest.approx(expected[s, t])


@given(graphs(), st.data())
def test_table_of_chosen_rows_matches_dijkstra(case, data):
    graph, edges = case
    n = graph.node_count
    expected = _oracle(edges, n)
    rows = st.lists(st.integers(0, n - 1), max_size=6)
    sources, targets = data.draw(rows), data.draw(rows)
    got = wf.prepare(graph).table(sources, targets)
    assert got.shape == (len(sources), len(targets))
    np.testing.assert_allclose(got, expected[np.ix_(sources, targets)])


@given(graphs(), st.data())
def test_isochrone_matches_dijkstra(case, data):
    graph, edges = case
    n = graph.node_count
    start = data.draw(st.integers(0, n - 1))
    limit = data.draw(st.sampled_from([0.0, 1.0, 2.5, 6.0, math.inf]))
    reached = {v: c for v, c in shortest_costs(edges, [start]).items() if c <= limit + 1e-9}
    nodes, costs = wf.prepare(graph).isochrone(start, limit)
    assert sorted(nodes.tolist()) == sorted(reached)
    assert costs.tolist() == sorted(costs.tolist())
    for v, c in zip(nodes.tolist(), costs.tolist(), strict=True):
        assert c == pytest.approx(reached[v])


@given(graphs(), st.data())
def test_batch_matches_single_queries(case, data):
    graph, edges = case
    n = graph.node_count
    pairs = data.draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)),
                               max_size=8))
    s = np.array([a for a, _ in pairs], dtype=np.int64)
    t = np.array([b for _, b in pairs], dtype=np.int64)
    prepared = wf.prepare(graph)
    fast = wf.batch.prepared(prepared, s, t, paths=False)
    full = wf.batch.prepared(prepared, s, t, workers=2)
    for i, (a, b) in enumerate(pairs):
        expected = shortest_costs(edges, [a]).get(b, math.inf)
        assert fast.costs[i] == pytest.approx(expected)
        assert full.costs[i] == pytest.approx(expected)
        assert fast.found[i] == full.found[i] == (expected < math.inf)
        path = full.path(i).tolist()
        if expected < math.inf:
            assert path[0] == a and path[-1] == b
            assert sum(graph.cost(x, y) for x, y in itertools.pairwise(path)) == (
                pytest.approx(expected))
        else:
            assert path == []
    assert fast.paths.shape == (0,) and not fast.lengths.any()


def _osm_like():
    """Integer labels that are not node numbers (OpenStreetMap ids)."""
    ids = np.array([9001, 17, 4242, 5])
    return wf.CSRGraph.from_edges(ids[[0, 1, 2, 0]], ids[[1, 2, 3, 3]],
                                  [1.0, 2.0, 3.0, 10.0], nodes=ids.tolist())


def test_integer_labels_in_numpy_arrays():
    prepared = wf.prepare(_osm_like())
    table = prepared.table(np.array([9001, 17]), np.array([5, 9001]))
    assert table.tolist() == [[6.0, 0.0], [5.0, math.inf]]
    batch = wf.batch.prepared(prepared, np.array([9001, 4242]), np.array([5, 9001]),
                              paths=False)
    assert batch.costs.tolist() == [6.0, math.inf]
    nodes, _costs = prepared.isochrone(17, 4.0)
    assert nodes.dtype == np.int64 and nodes.tolist() == [17, 4242]


@pytest.mark.parametrize("rows", [np.array([9001, 6]), [9001, 6]])
def test_unknown_label_names_its_row(rows):
    prepared = wf.prepare(_osm_like())
    with pytest.raises(InvalidLocationError, match=r"targets row 1: .*6"):
        prepared.table(np.array([9001]), rows)


def test_distance_of_a_non_node():
    with pytest.raises(InvalidLocationError, match="'z'"):
        wf.prepare(wf.CSRGraph.from_edges("ab", "bc")).distance("a", "z")


@pytest.mark.parametrize("limit", [-1.0, math.nan, "far"])
def test_isochrone_refuses_a_bad_limit(limit):
    with pytest.raises(InvalidParameterError, match="max_cost"):
        wf.prepare(wf.CSRGraph.from_edges("ab", "bc")).isochrone("a", limit)


def test_batch_rows_must_pair_up():
    prepared = wf.prepare(wf.CSRGraph.from_edges([0, 1], [1, 2]))
    with pytest.raises(InvalidParameterError, match="as many rows"):
        wf.batch.prepared(prepared, np.array([0, 1]), np.array([2]))


def test_batch_refuses_other_objects():
    with pytest.raises(InvalidParameterError, match="PreparedGrid or a PreparedGraph"):
        wf.batch.prepared(object(), [], [])


@given(graphs())
def test_buffers_grow_when_short(case):
    """Heaps of one entry and no room for buckets: every query grows them on the way."""
    from wayfinding.hierarchy import queries

    graph, edges = case
    n = graph.node_count
    expected = _oracle(edges, n)
    old = queries.FIRST_CAP, queries.FIRST_ROOM
    queries.FIRST_CAP, queries.FIRST_ROOM = 1, 1
    try:
        prepared = wf.prepare(graph)
        nodes = np.arange(n)
        np.testing.assert_allclose(prepared.table(nodes, nodes), expected)
        reached = expected[0][expected[0] < math.inf]
        assert sorted(prepared.isochrone(0, math.inf)[1].tolist()) == pytest.approx(
            sorted(reached.tolist()))
        batch = wf.batch.prepared(prepared, np.repeat(nodes, n), np.tile(nodes, n),
                                  paths=False)
        np.testing.assert_allclose(batch.costs, expected.ravel())
        assert prepared.distance(n - 1, 0) == pytest.approx(expected[n - 1, 0])
    finally:
        queries.FIRST_CAP, queries.FIRST_ROOM = old
