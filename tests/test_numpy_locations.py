"""(N, 2) integer arrays as several locations, paths as arrays, and explicit (row, col)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding import InvalidLocationError

GRID = wf.Grid.from_ascii("""
......
.####.
......
""", diagonal=True)


@pytest.mark.parametrize("search", [wf.astar, wf.dijkstra, wf.breadth_first_search,
                                    wf.greedy_best_first])
def test_an_array_of_goals_is_read_as_its_rows(search):
    goals = np.array([[5, 2], [0, 2]])
    by_array = search(GRID, (0, 0), goals)
    by_list = search(GRID, (0, 0), [(5, 2), (0, 2)])
    assert by_array.goal == by_list.goal == (0, 2)
    assert by_array.cost == by_list.cost


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.uint16])
def test_an_array_of_starts_is_read_as_its_rows(dtype):
    starts = np.array([[5, 0], [5, 2]], dtype=dtype)
    result = wf.dijkstra(GRID, starts, (5, 1))
    assert result.cost == 1.0 and result.path[0] in {(5, 0), (5, 2)}


def test_arrays_of_locations_work_on_the_generic_and_csr_tiers():
    edges = {(0, 0): {(1, 0): 1.0}, (1, 0): {(2, 0): 1.0, (1, 1): 5.0}, (2, 0): {}}
    graph = wf.SimpleGraph(edges)
    goals = np.array([[2, 0], [1, 1]])
    assert wf.dijkstra(graph, (0, 0), goals).goal == (2, 0)
    compiled = wf.compile_graph(graph, (0, 0))
    assert wf.dijkstra(compiled, np.array([[0, 0]]), goals).goal == (2, 0)


def test_connected_takes_arrays_of_locations():
    grid = wf.Grid.from_ascii(".#.\n.#.")
    assert wf.connected(grid, np.array([[0, 0], [2, 0]]), np.array([[2, 1]]))
    assert not wf.connected(grid, np.array([[0, 0]]), [(2, 1)])
    assert not wf.connected(grid, np.zeros((0, 2), dtype=int), [(2, 1)])  # none: False


def test_flood_seeds_as_an_array():
    field = wf.flood(GRID, np.array([[0, 0], [5, 0]]))
    assert field.cost_to((5, 0)) == 0.0 and field.cost_to((0, 0)) == 0.0
    assert field.cost_to((2, 0)) == 2.0


@pytest.mark.parametrize("bad, match", [
    (np.array([[0.0, 2.0]]), r"\(N, 2\) array of integers.*float64"),
    (np.array([[0, 2, 1]]), r"must be an \(x, y\) pair of integers, got \(0, 2, 1\)"),
    (np.array([[0, 2, 1, 4]]), r"\(N, 2\) array of integers.*shape \(1, 4\)"),
])
def test_arrays_that_are_not_integer_pairs_raise(bad, match):
    with pytest.raises(InvalidLocationError, match=match):
        wf.astar(GRID, (0, 0), bad)
    with pytest.raises(InvalidLocationError, match=match):
        wf.dijkstra(GRID, bad, (0, 0))


def test_an_empty_array_of_starts_raises():
    with pytest.raises(InvalidLocationError, match="empty"):
        wf.dijkstra(GRID, np.zeros((0, 2), dtype=np.int64), (0, 0))


def test_path_array_is_the_path_as_xy_rows():
    result = wf.astar(GRID, (0, 0), (5, 2))
    array = result.path_array
    assert array.shape == (len(result.path), 2) and array.dtype.kind == "i"
    assert [tuple(row) for row in array.tolist()] == result.path
    walled = wf.Grid.from_ascii(".#.")
    assert wf.astar(walled, (0, 0), (2, 0)).path_array is None  # no path
    labels = wf.dijkstra(wf.SimpleGraph({"a": ["b"]}), "a", "b").path_array
    assert labels.tolist() == ["a", "b"]


@given(st.lists(st.tuples(st.integers(0, 50), st.integers(0, 50)), min_size=1, max_size=8))
def test_row_col_conversions_round_trip_and_match_numpy_indexing(points):
    mask = np.zeros((51, 51), dtype=bool)
    for x, y in points:
        mask[y, x] = True  # wayfinding (x, y) is numpy [y, x]
    rc = wf.rc_from_xy(points)
    assert all(mask[r, c] for r, c in rc)
    assert wf.xy_from_rc(rc) == points
    array = np.array(points)
    assert (wf.xy_from_rc(wf.rc_from_xy(array)) == array).all()
    assert wf.rc_from_xy(points[0]) == (points[0][1], points[0][0])


def test_row_col_of_a_numpy_user_gives_the_same_path_as_scipy_layout():
    walls = np.array([[0, 0, 0], [1, 1, 0], [0, 0, 0]])
    grid = wf.Grid(walls == 0)
    result = wf.astar(grid, wf.xy_from_rc((2, 0)), wf.xy_from_rc((0, 0)))
    assert all(walls[r, c] == 0 for r, c in wf.rc_from_xy(result.path))
    assert wf.rc_from_xy(result.path)[0] == (2, 0)


@pytest.mark.parametrize("bad", [(1, 2, 3), "ab", np.zeros((2, 3), int), 7])
def test_conversions_refuse_what_is_not_pairs(bad):
    with pytest.raises(InvalidLocationError):
        wf.rc_from_xy(bad)
