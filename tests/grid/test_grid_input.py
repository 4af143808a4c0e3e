"""Grid input is explicit: booleans for ``Grid(passable)``, cost arrays for ``Grid.from_costs``."""

from __future__ import annotations

import math

import numpy as np
import pytest

import wayfinding as wf
from wayfinding.errors import InvalidCostError, InvalidLocationError, InvalidParameterError


@pytest.mark.parametrize("passable", [
    np.array([[1, 5], [1, 1]]),             # a tcod cost array
    [[0.5, 1.0], [1.0, 1.0]],
    [[math.nan, 1.0], [1.0, 1.0]],
    np.array([[2, 1], [1, 1]], np.uint8),
    [[-1, 1], [1, 1]],
])
def test_passable_with_numbers_other_than_0_and_1_names_from_costs(passable):
    with pytest.raises(InvalidParameterError,
                       match=r"Grid\(passable\) takes a boolean array.*Grid\.from_costs"):
        wf.Grid(passable)


@pytest.mark.parametrize("passable", [
    [["a", "b"], ["c", "d"]],
    np.array([[None, True], [True, True]], dtype=object),
])
def test_passable_with_strings_or_objects_is_refused(passable):
    with pytest.raises(InvalidParameterError, match=r"boolean array.*got an array of"):
        wf.Grid(passable)


def test_the_message_names_the_bad_value_and_cell():
    with pytest.raises(InvalidParameterError, match=r"got 5 at \(x=1, y=0\) \(1 values"):
        wf.Grid(np.array([[1, 5], [1, 0]]))


@pytest.mark.parametrize("passable", [
    [[0, 1], [1, 1]],
    np.array([[0, 1], [1, 1]], np.uint8),
    np.array([[0.0, 1.0], [1.0, 1.0]]),
    [[False, True], [True, True]],
])
def test_zero_one_arrays_are_accepted(passable):
    grid = wf.Grid(passable)
    assert grid.passable_mask.dtype == bool
    assert grid.passable_mask.tolist() == [[False, True], [True, True]]


def test_set_passable_is_as_strict_as_the_constructor():
    grid = wf.SquareGrid(3, 2)
    grid.set_passable([[1, 0, 1], [1, 1, 1]])
    assert grid.walls == frozenset({(1, 0)})
    with pytest.raises(InvalidParameterError, match=r"set_passable\(passable\) takes a boolean"):
        grid.set_passable([[1, 3, 1], [1, 1, 1]])
    with pytest.raises(InvalidLocationError, match=r"must have shape \(2, 3\)"):
        grid.set_passable([[1, 1], [1, 1]])


def test_copy_square_grid_and_grid_with_weights_still_work():
    square = wf.SquareGrid(4, 3)
    square.walls = [(1, 0), (1, 1)]
    assert square.copy().walls == square.walls
    weighted = wf.GridWithWeights(4, 1)
    weighted.weights = {(2, 0): 5}
    clone = weighted.copy()
    assert clone.weights == {(2, 0): 5.0}
    assert wf.dijkstra(clone, (0, 0), (3, 0)).cost == 7.0


# ---------------------------------------------------------------------- from_costs
TCOD_COSTS = np.array([
    [1, 1, 1, 1, 1],
    [1, 0, 9, 9, 1],
    [1, 0, 1, 9, 1],
    [1, 1, 1, 0, 1],
])


def test_from_costs_uses_the_costs_that_grid_used_to_ignore():
    grid = wf.Grid.from_costs(TCOD_COSTS, wall=0)
    assert grid.walls == frozenset({(1, 1), (1, 2), (3, 3)})
    assert float(grid.costs[1, 2]) == 9.0
    # (3, 1) costs 9 to enter: three cells along the top, then down into it
    assert wf.dijkstra(grid, (0, 0), (3, 1)).cost == 12.0
    assert wf.astar(grid, (0, 0), (3, 1)).cost == 12.0
    assert wf.dijkstra(wf.Grid(TCOD_COSTS != 0), (0, 0), (3, 1)).cost == 4.0  # walls only


def test_from_costs_with_infinite_walls_as_pyastar2d():
    costs = np.array([[1.0, np.inf, 1.0], [1.0, 2.0, 1.0]], dtype=np.float32)
    grid = wf.Grid.from_costs(costs, wall=np.inf)
    assert grid.walls == frozenset({(1, 0)})
    assert wf.dijkstra(grid, (0, 0), (2, 0)).cost == 1.0 + 2.0 + 1.0 + 1.0


def test_from_costs_passes_movement_options():
    grid = wf.Grid.from_costs(np.ones((3, 3)), wall=0, diagonal=True, straight_cost=2,
                              diagonal_cost=3, corner_cutting=wf.CornerCutting.ALWAYS)
    assert grid.diagonal and grid.corner_cutting is wf.CornerCutting.ALWAYS
    assert wf.dijkstra(grid, (0, 0), (2, 2)).cost == 6.0


def test_from_costs_does_not_modify_its_input():
    costs = TCOD_COSTS.copy()
    grid = wf.Grid.from_costs(costs, wall=0)
    grid.set_cost((0, 0), 4.0)
    assert (costs == TCOD_COSTS).all()


@pytest.mark.parametrize(("costs", "wall", "match"), [
    ([[1.0, -1.0]], 0, r"cell \(x=1, y=0\) costs -1\.0; with wall=0 every other cell"),
    ([[1.0, math.nan]], 0, r"cell \(x=1, y=0\) costs nan"),
    ([[1.0, math.inf]], 0, r"cell \(x=1, y=0\) costs inf"),
    ([[0.0, -2.0]], math.inf, r"costs -2\.0; with wall=inf"),
])
def test_from_costs_refuses_bad_cells(costs, wall, match):
    with pytest.raises(InvalidCostError, match=match):
        wf.Grid.from_costs(costs, wall=wall)


@pytest.mark.parametrize(("costs", "match"), [
    ([["1", "2"]], r"takes an array of numbers, got an array of <U1"),
    ([1.0, 2.0], r"non-empty 2-D array \(H, W\), got shape \(2,\)"),
    (np.zeros((0, 3)), r"got shape \(0, 3\)"),
])
def test_from_costs_refuses_bad_arrays(costs, match):
    with pytest.raises(InvalidCostError, match=match):
        wf.Grid.from_costs(costs)


@pytest.mark.parametrize("wall", [math.nan, "0", None, True])
def test_from_costs_wall_must_be_a_number(wall):
    with pytest.raises(InvalidCostError, match=r"wall must be a number such as 0 or math\.inf"):
        wf.Grid.from_costs([[1.0]], wall=wall)
