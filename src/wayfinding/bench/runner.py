"""Running benchmark queries: time each search, check each path, sum up per map.

Only the query call is timed (``time.perf_counter_ns``); loading the map, building the
query function (preprocessing) and checking the path are not. Building is timed apart and
its memory measured (:class:`Preprocessing`). Before a map's timed queries, each
algorithm answers the map's first query once untimed, so one-off costs (compilation,
per-grid buffers) do not land on the first timed query. A query whose start or goal is
not traversable on the map is not run: the scenario does not match the map
(``Status.MISMATCH``), which says nothing about the algorithm.

Examples
--------
>>> stats = Stats.of([])
>>> stats.queries, stats.as_dict()["median_us"]
(0, 0.0)
"""

from __future__ import annotations

import enum
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import UnsupportedGridError
from ..grid import Grid
from ..io.movingai import matches_optimal, read_map
from ..io.voxelmap import read_3dmap
from .loading import BenchInputError, MapJob, Query
from .registry import ALGORITHMS
from .registry import Query as Query_
from .validate import check_path, component_labels, connected, costs_agree
from .voxels import VoxelChecker

__all__ = [
    "AlgorithmUnavailableError",
    "MapChecker",
    "MapRun", "Outcome", "Preprocessing", "Stats", "Status", "evaluate", "mismatch",
    "run_jobs", "unserved"]


class Status(enum.Enum):
    """Verdict on one query."""

    #: A valid path whose cost matches the scenario's optimum, or "no path" (cost inf) for
    #: a scenario marking its goal unreachable, confirmed by an independent flood.
    OPTIMAL = "optimal"
    #: A valid answer that disagrees with the scenario: a valid path dearer (or cheaper!)
    #: than the printed optimum, or a disagreement about whether the goal is reachable.
    NOT_OPTIMAL = "not optimal"
    #: No path although one exists, an illegal or partial path, a reported cost that is not
    #: the path's cost, or an exception.
    INVALID = "invalid"
    #: Not run: the scenario's start or goal is off the map or not traversable on it (a
    #: wall, trees); the scenario does not match the map.
    MISMATCH = "scenario does not match the map"
    #: Not run: the algorithm does not serve this map (UnsupportedGridError, e.g. jump
    #: point search on a map whose water is a terrain class of its own); the other
    #: algorithms still run, and the report says why in a note.
    SKIPPED = "skipped"


#: Verdicts of queries that were not run.
_NOT_RUN = (Status.MISMATCH, Status.SKIPPED)


@dataclass(frozen=True)
class Outcome:
    """What one algorithm did on one query."""

    query: Query
    status: Status
    time_ns: int
    expanded: int
    cost: float
    problem: str | None = None


@dataclass(frozen=True)
class Stats:
    """Summary of outcomes, with the key names of the ``--json`` output."""

    queries: int
    optimal: int
    invalid: int
    median_us: float
    mean_us: float
    mean_expanded: float
    #: Scenarios not run because they do not match the map (``Status.MISMATCH``); the
    #: other fields count and time the queries that were run.
    mismatched: int = 0
    #: Queries not run because the algorithm does not serve their map
    #: (``Status.SKIPPED``).
    skipped: int = 0

    @classmethod
    def of(cls, outcomes: Sequence[Outcome]) -> Stats:
        """Summarise ``outcomes`` (times in microseconds)."""
        run = [o for o in outcomes if o.status not in _NOT_RUN]
        mismatched = sum(o.status is Status.MISMATCH for o in outcomes)
        skipped = len(outcomes) - len(run) - mismatched
        if not run:
            return cls(0, 0, 0, 0.0, 0.0, 0.0, mismatched, skipped)
        times = [o.time_ns / 1000.0 for o in run]
        return cls(
            queries=len(run),
            optimal=sum(o.status is Status.OPTIMAL for o in run),
            invalid=sum(o.status is Status.INVALID for o in run),
            median_us=statistics.median(times),
            mean_us=statistics.fmean(times),
            mean_expanded=statistics.fmean(o.expanded for o in run),
            mismatched=mismatched,
            skipped=skipped,
        )

    @property
    def failed(self) -> int:
        """Queries that were invalid or not optimal."""
        return self.queries - self.optimal

    def as_dict(self) -> dict[str, float | int]:
        """``{"queries", "optimal", "not_optimal", "invalid", "mismatched", "skipped",
        "median_us", "mean_us", "mean_expanded"}``."""
        return {
            "queries": self.queries,
            "optimal": self.optimal,
            "not_optimal": self.queries - self.optimal - self.invalid,
            "invalid": self.invalid,
            "mismatched": self.mismatched,
            "skipped": self.skipped,
            "median_us": round(self.median_us, 3),
            "mean_us": round(self.mean_us, 3),
            "mean_expanded": round(self.mean_expanded, 3),
        }


@dataclass(frozen=True)
class Preprocessing:
    """Building one algorithm's query function for one map (its preprocessing)."""

    #: Wall-clock seconds of the build.
    seconds: float
    #: Growth of the process's resident memory over the build, in bytes (what the built
    #: data keeps, give or take the allocator's slack); None where it cannot be read.
    memory_bytes: int | None


@dataclass
class MapRun:
    """Outcomes of every algorithm on one map (same queries, same order)."""

    label: str
    outcomes: dict[str, list[Outcome]]
    #: The map file read, and its size.
    path: str = ""
    width: int = 0
    height: int = 0
    #: Per algorithm, building its query function for this map.
    preprocessing: dict[str, Preprocessing] = field(default_factory=dict)
    #: Algorithms that do not serve this map, and why (their queries are SKIPPED).
    skipped: dict[str, str] = field(default_factory=dict)


class MapChecker:
    """The passability (and terrain classes) of one map, with its components computed
    on first need (:class:`~wayfinding.bench.voxels.VoxelChecker` is the same for a
    ``.3dmap``)."""

    def __init__(self, passable: np.ndarray, classes: np.ndarray | None = None) -> None:
        self.passable = passable
        self.classes = classes
        self._labels: np.ndarray | None = None

    def check(self, start: tuple[int, int], goal: tuple[int, int], path: Any) -> Any:
        """:func:`~wayfinding.bench.validate.check_path` on this map."""
        return check_path(self.passable, start, goal, path, self.classes)

    def mismatch(self, start: tuple[int, int], goal: tuple[int, int]) -> str | None:
        """Why a scenario does not fit the map (see :func:`mismatch`), or None."""
        height, width = self.passable.shape
        for role, (x, y) in (("start", start), ("goal", goal)):
            if not (0 <= x < width and 0 <= y < height):
                return f"the scenario does not match the map: its {role} {(x, y)} is off the map"
            if not self.passable[y, x]:
                return (f"the scenario does not match the map: its {role} {(x, y)} is not "
                        "traversable")
        return None

    def connected(self, start: tuple[int, int], goal: tuple[int, int]) -> bool:
        """True when a path from ``start`` to ``goal`` exists (independent flood)."""
        if self._labels is None:
            self._labels = component_labels(self.passable, self.classes)
        return connected(self._labels, start, goal)


def mismatch(query: Query, passable: np.ndarray) -> str | None:
    """Why the scenario does not match the map (start or goal not traversable), or None.

    Examples
    --------
    >>> from wayfinding.io.movingai import Scenario
    >>> q = Query(Scenario(0, "m.map", 2, 1, (0, 0), (1, 0), 1.0), "m.scen", 2)
    >>> mismatch(q, np.array([[True, False]]))
    'the scenario does not match the map: its goal (1, 0) is not traversable'
    """
    return MapChecker(passable).mismatch(query.scenario.start, query.scenario.goal)


def evaluate(query: Query, checker: MapChecker | VoxelChecker, result: Any,
             elapsed_ns: int) -> Outcome:
    """Check one search result independently of the search and give it a status.

    A scenario marking its goal unreachable (optimum 0, start != goal) is answered
    correctly by "no path" when an independent flood confirms start and goal are not
    connected.
    """
    scenario = query.scenario
    expanded = int(getattr(result, "expanded", 0) or 0)

    def outcome(status: Status, cost: float, problem: str | None = None) -> Outcome:
        return Outcome(query, status, elapsed_ns, expanded, cost, problem)

    if getattr(result, "partial", False):
        return outcome(Status.INVALID, math.inf, "the search returned a partial path")
    path = getattr(result, "path", None)
    reported = getattr(result, "cost", math.nan)
    if path is None:
        reachable = checker.connected(scenario.start, scenario.goal)
        if reachable:
            return outcome(Status.INVALID, math.inf,
                           "no path returned, but start and goal are connected")
        if not scenario.unreachable:
            return outcome(Status.NOT_OPTIMAL, math.inf,
                           "start and goal are not connected, but the scenario gives an "
                           f"optimum of {scenario.optimal_length}")
        if reported != math.inf:
            return outcome(Status.INVALID, math.inf,
                           f"no path returned, but a cost of {reported!r} instead of inf")
        return outcome(Status.OPTIMAL, math.inf)
    check = checker.check(scenario.start, scenario.goal, path)
    if not check.valid:
        return outcome(Status.INVALID, math.inf, check.problem)
    if not costs_agree(reported, check.cost):
        return outcome(Status.INVALID, check.cost,
                       f"reported cost {reported!r} but the path costs {check.cost!r}")
    if scenario.unreachable:
        return outcome(Status.NOT_OPTIMAL, check.cost,
                       f"the scenario marks the goal unreachable (optimum 0), but this valid "
                       f"path of cost {check.cost:.8f} reaches it")
    if not matches_optimal(check.cost, scenario):
        return outcome(
            Status.NOT_OPTIMAL, check.cost,
            f"cost {check.cost:.8f} but the optimum is {scenario.optimal_length} "
            f"(+- {scenario.tolerance:.2g})",
        )
    return outcome(Status.OPTIMAL, check.cost)


def run_jobs(
    jobs: Sequence[MapJob],
    algorithms: Sequence[str],
    progress: Callable[[int, str], None] | None = None,
) -> list[MapRun]:
    """Run every algorithm on every query, map by map, each map read once.

    With several algorithms the queries are interleaved (each query is run by every
    algorithm in turn), so slow drifts in machine load hit them alike.

    ``progress(n, label)`` is called after each query with the number of searches done
    since the last call. Errors while reading a map or building a query function
    propagate; errors raised by a query are recorded as invalid outcomes.
    """
    runs = []
    for job in jobs:
        if progress is not None:
            progress(0, f"{job.label} (reading, preparing)")
        checker: MapChecker | VoxelChecker
        if job.voxels:
            grid = read_3dmap(job.path)
            checker = VoxelChecker(grid.passable_mask)
        else:
            grid = read_map(job.path)
            _check_sizes(job, grid.width, grid.height)
            checker = MapChecker(grid.passable_mask,
                                 grid.classes if grid.several_classes else None)
        queries, built, skipped = {}, {}, {}
        for name in algorithms:
            try:
                queries[name], built[name] = _timed_build(name, grid)
            except AlgorithmUnavailableError as exc:
                if not isinstance(exc.__cause__, UnsupportedGridError):
                    raise
                skipped[name] = unserved(exc.__cause__)
        outcomes: dict[str, list[Outcome]] = {name: [] for name in algorithms}
        misfits = {id(q): checker.mismatch(q.scenario.start, q.scenario.goal)
                   for q in job.queries}
        runnable = [q for q in job.queries if misfits[id(q)] is None]
        if runnable:
            first = runnable[0].scenario
            for name, query_fn in list(queries.items()):
                try:
                    query_fn(first.start, first.goal)  # untimed warm-up
                except UnsupportedGridError as exc:  # e.g. jps on a map with water
                    skipped[name] = unserved(exc)
                    del queries[name]
                except Exception:  # the timed run records it
                    pass
        for query in job.queries:
            start, goal = query.scenario.start, query.scenario.goal
            why = misfits[id(query)]
            for name, reason in skipped.items():
                outcomes[name].append(Outcome(query, Status.MISMATCH if why else Status.SKIPPED,
                                              0, 0, math.nan, why or reason))
            if why is not None:
                for name in queries:
                    outcomes[name].append(
                        Outcome(query, Status.MISMATCH, 0, 0, math.nan, why))
                if progress is not None:
                    progress(len(algorithms), job.label)
                continue
            for name, query_fn in queries.items():
                t0 = time.perf_counter_ns()
                try:
                    result = query_fn(start, goal)
                except Exception as exc:  # any failure is a wrong answer
                    elapsed = time.perf_counter_ns() - t0
                    outcomes[name].append(Outcome(
                        query, Status.INVALID, elapsed, 0, math.inf,
                        f"the search raised {type(exc).__name__}: {exc}",
                    ))
                    continue
                elapsed = time.perf_counter_ns() - t0
                outcomes[name].append(evaluate(query, checker, result, elapsed))
            if progress is not None:
                progress(len(algorithms), job.label)
        runs.append(MapRun(job.label, outcomes, str(job.path), grid.width, grid.height, built,
                           skipped))
    return runs


def unserved(error: BaseException) -> str:
    """Why an algorithm does not serve a map, for the report's note."""
    return f"{type(error).__name__}: {error}"


def _timed_build(name: str, grid: Grid) -> tuple[Query_, Preprocessing]:
    before = _resident_bytes()
    t0 = time.perf_counter()
    query_fn = _build(name, grid)
    seconds = time.perf_counter() - t0
    after = _resident_bytes()
    memory = None if before is None or after is None else max(0, after - before)
    return query_fn, Preprocessing(seconds, memory)


def _resident_bytes() -> int | None:
    """The process's resident memory (Linux ``/proc/self/statm``), or None elsewhere."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            pages = int(f.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    import resource

    return pages * resource.getpagesize()


class AlgorithmUnavailableError(RuntimeError):
    """An algorithm's factory failed (not installed yet, or refuses this grid)."""


def _build(name: str, grid: Grid) -> Query_:
    try:
        factory = ALGORITHMS[name]
    except KeyError:
        known = ", ".join(sorted(ALGORITHMS))
        raise AlgorithmUnavailableError(
            f"unknown algorithm {name!r}; known: {known}"
        ) from None
    try:
        return factory(grid)
    except Exception as exc:
        raise AlgorithmUnavailableError(
            f"algorithm {name!r} cannot run: {type(exc).__name__}: {exc}"
        ) from exc


def _check_sizes(job: MapJob, width: int, height: int) -> None:
    for query in job.queries:
        s = query.scenario
        if (s.width, s.height) != (width, height):
            raise BenchInputError(
                f"{query.where}: the scenario says {s.map!r} is {s.width}x{s.height}, "
                f"but {str(job.path)!r} is {width}x{height}"
            )
