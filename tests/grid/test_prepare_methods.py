"""prepare(method=JPS) and prepare(method=AUTO): answers, the measured choice, files."""

from __future__ import annotations

import math
import time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding import Grid, StaleDataError, UnsupportedGridError
from wayfinding.grid._kernels import batch as grid_batch
from wayfinding.grid.components import connected
from wayfinding.grid.prepared import PreparedGrid, PrepareMethod, auto, builders, prepare
from wayfinding.grid.prepared import table as table_module
from wayfinding.grid.prepared._kernels import batch as prepared_batch
from wayfinding.grid.prepared._kernels import table as table_kernels
from wayfinding.grid.prepared.auto import sample_queries
from wayfinding.grid.stoppable import Stopped

from ..strategies import examples
from .test_prepared import ROOMS, _rewrite, cells_of, masks


def _burn(seconds: float = 2e-4) -> None:
    """Spend ``seconds`` of this thread's CPU time (what AUTO's clock counts)."""
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


@pytest.mark.parametrize("diagonal", [True, False], ids=["8-way", "4-way"])
@given(mask=masks(max_side=24), data=st.data())
@settings(max_examples=examples(40))
def test_jps_method_answers_as_jps(diagonal, mask, data):
    grid = Grid(mask, diagonal=diagonal)
    prepared = prepare(grid, PrepareMethod.JPS)
    assert prepared.method is PrepareMethod.JPS
    assert (prepared.subgoals, prepared.edges, prepared.shortcuts, prepared.core) == (0,) * 4
    cells = cells_of(mask)
    pairs = [(data.draw(st.sampled_from(cells)), data.draw(st.sampled_from(cells)))
             for _ in range(4)]
    for start, goal in pairs:
        got, want = prepared.search(start, goal), wf.jps(grid, start, goal)
        assert (got.path, got.cost, got.reason) == (want.path, want.cost, want.reason)
        assert math.isclose(got.cost, wf.astar(grid, start, goal).cost, rel_tol=1e-9) or (
            got.cost == math.inf)
    starts, goals = np.array([p[0] for p in pairs]), np.array([p[1] for p in pairs])
    batch, jps_batch = wf.batch.prepared(prepared, starts, goals), wf.batch.jps(
        grid, starts, goals)
    assert batch.costs.tolist() == jps_batch.costs.tolist()
    assert batch.paths.tolist() == jps_batch.paths.tolist()


def test_jps_method_figures_and_staleness():
    grid = Grid.from_ascii(ROOMS, diagonal=True)
    prepared = prepare(grid, PrepareMethod.JPS)
    assert prepared.nbytes > 0 and prepared.auto_timing is None
    assert repr(prepared).startswith("PreparedGrid(20x10, JPS, subgoals=0,")
    grid.set_wall((0, 5))
    with pytest.raises(StaleDataError, match=r"edited after prepare\(\)"):
        prepared.search((0, 0), (19, 9))
    with pytest.raises(StaleDataError, match=r"edited after prepare\(\)"):
        wf.batch.prepared(prepared, [(0, 0)], [(19, 9)])
    grid.set_wall((0, 5), wall=False)
    assert prepared.search((0, 0), (19, 9)).found


#: The compiled batch loop AUTO times for each method: (module, name).
LOOPS = {PrepareMethod.JPS: (grid_batch, "batch_jps"),
         PrepareMethod.JPS_PLUS: (grid_batch, "batch_jps_plus"),
         PrepareMethod.SUBGOAL_CH: (prepared_batch, "batch_query"),
         PrepareMethod.TABLE: (table_kernels, "batch_table")}


@pytest.mark.parametrize("kept", list(LOOPS), ids=lambda m: m.value)
def test_auto_keeps_the_method_measured_fastest(monkeypatch, kept):
    """The methods the clock sees as slower are dropped (their compiled batch loops made
    slow here by burning CPU before each call); the one kept answers as A* does."""
    for method, (module, name) in LOOPS.items():
        if method is not kept:
            kernel = getattr(module, name)
            monkeypatch.setattr(module, name,
                                lambda *args, kernel=kernel: (_burn(), kernel(*args))[1])
    grid = Grid.from_ascii(ROOMS, diagonal=True)
    prepared = prepare(grid, PrepareMethod.AUTO)
    assert prepared.method is kept
    timing = prepared.auto_timing
    assert timing is not None and 0 < timing["queries"] <= auto.AUTO_QUERIES
    assert set(timing) == {"jps", "jps_plus", "subgoal_ch", "table", "queries"}
    assert min(LOOPS, key=lambda m: timing[m.value]) is kept
    assert (prepared.subgoals > 0) == (kept is PrepareMethod.SUBGOAL_CH)
    for start, goal in [((0, 0), (19, 9)), ((11, 0), (3, 9)), ((5, 3), (16, 3))]:
        assert math.isclose(prepared.search(start, goal).cost,
                            wf.astar(grid, start, goal).cost, rel_tol=1e-12)


def test_auto_stops_timing_after_its_seconds(monkeypatch):
    monkeypatch.setattr(auto, "AUTO_SECONDS", 0.0)
    prepared = prepare(Grid.from_ascii(ROOMS, diagonal=True), PrepareMethod.AUTO)
    assert prepared.auto_timing is not None and prepared.auto_timing["queries"] == 32


def test_auto_on_4way_and_on_grids_without_pairs(monkeypatch):
    four = prepare(Grid.from_ascii(ROOMS), PrepareMethod.AUTO)  # no subgoal graph
    assert four.method in (PrepareMethod.JPS, PrepareMethod.TABLE)
    assert four.auto_timing is not None and set(four.auto_timing) == {"jps", "table",
                                                                      "queries"}
    monkeypatch.setattr(builders, "AUTO_TABLE_CELLS", 10)  # too large for a table: jps
    four = prepare(Grid.from_ascii(ROOMS), PrepareMethod.AUTO)
    assert four.method is PrepareMethod.JPS and four.auto_timing is None
    one = prepare(Grid(np.ones((1, 1), bool), diagonal=True), PrepareMethod.AUTO)
    assert one.method is PrepareMethod.JPS
    assert one.auto_timing == {"jps": 0.0, "jps_plus": 0.0, "subgoal_ch": 0.0, "table": 0.0,
                               "queries": 0}
    assert one.search((0, 0), (0, 0)).path == [(0, 0)]
    with pytest.raises(UnsupportedGridError, match=r"this grid is 4-way: use PrepareMethod\.JPS"):
        prepare(Grid.from_ascii(ROOMS), PrepareMethod.SUBGOAL_CH)


@given(mask=masks(max_side=90), data=st.data())
def test_jps_plus_answers_exactly_as_jps(mask, data):
    """JPS+ reads from its tables what jump point search scans for: the same paths,
    costs and expansions, single and batch (mazes, rooms and open areas of any size,
    goals on the rays' lines and off them)."""
    grid = Grid(mask, diagonal=True)
    plus = prepare(grid, PrepareMethod.JPS_PLUS)
    assert plus.method is PrepareMethod.JPS_PLUS and plus.nbytes > 0
    cells = cells_of(mask)
    pairs = [(data.draw(st.sampled_from(cells)), data.draw(st.sampled_from(cells)))
             for _ in range(8)]
    for start, goal in pairs:
        got, want = plus.search(start, goal), wf.jps(grid, start, goal)
        assert (got.path, got.cost, got.reason, got.expanded) == (
            want.path, want.cost, want.reason, want.expanded)
    starts, goals = np.array([p[0] for p in pairs]), np.array([p[1] for p in pairs])
    batch, jps_batch = wf.batch.prepared(plus, starts, goals), wf.batch.jps(
        grid, starts, goals)
    assert batch.costs.tolist() == jps_batch.costs.tolist()
    assert batch.expanded.tolist() == jps_batch.expanded.tolist()
    assert batch.paths.tolist() == jps_batch.paths.tolist()


def test_jps_plus_tables_are_int16_unless_a_side_needs_more():
    small = prepare(Grid.from_ascii(ROOMS, diagonal=True), PrepareMethod.JPS_PLUS)
    assert {table.dtype for table in small._jump} == {np.dtype(np.int16)}
    mask = np.ones((3, 33_000), bool)
    mask[1, 1000:32_990] = False  # a long wall: the scans stop at its ends
    grid = Grid(mask, diagonal=True)
    wide = prepare(grid, PrepareMethod.JPS_PLUS)
    assert {table.dtype for table in wide._jump} == {np.dtype(np.int32)}
    for start, goal in [((0, 1), (32_999, 1)), ((500, 0), (32_995, 2)), ((10, 2), (2, 0))]:
        got, want = wide.search(start, goal), wf.jps(grid, start, goal)
        assert (got.path, got.cost) == (want.path, want.cost)


def test_jps_plus_grids_files_and_staleness(tmp_path):
    with pytest.raises(UnsupportedGridError, match=r"this grid is 4-way: use PrepareMethod\.JPS"):
        prepare(Grid.from_ascii(ROOMS), PrepareMethod.JPS_PLUS)
    grid = Grid.from_ascii(ROOMS, diagonal=True)
    plus = prepare(grid, PrepareMethod.JPS_PLUS)
    assert plus.nbytes > prepare(grid, PrepareMethod.JPS).nbytes  # the tables
    assert repr(plus).startswith("PreparedGrid(20x10, JPS_PLUS, subgoals=0,")
    path = tmp_path / "rooms.npz"
    plus.save(path)
    with np.load(path) as data:  # the tables are built again when read
        assert "cells" not in data.files
    loaded = PreparedGrid.load(path, Grid.from_ascii(ROOMS, diagonal=True))
    assert loaded.method is PrepareMethod.JPS_PLUS
    assert loaded.search((0, 0), (19, 9)).path == plus.search((0, 0), (19, 9)).path
    grid.set_wall((0, 5))
    with pytest.raises(StaleDataError, match=r"edited after prepare\(\)"):
        plus.search((0, 0), (19, 9))
    with pytest.raises(StaleDataError, match=r"edited after prepare\(\)"):
        wf.batch.prepared(plus, [(0, 0)], [(19, 9)])


@pytest.mark.parametrize("diagonal", [True, False], ids=["8-way", "4-way"])
@given(mask=masks(max_side=16), data=st.data())
@settings(max_examples=examples(40))
def test_table_method_answers_optimally(diagonal, mask, data):
    """The first-move table's paths are valid and as cheap as A*'s, single and batch, and
    unreachable goals answer as jps does."""
    grid = Grid(mask, diagonal=diagonal)
    prepared = prepare(grid, PrepareMethod.TABLE)
    assert prepared.method is PrepareMethod.TABLE
    assert (prepared.subgoals, prepared.edges, prepared.shortcuts, prepared.core) == (0,) * 4
    cells = cells_of(mask)
    pairs = [(data.draw(st.sampled_from(cells)), data.draw(st.sampled_from(cells)))
             for _ in range(6)]
    for start, goal in pairs:
        got, want = prepared.search(start, goal), wf.astar(grid, start, goal)
        assert got.reason == want.reason and (got.path is None) == (want.path is None)
        if want.path is None:
            continue
        assert math.isclose(got.cost, want.cost, rel_tol=1e-9, abs_tol=1e-12)
        assert got.path[0] == start and got.path[-1] == goal
        assert got.expanded == len(got.path) - 1
        assert got.cost_so_far[goal] == pytest.approx(got.cost)
        for a, b in zip(got.path, got.path[1:], strict=False):
            assert b in set(grid.neighbors(a))
    starts, goals = np.array([p[0] for p in pairs]), np.array([p[1] for p in pairs])
    batch = wf.batch.prepared(prepared, starts, goals)
    for i, (start, goal) in enumerate(pairs):
        single = prepared.search(start, goal)
        if single.path is None:
            assert not batch.found[i] and batch.costs[i] == math.inf
        else:
            assert batch.costs[i] == single.cost
            assert [tuple(xy) for xy in batch.path(i).tolist()] == single.path


@pytest.mark.parametrize("diagonal", [True, False], ids=["8-way", "4-way"])
def test_a_table_built_in_threads_is_the_one_thread_table(diagonal, monkeypatch):
    """Rows built at once in threads (large tables) are the rows one thread builds; a
    stop set before the build stops every thread."""
    grid = Grid.from_ascii(ROOMS, diagonal=diagonal)
    assert table_module._threads(table_module.THREAD_CELLS - 1) == 1
    one = table_module.FirstMoves(grid)
    monkeypatch.setattr(table_module, "_threads", lambda n: 3)
    three = table_module.FirstMoves(grid)
    assert np.array_equal(one.table, three.table)
    with pytest.raises(Stopped):
        table_module.FirstMoves(grid, stop=np.ones(1, np.int64))


def test_table_size_limit_files_and_staleness(tmp_path, monkeypatch):
    grid = Grid.from_ascii(ROOMS, diagonal=True)
    prepared = prepare(grid, PrepareMethod.TABLE)
    n = int(np.count_nonzero(grid.passable_mask))
    assert prepared.nbytes >= n * n
    assert repr(prepared).startswith("PreparedGrid(20x10, TABLE, subgoals=0,")
    path = tmp_path / "rooms.npz"
    prepared.save(path)
    with np.load(path) as data:  # the table is built again when read, never read
        assert sorted(data.files) == sorted(["format_version", "method", "fingerprint",
                                             "build_seconds", "edges"])
    loaded = PreparedGrid.load(path, Grid.from_ascii(ROOMS, diagonal=True))
    assert loaded.method is PrepareMethod.TABLE
    assert loaded.search((0, 0), (19, 9)).path == prepared.search((0, 0), (19, 9)).path
    grid.set_wall((0, 5))
    with pytest.raises(StaleDataError, match=r"edited after prepare\(\)"):
        prepared.search((0, 0), (19, 9))
    grid.set_wall((0, 5), wall=False)
    monkeypatch.setattr(table_module, "TABLE_MAX_CELLS", n - 1)
    with pytest.raises(UnsupportedGridError,
                       match=rf"this grid's {n} open cells would take .* MB; it serves "
                             rf"grids of at most {n - 1} open cells"):
        prepare(grid, PrepareMethod.TABLE)
    with pytest.raises(UnsupportedGridError, match="open cells"):
        PreparedGrid.load(path, grid)


def test_table_stops_when_asked():
    with pytest.raises(wf.BudgetExhaustedError):
        prepare(Grid(np.ones((60, 60), bool), diagonal=True), PrepareMethod.TABLE,
                max_seconds=0.001)


def test_sample_queries_are_fixed_and_in_one_component():
    grid = Grid.from_ascii("........#.....\n" * 8, diagonal=True)  # two components
    pairs = sample_queries(grid, 64)
    assert pairs == sample_queries(grid, 64) and pairs != sample_queries(grid, 64, seed=1)
    assert len(pairs) == 64
    for start, goal in pairs:
        assert start != goal and grid.passable(start) and grid.passable(goal)
        assert connected(grid, start, goal)
    steps = [max(abs(s[0] - g[0]), abs(s[1] - g[1])) for s, g in pairs]
    assert min(steps) <= 2 and max(steps) >= 7  # short queries and the longest kind


def test_sample_queries_spread_over_distances_as_scenario_files_do():
    """As many pairs in each band of distances (a MovingAI scenario file holds as many
    queries per length bucket), where random pairs would crowd the middle distances."""
    grid = Grid(np.ones((200, 200), bool), diagonal=True)
    pairs = sample_queries(grid, 256)
    steps = np.array([max(abs(s[0] - g[0]), abs(s[1] - g[1])) for s, g in pairs])
    counts = np.histogram(steps, bins=4, range=(0, steps.max() + 1))[0]
    assert len(pairs) == 256 and counts.min() >= 40, counts


def test_jps_files_round_trip_and_refuse_other_members(tmp_path):
    grid = Grid.from_ascii(ROOMS, diagonal=True)
    prepared = prepare(grid, PrepareMethod.JPS)
    path = tmp_path / "rooms.npz"
    prepared.save(path)
    with np.load(path) as data:
        assert sorted(data.files) == sorted(["format_version", "method", "fingerprint",
                                             "build_seconds", "edges"])
    loaded = PreparedGrid.load(path, Grid.from_ascii(ROOMS, diagonal=True))
    assert loaded.method is PrepareMethod.JPS and loaded.subgoals == 0
    assert loaded.search((0, 0), (19, 9)).path == prepared.search((0, 0), (19, 9)).path
    # a subgoal_ch file's arrays in a jps file, and the reverse
    full = tmp_path / "full.npz"
    prepare(grid).save(full)
    bad = tmp_path / "bad.npz"
    _rewrite(full, bad, method=np.str_("jps"))
    with pytest.raises(StaleDataError, match=r"of method 'jps' \(unexpected \['cells'"):
        PreparedGrid.load(bad, grid)
    _rewrite(path, bad, method=np.str_("subgoal_ch"))
    with pytest.raises(StaleDataError, match=r"not a prepared-grid file \(missing \['cells'"):
        PreparedGrid.load(bad, grid)
    _rewrite(path, bad, method=np.str_("auto"))
    with pytest.raises(StaleDataError, match="unknown method 'auto'"):
        PreparedGrid.load(bad, grid)
    _rewrite(path, bad, edges=np.int64(3))
    with pytest.raises(StaleDataError, match="edges 3 out of range"):
        PreparedGrid.load(bad, grid)
    with pytest.raises(StaleDataError, match="prepared for another grid"):
        PreparedGrid.load(path, Grid.from_ascii(ROOMS.replace("..#..", "..#.#", 1),
                                                diagonal=True))


@pytest.mark.parametrize(("jps_plus", "kept"), [(0.97, "jps"), (0.90, "jps_plus")])
def test_auto_keeps_jps_unless_another_is_clearly_faster(monkeypatch, jps_plus, kept):
    """Within AUTO_MARGIN of jps's sample time another method does not replace it (jps
    keeps no tables, and a sample warms the others' more than a scenario file does)."""
    def timings(candidates, stop):
        return {"jps": 1.0, "jps_plus": jps_plus, "subgoal_ch": 2.0, "table": 2.0,
                "queries": 256}

    monkeypatch.setattr(auto, "timings", timings)
    prepared = prepare(Grid.from_ascii(ROOMS, diagonal=True), PrepareMethod.AUTO)
    assert prepared.method.value == kept and prepared.auto_timing["jps_plus"] == jps_plus
