"""The compiled grid searches against the oracle and the generic tier on random grids.

Every movement rule (4/8-way, straight/diagonal costs incl. 10/14, every corner rule),
weighted and not. Checked by cost and by path validity (adjacent steps, passable cells,
corner rule, cost recomputed), never by length alone. This file also runs under
``NUMBA_DISABLE_JIT=1`` (see tests/test_kernels_nojit.py), so the kernels are tested as Python.
"""

from __future__ import annotations

import functools
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wayfinding import CornerCutting, Grid, StopReason, heuristics
from wayfinding.graph import astar as generic_astar
from wayfinding.graph import dijkstra as generic_dijkstra
from wayfinding.grid import _engine as engine
from wayfinding.grid import search, workspace
from wayfinding.grid import spec as grid_spec

from ..reference import assert_valid_path, fewest_steps, path_cost, shortest_costs
from ..strategies import grid_cases


def reversed_costs(edges, goal):
    """Cheapest cost from every location to ``goal`` (oracle on the reversed edges)."""
    back: dict = {}
    for u, out in edges.items():
        for v, c in out:
            back.setdefault(v, []).append((u, c))
    return shortest_costs(back, [goal])


def close(a, b):
    return (a == b == math.inf) or math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def assert_came_from_consistent(case, result):
    """Every came_from link is a step, and cost_so_far grows along it by its cost."""
    for location, parent in result.came_from.items():
        if parent is None:
            assert result.cost_so_far[location] == 0.0
            continue
        step = path_cost(case.edges, [parent, location])
        assert close(result.cost_so_far[location], result.cost_so_far[parent] + step)


def pick(data, cells, low=1, high=3):
    return data.draw(st.lists(st.sampled_from(cells), min_size=low, max_size=high))


@given(grid_cases(), st.data())
def test_dijkstra_flood_equals_oracle(case, data):
    starts = pick(data, case.cells)
    result = search.dijkstra(case.grid, starts)
    expected = shortest_costs(case.edges, starts)
    assert set(result.cost_so_far) == set(expected)
    for location, cost in expected.items():
        assert close(result.cost_so_far[location], cost)
    assert result.path is None and result.reason is StopReason.EXHAUSTED
    assert_came_from_consistent(case, result)


@given(grid_cases(), st.data())
def test_dijkstra_to_goals_equals_oracle_and_generic_tier(case, data):
    starts = pick(data, case.cells)
    goals = pick(data, case.cells)
    result = search.dijkstra(case.grid, starts, goals)
    dist = shortest_costs(case.edges, starts)
    expected = min(dist.get(g, math.inf) for g in goals)
    assert close(result.cost, expected)
    assert close(generic_dijkstra.dijkstra(case.grid, starts, goals).cost, expected)
    if expected < math.inf:
        assert_valid_path(case.edges, result.path, starts, goals, result.cost)
        assert result.goal == result.path[-1] and result.reason is StopReason.FOUND
    else:
        assert result.path is None and result.reason is StopReason.DISCONNECTED


@given(grid_cases(), st.data())
def test_astar_equals_oracle_and_generic_tier(case, data):
    start = data.draw(st.sampled_from(case.cells))
    goal = data.draw(st.sampled_from(case.cells))
    result = search.astar(case.grid, start, goal)
    expected = shortest_costs(case.edges, [start]).get(goal, math.inf)
    assert close(result.cost, expected)
    assert close(generic_astar.astar(case.grid, start, goal).cost, expected)
    if expected < math.inf:
        assert_valid_path(case.edges, result.path, [start], [goal], result.cost)
        assert_came_from_consistent(case, result)
        assert result.found and not result.partial
    else:
        assert result.path is None and result.expanded == 0


@given(grid_cases(), st.data())
def test_astar_with_several_starts_and_goals(case, data):
    starts = pick(data, case.cells)
    goals = pick(data, case.cells, high=5)
    result = search.astar(case.grid, starts, set(goals))
    dist = shortest_costs(case.edges, starts)
    expected = min(dist.get(g, math.inf) for g in goals)
    assert close(result.cost, expected)
    if expected < math.inf:
        assert_valid_path(case.edges, result.path, starts, goals, result.cost)


@given(grid_cases(), st.data(), st.floats(1.0, 4.0))
def test_weighted_astar_is_valid_and_within_its_bound(case, data, weight):
    start = data.draw(st.sampled_from(case.cells))
    goal = data.draw(st.sampled_from(case.cells))
    result = search.astar(case.grid, start, goal, weight=weight)
    expected = shortest_costs(case.edges, [start]).get(goal, math.inf)
    if expected == math.inf:
        assert result.path is None
        return
    assert_valid_path(case.edges, result.path, [start], [goal], result.cost)
    assert result.cost <= weight * expected + 1e-9


HEURISTICS = [
    heuristics.manhattan,
    heuristics.chebyshev,
    heuristics.octile,
    heuristics.euclidean,
    heuristics.zero,
    functools.partial(heuristics.octile, D=10, D2=14),
    functools.partial(heuristics.manhattan, D=0.5),
]
HEURISTIC_IDS = ["manhattan", "chebyshev", "octile", "euclidean", "zero", "octile-10-14",
                 "manhattan-half"]


@pytest.mark.parametrize("heuristic", HEURISTICS, ids=HEURISTIC_IDS)
@given(case=grid_cases(), data=st.data())
def test_astar_with_library_heuristics(heuristic, case, data):
    start = data.draw(st.sampled_from(case.cells))
    goal = data.draw(st.sampled_from(case.cells))
    result = search.astar(case.grid, start, goal, heuristic=heuristic)
    expected = shortest_costs(case.edges, [start]).get(goal, math.inf)
    if expected == math.inf:
        assert result.path is None
        return
    assert_valid_path(case.edges, result.path, [start], [goal], result.cost)
    to_goal = reversed_costs(case.edges, goal)
    admissible = all(heuristic(cell, goal) <= cost + 1e-9 for cell, cost in to_goal.items())
    if admissible:
        assert close(result.cost, expected)
        assert close(generic_astar.astar(case.grid, start, goal, heuristic=heuristic).cost,
                     expected)


@given(grid_cases(), st.data())
def test_greedy_best_first_paths_are_valid(case, data):
    start = data.draw(st.sampled_from(case.cells))
    goal = data.draw(st.sampled_from(case.cells))
    result = search.greedy_best_first(case.grid, start, goal)
    reachable = goal in shortest_costs(case.edges, [start])
    assert (result.path is not None) == reachable
    if reachable:
        assert_valid_path(case.edges, result.path, [start], [goal], result.cost)
        assert_came_from_consistent(case, result)


@given(grid_cases(), st.data())
def test_breadth_first_search_counts_steps(case, data):
    starts = pick(data, case.cells)
    goal = data.draw(st.sampled_from(case.cells))
    steps = fewest_steps(case.edges, starts)
    flood = search.breadth_first_search(case.grid, starts)
    assert dict(flood.cost_so_far) == pytest.approx(steps)
    result = search.breadth_first_search(case.grid, starts, goal)
    if goal in steps:
        assert result.cost == steps[goal] == len(result.path) - 1
        path_cost(case.edges, result.path)  # every step is a move of the grid
        assert result.path[0] in starts and result.path[-1] == goal
    else:
        assert result.path is None and result.reason is StopReason.DISCONNECTED


@given(grid_cases(), st.data(), st.integers(0, 12))
def test_budget_partial_paths_are_valid(case, data, budget):
    start = data.draw(st.sampled_from(case.cells))
    goal = data.draw(st.sampled_from(case.cells))
    full = search.astar(case.grid, start, goal)
    result = search.astar(case.grid, start, goal, max_expansions=budget, partial=True)
    assert result.expanded <= budget
    if result.found:
        assert close(result.cost, full.cost)
        return
    assert result.partial and result.reason in (StopReason.MAX_EXPANSIONS,
                                                StopReason.EXHAUSTED)
    assert_valid_path(case.edges, result.path, [start], [result.goal], result.cost)
    assert close(result.cost, result.cost_so_far[result.goal])
    plain = search.astar(case.grid, start, goal, max_expansions=budget)
    assert plain.path is None
    assert plain.reason in (result.reason, StopReason.DISCONNECTED)


@given(grid_cases(weighted=True), st.data(), st.floats(0.0, 20.0))
def test_max_cost_limits_the_flood(case, data, limit):
    starts = pick(data, case.cells)
    result = search.dijkstra(case.grid, starts, max_cost=limit)
    expected = {k: v for k, v in shortest_costs(case.edges, starts).items() if v <= limit}
    assert set(result.cost_so_far) == set(expected)
    assert all(close(result.cost_so_far[k], v) for k, v in expected.items())


# ---------------------------------------------------------------- fixed cases
RULES = [
    {"diagonal": False},
    {"diagonal": True, "corner_cutting": CornerCutting.NEVER},
    {"diagonal": True, "corner_cutting": CornerCutting.ONE_FREE},
    {"diagonal": True, "corner_cutting": CornerCutting.ALWAYS},
    {"diagonal": True, "straight_cost": 10, "diagonal_cost": 14},
]
RULE_IDS = ["4way", "8way-never", "8way-one-free", "8way-always", "8way-10-14"]

SQUEEZE = """
..#.
.#..
....
"""
SQRT2 = math.sqrt(2.0)


@pytest.mark.parametrize(("options", "expected"), [
    (RULES[0], 7.0), (RULES[1], 5.0 + SQRT2), (RULES[2], 1.0 + 3 * SQRT2),
    (RULES[3], 1.0 + 2 * SQRT2), (RULES[4], 64.0),
], ids=RULE_IDS)
@pytest.mark.parametrize("algorithm", [search.astar, search.dijkstra], ids=["astar", "dijkstra"])
def test_corner_rules_on_a_squeeze(options, expected, algorithm):
    grid = Grid.from_ascii(SQUEEZE, **options)
    result = algorithm(grid, (0, 0), (3, 0))
    assert result.cost == pytest.approx(expected)
    assert result.path[0] == (0, 0) and result.path[-1] == (3, 0)


@pytest.mark.parametrize("options", RULES, ids=RULE_IDS)
@pytest.mark.parametrize("goal", [(29, 29), (29, 11), (7, 29)])
def test_open_grid_tie_breaking_expands_only_the_path(options, goal):
    """Equal f goes to larger g first (exactly for whole-number costs, by the sqrt 2
    nudge otherwise): on open ground A* expands just the cells of its path."""
    grid = Grid(np.ones((30, 30), bool), **options)
    result = search.astar(grid, (0, 0), goal)
    assert result.expanded == len(result.path) - 1


def test_sqrt2_nudge_is_used_only_where_it_is_provably_harmless():
    p = engine.plan(Grid(np.ones((40, 50), bool), diagonal=True))
    eps = grid_spec.nudge(p, p.default)
    n = 40 * 50 + 40
    assert eps > 0 and eps * (40 + 50) <= 1 / (4 * (3 * n + 1))
    assert engine.params(Grid(np.ones((40, 50), bool), diagonal=True), p, engine.MODE_ASTAR,
                         p.default, 1.0, None, 1, 1, False)[1][3] == 1.0 + eps
    # per-cell costs, other step lengths or heuristics: values are not a + b sqrt 2
    for grid in (Grid(np.ones((4, 4), bool), np.full((4, 4), 2.0), diagonal=True),
                 Grid(np.ones((4, 4), bool), diagonal=True, diagonal_cost=1.5)):
        q = engine.plan(grid)
        assert grid_spec.nudge(q, q.default) == 0.0
    euclid = engine.heuristic_spec(Grid(np.ones((4, 4), bool), diagonal=True), heuristics.euclidean)
    assert grid_spec.nudge(p, euclid) == 0.0
    # weighted A* keeps its weight as given
    assert engine.params(Grid(np.ones((40, 50), bool), diagonal=True), p, engine.MODE_ASTAR,
                         p.default, 1.5, None, 1, 1, False)[1][3] == 1.5


@given(case=grid_cases(weighted=False, diagonal=True), data=st.data())
def test_nudged_astar_equals_dijkstra_on_octile_grids(case, data):
    start = data.draw(st.sampled_from(case.cells))
    goal = data.draw(st.sampled_from(case.cells))
    a = search.astar(case.grid, start, goal)
    d = search.dijkstra(case.grid, start, goal)
    assert a.cost == pytest.approx(d.cost, rel=1e-12) or a.cost == d.cost == math.inf


def test_heap_grows_and_big_floods_are_right():
    grid = Grid(np.ones((120, 120), bool), diagonal=True)
    ws = workspace.Workspace()
    assert ws.heap_f.shape[0] < 120 * 120
    result = search.dijkstra(grid, (60, 60))
    dx = np.abs(np.arange(120) - 60)
    expected = np.maximum.outer(dx, dx) + (math.sqrt(2) - 1) * np.minimum.outer(dx, dx)
    np.testing.assert_allclose(result.cost_so_far.array, expected, rtol=1e-12)
    assert len(result.cost_so_far) == 120 * 120


def test_generation_wrap_around(monkeypatch):
    monkeypatch.setattr(workspace.Workspace, "generation_limit", 3)
    grid = Grid.from_ascii(SQUEEZE, diagonal=True)
    costs = [search.astar(grid, (0, 0), (3, 0)).cost for _ in range(8)]
    floods = [len(search.dijkstra(grid, (2, 2)).cost_so_far) for _ in range(5)]
    assert costs == [5.0 + SQRT2] * 8 and floods == [10] * 5


def test_workspace_grows_for_bigger_grids_and_keeps_working_for_smaller():
    small = Grid.from_ascii(SQUEEZE, diagonal=True)
    big = Grid(np.ones((50, 60), bool))
    before = search.astar(small, (0, 0), (3, 0)).cost
    assert search.astar(big, (0, 0), (59, 49)).cost == 108.0
    assert search.astar(small, (0, 0), (3, 0)).cost == before


def test_heap_pops_in_priority_order():
    from wayfinding._kernels.heap import pop_into as heap_pop
    from wayfinding._kernels.heap import push as heap_push

    rng = np.random.default_rng(7)
    f = rng.integers(0, 20, 300).astype(float)
    heap_f, heap_n = np.zeros(300), np.zeros(300, np.int32)
    size = 0
    for i in range(300):
        size = heap_push(heap_f, heap_n, size, f[i], i)
    popped = []
    while size:
        popped.append(int(heap_n[0]))
        size -= 1
        heap_pop(heap_f, heap_n, size)
    assert sorted(popped) == list(range(300))
    assert [f[i] for i in popped] == sorted(f)


@pytest.mark.parametrize("options", RULES[:1] + RULES[4:], ids=["4way", "8way-10-14"])
def test_tie_break_key_orders_equal_f_by_larger_g(options):
    grid = Grid(np.ones((50, 70), bool), **options)
    p = engine.plan(grid)
    eps = grid_spec.tie_break(p, p.default, 1.0)
    assert eps > 0 and p.max_step * 70 * 50 * eps < 0.5
    keys = [(f - g * eps, f, g) for f in (100.0, 101.0) for g in (0.0, 50.0, 99.0)]
    assert [k[1:] for k in sorted(keys)] == [(100.0, 99.0), (100.0, 50.0), (100.0, 0.0),
                                             (101.0, 99.0), (101.0, 50.0), (101.0, 0.0)]
