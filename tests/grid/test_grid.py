"""The Grid class: builders, movement rules, edits, the texts' SquareGrid API."""

from __future__ import annotations

import math

import numpy as np
import pytest

import wayfinding as wf
from wayfinding import CornerCutting
from wayfinding.grid.derived import Derived

from ..reference import grid_edges, shortest_costs


def test_from_ascii_reads_walls_floor_and_costs():
    grid = wf.Grid.from_ascii("""
        .#3
        @..
    """)
    assert grid.shape == (2, 3)
    assert grid.passable_mask.tolist() == [[True, False, True], [False, True, True]]
    assert grid.costs.tolist() == [[1, 1, 3], [1, 1, 1]]


def test_from_ascii_without_costs_is_unweighted():
    assert wf.Grid.from_ascii("..1\n...").costs is None


def test_inputs_are_not_mutated_and_views_are_read_only():
    passable = np.ones((2, 2), bool)
    costs = np.full((2, 2), 2.0)
    grid = wf.Grid(passable, costs)
    grid.set_wall((0, 0))
    grid.set_cost((1, 1), 9)
    assert passable.all() and (costs == 2.0).all()
    with pytest.raises(ValueError, match="read-only"):
        grid.passable_mask[0, 0] = True
    with pytest.raises(ValueError, match="read-only"):
        grid.costs[0, 0] = 1.0


CROSS = np.array([[1, 0, 1],
                  [1, 1, 1],
                  [0, 1, 1]], bool)


@pytest.mark.parametrize(("rule", "expected"), [
    (CornerCutting.NEVER, {(1, 0), (0, 1)}),
    (CornerCutting.ONE_FREE, {(1, 0), (0, 1), (1, 1)}),
    (CornerCutting.ALWAYS, {(1, 0), (0, 1), (1, 1)}),
])
def test_corner_rules_from_a_corner_cell(rule, expected):
    grid = wf.Grid(np.array([[1, 1], [1, 1]], bool) & np.array([[1, 1], [1, 1]], bool),
                   diagonal=True, corner_cutting=rule)
    grid.set_wall((1, 0))
    got = set(grid.neighbors((0, 0)))
    assert got == expected - {(1, 0)}


@pytest.mark.parametrize(("rule", "squeeze"), [
    (CornerCutting.NEVER, False),
    (CornerCutting.ONE_FREE, False),
    (CornerCutting.ALWAYS, True),
])
def test_squeezing_between_two_walls(rule, squeeze):
    grid = wf.Grid(np.array([[1, 0], [0, 1]], bool), diagonal=True, corner_cutting=rule)
    assert ((1, 1) in grid.neighbors((0, 0))) is squeeze


def test_four_way_has_no_diagonals():
    grid = wf.Grid(np.ones((3, 3), bool))
    assert sorted(grid.neighbors((1, 1))) == [(0, 1), (1, 0), (1, 2), (2, 1)]


def test_integer_step_costs_ten_and_fourteen():
    grid = wf.Grid(np.ones((5, 5), bool), diagonal=True, straight_cost=10, diagonal_cost=14)
    result = wf.astar(grid, (0, 0), (4, 2))
    assert result.cost == 48.0  # two diagonal steps and two straight ones
    assert grid.heuristic((0, 0), (4, 2)) == 48.0


def test_entry_costs_multiply_the_step_length():
    costs = np.array([[1.0, 3.0], [1.0, 1.0]])
    grid = wf.Grid(np.ones((2, 2), bool), costs, diagonal=True)
    assert grid.cost((0, 0), (1, 0)) == 3.0
    assert math.isclose(grid.cost((0, 1), (1, 0)), 3 * math.sqrt(2))


@pytest.mark.parametrize("diagonal", [False, True])
def test_default_heuristic_is_admissible_with_cheap_cells(diagonal):
    rng = np.random.default_rng(3)
    costs = rng.uniform(0.25, 4.0, size=(9, 9))
    grid = wf.Grid(np.ones((9, 9), bool), costs, diagonal=diagonal)
    truth = shortest_costs(grid_edges(grid.passable_mask, costs, diagonal=diagonal), [(4, 4)])
    for cell, cost in truth.items():
        assert grid.heuristic(cell, (4, 4)) <= cost + 1e-9


def test_dear_diagonals_are_capped_in_the_heuristic():
    grid = wf.Grid(np.ones((4, 4), bool), diagonal=True, diagonal_cost=5)
    assert grid.heuristic((0, 0), (3, 3)) == 6.0


def test_square_grid_walls_and_weights_as_the_texts_write_them():
    grid = wf.GridWithWeights(4, 3)
    grid.walls = [(1, 0), (1, 1)]
    grid.weights = {(2, 2): 5, (3, 2): 5}
    assert grid.walls == {(1, 0), (1, 1)}
    assert grid.weights == {(2, 2): 5.0, (3, 2): 5.0}
    assert (1, 1) not in grid.neighbors((0, 1))
    grid.walls = [(3, 0)]
    assert grid.walls == {(3, 0)}


def test_every_edit_bumps_the_version_and_clears_derived_data():
    grid = wf.SquareGrid(3, 3)
    calls = []
    probe = Derived("probe", lambda g: calls.append(1))
    grid.derived(probe)
    grid.derived(probe)
    assert calls == [1]
    versions = [grid.version]
    for edit in (lambda: grid.set_wall((1, 1)), lambda: grid.set_walls([(0, 0)], wall=False),
                 lambda: grid.set_cost((2, 2), 3), lambda: grid.set_costs(None),
                 lambda: grid.set_passable(np.ones((3, 3), bool))):
        edit()
        versions.append(grid.version)
    assert versions == sorted(set(versions))
    grid.derived(probe)
    assert calls == [1, 1]


def test_flat_arrays_are_padded_with_walls():
    grid = wf.Grid.from_ascii("..\n#.")
    flat = grid.flat
    assert flat.stride == 4 and flat.passable.reshape(4, 4)[0].tolist() == [0, 0, 0, 0]
    assert flat.passable[flat.index((1, 1))] == 1 and flat.passable[flat.index((0, 1))] == 0
    assert flat.location(flat.index((1, 0))) == (1, 0)


def test_min_cost_follows_edits():
    grid = wf.GridWithWeights(3, 3)
    assert grid.min_cost == 1.0
    grid.set_cost((0, 0), 0.5)
    assert grid.min_cost == 0.5


def test_copy_is_independent():
    grid = wf.SquareGrid(3, 3, diagonal=True)
    twin = grid.copy()
    twin.set_wall((1, 1))
    assert grid.passable((1, 1)) and not twin.passable((1, 1)) and twin.diagonal


def test_repr_names_the_rules():
    assert repr(wf.SquareGrid(3, 2, diagonal=True)) == (
        "Grid(3x2, diagonal=True, weighted=False, corner_cutting=NEVER)")


def test_turn_cost_through_astar_prefers_fewer_turns():
    result = wf.astar(wf.SquareGrid(6, 6), (0, 0), (5, 5), turn_cost=3)
    turns = sum(1 for a, b, c in zip(result.path, result.path[1:], result.path[2:], strict=False)
                if (b[0] - a[0], b[1] - a[1]) != (c[0] - b[0], c[1] - b[1]))
    assert turns == 1 and result.cost == 10 + 3


def test_from_ascii_reads_movingai_letters():
    grid = wf.Grid.from_ascii("""
        .GSTO
        WW.@.
    """, diagonal=True)
    assert [grid.passable((x, 0)) for x in range(5)] == [True, True, True, False, False]
    assert grid.passable((0, 1)) and grid.passable((1, 1))
    assert wf.astar(grid, (0, 1), (1, 1)).cost == 1.0  # water to water
    assert not wf.connected(grid, (0, 0), (0, 1))  # ground and water: another class
    one_class = wf.Grid.from_ascii("SW", classes=None)
    assert wf.astar(one_class, (0, 0), (1, 0)).cost == 1.0
