"""Numbers behave like numbers: numpy scalars, sums that could overflow, exact coordinates."""

from __future__ import annotations

import math

import numpy as np
import pytest

import wayfinding as wf
from wayfinding.errors import InvalidCostError, InvalidLocationError


@pytest.fixture
def grid() -> wf.Grid:
    return wf.Grid.from_ascii("""
        .....
        .#.#.
        .....
    """, diagonal=True)


@pytest.mark.parametrize("scalar", [np.int64, np.int32, np.float32, np.float64])
def test_numpy_scalars_are_numbers_everywhere(grid, scalar):
    budget = wf.astar(grid, (0, 0), (4, 2), max_expansions=scalar(100), max_cost=scalar(50),
                      max_seconds=scalar(5), weight=scalar(1))
    assert budget.found
    assert wf.dijkstra(grid, (0, 0), max_cost=scalar(2)).cost_so_far[(2, 0)] == 2.0
    assert wf.flood(grid, {(0, 0): scalar(3)}).cost_to((1, 0)) == 4.0
    assert wf.flood(grid, (0, 0)).scaled(scalar(2)).cost_to((1, 0)) == 2.0
    assert wf.astar(grid, (0, 0), (4, 0), turn_cost=scalar(2)).found
    g2 = wf.Grid(np.ones((2, 2), bool), diagonal=True, straight_cost=scalar(10),
                 diagonal_cost=scalar(14))
    assert g2.cost((0, 0), (1, 1)) == 14.0
    grid.set_cost((0, 1), scalar(3))
    assert grid.cost((0, 0), (0, 1)) == 3.0


def test_generic_budgets_take_numpy_scalars():
    graph = wf.SimpleGraph({"a": {"b": 1}, "b": {"c": 1}})
    assert wf.dijkstra(graph, "a", "c", max_expansions=np.int64(5)).cost == 2.0
    assert wf.astar(graph, "a", "c", weight=np.float32(1.5)).cost == 2.0


@pytest.mark.parametrize("value", ["2", True, None, [1]])
def test_a_cell_cost_must_be_a_number(grid, value):
    with pytest.raises(InvalidCostError, match="must be a number"):
        grid.set_cost((0, 0), value)


@pytest.mark.parametrize("value", ["1", True])
def test_an_initial_cost_must_be_a_number(grid, value):
    with pytest.raises(InvalidCostError, match="must be a number"):
        wf.flood(grid, {(0, 0): value})


def test_costs_whose_sums_could_overflow_are_refused_up_front():
    with pytest.raises(InvalidCostError, match="too large"):
        wf.Grid(np.ones((3, 3), bool), np.full((3, 3), 1e308))
    with pytest.raises(InvalidCostError, match="too large"):
        wf.Grid(np.ones((3, 3), bool), straight_cost=1e300)
    grid = wf.Grid(np.ones((100, 100), bool))
    with pytest.raises(InvalidCostError, match="too large"):
        grid.set_cost((0, 0), 1e299)
    with pytest.raises(InvalidCostError, match="too large"):
        grid.set_costs(np.full((100, 100), 1e299))
    with pytest.raises(InvalidCostError, match="too large"):
        grid.weights = {(1, 1): 1e299}
    assert grid.version == 0  # nothing was changed
    grid.set_cost((0, 0), 1e290)  # large but safe
    result = wf.dijkstra(grid, (1, 0), (0, 0))
    assert result.cost == 1e290 and math.isfinite(result.cost)


@pytest.mark.parametrize("location", [(1.7, 0), (1.0, 0), (True, 0), (0, np.float64(1)),
                                      ("1", 0), (1, 2, 3), 5])
def test_edits_check_coordinates_exactly_as_searches_do(grid, location):
    with pytest.raises(InvalidLocationError, match="pair of integers"):
        grid.set_wall(location)
    with pytest.raises(InvalidLocationError, match="pair of integers"):
        grid.set_cost(location, 2)
    with pytest.raises(InvalidLocationError, match="pair of integers"):
        grid.set_walls([location])
    with pytest.raises(InvalidLocationError, match="pair of integers"):
        wf.astar(grid, location, (0, 0))
    assert grid.version == 0


def test_edits_accept_numpy_integer_coordinates(grid):
    grid.set_wall((np.int64(2), np.int32(0)))
    assert not grid.passable((2, 0))


def test_cost_of_a_diagonal_on_a_4_way_grid_is_refused():
    four = wf.Grid.from_ascii("..\n..")
    with pytest.raises(InvalidLocationError, match="not neighbouring cells under 4-way"):
        four.cost((0, 0), (1, 1))
    assert four.cost((0, 0), (1, 0)) == 1.0
    eight = wf.Grid.from_ascii("..\n..", diagonal=True)
    assert eight.cost((0, 0), (1, 1)) == pytest.approx(math.sqrt(2))


def test_generic_path_costs_that_overflow_raise():
    graph = wf.SimpleGraph({"a": {"b": 1e308}, "b": {"c": 1e308}})
    with pytest.raises(InvalidCostError, match="overflows"):
        wf.dijkstra(graph, "a", "c")
    with pytest.raises(InvalidCostError, match="overflows"):
        wf.astar(graph, "a", "c")
