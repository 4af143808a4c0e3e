"""The default heuristics stay admissible and consistent for every accepted movement rule,
and heuristic parameters and values that would break a search raise (issue 15, bullet 2).

Oracle: Bellman-Ford on the grid's explicit edge list (tests/reference.py).
"""

from __future__ import annotations

import functools
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding import heuristics
from wayfinding.errors import InvalidParameterError
from wayfinding.graph import astar as generic_astar
from wayfinding.grid import spec as grid_spec

from .reference import assert_valid_path, grid_edges, shortest_costs
from .strategies import examples

SQRT2 = math.sqrt(2.0)

#: Straight and diagonal step costs: the usual ones, D2 > 2 D, D2 < D, D2 == D and random.
STEP_COSTS = st.one_of(
    st.sampled_from([(1.0, SQRT2), (10.0, 14.0), (3.0, 1.0), (1.0, 3.0), (2.0, 5.0),
                     (SQRT2, 1.0), (1.0, 1.0), (5.0, 0.5), (1.0, 2.0)]),
    st.tuples(st.floats(0.1, 10.0), st.floats(0.1, 10.0)),
    st.tuples(st.integers(1, 20).map(float), st.integers(1, 20).map(float)),
)


@st.composite
def problems(draw: st.DrawFn):
    h = draw(st.integers(3, 8))
    w = draw(st.integers(3, 8))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    passable = rng.random((h, w)) >= draw(st.sampled_from([0.0, 0.1, 0.25]))
    passable[0, 0] = True
    costs = None
    if draw(st.booleans()):
        costs = rng.integers(1, 6, size=(h, w)).astype(float)
        if draw(st.booleans()):
            costs += rng.random((h, w))
    straight, diagonal = draw(STEP_COSTS)
    rule = draw(st.sampled_from(list(wf.CornerCutting)))
    grid = wf.Grid(passable, costs, diagonal=True, straight_cost=straight,
                   diagonal_cost=diagonal, corner_cutting=rule)
    edges = grid_edges(passable, costs, diagonal=True, straight_cost=straight,
                       diagonal_cost=diagonal, corner_cutting=rule.value)
    ys, xs = np.nonzero(passable)
    cells = list(zip(xs.tolist(), ys.tolist(), strict=True))
    third = max(1, len(cells) // 3)  # start and goal mostly far apart
    start = cells[draw(st.integers(0, third - 1))]
    goal = cells[draw(st.integers(len(cells) - third, len(cells) - 1))]
    return grid, edges, start, goal


def close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems())
def test_the_grids_heuristic_is_admissible_and_consistent(problem):
    grid, edges, _, goal = problem
    to_goal = shortest_costs(_reverse(edges), [goal])
    for cell, true_cost in to_goal.items():
        assert grid.heuristic(cell, goal) <= true_cost * (1 + 1e-12) + 1e-12
    for u, out in edges.items():
        for v, c in out:  # h(u) <= c(u, v) + h(v)
            assert grid.heuristic(u, goal) <= c + grid.heuristic(v, goal) + 1e-9


def _reverse(edges):
    reverse: dict = {u: [] for u in edges}
    for u, out in edges.items():
        for v, c in out:
            reverse.setdefault(v, []).append((u, c))
    return reverse


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems())
def test_searches_with_the_default_heuristic_are_optimal(problem):
    grid, edges, start, goal = problem
    best = shortest_costs(edges, [start]).get(goal, math.inf)
    results = {
        "astar": wf.astar(grid, start, goal),
        "generic": generic_astar.astar(grid, start, goal),
        "resumable": _resumable(grid, start, goal),
    }
    for name, result in results.items():
        if best == math.inf:
            assert result.path is None, name
        else:
            assert close(result.cost, best), (name, result.cost, best)
            assert_valid_path(edges, result.path, [start], [goal], result.cost)
    if best < math.inf:
        planner = wf.DStarLite(grid, start, goal)
        assert close(planner.cost, best)
        weighted = wf.astar(grid, start, goal, weight=1.5)
        assert weighted.cost <= 1.5 * best * (1 + 1e-9) + 1e-9
        assert close(wf.astar_turns(grid, start, goal, turn_cost=0.0).cost, best)


def _resumable(grid, start, goal):
    search = wf.AStarSearch(grid, start, goal)
    while not search.step(max_expansions=3):
        pass
    return search.result


@pytest.mark.parametrize("straight, diagonal", [
    (1.0, SQRT2), (10.0, 14.0), (3.0, 1.0), (1.0, 3.0), (SQRT2, 1.0), (1.0, 1.0), (7.0, 0.3),
])
@pytest.mark.parametrize("weighted", [False, True])
def test_the_kernels_treat_the_default_as_consistent(straight, diagonal, weighted):
    costs = np.array([[2.0, 3.0], [4.0, 2.5]]) if weighted else None
    grid = wf.Grid(np.ones((2, 2), dtype=bool), costs, diagonal=True,
                   straight_cost=straight, diagonal_cost=diagonal)
    assert grid_spec.consistent(grid, grid_spec.default_spec(grid), 1.0)


# -------------------------------------------------- the case of the issue, by name
@pytest.fixture
def cheap_diagonals():
    """An open 7x3 grid where a diagonal step (1) is cheaper than a straight one (3)."""
    return wf.Grid(np.ones((3, 7), dtype=bool), diagonal=True, straight_cost=3,
                   diagonal_cost=1, corner_cutting=wf.CornerCutting.ALWAYS)


def test_cheap_diagonals_astar(cheap_diagonals):
    assert wf.dijkstra(cheap_diagonals, (0, 1), (6, 1)).cost == 6.0
    assert wf.astar(cheap_diagonals, (0, 1), (6, 1)).cost == 6.0


def test_cheap_diagonals_astar_search(cheap_diagonals):
    assert _resumable(cheap_diagonals, (0, 1), (6, 1)).cost == 6.0


def test_cheap_diagonals_dstar_lite(cheap_diagonals):
    assert wf.DStarLite(cheap_diagonals, (0, 1), (6, 1)).cost == 6.0
    grid = wf.Grid.from_ascii("""
......
..#..#
......
..##..
..##.#
""", diagonal=True, straight_cost=2, diagonal_cost=1,
                              corner_cutting=wf.CornerCutting.ALWAYS)
    assert wf.dijkstra(grid, (0, 0), (4, 4)).cost == 6.0
    assert wf.DStarLite(grid, (0, 0), (4, 4)).cost == 6.0


def test_cheap_diagonals_weighted_astar(cheap_diagonals):
    assert wf.astar(cheap_diagonals, (0, 1), (6, 1), weight=1.5).cost <= 9.0


def test_cheap_diagonals_turns(cheap_diagonals):
    assert wf.astar_turns(cheap_diagonals, (0, 1), (6, 1), turn_cost=0.0).cost == 6.0


def test_octile_is_a_lower_bound_for_cheap_diagonals():
    assert heuristics.octile((0, 0), (6, 0), D=3, D2=1) == 6.0
    assert heuristics.octile((0, 0), (2, 2), D=1, D2=5) == 4.0
    assert heuristics.octile((0, 0), (3, 4), D=10, D2=14) == 52.0


# -------------------------------------------------- parameters
BAD_PARAMETERS = [math.nan, math.inf, -1.0, 1e308, "1", None, True]
IDS = ["nan", "inf", "negative", "huge", "string", "none", "bool"]


@pytest.mark.parametrize("value", BAD_PARAMETERS, ids=IDS)
@pytest.mark.parametrize("function, name", [
    (heuristics.manhattan, "D"), (heuristics.chebyshev, "D"), (heuristics.euclidean, "D"),
    (heuristics.octile, "D"), (heuristics.octile, "D2"), (wf.Heuristic.OCTILE, "D"),
])
def test_bad_parameters_raise_when_called(function, name, value):
    with pytest.raises(InvalidParameterError, match=f"heuristic parameter {name} must be"):
        function((0, 0), (3, 4), **{name: value})


@pytest.mark.parametrize("value", BAD_PARAMETERS, ids=IDS)
@pytest.mark.parametrize("function", [heuristics.manhattan, heuristics.octile,
                                      wf.Heuristic.EUCLIDEAN])
@pytest.mark.parametrize("call", ["astar", "greedy", "search", "graph"])
def test_bad_parameters_raise_in_every_search(function, value, call):
    heuristic = functools.partial(function, D=value)
    grid = wf.Grid(np.ones((3, 4), dtype=bool), diagonal=True)
    with pytest.raises(InvalidParameterError, match="heuristic parameter D must be"):
        if call == "astar":
            wf.astar(grid, (0, 0), (3, 2), heuristic=heuristic)
        elif call == "greedy":
            wf.greedy_best_first(grid, (0, 0), (3, 2), heuristic=heuristic)
        elif call == "search":
            wf.AStarSearch(grid, (0, 0), (3, 2), heuristic=heuristic).step()
        else:
            wf.astar(_xy_graph(), (0, 0), (2, 0), heuristic=heuristic)


def _xy_graph() -> wf.SimpleGraph:
    return wf.SimpleGraph({(0, 0): {(1, 0): 1.0}, (1, 0): {(2, 0): 1.0}, (2, 0): {}})


def test_weight_times_heuristic_must_not_overflow_on_a_grid():
    grid = wf.Grid(np.ones((3, 4), dtype=bool), diagonal=True)
    with pytest.raises(InvalidParameterError, match="heuristic too large for this grid"):
        wf.astar(grid, (0, 0), (3, 2), heuristic=functools.partial(heuristics.manhattan, D=1e99),
                 weight=1e250)
    with pytest.raises(InvalidParameterError, match="heuristic too large for this grid"):
        wf.AStarSearch(grid, (0, 0), (3, 2), weight=1e300)
    assert wf.astar(grid, (0, 0), (3, 2), weight=1e6).path[-1] == (3, 2)  # still fine


# -------------------------------------------------- values
BAD_VALUES = [math.nan, math.inf, -1.0, "3", None, 1j, np.array([1.0, 2.0])]
VALUE_IDS = ["nan", "inf", "negative", "string", "none", "complex", "array"]


@pytest.mark.parametrize("value", BAD_VALUES, ids=VALUE_IDS)
@pytest.mark.parametrize("call", ["grid-astar", "grid-greedy", "grid-search", "graph-astar",
                                  "graph-greedy", "graph-search"])
def test_bad_heuristic_values_raise(value, call):
    def heuristic(a, b):
        return value if a != b else 0.0

    graph = wf.Grid(np.ones((3, 4), dtype=bool)) if call.startswith("grid") else _xy_graph()
    goal = (3, 2) if call.startswith("grid") else (2, 0)
    with pytest.raises(InvalidParameterError, match=r"heuristic returned .* must return a "
                                                    r"finite number >= 0"):
        if call.endswith("astar"):
            wf.astar(graph, (0, 0), goal, heuristic=heuristic)
        elif call.endswith("greedy"):
            wf.greedy_best_first(graph, (0, 0), goal, heuristic=heuristic)
        else:
            wf.AStarSearch(graph, (0, 0), goal, heuristic=heuristic).step()


def test_a_heuristic_value_that_overflows_f_raises():
    with pytest.raises(InvalidParameterError, match="heuristic returned 1e"):
        wf.astar(_xy_graph(), (0, 0), (2, 0), heuristic=lambda a, b: 1e308, weight=2.0)


def test_large_finite_values_are_fine():
    result = wf.astar(_xy_graph(), (0, 0), (2, 0), heuristic=lambda a, b: 1e300 * (a != b))
    assert result.path == [(0, 0), (1, 0), (2, 0)]


@pytest.mark.parametrize("value", [math.nan, -1.0, "3"], ids=["nan", "negative", "string"])
def test_a_bad_value_for_one_of_several_goals_raises(value):
    def heuristic(a, b):
        return value if b == (2, 0) else 0.0

    graph = wf.SimpleGraph({(0, 0): {(1, 0): 1.0}, (1, 0): {(2, 0): 1.0}, (2, 0): {},
                            (5, 5): {}})
    with pytest.raises(InvalidParameterError, match="heuristic returned"):
        wf.astar(graph, (0, 0), [(5, 5), (2, 0)], heuristic=heuristic)


# -------------------------------------------------- provably inadmissible
def _trap_graph() -> wf.SimpleGraph:
    """a -> c costs 5 directly and 2 through b: a constant heuristic of 1e308 absorbs
    every cost so far (1e308 + g == 1e308) and A* returned the direct edge."""
    return wf.SimpleGraph({"a": {"b": 1.0, "c": 5.0}, "b": {"c": 1.0, "a": 1.0},
                           "c": {"b": 1.0}})


def _csr_trap() -> wf.CSRGraph:
    return wf.CSRGraph.from_edges(["a", "a", "b", "b", "c"], ["b", "c", "c", "a", "b"],
                                  [1.0, 5.0, 1.0, 1.0, 1.0])


@pytest.mark.parametrize("call", [
    lambda h: wf.astar(_trap_graph(), "a", "c", heuristic=h),
    lambda h: wf.astar(_trap_graph(), "a", "c", heuristic=h, max_expansions=100),
    lambda h: wf.astar(_trap_graph(), "a", ["c"], heuristic=h),
    lambda h: wf.AStarSearch(_trap_graph(), "a", "c", heuristic=h),
    lambda h: wf.greedy_best_first(_trap_graph(), "a", "c", heuristic=h),
    lambda h: wf.bidirectional_astar(_trap_graph(), "a", "c", heuristic=h),
    lambda h: wf.astar(wf.Grid.from_ascii("...\n.#.\n..."), (0, 0), (2, 2), heuristic=h),
    lambda h: wf.astar(_csr_trap(), "a", "c", heuristic=h),
    lambda h: wf.astar(_csr_trap(), "a", "c", heuristic=np.full(3, h("c", "c"))),
], ids=["graph", "graph-budget", "graph-goals", "resumable", "greedy", "bidirectional",
        "grid", "csr-callable", "csr-array"])
def test_a_heuristic_above_zero_at_the_goal_is_refused(call):
    # issue 27 item 10: a constant 1e308 was accepted and A* answered 5.0 instead of 2.0
    with pytest.raises(InvalidParameterError, match=r"heuristic returned 1e\+308 at the goal "
                                                    r".*0 there"):
        call(lambda a, b: 1e308)


def test_a_heuristic_that_is_zero_at_the_goal_still_answers():
    assert wf.astar(_trap_graph(), "a", "c", heuristic=lambda a, b: 0.5 * (a != b)).cost == 2.0
