"""``wayfinding bench --workers N`` / ``--scheduler ADDRESS``: the bench's queries on Dask.

Each map's queries go out in chunks; a worker loads the map once (:mod:`.maps`), answers
a chunk with one ``wayfinding.batch`` call per algorithm, and checks every answer there
with the bench's own checker (:func:`wayfinding.bench.runner.evaluate`, the same verdicts
as one process); the outcomes come back in order as the same ``MapRun``s, so the report
is the same table. Times differ in kind: a chunk's batch call is timed as a whole and
each of its queries is given an equal share (see ``bench/README.md``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..batch import BatchResult
from ..bench.loading import MapJob, Query
from ..bench.runner import (
    AlgorithmUnavailableError,
    MapChecker,
    MapRun,
    Outcome,
    Preprocessing,
    Status,
    _check_sizes,
    _resident_bytes,
    evaluate,
    mismatch,
    unserved,
)
from ..errors import UnsupportedGridError
from .cluster import connect
from .maps import Loaded, MapRef, load
from .methods import Method, answer, prepared_grid
from .run import Piece, by_job, gather, ranges, refusing, ship_all

__all__ = ["BENCH_CHUNK_SIZE", "bench_methods", "run_jobs"]

#: Scenarios per task (MovingAI files hold 10 per bucket, up to a few thousand per map).
BENCH_CHUNK_SIZE = 500


def bench_methods(algorithms: Sequence[str]) -> dict[str, Method]:
    """The batch method of each bench algorithm name, or AlgorithmUnavailableError."""
    found = {}
    for name in algorithms:
        try:
            found[name] = Method(name)
        except ValueError:
            known = ", ".join(m.value for m in Method)
            raise AlgorithmUnavailableError(
                f"algorithm {name!r} has no batch method to run on Dask (--workers, "
                f"--scheduler); these do: {known}") from None
    return found


def run_jobs(jobs: Sequence[MapJob], algorithms: Sequence[str],
             progress: Callable[[int, str], None] | None = None, *, client: Any = None,
             scheduler: str | None = None, workers: int | None = None,
             chunk_size: int = BENCH_CHUNK_SIZE, timeout: float = 10.0) -> list[MapRun]:
    """:func:`wayfinding.bench.runner.run_jobs` on a Dask cluster (arguments as
    :func:`~wayfinding.distributed.run.run_batches`): the same ``MapRun``s, in order.

    Raises AlgorithmUnavailableError for an algorithm without a batch method; input errors
    (a map that is not the scenario's size, a malformed map) name the map.
    """
    methods = bench_methods(algorithms)
    with connect(client, scheduler, workers, timeout=timeout) as c:
        refs, payloads = ship_all(c, [(job.path, job.label) for job in jobs])
        pieces = [
            Piece(i, job.label, lo, hi, (hi - lo) * len(methods),
                  c.submit(refusing, _bench_chunk, refs[i], payloads[i], str(job.path),
                           methods, job.queries[lo:hi], pure=False))
            for i, job in enumerate(jobs)
            for lo, hi in ranges(len(job.queries), chunk_size)
        ]
        parts = gather(c, pieces, progress or False)
    runs = []
    for job, mine in zip(jobs, by_job(pieces, parts, len(jobs)), strict=True):
        outcomes = {name: [o for part in mine for o in part.outcomes[name]]
                    for name in methods}
        runs.append(MapRun(job.label, outcomes, str(job.path), mine[0].width,
                           mine[0].height, mine[0].built,
                           {k: v for part in mine for k, v in part.skipped.items()}))
    return runs


@dataclass(frozen=True)
class _ChunkRun:
    outcomes: dict[str, list[Outcome]]
    built: dict[str, Preprocessing]
    width: int
    height: int
    skipped: dict[str, str]


@dataclass(frozen=True)
class _Answer:
    """One row of a BatchResult as :func:`evaluate` reads a SearchResult."""

    path: list[tuple[int, int]] | None
    cost: float
    expanded: int
    partial: bool = False

    @classmethod
    def row(cls, result: BatchResult, i: int) -> _Answer:
        path = [(x, y) for x, y in result.path(i).tolist()] if result.found[i] else None
        return cls(path, float(result.costs[i]), int(result.expanded[i]))


def _bench_chunk(ref: MapRef, payload: Any, path: str, methods: dict[str, Method],
                 queries: list[Query]) -> _ChunkRun:
    """One task, on a worker: run and check ``queries`` by every method."""
    loaded = load(ref, payload)
    grid = loaded.grid
    _check_sizes(MapJob(ref.label, Path(path), queries), grid.width, grid.height)
    checker = loaded.get("bench.checker", lambda: MapChecker(
        grid.passable_mask, grid.classes if grid.several_classes else None))
    misfits = [mismatch(query, checker.passable) for query in queries]
    runnable = [query for query, why in zip(queries, misfits, strict=True) if why is None]
    starts = np.array([q.scenario.start for q in runnable], dtype=np.int64).reshape(-1, 2)
    goals = np.array([q.scenario.goal for q in runnable], dtype=np.int64).reshape(-1, 2)
    outcomes, built, skipped = {}, {}, {}
    for name, method in methods.items():
        try:
            built[name] = loaded.get(("bench.built", method),
                                     lambda m=method: _build(loaded, m))
            if runnable:  # an untimed first query per worker and map (compilation, buffers)
                loaded.get(("bench.warm", method),
                           lambda m=method: _quietly(lambda: answer(loaded, m, starts[:1],
                                                                    goals[:1])))
            t0 = time.perf_counter_ns()
            try:
                result = answer(loaded, method, starts, goals)
            except UnsupportedGridError:
                raise
            except Exception as exc:  # every query of the chunk is a wrong answer
                result = exc
        except UnsupportedGridError as exc:  # the method does not serve this map
            skipped[name] = unserved(exc)
            outcomes[name] = [Outcome(q, Status.MISMATCH if why else Status.SKIPPED, 0, 0,
                                      math.nan, why or skipped[name])
                              for q, why in zip(queries, misfits, strict=True)]
            continue
        share = (time.perf_counter_ns() - t0) // max(1, len(runnable))
        verdicts, k = [], 0
        for query, why in zip(queries, misfits, strict=True):
            if why is not None:
                verdicts.append(Outcome(query, Status.MISMATCH, 0, 0, math.nan, why))
            elif isinstance(result, Exception):
                verdicts.append(Outcome(query, Status.INVALID, share, 0, math.inf,
                                        f"the search raised {type(result).__name__}: {result}"))
            else:
                verdicts.append(evaluate(query, checker, _Answer.row(result, k), share))
                k += 1
        outcomes[name] = verdicts
    return _ChunkRun(outcomes, built, grid.width, grid.height, skipped)


def _build(loaded: Loaded, method: Method) -> Preprocessing:
    """Prepare the map for ``method`` (nothing to do for plain searches), timed."""
    if not method.prepared:
        return Preprocessing(0.0, 0)
    before = _resident_bytes()
    t0 = time.perf_counter()
    prepared_grid(loaded, method)
    seconds = time.perf_counter() - t0
    after = _resident_bytes()
    return Preprocessing(seconds, None if before is None or after is None
                         else max(0, after - before))


def _quietly(call: Callable[[], Any]) -> bool:
    try:
        call()
    except Exception:  # the timed run records it
        return False
    return True
