"""``wf.batch`` searches on every world (hex, voxel, wrapped, moves of a grid's own) give
the single calls' answers, and the labels of a large world take a small type."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding.grid.components import component_labels, components

from ..reference import shortest_costs
from ..strategies import world_cases

BATCHES = {"astar": wf.batch.astar, "dijkstra": wf.batch.dijkstra,
           "breadth_first_search": wf.batch.breadth_first_search}


@pytest.mark.parametrize("search", list(BATCHES))
@given(data=st.data())
def test_batch_on_every_world_answers_as_the_single_calls(search, data):
    case = data.draw(world_cases())
    n = data.draw(st.integers(1, 4))
    starts = data.draw(st.lists(st.sampled_from(case.cells), min_size=n, max_size=n))
    goals = data.draw(st.lists(st.sampled_from(case.cells), min_size=n, max_size=n))
    workers = data.draw(st.sampled_from([1, 2]))
    batch = BATCHES[search](case.grid, starts, goals, workers=workers)
    assert len(batch) == n and batch.complete
    for i, (s, g) in enumerate(zip(starts, goals, strict=True)):
        single = getattr(wf, search)(case.grid, s, g)
        assert batch.found[i] == (single.path is not None)
        if single.path is None:
            assert batch.costs[i] == math.inf and batch.path(i).shape == (0, case.grid.dims)
            continue
        assert batch.costs[i] == single.cost
        assert [tuple(row) for row in batch.path(i).tolist()] == single.path
        assert batch.lengths[i] == len(single.path)
        if search == "dijkstra":  # and the oracle's cost
            expected = shortest_costs(case.edges, [s]).get(g, math.inf)
            assert math.isclose(batch.costs[i], expected, rel_tol=1e-9, abs_tol=1e-9)


def test_batch_astar_takes_an_array_of_voxels_and_the_heuristic_weight():
    grid = wf.VoxelGrid(np.ones((3, 3, 3), bool))
    batch = wf.batch.astar(grid, np.array([[0, 0, 0]]), np.array([[2, 2, 2]]), weight=2.0)
    assert batch.costs[0] == wf.astar(grid, (0, 0, 0), (2, 2, 2), weight=2.0).cost
    assert batch.path(0).shape == (3, 3)


def test_batch_on_a_world_with_no_time_skips_every_query():
    grid = wf.HexGrid(np.ones((3, 3), bool))
    batch = wf.batch.dijkstra(grid, [(0, 0)] * 3, [(1, 1)] * 3, max_seconds=0)
    assert not batch.complete and batch.skipped.tolist() == [True] * 3
    assert not batch.found.any() and batch.paths.shape == (0, 2)


@pytest.mark.parametrize(("starts", "goals", "message"), [
    (np.zeros((1, 2), np.int64), [(0, 0, 0)], r"starts must be an \(N, 3\) array"),
    ([(0, 0, 0)], [(1, 1, 1), (0, 0, 0)], r"same length, got 1 and 2"),
    ([(0, 0, 0)], 7, r"goals must be a list of locations"),
])
def test_batch_on_a_world_refuses_bad_queries(starts, goals, message):
    with pytest.raises(wf.InvalidParameterError, match=message):
        wf.batch.astar(wf.VoxelGrid(np.ones((2, 2, 2), bool)), starts, goals)


def test_batch_on_a_world_names_the_row_of_a_wall():
    grid = wf.VoxelGrid(np.ones((2, 2, 2), bool))
    grid.set_wall((1, 1, 1))
    with pytest.raises(wf.InvalidLocationError, match=r"goals\[1\] \(1, 1, 1\) is a wall"):
        wf.batch.dijkstra(grid, [(0, 0, 0)] * 2, [(1, 0, 0), (1, 1, 1)])


@pytest.mark.parametrize(("pockets", "dtype"), [(3, np.int8), (200, np.int16)])
def test_labels_of_a_voxel_grid_take_the_smallest_type(pockets, dtype):
    # ``pockets`` single open voxels walled off along a row, plus the open slab below
    cells = np.zeros((3, 1, 2 * pockets), bool)
    cells[0] = True
    cells[2, 0, ::2] = True
    grid = wf.VoxelGrid(cells, connectivity=6)
    found = component_labels(grid)
    assert found.flat.dtype == dtype and found.count == pockets + 1
    assert components(grid).dtype == np.int32
    assert wf.connected(grid, (0, 0, 0), (2 * pockets - 1, 0, 0))
    assert not wf.connected(grid, (0, 0, 2), (2, 0, 2))
    assert wf.astar(grid, (0, 0, 2), (2, 0, 2)).path is None
