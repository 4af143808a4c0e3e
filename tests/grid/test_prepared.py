"""prepare(): subgoal graph + contraction hierarchy against the oracle; files, staleness."""

from __future__ import annotations

import itertools
import math
import threading

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf
import wayfinding.grid.prepared.prepared as prepared_module
import wayfinding.hierarchy.hierarchy as ch_module
from wayfinding import (
    CornerCutting,
    Grid,
    InvalidLocationError,
    InvalidParameterError,
    StaleDataError,
    StopReason,
    UnsupportedGridError,
)
from wayfinding.grid.prepared import FORMAT_VERSION, PreparedGrid, PrepareMethod, prepare

from ..reference import assert_valid_path, grid_edges, shortest_costs

#: (straight_cost, diagonal_cost) pairs the method serves
COSTS = [(1.0, math.sqrt(2.0)), (10.0, 14.0), (1.0, 1.0), (1.0, 2.0)]
COST_IDS = ["sqrt2", "10-14", "chebyshev", "d2-2"]


@st.composite
def masks(draw, max_side=16):
    h = draw(st.integers(1, max_side))
    w = draw(st.integers(1, max_side))
    density = draw(st.sampled_from([0.0, 0.1, 0.25, 0.4]))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    mask = rng.random((h, w)) >= density
    mask[rng.integers(h), rng.integers(w)] = True
    return mask


def cells_of(mask):
    ys, xs = np.nonzero(mask)
    return list(zip(xs.tolist(), ys.tolist(), strict=True))


@pytest.mark.parametrize(("straight", "diagonal"), COSTS, ids=COST_IDS)
@given(mask=masks(), data=st.data())
def test_prepared_equals_oracle(straight, diagonal, mask, data):
    grid = Grid(mask, diagonal=True, straight_cost=straight, diagonal_cost=diagonal)
    edges = grid_edges(mask, diagonal=True, straight_cost=straight, diagonal_cost=diagonal)
    prepared = prepare(grid)
    cells = cells_of(mask)
    for _ in range(3):
        start = data.draw(st.sampled_from(cells))
        goal = data.draw(st.sampled_from(cells))
        result = prepared.search(start, goal)
        expected = shortest_costs(edges, [start]).get(goal, math.inf)
        if expected == math.inf:
            assert result.path is None and result.reason is StopReason.DISCONNECTED
            assert result.expanded == 0
        else:
            assert math.isclose(result.cost, expected, rel_tol=1e-9, abs_tol=1e-9)
            assert_valid_path(edges, result.path, [start], [goal], result.cost)
            assert result.goal == goal and result.reason is StopReason.FOUND
    assert prepared.fallbacks == 0


@pytest.mark.parametrize("variant", ["hierarchy", "no-hierarchy", "no-budget", "partial"])
@given(mask=masks(max_side=48), data=st.data())
def test_prepared_equals_astar_on_bigger_grids(variant, mask, data):
    grid = Grid(mask, diagonal=True)
    with pytest.MonkeyPatch.context() as patch:
        if variant == "no-hierarchy":  # too many edges to contract
            patch.setattr(prepared_module, "MAX_HIERARCHY_EDGES", -1)
        elif variant == "no-budget":  # the contraction's work budget spent at once
            patch.setattr(ch_module, "WORK_LIMIT", -1)
        elif variant == "partial":  # spent part of the way: a core is left
            patch.setattr(ch_module, "WORK_LIMIT", 20_000)
        prepared = prepare(grid)
    if variant in ("no-hierarchy", "no-budget"):
        assert prepared.core == prepared.subgoals
    cells = cells_of(mask)
    for _ in range(5):
        start = data.draw(st.sampled_from(cells))
        goal = data.draw(st.sampled_from(cells))
        expected = wf.astar(grid, start, goal).cost
        got = prepared.search(start, goal).cost
        assert got == expected or math.isclose(got, expected, rel_tol=1e-9)
    assert prepared.fallbacks == 0


def test_a_contraction_out_of_budget_leaves_a_core(monkeypatch):
    """As on maps strewn with random obstacles: the contraction stops at its work budget,
    the nodes left form a core that queries cross by A*; answers stay optimal."""
    rng = np.random.default_rng(5)
    mask = rng.random((64, 64)) >= 0.2
    grid = Grid(mask, diagonal=True)
    full = prepare(grid)
    monkeypatch.setattr(ch_module, "WORK_LIMIT", 300_000)
    partial = prepare(grid)
    assert full.core == 0 and 0 < partial.core < partial.subgoals == full.subgoals
    cells = cells_of(mask)
    for k in range(40):
        start, goal = cells[(k * 7919) % len(cells)], cells[(k * 104729 + 11) % len(cells)]
        expected = wf.astar(grid, start, goal).cost
        assert math.isclose(partial.search(start, goal).cost, expected, rel_tol=1e-12)
        assert math.isclose(full.search(start, goal).cost, expected, rel_tol=1e-12)


ROOMS = """
..........#.........
..........#.........
....###...#...##....
....#.....#....#....
....#..........#....
....#######.####....
....................
..#####......#####..
......#......#......
......#......#......
"""


def test_result_fields_follow_the_path():
    grid = Grid.from_ascii(ROOMS, diagonal=True)
    result = prepare(grid).search((0, 0), (19, 9))
    path = result.path
    assert result.came_from[path[0]] is None
    assert all(result.came_from[b] == a for a, b in itertools.pairwise(path))
    assert math.isclose(result.cost_so_far[path[-1]], result.cost)
    assert result.cost_so_far[path[0]] == 0.0
    assert result.expanded >= 0 and result.goal == (19, 9)
    assert math.isclose(result.cost, wf.astar(grid, (0, 0), (19, 9)).cost)


def test_start_is_goal_and_open_grid_without_subgoals():
    grid = Grid(np.ones((4, 9), bool), diagonal=True)
    prepared = prepare(grid)
    assert prepared.subgoals == 0
    assert prepared.search((2, 2), (2, 2)).path == [(2, 2)]
    result = prepared.search((0, 0), (8, 3))
    assert math.isclose(result.cost, 5 + 3 * math.sqrt(2.0)) and len(result.path) == 9


def test_single_cell_grid():
    prepared = prepare(Grid(np.ones((1, 1), bool), diagonal=True))
    assert prepared.search((0, 0), (0, 0)).cost == 0.0


def test_uniform_cell_cost_scales():
    mask = np.ones((5, 5), bool)
    mask[2, 1:4] = False
    grid = Grid(mask, np.full((5, 5), 2.5), diagonal=True)
    plain = prepare(Grid(mask, diagonal=True)).search((2, 0), (2, 4)).cost
    assert math.isclose(prepare(grid).search((2, 0), (2, 4)).cost, 2.5 * plain)


def test_build_figures_and_repr():
    prepared = prepare(Grid.from_ascii(ROOMS, diagonal=True))
    assert prepared.build_seconds > 0 and prepared.nbytes > 0
    assert prepared.subgoals > 0 and prepared.edges > 0 and prepared.shortcuts >= 0
    assert prepared.method is PrepareMethod.SUBGOAL_CH
    assert repr(prepared) == (
        f"PreparedGrid({prepared.grid.width}x{prepared.grid.height}, SUBGOAL_CH, "
        f"subgoals={prepared.subgoals}, shortcuts={prepared.shortcuts}, core={prepared.core}, "
        f"nbytes={prepared.nbytes}, build_seconds={prepared.build_seconds:.3f})")


def test_disconnected_query_searches_nothing(monkeypatch):
    import wayfinding.grid.prepared._kernels.query as kernels

    grid = Grid.from_ascii("""
    ..#..
    ..#..
    """, diagonal=True)
    prepared = prepare(grid)

    def must_not_run(*args):
        raise AssertionError("the query kernel ran on a disconnected query")

    monkeypatch.setattr(kernels, "query", must_not_run)
    result = prepared.search((0, 0), (4, 1))
    assert result.path is None and result.expanded == 0
    assert result.reason is StopReason.DISCONNECTED


def test_threads_share_a_prepared_grid():
    rng = np.random.default_rng(3)
    mask = rng.random((50, 50)) > 0.3
    grid = Grid(mask, diagonal=True)
    prepared = prepare(grid)
    cells = cells_of(mask)
    queries = [(cells[i], cells[j]) for i, j in rng.integers(len(cells), size=(40, 2))]
    expected = [wf.astar(grid, s, t).cost for s, t in queries]
    failures = []

    def work():
        for (s, t), want in zip(queries, expected, strict=True):
            got = prepared.search(s, t).cost
            if not (got == want or math.isclose(got, want) or
                    (math.isinf(got) and math.isinf(want))):
                failures.append((s, t, got, want))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures


# ---------------------------------------------------------------------- staleness, files
def test_edited_grid_is_refused_until_restored():
    grid = Grid.from_ascii(ROOMS, diagonal=True)
    prepared = prepare(grid)
    grid.set_wall((0, 5))
    with pytest.raises(StaleDataError, match=r"edited after prepare\(\) \(version 1, "
                                             r"prepared at version 0\)"):
        prepared.search((0, 0), (19, 9))
    grid.set_wall((0, 5), wall=False)
    assert prepared.search((0, 0), (19, 9)).found


@pytest.mark.parametrize("limit", [None, -1], ids=["hierarchy", "no-hierarchy"])
def test_save_and_load_round_trip(tmp_path, monkeypatch, limit):
    if limit is not None:
        monkeypatch.setattr(prepared_module, "MAX_HIERARCHY_EDGES", limit)
    grid = Grid.from_ascii(ROOMS, diagonal=True)
    prepared = prepare(grid)
    path = tmp_path / "rooms.prepared"
    prepared.save(path)
    loaded = PreparedGrid.load(path, Grid.from_ascii(ROOMS, diagonal=True))
    assert loaded.subgoals == prepared.subgoals and loaded.shortcuts == prepared.shortcuts
    assert loaded.core == prepared.core
    assert loaded.build_seconds == prepared.build_seconds
    for start, goal in [((0, 0), (19, 9)), ((11, 0), (3, 9)), ((5, 3), (16, 3))]:
        a, b = prepared.search(start, goal), loaded.search(start, goal)
        assert a.path == b.path and a.cost == b.cost


@pytest.mark.parametrize(
    ("edit", "match"),
    [
        (lambda g: g.set_wall((19, 0)), "prepared for another grid"),
        (lambda g: g.set_costs(np.full(g.shape, 2.0)), "prepared for another grid"),
    ],
    ids=["walls", "cost"],
)
def test_load_refuses_another_grid(tmp_path, edit, match):
    path = tmp_path / "rooms.npz"
    prepare(Grid.from_ascii(ROOMS, diagonal=True)).save(path)
    other = Grid.from_ascii(ROOMS, diagonal=True)
    edit(other)
    with pytest.raises(StaleDataError, match=match):
        PreparedGrid.load(path, other)


def test_load_refuses_other_movement_rules(tmp_path):
    path = tmp_path / "rooms.npz"
    prepare(Grid.from_ascii(ROOMS, diagonal=True)).save(path)
    other = Grid.from_ascii(ROOMS, diagonal=True, diagonal_cost=1.5)
    with pytest.raises(StaleDataError, match="prepared for another grid"):
        PreparedGrid.load(path, other)


def _rewrite(source, target, **changes):
    with np.load(source) as data:
        contents = {key: data[key] for key in data.files}
    contents.update(changes)
    for key, value in list(contents.items()):
        if value is None:
            del contents[key]
    with open(target, "wb") as handle:
        np.savez(handle, **contents)


@pytest.mark.parametrize(
    ("changes", "match"),
    [
        ({"format_version": np.int64(FORMAT_VERSION + 1)},
         rf"format version {FORMAT_VERSION + 1}; this wayfinding reads version"),
        ({"method": np.str_("magic")}, "unknown method 'magic'"),
        ({"up_w": None}, r"not a prepared-grid file \(missing \['up_w'\]\)"),
    ],
    ids=["version", "method", "missing"],
)
def test_load_refuses_bad_files(tmp_path, changes, match):
    good, bad = tmp_path / "good.npz", tmp_path / "bad.npz"
    grid = Grid.from_ascii(ROOMS, diagonal=True)
    prepare(grid).save(good)
    _rewrite(good, bad, **changes)
    with pytest.raises(StaleDataError, match=match):
        PreparedGrid.load(bad, grid)


def test_load_refuses_a_file_that_is_not_npz(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("hello")
    with pytest.raises(StaleDataError, match="is not a prepared-grid file"):
        PreparedGrid.load(path, Grid.from_ascii(ROOMS, diagonal=True))


def test_save_refuses_a_stale_grid(tmp_path):
    grid = Grid.from_ascii(ROOMS, diagonal=True)
    prepared = prepare(grid)
    grid.set_wall((0, 0))
    with pytest.raises(StaleDataError, match="edited after prepare"):
        prepared.save(tmp_path / "x.npz")


# ---------------------------------------------------------------------- errors
@pytest.mark.parametrize(
    ("options", "costs", "match"),
    [
        ({"diagonal": False}, None, r"serves 8-way grids \(diagonal=True\); this grid is 4-way"),
        ({"diagonal": True, "corner_cutting": CornerCutting.ALWAYS}, None,
         r"corner_cutting=CornerCutting.NEVER"),
        ({"diagonal": True}, np.arange(12.0).reshape(3, 4) + 1, "per-cell costs"),
        ({"diagonal": True, "diagonal_cost": 0.9}, None, r"diagonal_cost=0\.9"),
    ],
    ids=["4way", "corner-cutting", "weighted", "cheap-diagonal"],
)
def test_unsupported_grids(options, costs, match):
    grid = Grid(np.ones((3, 4), bool), costs, **options)
    with pytest.raises(UnsupportedGridError, match=match):
        prepare(grid)


def test_method_must_be_an_enum():
    with pytest.raises(InvalidParameterError, match="method must be a PrepareMethod member, "
                                                    "got 'subgoal_ch'"):
        prepare(Grid(np.ones((2, 2), bool), diagonal=True), method="subgoal_ch")


@pytest.mark.parametrize(
    ("start", "goal", "match"),
    [((10, 0), (0, 0), r"start \(10, 0\) is a wall"), ((0, 0), (0, 99), r"goal \(0, 99\) is "
                                                                    "outside")],
)
def test_bad_locations(start, goal, match):
    prepared = prepare(Grid.from_ascii(ROOMS, diagonal=True))
    with pytest.raises(InvalidLocationError, match=match):
        prepared.search(start, goal)
