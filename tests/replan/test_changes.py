"""path_blocked: an old path against the grid as it is now."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding.errors import InvalidParameterError
from wayfinding.replan import path_blocked

from ..strategies import grid_cases


def _still_valid(edges, grid, path):
    """Oracle: every cell passable, every step an edge of the grid as it is now."""
    for a, b in pairwise(path):
        if a != b and b not in {v for v, _ in edges.get(a, [])}:
            return False
    return all(grid.passable(c) for c in path)


@given(grid_cases(), st.data())
def test_matches_the_edge_oracle_after_random_edits(case, data):
    grid = case.grid
    start, goal = data.draw(st.sampled_from(case.cells)), data.draw(st.sampled_from(case.cells))
    path = wf.astar(grid, start, goal).path
    if path is None:
        return
    assert not path_blocked(grid, path)
    for _ in range(data.draw(st.integers(1, 3))):
        cell = (data.draw(st.integers(0, grid.width - 1)),
                data.draw(st.integers(0, grid.height - 1)))
        grid.set_wall(cell, wall=data.draw(st.booleans()))
    from ..reference import grid_edges

    edges = grid_edges(grid.passable_mask, grid.costs, diagonal=grid.diagonal,
                       corner_cutting=grid.corner_cutting.value)
    assert path_blocked(grid, path) == (not _still_valid(edges, grid, path))


@pytest.mark.parametrize(("rule", "blocked"), [
    (wf.CornerCutting.NEVER, True),
    (wf.CornerCutting.ONE_FREE, False),
    (wf.CornerCutting.ALWAYS, False),
])
def test_corner_rules(rule, blocked):
    grid = wf.Grid.from_ascii("""
    .#
    ..
    """, diagonal=True, corner_cutting=rule)
    assert path_blocked(grid, [(0, 0), (1, 1)]) is blocked


def test_diagonal_step_on_a_four_way_grid():
    assert path_blocked(wf.Grid.from_ascii("..\n.."), [(0, 0), (1, 1)])


def test_off_grid_wall_waits_and_costs():
    grid = wf.Grid.from_ascii("...")
    assert path_blocked(grid, [(0, 0), (-1, 0)])
    assert not path_blocked(grid, [(0, 0), (0, 0), (1, 0)])  # waiting is fine
    grid.set_cost((1, 0), 9)
    assert not path_blocked(grid, [(0, 0), (1, 0)])  # dearer, still walkable
    grid.set_wall((1, 0))
    assert path_blocked(grid, [(1, 0)])


def test_waypoint_paths_use_line_of_sight():
    grid = wf.Grid.from_ascii("""
    .....
    .....
    .....
    """, diagonal=True)
    waypoints = [(0, 0), (4, 2)]
    assert not path_blocked(grid, waypoints)
    grid.set_wall((2, 1))
    assert path_blocked(grid, waypoints)


@pytest.mark.parametrize("path", [[], None, "ab", [(0, 0.5)], [(1, 2, 3)], [[0, 0], "x"]])
def test_bad_paths(path):
    with pytest.raises(InvalidParameterError, match="path must be a"):
        path_blocked(wf.Grid.from_ascii("..."), path)


def test_numpy_path_is_accepted():
    grid = wf.Grid.from_ascii("...")
    assert not path_blocked(grid, np.array([[0, 0], [1, 0]]))
    assert not path_blocked(grid, [(np.int64(1), np.int64(0)), (2, 0)])
