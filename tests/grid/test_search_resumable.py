"""GridAStarSearch: a compiled search spread over many steps ends exactly where astar does."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding._kernels import codes
from wayfinding.errors import InvalidLocationError, InvalidParameterError
from wayfinding.grid import search
from wayfinding.grid.resumable import GridAStarSearch

from ..reference import assert_valid_path, path_cost, shortest_costs
from ..strategies import grid_cases

CORRIDOR = """
........
.######.
........
"""


def run_in_slices(s: GridAStarSearch, sizes: list[int], case=None) -> None:
    for size in sizes:
        if s.step(max_expansions=size):
            return
        path = s.partial_path()
        if case is not None:
            assert_valid_path(case.edges, path, s._starts_xy, [path[-1]],
                              path_cost(case.edges, path))
    while not s.step(max_expansions=5):
        pass


@given(grid_cases(), st.data(), st.lists(st.integers(0, 6), max_size=25),
       st.sampled_from([1.0, 1.0, 1.5, 3.0]))
def test_finished_search_equals_astar_whatever_the_steps(case, data, sizes, weight):
    start = data.draw(st.sampled_from(case.cells))
    goal = data.draw(st.sampled_from(case.cells))
    s = GridAStarSearch(case.grid, start, goal, weight=weight)
    s._starts_xy = [start]
    run_in_slices(s, sizes, case)
    expected = search.astar(case.grid, start, goal, weight=weight)
    assert s.done and s.result is not None
    assert s.result.cost == expected.cost or math.isclose(s.result.cost, expected.cost)
    if expected.path is not None:
        assert s.result.path == expected.path and s.result.expanded == expected.expanded
        assert s.partial_path() == expected.path
    else:
        assert s.result.path is None
        assert s.reason is expected.reason  # DISCONNECTED too: the components shortcut


@given(grid_cases(), st.data(), st.lists(st.integers(1, 4), max_size=10))
def test_several_starts_and_goals(case, data, sizes):
    starts = data.draw(st.lists(st.sampled_from(case.cells), min_size=1, max_size=3))
    goals = data.draw(st.lists(st.sampled_from(case.cells), min_size=1, max_size=3))
    s = GridAStarSearch(case.grid, starts, set(goals))
    s._starts_xy = starts
    run_in_slices(s, sizes, case)
    dist = shortest_costs(case.edges, starts)
    expected = min(dist.get(g, math.inf) for g in goals)
    assert s.result.cost == pytest.approx(expected) if expected < math.inf else \
        s.result.cost == math.inf


@given(grid_cases(), st.data(), st.integers(0, 15))
def test_astar_partial_paths_end_at_the_reported_location(case, data, budget):
    start = data.draw(st.sampled_from(case.cells))
    goal = data.draw(st.sampled_from(case.cells))
    limit = data.draw(st.sampled_from([None, 2.0, 5.0]))
    result = search.astar(case.grid, start, goal, max_expansions=budget, max_cost=limit,
                          partial=True)
    assert result.path is not None and result.goal == result.path[-1]
    assert_valid_path(case.edges, result.path, [start], [result.goal], result.cost)
    if result.partial:
        assert result.reason in (wf.StopReason.MAX_EXPANSIONS, wf.StopReason.MAX_COST,
                                 wf.StopReason.EXHAUSTED)
        h = case.grid.heuristic
        best = min(h(loc, goal) for loc in result.cost_so_far)
        assert h(result.goal, goal) == pytest.approx(best)
    if limit is not None:
        assert result.cost <= limit


def test_partial_path_moves_towards_the_goal():
    grid = wf.Grid.from_ascii(CORRIDOR)
    s = GridAStarSearch(grid, (0, 0), (7, 2))
    assert s.partial_path() == [(0, 0)] and s.reason is None and s.expanded == 0
    assert not s.step(max_expansions=4)
    assert s.reason is wf.StopReason.MAX_EXPANSIONS and s.expanded == 4
    path = s.partial_path()
    (x, y) = path[-1]
    assert path[0] == (0, 0) and len(path) == 5 and (7 - x) + (2 - y) == 5  # 4 steps nearer
    assert s.step() and s.reason is wf.StopReason.FOUND
    assert s.result.cost == 9.0 and s.step()  # stepping a finished search is harmless


def test_unreachable_goal_ends_at_once_by_the_components():
    grid = wf.Grid.from_ascii("""
    ...#.
    ...#.
    """)
    s = GridAStarSearch(grid, (0, 0), (4, 1))
    assert s.done and s.step() and s.expanded == 0
    assert s.result.path is None and s.reason is wf.StopReason.DISCONNECTED
    assert s.partial_path() == [(0, 0)]
    closest = wf.astar(grid, (0, 0), (4, 1), partial=True)  # the way to get near it
    assert closest.path[-1] == (2, 1) and closest.reason is wf.StopReason.EXHAUSTED


def test_time_budget():
    grid = wf.Grid(np.ones((300, 300), bool), diagonal=True)
    s = GridAStarSearch(grid, (0, 0), (299, 299), heuristic=wf.heuristics.zero)
    assert not s.step(max_seconds=0.0)  # zero work
    assert s.reason is wf.StopReason.MAX_SECONDS and s.expanded == 0
    assert not s.step(max_seconds=1e-3)
    assert s.reason is wf.StopReason.MAX_SECONDS and s.expanded > 0
    while not s.step(max_seconds=0.05):
        pass
    assert s.result.cost == pytest.approx(299 * math.sqrt(2))


def test_integer_costs_use_the_bucket_queue_and_resume():
    grid = wf.Grid(np.ones((40, 40), bool), diagonal=True, straight_cost=10, diagonal_cost=14)
    s = GridAStarSearch(grid, (0, 0), (39, 20))
    assert s._iparams[codes.GI_FRONTIER] == codes.FRONTIER_BUCKET
    while not s.step(max_expansions=7):
        pass
    assert s.result.cost == search.astar(grid, (0, 0), (39, 20)).cost == 20 * 14 + 19 * 10


def test_later_edits_do_not_change_a_running_search():
    grid = wf.Grid.from_ascii(CORRIDOR)
    s = GridAStarSearch(grid, (0, 0), (7, 2))
    s.step(max_expansions=2)
    grid.set_wall((7, 1))
    assert s.step().__bool__() and s.result.cost == 9.0


@pytest.mark.parametrize("goal", [lambda loc: loc == (7, 2), [(7, 2)]], ids=["predicate", "list"])
def test_predicates_and_unknown_heuristics_use_the_generic_engine(goal):
    grid = wf.Grid.from_ascii(CORRIDOR)
    s = GridAStarSearch(grid, (0, 0), goal, heuristic=lambda a, b: 0.0)
    assert s._generic is not None
    assert not s.step(max_expansions=1) and s.partial_path()[0] == (0, 0)
    while not s.step(max_expansions=3):
        pass
    assert s.done and s.result.cost == 9.0 and s.expanded > 0
    assert s.reason is wf.StopReason.FOUND


@pytest.mark.parametrize(("kwargs", "error", "match"), [
    ({"start": (9, 0)}, InvalidLocationError, r"start \(9, 0\) is outside"),
    ({"goal": (1, 1)}, InvalidLocationError, r"goal \(1, 1\) is a wall"),
    ({"weight": -1}, InvalidParameterError, "weight must be finite and >= 0"),
    ({"max_cost": math.nan}, InvalidParameterError, "max_cost must be finite"),
])
def test_bad_input(kwargs, error, match):
    grid = wf.Grid.from_ascii(CORRIDOR)
    args = {"start": (0, 0), "goal": (7, 2), **kwargs}
    with pytest.raises(error, match=match):
        GridAStarSearch(grid, args.pop("start"), args.pop("goal"), **args)


def test_bad_step_budget():
    s = GridAStarSearch(wf.Grid.from_ascii(CORRIDOR), (0, 0), (7, 2))
    with pytest.raises(InvalidParameterError, match="max_expansions must be a whole number"):
        s.step(max_expansions=1.5)
