"""Budgets that hold (issue 28 item 4): ``max_seconds=0`` does no work at all, set-up
included, on every search; ``breadth_first_search`` and ``wf.batch.*`` take
``max_seconds``. "No work" is shown by making the set-up fail: it must not be reached."""

from __future__ import annotations

import math

import numpy as np
import pytest

import wayfinding as wf
from wayfinding.grid import _engine
from wayfinding.grid import jps as jps_module

START, GOAL = (0, 0), (29, 29)
SEARCHES = [wf.astar, wf.dijkstra, wf.greedy_best_first, wf.breadth_first_search]


def _no_set_up(*_args, **_kwargs):
    raise AssertionError("set-up ran on a zero budget")


def _tiers():
    square = wf.SquareGrid(30, 30)
    return {"grid": square,
            "csr": wf.compile_graph(square, [START], coordinates=lambda v: v),
            "generic": wf.SimpleGraph({v: list(square.neighbors(v)) for v in
                                       ((x, y) for x in range(30) for y in range(30))})}


@pytest.mark.parametrize("search", SEARCHES)
def test_zero_seconds_build_no_grid_plan(search, monkeypatch):
    grid = wf.Grid(np.ones((30, 30), bool))  # fresh: nothing derived yet
    monkeypatch.setattr(_engine, "plan", _no_set_up)
    monkeypatch.setattr(_engine, "lease", _no_set_up)
    monkeypatch.setattr(_engine, "heuristic_spec", _no_set_up)
    r = search(grid, START, GOAL, max_seconds=0, partial=True)
    assert (r.path, r.expanded, r.reason) == ([START], 0, wf.StopReason.MAX_SECONDS)
    assert dict(r.cost_so_far) == {START: 0.0} and dict(r.came_from) == {START: None}
    assert r.cost_so_far.array.shape == (30, 30)
    with pytest.raises(wf.InvalidLocationError, match="goal"):
        search(grid, START, (30, 0), max_seconds=0)


@pytest.mark.parametrize("search", [wf.astar, wf.greedy_best_first])
def test_zero_seconds_still_refuse_a_bad_heuristic(search):
    with pytest.raises(wf.InvalidParameterError, match="heuristic"):
        search(wf.Grid(np.ones((3, 3), bool)), START, (2, 2), heuristic="manhattan",
               max_seconds=0)


def test_zero_seconds_build_no_jps_plan(monkeypatch):
    grid = wf.Grid(np.ones((30, 30), bool), diagonal=True)
    monkeypatch.setattr(jps_module, "_plan_within_budget", _no_set_up)
    r = wf.jps(grid, START, GOAL, max_seconds=0)
    assert (r.path, r.expanded, r.reason) == (None, 0, wf.StopReason.MAX_SECONDS)
    with pytest.raises(wf.InvalidLocationError, match="start"):
        wf.jps(grid, (-1, 0), GOAL, max_seconds=0)


@pytest.mark.parametrize(("tier", "search"), [
    (tier, search) for tier in ("grid", "csr", "generic") for search in SEARCHES
    if not (tier == "generic" and search is wf.greedy_best_first)])  # no heuristic there
def test_zero_seconds_expand_nothing_on_every_tier(tier, search):
    graph = _tiers()[tier]
    r = search(graph, START, GOAL, max_seconds=0)
    assert (r.path, r.expanded, r.reason) == (None, 0, wf.StopReason.MAX_SECONDS)


@pytest.mark.parametrize("tier", ["grid", "csr", "generic"])
def test_breadth_first_search_takes_a_budget(tier):
    graph = _tiers()[tier]
    full = wf.breadth_first_search(graph, START, GOAL, max_seconds=60)
    assert full.reason is wf.StopReason.FOUND and full.cost == 58.0
    short = wf.breadth_first_search(graph, START, GOAL, max_seconds=1e-9, partial=True)
    assert short.reason is wf.StopReason.MAX_SECONDS and short.path[0] == START
    with pytest.raises(wf.InvalidParameterError, match="max_seconds"):
        wf.breadth_first_search(graph, START, GOAL, max_seconds=-1)


def test_a_grid_bfs_stopped_by_the_clock_aims_at_the_goal(monkeypatch):
    monkeypatch.setattr(_engine, "CLOCK_EVERY", 20)
    clock = iter([0.0, 0.0, 0.0, 1.0, 1.0, 1.0])  # the deadline passes after one slice
    monkeypatch.setattr(_engine.time, "perf_counter", lambda: next(clock, 1.0))
    r = wf.breadth_first_search(wf.Grid(np.ones((30, 30), bool)), START, GOAL,
                                max_seconds=0.5, partial=True)
    assert r.reason is wf.StopReason.MAX_SECONDS
    assert 0 < r.expanded < 899 and r.expanded % 20 == 0  # whole slices, then the clock
    assert len(r.path) > 1 and r.partial


BATCHES = [wf.batch.astar, wf.batch.dijkstra, wf.batch.breadth_first_search]


@pytest.mark.parametrize("tier", ["grid", "csr"])
@pytest.mark.parametrize("batch", BATCHES)
@pytest.mark.parametrize("workers", [1, 2])
def test_batches_take_a_budget(tier, batch, workers):
    graph = _tiers()[tier]
    starts, goals = [START, (3, 3), (5, 0)], [GOAL, (3, 3), (0, 5)]
    if tier == "csr":  # the same arcs without labels: queries by node number
        starts, goals = [graph.index(v) for v in starts], [graph.index(v) for v in goals]
        graph = wf.CSRGraph(graph.indptr, graph.indices, graph.costs)
    free = batch(graph, starts, goals, workers=workers)
    assert free.complete and free.skipped is None
    ample = batch(graph, starts, goals, workers=workers, max_seconds=60)
    assert ample.complete and not ample.skipped.any()
    assert ample.costs.tolist() == free.costs.tolist()
    assert np.array_equal(ample.paths, free.paths)
    none = batch(graph, starts, goals, workers=workers, max_seconds=0)
    assert not none.complete and none.skipped.all() and not none.found.any()
    assert (none.lengths == 0).all() and (none.expanded == 0).all()
    assert np.isinf(none.costs).all() and none.paths.shape[0] == 0
    with pytest.raises(wf.InvalidParameterError, match="max_seconds"):
        batch(graph, starts, goals, max_seconds=math.inf)


def test_batch_jps_takes_a_budget():
    grid = wf.Grid(np.ones((30, 30), bool), diagonal=True)
    none = wf.batch.jps(grid, [START], [GOAL], max_seconds=0)
    assert none.skipped.tolist() == [True] and not none.found[0]
    ample = wf.batch.jps(grid, [START], [GOAL], max_seconds=60)
    assert ample.complete and ample.found[0]


def test_a_batch_stops_between_queries(monkeypatch):
    from wayfinding.batch import run

    clock = iter([0.0, 0.0, 0.0, 5.0])  # start, before query 0, before query 1; then late
    monkeypatch.setattr(run.time, "perf_counter", lambda: next(clock, 5.0))
    r = wf.batch.astar(wf.SquareGrid(30, 30), [START] * 4, [GOAL] * 4, max_seconds=1)
    assert r.skipped.tolist() == [False, False, True, True]
    assert r.found.tolist() == [True, True, False, False] and r.lengths[2:].sum() == 0
    assert r.path(1).tolist()[-1] == list(GOAL) and r.path(3).shape == (0, 2)


@pytest.mark.parametrize("make", [wf.flood, wf.flow_field])
def test_zero_seconds_build_nothing_in_fields(make, monkeypatch):
    grid = wf.Grid(np.ones((30, 30), bool))
    monkeypatch.setattr(wf.Grid, "flat", property(_no_set_up))
    field = make(grid, START, max_seconds=0)
    assert not field.complete and len(field.reachable) == 0
    assert field.cost_to(GOAL) == math.inf if make is wf.flood else \
        field.cost_from(GOAL) == math.inf
    assert np.isinf(field.as_array()).all() and field.as_array().shape == (30, 30)
    with pytest.raises(wf.InvalidLocationError, match="outside"):
        make(grid, (30, 30), max_seconds=0)
