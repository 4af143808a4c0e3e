"""Flow fields: optimal next steps and paths to the goal on every movement rule."""

from __future__ import annotations

import math

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding.errors import InvalidLocationError, InvalidParameterError, StaleDataError
from wayfinding.fields import flow_field

from ..oracles import reversed_edges, seeded_costs
from ..reference import assert_valid_path
from ..strategies import as_edges, grid_cases, weighted_digraphs


@given(grid_cases(), st.data())
def test_flow_paths_are_optimal_on_every_rule(case, data):
    goals = data.draw(st.lists(st.sampled_from(case.cells), min_size=1, max_size=3))
    flow = flow_field(case.grid, goals)
    to_goal = seeded_costs(reversed_edges(case.edges), dict.fromkeys(goals, 0.0))
    for cell in case.cells:
        if cell not in to_goal:
            assert flow.cost_from(cell) == math.inf
            assert flow.path_from(cell) is None and flow.next_step(cell) is None
            continue
        cost = flow.cost_from(cell)
        assert math.isclose(cost, to_goal[cell], rel_tol=1e-9, abs_tol=1e-9)
        path = flow.path_from(cell)
        assert_valid_path(case.edges, path, [cell], goals, cost)
        assert flow.next_step(cell) == (path[1] if len(path) > 1 else None)


@given(grid_cases(weighted=True), st.data())
def test_flow_cost_equals_dijkstra_from_each_cell(case, data):
    """Weighted grids: the reverse flood charges the entered cell, as a forward search."""
    goal = data.draw(st.sampled_from(case.cells))
    start = data.draw(st.sampled_from(case.cells))
    flow = flow_field(case.grid, goal)
    forward = wf.dijkstra(case.grid, start, goal)
    assert flow.cost_from(start) == forward.cost or math.isclose(
        flow.cost_from(start), forward.cost, rel_tol=1e-9)


@given(grid_cases(), st.data())
def test_max_cost_and_goal_initial_costs(case, data):
    goals = data.draw(st.dictionaries(st.sampled_from(case.cells),
                                      st.floats(-3, 3, allow_nan=False), min_size=1,
                                      max_size=3))
    limit = data.draw(st.floats(0, 25))
    flow = flow_field(case.grid, goals, max_cost=limit)
    expected = seeded_costs(reversed_edges(case.edges), goals)
    for cell, cost in expected.items():
        if cost <= limit - 1e-9:
            assert math.isclose(flow.cost_from(cell), cost, rel_tol=1e-9, abs_tol=1e-9)
            path = flow.path_from(cell)
            assert_valid_path(case.edges, path, [cell], goals, cost - goals[path[-1]])
        elif cost > limit + 1e-9:
            assert flow.cost_from(cell) == math.inf


@given(weighted_digraphs(), st.data())
def test_generic_graph_flow_matches_oracle(graph, data):
    goal = data.draw(st.sampled_from(sorted(graph)))
    flow = flow_field(wf.SimpleGraph(graph), goal)
    edges = as_edges(graph)
    expected = seeded_costs(reversed_edges(edges), {goal: 0.0})
    assert set(flow.reachable) == set(expected)
    for location, cost in expected.items():
        assert math.isclose(flow.cost_from(location), cost, rel_tol=1e-9, abs_tol=1e-9)
        assert_valid_path(edges, flow.path_from(location), [location], [goal],
                          flow.cost_from(location))


def test_networkx_directed_and_undirected():
    directed = nx.DiGraph()
    directed.add_edge("a", "b", weight=2.0)
    directed.add_edge("b", "c", weight=1.0)
    directed.add_edge("c", "a", weight=7.0)
    flow = flow_field(directed, "c")
    assert flow.cost_from("a") == 3.0 and flow.next_step("a") == "b"
    undirected = nx.Graph([(1, 2), (2, 3)])
    assert flow_field(undirected, 1).path_from(3) == [3, 2, 1]


def test_object_with_predecessors():
    class Line:
        def neighbors(self, n):
            return [n + 1] if n < 9 else []

        def predecessors(self, n):
            return [n - 1] if n > 0 else []

        def cost(self, a, b):
            return 2.0

    flow = flow_field(Line(), 9)
    assert flow.cost_from(0) == 18.0 and flow.next_step(4) == 5


def test_graph_without_predecessors():
    with pytest.raises(InvalidParameterError, match="needs a graph that knows its predecessors"):
        flow_field(lambda n: [n + 1], 3)


def test_stale_after_edit():
    grid = wf.Grid.from_ascii("....")
    flow = flow_field(grid, (3, 0))
    assert flow.next_step((0, 0)) == (1, 0)
    grid.set_wall((2, 0))
    for call in (flow.next_step, flow.path_from, flow.cost_from):
        with pytest.raises(StaleDataError, match=r"edited \(version 0 -> 1\)"):
            call((0, 0))


def test_flee_map_runs_away_round_obstacles():
    grid = wf.Grid.from_ascii("""
    ...........
    .#########.
    ...........
    """)
    toward = flow_field(grid, (5, 2))
    flee = flow_field(grid, toward.scaled(-1.2))
    # next to the player a monster steps away from it
    assert toward.cost_from(flee.next_step((4, 2))) > toward.cost_from((4, 2))
    # every flee step goes downhill on the flee map
    for cell in flee.reachable:
        nxt = flee.next_step(cell)
        if nxt is not None:
            assert flee.cost_from(nxt) < flee.cost_from(cell)


def test_as_array_and_reachable():
    flow = flow_field(wf.Grid.from_ascii("..#."), (0, 0))
    assert flow.as_array().tolist() == [[0.0, 1.0, math.inf, math.inf]]
    assert set(flow.reachable) == {(0, 0), (1, 0)}
    assert repr(flow) == "FlowField(kind='grid', reachable=2)"


@pytest.mark.parametrize(("goal", "error", "match"), [
    ((2, 0), InvalidLocationError, r"goal \(2, 0\) is a wall"),
    ([], InvalidLocationError, "goal is an empty collection"),
    ((0, 5), InvalidLocationError, r"goal \(0, 5\) is outside"),
])
def test_bad_goals(goal, error, match):
    with pytest.raises(error, match=match):
        flow_field(wf.Grid.from_ascii("..#."), goal)


def test_bad_max_cost():
    with pytest.raises(InvalidParameterError, match="max_cost must be finite and >= 0"):
        flow_field(wf.Grid.from_ascii(".."), (0, 0), max_cost=-2)


def test_location_off_grid():
    with pytest.raises(InvalidLocationError, match=r"location \(7, 0\) is outside"):
        flow_field(wf.Grid.from_ascii(".."), (0, 0)).next_step((7, 0))
