"""Predicate goals in every grid search, and heuristics named by the Heuristic enum
(issue 14, bullet 3)."""

from __future__ import annotations

import functools
import itertools

import pytest

import wayfinding as wf
from wayfinding import heuristics
from wayfinding._kernels import codes
from wayfinding.errors import InvalidParameterError
from wayfinding.grid import _engine as engine
from wayfinding.grid import spec as grid_spec

MAP = """
.........
.#######.
.#.....#.
.#.###.#.
.........
"""
STRAIGHT, DIAGONAL = 10.0, 14.0


def make(diagonal: bool) -> wf.Grid:
    return wf.Grid.from_ascii(MAP, diagonal=diagonal, straight_cost=STRAIGHT,
                              diagonal_cost=DIAGONAL)


def at_target(location) -> bool:
    return location == (4, 2)


def on_right_column(location) -> bool:
    return location[0] == 8 and location[1] >= 2


@pytest.mark.parametrize("diagonal", [False, True], ids=["4-way", "8-way"])
@pytest.mark.parametrize("predicate", [at_target, on_right_column])
@pytest.mark.parametrize("call", ["astar", "greedy", "search", "bfs", "dijkstra"])
def test_a_predicate_goal_works_in_every_grid_search(call, predicate, diagonal):
    grid = make(diagonal)
    if call == "astar":
        result = wf.astar(grid, (0, 0), predicate)
    elif call == "greedy":
        result = wf.greedy_best_first(grid, (0, 0), predicate)
    elif call == "search":
        search = wf.AStarSearch(grid, (0, 0), predicate)
        while not search.step(max_expansions=5):
            pass
        result = search.result
    elif call == "bfs":
        result = wf.breadth_first_search(grid, (0, 0), predicate)
    else:
        result = wf.dijkstra(grid, (0, 0), predicate)
    assert result.reason is wf.StopReason.FOUND
    assert predicate(result.path[-1]) and result.path[0] == (0, 0)
    assert all(grid.passable(cell) for cell in result.path)
    assert all(b in set(grid.neighbors(a)) for a, b in itertools.pairwise(result.path))
    if call in ("astar", "search"):
        assert result.cost == pytest.approx(wf.dijkstra(grid, (0, 0), predicate).cost)


@pytest.mark.parametrize("call", ["astar", "greedy", "search"])
def test_a_user_heuristic_is_called_with_the_predicate(call):
    grid = make(True)
    calls = []

    def toward_target(location, goal):
        calls.append(goal)
        return wf.Heuristic.OCTILE(location, (4, 2), D=STRAIGHT, D2=DIAGONAL)

    if call == "astar":
        result = wf.astar(grid, (0, 0), at_target, heuristic=toward_target)
    elif call == "greedy":
        result = wf.greedy_best_first(grid, (0, 0), at_target, heuristic=toward_target)
    else:
        search = wf.AStarSearch(grid, (0, 0), at_target, heuristic=toward_target)
        search.step()
        result = search.result
    assert result.path[-1] == (4, 2)
    assert calls and all(goal is at_target for goal in calls)


@pytest.mark.parametrize("heuristic", [
    wf.Heuristic.OCTILE, heuristics.manhattan, functools.partial(heuristics.octile, D=10),
    "grid",
], ids=["enum", "function", "partial", "grid.heuristic"])
@pytest.mark.parametrize("call", ["astar", "greedy", "search"])
def test_a_location_heuristic_with_a_predicate_goal_raises(heuristic, call):
    grid = make(True)
    if heuristic == "grid":
        heuristic = grid.heuristic
    function = {"astar": wf.astar, "greedy": wf.greedy_best_first, "search": wf.AStarSearch}
    with pytest.raises(InvalidParameterError, match="measures the distance to a goal "
                                                    "location, but the goal is a predicate"):
        function[call](grid, (0, 0), at_target, heuristic=heuristic)


def test_a_graph_with_its_own_heuristic_uses_zero_for_a_predicate():
    class Line(wf.SimpleGraph):
        def heuristic(self, a, b):
            return abs(a - b)

    graph = Line({0: {1: 1.0}, 1: {2: 1.0}, 2: {}})
    assert wf.astar(graph, 0, lambda n: n == 2).path == [0, 1, 2]
    assert wf.greedy_best_first(graph, 0, lambda n: n == 2).path == [0, 1, 2]
    search = wf.AStarSearch(graph, 0, lambda n: n == 2)
    search.step()
    assert search.result.cost == 2.0


# -------------------------------------------------- the enum
@pytest.mark.parametrize("member", list(wf.Heuristic))
def test_members_are_their_functions(member):
    assert member.function is getattr(heuristics, member.value)
    assert member((1, 2), (4, 6)) == member.function((1, 2), (4, 6))
    grid = make(True)
    assert engine.heuristic_spec(grid, member) == engine.heuristic_spec(grid, member.function)
    assert engine.heuristic_spec(grid, member) is not None  # runs in the kernels


def test_a_partial_of_a_member_runs_in_the_kernels():
    grid = make(True)
    bound = functools.partial(wf.Heuristic.OCTILE, D=STRAIGHT, D2=DIAGONAL)
    assert engine.heuristic_spec(grid, bound) == grid_spec.Spec(codes.H_OCTILE, 10.0, 14.0, 1.0)
    assert wf.astar(grid, (0, 0), (4, 2), heuristic=bound).cost == pytest.approx(
        wf.dijkstra(grid, (0, 0), (4, 2)).cost)


@pytest.mark.parametrize("member", list(wf.Heuristic))
@pytest.mark.parametrize("call", ["astar", "greedy", "search", "graph-astar", "graph-greedy",
                                  "graph-search"])
def test_every_heuristic_call_accepts_a_member(member, call):
    grid = wf.Grid.from_ascii(MAP, diagonal=True)
    graph = grid if not call.startswith("graph") else wf.as_graph(
        lambda cell: list(grid.neighbors(cell)))
    name = call.removeprefix("graph-")
    if name == "astar":
        result = wf.astar(graph, (0, 0), (4, 2), heuristic=member)
    elif name == "greedy":
        result = wf.greedy_best_first(graph, (0, 0), (4, 2), heuristic=member)
    else:
        search = wf.AStarSearch(graph, (0, 0), (4, 2), heuristic=member)
        search.step()
        result = search.result
    assert result.path[0] == (0, 0) and result.path[-1] == (4, 2)


@pytest.mark.parametrize("value", ["manhattan", "MANHATTAN", 3, object()])
@pytest.mark.parametrize("call", ["astar", "greedy", "search", "graph-astar", "graph-greedy",
                                  "graph-search"])
def test_a_heuristic_that_is_no_callable_lists_the_members(value, call):
    grid = make(True)
    graph = grid if not call.startswith("graph") else wf.SimpleGraph({0: {1: 1.0}, 1: {}})
    start, goal = ((0, 0), (4, 2)) if graph is grid else (0, 1)
    function = {"astar": wf.astar, "greedy": wf.greedy_best_first, "search": wf.AStarSearch}
    with pytest.raises(InvalidParameterError, match=r"heuristic must be a Heuristic member "
                                                    r"\(Heuristic.ZERO, Heuristic.MANHATTAN, "
                                                    r"Heuristic.CHEBYSHEV, Heuristic.OCTILE, "
                                                    r"Heuristic.EUCLIDEAN\)"):
        function[call.removeprefix("graph-")](graph, start, goal, heuristic=value)


def test_a_list_of_two_ints_as_goal_of_a_resumable_search_is_explained():
    from wayfinding.errors import InvalidLocationError

    grid = wf.Grid.from_ascii("........")
    with pytest.raises(InvalidLocationError, match=r"which means several goals.*\(7, 0\)"):
        wf.AStarSearch(grid, (0, 0), [7, 0])
