"""Any-angle lengths on random grids equal an exact visibility-graph oracle's."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding.navmesh.anyangle import any_angle

from .oracle import grid_length


@st.composite
def grids_and_corners(draw, centres=False):
    w = draw(st.integers(1, 9))
    h = draw(st.integers(1, 9))
    density = draw(st.sampled_from([0.0, 0.2, 0.35, 0.5]))
    seed = draw(st.integers(0, 2**31))
    cells = np.random.default_rng(seed).random((h, w)) >= density
    open_cells = np.argwhere(cells)
    if not open_cells.size:
        cells[0, 0] = True
        open_cells = np.argwhere(cells)
    i = draw(st.integers(0, len(open_cells) - 1))
    j = draw(st.integers(0, len(open_cells) - 1))
    (sy, sx), (ty, tx) = open_cells[i], open_cells[j]
    return cells, (int(sx), int(sy)), (int(tx), int(ty))


@settings(deadline=None)
@given(grids_and_corners())
def test_grid_meshes_pass_every_check(case):
    """The builder's meshes skip the checks at run time: here they must pass them all."""
    from wayfinding.navmesh.build import mesh_of_cells
    from wayfinding.navmesh.mesh import check_arrays

    mesh = mesh_of_cells(case[0]).mesh
    neighbours = check_arrays(mesh.vertices, mesh.offsets, mesh.polygon_vertices)
    assert np.array_equal(neighbours, mesh.neighbours)
    covered = sum(abs(_area(mesh.polygon(p))) for p in range(mesh.polygon_count))
    assert covered == case[0].sum()  # the free area is exactly the open cells


def _area(ring):
    x, y = ring[:, 0], ring[:, 1]
    return 0.5 * float((x * np.roll(y, -1) - np.roll(x, -1) * y).sum())


def _oracle(cells, s, t, centres):
    half = Fraction(1, 2) if centres else Fraction(0)
    a = (Fraction(s[0]) + half, Fraction(s[1]) + half)
    b = (Fraction(t[0]) + half, Fraction(t[1]) + half)
    return grid_length(cells.tolist(), a, b, s, t)


@settings(deadline=None)
@given(grids_and_corners(), st.booleans())
def test_any_angle_matches_the_visibility_graph(case, centres):
    cells, s, t = case
    grid = wf.Grid(cells)
    expected = _oracle(cells, s, t, centres)
    result = any_angle(grid, s, t, centres=centres)
    if expected == float("inf"):
        assert result.path is None
    else:
        assert result.cost == pytest.approx(expected, abs=1e-9)
        _check_path(result, cells, s, t, centres)


def _check_path(result, cells, s, t, centres):
    """The path is walkable, starts and ends where asked, and its length is the cost."""
    from .oracle import grid_segment_ok

    path = [(Fraction(x), Fraction(y)) for x, y in result.path]
    half = 0.5 if centres else 0.0
    assert result.path[0] == (s[0] + half, s[1] + half)
    assert result.path[-1] == (t[0] + half, t[1] + half)
    for k, (p, q) in enumerate(itertools.pairwise(path)):
        assert grid_segment_ok(cells.tolist(), p, q, s if k == 0 else None,
                               t if k == len(path) - 2 else None)
    length = sum(float(np.hypot(q[0] - p[0], q[1] - p[1]))
                 for p, q in zip(result.path, result.path[1:], strict=False))
    assert length == pytest.approx(result.cost, abs=1e-9)


@pytest.mark.parametrize(("rows", "s", "t", "cost"), [
    (["..", ".."], (0, 0), (2, 2), 2 * 2 ** 0.5),
    ([".#", "#."], (0, 0), (2, 2), None),  # the cells touch at one corner only
    ([".#", "#."], (1, 1), (2, 2), 2 ** 0.5),  # corner (1, 1) belongs to cell (1, 1)
    (["...", ".#.", "..."], (0, 0), (3, 3), 2 * 5 ** 0.5),  # around the wall by (2, 1)
])
def test_hand_worked(rows, s, t, cost):
    grid = wf.Grid.from_ascii("\n".join(rows))
    result = any_angle(grid, s, t)
    if cost is None:
        assert result.path is None
    else:
        assert result.cost == pytest.approx(cost, abs=1e-12)
