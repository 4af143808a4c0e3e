"""Running benchmark queries: time each search, check each path, sum up per map.

Only the query call is timed (``time.perf_counter_ns``); loading the map, building the
query function (preprocessing) and checking the path are not. Before a map's timed
queries, each algorithm answers the map's first query once untimed, so one-off costs
(compilation, per-grid buffers) do not land on the first timed query.

Examples
--------
>>> stats = Stats.of([])
>>> stats.queries, stats.as_dict()["median_us"]
(0, 0.0)
"""

from __future__ import annotations

import contextlib
import enum
import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..grid import Grid
from ..io.movingai import matches_optimal, read_map
from .loading import BenchInputError, MapJob, Query
from .registry import ALGORITHMS
from .registry import Query as Query_
from .validate import check_path, component_labels, connected, costs_agree

__all__ = [
    "AlgorithmUnavailableError",
    "MapChecker",
    "MapRun", "Outcome", "Stats", "Status", "evaluate", "run_jobs"]


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

    @classmethod
    def of(cls, outcomes: Sequence[Outcome]) -> Stats:
        """Summarise ``outcomes`` (times in microseconds)."""
        if not outcomes:
            return cls(0, 0, 0, 0.0, 0.0, 0.0)
        times = [o.time_ns / 1000.0 for o in outcomes]
        return cls(
            queries=len(outcomes),
            optimal=sum(o.status is Status.OPTIMAL for o in outcomes),
            invalid=sum(o.status is Status.INVALID for o in outcomes),
            median_us=statistics.median(times),
            mean_us=statistics.fmean(times),
            mean_expanded=statistics.fmean(o.expanded for o in outcomes),
        )

    @property
    def failed(self) -> int:
        """Queries that were invalid or not optimal."""
        return self.queries - self.optimal

    def as_dict(self) -> dict[str, float | int]:
        """``{"queries", "optimal", "invalid", "median_us", "mean_us", "mean_expanded"}``."""
        return {
            "queries": self.queries,
            "optimal": self.optimal,
            "invalid": self.invalid,
            "median_us": round(self.median_us, 3),
            "mean_us": round(self.mean_us, 3),
            "mean_expanded": round(self.mean_expanded, 3),
        }


@dataclass
class MapRun:
    """Outcomes of every algorithm on one map (same queries, same order)."""

    label: str
    outcomes: dict[str, list[Outcome]]


class MapChecker:
    """The passability of one map, with its components computed on first need."""

    def __init__(self, passable: np.ndarray) -> None:
        self.passable = passable
        self._labels: np.ndarray | None = None

    def connected(self, start: tuple[int, int], goal: tuple[int, int]) -> bool:
        """True when a path from ``start`` to ``goal`` exists (independent flood)."""
        if self._labels is None:
            self._labels = component_labels(self.passable)
        return connected(self._labels, start, goal)


def evaluate(query: Query, checker: MapChecker, result: Any, elapsed_ns: int) -> Outcome:
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
    check = check_path(checker.passable, scenario.start, scenario.goal, path)
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
        grid = read_map(job.path)
        _check_sizes(job, grid.width, grid.height)
        checker = MapChecker(grid.passable_mask)
        queries = {name: _build(name, grid) for name in algorithms}
        outcomes: dict[str, list[Outcome]] = {name: [] for name in algorithms}
        if job.queries:
            first = job.queries[0].scenario
            for query_fn in queries.values():
                with contextlib.suppress(Exception):  # the timed run records it
                    query_fn(first.start, first.goal)  # untimed warm-up
        for query in job.queries:
            start, goal = query.scenario.start, query.scenario.goal
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
                progress(len(queries), job.label)
        runs.append(MapRun(job.label, outcomes))
    return runs


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
