"""Jump point search against the Bellman-Ford oracle, plus its errors and bookkeeping."""

from __future__ import annotations

import math
import threading

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numba import config

import wayfinding.grid._kernels.jps as jps_kernels
import wayfinding.grid._kernels.jps_path as jps_path
from wayfinding import CornerCutting, Grid, InvalidLocationError, StopReason, UnsupportedGridError
from wayfinding.grid.jps import jps, scan_bitmaps

from ..reference import assert_valid_path, grid_edges, shortest_costs

#: (diagonal, straight_cost, diagonal_cost) combinations jps serves
MOVES = [
    (True, 1.0, math.sqrt(2.0)),
    (True, 10.0, 14.0),
    (True, 1.0, 1.0),
    (True, 1.0, 2.0),
    (False, 1.0, math.sqrt(2.0)),
    (False, 3.0, math.sqrt(2.0)),
]
MOVE_IDS = ["8way", "8way-10-14", "8way-chebyshev", "8way-d2-2", "4way", "4way-cost3"]


@st.composite
def masks(draw, max_side=14):
    h = draw(st.integers(1, max_side))
    w = draw(st.integers(1, max_side))
    density = draw(st.sampled_from([0.0, 0.1, 0.25, 0.4]))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    mask = rng.random((h, w)) >= density
    mask[rng.integers(h), rng.integers(w)] = True
    return mask


def endpoints(mask, data):
    ys, xs = np.nonzero(mask)
    cells = list(zip(xs.tolist(), ys.tolist(), strict=True))
    return data.draw(st.sampled_from(cells)), data.draw(st.sampled_from(cells))


@pytest.mark.parametrize(("diagonal", "straight", "diagonal_cost"), MOVES, ids=MOVE_IDS)
@given(mask=masks(), data=st.data())
def test_jps_equals_oracle(diagonal, straight, diagonal_cost, mask, data):
    grid = Grid(mask, diagonal=diagonal, straight_cost=straight, diagonal_cost=diagonal_cost)
    edges = grid_edges(mask, diagonal=diagonal, straight_cost=straight,
                       diagonal_cost=diagonal_cost)
    start, goal = endpoints(mask, data)
    result = jps(grid, start, goal)
    expected = shortest_costs(edges, [start]).get(goal, math.inf)
    if expected == math.inf:
        assert result.path is None and result.cost == math.inf
        assert result.expanded == 0 and result.reason is StopReason.DISCONNECTED
    else:
        assert result.found and result.reason is StopReason.FOUND and result.goal == goal
        assert math.isclose(result.cost, expected, rel_tol=1e-9, abs_tol=1e-9)
        assert_valid_path(edges, result.path, [start], [goal], result.cost)


@given(mask=masks(max_side=40), data=st.data())
def test_jps_equals_oracle_on_larger_open_grids(mask, data):
    grid = Grid(mask, diagonal=True)
    edges = grid_edges(mask, diagonal=True)
    start, goal = endpoints(mask, data)
    expected = shortest_costs(edges, [start]).get(goal, math.inf)
    assert math.isclose(jps(grid, start, goal).cost, expected, rel_tol=1e-9)


def test_jump_tree_bookkeeping():
    grid = Grid.from_ascii("""
    ........
    .######.
    ........
    """, diagonal=True)
    result = jps(grid, (0, 2), (7, 0))
    assert result.came_from[(0, 2)] is None
    assert result.cost_so_far[(0, 2)] == 0.0
    assert math.isclose(result.cost_so_far[(7, 0)], result.cost)
    # walking came_from back from the goal visits jump points that lie on the path
    node, jump_points = (7, 0), []
    while node is not None:
        jump_points.append(node)
        node = result.came_from[node]
    assert set(jump_points) <= set(result.path)
    assert len(result.came_from) == len(result.cost_so_far) >= len(jump_points)
    assert result.expanded >= 1


def test_start_is_goal():
    grid = Grid.from_ascii("...", diagonal=True)
    result = jps(grid, (1, 0), (1, 0))
    assert result.path == [(1, 0)] and result.cost == 0.0 and result.expanded == 0


def test_disconnected_query_searches_nothing(monkeypatch):
    def must_not_run(*args):
        raise AssertionError("the search kernel ran on a disconnected query")

    monkeypatch.setattr(jps_kernels, "jps_search", must_not_run)
    monkeypatch.setattr(jps_kernels, "jps_query", must_not_run)
    grid = Grid.from_ascii("""
    ..#..
    ..#..
    """, diagonal=True)
    result = jps(grid, (0, 0), (4, 1))
    assert result.path is None and result.cost == math.inf
    assert result.expanded == 0 and result.reason is StopReason.DISCONNECTED


def test_uniform_cost_array_scales_the_cost():
    mask = np.ones((5, 6), bool)
    grid = Grid(mask, np.full((5, 6), 3.0), diagonal=True)
    result = jps(grid, (0, 0), (5, 2))
    assert math.isclose(result.cost, 3.0 * (3 + 2 * math.sqrt(2.0)))
    assert math.isclose(result.cost_so_far[(5, 2)], result.cost)


def test_edits_are_seen():
    grid = Grid(np.ones((3, 5), bool), diagonal=True)
    assert jps(grid, (0, 1), (4, 1)).cost == 4.0
    grid.set_walls([(2, 0), (2, 1)])
    assert math.isclose(jps(grid, (0, 1), (4, 1)).cost, 2 + 2 * math.sqrt(2.0))
    grid.set_wall((2, 2))
    assert jps(grid, (0, 1), (4, 1)).reason is StopReason.DISCONNECTED


def test_threads_share_a_grid():
    rng = np.random.default_rng(7)
    mask = rng.random((60, 60)) > 0.3
    grid = Grid(mask, diagonal=True)
    ys, xs = np.nonzero(mask)
    cells = list(zip(xs.tolist(), ys.tolist(), strict=True))
    queries = [(cells[i], cells[j]) for i, j in rng.integers(len(cells), size=(60, 2))]
    expected = [jps(grid, s, t).cost for s, t in queries]
    failures = []

    def work():
        for (s, t), want in zip(queries, expected, strict=True):
            got = jps(grid, s, t).cost
            if not (got == want or (math.isinf(got) and math.isinf(want))):
                failures.append((s, t, got, want))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures


@pytest.mark.parametrize(
    ("options", "costs", "match"),
    [
        ({"diagonal": True}, np.arange(6.0).reshape(2, 3) + 1, r"per-cell costs from 1\.0 to 6\.0"),
        ({"diagonal": True, "corner_cutting": CornerCutting.ALWAYS},
         np.arange(6.0).reshape(2, 3) + 1, r"per-cell costs from 1\.0 to 6\.0"),
        ({"diagonal": True, "corner_cutting": CornerCutting.ONE_FREE, "diagonal_cost": 3.0},
         None, r"straight_cost <= diagonal_cost <= 2 \* straight_cost"),
        ({"diagonal": True, "diagonal_cost": 0.5}, None, r"diagonal_cost=0\.5"),
        ({"diagonal": True, "diagonal_cost": 3.0}, None,
         r"straight_cost <= diagonal_cost <= 2 \* straight_cost"),
    ],
    ids=["weighted", "weighted-always", "dear-diagonal-one-free", "cheap-diagonal",
         "dear-diagonal"],
)
def test_unsupported_grids(options, costs, match):
    grid = Grid(np.ones((2, 3), bool), costs, **options)
    with pytest.raises(UnsupportedGridError, match=match):
        jps(grid, (0, 0), (2, 1))


@pytest.mark.parametrize(
    ("start", "goal", "match"),
    [
        ((1, 0), (0, 0), r"start \(1, 0\) is a wall"),
        ((0, 0), (3, 0), r"goal \(3, 0\) is outside the 3x2 grid"),
        ("ab", (0, 0), r"start must be an \(x, y\) pair of integers"),
    ],
)
def test_bad_locations(start, goal, match):
    grid = Grid.from_ascii("""
    .#.
    ...
    """, diagonal=True)
    with pytest.raises(InvalidLocationError, match=match):
        jps(grid, start, goal)


def _bit(line: np.ndarray, p: int) -> int:
    return (int(line[(p + 64) // 64]) >> ((p + 64) % 64)) & 1


def test_scan_stop_lines_follow_the_forced_neighbour_rule():
    mask = np.random.default_rng(3).random((21, 70)) < 0.7
    grid = Grid(mask, diagonal=True)
    grid.set_walls([(5, 5), (6, 7)])  # patched bitmaps, then compared with the rule
    padded = np.zeros((23, 72), bool)
    padded[1:-1, 1:-1] = grid.passable_mask
    bits = scan_bitmaps(grid)
    for first, block in ((0, padded), (23, padded.T)):
        for i, row in enumerate(block):
            for p in range(1, row.shape[0] - 1):
                for layer, prev in ((1, p - 1), (2, p + 1)):
                    forced = any(0 <= i + s < block.shape[0] and block[i + s, p]
                                 and not block[i + s, prev] for s in (-1, 1))
                    assert _bit(bits[layer, first + i], p) == (not row[p] or forced)
                assert _bit(bits[0, first + i], p) == row[p]



def test_patched_scan_bitmaps_equal_a_fresh_build_after_every_edit():
    rng = np.random.default_rng(8)
    grid = Grid(rng.random((19, 130)) < 0.75, diagonal=True)
    scan_bitmaps(grid)  # built now, so every edit below patches them
    corners = [(0, 0), (129, 18), (63, 5), (64, 5), (127, 0), (0, 18)]
    cells = corners + [tuple(int(v) for v in rng.integers((130, 19))) for _ in range(40)]
    for x, y in cells:
        grid.set_wall((x, y), wall=grid.passable((x, y)))
        assert np.array_equal(scan_bitmaps(grid), scan_bitmaps(grid.copy())), (x, y)


@pytest.mark.skipif(config.DISABLE_JIT, reason="compiled calls only")
def test_a_query_is_one_compiled_call(monkeypatch):
    grid = Grid.from_ascii("""
    ........
    .######.
    ........
    """, diagonal=True)
    expected = jps(grid, (0, 2), (7, 0))

    def must_not_run(*args):
        raise AssertionError("a second kernel call from Python")

    monkeypatch.setattr(jps_kernels, "jps_search", must_not_run)
    monkeypatch.setattr(jps_path, "interpolate", must_not_run)
    result = jps(grid, (0, 2), (7, 0))
    assert result.path == expected.path and result.cost == expected.cost
    assert dict(result.came_from) == dict(expected.came_from)


def test_paths_and_trees_longer_than_the_query_buffers():
    # a serpentine of 5 corridors of 1,500 cells: a 7,500-cell path, ~10 jump points
    mask = np.zeros((9, 1500), bool)
    mask[::2] = True
    for row in range(1, 9, 2):
        mask[row, -1 if row % 4 == 1 else 0] = True
    grid = Grid(mask, diagonal=True)
    result = jps(grid, (0, 0), (1499, 8))
    assert len(result.path) == 5 * 1500 + 4 and result.path[-1] == (1499, 8)
    assert result.cost == 5 * 1499 + 8
    # many jump points: an open grid with a wall every other cell of every other row
    mask = np.ones((151, 151), bool)
    mask[1::2, 1::2] = False
    grid = Grid(mask, diagonal=True)
    result = jps(grid, (0, 0), (150, 150))
    edges = grid_edges(mask, diagonal=True)
    assert math.isclose(result.cost, shortest_costs(edges, [(0, 0)])[(150, 150)])
    assert len(result.came_from) > 4096 // 3


def test_searches_paused_between_slices_stay_optimal():
    # with a budget the kernel pauses every few hundred expansions and goes on from its
    # frontier (the heap-bypassing stack flushed into the heap): the same optimum
    mask = np.random.default_rng(5).random((120, 120)) < 0.75
    mask[55:66, 55:66] = True
    grid = Grid(mask, diagonal=True)
    costs = shortest_costs(grid_edges(mask, diagonal=True), [(60, 60)])
    goal, expected = max(costs.items(), key=lambda item: (item[1], item[0]))
    whole = jps(grid, (60, 60), goal)
    sliced = jps(grid, (60, 60), goal, max_seconds=600.0)
    assert whole.expanded > 256  # more than one slice of a budgeted call
    assert math.isclose(whole.cost, expected) and math.isclose(sliced.cost, expected)
    assert sliced.path == whole.path
