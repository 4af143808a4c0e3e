"""wf.hex: the Red Blob hex guide's coordinates, distance, neighbours, line, ring, range."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding import hex as H
from wayfinding.errors import InvalidLocationError, InvalidParameterError

from .reference import hex_axial, hex_offset

AXIAL = st.tuples(st.integers(-50, 50), st.integers(-50, 50))
LAYOUTS = list(H.HexLayout)


@pytest.mark.parametrize("layout", LAYOUTS)
@given(AXIAL)
def test_offset_round_trip_and_reference(layout, location):
    offset = H.to_offset(location, layout)
    assert H.from_offset(offset, layout) == location
    assert offset == hex_offset(*location, layout.value)
    assert hex_axial(*offset, layout.value) == location


@pytest.mark.parametrize("layout, offset, axial", [
    # the guide's pictures: the hex at column 1, row 1 (pointy) / column 1, row 1 (flat)
    (H.HexLayout.ODD_R, (1, 1), (1, 1)), (H.HexLayout.EVEN_R, (1, 1), (0, 1)),
    (H.HexLayout.ODD_Q, (1, 1), (1, 1)), (H.HexLayout.EVEN_Q, (1, 1), (1, 0)),
    (H.HexLayout.ODD_R, (0, 3), (-1, 3)), (H.HexLayout.EVEN_Q, (3, 0), (3, -2)),
])
def test_offsets_of_the_guide(layout, offset, axial):
    assert H.from_offset(offset, layout) == axial


@given(AXIAL, AXIAL)
def test_distance_is_cube_max(a, b):
    ca, cb = H.to_cube(a), H.to_cube(b)
    assert H.distance(a, b) == max(abs(x - y) for x, y in zip(ca, cb, strict=True))
    assert H.distance(a, b) == H.distance(b, a)


@given(AXIAL)
def test_neighbours_are_one_step_away_and_distinct(a):
    near = H.neighbors(a)
    assert len(set(near)) == 6
    assert all(H.distance(a, n) == 1 for n in near)


@given(AXIAL, AXIAL)
def test_line_walks_neighbour_to_neighbour(a, b):
    line = H.line(a, b)
    assert line[0] == a and line[-1] == b
    assert len(line) == H.distance(a, b) + 1
    assert all(H.distance(p, q) == 1 for p, q in itertools.pairwise(line))


@given(AXIAL, st.integers(0, 6))
def test_ring_and_range(center, radius):
    ring = H.ring(center, radius)
    assert len(ring) == max(1, 6 * radius) == len(set(ring))
    assert all(H.distance(center, h) == radius for h in ring)
    inside = H.within(center, radius)
    assert len(inside) == 1 + 3 * radius * (radius + 1) == len(set(inside))
    assert all(H.distance(center, h) <= radius for h in inside)
    assert all(H.distance(p, q) == 1 for p, q in itertools.pairwise(ring))


@pytest.mark.parametrize("orientation", list(H.Orientation))
@given(AXIAL)
def test_pixel_round_trip(orientation, location):
    x, y = H.to_pixel(location, 10.0, orientation)
    assert H.from_pixel(x, y, 10.0, orientation) == location
    corners = H.corners(location, 10.0, orientation)
    assert all(abs(((cx - x) ** 2 + (cy - y) ** 2) ** 0.5 - 10.0) < 1e-9 for cx, cy in corners)


def test_layout_orientation():
    assert H.HexLayout.ODD_R.orientation is H.Orientation.POINTY
    assert H.HexLayout.EVEN_Q.orientation is H.Orientation.FLAT
    assert wf.HexLayout is H.HexLayout


@pytest.mark.parametrize("call, match", [
    (lambda: H.distance((0, 0.5), (0, 0)), r"\(q, r\) pair of integers, got \(0, 0.5\)"),
    (lambda: H.neighbors("ab"), r"\(q, r\) pair of integers, got 'ab'"),
    (lambda: H.from_cube((1, 1, 1)), r"sum to 0, got \(1, 1, 1\)"),
    (lambda: H.from_cube("xyz"), r"three integers, got 'xyz'"),
    (lambda: H.to_offset((0, 0), "odd-r"), r"HexLayout member .* got 'odd-r'"),
    (lambda: H.ring((0, 0), -1), r"radius must be an integer >= 0, got -1"),
    (lambda: H.within((0, 0), 1.5), r"radius must be an integer >= 0, got 1.5"),
])
def test_bad_input_raises(call, match):
    with pytest.raises((InvalidLocationError, InvalidParameterError), match=match):
        call()
