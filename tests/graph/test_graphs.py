"""The generic tier on the texts' examples, adapters, goals, starts and budgets."""

from __future__ import annotations

import math

import networkx as nx
import pytest

import wayfinding as wf
from wayfinding.examples import FOREST_GOAL, FOREST_START, example_graph, forest_grid
from wayfinding.graph.astar import astar as generic_astar
from wayfinding.graph.dijkstra import dijkstra as generic_dijkstra
from wayfinding.graph.engine import BestFirstSearch, Priority

from ..reference import grid_edges, shortest_costs


def test_bfs_on_the_texts_graph_reaches_everything():
    result = wf.breadth_first_search(example_graph(), "A")
    assert dict(result.came_from) == {"A": None, "B": "A", "C": "B", "D": "B", "E": "D"}
    assert result.path is None and result.reason is wf.StopReason.EXHAUSTED


def test_bfs_early_exit_on_the_texts_graph():
    result = wf.breadth_first_search(example_graph(), "A", "E")
    assert result.path == ["A", "B", "D", "E"]
    assert result.found and result.goal == "E"


@pytest.mark.parametrize("algorithm", [wf.dijkstra, wf.astar, generic_dijkstra, generic_astar])
def test_forest_grid_cost_matches_the_oracle(algorithm):
    forest = forest_grid()
    result = algorithm(forest, FOREST_START, FOREST_GOAL)
    edges = grid_edges(forest.passable_mask, forest.costs)
    assert result.cost == shortest_costs(edges, [FOREST_START])[FOREST_GOAL] == 16.0
    assert result.path[0] == FOREST_START and result.path[-1] == FOREST_GOAL


def test_astar_expands_fewer_than_dijkstra_on_the_forest():
    forest = forest_grid()
    assert (wf.astar(forest, FOREST_START, FOREST_GOAL).expanded
            < wf.dijkstra(forest, FOREST_START, FOREST_GOAL).expanded)


class Unorderable:
    """A location type that cannot be ordered: the frontier must never compare locations."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"U({self.name})"


@pytest.mark.parametrize("algorithm", [wf.dijkstra, wf.astar])
def test_unorderable_locations_with_equal_priorities(algorithm):
    a, b, c, d = (Unorderable(n) for n in "abcd")
    graph = wf.SimpleGraph({a: {b: 1, c: 1}, b: {d: 1}, c: {d: 1}})
    result = algorithm(graph, a, d)
    assert result.cost == 2.0 and result.path[0] is a and result.path[-1] is d


def test_networkx_graph_is_accepted_with_its_weights():
    g = nx.DiGraph()
    g.add_edge("s", "m", weight=1.5)
    g.add_edge("m", "t", weight=1.5)
    g.add_edge("s", "t", weight=5)
    assert wf.dijkstra(g, "s", "t").path == ["s", "m", "t"]
    assert wf.dijkstra(g, "s", "t").cost == 3.0


def test_undirected_networkx_graph_without_weights_has_unit_costs():
    g = nx.path_graph(4)
    assert wf.astar(g, 3, 0).path == [3, 2, 1, 0]


def test_neighbors_function_and_cost_function():
    result = wf.dijkstra(wf.as_graph(lambda n: [n + 1, n * 2] if n < 20 else [],
                                     cost=lambda a, b: 1.0 if b == a + 1 else 0.5), 1, 16)
    assert result.path == [1, 2, 4, 8, 16] and result.cost == 2.5


def test_plain_neighbors_function_is_a_unit_cost_graph():
    assert wf.breadth_first_search(lambda n: [n + 1] if n < 5 else [], 0, 5).cost == 5.0


def test_goal_as_a_set_reaches_the_nearest():
    graph = wf.SimpleGraph({0: {1: 1, 2: 5}, 1: {3: 1}, 2: {}, 3: {}})
    result = wf.dijkstra(graph, 0, {2, 3})
    assert result.goal == 3 and result.cost == 2.0


def test_goal_as_a_predicate():
    result = wf.breadth_first_search(lambda n: [n + 1, n + 3], 0, lambda n: n % 7 == 6)
    assert result.goal == 6 and result.cost == 2.0


def test_several_starts_take_the_nearest():
    graph = wf.SimpleGraph({"x": ["m"], "y": ["z"], "z": ["m"]})
    result = wf.breadth_first_search(graph, ["x", "y"], "m")
    assert result.path == ["x", "m"]


def test_start_equal_to_goal_is_a_zero_cost_path():
    assert wf.astar(example_graph(), "C", "C").path == ["C"]


def test_unreachable_goal_is_a_normal_result():
    result = wf.dijkstra(wf.SimpleGraph({"a": ["b"], "c": []}), "a", "c")
    assert result.path is None and result.cost == math.inf and not result.found
    assert result.reason is wf.StopReason.EXHAUSTED


def test_max_cost_limits_the_flood():
    line = wf.SimpleGraph({i: {i + 1: 1.0} for i in range(10)})
    result = wf.dijkstra(line, 0, max_cost=3)
    assert sorted(result.cost_so_far) == [0, 1, 2, 3]
    assert result.reason is wf.StopReason.MAX_COST


def test_max_expansions_with_partial_path_heads_for_the_goal():
    line = wf.SimpleGraph({i: [i + 1] for i in range(100)})
    result = wf.astar(line, 0, 100, heuristic=lambda a, b: abs(b - a), max_expansions=5,
                      partial=True)
    assert result.partial and not result.found
    assert result.reason is wf.StopReason.MAX_EXPANSIONS
    assert result.path == [0, 1, 2, 3, 4, 5] and result.goal == 5 and result.cost == 5.0


def test_budget_without_partial_gives_no_path():
    line = wf.SimpleGraph({i: [i + 1] for i in range(100)})
    result = wf.astar(line, 0, 100, max_expansions=5)
    assert result.path is None and result.reason is wf.StopReason.MAX_EXPANSIONS


def test_unreachable_goal_with_partial_path_ends_nearest_the_goal():
    graph = wf.SimpleGraph({0: [1, 2], 1: [], 2: [], 9: []})
    result = wf.astar(graph, 0, 9, heuristic=lambda a, b: abs(b - a), partial=True)
    assert result.partial and result.path == [0, 2]
    assert result.reason is wf.StopReason.EXHAUSTED


def test_max_seconds_zero_stops_at_once():
    line = wf.SimpleGraph({i: [i + 1] for i in range(10_000)})
    result = wf.astar(line, 0, 10_000, max_seconds=0.0)
    assert result.reason in (wf.StopReason.MAX_SECONDS, wf.StopReason.FOUND)


@pytest.mark.parametrize("chunk", [1, 2, 7, 1000])
def test_resumed_engine_gives_the_same_answer(chunk):
    forest = forest_grid()
    search = BestFirstSearch(forest, FOREST_START, FOREST_GOAL,
                             priority=Priority.COST_PLUS_HEURISTIC, heuristic=forest.heuristic)
    steps = 0
    while not search.step(max_expansions=chunk):
        steps += 1
        assert search.partial_path()[0] == FOREST_START
    assert search.result().cost == 16.0
    assert steps >= (0 if chunk == 1000 else 1)


def test_overestimating_heuristic_still_gives_a_valid_path():
    forest = forest_grid()
    result = wf.astar(forest, FOREST_START, FOREST_GOAL, heuristic=lambda a, b: 100 * (
        abs(a[0] - b[0]) + abs(a[1] - b[1])))
    edges = grid_edges(forest.passable_mask, forest.costs)
    assert result.path[-1] == FOREST_GOAL
    assert result.cost >= shortest_costs(edges, [FOREST_START])[FOREST_GOAL]


def test_reconstruct_path_is_public_and_works_from_a_flood():
    flood = wf.dijkstra(forest_grid(), FOREST_START)
    path = wf.reconstruct_path(flood.came_from, FOREST_START, FOREST_GOAL)
    assert path[0] == FOREST_START and path[-1] == FOREST_GOAL
    assert wf.reconstruct_path(flood.came_from, FOREST_START, (1, 7)) is None
