"""Images of grids and searches: wf.draw.render and wf.draw.to_array."""

from __future__ import annotations

import time

import numpy as np
import pytest

import wayfinding as wf
from wayfinding.draw import image as img

pytest.importorskip("PIL")

FOREST = """
......
.##5..
...5..
......
"""


def _colour_count(array, colour):
    return int(np.all(array == np.array(colour, dtype=np.uint8), axis=-1).sum())


def test_cells_are_walls_floor_and_shaded_costs():
    grid = wf.Grid.from_ascii(FOREST)
    a = wf.draw.to_array(grid, scale=1, legend=False)
    assert a.shape == (4, 6, 3) and a.dtype == np.uint8
    assert a[1, 1].tolist() == list(img.WALL) and a[0, 0].tolist() == list(img.FLOOR)
    shade = a[1, 3]
    assert shade.tolist() not in (list(img.FLOOR), list(img.WALL))
    assert shade[1] > shade[0] and shade[1] > shade[2]  # green


def test_scale_repeats_cells_and_path_start_goal_are_drawn():
    grid = wf.Grid.from_ascii(FOREST)
    result = wf.astar(grid, (0, 0), (5, 3))
    a = wf.draw.to_array(grid, path=result.path, start=(0, 0), goal=(5, 3), scale=10,
                         legend=False)
    assert a.shape == (40, 60, 3)
    assert _colour_count(a, img.PATH) > 50
    assert tuple(a[5, 5]) == img.START and tuple(a[35, 55]) == img.GOAL
    assert tuple(a[15, 15]) == img.WALL  # cell (1, 1)


def test_heat_map_has_a_colour_bar_and_follows_cost():
    grid = wf.SquareGrid(10, 1)
    result = wf.dijkstra(grid, (0, 0))
    a = wf.draw.to_array(grid, cost_so_far=result.cost_so_far, scale=4)
    assert a.shape[1] == 40 + img.LEGEND_WIDTH and a.shape[0] >= 60
    near, far = a[1, 1].astype(int), a[1, 37].astype(int)
    assert near.tolist() != far.tolist()
    assert far[0] + far[1] > near[0] + near[1]  # the ramp goes from dark blue to yellow
    plain = wf.draw.to_array(grid, cost_so_far=dict(result.cost_so_far), scale=4)
    assert np.array_equal(a, plain)  # array views and plain dicts draw the same


def test_visited_and_came_from_cells_are_tinted():
    grid = wf.SquareGrid(5, 5)
    a = wf.draw.to_array(grid, visited={(1, 1)}, scale=1, legend=False)
    assert a[1, 1].tolist() != list(img.FLOOR) and a[0, 0].tolist() == list(img.FLOOR)
    mask = np.zeros((5, 5), dtype=bool)
    mask[1, 1] = True
    assert np.array_equal(wf.draw.to_array(grid, visited=mask, scale=1, legend=False), a)
    result = wf.breadth_first_search(grid, (0, 0), (1, 0))
    tinted = wf.draw.to_array(grid, came_from=result.came_from, scale=1, legend=False)
    assert tinted[0, 1].tolist() != list(img.FLOOR)


def test_arrows_drawn_when_cells_are_big():
    grid = wf.SquareGrid(3, 1)
    came_from = {(0, 0): None, (1, 0): (0, 0), (2, 0): (1, 0)}
    a = wf.draw.to_array(grid, came_from=came_from, scale=20, legend=False)
    assert _colour_count(a[:, 20:40], img.ARROW) > 10
    assert _colour_count(a[:, 0:20], img.ARROW) == 0


def test_render_returns_a_pillow_image():
    from PIL import Image

    picture = wf.draw.render(wf.SquareGrid(3, 2), scale=5)
    assert isinstance(picture, Image.Image) and picture.size == (15, 10)


@pytest.mark.parametrize(("kwargs", "match"), [
    ({"scale": 0}, "scale must be an integer from 1 to 64, got 0"),
    ({"scale": 2.5}, "scale must be an integer"),
    ({"scale": True}, "scale must be an integer"),
    ({"visited": [(9, 9)]}, r"visited has \(9, 9\), outside the 3x2 grid"),
    ({"visited": np.zeros((3, 3), dtype=bool)}, r"visited array has shape \(3, 3\)"),
    ({"cost_so_far": {(5, 0): 1.0}}, r"cost_so_far has \(5, 0\), outside"),
    ({"cost_so_far": np.zeros((1, 1))}, r"cost_so_far array has shape \(1, 1\)"),
    ({"start": (7, 0)}, r"start/goal has \(7, 0\), outside"),
    ({"goal": "here"}, "expected an .x, y. cell, got 'here'"),
])
def test_bad_arguments(kwargs, match):
    with pytest.raises(wf.InvalidParameterError, match=match):
        wf.draw.render(wf.SquareGrid(3, 2), **kwargs)


def test_render_needs_a_grid():
    with pytest.raises(wf.InvalidParameterError, match="render needs a Grid, got dict"):
        wf.draw.render({})


def test_too_many_pixels_refused():
    with pytest.raises(wf.InvalidParameterError, match="more than 67108864"):
        wf.draw.render(wf.SquareGrid(4096, 4096), scale=3)


def test_4096_grid_with_a_path_in_under_a_second():
    rng = np.random.default_rng(7)
    mask = rng.random((4096, 4096)) > 0.25
    mask[0, :] = mask[:, -1] = True
    grid = wf.Grid(mask, diagonal=True)
    path = [(x, 0) for x in range(4096)] + [(4095, y) for y in range(1, 4096)]
    wf.draw.render(grid, path=path[:2], legend=False)  # warm up
    began = time.process_time()  # CPU time: other processes on the machine do not count
    picture = wf.draw.render(grid, path=path, start=(0, 0), goal=(4095, 4095))
    elapsed = time.process_time() - began
    assert picture.size == (4096, 4096)
    assert elapsed < 1.0, f"render took {elapsed:.2f} s of CPU time"
