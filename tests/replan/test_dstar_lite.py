"""D* Lite: after random edits and moves its path costs what a fresh search finds."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding.errors import InvalidLocationError, InvalidParameterError
from wayfinding.fields import flow_field
from wayfinding.io.movingai import matches_optimal, read_map, read_scenarios
from wayfinding.replan import DStarLite

from ..reference import assert_valid_path, grid_edges, shortest_costs
from ..strategies import grid_cases

DATA = Path(__file__).resolve().parents[1] / "data"


def oracle_edges(grid: wf.Grid):
    return grid_edges(grid.passable_mask, grid.costs, diagonal=grid.diagonal,
                      straight_cost=grid.straight_cost, diagonal_cost=grid.diagonal_cost,
                      corner_cutting=grid.corner_cutting.value)


def assert_optimal(planner: DStarLite, grid: wf.Grid) -> None:
    edges = oracle_edges(grid)
    expected = shortest_costs(edges, [planner.start]).get(planner.goal, math.inf)
    if expected == math.inf:
        assert planner.path is None and planner.cost == math.inf
    else:
        assert math.isclose(planner.cost, expected, rel_tol=1e-9, abs_tol=1e-9)
        assert_valid_path(edges, planner.path, [planner.start], [planner.goal], planner.cost)


EDITS = st.sampled_from(["wall", "floor", "cost", "advance", "advance"])
COSTS = [0.0, 0.5, 1.0, 2.0, 7.0, 2.25]


def edit_and_replan(planner: DStarLite, grid: wf.Grid, data, whole_grid: bool,
                    costs: list[float]) -> None:
    """Random edits and moves; after each the plan must be a fresh search's."""
    assert_optimal(planner, grid)
    for _ in range(data.draw(st.integers(1, 8))):
        action = data.draw(EDITS)
        if action == "advance":
            path = planner.path
            if path is not None and len(path) > 1:
                planner.advance(path[1])
                assert_optimal(planner, grid)
            continue
        cell = (data.draw(st.integers(0, grid.width - 1)),
                data.draw(st.integers(0, grid.height - 1)))
        if action == "wall":
            if cell == planner.start:
                continue
            grid.set_wall(cell)
        elif action == "floor":
            grid.set_wall(cell, wall=False)
        else:
            grid.set_cost(cell, data.draw(st.sampled_from(costs)))
        planner.update(None if whole_grid else [cell])
        assert_optimal(planner, grid)


@pytest.mark.parametrize("whole_grid", [False, True], ids=["cells", "diff"])
@given(case=grid_cases(), data=st.data())
def test_paths_equal_a_fresh_search_after_random_edits(whole_grid, case, data):
    grid = case.grid
    start = data.draw(st.sampled_from(case.cells))
    goal = data.draw(st.sampled_from(case.cells))
    edit_and_replan(DStarLite(grid, start, goal), grid, data, whole_grid, COSTS)


@pytest.mark.parametrize("whole_grid", [False, True], ids=["cells", "diff"])
@given(case=grid_cases(), data=st.data())
def test_incremental_repairs_with_positive_costs(whole_grid, case, data):
    """Without zero-cost cells updates are repaired incrementally: no re-plan at all on
    unweighted grids (on weighted ones a cell cheaper than any before still restarts)."""
    old = case.grid
    costs = None if old.costs is None else np.maximum(old.costs, 0.25)
    grid = wf.Grid(old.passable_mask, costs, diagonal=old.diagonal,
                   straight_cost=old.straight_cost, diagonal_cost=old.diagonal_cost,
                   corner_cutting=old.corner_cutting)
    start = data.draw(st.sampled_from(case.cells))
    goal = data.draw(st.sampled_from(case.cells))
    planner = DStarLite(grid, start, goal)
    edit_and_replan(planner, grid, data, whole_grid, [10.0, 12.5])
    if costs is None:
        assert planner.replans == 0


def test_zero_cost_cells_replan_from_scratch():
    """Regression (found by hypothesis): two zero-cost cells kept each other's old g
    after the wall at (1, 0) cut their way out; the incremental repair found no path."""
    costs = np.array([[7, 3, 3, 8, 8], [3, 7, 2, 5, 4], [5, 5, 4, 5, 3], [6, 0, 0, 2, 2],
                      [7, 7, 2, 1, 7], [4, 2, 6, 6, 2]], dtype=float)
    grid = wf.Grid(np.ones((6, 5), bool), costs)
    planner = DStarLite(grid, (3, 2), (0, 0))
    assert planner.cost == 19.0
    grid.set_wall((1, 0))
    planner.update([(1, 0)])
    assert planner.replans == 1
    assert planner.cost == 22.0 == wf.dijkstra(grid, (3, 2), (0, 0)).cost
    assert planner.path[:4] == [(3, 2), (3, 3), (2, 3), (1, 3)]


@st.composite
def open_grids(draw):
    """Larger, mostly open 8-way grids: octile ties everywhere (keys tie in exact
    arithmetic and differ in float rounding)."""
    import numpy as np

    w, h = draw(st.integers(10, 24)), draw(st.integers(10, 24))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    passable = rng.random((h, w)) >= draw(st.sampled_from([0.0, 0.1, 0.2]))
    costs = None
    if draw(st.booleans()):
        costs = rng.choice([1.0, 1.0, 2.0, 3.0], size=(h, w))
    return wf.Grid(passable, costs, diagonal=True,
                   corner_cutting=draw(st.sampled_from(list(wf.CornerCutting))))


@given(open_grids(), st.data())
def test_replanning_on_open_grids_blocking_the_path(grid, data):
    ys, xs = grid.passable_mask.nonzero()
    cells = list(zip(xs.tolist(), ys.tolist(), strict=True))
    start, goal = data.draw(st.sampled_from(cells)), data.draw(st.sampled_from(cells))
    planner = DStarLite(grid, start, goal)
    for _ in range(4):
        path = planner.path
        if path is None or len(path) < 3:
            break
        planner.advance(path[data.draw(st.integers(0, len(path) // 2))])
        path = planner.path
        blocked = path[data.draw(st.integers(1, len(path) - 2))] if len(path) > 2 else None
        if blocked is not None:
            grid.set_wall(blocked)
            planner.update([blocked])
        expected = flow_field(grid, goal).cost_from(planner.start)
        if expected == math.inf:
            assert planner.path is None
        else:
            assert math.isclose(planner.cost, expected, rel_tol=1e-9)
            assert not wf.path_blocked(grid, planner.path)
            assert planner.path[0] == planner.start and planner.path[-1] == goal


def test_counters():
    grid = wf.Grid.from_ascii("\n".join(["." * 20] * 12), diagonal=True)
    planner = DStarLite(grid, (0, 6), (19, 6))
    first = planner.last_expanded
    assert first > 0 and planner.expanded == first
    grid.set_wall((19, 0))  # far from anything the search touched
    planner.update([(19, 0)])
    assert planner.last_expanded == 0
    planner.update([])
    assert planner.last_expanded == 0 and planner.expanded == first
    grid.set_wall((5, 6))
    planner.update([(5, 6)])
    assert planner.last_expanded > 0 and planner.expanded == first + planner.last_expanded
    assert (5, 6) not in planner.path


def test_cheaper_cell_restarts_the_planner():
    grid = wf.Grid.from_ascii("""
    2222
    2222
    """)
    planner = DStarLite(grid, (0, 0), (3, 1))
    assert planner.cost == 8.0 and planner.replans == 0
    grid.set_cost((1, 0), 0.5)
    planner.update([(1, 0)])
    assert planner.replans == 1 and planner.cost == 6.5


def test_start_equals_goal_and_unreachable():
    grid = wf.Grid.from_ascii("..#.")
    assert DStarLite(grid, (1, 0), (1, 0)).path == [(1, 0)]
    blocked = DStarLite(grid, (0, 0), (3, 0))
    assert blocked.path is None and blocked.cost == math.inf
    grid.set_wall((2, 0), wall=False)
    blocked.update([(2, 0)])
    assert blocked.path == [(0, 0), (1, 0), (2, 0), (3, 0)] and blocked.cost == 3.0


def test_unit_walks_to_the_goal_while_walls_appear():
    grid = wf.Grid.from_ascii("\n".join(["." * 12] * 8))
    planner = DStarLite(grid, (0, 0), (11, 7))
    walls = [(3, 0), (3, 1), (3, 2), (6, 7), (6, 6), (9, 3)]
    steps = 0
    while planner.start != planner.goal:
        if walls:
            grid.set_wall(walls.pop(0))
            planner.update()
        planner.advance(planner.path[1])
        steps += 1
        assert_optimal(planner, grid)
    assert steps >= 18


def test_repr():
    planner = DStarLite(wf.Grid.from_ascii("..."), (0, 0), (2, 0))
    assert repr(planner).startswith("DStarLite(start=(0, 0), goal=(2, 0), cost=2.0")


@pytest.mark.parametrize(("args", "error", "match"), [
    (((0, 0), (9, 0)), InvalidLocationError, r"goal \(9, 0\) is outside the 3x1 grid"),
    (((1, 0), (2, 0)), InvalidLocationError, r"start \(1, 0\) is a wall"),
    (("a", (2, 0)), InvalidLocationError, "start must be an"),
])
def test_bad_start_or_goal(args, error, match):
    with pytest.raises(error, match=match):
        DStarLite(wf.Grid.from_ascii(".#."), *args)


def test_not_a_grid():
    with pytest.raises(InvalidParameterError, match="DStarLite needs a Grid, got SimpleGraph"):
        DStarLite(wf.SimpleGraph({1: [2]}), 1, 2)


def test_bad_advance_and_update():
    planner = DStarLite(wf.Grid.from_ascii(".#."), (0, 0), (2, 0))
    with pytest.raises(InvalidLocationError, match=r"new start \(1, 0\) is a wall"):
        planner.advance((1, 0))
    with pytest.raises(InvalidLocationError, match=r"new start \(5, 0\) is outside"):
        planner.advance((5, 0))
    with pytest.raises(InvalidLocationError, match=r"changed cell \(0, 3\) is outside"):
        planner.update([(0, 3)])


@pytest.mark.parametrize("name", ["den009d", "lak307d"])
def test_dao_maps_replan_after_blocking_the_path(name):
    grid = read_map(DATA / "maps" / "dao" / f"{name}.map")
    scenarios = read_scenarios(DATA / "scenarios" / "dao" / f"{name}.map.scen")
    for scenario in scenarios[-40::8]:
        planner = DStarLite(grid, scenario.start, scenario.goal)
        assert matches_optimal(planner.cost, scenario)
        path = planner.path
        planner.advance(path[len(path) // 3])
        blocked = path[len(path) // 3 + 3]
        if blocked == scenario.goal:
            continue
        grid.set_wall(blocked)
        planner.update([blocked])
        expected = flow_field(grid, scenario.goal).cost_from(planner.start)
        assert math.isclose(planner.cost, expected, rel_tol=1e-9)
        assert not wf.path_blocked(grid, planner.path)
        grid.set_wall(blocked, wall=False)
        planner.update([blocked])
        assert math.isclose(planner.cost, flow_field(grid, scenario.goal)
                            .cost_from(planner.start), rel_tol=1e-9)
