"""Line helpers: Bresenham, supercover, expand_path and compress_path, against exact
geometry (``tests/reference.py``) and python-pathfinding where it is installed."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf

from ..reference import segment_cells

POINTS = st.tuples(st.integers(-6, 6), st.integers(-6, 6))


@given(POINTS, POINTS)
def test_supercover_is_every_cell_the_segment_touches_in_order(a, b):
    cells = wf.supercover(a, b)
    touched = segment_cells(a, b)
    assert set(cells) == set(touched)
    assert len(cells) == len(set(cells))
    assert cells[0] == a and cells[-1] == b
    reached = [touched[c] for c in cells]
    assert reached == sorted(reached)  # in the order the segment reaches them


@given(POINTS, POINTS)
def test_bresenham_is_an_8_way_line_of_the_right_length(a, b):
    cells = wf.bresenham(a, b)
    assert cells[0] == a and cells[-1] == b
    assert len(cells) == max(abs(b[0] - a[0]), abs(b[1] - a[1])) + 1
    for p, q in itertools.pairwise(cells):
        assert max(abs(q[0] - p[0]), abs(q[1] - p[1])) == 1
    assert all(c in segment_cells(a, b) or _near(a, b, c) for c in cells)


def _near(a, b, c):
    """Within half a cell of the line through a and b (Bresenham's promise)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    cross = abs(dx * (c[1] - a[1]) - dy * (c[0] - a[0]))
    return 2 * cross <= max(abs(dx), abs(dy))


@given(POINTS, POINTS)
def test_bresenham_matches_python_pathfinding(a, b):
    util = pytest.importorskip("pathfinding.core.util")
    assert wf.bresenham(a, b) == [tuple(c) for c in util.bresenham(a, b)]


@given(st.lists(POINTS, min_size=1, max_size=5))
def test_expand_and_compress_are_inverse_on_lines(points):
    path = wf.expand_path(points)
    for p, q in itertools.pairwise(path):
        assert max(abs(q[0] - p[0]), abs(q[1] - p[1])) <= 1
    compressed = wf.compress_path(path)
    assert wf.expand_path(compressed) == wf.expand_path(wf.compress_path(compressed))
    assert compressed[0] == path[0] and compressed[-1] == path[-1]
    assert set(compressed) <= set(path)


def test_compress_keeps_turns_only():
    path = [(0, 0), (1, 0), (2, 0), (3, 1), (4, 2), (4, 3)]
    assert wf.compress_path(path) == [(0, 0), (2, 0), (4, 2), (4, 3)]
    assert wf.expand_path(wf.compress_path(path)) == path
    assert wf.expand_path([]) == [] and wf.compress_path([(1, 1)]) == [(1, 1)]


@pytest.mark.parametrize(("call", "message"), [
    (lambda: wf.bresenham((0, 0), (1.5, 2)), r"b must be an \(x, y\) pair of integers, got"),
    (lambda: wf.supercover("ab", (1, 2)), "a must be an"),
    (lambda: wf.expand_path([(0, 0), (True, 1)]), r"waypoint must be an \(x, y\) pair"),
    (lambda: wf.compress_path([(0, 0, 0)]), r"path cell must be an \(x, y\) pair"),
])
def test_bad_points_raise(call, message):
    with pytest.raises(wf.InvalidLocationError, match=message):
        call()
