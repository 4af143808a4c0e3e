"""The worlds beyond the square grid, one by one: hex maps, voxel grids, wrap-around
borders and move sets of a grid's own (construction, locations, edits, errors)."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding.errors import (
    InvalidCostError,
    InvalidLocationError,
    InvalidParameterError,
    MapFormatError,
)
from wayfinding.grid.moves import gauge_facets
from wayfinding.grid.worlds import wrap_estimate

from ..oracles import reversed_edges
from ..reference import hex_axial, shortest_costs, wrapped_grid_edges
from ..strategies import KNIGHT, NEIGHBOURHOOD_16, NEIGHBOURHOOD_32, move_sets

PICTURE = """
. . . . .
 . # # . .
. . . . .
"""


# ---------------------------------------------------------------------- hex maps
def test_hex_from_ascii_maps_rows_to_offsets():
    grid = wf.HexGrid.from_ascii(PICTURE)
    assert (grid.width, grid.height) == (5, 3)
    assert grid.walls == {hex_axial(1, 1, "odd-r"), hex_axial(2, 1, "odd-r")}
    assert grid.passable_mask[1].tolist() == [True, False, False, True, True]
    assert grid.to_offset((1, 1)) == (1, 1) and grid.from_offset((0, 2)) == (-1, 2)


@pytest.mark.parametrize("layout", list(wf.HexLayout))
def test_hex_locations_are_axial(layout):
    grid = wf.HexGrid(np.ones((3, 4), bool), layout=layout)
    expected = {hex_axial(c, r, layout.value) for r in range(3) for c in range(4)}
    assert set(grid.locations()) == expected
    assert all(grid.passable(loc) for loc in expected)


def test_hex_edits_take_axial_locations():
    grid = wf.HexGrid(np.ones((3, 4), bool))
    version = grid.version
    grid.set_wall((-1, 2))  # offset (0, 2)
    grid.set_cost((2, 1), 4.0)  # offset (2, 1)
    assert not grid.passable_mask[2, 0] and grid.costs[1, 2] == 4.0
    assert grid.version == version + 2
    assert grid.walls == {(-1, 2)} and grid.weights == {(2, 1): 4.0}
    grid.walls = [(0, 0)]
    grid.weights = {(3, 0): 2.0}
    assert grid.walls == {(0, 0)} and grid.weights == {(3, 0): 2.0}
    assert wf.astar(grid, (1, 0), (2, 0)).cost == 1.0
    copy = grid.copy()
    copy.set_wall((1, 0))
    assert grid.passable((1, 0)) and not copy.passable((1, 0))


def test_hex_weighted_search_and_cost():
    grid = wf.HexGrid.from_ascii("""
    . 9 .
     . . .
    """)
    assert grid.cost((0, 0), (1, 0)) == 9.0
    assert wf.dijkstra(grid, (0, 0), (2, 0)).cost == 3.0
    with pytest.raises(InvalidLocationError, match=r"\(0, 0\) and \(2, 0\) are not neighbouring"):
        grid.cost((0, 0), (2, 0))


@pytest.mark.parametrize("layout", list(wf.HexLayout))
@pytest.mark.parametrize("wrap", [(True, False), (False, True), (True, True)])
def test_wrapped_hex_distance_is_exact_on_an_open_map(layout, wrap):
    h, w = 6, 8
    grid = wf.HexGrid(np.ones((h, w), bool), layout=layout, wrap=wrap)
    edges = {u: [(v, 1.0) for v in grid.neighbors(u)] for u in grid.locations()}
    for start in list(grid.locations())[::5]:
        costs = shortest_costs(edges, [start])
        for goal, cost in costs.items():
            assert grid.heuristic(goal, start) == cost


@pytest.mark.parametrize("call, error, match", [
    (lambda: wf.HexGrid(np.ones((2, 2, 2), bool)), InvalidLocationError, r"2-D array"),
    (lambda: wf.HexGrid(np.ones((2, 2), bool), layout="odd-r"), InvalidParameterError,
     r"HexLayout member"),
    (lambda: wf.HexGrid(np.ones((3, 4), bool), wrap=(False, True)), InvalidParameterError,
     r"even number of cells there .* got 3"),
    (lambda: wf.HexGrid(np.ones((4, 3), bool), layout=wf.HexLayout.ODD_Q, wrap=(True, False)),
     InvalidParameterError, r"even number .* got 3"),
    (lambda: wf.HexGrid(np.ones((4, 4), bool)).check_location((9, 0)), InvalidLocationError,
     r"\(9, 0\) is outside the 4x4 hex map \(offset \(9, 0\)"),
    (lambda: wf.HexGrid.from_ascii(". #").check_location((1, 0), "goal"),
     InvalidLocationError, r"goal \(1, 0\) is a wall"),
    (lambda: wf.HexGrid(np.ones((2, 2), bool)).set_wall((0.5, 0)), InvalidLocationError,
     r"axial \(q, r\) pair of integers, got \(0.5, 0\)"),
    (lambda: wf.HexGrid.from_ascii(". x"), MapFormatError, r"unexpected character 'x'"),
    (lambda: wf.astar(wf.HexGrid(np.ones((2, 2), bool)), (0, 0), (5, 5)),
     InvalidLocationError, r"goal \(5, 5\) is outside"),
])
def test_hex_errors(call, error, match):
    with pytest.raises(error, match=match):
        call()


# ---------------------------------------------------------------------- voxels
def test_voxel_grid_shape_and_locations():
    mask = np.ones((2, 3, 4), bool)
    mask[1, 2, 3] = False
    grid = wf.VoxelGrid(mask, connectivity=18)
    assert (grid.width, grid.height, grid.depth) == (4, 3, 2)
    assert grid.walls == {(3, 2, 1)} and len(list(grid.locations())) == 23
    assert not grid.passable((3, 2, 1)) and not grid.in_bounds((4, 0, 0))
    assert len(grid.neighbors((1, 1, 0))) == 13  # 18 minus the 5 below z = 0


@pytest.mark.parametrize("connectivity, count", [(6, 6), (18, 18), (26, 26)])
def test_voxel_neighbour_counts(connectivity, count):
    grid = wf.VoxelGrid(np.ones((3, 3, 3), bool), connectivity=connectivity)
    near = grid.neighbors((1, 1, 1))
    assert len(near) == count
    lengths = sorted({round(grid.cost((1, 1, 1), n), 6) for n in near})
    assert lengths == [round(math.sqrt(k), 6) for k in (1, 2, 3)][:{6: 1, 18: 2, 26: 3}[
        connectivity]]


def test_voxel_corner_rule():
    mask = np.ones((2, 2, 2), bool)
    mask[1, 1, 0] = False  # the edge voxel (0, 1, 1) of the step (0,0,0) -> (1,1,1)
    never = wf.VoxelGrid(mask)
    always = wf.VoxelGrid(mask, corner_cutting=wf.CornerCutting.ALWAYS)
    assert (1, 1, 1) not in never.neighbors((0, 0, 0))
    assert (1, 1, 1) in always.neighbors((0, 0, 0))


def test_voxel_edits_and_copy():
    grid = wf.VoxelGrid(np.ones((2, 2, 3), bool))
    grid.set_wall((1, 0, 0))
    grid.set_cost((2, 1, 1), 3.0)
    assert grid.walls == {(1, 0, 0)} and grid.weights == {(2, 1, 1): 3.0}
    grid.walls = [(0, 1, 1)]
    grid.weights = {(1, 1, 1): 2.0}
    assert grid.walls == {(0, 1, 1)} and grid.weights == {(1, 1, 1): 2.0}
    copy = grid.copy()
    copy.set_walls([(2, 0, 0), (2, 1, 0)])
    assert grid.passable((2, 0, 0)) and not copy.passable((2, 1, 0))


def test_voxel_from_blocked():
    grid = wf.VoxelGrid.from_blocked((3, 2, 1), [(2, 1, 0)], connectivity=6)
    assert grid.shape == (1, 2, 3) and grid.walls == {(2, 1, 0)} and grid.connectivity == 6


@pytest.mark.parametrize("call, error, match", [
    (lambda: wf.VoxelGrid(np.ones((2, 2), bool)), InvalidLocationError, r"3-D array"),
    (lambda: wf.VoxelGrid(np.ones((1, 1, 1), bool), connectivity=8), InvalidParameterError,
     r"6, 18 or 26, got 8"),
    (lambda: wf.VoxelGrid(np.ones((1, 1, 1), bool), connectivity=26.0),
     InvalidParameterError, r"6, 18 or 26, got 26.0"),
    (lambda: wf.VoxelGrid(np.ones((1, 1, 1), bool), corner_cutting=wf.CornerCutting.ONE_FREE),
     InvalidParameterError, r"NEVER .* or ALWAYS"),
    (lambda: wf.VoxelGrid.from_blocked((2, 2, 2), [(0, 0, 2)]), InvalidLocationError,
     r"\(0, 0, 2\) is outside the 2x2x2 grid"),
    (lambda: wf.VoxelGrid(np.ones((1, 1, 2), bool)).check_location((0, 0)),
     InvalidLocationError, r"\(x, y, z\) triple of integers, got \(0, 0\)"),
    (lambda: wf.VoxelGrid(np.ones((1, 1, 2), bool)).set_wall((0, 1, 0)),
     InvalidLocationError, r"\(0, 1, 0\) is outside the 2x1x1 grid"),
    (lambda: wf.VoxelGrid(np.ones((1, 1, 3), bool)).cost((0, 0, 0), (2, 0, 0)),
     InvalidLocationError, r"not neighbouring voxels"),
    (lambda: wf.dijkstra(wf.VoxelGrid(np.ones((1, 1, 2), bool)), [(0, 0)]),
     InvalidLocationError, r"not an \(x, y, z\) location"),
])
def test_voxel_errors(call, error, match):
    with pytest.raises(error, match=match):
        call()


# ---------------------------------------------------------------------- wrap-around
def test_torus_path_goes_round():
    grid = wf.Grid(np.ones((5, 9), bool), diagonal=True, wrap=(True, True))
    result = wf.astar(grid, (1, 1), (8, 4))
    assert result.cost == pytest.approx(2 * math.sqrt(2))
    assert result.path == [(1, 1), (0, 0), (8, 4)]
    assert grid.heuristic((1, 1), (8, 4)) == pytest.approx(2 * math.sqrt(2))


def test_cylinder_corner_rule_reads_across_the_border():
    picture = """
    ...#
    ....
    """
    grid = wf.Grid.from_ascii(picture, diagonal=True, wrap=(True, False))
    # (3, 1) -> (0, 0) crosses the border and passes the wall (3, 0) at its corner
    assert sorted(grid.neighbors((3, 1))) == [(0, 1), (2, 1)]
    assert sorted(grid.neighbors((0, 0))) == [(0, 1), (1, 0), (1, 1)]
    cut = wf.Grid.from_ascii(picture, diagonal=True, wrap=(True, False),
                             corner_cutting=wf.CornerCutting.ALWAYS)
    assert sorted(cut.neighbors((3, 1))) == [(0, 0), (0, 1), (2, 0), (2, 1)]


@pytest.mark.parametrize("wrap, match", [
    (True, r"\(x, y\) pair of booleans, got True"),
    ((1, 0), r"\(x, y\) pair of booleans, got \(1, 0\)"),
    ((True, False, True), r"\(x, y\) pair of booleans"),
])
def test_bad_wrap_raises(wrap, match):
    with pytest.raises(InvalidParameterError, match=match):
        wf.Grid(np.ones((4, 4), bool), wrap=wrap)


def test_wrapped_axis_must_be_long_enough():
    with pytest.raises(InvalidParameterError, match=r"wrapped along x must be at least 3"):
        wf.Grid(np.ones((4, 2), bool), wrap=(True, False))
    with pytest.raises(InvalidParameterError, match=r"wrapped along y must be at least 7"):
        wf.Grid(np.ones((6, 9), bool), moves=NEIGHBOURHOOD_32, wrap=(True, True))


# ---------------------------------------------------------------------- custom moves
@pytest.mark.parametrize("moves", [KNIGHT, NEIGHBOURHOOD_16, NEIGHBOURHOOD_32],
                         ids=["knight", "16", "32"])
@pytest.mark.parametrize("rule", list(wf.CornerCutting))
def test_named_move_sets_follow_the_segment_rule(moves, rule):
    rng = np.random.default_rng(7)
    passable = rng.random((9, 11)) > 0.25
    grid = wf.Grid(passable, moves=moves, corner_cutting=rule)
    edges = wrapped_grid_edges(passable, None, moves, rule.value)
    for loc, out in edges.items():
        assert sorted(grid.neighbors(loc)) == sorted(v for v, _ in out)


def test_knight_needs_the_cells_it_passes():
    grid = wf.Grid.from_ascii("""
    ...
    .#.
    """, moves=[(2, 1, 1.0)])
    assert grid.neighbors((0, 0)) == []  # (1, 1) is a wall
    assert grid.movement.custom == ((2, 1, 1.0),) and not grid.standard


def test_one_way_moves():
    grid = wf.Grid(np.ones((1, 5), bool), moves=[(1, 0, 1.0)])
    assert wf.astar(grid, (0, 0), (4, 0)).cost == 4.0
    assert wf.astar(grid, (4, 0), (0, 0)).path is None
    assert grid.heuristic((0, 0), (4, 0)) == pytest.approx(4.0)


@given(move_sets(), st.data())
def test_move_set_heuristic_is_admissible_on_an_open_grid(moves, data):
    grid = wf.Grid(np.ones((9, 9), bool), moves=moves)
    goal = (data.draw(st.integers(0, 8)), data.draw(st.integers(0, 8)))
    edges = {u: [(v, grid.cost(u, v)) for v in grid.neighbors(u)] for u in grid.locations()}
    back = {u: [] for u in edges}
    for u, out in edges.items():
        for v, c in out:
            back[v].append((u, c))
    cost = shortest_costs(back, [goal])
    for u in edges:
        assert grid.heuristic(u, goal) <= cost.get(u, math.inf) + 1e-9


@given(move_sets())
def test_gauge_is_at_most_each_move_cost(moves):
    facets = gauge_facets(moves)
    for dx, dy, cost in moves:
        value = max([0.0] + [a * dx + b * dy for a, b in facets])
        assert value <= cost


def test_moves_missing_a_direction_by_rounding_give_a_zero_bound_when_wrapped():
    # these moves miss a direction, but the least value of their bound came out as
    # 2.8e-17, not 0: the ways round a wrapped grid then ran to 1e16 (memory ran out)
    moves = [(3, -2, 2.5), (3, 2, 1.0), (2, -2, 5.0), (1, 3, 1.0)]
    assert wrap_estimate(gauge_facets(moves), (8, 8), (True, True))[1] == []
    grid = wf.Grid(np.ones((8, 8), bool), moves=moves, wrap=(True, True))
    assert grid.heuristic((0, 0), (5, 3)) == 0.0


def test_uneven_moves_on_a_wrapped_grid_take_the_max_norm_bound():
    moves = [(1, 0, 0.25), (-1, 0, 5.0), (0, 1, 5.0), (0, -1, 5.0)]
    facets, shifts = wrap_estimate(gauge_facets(moves), (8, 8), (True, True))
    assert shifts == [(0, 0)] and len(facets) == 4  # 43 x 43 ways round otherwise
    grid = wf.Grid(np.ones((8, 8), bool), moves=moves, wrap=(True, True))
    edges = wrapped_grid_edges(grid.passable_mask, None, moves, grid.corner_cutting.value,
                               (True, True))
    back = reversed_edges(edges)
    for goal in [(0, 0), (7, 3), (4, 4)]:
        cost = shortest_costs(back, [goal])
        for u in edges:
            assert grid.heuristic(u, goal) <= cost[u] + 1e-9
            assert wf.astar(grid, u, goal).cost == pytest.approx(cost[u])


def test_gauge_of_the_8_way_moves_is_octile():
    moves = [(dx, dy, math.hypot(dx, dy)) for dx, dy in itertools.product((-1, 0, 1), repeat=2)
             if (dx, dy) != (0, 0)]
    grid = wf.Grid(np.ones((9, 9), bool), moves=moves)
    assert grid.heuristic((0, 0), (5, 2)) == pytest.approx(3 + 2 * math.sqrt(2), rel=1e-8)


@pytest.mark.parametrize("moves, error, match", [
    ([], InvalidParameterError, r"moves is empty"),
    (5, InvalidParameterError, r"list of \(dx, dy, cost\) triples, got 5"),
    ([(1, 0)], InvalidParameterError, r"\(dx, dy, cost\) triple, got \(1, 0\)"),
    ([(0, 0, 1.0)], InvalidParameterError, r"must move, .* got \(0, 0, 1.0\)"),
    ([(9, 0, 1.0)], InvalidParameterError, r"at most 8 cells .* got \(9, 0, 1.0\)"),
    ([(1.0, 0, 1.0)], InvalidParameterError, r"must be integers, got \(1.0, 0, 1.0\)"),
    ([(1, 0, 0.0)], InvalidCostError, r"cost of move \(1, 0, 0.0\) must be finite and > 0"),
    ([(1, 0, math.nan)], InvalidCostError, r"must be finite and > 0"),
    ([(1, 0, 1.0), (1, 0, 2.0)], InvalidParameterError, r"move \(1, 0\) is given twice"),
])
def test_bad_move_sets_raise(moves, error, match):
    with pytest.raises(error, match=match):
        wf.Grid(np.ones((3, 3), bool), moves=moves)


def test_terrain_classes_need_a_standard_grid():
    with pytest.raises(InvalidParameterError, match=r"terrain classes work on square grids"):
        wf.Grid(np.ones((3, 3), bool), classes=np.zeros((3, 3), int), wrap=(True, True))
