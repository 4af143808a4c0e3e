"""The compiled CSR forms of issue 33's searches (Yen, every optimal path, Bellman-Ford,
Johnson, bidirectional BFS, lazy reachability) against the brute-force oracles on random
graphs (unorderable labels, parallel edges, self-loops and zero costs included), and the
refusal of negative costs by every other CSR search."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf

from ..reference import (
    assert_valid_path,
    fewest_steps,
    k_cheapest_costs,
    optimal_paths,
    path_cost,
    shortest_costs,
    signed_costs,
)
from .test_properties import graphs

K = 5


def _simple(edges):
    """The oracle's edges as a CSRGraph keeps them: no self-loops, the cheapest of
    parallel edges."""
    cheapest = {}
    for u, out in edges.items():
        for v, c in out:
            if u != v:
                cheapest[u, v] = min(c, cheapest.get((u, v), math.inf))
    simple = {u: [] for u in edges}
    for (u, v), c in cheapest.items():
        simple[u].append((v, c))
    return simple


@given(graphs(max_nodes=8), st.data())
def test_k_shortest_paths_equal_the_oracle(case, data):
    graph, edges, labels = case
    edges = _simple(edges)
    start, goal = data.draw(st.sampled_from(labels)), data.draw(st.sampled_from(labels))
    result = wf.k_shortest_paths(graph, start, goal, K)
    expected = k_cheapest_costs(edges, start, goal, K)
    assert result.costs == pytest.approx(expected)
    assert all(a <= b + 1e-9 for a, b in itertools.pairwise(result.costs))
    assert len({tuple(p) for p in result.paths}) == len(result.paths)
    for path, cost in result:
        assert len(set(path)) == len(path)
        assert_valid_path(edges, path, [start], [goal], cost)
    assert result.reason is (wf.StopReason.FOUND if len(expected) == K
                             else wf.StopReason.EXHAUSTED)
    lazy = list(itertools.islice(wf.shortest_simple_paths(graph, start, goal), K))
    assert [path_cost(edges, p) for p in lazy] == pytest.approx(expected)


@given(graphs(max_nodes=8), st.data(), st.booleans())
def test_all_shortest_paths_equal_the_oracle(case, data, guided):
    graph, edges, labels = case
    edges = _simple(edges)
    start, goal = data.draw(st.sampled_from(labels)), data.draw(st.sampled_from(labels))
    heuristic = None
    if guided:  # exact costs to the goal: admissible
        back = {}
        for u, out in edges.items():
            for v, c in out:
                back.setdefault(v, []).append((u, c))
        to_goal = shortest_costs(back, [goal])
        heuristic = np.array([to_goal.get(x, np.inf) for x in labels])
        heuristic[np.isinf(heuristic)] = 1e9
    result = wf.all_shortest_paths(graph, start, goal, heuristic=heuristic)
    expected = optimal_paths(edges, start, [goal])
    assert {tuple(p) for p in result} == expected
    assert result.count() == len(expected)
    assert (result.path is None) == (not expected)


@given(graphs(max_nodes=8), st.data())
def test_all_shortest_paths_flood_equals_the_generic_tier(case, data):
    graph, edges, labels = case
    start = data.draw(st.sampled_from(labels))
    ours = wf.all_shortest_paths(graph, start)
    generic = wf.all_shortest_paths(wf.SimpleGraph(
        {u: {v: c for v, c in out} for u, out in _simple(edges).items()}), start)
    assert set(ours.predecessors) == set(generic.predecessors)
    for v in generic.predecessors:
        assert sorted(map(repr, ours.predecessors[v])) == sorted(
            map(repr, generic.predecessors[v]))
        assert ours.count(to=v) == generic.count(to=v)


@st.composite
def signed_graphs(draw):
    n = draw(st.integers(1, 7))
    m = draw(st.integers(0, 2 * n))
    pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)),
                          min_size=m, max_size=m))
    costs = draw(st.lists(st.integers(-4, 9).map(float), min_size=m, max_size=m))
    graph = wf.CSRGraph.from_edges([a for a, _ in pairs], [b for _, b in pairs], costs,
                                   nodes=range(n), negative_costs=True)
    edges = {u: [] for u in range(n)}
    for (a, b), c in zip(pairs, costs, strict=True):
        edges[a].append((b, c))
    return graph, edges, n


@given(signed_graphs(), st.data())
def test_bellman_ford_and_johnson_equal_the_oracle(case, data):
    graph, edges, n = case
    start = data.draw(st.integers(0, n - 1))
    expected = signed_costs(edges, [start])
    if expected is None:
        with pytest.raises(wf.NegativeCycleError) as caught:
            wf.bellman_ford(graph, start)
        cycle = caught.value.cycle
        assert cycle[0] == cycle[-1] and path_cost(edges, cycle) < 0
        assert wf.find_negative_cycle(graph, start) == cycle
        with pytest.raises(wf.NegativeCycleError):
            wf.johnson(graph, [start])
        return
    result = wf.bellman_ford(graph, start)
    assert dict(result.cost_so_far) == pytest.approx(expected)
    assert wf.find_negative_cycle(graph, start) is None
    row = wf.johnson(graph, [start])[start]
    assert dict(row.cost_so_far) == pytest.approx(expected)
    for v in expected:
        path = wf.reconstruct_path(row.came_from, start, v)
        assert path_cost(edges, path) == pytest.approx(expected[v])


@given(graphs(), st.data())
def test_bidirectional_bfs_and_reach_equal_the_oracle(case, data):
    graph, edges, labels = case
    start, goal = data.draw(st.sampled_from(labels)), data.draw(st.sampled_from(labels))
    steps = fewest_steps(edges, [start])
    result = wf.bidirectional_bfs(graph, start, goal)
    assert result.cost == steps.get(goal, math.inf)
    if result.path is not None:
        unit = {u: [(v, 1.0) for v, _ in out] for u, out in edges.items()}
        assert_valid_path(unit, result.path, [start], [goal], result.cost)
    order = list(wf.bfs_reach(graph, start))
    assert len(order) == len(steps) and set(order) == set(steps)
    assert [steps[v] for v in order] == sorted(steps.values())
    costs = shortest_costs(edges, [start])
    items = list(wf.dijkstra_reach(graph, start))
    assert {i.location for i in items} == set(costs)
    assert [i.cost for i in items] == pytest.approx(sorted(costs.values()))
    for item in items:
        assert item.cost == pytest.approx(costs[item.location])


def test_reach_on_a_large_graph_works_in_slices():
    n = 200_000
    graph = wf.CSRGraph.from_edges(np.arange(n - 1), np.arange(1, n))
    first = list(itertools.islice(wf.bfs_reach(graph, 0), 5))
    assert first == [0, 1, 2, 3, 4]
    assert sum(1 for _ in wf.dijkstra_reach(graph, 0)) == n


NEGATIVE = wf.CSRGraph.from_edges(["a", "b", "a"], ["b", "c", "c"], [1.0, -2.0, 4.0],
                                  negative_costs=True)


@pytest.mark.parametrize("call", [
    lambda g: wf.dijkstra(g, "a", "c"),
    lambda g: wf.dijkstra(g, "a"),
    lambda g: wf.dijkstra(g, "a", targets=["c"]),
    lambda g: wf.astar(g, "a", "c"),
    lambda g: wf.greedy_best_first(g, "a", "c", heuristic=np.zeros(3)),
    lambda g: wf.bidirectional_dijkstra(g, "a", "c"),
    lambda g: wf.bidirectional_astar(g, "a", "c"),
    lambda g: wf.landmarks(g, 1),
    lambda g: wf.prepare(g),
    lambda g: wf.batch.dijkstra(g, np.array([0]), np.array([2])),
    lambda g: wf.csr.distances(g, "a"),
    lambda g: wf.k_shortest_paths(g, "a", "c", 2),
    lambda g: wf.all_shortest_paths(g, "a", "c"),
    lambda g: list(wf.dijkstra_reach(g, "a")),
    lambda g: wf.idastar(g, "a", "c"),
    lambda g: wf.fringe_search(g, "a", "c"),
    lambda g: wf.beam_search(g, "a", "c", beam_width=2),
])
def test_every_other_search_refuses_negative_costs(call):
    with pytest.raises(wf.InvalidCostError, match=r"-> 'c' must be finite and >= 0, got -2\.0"):
        call(NEGATIVE)


def test_searches_that_ignore_costs_take_negative_costs():
    assert wf.breadth_first_search(NEGATIVE, "a", "c").cost == 1.0
    assert wf.bidirectional_bfs(NEGATIVE, "a", "c").cost == 1.0
    assert list(wf.bfs_reach(NEGATIVE, "a")) == ["a", "b", "c"]
    assert wf.bellman_ford(NEGATIVE, "a", "c").cost == -1.0
    assert wf.johnson(NEGATIVE)["a"].cost_so_far["c"] == -1.0


@pytest.mark.parametrize(("build", "message"), [
    (lambda: wf.CSRGraph.from_edges([0], [1], [-1.0]), "negative_costs=True"),
    (lambda: wf.CSRGraph.from_edges([0], [1], [-np.inf], negative_costs=True),
     "must be finite, got -inf"),
    (lambda: wf.CSRGraph.from_scipy(np.array([[0, -1.0], [0, 0]])), "negative_costs=True"),
])
def test_negative_costs_are_refused_unless_asked_for(build, message):
    with pytest.raises(wf.InvalidCostError, match=message):
        build()


def test_a_negative_self_loop_is_a_negative_cycle():
    graph = wf.CSRGraph.from_edges([0, 1], [1, 1], [1.0, -1.0], negative_costs=True)
    with pytest.raises(wf.NegativeCycleError, match=r"negative cycle 1 -> 1 \(total cost"):
        wf.bellman_ford(graph, 0)
    assert wf.CSRGraph.from_edges([0, 1], [1, 1], [1.0, 1.0]).edge_count == 1


@pytest.mark.parametrize(("call", "message"), [
    (lambda g: wf.k_shortest_paths(g, 0, None, 2), "k shortest paths need a goal"),
    (lambda g: wf.k_shortest_paths(g, [0, 1], 2, 2), r"take one start, got \[0, 1\]"),
    (lambda g: wf.k_shortest_paths(g, 0, 2, 0), "k must be a whole number >= 1, got 0"),
    (lambda g: wf.k_shortest_paths(g, 0, 9, 2), "9"),
])
def test_compiled_yen_refuses_bad_arguments_naming_them(call, message):
    graph = wf.CSRGraph.from_edges([0, 1], [1, 2], [1.0, 1.0])
    with pytest.raises(wf.WayfindingError, match=message):
        call(graph)


@pytest.mark.parametrize("negative", [False, True])
def test_costs_that_could_overflow_a_path_are_refused_negative_ones_by_size(negative):
    # three edges of 1e307 in size: a path could reach 3e307, above COST_SUM_LIMIT; with
    # negative costs a path may sink as far as it may rise, so sizes count
    costs = [-1e307, 1e307, -1e307] if negative else [1e307] * 3
    with pytest.raises(wf.InvalidCostError, match="edge costs are too large"):
        wf.CSRGraph.from_edges([0, 1, 2], [1, 2, 3], costs, negative_costs=negative)
    small = wf.CSRGraph.from_edges([0, 1], [1, 2], [-1e6, 2e6], negative_costs=True)
    assert wf.bellman_ford(small, 0, 2).cost == 1e6
