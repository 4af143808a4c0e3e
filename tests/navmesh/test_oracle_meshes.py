"""Shortest-path lengths on random polygon meshes equal an exact visibility-graph oracle's."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wayfinding as wf

from .oracle import _crosses_interior, polygon_length

pytest.importorskip("triangle")

SIDE = 24


def _hull(points):
    """Counter-clockwise convex hull (monotone chain), collinear points dropped."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


@st.composite
def scenes(draw):
    """Convex obstacles, one per occupied cell of a 3 x 3 layout (so they never touch),
    and start and goal points outside their interiors."""
    obstacles = []
    for cx in range(3):
        for cy in range(3):
            if not draw(st.booleans()):
                continue
            pts = draw(st.lists(st.tuples(st.integers(1, 7), st.integers(1, 7)), min_size=3,
                                max_size=6))
            hull = _hull([(8 * cx + x, 8 * cy + y) for x, y in pts])
            if len(hull) >= 3:
                obstacles.append(hull)
    point = st.tuples(st.integers(0, 2 * SIDE), st.integers(0, 2 * SIDE)).map(
        lambda p: (Fraction(p[0], 2), Fraction(p[1], 2)))
    free = point.filter(lambda p: not any(_strictly_inside(o, p) for o in obstacles))
    return obstacles, draw(free), draw(free)


def _strictly_inside(polygon, p):
    return all((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) > 0
               for a, b in zip(polygon, polygon[1:] + polygon[:1], strict=True))


BOX = [(0, 0), (SIDE, 0), (SIDE, SIDE), (0, SIDE)]


@settings(deadline=None)
@given(scenes())
def test_mesh_search_matches_the_visibility_graph(scene):
    obstacles, s, t = scene
    mesh = wf.navmesh.from_polygons(BOX, obstacles)
    exact = [[(Fraction(x), Fraction(y)) for x, y in o] for o in obstacles]
    expected = polygon_length((0, 0, SIDE, SIDE), exact, s, t)
    result = wf.astar(mesh, (float(s[0]), float(s[1])), (float(t[0]), float(t[1])))
    assert result.cost == pytest.approx(expected, abs=1e-9)
    # the path avoids every obstacle and its length is the cost
    path = [(Fraction(x), Fraction(y)) for x, y in result.path]
    for p, q in itertools.pairwise(path):
        assert not any(_crosses_interior(o, p, q) for o in exact)
    assert sum(float(((q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2) ** 0.5)
               for p, q in itertools.pairwise(path)) == pytest.approx(result.cost)
