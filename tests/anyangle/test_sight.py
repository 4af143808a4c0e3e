"""Line of sight, string pulling and Theta*, against an exact geometric oracle."""

from __future__ import annotations

import math
from itertools import pairwise

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding.anyangle import euclidean_length, line_of_sight, smooth_path, theta_star
from wayfinding.errors import InvalidLocationError, InvalidParameterError, UnsupportedGridError

from ..oracles import sees
from ..reference import shortest_costs
from ..strategies import grid_cases


def _rule(grid):
    return grid.corner_cutting.value if grid.diagonal else "never"


@given(grid_cases(), st.data())
def test_line_of_sight_matches_exact_oracle(case, data):
    a = (data.draw(st.integers(0, case.grid.width - 1)),
         data.draw(st.integers(0, case.grid.height - 1)))
    b = data.draw(st.sampled_from(case.cells))
    expected = sees(case.grid.passable_mask, a, b, _rule(case.grid))
    assert line_of_sight(case.grid, a, b) == expected
    assert line_of_sight(case.grid, b, a) == expected


@given(grid_cases())
def test_every_grid_step_is_in_sight(case):
    for a, out in case.edges.items():
        for b, _ in out:
            assert line_of_sight(case.grid, a, b)


def _weighted_sum(grid, path):
    """Length x cost for segments inside a region of one cost (what smoothing pulls)."""
    costs = grid.costs
    total = 0.0
    for a, b in pairwise(path):
        c = 1.0 if costs is None else float(costs[b[1], b[0]])
        total += c * math.hypot(b[0] - a[0], b[1] - a[1])
    return total


@given(grid_cases(), st.data())
def test_smoothed_paths_are_sight_chains_never_longer(case, data):
    start, goal = data.draw(st.sampled_from(case.cells)), data.draw(st.sampled_from(case.cells))
    path = wf.astar(case.grid, start, goal).path
    if path is None:
        return
    smooth = smooth_path(case.grid, path)
    assert smooth[0] == path[0] and smooth[-1] == path[-1]
    positions = [path.index(p) for p in smooth]
    assert positions == sorted(positions)  # waypoints are path cells, in order
    rule = _rule(case.grid)
    for a, b in pairwise(smooth):
        assert sees(case.grid.passable_mask, a, b, rule)
    assert euclidean_length(smooth) <= euclidean_length(path) + 1e-9
    if case.grid.costs is not None:
        costs = case.grid.costs
        for a, b in pairwise(smooth):
            if max(abs(b[0] - a[0]), abs(b[1] - a[1])) > 1:  # a pulled segment
                i, j = path.index(a), path.index(b)
                assert len({float(costs[y, x]) for x, y in path[i:j + 1]}) == 1
        assert _weighted_sum(case.grid, smooth) <= _weighted_sum(case.grid, path) + 1e-9
    again = smooth_path(case.grid, smooth)  # greedy pulling may find a little more
    assert euclidean_length(again) <= euclidean_length(smooth) + 1e-9


@st.composite
def uniform_grids(draw):
    h, w = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    passable = rng.random((h, w)) >= draw(st.sampled_from([0.0, 0.2, 0.35]))
    passable[rng.integers(h), rng.integers(w)] = True
    diagonal = draw(st.booleans())
    straight = draw(st.sampled_from([1.0, 10.0]))
    uniform = draw(st.sampled_from([None, 3.0]))
    costs = None if uniform is None else np.full((h, w), uniform)
    grid = wf.Grid(passable, costs, diagonal=diagonal, straight_cost=straight,
                   diagonal_cost=straight * math.sqrt(2.0),
                   corner_cutting=draw(st.sampled_from(list(wf.CornerCutting))))
    return grid, 1.0 if uniform is None else uniform


@given(uniform_grids(), st.data())
def test_theta_star_paths_are_sight_chains_never_longer_than_astar(case, data):
    grid, cell_cost = case
    ys, xs = grid.passable_mask.nonzero()
    cells = list(zip(xs.tolist(), ys.tolist(), strict=True))
    start, goal = data.draw(st.sampled_from(cells)), data.draw(st.sampled_from(cells))
    result = theta_star(grid, start, goal)
    from ..reference import grid_edges

    edges = grid_edges(grid.passable_mask, grid.costs, diagonal=grid.diagonal,
                       straight_cost=grid.straight_cost, diagonal_cost=grid.diagonal_cost,
                       corner_cutting=grid.corner_cutting.value)
    best = shortest_costs(edges, [start]).get(goal, math.inf)
    if best == math.inf:
        assert result.path is None and result.cost == math.inf
        return
    path = result.path
    assert path[0] == start and path[-1] == goal
    for a, b in pairwise(path):
        assert sees(grid.passable_mask, a, b, _rule(grid))
    unit = grid.straight_cost * cell_cost
    assert math.isclose(result.cost, unit * euclidean_length(path), rel_tol=1e-9,
                        abs_tol=1e-9)
    assert result.cost <= best + 1e-9 * max(1.0, best)
    assert result.came_from[start] is None and result.cost_so_far[goal] == result.cost


def test_theta_star_goes_straight_across_open_ground():
    grid = wf.Grid(np.ones((6, 9), bool), diagonal=True)
    result = theta_star(grid, (0, 0), (8, 5))
    assert result.path == [(0, 0), (8, 5)]
    assert math.isclose(result.cost, math.hypot(8, 5))
    assert result.cost < wf.astar(grid, (0, 0), (8, 5)).cost


def test_theta_star_start_is_goal():
    result = theta_star(wf.Grid.from_ascii("..", diagonal=True), (1, 0), (1, 0))
    assert result.path == [(1, 0)] and result.cost == 0.0


@pytest.mark.parametrize(("grid", "match"), [
    (wf.Grid.from_ascii("15", diagonal=True), "every passable cell to cost the same"),
    (wf.Grid.from_ascii("..", diagonal=True, diagonal_cost=1.0), r"sqrt\(2\) \* straight_cost"),
])
def test_theta_star_unsupported_grids(grid, match):
    with pytest.raises(UnsupportedGridError, match=match):
        theta_star(grid, (0, 0), (1, 0))


def test_theta_star_names_the_costs_as_plain_numbers():
    with pytest.raises(UnsupportedGridError, match=r"range from 1\.0 to 5\.0 \(use") as error:
        theta_star(wf.Grid.from_ascii("15", diagonal=True), (0, 0), (1, 0))
    assert "np.float64" not in str(error.value)


def test_theta_star_bad_endpoints():
    with pytest.raises(InvalidLocationError, match=r"goal \(1, 0\) is a wall"):
        theta_star(wf.Grid.from_ascii(".#"), (0, 0), (1, 0))


@pytest.mark.parametrize("max_seconds", [0.0, 0.02])
def test_theta_star_time_budget_stops_the_search(max_seconds):
    # a wall cuts the goal off: the search would fill the rest (seconds)
    grid = wf.Grid.from_ascii("\n".join(["." * 298 + "#."] * 300), diagonal=True)
    result = theta_star(grid, (0, 0), (299, 299), max_seconds=max_seconds)
    assert result.path is None and result.reason is wf.StopReason.MAX_SECONDS
    assert theta_star(grid, (0, 0), (3, 0), max_seconds=60.0).cost == 3.0


@pytest.mark.parametrize("max_seconds", [-1.0, math.nan, "1"])
def test_theta_star_bad_time_budget(max_seconds):
    with pytest.raises(InvalidParameterError, match="max_seconds must be"):
        theta_star(wf.Grid.from_ascii("..."), (0, 0), (2, 0), max_seconds=max_seconds)


def test_smooth_path_single_cell_and_errors():
    grid = wf.Grid.from_ascii("""
    ...
    .#.
    """, diagonal=True)
    assert smooth_path(grid, [(2, 1)]) == [(2, 1)]
    with pytest.raises(InvalidParameterError, match=r"path\[0\] \(0, 0\) and path\[1\] "
                                                    r"\(2, 1\) are not in line of sight"):
        smooth_path(grid, [(0, 0), (2, 1)])
    with pytest.raises(InvalidLocationError, match=r"path\[0\] \(1, 1\) is a wall"):
        smooth_path(grid, [(1, 1)])
    with pytest.raises(InvalidLocationError, match=r"path\[1\] \(5, 0\) is outside"):
        smooth_path(grid, [(0, 0), (5, 0)])
    with pytest.raises(InvalidParameterError, match="path must be a non-empty sequence"):
        smooth_path(grid, [])


def test_line_of_sight_errors_and_walls():
    grid = wf.Grid.from_ascii(".#.")
    assert not line_of_sight(grid, (1, 0), (1, 0))
    with pytest.raises(InvalidLocationError, match=r"b \(3, 0\) is outside"):
        line_of_sight(grid, (0, 0), (3, 0))
