"""Yen's k shortest paths, every optimal path, path counting, Bellman-Ford and Johnson on
the generic tier, against the brute-force oracles of ``tests/reference.py`` and networkx on
random weighted digraphs."""

from __future__ import annotations

import itertools
import math

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf

from ..reference import (
    assert_valid_path,
    count_first_goal_paths,
    k_cheapest_costs,
    optimal_paths,
    path_cost,
    signed_costs,
)
from ..strategies import as_edges, endpoints, networkx_digraph, weighted_digraphs

K = 6


@st.composite
def signed_digraphs(draw):
    """``{u: {v: cost}}`` on 1..7 locations with integer costs from -4 to 9."""
    n = draw(st.integers(1, 7))
    return {u: {v: float(draw(st.integers(-4, 9)))
                for v in draw(st.lists(st.integers(0, n - 1), max_size=3, unique=True))}
            for u in range(n)}


def check_k_paths(edges, result, start, goal, k):
    """Costs are the oracle's k cheapest, nondecreasing; paths loopless and valid."""
    expected = k_cheapest_costs(edges, start, goal, k)
    assert len(result.paths) == len(expected)
    for got, want in zip(result.costs, expected, strict=True):
        assert math.isclose(got, want, rel_tol=1e-9, abs_tol=1e-9)
    assert all(a <= b + 1e-9 for a, b in itertools.pairwise(result.costs))
    assert len({tuple(p) for p in result.paths}) == len(result.paths)
    for path, cost in result:
        assert len(set(path)) == len(path), f"path {path} has a loop"
        assert_valid_path(edges, path, [start], [goal], cost)
    full = len(expected) == k
    assert result.reason is (wf.StopReason.FOUND if full else wf.StopReason.EXHAUSTED)


@given(weighted_digraphs(), st.data())
def test_k_shortest_paths_equal_the_oracle(graph, data):
    start, goal = endpoints(graph, data)
    result = wf.k_shortest_paths(wf.SimpleGraph(graph), start, goal, K)
    check_k_paths(as_edges(graph), result, start, goal, K)


@given(weighted_digraphs(), st.data())
def test_shortest_simple_paths_cost_as_networkx(graph, data):
    start, goal = endpoints(graph, data)
    ours = list(itertools.islice(wf.shortest_simple_paths(wf.SimpleGraph(graph), start,
                                                          goal), K))
    G = networkx_digraph(graph)
    if start == goal:
        assert ours == [[start]]
        return
    try:
        theirs = list(itertools.islice(nx.shortest_simple_paths(G, start, goal, "weight"), K))
    except nx.NetworkXNoPath:
        theirs = []
    edges = as_edges(graph)
    assert [path_cost(edges, p) for p in ours] == pytest.approx(
        [nx.path_weight(G, p, "weight") for p in theirs])


@given(weighted_digraphs(), st.data())
def test_all_shortest_paths_equal_the_oracle_and_networkx(graph, data):
    start, goal = endpoints(graph, data)
    result = wf.all_shortest_paths(wf.SimpleGraph(graph), start, goal)
    expected = optimal_paths(as_edges(graph), start, [goal])
    assert {tuple(p) for p in result} == expected
    assert result.count() == len(expected)
    if expected:
        assert result.path is not None and tuple(result.path) in expected
        assert result.goals == [goal]
    else:
        assert result.path is None and result.reason is wf.StopReason.EXHAUSTED
    integral = all(c == int(c) for out in graph.values() for c in out.values())
    if integral and expected and start != goal:  # exact ties: networkx compares exactly
        theirs = {tuple(p) for p in nx.all_shortest_paths(networkx_digraph(graph), start, goal,
                                                          weight="weight")}
        assert theirs == expected


@given(weighted_digraphs(), st.data())
def test_all_shortest_paths_flood_gives_every_target(graph, data):
    start = data.draw(st.sampled_from(sorted(graph)))
    result = wf.all_shortest_paths(wf.SimpleGraph(graph), start)
    edges = as_edges(graph)
    for target in result.predecessors:
        expected = optimal_paths(edges, start, [target])
        assert {tuple(p) for p in result.paths(to=target)} == expected
        assert result.count(to=target) == len(expected)


@given(weighted_digraphs(), st.data())
def test_all_shortest_paths_with_a_heuristic_equal_the_oracle(graph, data):
    start, goal = endpoints(graph, data)
    edges = as_edges(graph)
    back = {}
    for u, out in edges.items():
        for v, c in out:
            back.setdefault(v, []).append((u, c))
    from ..reference import shortest_costs

    to_goal = shortest_costs(back, [goal])  # exact: admissible and consistent
    result = wf.all_shortest_paths(wf.SimpleGraph(graph), start, goal,
                                   heuristic=lambda a, b: to_goal.get(a, 0.0))
    assert {tuple(p) for p in result} == optimal_paths(edges, start, [goal])


@st.composite
def dags(draw):
    """``{u: [v, ...]}`` with edges only from smaller to larger numbers (no cycles)."""
    n = draw(st.integers(1, 9))
    return {u: draw(st.lists(st.integers(u + 1, n - 1), unique=True, max_size=4))
            if u + 1 < n else [] for u in range(n)}


@given(dags(), st.data())
def test_count_paths_equals_the_oracle(dag, data):
    start = data.draw(st.sampled_from(sorted(dag)))
    goals = data.draw(st.lists(st.sampled_from(sorted(dag)), min_size=1, max_size=2))
    edges = {u: [(v, 1.0) for v in out] for u, out in dag.items()}
    assert wf.count_paths(wf.SimpleGraph(dag), start, goals) == count_first_goal_paths(
        edges, start, goals)


def test_count_paths_refuses_a_cycle_on_the_way_and_ignores_others():
    g = wf.SimpleGraph({"s": ["a", "x"], "a": ["b"], "b": ["a", "t"], "x": ["y"],
                        "y": ["x"]})
    with pytest.raises(wf.InvalidParameterError, match=r"the cycle .* lies on paths"):
        wf.count_paths(g, "s", "t")
    assert wf.count_paths(wf.SimpleGraph({"s": ["t", "x"], "x": ["y"], "y": ["x"]}), "s",
                          "t") == 1


@given(signed_digraphs(), st.data())
def test_bellman_ford_equals_the_oracle_and_networkx(graph, data):
    start, goal = endpoints(graph, data)
    edges = as_edges(graph)
    expected = signed_costs(edges, [start])
    g = wf.SimpleGraph(graph, negative_costs=True)
    G = networkx_digraph(graph)
    if expected is None:
        with pytest.raises(wf.NegativeCycleError) as caught:
            wf.bellman_ford(g, start)
        cycle = caught.value.cycle
        assert cycle[0] == cycle[-1] and path_cost(edges, cycle) < 0
        assert math.isclose(caught.value.cost, path_cost(edges, cycle))
        assert wf.find_negative_cycle(g, start) == cycle
        assert nx.negative_edge_cycle(G.subgraph(nx.descendants(G, start) | {start}).copy())
        return
    result = wf.bellman_ford(g, start, goal)
    assert set(result.cost_so_far) == set(expected)
    for location, cost in expected.items():
        assert result.cost_so_far[location] == pytest.approx(cost)
    theirs = nx.single_source_bellman_ford_path_length(G, start)
    assert dict(result.cost_so_far) == pytest.approx(theirs)
    if goal in expected:
        assert_valid_path(edges, result.path, [start], [goal], result.cost)
        assert result.cost == pytest.approx(expected[goal])
    else:
        assert result.path is None and result.reason is wf.StopReason.EXHAUSTED
    assert wf.find_negative_cycle(g, start) is None


@given(signed_digraphs(), st.data())
def test_johnson_equals_bellman_ford_from_each_source(graph, data):
    edges = as_edges(graph)
    sources = data.draw(st.lists(st.sampled_from(sorted(graph)), min_size=1, max_size=3,
                                 unique=True))
    g = wf.SimpleGraph(graph, negative_costs=True)
    expected = {s: signed_costs(edges, [s]) for s in sources}
    if any(costs is None for costs in expected.values()):
        with pytest.raises(wf.NegativeCycleError):
            wf.johnson(g, sources)
        return
    answers = wf.johnson(g, sources)
    assert set(answers) == set(sources)
    for s in sources:
        assert dict(answers[s].cost_so_far) == pytest.approx(expected[s])
        for v in expected[s]:
            path = wf.reconstruct_path(answers[s].came_from, s, v)
            assert path_cost(edges, path) == pytest.approx(expected[s][v])


def test_johnson_over_every_location_of_a_networkx_graph():
    G = nx.DiGraph([("a", "b", {"weight": -2}), ("b", "c", {"weight": 3}),
                    ("c", "a", {"weight": 1})])
    ours = wf.johnson(G)
    theirs = nx.johnson(G)
    for s in G:
        for t, path in theirs[s].items():
            assert ours[s].cost_so_far[t] == nx.path_weight(G, path, "weight")


def test_unorderable_locations_are_never_compared():
    a, b, c, d = (object() for _ in range(4))
    g = wf.SimpleGraph({a: {b: 1, c: 1}, b: {d: 1}, c: {d: 1}})
    assert wf.k_shortest_paths(g, a, d, 3).costs == [2.0, 2.0]
    assert wf.all_shortest_paths(g, a, d).count() == 2
