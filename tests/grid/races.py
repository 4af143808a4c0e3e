"""The race harness of ``test_concurrent_races.py`` (issue 27, items 1, 2 and 4).

One thread edits a grid every few milliseconds (walls toggled one at a time and a few at
once, costs set, the whole array replaced) and records the cells of every version it
makes; worker threads call the library on the grid meanwhile. Each call gives a
:class:`Record`: the grid versions before and after it, the version its answer says it
was built from (a prepared grid's, a flow field's), and a check. Afterwards every record
is checked against a fresh grid built from the cells of its stamped version (or of some
version between the two it saw, for answers that carry no stamp): zero wrong answers,
zero exceptions, and every thread done in time (a hang fails the test).

Queries go between *anchors*: cells the editor never touches, open in every version.

Runs are short in CI. By hand, for long runs::

    WAYFINDING_RACE_SECONDS=60 WAYFINDING_RACE_SEEDS=1-20 \\
        pytest tests/grid/test_concurrent_races.py -p no:cacheprovider

(``WAYFINDING_RACE_CHECKS``: records checked per worker, 40 by default, spread over the
run; ``WAYFINDING_RACE_GRID=96x72``: the grids' size.) Each test prints what it ran,
checked and found (``-s`` shows it).
"""

from __future__ import annotations

import itertools
import math
import os
import random
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import wayfinding as wf

Location = tuple[int, int]


def _seeds(text: str) -> list[int]:
    seeds: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        seeds.extend(range(int(low), int(high or low) + 1))
    return seeds


#: Seconds each race runs (the editor and the workers), seeds run, records checked.
SECONDS = float(os.environ.get("WAYFINDING_RACE_SECONDS", "0.8"))
SEEDS = _seeds(os.environ.get("WAYFINDING_RACE_SEEDS", "1,2"))
CHECKS = int(os.environ.get("WAYFINDING_RACE_CHECKS", "40"))
#: ``WxH`` of every race's grid when set (else each test's own, small for CI; issue 27
#: found the crash on 96x72 grids).
SIZE = os.environ.get("WAYFINDING_RACE_GRID")
#: A thread not done this long after the race ends has hung.
HANG_SECONDS = 120.0


@dataclass
class Record:
    """One call made during a race and how to check its answer."""

    name: str
    before: int  # the grid's version just before the call
    after: int  # ... and just after it
    #: ``check(race, version)``: None when the answer is right for the grid at
    #: ``version``, else what is wrong
    check: Callable[[Race, int], str | None]
    stamp: int | None = None  # the version the answer says it was built from


@dataclass
class Race:
    """A grid, its editor's record of every version, and oracles on fresh grids."""

    grid: wf.Grid
    anchors: list[Location]
    options: dict[str, Any]
    #: a cell kept open whose cost the editor flips between 1 and 3 (weighted grids): the
    #: cheapest cell cost, which scales the heuristics, changes with it
    cheap: Location | None = None
    states: dict[int, tuple[np.ndarray, np.ndarray | None]] = field(default_factory=dict)
    _fresh: dict[int, wf.Grid] = field(default_factory=dict)
    _answers: dict[tuple, Any] = field(default_factory=dict)

    def fresh(self, version: int) -> wf.Grid:
        """A new grid with the cells of ``version``."""
        if version not in self._fresh:
            mask, costs = self.states[version]
            self._fresh[version] = wf.Grid(mask, costs, **self.options)
        return self._fresh[version]

    def oracle(self, version: int, name: str, compute: Callable[[wf.Grid], Any]) -> Any:
        """``compute(fresh grid of version)``, computed once per version and name."""
        key = (version, name)
        if key not in self._answers:
            self._answers[key] = compute(self.fresh(version))
        return self._answers[key]

    def optimum(self, version: int, a: Location, b: Location) -> float:
        """The cheapest cost from ``a`` to ``b`` at ``version`` (Dijkstra on a fresh grid)."""
        return self.oracle(version, f"d{a}{b}", lambda g: wf.dijkstra(g, a, b).cost)

    def restore(self, version: int) -> None:
        """Give the grid the cells of ``version`` again (after the race)."""
        mask, costs = self.states[version]
        self.grid.set_passable(mask)
        if costs is not None:
            self.grid.set_costs(costs)

    def pairs(self, rng: random.Random, n: int) -> list[tuple[Location, Location]]:
        return [tuple(rng.sample(self.anchors, 2)) for _ in range(n)]  # type: ignore[misc]


def make_race(seed: int, width: int = 40, height: int = 30, *, walls: float = 0.3,
              weighted: bool = False, diagonal: bool = True) -> Race:
    """A random grid (anchors kept open) ready to race."""
    if SIZE:
        width, height = (int(n) for n in SIZE.lower().split("x"))
    rng = np.random.default_rng(seed)
    mask = rng.random((height, width)) >= walls
    costs = rng.integers(2, 6, (height, width)).astype(np.float64) if weighted else None
    picks = random.Random(seed).sample(range(width * height), 11)
    anchors = [(i % width, i // width) for i in picks]
    for x, y in anchors:
        mask[y, x] = True
    options = {"diagonal": diagonal}
    grid = wf.Grid(mask, costs, **options)
    race = Race(grid, anchors[:10], options, anchors[10] if weighted else None)
    race.states[grid.version] = (mask.copy(), None if costs is None else costs.copy())
    return race


def _edit(race: Race, rng: random.Random) -> None:
    """One edit of the grid, its cells recorded under the grid's lock (so the record is
    exactly the version the edit made; the lock also keeps derived data owned, so that
    searches' leases and in-place patches are raced, not copies)."""
    grid = race.grid
    w, h = grid.width, grid.height
    anchors = {*race.anchors, race.cheap}

    def cell() -> Location:
        while True:
            c = (rng.randrange(w), rng.randrange(h))
            if c not in anchors:
                return c

    with grid._lock:
        kind = rng.random()
        if kind < 0.7:
            grid.set_wall(cell(), rng.random() < 0.5)
        elif kind < 0.85:
            grid.set_walls([cell() for _ in range(rng.randint(2, 5))], rng.random() < 0.5)
        elif kind < 0.9 and race.cheap is not None:
            grid.set_cost(race.cheap, 1.0 if grid.costs[race.cheap[::-1]] > 1 else 3.0)
        elif kind < 0.95 and race.cheap is not None:
            grid.set_cost(cell(), float(rng.randint(2, 5)))
        else:
            mask = grid.passable_mask.copy()
            x, y = cell()
            mask[y, x] = not mask[y, x]
            grid.set_passable(mask)
        race.states[grid.version] = (grid.passable_mask.copy(),
                                     None if grid.costs is None else grid.costs.copy())


Worker = Callable[[Race, random.Random], Record]


def run(race: Race, workers: dict[str, Worker], seed: int,
        seconds: float = SECONDS) -> tuple[list[Record], list[str]]:
    """Race ``workers`` (one thread each, calling in a loop) against an editor thread for
    ``seconds``: the records kept (at most :data:`CHECKS` per worker, spread over the run)
    and the failures (exceptions, threads that hung)."""
    stop = threading.Event()
    failures: list[str] = []
    made: dict[str, list[Record]] = {name: [] for name in workers}

    def editor() -> None:
        rng = random.Random(seed)
        try:
            while not stop.is_set():
                _edit(race, rng)
                time.sleep(rng.uniform(0.0, 0.002))  # an edit every 1-2 ms
        except BaseException as error:  # pragma: no cover - reported by the test
            failures.append(f"editor: {error!r}")

    def work(name: str, worker: Worker, rng: random.Random) -> None:
        try:
            while not stop.is_set():
                made[name].append(worker(race, rng))
                time.sleep(0)  # let the editor in: the grid's lock is not fair
        except BaseException as error:  # pragma: no cover - reported by the test
            failures.append(f"{name}: {type(error).__name__}: {error}")

    threads = [threading.Thread(target=editor, daemon=True)] + [
        threading.Thread(target=work, args=(name, worker, random.Random(seed * 1000 + i)),
                         daemon=True)
        for i, (name, worker) in enumerate(workers.items())]
    for worker in workers.values():  # kernels loaded before the clock starts
        worker(race, random.Random(seed))
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-4)  # threads take turns often: more edits land inside calls
    try:
        for thread in threads:
            thread.start()
        time.sleep(seconds)
        stop.set()
        deadline = time.perf_counter() + HANG_SECONDS
        for thread in threads:
            thread.join(max(0.0, deadline - time.perf_counter()))
    finally:
        sys.setswitchinterval(interval)
    failures.extend(f"a thread hung: {t.name}" for t in threads if t.is_alive())
    kept: list[Record] = []
    for name, records in made.items():
        if not records:
            failures.append(f"{name}: no call finished within the race")
        step = max(1, math.ceil(len(records) / CHECKS))
        kept.extend(records[::step])
    return kept, failures


def verify(race: Race, records: list[Record]) -> list[str]:
    """What is wrong with each record: an answer right for no version it may belong to."""
    wrong = []
    for record in records:
        if record.stamp is not None:
            if not record.before <= record.stamp <= record.after:
                wrong.append(f"{record.name}: stamped {record.stamp}, built between "
                             f"versions {record.before} and {record.after}")
                continue
            versions = [record.stamp]
        else:
            versions = list(range(record.before, record.after + 1))
        problems = [_problem(record, race, v) for v in versions]
        if all(problem is not None for problem in problems):
            wrong.append(f"{record.name} (versions {versions}): {problems[0]}")
    return wrong


def _problem(record: Record, race: Race, version: int) -> str | None:
    try:
        return record.check(race, version)
    except Exception as error:  # e.g. StaleDataError: the data is not of that version
        return f"{type(error).__name__}: {error}"


def path_problem(grid: wf.Grid, result: wf.SearchResult, start: Location, goal: Location,
                 optimum: float) -> str | None:
    """None when ``result`` is an optimal path from ``start`` to ``goal`` on ``grid``."""
    if result.path is None:
        return None if math.isinf(optimum) else f"no path, optimum {optimum}"
    path = result.path
    if path[0] != start or path[-1] != goal:
        return f"path from {path[0]} to {path[-1]}"
    cost = 0.0
    for a, b in itertools.pairwise(path):
        if a is None or b is None or b not in grid.neighbors(a):
            return f"step {a} -> {b} not allowed"
        cost += grid.cost(a, b)
    if not (math.isclose(cost, result.cost, rel_tol=1e-9, abs_tol=1e-9)
            and math.isclose(cost, optimum, rel_tol=1e-9, abs_tol=1e-9)):
        return f"path cost {cost}, reported {result.cost}, optimum {optimum}"
    return None


def same(a: float, b: float) -> bool:
    return a == b or math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
