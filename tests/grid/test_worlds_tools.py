"""The tools defined on square grids only refuse the other worlds with a clear
UnsupportedGridError; every tool that serves them is checked in test_worlds_properties
(the batch searches in test_worlds_batch)."""

from __future__ import annotations

import numpy as np
import pytest

import wayfinding as wf
from wayfinding.errors import UnsupportedGridError

WORLDS = {
    "hex": lambda: wf.HexGrid(np.ones((4, 4), bool)),
    "voxel": lambda: wf.VoxelGrid(np.ones((2, 4, 4), bool)),
    "torus": lambda: wf.Grid(np.ones((4, 4), bool), diagonal=True, wrap=(True, True)),
    "knight": lambda: wf.Grid(np.ones((4, 4), bool), moves=[(2, 1, 2.0), (-2, -1, 2.0)]),
}


def _ends(grid):
    cells = list(grid.locations())
    return cells[0], cells[-1]


TOOLS = {
    "jps": lambda g: wf.jps(g, *_ends(g)),
    "prepare": lambda g: wf.prepare(g),
    "prepare JPS": lambda g: wf.prepare(g, wf.PrepareMethod.JPS),
    "astar_turns": lambda g: wf.astar_turns(g, *_ends(g), turn_cost=1.0),
    "theta_star": lambda g: wf.theta_star(g, *_ends(g)),
    "line_of_sight": lambda g: wf.line_of_sight(g, *_ends(g)),
    "smooth_path": lambda g: wf.smooth_path(g, list(_ends(g))),
    "DStarLite": lambda g: wf.DStarLite(g, *_ends(g)),
    "batch.jps": lambda g: wf.batch.jps(g, [_ends(g)[0]], [_ends(g)[1]]),
    "landmarks": lambda g: wf.landmarks(g, 2),
}


@pytest.mark.parametrize("world", list(WORLDS))
@pytest.mark.parametrize("tool", list(TOOLS))
def test_square_only_tools_refuse_other_worlds(world, tool):
    grid = WORLDS[world]()
    assert not grid.standard
    with pytest.raises(UnsupportedGridError, match=r"square grids with the 4- or 8-way moves"):
        TOOLS[tool](grid)


@pytest.mark.parametrize("world", list(WORLDS))
def test_distance_matrix_of_every_world_equals_its_searches(world):
    grid = WORLDS[world]()
    grid.set_wall(sorted(grid.locations())[1])
    cells = sorted(grid.locations())
    sources, targets = cells[:2], cells[-3:]
    matrix = wf.batch.distance_matrix(grid, sources, targets)
    expected = [[wf.dijkstra(grid, s, t).cost for t in targets] for s in sources]
    np.testing.assert_allclose(matrix, expected)


def test_distance_matrix_names_a_location_outside_a_hex_map():
    with pytest.raises(wf.InvalidLocationError, match=r"sources \(-9, 0\) is outside"):
        wf.batch.distance_matrix(WORLDS["hex"](), [(-9, 0)], [(0, 0)])


def test_a_long_move_needs_only_the_cells_its_segment_crosses():
    # (0, 1) -> (2, 0) crosses (1, 1) and (1, 0); the corners (2, 1) and (0, 0) may be walls
    grid = wf.Grid(np.array([[False, True, True], [True, True, False]]),
                   moves=[(2, -1, 5 ** 0.5), (-2, 1, 5 ** 0.5)])
    assert wf.astar(grid, (0, 1), (2, 0)).cost == pytest.approx(5 ** 0.5)
    assert wf.dijkstra(grid, (0, 1), (2, 0)).path == [(0, 1), (2, 0)]
