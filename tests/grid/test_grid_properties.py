"""Every algorithm against the oracle on random grids, for every movement rule."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf

from ..reference import assert_valid_path, fewest_steps, path_cost, shortest_costs
from ..strategies import grid_cases


def _endpoints(case, data):
    start = data.draw(st.sampled_from(case.cells))
    goal = data.draw(st.sampled_from(case.cells))
    return start, goal


@given(grid_cases(), st.data())
def test_dijkstra_equals_oracle(case, data):
    start, goal = _endpoints(case, data)
    result = wf.dijkstra(case.grid, start, goal)
    expected = shortest_costs(case.edges, [start]).get(goal, math.inf)
    if expected == math.inf:
        assert result.path is None and result.cost == math.inf
    else:
        assert math.isclose(result.cost, expected, rel_tol=1e-9, abs_tol=1e-9)
        assert_valid_path(case.edges, result.path, [start], [goal], result.cost)


@given(grid_cases(), st.data())
def test_dijkstra_flood_equals_oracle_for_every_cell(case, data):
    starts = data.draw(st.lists(st.sampled_from(case.cells), min_size=1, max_size=3))
    result = wf.dijkstra(case.grid, starts)
    expected = shortest_costs(case.edges, starts)
    assert set(result.cost_so_far) == set(expected)
    for cell, cost in expected.items():
        assert math.isclose(result.cost_so_far[cell], cost, rel_tol=1e-9, abs_tol=1e-9)


@given(grid_cases(), st.data())
def test_astar_default_heuristic_equals_oracle(case, data):
    start, goal = _endpoints(case, data)
    result = wf.astar(case.grid, start, goal)
    expected = shortest_costs(case.edges, [start]).get(goal, math.inf)
    if expected == math.inf:
        assert result.path is None and result.cost == math.inf
    else:
        assert math.isclose(result.cost, expected, rel_tol=1e-9, abs_tol=1e-9)
        assert_valid_path(case.edges, result.path, [start], [goal], result.cost)


@given(grid_cases(), st.data(), st.floats(1.0, 4.0))
def test_weighted_astar_within_weight_of_optimal(case, data, weight):
    start, goal = _endpoints(case, data)
    result = wf.astar(case.grid, start, goal, weight=weight)
    expected = shortest_costs(case.edges, [start]).get(goal, math.inf)
    if expected == math.inf:
        assert result.path is None
    else:
        assert result.cost <= weight * expected + 1e-9
        assert_valid_path(case.edges, result.path, [start], [goal], result.cost)


@given(grid_cases(), st.data())
def test_bfs_gives_fewest_steps(case, data):
    start, goal = _endpoints(case, data)
    result = wf.breadth_first_search(case.grid, start, goal)
    expected = fewest_steps(case.edges, [start]).get(goal, math.inf)
    assert result.cost == expected
    if result.path is not None:
        assert len(result.path) - 1 == expected
        assert_valid_path(case.edges, result.path, [start], [goal], path_cost(case.edges,
                                                                               result.path))


@given(grid_cases(), st.data())
def test_greedy_finds_a_path_exactly_when_one_exists(case, data):
    start, goal = _endpoints(case, data)
    result = wf.greedy_best_first(case.grid, start, goal)
    reachable = goal in shortest_costs(case.edges, [start])
    assert (result.path is not None) == reachable
    if reachable:
        assert_valid_path(case.edges, result.path, [start], [goal], result.cost)

