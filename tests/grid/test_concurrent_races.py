"""Calls racing edits (issue 27, items 1, 2 and 4): an editor thread changes the grid every
few milliseconds while workers prepare it, batch it, flood it, plan on it, ...; every
answer is checked against a fresh grid built from the cells of the version it belongs to
(see ``races.py``, which also says how to run these races for minutes).

Before the fixes: ``prepare(grid, AUTO)`` crashed the process (segmentation faults, a
hang in the timing of the first-move table: 6 of 6 runs of ``tests/grid/races.py``'s
96x72 setting); prepared grids built while the grid changed were stamped with a later
version than their data and kept answering wrongly (all seeds, ``SUBGOAL_CH`` and
``TABLE``); ``components()`` handed out an array that later edits wrote into; batch A*,
D* Lite and flow fields mixed two versions.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import wayfinding as wf
from wayfinding.errors import StaleDataError

from . import races
from .races import Location, Race, Record, Worker, make_race, path_problem, run, same, verify

METHODS = [wf.PrepareMethod.SUBGOAL_CH, wf.PrepareMethod.JPS, wf.PrepareMethod.JPS_PLUS,
           wf.PrepareMethod.TABLE, wf.PrepareMethod.AUTO]


def _report(name: str, seed: int, race: Race, records: list[Record], failures: list[str],
            wrong: list[str]) -> None:
    print(f"{name} seed {seed}: {race.grid.version} edits, {len(records)} answers checked, "
          f"{len(failures)} failures, {len(wrong)} wrong")
    assert not failures, failures[:5]
    assert not wrong, wrong[:5]


# ---------------------------------------------------------------------- prepared grids
def _prepare(method: wf.PrepareMethod) -> Worker:
    def work(race: Race, rng: random.Random) -> Record:
        before = race.grid.version
        prepared = wf.prepare(race.grid, method)
        after = race.grid.version
        pairs = race.pairs(rng, 4)
        a, b = pairs[0]
        try:  # during the edits: an answer for the prepared version, or refused as stale
            during = prepared.search(a, b)
        except StaleDataError:
            during = None

        def check(race: Race, version: int) -> str | None:
            fresh = race.fresh(version)
            if during is not None:
                problem = path_problem(fresh, during, a, b, race.optimum(version, a, b))
                if problem:
                    return f"search while edited: {problem}"
            race.restore(version)  # the grid's cells are the prepared ones again
            for s, t in pairs:
                problem = path_problem(fresh, prepared.search(s, t), s, t,
                                       race.optimum(version, s, t))
                if problem:
                    return f"{prepared.method.name} search: {problem}"
            got = wf.batch.prepared(prepared, [s for s, _ in pairs], [t for _, t in pairs])
            want = [race.optimum(version, s, t) for s, t in pairs]
            if not all(same(x, y) for x, y in zip(got.costs.tolist(), want, strict=True)):
                return f"{prepared.method.name} batch: costs {got.costs} against {want}"
            return None

        return Record(f"prepare {method.name}", before, after, check, prepared.version)

    return work


@pytest.mark.parametrize("seed", races.SEEDS)
def test_prepared_grids_racing_edits(seed):
    """Item 1 (AUTO builds and times the first-move table: it does on every grid of at
    most 4096 open cells) and item 2 (default and TABLE stamped with a later version)."""
    race = make_race(seed, 32, 24, walls=0.5)  # half walls, as issue 27 found the crash
    workers = {method.name: _prepare(method) for method in METHODS}
    records, failures = run(race, workers, seed)
    _report("prepared", seed, race, records, failures, verify(race, records))


# ---------------------------------------------------------------------- one-shot calls
def _pair(name: str, call: Callable[[wf.Grid, Location, Location], Any],
          judge: Callable[[Race, int, Location, Location, Any], str | None]) -> Worker:
    """A worker calling ``call(grid, a, b)`` between two anchors; ``judge(race, version, a,
    b, answer)`` says what is wrong with the answer for that version (None: nothing)."""
    def work(race: Race, rng: random.Random) -> Record:
        (a, b), = race.pairs(rng, 1)
        before = race.grid.version
        answer = call(race.grid, a, b)
        after = race.grid.version
        return Record(name, before, after, lambda race, v: judge(race, v, a, b, answer))

    return work


def _optimal_path(race: Race, version: int, a: Location, b: Location,
                  result: wf.SearchResult) -> str | None:
    return path_problem(race.fresh(version), result, a, b, race.optimum(version, a, b))


def _optimal_cost(race: Race, version: int, a: Location, b: Location,
                  cost: float) -> str | None:
    want = race.optimum(version, a, b)
    return None if same(cost, want) else f"cost {cost}, optimum {want}"


def _search(name: str, function: Callable[..., wf.SearchResult]) -> Worker:
    return _pair(name, function, _optimal_path)


def _batch(name: str, function: Callable[..., Any]) -> Worker:
    def work(race: Race, rng: random.Random) -> Record:
        pairs = race.pairs(rng, 6)
        before = race.grid.version
        got = function(race.grid, [s for s, _ in pairs], [t for _, t in pairs])
        after = race.grid.version

        def check(race: Race, version: int) -> str | None:
            want = [race.optimum(version, s, t) for s, t in pairs]
            if all(same(x, y) for x, y in zip(got.costs.tolist(), want, strict=True)):
                return None
            return f"costs {got.costs.tolist()} against {want}"

        return Record(name, before, after, check)

    return work


def _matrix(race: Race, rng: random.Random) -> Record:
    sources, targets = rng.sample(race.anchors, 3), rng.sample(race.anchors, 2)
    before = race.grid.version
    got = wf.distance_matrix(race.grid, sources, targets)
    after = race.grid.version

    def check(race: Race, version: int) -> str | None:
        want = [[race.optimum(version, s, t) for t in targets] for s in sources]
        return None if np.allclose(got, want, rtol=1e-9) else f"{got.tolist()} vs {want}"

    return Record("distance_matrix", before, after, check)


def _flow(race: Race, rng: random.Random) -> Record:
    goal = rng.choice(race.anchors)
    before = race.grid.version
    field = wf.flow_field(race.grid, goal)
    after = race.grid.version
    try:  # read at once: refused as stale once the grid moved on from its version
        costs = {cell: field.cost_from(cell) for cell in race.anchors}
    except StaleDataError:
        costs = {}

    def check(race: Race, version: int) -> str | None:
        for cell, cost in costs.items():
            if not same(cost, race.optimum(version, cell, goal)):
                return f"cost from {cell}: {cost}, optimum {race.optimum(version, cell, goal)}"
        return None

    return Record("flow_field", before, after, check, field.version)


def _components(race: Race, rng: random.Random) -> Record:
    before = race.grid.version
    labels = race.grid.components()
    after = race.grid.version
    kept = labels.copy()

    def check(race: Race, version: int) -> str | None:
        if not np.array_equal(labels, kept):  # checked once the edits are over
            return "the labels handed out were changed by later edits"
        if not np.array_equal(labels, race.fresh(version).components()):
            return "labels differ from a fresh grid's"
        return None

    return Record("components", before, after, check)


def _joined(race: Race, version: int, a: Location, b: Location, joined: bool) -> str | None:
    want = race.optimum(version, a, b) < np.inf
    return None if joined == want else f"connected {joined}, a path: {want}"


def _stepped(grid: wf.Grid, a: Location, b: Location) -> wf.SearchResult:
    """A resumable A* made now and run in small steps while the edits go on."""
    search = wf.AStarSearch(grid, a, b)
    while not search.step(max_expansions=50):
        pass
    return search.result


def _same_as_fresh(name: str, function: Callable[..., wf.SearchResult]) -> Worker:
    """A call whose cost must equal the same call's on a fresh grid (theta*, turns)."""
    def judge(race: Race, version: int, a: Location, b: Location, cost: float) -> str | None:
        want = race.oracle(version, f"{name}{a}{b}", lambda g: function(g, a, b).cost)
        return None if same(cost, want) else f"cost {cost}, fresh grid {want}"

    return _pair(name, lambda grid, a, b: function(grid, a, b).cost, judge)


def _landmarks(race: Race, rng: random.Random) -> Record:
    before = race.grid.version
    marks = wf.landmarks(race.grid, count=3)
    after = race.grid.version
    pairs = race.pairs(rng, 3)

    def check(race: Race, version: int) -> str | None:
        race.restore(version)
        for s, t in pairs:
            got = wf.astar(race.grid, s, t, heuristic=marks).cost
            if not same(got, race.optimum(version, s, t)):
                return f"A* with landmarks {got}, optimum {race.optimum(version, s, t)}"
        return None

    return Record("landmarks", before, after, check, marks._built_at[1])


def _turns(grid: wf.Grid, a: Location, b: Location) -> wf.SearchResult:
    return wf.astar_turns(grid, a, b, turn_cost=1.0)


COMMON = {
    "astar": _search("astar", wf.astar),
    "dijkstra": _search("dijkstra", wf.dijkstra),
    "batch.astar": _batch("batch.astar", wf.batch.astar),
    "batch.dijkstra": _batch("batch.dijkstra", wf.batch.dijkstra),
    "distance_matrix": _matrix,
    "flow_field": _flow,
    "components": _components,
    "connected": _pair("connected", wf.connected, _joined),
    "DStarLite": _pair("DStarLite", lambda g, a, b: wf.DStarLite(g, a, b).cost, _optimal_cost),
    "AStarSearch": _pair("AStarSearch", _stepped, _optimal_path),
    "astar_turns": _same_as_fresh("astar_turns", _turns),
    "landmarks": _landmarks,
}
#: Calls that serve grids of one cell cost only.
UNIFORM = {
    "jps": _search("jps", wf.jps),
    "batch.jps": _batch("batch.jps", wf.batch.jps),
    "theta_star": _same_as_fresh("theta_star", wf.theta_star),
}


@pytest.mark.parametrize("seed", races.SEEDS)
@pytest.mark.parametrize("weighted", [False, True], ids=["uniform", "weighted"])
def test_one_shot_calls_racing_edits(seed, weighted):
    """Item 4: every call that reads derived data outside a search's lease (batches,
    matrices, fields, labels, D* Lite, resumable searches, landmarks, turns, theta*)
    and the leased searches, on a grid of one cell cost and on one whose costs change."""
    race = make_race(seed, weighted=weighted)
    workers = dict(COMMON) if weighted else {**COMMON, **UNIFORM}
    records, failures = run(race, workers, seed)
    _report("one-shot " + ("weighted" if weighted else "uniform"), seed, race, records,
            failures, verify(race, records))
