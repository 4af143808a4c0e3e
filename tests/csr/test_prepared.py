"""``prepare(csr_graph)``: contraction hierarchy queries against the Bellman-Ford oracle,
and checked files."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding._kernels.codes import H_EUCLIDEAN, H_GREAT_CIRCLE
from wayfinding.api import prepare
from wayfinding.csr.prepared import GOAL_SETTLED, PreparedGraph, goal_direction

from ..reference import assert_valid_path, shortest_costs
from ..strategies import examples
from .test_properties import Label, graphs


@settings(max_examples=examples(150), deadline=None)
@given(graphs(max_nodes=24), st.data())
def test_hierarchy_answers_equal_the_oracle(case, data):
    graph, edges, labels = case
    prepared = prepare(graph)
    start = data.draw(st.sampled_from(labels))
    oracle = shortest_costs(edges, [start])
    for goal in labels:
        r = prepared.search(start, goal)
        if goal == start:
            assert r.path == [start] and r.cost == 0.0
        elif goal in oracle:
            assert r.found and math.isclose(r.cost, oracle[goal], abs_tol=1e-9)
            assert_valid_path(edges, r.path, [start], [goal], r.cost)
            assert len(set(r.path)) == len(r.path)  # simple, even along zero-cost cycles
            assert r.came_from[goal] == r.path[-2]
            assert math.isclose(r.cost_so_far[goal], r.cost, abs_tol=1e-9)
        else:
            assert not r.found and r.path is None and r.cost == math.inf
            assert r.reason is wf.StopReason.EXHAUSTED


def _geometric(n, seed):
    rng = np.random.default_rng(seed)
    pts = rng.random((n, 2))
    d = np.hypot(pts[:, None, 0] - pts[None, :, 0], pts[:, None, 1] - pts[None, :, 1])
    nbr = np.argsort(d, axis=1)[:, 1:5]
    src = np.repeat(np.arange(n), 4)
    dst = nbr.ravel()
    keep = rng.random(src.shape[0]) < 0.8  # some one-way arcs
    return wf.CSRGraph.from_edges(src[keep], dst[keep], d[src, dst][keep], nodes=range(n),
                                  coordinates=pts)


def test_hierarchy_on_a_larger_directed_graph_equals_dijkstra():
    graph = _geometric(600, 3)
    prepared = prepare(graph)
    assert prepared.shortcuts > 0 and prepared.nbytes > 0 and prepared.build_seconds > 0
    rng = np.random.default_rng(5)
    for s, t in rng.integers(0, 600, (200, 2)).tolist():
        want = wf.dijkstra(graph, s, t)
        got = prepared.search(s, t)
        assert got.found == want.found
        if want.found:
            assert math.isclose(got.cost, want.cost, rel_tol=1e-9)
            steps = sum(graph.cost(a, b) for a, b in itertools.pairwise(got.path))
            assert math.isclose(steps, got.cost, rel_tol=1e-9)
            assert got.expanded < want.expanded or want.expanded < 50


def test_unknown_labels_raise_and_unorderable_labels_work():
    graph = wf.CSRGraph.from_edges([Label(1), Label(2)], [Label(2), Label(3)], [1.0, 0.0])
    prepared = prepare(graph)
    assert prepared.search(Label(1), Label(3)).path == [Label(1), Label(2), Label(3)]
    with pytest.raises(wf.InvalidLocationError, match="Label\\(9\\) is not a node"):
        prepared.search(Label(9), Label(1))
    with pytest.raises(wf.InvalidLocationError, match="'x' is not a node"):
        prepared.search(Label(1), "x")


def test_prepare_dispatches_and_refuses_other_inputs():
    graph = wf.CSRGraph.from_edges([0], [1])
    assert isinstance(prepare(graph), PreparedGraph)
    grid = wf.Grid(np.ones((3, 3), bool), diagonal=True)
    assert isinstance(prepare(grid), wf.PreparedGrid)
    with pytest.raises(wf.InvalidParameterError, match=r"needs a Grid or a CSRGraph.*dict"):
        prepare({"a": ["b"]})
    with pytest.raises(wf.InvalidParameterError, match="method must be None, got 'x'"):
        prepare(graph, "x")
    with pytest.raises(wf.BudgetExhaustedError, match=r"max_seconds=0\.0 on this graph"):
        prepare(graph, max_seconds=0)


def test_repr_gives_the_size_memory_and_build_time():
    prepared = prepare(wf.CSRGraph.from_edges([0, 1], [1, 2]))
    assert repr(prepared) == (
        f"PreparedGraph(nodes=3, arcs={prepared.arcs}, shortcuts={prepared.shortcuts}, "
        f"nbytes={prepared.nbytes}, build_seconds={prepared.build_seconds:.3f})")


def test_save_load_round_trip(tmp_path):
    graph = _geometric(300, 8)
    prepared = prepare(graph)
    name = tmp_path / "g.prepared"
    prepared.save(name)
    loaded = PreparedGraph.load(name, graph)
    assert loaded.arcs == prepared.arcs and loaded.build_seconds == prepared.build_seconds
    for s, t in np.random.default_rng(1).integers(0, 300, (50, 2)).tolist():
        a, b = prepared.search(s, t), loaded.search(s, t)
        assert a.path == b.path and a.cost == b.cost


@pytest.mark.parametrize(("other", "message"), [
    (lambda: wf.CSRGraph.from_edges([0, 1, 2], [1, 2, 0]), "it has 4 nodes, this graph 3"),
    (lambda: wf.CSRGraph.from_edges([0, 1], [1, 2], nodes=range(4)),
     "it has 3 edges, this graph 2"),
    (lambda: wf.CSRGraph.from_edges([0, 1, 2], [1, 2, 3]),
     "the edges differ \\(same counts, other ends\\)"),
    (lambda: wf.CSRGraph.from_edges([0, 1, 3], [1, 2, 0], [1.0, 1.0, 2.0]),
     "the edge costs differ"),
])
def test_a_file_for_another_graph_is_refused(tmp_path, other, message):
    graph = wf.CSRGraph.from_edges([0, 1, 3], [1, 2, 0])
    name = tmp_path / "g.prepared"
    prepare(graph).save(name)
    with pytest.raises(wf.StaleDataError, match=f"was prepared for another graph: {message}"):
        PreparedGraph.load(name, other())


def _rewrite(source, target, **changes):
    with np.load(source) as archive:
        members = {key: archive[key] for key in archive.files}
    members.update(changes)
    with open(target, "wb") as handle:
        np.savez(handle, **members)


def test_damaged_files_are_refused(tmp_path):
    graph = _geometric(100, 2)
    name = tmp_path / "g.prepared"
    prepare(graph).save(name)
    with np.load(name) as archive:
        up_w, up_to = archive["up_w"].copy(), archive["up_to"].copy()
        up_mid, up_start = archive["up_mid"].copy(), archive["up_start"].copy()
    bad = tmp_path / "bad.prepared"
    first = int(np.flatnonzero(up_mid < 0)[0])
    up_w[first] += 1.0
    _rewrite(name, bad, up_w=up_w)
    with pytest.raises(wf.StaleDataError,
                       match=rf"bad\.prepared' is damaged: arc {first} is not an edge"):
        PreparedGraph.load(bad, graph)
    short = int(np.flatnonzero(up_mid >= 0)[0])
    up_w[first] -= 1.0
    up_w[short] += 1.0
    _rewrite(name, bad, up_w=up_w)
    with pytest.raises(wf.StaleDataError, match=f"shortcut {short} does not cost the sum"):
        PreparedGraph.load(bad, graph)
    wrong = up_to.copy()
    wrong[1] = 10**6
    _rewrite(name, bad, up_to=wrong)
    with pytest.raises(wf.StaleDataError, match="arc 1 has an end out of range"):
        PreparedGraph.load(bad, graph)
    wrong = up_mid.copy()
    wrong[short] = up_to[short]
    _rewrite(name, bad, up_mid=wrong)
    with pytest.raises(wf.StaleDataError, match=f"shortcut {short} does not unpack"):
        PreparedGraph.load(bad, graph)
    wrong = up_start.copy()
    wrong[-1] += 1
    _rewrite(name, bad, up_start=wrong)
    with pytest.raises(wf.StaleDataError, match="up_start must run from 0"):
        PreparedGraph.load(bad, graph)
    _rewrite(name, bad, order=np.zeros(100, np.int64))
    with pytest.raises(wf.StaleDataError, match="order is not a permutation"):
        PreparedGraph.load(bad, graph)
    _rewrite(name, bad, format_version=np.int64(7))
    with pytest.raises(wf.StaleDataError, match="format version 7"):
        PreparedGraph.load(bad, graph)
    bad.write_bytes(name.read_bytes()[:300])
    with pytest.raises(wf.StaleDataError, match="is not a prepared-graph file"):
        PreparedGraph.load(bad, graph)
    with pytest.raises(FileNotFoundError):
        PreparedGraph.load(tmp_path / "missing", graph)
    with pytest.raises(wf.InvalidParameterError, match=r"needs the CSRGraph.*Grid"):
        PreparedGraph.load(name, wf.Grid(np.ones((2, 2), bool)))


@settings(max_examples=examples(100), deadline=None)
@given(graphs(max_nodes=24), st.data())
def test_hierarchy_answers_equal_the_oracle_without_coordinates(case, data):
    # no coordinates: laid out by breadth-first cuts, queried without goal direction
    graph, edges, labels = case
    bare = wf.CSRGraph(graph.indptr, graph.indices, graph.costs, graph.labels,
                       directed=graph.directed)
    prepared = prepare(bare)
    assert prepared._goal[2] == 0
    start = data.draw(st.sampled_from(labels))
    oracle = shortest_costs(edges, [start])
    for goal in labels:
        r = prepared.search(start, goal)
        if goal != start and goal in oracle:
            assert r.found and math.isclose(r.cost, oracle[goal], abs_tol=1e-9)
            assert_valid_path(edges, r.path, [start], [goal], r.cost)
        elif goal != start:
            assert not r.found and r.reason is wf.StopReason.EXHAUSTED


def test_goal_direction_follows_the_metric_and_needs_a_positive_scale():
    order = np.array([1, 0])
    flat = wf.CSRGraph.from_edges([0], [1], [2.0], coordinates=[[0.0, 0.0], [1.0, 0.0]])
    coords, code, scale = goal_direction(flat, order)
    assert code == H_EUCLIDEAN and coords.tolist() == [[1.0, 0.0], [0.0, 0.0]]
    assert math.isclose(scale, 2.0, rel_tol=1e-9)
    globe = wf.CSRGraph.from_edges([0], [1], [2e5], coordinates=[[0.0, 0.0], [1.0, 0.0]],
                                   metric=wf.Metric.GREAT_CIRCLE)
    assert goal_direction(globe, order)[1] == H_GREAT_CIRCLE
    free = wf.CSRGraph.from_edges([0], [1], [0.0], coordinates=[[0.0, 0.0], [1.0, 0.0]])
    assert goal_direction(free, order)[1:] == (0, 0.0)
    assert goal_direction(wf.CSRGraph.from_edges([0], [1]), order)[1] == 0


def test_goal_directed_queries_on_a_globe_equal_dijkstra():
    rng = np.random.default_rng(11)
    n = 400
    lonlat = np.stack([rng.uniform(2.0, 3.0, n), rng.uniform(48.0, 49.0, n)], 1)
    d = np.hypot(lonlat[:, None, 0] - lonlat[None, :, 0],
                 lonlat[:, None, 1] - lonlat[None, :, 1])
    nbr = np.argsort(d, axis=1)[:, 1:5]
    src = np.repeat(np.arange(n), 4)
    dst = nbr.ravel()
    rad = np.pi / 180
    lat1, lat2 = lonlat[src, 1] * rad, lonlat[dst, 1] * rad
    h = (np.sin((lat2 - lat1) / 2) ** 2
         + np.cos(lat1) * np.cos(lat2) * np.sin((lonlat[dst, 0] - lonlat[src, 0]) * rad / 2) ** 2)
    metres = 2 * 6371008.8 * np.arcsin(np.sqrt(h)) * rng.choice([1.0, 1.3], src.shape[0])
    graph = wf.CSRGraph.from_edges(src, dst, metres, nodes=range(n), coordinates=lonlat,
                                   metric=wf.Metric.GREAT_CIRCLE)
    prepared = prepare(graph)
    prepared._goal = (prepared._goal[0], *goal_direction(graph, prepared._hierarchy.order))
    assert prepared._goal[2] == H_GREAT_CIRCLE
    for s, t in rng.integers(0, n, (150, 2)).tolist():
        want, got = wf.dijkstra(graph, s, t), prepared.search(s, t)
        assert got.found == want.found
        if want.found:
            assert math.isclose(got.cost, want.cost, rel_tol=1e-9)


def _octile_grid(k):
    """A k x k grid graph, 8 neighbours, costs = distances, (x, y) coordinates."""
    ids = np.arange(k * k).reshape(k, k)
    src, dst, cost = [], [], []
    for dy, dx in [(0, 1), (1, 0), (1, 1), (1, -1)]:
        a = ids[max(0, -dy):k - max(0, dy), max(0, -dx):k - max(0, dx)].ravel()
        b = ids[max(0, -dy) + dy:k - max(0, dy) + dy,
                max(0, -dx) + dx:k - max(0, dx) + dx].ravel()
        src += [a, b]
        dst += [b, a]
        cost += [np.full(a.size, math.hypot(dx, dy))] * 2
    ys, xs = np.divmod(np.arange(k * k), k)
    return wf.CSRGraph.from_edges(np.concatenate(src), np.concatenate(dst),
                                  np.concatenate(cost), nodes=range(k * k),
                                  coordinates=np.stack([xs, ys], 1).astype(float))


def test_queries_are_goal_directed_when_that_settles_half_the_nodes_or_fewer():
    graph = _octile_grid(40)  # an open mesh: goal direction settles far fewer nodes
    prepared = prepare(graph)
    order = prepared._hierarchy.order
    goal = (prepared._goal[0], *goal_direction(graph, order))
    plain = (prepared._goal[0], np.zeros((0, 2)), 0, 0.0)
    with_goal, without = prepared._sample_settled(goal), prepared._sample_settled(plain)
    assert with_goal <= GOAL_SETTLED * without and prepared._goal[2] == H_EUCLIDEAN
    line = wf.CSRGraph.from_edges(range(49), range(1, 50), coordinates=[(x, 0.0) for x in
                                                                        range(50)])
    assert prepare(line)._goal[2] == 0  # a path: nothing to gain (every node is on it)
    for s, t in np.random.default_rng(2).integers(0, 1600, (100, 2)).tolist():
        assert math.isclose(prepared.search(s, t).cost, wf.dijkstra(graph, s, t).cost)


@settings(max_examples=examples(100), deadline=None)
@given(graphs(max_nodes=24))
def test_hierarchies_numbered_by_level_pass_the_file_check(case):
    # the numbering by level keeps what loading checks: every shortcut unpacks through a
    # node numbered above both its ends, every list entry matches its arc
    from wayfinding.hierarchy import files as hierarchy_files

    graph, _edges, _labels = case
    h = prepare(graph)._hierarchy
    assert hierarchy_files.arcs_problem(h, graph.indptr, graph.indices, graph.costs) is None
