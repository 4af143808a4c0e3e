"""Pictures of hex maps, voxel grids and wrapped grids: text that reads back, images."""

from __future__ import annotations

import numpy as np
import pytest

import wayfinding as wf
from wayfinding.errors import InvalidParameterError


def _hex_map(layout):
    rng = np.random.default_rng(5)
    passable = rng.random((5, 6)) > 0.3
    passable[0, 0] = passable[-1, -1] = True
    return wf.HexGrid(passable, rng.integers(1, 4, (5, 6)).astype(float), layout=layout)


@pytest.mark.parametrize("layout", list(wf.HexLayout))
@pytest.mark.parametrize("width", [1, 2, 3])
def test_hex_pictures_read_back(layout, width):
    grid = _hex_map(layout)
    cells = list(grid.locations())
    result = wf.dijkstra(grid, cells[0], cells[-1])
    picture = wf.draw_grid(grid, width=width, path=result.path, start=cells[0],
                           goal=cells[-1])
    back = wf.HexGrid.from_ascii(picture, layout=layout)
    assert (back.passable_mask == grid.passable_mask).all()


def test_pointy_rows_are_shoved_as_on_paper():
    grid = wf.HexGrid(np.ones((3, 2), bool))
    assert wf.draw_grid(grid).splitlines()[1:4] == [". .", " . .", ". ."]
    even = wf.HexGrid(np.ones((3, 2), bool), layout=wf.HexLayout.EVEN_R)
    assert wf.draw_grid(even).splitlines()[1:4] == [" . .", ". .", " . ."]


def test_flat_columns_are_shoved_down_by_half_a_row():
    grid = wf.HexGrid(np.ones((2, 3), bool), layout=wf.HexLayout.ODD_Q)
    assert wf.draw_grid(grid).splitlines()[1:5] == [".   .", "  .", ".   .", "  ."]


def test_hex_arrows_point_to_the_parent():
    grid = wf.HexGrid(np.ones((1, 3), bool))
    picture = wf.draw_grid(grid, came_from=wf.dijkstra(grid, (0, 0)).came_from)
    assert picture.splitlines()[1] == ". < <"


def test_voxel_picture_is_one_slice_per_z():
    grid = wf.VoxelGrid(np.ones((2, 1, 2), bool), connectivity=6)
    result = wf.dijkstra(grid, (0, 0, 0))
    lines = wf.draw_grid(grid, came_from=result.came_from).splitlines()
    assert lines[:5] == ["z = 0", "____", ". <", "~~~~", "z = 1"]
    assert lines[6].startswith("d ") and lines[6][2] in "d<"


def test_wrapped_arrows_take_the_short_way():
    grid = wf.Grid(np.ones((1, 5), bool), wrap=(True, False))
    picture = wf.draw_grid(grid, came_from=wf.dijkstra(grid, (0, 0)).came_from)
    assert picture.splitlines()[1] == ". < < > >"


def test_images_of_each_world():
    pytest.importorskip("PIL")
    hexes = _hex_map(wf.HexLayout.ODD_R)
    cells = list(hexes.locations())
    result = wf.astar(hexes, cells[0], cells[-1])
    image = wf.draw.render(hexes, path=result.path, cost_so_far=result.cost_so_far,
                           came_from=result.came_from, start=cells[0], goal=cells[-1],
                           scale=8, legend=False)
    assert image.size == (92, 65)
    voxels = wf.VoxelGrid(np.ones((3, 4, 5), bool))
    r3 = wf.astar(voxels, (0, 0, 0), (4, 3, 2))
    assert wf.draw.render(voxels, path=r3.path, start=(0, 0, 0), goal=(4, 3, 2), z=2,
                          cost_so_far=r3.cost_so_far, scale=4).size[1] == 60
    torus = wf.Grid(np.ones((4, 6), bool), diagonal=True, wrap=(True, True))
    path = wf.astar(torus, (0, 0), (5, 3)).path
    assert path == [(0, 0), (5, 3)]
    assert wf.draw.render(torus, path=path, scale=4, legend=False).size == (24, 16)


@pytest.mark.parametrize("call, match", [
    (lambda: wf.draw.render(wf.VoxelGrid(np.ones((2, 2, 2), bool)), z=2),
     r"z must be an integer slice from 0 to 1, got 2"),
    (lambda: wf.draw.render(wf.SquareGrid(2, 2), z=0), r"z is the slice of a voxel grid"),
    (lambda: wf.draw.render(wf.HexGrid(np.ones((2, 2), bool)), path=[(5, 5)]),
     r"\(5, 5\) is not a hex of the map"),
    (lambda: wf.draw.render(wf.HexGrid(np.ones((2, 2), bool)), visited=[(9, 0)]),
     r"visited has \(9, 0\), outside the grid"),
    (lambda: wf.draw.render(wf.HexGrid(np.ones((2, 2), bool)), cost_so_far=np.zeros((3, 3))),
     r"cost_so_far array has shape \(3, 3\), expected \(2, 2\)"),
])
def test_bad_picture_input_raises(call, match):
    pytest.importorskip("PIL")
    with pytest.raises(InvalidParameterError, match=match):
        call()
