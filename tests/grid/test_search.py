"""The grid entry points: validation, fallbacks, heuristics, result views, early exits."""

from __future__ import annotations

import functools
import math
import subprocess
import sys

import numpy as np
import pytest

import wayfinding as wf
from wayfinding import heuristics
from wayfinding._kernels import codes
from wayfinding.errors import InvalidLocationError, InvalidParameterError
from wayfinding.graph import astar as generic_astar
from wayfinding.grid import _engine as engine
from wayfinding.grid import search
from wayfinding.grid import spec as grid_spec
from wayfinding.grid.views import CameFromView, CostSoFarView

MAZE = """
.....#....
.###.#.##.
.#...#..#.
.#.####.#.
.#......#.
.######.#.
........#.
"""
FOREST = """
.........
.55555...
.5###5...
.55555...
.........
"""


@pytest.fixture
def maze() -> wf.Grid:
    return wf.Grid.from_ascii(MAZE, diagonal=True)


@pytest.fixture
def split() -> wf.Grid:
    return wf.Grid.from_ascii("""
    ..#..
    ..#..
    """)


# ---------------------------------------------------------------- validation
@pytest.mark.parametrize(("start", "goal", "match"), [
    ((-1, 0), (0, 0), r"start \(-1, 0\) is outside the 10x7 grid"),
    ((0, 0), (10, 6), r"goal \(10, 6\) is outside"),
    ((5, 0), (0, 0), r"start \(5, 0\) is a wall"),
    ((0, 0), (1, 1), r"goal \(1, 1\) is a wall"),
    ((0.5, 0), (0, 0), r"start must be an \(x, y\) pair of integers, got \(0.5, 0\)"),
    ([], (0, 0), r"start is an empty collection"),
    ([(0, 0), (5, 0)], (0, 0), r"start \(5, 0\) is a wall"),
    ((0, 0), [(0, 6), (1, 1)], r"goal \(1, 1\) is a wall"),
], ids=["start-outside", "goal-outside", "start-wall", "goal-wall", "start-float", "no-start",
        "one-start-wall", "one-goal-wall"])
@pytest.mark.parametrize("algorithm", [search.astar, search.dijkstra, search.greedy_best_first,
                                       search.breadth_first_search],
                         ids=["astar", "dijkstra", "greedy", "bfs"])
def test_bad_locations_raise(maze, algorithm, start, goal, match):
    with pytest.raises(InvalidLocationError, match=match):
        algorithm(maze, start, goal)


@pytest.mark.parametrize("weight", [-0.5, math.nan, math.inf, "2", True])
def test_bad_weight_raises(maze, weight):
    with pytest.raises(InvalidParameterError, match="weight must be finite and >= 0"):
        search.astar(maze, (0, 0), (9, 6), weight=weight)


@pytest.mark.parametrize(("budget", "value", "match"), [
    ("max_cost", -1.0, "max_cost must be finite and >= 0, got -1.0"),
    ("max_cost", math.nan, "max_cost must be finite and >= 0, got nan"),
    ("max_expansions", -3, "max_expansions must be finite and >= 0, got -3"),
    ("max_expansions", 2.5, "max_expansions must be a whole number, got 2.5"),
    ("max_seconds", -0.1, "max_seconds must be finite and >= 0"),
    ("max_cost", "10", "max_cost must be a number or None, got '10'"),
])
@pytest.mark.parametrize("algorithm", [search.astar, search.dijkstra])
def test_bad_budgets_raise(maze, algorithm, budget, value, match):
    with pytest.raises(InvalidParameterError, match=match):
        algorithm(maze, (0, 0), (9, 6), **{budget: value})


def test_inputs_are_not_modified(maze):
    flat_before = maze.flat.passable.copy(), maze.flat.costs.copy()
    starts, goals = [(0, 0), (2, 2)], {(9, 6), (6, 0)}
    search.astar(maze, starts, goals)
    assert starts == [(0, 0), (2, 2)] and goals == {(9, 6), (6, 0)}
    assert np.array_equal(maze.flat.passable, flat_before[0])
    assert np.array_equal(maze.flat.costs, flat_before[1])


# ---------------------------------------------------------------- heuristics
@pytest.mark.parametrize(("heuristic", "spec"), [
    (None, (codes.H_OCTILE, 1.0, math.sqrt(2), 1.0)),
    (heuristics.manhattan, (codes.H_MANHATTAN, 1.0, 0.0, 1.0)),
    (heuristics.chebyshev, (codes.H_CHEBYSHEV, 1.0, 0.0, 1.0)),
    (heuristics.octile, (codes.H_OCTILE, 1.0, math.sqrt(2), 1.0)),
    (heuristics.euclidean, (codes.H_EUCLIDEAN, 1.0, 0.0, 1.0)),
    (heuristics.zero, (codes.H_ZERO, 0.0, 0.0, 1.0)),
    (functools.partial(heuristics.octile, D=10, D2=14), (codes.H_OCTILE, 10.0, 14.0, 1.0)),
    (functools.partial(heuristics.octile, D=1, D2=3), (codes.H_OCTILE, 1.0, 2.0, 1.0)),
    (functools.partial(heuristics.euclidean, D=2), (codes.H_EUCLIDEAN, 2.0, 0.0, 1.0)),
], ids=["default", "manhattan", "chebyshev", "octile", "euclidean", "zero", "octile-10-14",
        "octile-capped", "euclidean-2"])
def test_library_heuristics_run_in_the_kernels(maze, heuristic, spec):
    got = engine.heuristic_spec(maze, heuristic)
    assert got is not None and got.code == spec[0]
    if spec[0] != codes.H_ZERO:
        assert (got.d, got.d2, got.scale) == pytest.approx(spec[1:])


def test_the_grids_own_heuristic_is_recognised():
    grid = wf.Grid.from_ascii(FOREST, straight_cost=10, diagonal_cost=14, diagonal=True)
    spec = engine.heuristic_spec(grid, grid.heuristic)
    assert spec == grid_spec.Spec(codes.H_OCTILE, 10.0, 14.0, 1.0)


@pytest.mark.parametrize("heuristic", [
    lambda a, b: 0.0,
    functools.partial(heuristics.octile, D2=1.5, unknown=1),
    functools.partial(heuristics.manhattan, (0, 0)),
    wf.Grid.from_ascii("..").heuristic,  # another grid's heuristic
], ids=["lambda", "unknown-keyword", "positional", "other-grid"])
def test_other_heuristics_fall_back_to_the_generic_tier(maze, heuristic):
    assert engine.heuristic_spec(maze, heuristic) is None


def test_fallback_gives_the_same_answer(maze):
    def custom(a, b):
        return heuristics.octile(a, b)

    fast = search.astar(maze, (0, 0), (9, 6))
    slow = search.astar(maze, (0, 0), (9, 6), heuristic=custom)
    assert slow.cost == pytest.approx(fast.cost)
    assert isinstance(fast.cost_so_far, CostSoFarView)
    assert isinstance(slow.cost_so_far, dict)


@pytest.mark.parametrize(("weight", "expected"), [(1.0, codes.REOPEN_OPEN),
                                                  (1.5, codes.REOPEN_ALL),
                                                  (0.0, codes.REOPEN_OPEN)])
def test_cells_are_reopened_only_for_inconsistent_heuristics(maze, weight, expected):
    spec = engine.heuristic_spec(maze, None)
    consistent = grid_spec.consistent(maze, spec, weight)
    assert (codes.REOPEN_OPEN if consistent else codes.REOPEN_ALL) == expected


def test_manhattan_on_an_8_way_grid_is_inconsistent(maze):
    assert not grid_spec.consistent(maze, engine.heuristic_spec(maze, heuristics.manhattan), 1)


def test_engine_and_kernels_define_no_copy_of_a_toolkit_code():
    import re
    from pathlib import Path

    from wayfinding.grid import _engine, jps, workspace
    from wayfinding.grid._kernels import bestfirst, bfs
    from wayfinding.grid._kernels import jps as jps_kernels

    for module in (_engine, jps, workspace, bestfirst, bfs, jps_kernels):
        text = Path(module.__file__).read_text()
        defined = set(re.findall(r"^([A-Z][A-Z0-9_]*) = ", text, re.MULTILINE))
        assert not defined & set(dir(codes)), module.__name__
    assert bestfirst.C is codes and engine.C is codes


# ---------------------------------------------------------------- goals
def test_predicate_goal_falls_back(maze):
    result = search.dijkstra(maze, (0, 0), lambda loc: loc[1] == 6)
    assert result.goal[1] == 6 and result.found
    assert result.cost == pytest.approx(generic_astar.astar(
        maze, (0, 0), lambda loc: loc[1] == 6, heuristic=heuristics.zero).cost)


def test_several_goals_pick_the_nearest(maze):
    result = search.astar(maze, (0, 0), [(9, 6), (4, 0), (6, 0)])
    assert result.goal == (4, 0) and result.cost == 4.0


def test_many_goals_switch_the_heuristic_off(maze):
    cells = [(x, 6) for x in range(8)] + [(9, y) for y in range(7)]
    far = search.astar(maze, (0, 0), set(cells))
    assert far.goal == (0, 6) and far.cost == 6.0


def test_empty_goal_collection_floods(maze):
    result = search.dijkstra(maze, (0, 0), [])
    assert result.path is None and len(result.cost_so_far) == 44


# ---------------------------------------------------------------- components
@pytest.mark.parametrize("algorithm", [search.astar, search.dijkstra, search.greedy_best_first,
                                       search.breadth_first_search])
def test_goals_in_another_component_are_answered_without_search(split, algorithm):
    result = algorithm(split, (0, 0), (4, 1))
    assert result.path is None and result.cost == math.inf
    assert result.expanded == 0 and result.reason is wf.StopReason.DISCONNECTED
    assert len(result.came_from) == 0


def test_partial_paths_still_search_across_components(split):
    result = search.astar(split, (0, 0), (4, 1), partial=True)
    assert result.partial and result.path[-1] == (1, 1) and result.expanded == 4
    assert result.reason is wf.StopReason.EXHAUSTED


def test_edits_update_the_components(split):
    split.set_wall((2, 0), wall=False)
    assert search.astar(split, (0, 0), (4, 1)).cost == 5.0


# ---------------------------------------------------------------- budgets
def test_max_cost_prunes_and_says_so(maze):
    result = search.dijkstra(maze, (0, 0), (9, 6), max_cost=5)
    assert result.path is None and result.reason is wf.StopReason.MAX_COST
    assert max(result.cost_so_far.values()) <= 5


def test_max_seconds_stops_a_long_search():
    grid = wf.Grid(np.ones((400, 400), bool), diagonal=True)
    search.dijkstra(grid, (0, 0), (399, 399), max_expansions=1)  # set-up, before the clock
    result = search.dijkstra(grid, (0, 0), (399, 399), max_seconds=1e-3)
    assert result.reason is wf.StopReason.MAX_SECONDS and result.path is None
    assert 0 < result.expanded < 400 * 400
    none = search.dijkstra(grid, (0, 0), (399, 399), max_seconds=0.0)  # zero work
    assert none.reason is wf.StopReason.MAX_SECONDS and none.expanded == 0


# ---------------------------------------------------------------- result views
def test_views_are_mappings_and_arrays(maze):
    result = search.astar(maze, (0, 0), (9, 6))
    generic = generic_astar.astar(maze, (0, 0), (9, 6))
    assert isinstance(result.came_from, CameFromView)
    assert result.came_from[(0, 0)] is None
    assert set(result.cost_so_far) <= set(maze.walls) ^ {
        (x, y) for x in range(10) for y in range(7)}
    assert result.cost_so_far[(9, 6)] == pytest.approx(generic.cost)
    assert (10, 10) not in result.cost_so_far and "x" not in result.came_from
    with pytest.raises(KeyError):
        result.cost_so_far[(5, 0)]
    costs = result.cost_so_far.array
    assert costs.shape == (7, 10) and not costs.flags.writeable
    assert costs[6, 9] == result.cost and costs[0, 5] == math.inf
    parents = result.came_from.array
    assert parents[0, 0] == -1
    x, y = result.path[-2]
    assert parents[6, 9] == y * 10 + x
    assert np.array_equal(result.came_from.reached, np.isfinite(costs))


def test_views_equal_the_generic_dicts_for_a_flood(maze):
    result = search.dijkstra(maze, (0, 0))
    generic = wf.graph.dijkstra.dijkstra(maze, (0, 0))
    assert dict(result.cost_so_far) == pytest.approx(generic.cost_so_far)
    assert len(result.came_from) == len(generic.came_from)
    assert repr(result.came_from) == "CameFromView(44 cells)"


def test_results_survive_later_searches(maze):
    first = search.dijkstra(maze, (0, 0))
    snapshot = dict(first.cost_so_far)
    for _ in range(3):
        search.dijkstra(maze, (9, 6))
    assert dict(first.cost_so_far) == snapshot


def test_grid_subclasses_with_their_own_moves_use_the_generic_tier():
    class OneWay(wf.Grid):
        def neighbors(self, location):
            return [n for n in super().neighbors(location) if n[0] >= location[0]]

    grid = OneWay(np.ones((1, 4), bool))
    assert search.astar(grid, (3, 0), (0, 0)).path is None
    assert search.breadth_first_search(grid, (0, 0), (3, 0)).cost == 3.0


# ---------------------------------------------------------------- start-up
def test_importing_wayfinding_imports_no_numba():
    code = ("import sys, wayfinding as wf; assert 'numba' not in sys.modules; "
            "wf.astar(wf.SquareGrid(3, 3), (0, 0), (2, 2)); assert 'numba' in sys.modules")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr
