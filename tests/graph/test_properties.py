"""Every algorithm against the oracle on random weighted digraphs."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf

from ..reference import assert_valid_path, fewest_steps, shortest_costs
from ..strategies import as_edges, weighted_digraphs


def _endpoints(graph, data):
    return data.draw(st.sampled_from(sorted(graph))), data.draw(st.sampled_from(sorted(graph)))


def _reverse(edges):
    reverse = {u: [] for u in edges}
    for u, out in edges.items():
        for v, c in out:
            reverse.setdefault(v, []).append((u, c))
    return reverse


def _scaled_heuristic(edges, goal, factor):
    """An admissible (and consistent) heuristic: ``factor`` x the true cost to the goal."""
    to_goal = shortest_costs(_reverse(edges), [goal])
    return lambda a, b: factor * to_goal[a] if a in to_goal else 0.0


@given(weighted_digraphs(), st.data())
def test_dijkstra_cost_equals_oracle(graph, data):
    edges = as_edges(graph)
    start, goal = _endpoints(graph, data)
    result = wf.dijkstra(wf.SimpleGraph(graph), start, goal)
    expected = shortest_costs(edges, [start]).get(goal, math.inf)
    assert math.isclose(result.cost, expected, abs_tol=1e-9) or result.cost == expected
    if result.path is None:
        assert expected == math.inf
    else:
        assert_valid_path(edges, result.path, [start], [goal], result.cost)


@given(weighted_digraphs(), st.data())
def test_dijkstra_flood_equals_oracle_from_several_starts(graph, data):
    starts = data.draw(st.lists(st.sampled_from(sorted(graph)), min_size=1, max_size=3))
    result = wf.dijkstra(wf.SimpleGraph(graph), starts)
    expected = shortest_costs(as_edges(graph), starts)
    assert set(result.cost_so_far) == set(expected)
    for location, cost in expected.items():
        assert math.isclose(result.cost_so_far[location], cost, abs_tol=1e-9)


@given(weighted_digraphs(), st.data(), st.floats(0.0, 1.0))
def test_astar_admissible_heuristic_equals_oracle(graph, data, factor):
    edges = as_edges(graph)
    start, goal = _endpoints(graph, data)
    heuristic = _scaled_heuristic(edges, goal, factor)
    result = wf.astar(wf.SimpleGraph(graph), start, goal, heuristic=heuristic)
    expected = shortest_costs(edges, [start]).get(goal, math.inf)
    if expected == math.inf:
        assert result.path is None and result.cost == math.inf
    else:
        assert math.isclose(result.cost, expected, abs_tol=1e-9)
        assert_valid_path(edges, result.path, [start], [goal], result.cost)


@given(weighted_digraphs(), st.data(), st.floats(1.0, 5.0))
def test_weighted_astar_within_weight_of_optimal(graph, data, weight):
    edges = as_edges(graph)
    start, goal = _endpoints(graph, data)
    heuristic = _scaled_heuristic(edges, goal, 1.0)
    result = wf.astar(wf.SimpleGraph(graph), start, goal, heuristic=heuristic, weight=weight)
    expected = shortest_costs(edges, [start]).get(goal, math.inf)
    if expected == math.inf:
        assert result.path is None
    else:
        assert result.cost <= weight * expected + 1e-9
        assert_valid_path(edges, result.path, [start], [goal], result.cost)


@given(weighted_digraphs(), st.data())
def test_bfs_gives_fewest_steps(graph, data):
    edges = as_edges(graph)
    start, goal = _endpoints(graph, data)
    result = wf.breadth_first_search(wf.SimpleGraph(graph), start, goal)
    expected = fewest_steps(edges, [start]).get(goal, math.inf)
    assert result.cost == expected
    if result.path is not None:
        assert len(result.path) - 1 == expected
        assert_valid_path({u: [(v, 1.0) for v, _ in out] for u, out in edges.items()},
                          result.path, [start], [goal], expected)


@given(weighted_digraphs(), st.data())
def test_greedy_finds_a_path_exactly_when_one_exists(graph, data):
    edges = as_edges(graph)
    start, goal = _endpoints(graph, data)
    result = wf.greedy_best_first(wf.SimpleGraph(graph), start, goal,
                                  heuristic=lambda a, b: abs(a - b))
    reachable = goal in shortest_costs(edges, [start])
    assert (result.path is not None) == reachable
    if reachable:
        assert_valid_path(edges, result.path, [start], [goal], result.cost)
