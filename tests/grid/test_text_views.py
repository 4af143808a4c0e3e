"""The texts' collections edited in place (issue 28, item 1): ``grid.walls`` and
``grid.weights`` either change the grid (through its edit path: ``version`` bumps,
compiled searches see the edit) or raise a clear error."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding.examples import FOREST_GOAL, FOREST_START, forest_grid

from ..reference import grid_edges, shortest_costs

# -- grid.weights ------------------------------------------------------------------------


def test_item_assignment_on_weights_changes_the_cost():
    grid = wf.GridWithWeights(10, 10)
    before = grid.version
    grid.weights[(1, 1)] = 5
    assert grid.weights.get((1, 1)) == 5.0
    assert grid.cost((0, 1), (1, 1)) == 5.0
    assert grid.version == before + 1


def test_compiled_searches_see_weights_edited_in_place():
    grid = wf.GridWithWeights(3, 3)
    assert wf.astar(grid, (0, 1), (2, 1)).path == [(0, 1), (1, 1), (2, 1)]  # plan built
    grid.weights[(1, 1)] = 9
    result = wf.astar(grid, (0, 1), (2, 1))
    assert result.cost == 4.0 and (1, 1) not in result.path


@pytest.mark.parametrize("edit", [
    lambda w: w.update({(1, 1): 3, (2, 0): 4}),
    lambda w: w.update([((1, 1), 3), ((2, 0), 4)]),
    lambda w: w.__ior__({(1, 1): 3, (2, 0): 4}),
    lambda w: [w.setdefault((1, 1), 3), w.setdefault((2, 0), 4)],
], ids=["update-dict", "update-pairs", "ior", "setdefault"])
def test_every_way_to_add_weights_takes_effect(edit):
    grid = wf.SquareGrid(3, 2)
    edit(grid.weights)
    assert grid.weights == {(1, 1): 3.0, (2, 0): 4.0}
    assert grid.cost((1, 0), (1, 1)) == 3.0 and grid.cost((1, 0), (2, 0)) == 4.0


def test_augmented_assignment_to_weights_is_one_set_of_edits():
    grid = wf.GridWithWeights(3, 2)
    grid.weights |= {(1, 1): 3}
    assert grid.weights == {(1, 1): 3.0} and grid.version == 1


@pytest.mark.parametrize("edit", [
    lambda w: w.__delitem__((1, 1)),
    lambda w: w.pop((1, 1)),
    lambda w: w.popitem(),
    lambda w: w.clear(),
], ids=["del", "pop", "popitem", "clear"])
def test_every_way_to_remove_a_weight_takes_effect(edit):
    grid = wf.GridWithWeights(3, 2)
    grid.weights = {(1, 1): 7}
    edit(grid.weights)
    assert grid.weights == {} and grid.cost((1, 0), (1, 1)) == 1.0


def test_missing_weights_raise_key_error_like_a_dict():
    grid = wf.GridWithWeights(3, 2)
    with pytest.raises(KeyError):
        del grid.weights[(1, 1)]
    with pytest.raises(KeyError):
        grid.weights[(9, 9)]
    assert grid.weights.get((9, 9), 1) == 1 and grid.weights.pop((0, 0), None) is None
    assert grid.version == 0


@pytest.mark.parametrize(("edit", "error", "match"), [
    (lambda w: w.__setitem__((9, 0), 2), wf.InvalidLocationError, r"\(9, 0\) is outside"),
    (lambda w: w.__setitem__((1, 0), -2), wf.InvalidCostError, "must be finite and >= 0"),
    (lambda w: w.__setitem__((1, 0), "5"), wf.InvalidCostError, "must be a number"),
    (lambda w: w.update({(1, 0): 2, (0, 0): math.nan}), wf.InvalidCostError, r"\(0, 0\)"),
    (lambda w: w.update({(1, 0): 2, (5, 5): 2}), wf.InvalidLocationError, r"\(5, 5\)"),
    (lambda w: w.update(a=2), TypeError, "keys are \\(x, y\\) cells"),
], ids=["off-grid", "negative", "string", "nan-in-update", "off-grid-in-update", "keywords"])
def test_bad_weights_raise_and_change_nothing(edit, error, match):
    grid = wf.GridWithWeights(3, 2)
    with pytest.raises(error, match=match):
        edit(grid.weights)
    assert grid.weights == {} and grid.version == 0


def test_weights_copy_and_union_are_plain_dicts():
    grid = wf.GridWithWeights(3, 2)
    grid.weights[(1, 1)] = 2
    snapshot = grid.weights.copy()
    union = grid.weights | {(0, 0): 3.0}
    grid.weights[(1, 1)] = 4
    assert snapshot == {(1, 1): 2.0} and union == {(1, 1): 2.0, (0, 0): 3.0}


# -- grid.walls --------------------------------------------------------------------------


@pytest.mark.parametrize("edit", [
    lambda w: [w.add((1, 0)), w.add((1, 1))],
    lambda w: [w.append((1, 0)), w.append((1, 1))],
    lambda w: w.update([(1, 0), (1, 1)]),
    lambda w: w.extend([(1, 0), (1, 1)]),
    lambda w: w.__ior__({(1, 0), (1, 1)}),
], ids=["add", "append", "update", "extend", "ior"])
def test_every_way_to_add_walls_takes_effect(edit):
    grid = wf.SquareGrid(3, 2)
    assert wf.astar(grid, (0, 0), (2, 0)).cost == 2.0  # derived data built before
    edit(grid.walls)
    assert grid.walls == {(1, 0), (1, 1)} and not grid.passable((1, 1))
    assert wf.astar(grid, (0, 0), (2, 0)).path is None  # compiled search sees the walls
    assert grid.version >= 1


@pytest.mark.parametrize("edit", [
    lambda w: w.discard((1, 0)),
    lambda w: w.remove((1, 0)),
    lambda w: w.__isub__({(1, 0), (2, 2)}),
    lambda w: w.clear(),
    lambda w: w.pop(),
], ids=["discard", "remove", "isub", "clear", "pop"])
def test_every_way_to_remove_walls_takes_effect(edit):
    grid = wf.SquareGrid(3, 1)
    grid.walls = [(1, 0)]
    assert wf.astar(grid, (0, 0), (2, 0)).path is None
    edit(grid.walls)
    assert grid.walls == set() and grid.passable((1, 0))
    assert wf.astar(grid, (0, 0), (2, 0)).cost == 2.0


def test_augmented_assignment_to_walls_keeps_one_edit():
    grid = wf.SquareGrid(3, 2)
    grid.walls |= {(1, 0), (1, 1)}
    grid.walls -= {(1, 1)}
    assert grid.walls == {(1, 0)} and grid.version == 2


def test_walls_read_like_a_set():
    grid = wf.SquareGrid(3, 2)
    grid.walls = [(2, 1), (1, 0)]
    assert list(grid.walls) == [(1, 0), (2, 1)] and len(grid.walls) == 2
    assert (1, 0) in grid.walls and (0, 0) not in grid.walls
    assert (9, 9) not in grid.walls and "wall" not in grid.walls
    assert grid.walls | {(0, 0)} == frozenset({(0, 0), (1, 0), (2, 1)})
    assert isinstance(grid.walls & {(1, 0)}, frozenset)
    assert {(1, 0), (2, 1)} == grid.walls


@pytest.mark.parametrize(("edit", "error", "match"), [
    (lambda w: w.add((3, 0)), wf.InvalidLocationError, r"\(3, 0\) is outside"),
    (lambda w: w.update([(0, 0), (0, 5)]), wf.InvalidLocationError, r"\(0, 5\)"),
    (lambda w: w.remove((0, 0)), KeyError, r"\(0, 0\)"),
    (lambda w: w[0], TypeError, "not a list"),
    (lambda w: w.__setitem__(0, (1, 1)), TypeError, "not a list"),
    (lambda w: w.insert(0, (1, 1)), TypeError, "grid.walls.add"),
    (lambda w: w.sort(), TypeError, "sorted\\(grid.walls\\)"),
], ids=["add-off-grid", "update-off-grid", "remove-absent", "index", "setitem", "insert",
        "sort"])
def test_what_walls_cannot_do_raises_and_changes_nothing(edit, error, match):
    grid = wf.SquareGrid(3, 2)
    with pytest.raises(error, match=match):
        edit(grid.walls)
    assert grid.walls == set() and grid.version == 0


OPS = st.lists(st.tuples(st.sampled_from(["add", "discard", "update", "isub", "clear",
                                          "weight", "unweight"]),
                         st.lists(st.tuples(st.integers(0, 4), st.integers(0, 3)),
                                  min_size=1, max_size=3),
                         st.integers(2, 9)), max_size=12)


@given(ops=OPS)
def test_views_behave_as_a_set_and_a_dict_of_the_grid(ops):
    """Random edits through the views against a plain set and dict: the views, the
    grid's arrays and a compiled Dijkstra flood agree with the model after each."""
    grid = wf.SquareGrid(5, 4)
    walls: set[tuple[int, int]] = set()
    weights: dict[tuple[int, int], float] = {}
    for op, cells, cost in ops:
        if op == "add":
            grid.walls.add(cells[0])
            walls.add(cells[0])
        elif op == "discard":
            grid.walls.discard(cells[0])
            walls.discard(cells[0])
        elif op == "update":
            grid.walls.update(cells)
            walls.update(cells)
        elif op == "isub":
            grid.walls -= set(cells)
            walls -= set(cells)
        elif op == "clear":
            grid.walls.clear()
            walls.clear()
        elif op == "weight":
            grid.weights[cells[0]] = cost
            weights[cells[0]] = float(cost)
        else:
            grid.weights.pop(cells[0], None)
            weights.pop(cells[0], None)
        assert grid.walls == walls and grid.weights == weights
    mask = np.ones((4, 5), bool)
    costs = np.ones((4, 5))
    for x, y in walls:
        mask[y, x] = False
    for (x, y), cost in weights.items():
        costs[y, x] = cost
    assert np.array_equal(grid.passable_mask, mask)
    if (0, 0) not in walls:
        truth = shortest_costs(grid_edges(mask, costs, diagonal=False), [(0, 0)])
        reached = wf.dijkstra(grid, (0, 0)).cost_so_far
        assert {cell: pytest.approx(c) for cell, c in truth.items()} == dict(reached)


def test_the_texts_examples_still_read_as_written():
    grid = forest_grid()
    assert len(grid.walls) == 6 and len(grid.weights) == 27
    assert grid.weights.get((3, 4), 1) == 5.0 and grid.weights.get((0, 0), 1) == 1
    truth = shortest_costs(grid_edges(grid.passable_mask, grid.costs), [FOREST_START])
    assert wf.astar(grid, FOREST_START, FOREST_GOAL).cost == truth[FOREST_GOAL]
