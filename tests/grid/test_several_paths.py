"""Issue 33's searches on grids (compiled: Yen and every optimal path over the grid's CSR
graph, bidirectional BFS, lazy reachability, IDA*, jump point search with corner cutting)
against the oracles and the generic tier on random grids under every movement rule."""

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
    grid_edges,
    k_cheapest_costs,
    optimal_paths,
    shortest_costs,
)
from ..strategies import GridCase, grid_cases


@st.composite
def tiny_grids(draw):
    """A grid of at most 3x3 cells (every loopless path can be listed) and its edges."""
    h, w = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    passable = np.array(draw(st.lists(st.booleans(), min_size=h * w, max_size=h * w)),
                        dtype=bool).reshape(h, w)
    passable[0, 0] = True
    costs = np.array(draw(st.lists(st.sampled_from([1.0, 2.0, 3.0]), min_size=h * w,
                                   max_size=h * w))).reshape(h, w)
    diagonal = draw(st.booleans())
    rule = draw(st.sampled_from(list(wf.CornerCutting)))
    grid = wf.Grid(passable, costs, diagonal=diagonal, corner_cutting=rule)
    edges = grid_edges(passable, costs, diagonal=diagonal, corner_cutting=rule.value)
    ys, xs = np.nonzero(passable)
    return GridCase(grid, edges, list(zip(xs.tolist(), ys.tolist(), strict=True)))


@given(tiny_grids(), st.data())
def test_k_shortest_paths_and_all_optimal_paths_equal_the_oracle(case, data):
    start = data.draw(st.sampled_from(case.cells))
    goal = data.draw(st.sampled_from(case.cells))
    k = wf.k_shortest_paths(case.grid, start, goal, 4)
    assert k.costs == pytest.approx(k_cheapest_costs(case.edges, start, goal, 4))
    for path, cost in k:
        assert len(set(path)) == len(path)
        assert_valid_path(case.edges, path, [start], [goal], cost)
    best = wf.all_shortest_paths(case.grid, start, goal)
    expected = optimal_paths(case.edges, start, [goal])
    assert {tuple(p) for p in best} == expected and best.count() == len(expected)


@given(grid_cases(), st.data())
def test_all_optimal_paths_on_larger_grids_equal_the_generic_tier(case, data):
    start = data.draw(st.sampled_from(case.cells))
    goal = data.draw(st.sampled_from(case.cells))
    ours = wf.all_shortest_paths(case.grid, start, goal)
    oracle = shortest_costs(case.edges, [start]).get(goal, math.inf)
    assert ours.cost == pytest.approx(oracle) or ours.cost == oracle
    if ours.path is None:
        return
    simple = wf.SimpleGraph({u: dict(out) for u, out in case.edges.items()})
    generic = wf.all_shortest_paths(simple, start, goal)
    assert ours.count() == generic.count()
    if ours.count() <= 500:
        assert {tuple(p) for p in ours} == {tuple(p) for p in generic}
    for path in itertools.islice(ours, 50):
        assert_valid_path(case.edges, path, [start], [goal], ours.cost)


@given(grid_cases(), st.data())
def test_bidirectional_bfs_and_reach_equal_the_oracle(case, data):
    start = data.draw(st.sampled_from(case.cells))
    goal = data.draw(st.sampled_from(case.cells))
    steps = fewest_steps(case.edges, [start])
    result = wf.bidirectional_bfs(case.grid, start, goal)
    assert result.cost == steps.get(goal, math.inf)
    if result.path is not None:
        unit = {u: [(v, 1.0) for v, _ in out] for u, out in case.edges.items()}
        assert_valid_path(unit, result.path, [start], [goal], result.cost)
        assert result.came_from[start] is None
    order = list(wf.bfs_reach(case.grid, start))
    assert set(order) == set(steps) and len(order) == len(steps)
    assert [steps[v] for v in order] == sorted(steps.values())
    costs = shortest_costs(case.edges, [start])
    items = list(wf.dijkstra_reach(case.grid, start))
    assert {i.location for i in items} == set(costs)
    assert [i.cost for i in items] == pytest.approx(sorted(costs.values()))


@given(grid_cases(), st.data())
def test_idastar_on_grids_is_optimal(case, data):
    start = data.draw(st.sampled_from(case.cells))
    goal = data.draw(st.sampled_from(case.cells))
    result = wf.idastar(case.grid, start, goal, max_expansions=200_000)
    if result.reason is wf.StopReason.MAX_EXPANSIONS:
        return  # IDA* can take exponentially long on open weighted grids
    expected = shortest_costs(case.edges, [start]).get(goal, math.inf)
    assert result.cost == pytest.approx(expected) or result.cost == expected
    if result.path is not None:
        assert_valid_path(case.edges, result.path, [start], [goal], result.cost)


@given(grid_cases(weighted=False, diagonal=True), st.data())
def test_jps_with_corner_cutting_is_optimal_and_gives_waypoints(case, data):
    if case.grid.corner_cutting is wf.CornerCutting.NEVER:
        return
    start = data.draw(st.sampled_from(case.cells))
    goal = data.draw(st.sampled_from(case.cells))
    m = case.grid.movement
    if not m.straight_cost <= m.diagonal_cost <= 2 * m.straight_cost:
        with pytest.raises(wf.UnsupportedGridError, match="straight_cost <= diagonal_cost"):
            wf.jps(case.grid, start, goal)
        return
    result = wf.jps(case.grid, start, goal)
    expected = shortest_costs(case.edges, [start]).get(goal, math.inf)
    assert result.cost == pytest.approx(expected) or result.cost == expected
    if result.path is not None:
        assert_valid_path(case.edges, result.path, [start], [goal], result.cost)
        assert wf.expand_path(result.waypoints) == result.path


@given(grid_cases(weighted=False), st.data())
def test_jps_waypoints_expand_to_the_path_on_every_rule(case, data):
    start = data.draw(st.sampled_from(case.cells))
    goal = data.draw(st.sampled_from(case.cells))
    try:
        result = wf.jps(case.grid, start, goal)
    except wf.UnsupportedGridError:
        return
    if result.found:
        assert wf.expand_path(result.waypoints) == result.path
        assert result.waypoints[0] == start and result.waypoints[-1] == goal
    else:
        assert result.waypoints is None


def test_jps_with_corner_cutting_refuses_weighted_grids_and_keeps_budgets():
    weighted = wf.Grid.from_ascii(".2.\n...", diagonal=True,
                                  corner_cutting=wf.CornerCutting.ALWAYS)
    with pytest.raises(wf.UnsupportedGridError, match="every cell to cost the same"):
        wf.jps(weighted, (0, 0), (2, 0))
    grid = wf.Grid.from_ascii(".#.\n#..", diagonal=True,
                              corner_cutting=wf.CornerCutting.ONE_FREE)
    assert wf.jps(grid, (0, 0), (2, 0), max_seconds=0).reason is wf.StopReason.MAX_SECONDS
    assert wf.jps(grid, (0, 0), (2, 0)).path is None  # both corners blocked
    assert wf.jps(grid, (1, 1), (1, 1)).waypoints == [(1, 1)]


def test_terrain_classes_are_followed_by_the_compiled_searches():
    grid = wf.Grid.from_ascii("..WW..\n..WW..\n......", diagonal=True)  # W: water
    assert grid.several_classes
    generic = wf.SimpleGraph({c: grid.neighbors(c) for c in itertools.product(range(6),
                                                                              range(3))
                              if grid.passable(c)})
    assert wf.bidirectional_bfs(grid, (0, 0), (5, 0)).cost == \
        wf.breadth_first_search(generic, (0, 0), (5, 0)).cost
    assert set(wf.bfs_reach(grid, (2, 0))) == set(wf.bfs_reach(generic, (2, 0)))
    assert wf.idastar(grid, (0, 0), (5, 0)).cost == pytest.approx(
        wf.astar(grid, (0, 0), (5, 0)).cost)
    assert wf.all_shortest_paths(grid, (0, 0), (5, 0)).cost == pytest.approx(
        wf.astar(grid, (0, 0), (5, 0)).cost)


@pytest.mark.parametrize("call", [
    lambda g: wf.k_shortest_paths(g, (0, 0), (1, 1), 2),
    lambda g: wf.all_shortest_paths(g, (0, 0), (1, 1)),
    lambda g: wf.bidirectional_bfs(g, (0, 0), (1, 1)),
    lambda g: list(wf.bfs_reach(g, (1, 1))),
    lambda g: list(wf.dijkstra_reach(g, (1, 1))),
    lambda g: wf.idastar(g, (1, 1), (0, 0)),
])
def test_a_wall_as_start_or_goal_raises(call):
    grid = wf.Grid.from_ascii("..\n.#")
    with pytest.raises(wf.InvalidLocationError, match=r"\(1, 1\) is a wall"):
        call(grid)


def test_idastar_on_a_grid_keeps_its_budgets_and_grows_its_frames():
    grid = wf.SquareGrid(40, 40, diagonal=True)
    assert wf.idastar(grid, (0, 0), (39, 39)).cost == pytest.approx(39 * math.sqrt(2))
    long = wf.Grid.from_ascii("\n".join("." * 300 for _ in range(2)))
    assert wf.idastar(long, (0, 0), (299, 1)).cost == 300.0
    maze = wf.Grid.from_ascii(".....\n.###.\n.#...\n.#.##\n.....", diagonal=True)
    stopped = wf.idastar(maze, (0, 0), (2, 2), max_expansions=3)
    assert stopped.reason is wf.StopReason.MAX_EXPANSIONS and stopped.path is None
    assert wf.idastar(maze, (0, 0), (2, 2), max_seconds=0).reason is \
        wf.StopReason.MAX_SECONDS
