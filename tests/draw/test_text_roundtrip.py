"""draw_grid marks weighted cells and its pictures read back with Grid.from_ascii."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding.draw import draw_grid


def test_weighted_cells_show_their_cost():
    grid = wf.Grid.from_ascii("""
        .5.
        9#2
    """)
    assert draw_grid(grid, width=1).splitlines()[1:-1] == [".5.", "9#2"]


def test_other_costs_are_drawn_as_plus():
    costs = np.array([[1.0, 2.5, 0.0, 12.0]])
    grid = wf.Grid(np.ones((1, 4), dtype=bool), costs)
    assert draw_grid(grid, width=1).splitlines()[1] == ".+++"


def test_path_is_not_drawn_with_a_wall_character():
    grid = wf.SquareGrid(4, 1)
    row = draw_grid(grid, width=1, path=[(0, 0), (1, 0), (2, 0), (3, 0)], start=(0, 0),
                    goal=(3, 0)).splitlines()[1]
    assert row == "A**Z"
    back = wf.Grid.from_ascii(row)
    assert back.passable_mask.all()


@pytest.mark.parametrize("width", [1, 2, 3])
def test_round_trip_keeps_walls_and_costs(width):
    grid = wf.Grid.from_ascii("""
        ..5..#
        .##9..
        2....#
    """, diagonal=True)
    result = wf.astar(grid, (0, 0), (4, 2))
    picture = draw_grid(grid, width=width, path=result.path, start=(0, 0), goal=(4, 2))
    back = wf.Grid.from_ascii(picture, diagonal=True)
    assert np.array_equal(back.passable_mask, grid.passable_mask)
    marked = np.zeros(grid.shape, dtype=bool)  # path, start and goal marks hide the cost
    for x, y in result.path:
        marked[y, x] = True
    assert np.array_equal(back.costs[~marked], grid.costs[~marked])
    assert (back.costs[marked] == 1).all()
    plain = wf.Grid.from_ascii(draw_grid(grid, width=width), diagonal=True)
    assert np.array_equal(plain.costs, grid.costs)
    assert wf.astar(plain, (0, 0), (4, 2)).cost == result.cost


def test_round_trip_with_the_default_width():
    grid = wf.Grid.from_ascii("""
        .#
        3.
    """)
    back = wf.Grid.from_ascii(draw_grid(grid))
    assert np.array_equal(back.passable_mask, grid.passable_mask)
    assert np.array_equal(back.costs, grid.costs)


def test_a_frame_without_tiles_is_still_an_error():
    with pytest.raises(wf.MapFormatError, match="unexpected character '_'"):
        wf.Grid.from_ascii("___\n...\n")


@given(
    st.integers(1, 7).flatmap(lambda w: st.lists(
        st.text(alphabet="#.23456789", min_size=w, max_size=w), min_size=1, max_size=6)),
    st.integers(1, 3),
)
def test_round_trip_property(rows, width):
    text = "\n".join(rows)
    grid = wf.Grid.from_ascii(text)
    back = wf.Grid.from_ascii(draw_grid(grid, width=width))
    if not grid.passable_mask.any() and width > 1:
        return  # an all-wall picture is ambiguous: "####" may be 2 tiles of 2 or 4 of 1
    assert np.array_equal(back.passable_mask, grid.passable_mask)
    if grid.costs is None:
        assert back.costs is None
    else:
        assert np.array_equal(back.costs, grid.costs)
