"""AStarSearch: a search spread over many calls ends exactly where astar does."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding.examples import FOREST_GOAL, FOREST_START, forest_grid

from .reference import path_cost
from .strategies import as_edges, grid_cases, weighted_digraphs


def _same_cost(a, b):
    return a == b == math.inf or a == pytest.approx(b, abs=1e-9)


def _run(search, sizes):
    for size in sizes:
        if search.step(max_expansions=size):
            return
        path = search.partial_path()
        assert path[0] is not None
    while not search.step(max_expansions=3):
        pass


@given(grid_cases(), st.data(), st.lists(st.integers(0, 5), max_size=30))
def test_finished_search_equals_astar_on_grids(case, data, sizes):
    start = data.draw(st.sampled_from(case.cells))
    goal = data.draw(st.sampled_from(case.cells))
    search = wf.AStarSearch(case.grid, start, goal)
    _run(search, sizes)
    expected = wf.astar(case.grid, start, goal)
    assert search.done and _same_cost(search.result.cost, expected.cost)
    if search.result.path is not None:
        assert path_cost(case.edges, search.result.path) == pytest.approx(search.result.cost)


@given(weighted_digraphs(), st.data(), st.lists(st.integers(0, 4), max_size=20))
def test_finished_search_equals_astar_on_graphs(graph, data, sizes):
    start = data.draw(st.sampled_from(sorted(graph)))
    goal = data.draw(st.sampled_from(sorted(graph)))
    search = wf.AStarSearch(wf.SimpleGraph(graph), start, goal)
    _run(search, sizes)
    expected = wf.astar(wf.SimpleGraph(graph), start, goal)
    assert _same_cost(search.result.cost, expected.cost)
    if search.result.path is not None:
        assert path_cost(as_edges(graph), search.result.path) == pytest.approx(expected.cost)


def test_partial_paths_are_valid_and_move_towards_the_goal():
    forest = forest_grid()
    search = wf.AStarSearch(forest, FOREST_START, FOREST_GOAL)
    assert not search.step(max_expansions=5) and search.result is None
    assert search.reason is wf.StopReason.MAX_EXPANSIONS and search.expanded == 5
    path = search.partial_path()
    assert path[0] == FOREST_START
    for a, b in itertools.pairwise(path):
        assert b in forest.neighbors(a)
    assert search.step() and search.result.cost == 16.0 and search.done


def test_time_budget_per_frame():
    search = wf.AStarSearch(wf.SquareGrid(60, 60), (0, 0), (59, 59))
    frames = 0
    while not search.step(max_seconds=0.0005):
        frames += 1
    assert search.result.cost == 118.0


def test_bad_start_is_refused_up_front():
    with pytest.raises(wf.InvalidLocationError, match=r"start \(9, 9\) is outside"):
        wf.AStarSearch(wf.SquareGrid(3, 3), (9, 9), (0, 0))
