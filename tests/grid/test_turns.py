"""A* with a turn penalty against a brute-force (cell, heading) oracle."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding.errors import InvalidLocationError, InvalidParameterError
from wayfinding.grid.turns import astar_turns

from ..oracles import count_turns, turn_costs
from ..reference import assert_valid_path, path_cost
from ..strategies import grid_cases


@given(grid_cases(), st.data())
def test_turn_penalty_paths_are_optimal(case, data):
    start = data.draw(st.sampled_from(case.cells))
    goals = data.draw(st.lists(st.sampled_from(case.cells), min_size=1, max_size=2))
    turn_cost = data.draw(st.sampled_from([0.0, 0.5, 1.0, 3.0, 25.0]))
    result = astar_turns(case.grid, start, goals if len(goals) > 1 else goals[0],
                         turn_cost=turn_cost)
    best = turn_costs(case.edges, start, turn_cost)
    expected = min(best.get(g, math.inf) for g in goals)
    if expected == math.inf:
        assert result.path is None and result.cost == math.inf
        return
    assert math.isclose(result.cost, expected, rel_tol=1e-9, abs_tol=1e-9)
    path = result.path
    turns = count_turns(path)
    assert result.turns == turns
    assert_valid_path(case.edges, path, [start], goals, path_cost(case.edges, path))
    assert math.isclose(path_cost(case.edges, path) + turn_cost * turns, result.cost,
                        rel_tol=1e-9, abs_tol=1e-9)
    assert wf.reconstruct_path(result.came_from, start, path[-1]) == path


@given(grid_cases(), st.data())
def test_zero_turn_cost_is_plain_astar(case, data):
    start, goal = data.draw(st.sampled_from(case.cells)), data.draw(st.sampled_from(case.cells))
    plain = wf.astar(case.grid, start, goal)
    turned = astar_turns(case.grid, start, goal, turn_cost=0)
    assert turned.cost == plain.cost or math.isclose(turned.cost, plain.cost, rel_tol=1e-9)


def test_fewer_turns_with_a_penalty():
    grid = wf.Grid.from_ascii("\n".join(["." * 8] * 8))
    plain = astar_turns(grid, (0, 0), (7, 7), turn_cost=0)
    straight = astar_turns(grid, (0, 0), (7, 7), turn_cost=2)
    assert straight.turns == 1 and straight.cost == 16.0
    assert plain.cost == 14.0


def test_start_is_goal():
    result = astar_turns(wf.Grid.from_ascii(".."), (1, 0), [(1, 0), (0, 0)], turn_cost=1)
    assert result.path == [(1, 0)] and result.cost == 0.0 and result.expanded == 0


@pytest.mark.parametrize("turn_cost", [-1, math.nan, math.inf, "1", True])
def test_bad_turn_cost(turn_cost):
    with pytest.raises(InvalidParameterError, match="turn_cost must be finite and >= 0"):
        astar_turns(wf.Grid.from_ascii(".."), (0, 0), (1, 0), turn_cost=turn_cost)


@pytest.mark.parametrize(("goal", "error", "match"), [
    (lambda c: True, InvalidParameterError, "goal must be a cell or a non-empty list"),
    ([], InvalidParameterError, "goal must be a cell or a non-empty list"),
    ((1, 0), InvalidLocationError, r"goal \(1, 0\) is a wall"),
])
def test_bad_goals(goal, error, match):
    with pytest.raises(error, match=match):
        astar_turns(wf.Grid.from_ascii(".#"), (0, 0), goal, turn_cost=1)


def test_not_a_grid():
    with pytest.raises(InvalidParameterError, match="astar_turns needs a Grid"):
        astar_turns(wf.SimpleGraph({1: [2]}), 1, 2, turn_cost=1)


@pytest.mark.parametrize("max_seconds", [0.0, 0.02])
def test_a_time_budget_stops_the_search(max_seconds):
    # a wall cuts the goal off: the search would fill the rest (seconds)
    grid = wf.Grid.from_ascii("\n".join(["." * 298 + "#."] * 300), diagonal=True)
    result = astar_turns(grid, (0, 0), (299, 299), turn_cost=1.0, max_seconds=max_seconds)
    assert result.path is None and result.reason is wf.StopReason.MAX_SECONDS
    small = astar_turns(grid, (0, 0), (3, 0), turn_cost=1.0, max_seconds=60.0)
    assert small.cost == 3.0


@pytest.mark.parametrize("max_seconds", [-1.0, math.inf, "1"])
def test_bad_time_budget(max_seconds):
    with pytest.raises(InvalidParameterError, match="max_seconds must be"):
        astar_turns(wf.Grid.from_ascii("..."), (0, 0), (2, 0), max_seconds=max_seconds)
