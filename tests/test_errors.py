"""Every error path of the core: the right exception, and a message naming the bad value."""

from __future__ import annotations

import math

import numpy as np
import pytest

import wayfinding as wf
from wayfinding.draw import draw_grid
from wayfinding.errors import (
    InvalidCostError,
    InvalidLocationError,
    InvalidParameterError,
    MapFormatError,
    WayfindingError,
)
from wayfinding.examples import example_graph


@pytest.fixture
def grid():
    return wf.Grid.from_ascii("""
    ....
    .#..
    ....
    """)


ALGORITHMS = [wf.astar, wf.dijkstra, wf.greedy_best_first, wf.breadth_first_search]


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize(("start", "match"), [
    ((4, 0), r"start \(4, 0\) is outside the 4x3 grid"),
    ((-1, 0), r"start \(-1, 0\) is outside"),
    ((1, 1), r"start \(1, 1\) is a wall"),
    ("A", r"start must be an \(x, y\) pair of integers, got 'A'"),
    ((0.5, 1), r"start must be an \(x, y\) pair of integers, got \(0.5, 1\)"),
])
def test_bad_start_on_a_grid(grid, algorithm, start, match):
    with pytest.raises(InvalidLocationError, match=match):
        algorithm(grid, start, (0, 0))


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize(("goal", "match"), [
    ((0, 3), r"goal \(0, 3\) is outside the 4x3 grid"),
    ((1, 1), r"goal \(1, 1\) is a wall"),
])
def test_bad_goal_on_a_grid(grid, algorithm, goal, match):
    with pytest.raises(InvalidLocationError, match=match):
        algorithm(grid, (0, 0), goal)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_start_not_in_the_graph(algorithm):
    with pytest.raises(InvalidLocationError, match=r"start 'Q' is not in the graph"):
        algorithm(example_graph(), "Q", "A", **({"heuristic": lambda a, b: 0}
                                                if algorithm is wf.greedy_best_first else {}))


def test_empty_collection_of_starts():
    with pytest.raises(InvalidLocationError, match="start is an empty collection"):
        wf.dijkstra(example_graph(), [], "A")


@pytest.mark.parametrize("cost", [-1, math.nan, math.inf, "x"])
def test_bad_edge_cost_in_a_simple_graph(cost):
    with pytest.raises(InvalidCostError, match=r"cost of edge 'a' -> 'b' must be"):
        wf.SimpleGraph({"a": {"b": cost}})


@pytest.mark.parametrize("cost", [-0.5, math.nan, math.inf])
def test_bad_edge_cost_met_during_a_search(cost):
    graph = wf.as_graph(lambda n: [n + 1], cost=lambda a, b: cost)
    with pytest.raises(InvalidCostError, match=r"cost of edge 0 -> 1 must be finite and >= 0"):
        wf.dijkstra(graph, 0, 3)


@pytest.mark.parametrize("bad", [-1.0, math.nan, math.inf])
def test_bad_cell_costs(bad):
    costs = np.ones((2, 2))
    costs[1, 0] = bad
    with pytest.raises(InvalidCostError, match=r"cell \(x=0, y=1\) costs"):
        wf.Grid(np.ones((2, 2), bool), costs)


def test_cell_costs_of_the_wrong_shape():
    with pytest.raises(InvalidCostError, match=r"costs must have shape \(2, 2\)"):
        wf.Grid(np.ones((2, 2), bool), np.ones((3, 2)))


@pytest.mark.parametrize("bad", [-2, math.nan, math.inf, "five"])
def test_bad_cost_through_set_cost_and_weights(bad):
    grid = wf.GridWithWeights(3, 3)
    with pytest.raises(InvalidCostError, match=r"cost of cell \(1, 1\) must be"):
        grid.set_cost((1, 1), bad)
    with pytest.raises(InvalidCostError, match=r"weight of cell \(1, 1\) must be"):
        grid.weights = {(1, 1): bad}


@pytest.mark.parametrize(("option", "value", "match"), [
    ("straight_cost", 0, "straight_cost must be finite and > 0, got 0"),
    ("diagonal_cost", -1.4, r"diagonal_cost must be finite and > 0, got -1.4"),
    ("diagonal_cost", "14", "diagonal_cost must be a number"),
])
def test_bad_step_costs(option, value, match):
    with pytest.raises(InvalidCostError, match=match):
        wf.Grid(np.ones((2, 2), bool), diagonal=True, **{option: value})


def test_corner_cutting_must_be_the_enum():
    with pytest.raises(InvalidParameterError, match="corner_cutting must be a CornerCutting"):
        wf.Grid(np.ones((2, 2), bool), diagonal=True, corner_cutting="never")


@pytest.mark.parametrize("weight", [-0.1, math.nan, math.inf, True])
@pytest.mark.parametrize("graph_kind", ["grid", "graph"])
def test_bad_heuristic_weight(grid, weight, graph_kind):
    graph, start, goal = (grid, (0, 0), (3, 2)) if graph_kind == "grid" else (
        example_graph(), "A", "E")
    with pytest.raises(InvalidParameterError, match="heuristic weight must be finite and >= 0"):
        wf.astar(graph, start, goal, weight=weight)


@pytest.mark.parametrize(("budget", "value", "match"), [
    ("max_cost", -1, "max_cost must be finite and >= 0, got -1"),
    ("max_cost", math.nan, "max_cost must be finite and >= 0"),
    ("max_expansions", 2.5, "max_expansions must be a whole number, got 2.5"),
    ("max_expansions", -3, "max_expansions must be finite and >= 0, got -3"),
    ("max_seconds", "soon", "max_seconds must be a number or None, got 'soon'"),
])
@pytest.mark.parametrize("graph_kind", ["grid", "graph"])
def test_bad_budgets(grid, budget, value, match, graph_kind):
    graph, start, goal = (grid, (0, 0), (3, 2)) if graph_kind == "grid" else (
        example_graph(), "A", "E")
    with pytest.raises(InvalidParameterError, match=match):
        wf.astar(graph, start, goal, **{budget: value})


def test_greedy_on_a_plain_graph_needs_a_heuristic():
    with pytest.raises(InvalidParameterError, match="HEURISTIC search needs a heuristic"):
        wf.greedy_best_first(example_graph(), "A", "E")


@pytest.mark.parametrize(("text", "match"), [
    ("", "<text>: the map is empty"),
    ("\n   \n", "the map is empty"),
    ("...\n..\n", r"<text>, line 2: row has 2 cells, expected 3"),
    ("..\n.x\n", r"<text>, line 2: unexpected character 'x' at column 2"),
    ("0.\n", r"unexpected character '0' at column 1"),
])
def test_malformed_ascii_maps(text, match):
    with pytest.raises(MapFormatError, match=match):
        wf.Grid.from_ascii(text)


def test_ascii_map_must_be_text():
    with pytest.raises(MapFormatError, match="expected the map as a str, got bytes"):
        wf.Grid.from_ascii(b"...")


@pytest.mark.parametrize(("width", "height", "match"), [
    (0, 3, "width must be a positive integer, got 0"),
    (3, -1, "height must be a positive integer, got -1"),
    (2.5, 3, "width must be a positive integer, got 2.5"),
])
def test_bad_square_grid_size(width, height, match):
    with pytest.raises(InvalidLocationError, match=match):
        wf.SquareGrid(width, height)


def test_passable_must_be_two_dimensional():
    with pytest.raises(InvalidLocationError, match=r"non-empty 2-D array \(H, W\), got shape"):
        wf.Grid(np.ones(5, bool))


@pytest.mark.parametrize("edit", [
    lambda g: g.set_wall((9, 9)),
    lambda g: g.set_walls([(0, 0), (0, 9)]),
    lambda g: setattr(g, "walls", [(5, 5)]),
    lambda g: g.set_cost((3, 0), 2.0),
])
def test_edits_outside_the_grid(edit):
    with pytest.raises(InvalidLocationError, match="is outside the 3x3 grid"):
        edit(wf.SquareGrid(3, 3))


def test_replacing_passable_with_the_wrong_shape():
    with pytest.raises(InvalidLocationError, match=r"passable must have shape \(3, 3\)"):
        wf.SquareGrid(3, 3).set_passable(np.ones((2, 2), bool))


def test_cost_between_cells_that_are_not_neighbours():
    with pytest.raises(InvalidLocationError, match=r"\(0, 0\) and \(2, 0\) are not neighbouring"):
        wf.SquareGrid(3, 3).cost((0, 0), (2, 0))


@pytest.mark.parametrize(("graph", "match"), [
    (42, "expected a graph .* got int"),
    ({"A": "B"}, r"neighbours of 'A' must be a list or a dict"),
])
def test_not_a_graph(graph, match):
    with pytest.raises(InvalidParameterError, match=match):
        wf.dijkstra(graph if not isinstance(graph, dict) else wf.SimpleGraph(graph), "A", "B")


def test_simple_graph_needs_a_mapping():
    with pytest.raises(InvalidParameterError, match="edges must be a dict"):
        wf.SimpleGraph([("A", "B")])


def test_function_graph_needs_callables():
    with pytest.raises(InvalidParameterError, match="cost must be callable or None"):
        wf.as_graph(lambda n: [], cost=3)


def test_cost_function_only_with_a_neighbors_function():
    with pytest.raises(InvalidParameterError, match="cost= is only for graphs given as"):
        wf.as_graph(example_graph(), cost=lambda a, b: 1)


@pytest.mark.parametrize(("kwargs", "match"), [
    ({"width": 0}, "width must be a positive integer, got 0"),
    ({"width": "2"}, "width must be a positive integer, got '2'"),
])
def test_draw_grid_bad_width(grid, kwargs, match):
    with pytest.raises(InvalidParameterError, match=match):
        draw_grid(grid, **kwargs)


def test_draw_grid_needs_a_grid():
    with pytest.raises(InvalidParameterError, match="draw_grid needs a Grid, got SimpleGraph"):
        draw_grid(example_graph())


def test_every_error_is_a_value_error_and_a_wayfinding_error():
    for cls in (InvalidCostError, InvalidLocationError, InvalidParameterError, MapFormatError,
                wf.UnsupportedGridError, wf.StaleDataError):
        assert issubclass(cls, ValueError) and issubclass(cls, WayfindingError)


def test_map_format_error_carries_source_and_line():
    err = MapFormatError("bad row", source="x.map", line=7)
    assert str(err) == "x.map, line 7: bad row" and err.source == "x.map" and err.line == 7


@pytest.mark.parametrize("extra", [{"weight": 2.0}, {"partial": True}, {"max_expansions": 5},
                                   {"max_cost": 9.0}, {"heuristic": wf.heuristics.zero}])
def test_turn_cost_cannot_be_combined(extra):
    with pytest.raises(InvalidParameterError, match="turn_cost cannot be combined with"):
        wf.astar(wf.SquareGrid(4, 4), (0, 0), (3, 3), turn_cost=1.0, **extra)


def test_turn_cost_takes_a_time_budget():
    grid = wf.SquareGrid(4, 4)
    assert wf.astar(grid, (0, 0), (3, 3), turn_cost=1.0, max_seconds=0).reason is \
        wf.StopReason.MAX_SECONDS
    assert wf.astar(grid, (0, 0), (3, 3), turn_cost=1.0, max_seconds=60).cost == 7.0
