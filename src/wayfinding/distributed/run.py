"""Running batches on a Dask cluster: maps shipped once, queries in chunks, answers in order.

Each map goes to the cluster once (``client.scatter``); each chunk of ``chunk_size``
queries is one task that finds its map in the worker's cache (:mod:`.maps`: parsed, and
prepared for prepared methods, once per worker) and answers the chunk with
:mod:`wayfinding.batch`. The chunks of a job are put back together in order, so the
answers are those of one ``wayfinding.batch`` call in one process.

Examples
--------
>>> import numpy as np
>>> parts = [BatchResult(np.array([1.0]), np.array([2]), np.array([1]), np.array([True]),
...                      np.array([[0, 0], [1, 0]]), np.array([0, 2])),
...          BatchResult(np.array([np.inf]), np.array([0]), np.array([0]), np.array([False]),
...                      np.zeros((0, 2), np.int64), np.array([0, 0]))]
>>> merged = merge(parts)
>>> merged.offsets.tolist(), merged.path(0).tolist(), merged.found.tolist()
([0, 2, 2], [[0, 0], [1, 0]], [True, False])
>>> ranges(5, 2)
[(0, 2), (2, 4), (4, 5)]
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .._inputs import is_number
from ..batch import BatchResult
from ..batch.locations import xy_array
from ..errors import InvalidParameterError, WayfindingError
from ..grid.grid import Grid
from .cluster import WorkerFailedError, connect, require_dask
from .maps import MapRef, load, ship
from .methods import Method, answer, as_method

__all__ = ["DEFAULT_CHUNK_SIZE", "Job", "Piece", "Refused", "by_job", "check_progress", "gather",
           "merge", "ranges", "refusing", "run_batches", "ship_all"]

#: Queries per task: large enough that a task's overhead is small against it
#: (``benchmarks/NOTES.md``, "Batches and Python-side costs").
DEFAULT_CHUNK_SIZE = 2000

Progress = Callable[[int, str], None]


@dataclass(frozen=True)
class Job:
    """One map and the queries to run on it.

    Attributes
    ----------
    map : str, PathLike or Grid
        A MovingAI ``.map`` file (read with :func:`wayfinding.io.movingai.read_map`'s
        benchmark rules; its text is sent to the workers, which need no shared folder) or
        a :class:`~wayfinding.Grid` (its arrays are sent).
    starts, goals : (N, 2) integer array or list of N ``(x, y)``
        One query per row.
    name : str, optional
        The map's name in messages (default: the path, or the grid's repr).
    """

    map: str | os.PathLike[str] | Grid
    starts: Any
    goals: Any
    name: str | None = None


@dataclass(frozen=True)
class Piece:
    """One submitted task: the queries ``lo..hi-1`` of job ``job`` (``size`` units of
    progress when done)."""

    job: int
    label: str
    lo: int
    hi: int
    size: int
    future: Any


def run_batches(jobs: Iterable[Job | tuple[Any, ...]], *, method: Method = Method.ASTAR,
                client: Any = None, scheduler: str | None = None, workers: int | None = None,
                chunk_size: int = DEFAULT_CHUNK_SIZE, progress: bool | Progress = False,
                timeout: float = 10.0) -> list[BatchResult]:
    """Answer every job's queries on a Dask cluster; one :class:`BatchResult` per job, in
    the order given, equal to the one-process ``wayfinding.batch`` call.

    Parameters
    ----------
    jobs : iterable of Job or ``(map, starts, goals[, name])``
        Many maps, or many queries on one map (one job, split into chunks).
    method : Method
        The batch search (``Method.ASTAR`` by default).
    client, scheduler, workers
        At most one: a ``distributed.Client`` to use (left open), a scheduler's address
        (``"tcp://host:8786"``), or a number of local worker processes (a
        ``LocalCluster`` started and shut down for this call; the default is one per
        core). Start processes from a script under ``if __name__ == "__main__":``.
    chunk_size : int
        Queries per task (>= 1).
    progress : bool or callable
        True: a tqdm bar on stderr, advanced as chunks finish; a callable is called as
        ``progress(queries_done, map_label)``.
    timeout : float
        Seconds to wait for the scheduler to answer.

    Returns
    -------
    list of BatchResult

    Raises
    ------
    ImportError
        When Dask is not installed: ``pip install "wayfinding[distributed]"``.
    InvalidParameterError
        For a ``method`` that is not a :class:`Method`, a bad ``chunk_size``, malformed
        jobs or query arrays (naming the job), and as :func:`.cluster.connect`.
    InvalidLocationError
        Naming the map and the row (counted in its job) of a start or goal outside the
        map or on a wall; other input errors of the batch functions name the map too.
    SchedulerError
        When no scheduler answers at ``scheduler``.
    WorkerFailedError
        When a task fails on a worker for another reason (naming the map and queries).

    Examples
    --------
    >>> import wayfinding as wf
    >>> from distributed import Client
    >>> grid = wf.Grid.from_ascii('....\\n.##.\\n....', diagonal=True)
    >>> jobs = [(grid, [(0, 0), (3, 0)], [(3, 2), (0, 0)])]
    >>> with Client(processes=False, n_workers=1, dashboard_address=":0") as client:
    ...     [result] = run_batches(jobs, client=client, method=Method.JPS)
    >>> result.costs.round(3).tolist(), result.lengths.tolist()
    ([5.0, 3.0], [6, 4])
    """
    method = as_method(method)
    chunk_size = _check_chunk_size(chunk_size)
    check_progress(progress)
    checked = [_checked(job, i) for i, job in enumerate(jobs)]
    with connect(client, scheduler, workers, timeout=timeout) as c:
        refs, payloads = ship_all(c, [(job.map, job.name) for job in checked])
        pieces = [
            Piece(i, refs[i].label, lo, hi, hi - lo,
                  c.submit(refusing, _answer_chunk, refs[i], payloads[i], method,
                           job.starts[lo:hi], job.goals[lo:hi], pure=False))
            for i, job in enumerate(checked)
            for lo, hi in ranges(job.starts.shape[0], chunk_size)
        ]
        parts = gather(c, pieces, progress)
    return [merge(mine) for mine in by_job(pieces, parts, len(checked))]


def by_job(pieces: Sequence[Piece], parts: Sequence[Any], n: int) -> list[list[Any]]:
    """The results of ``pieces`` grouped by job (``n`` jobs), in order."""
    grouped: list[list[Any]] = [[] for _ in range(n)]
    for piece, part in zip(pieces, parts, strict=True):
        grouped[piece.job].append(part)
    return grouped


def _answer_chunk(ref: MapRef, payload: Any, method: Method, starts: np.ndarray,
                  goals: np.ndarray) -> BatchResult:
    """One task, on a worker: the map from the cache, the chunk by ``wayfinding.batch``."""
    return answer(load(ref, payload), method, starts, goals)


@dataclass(frozen=True)
class Refused:
    """A task's input error (a start on a wall, a malformed map), returned by
    :func:`refusing` instead of raised: Dask logs the traceback of every task that
    raises as a failure of the worker, before the caller sees the clean error."""

    error: WayfindingError


def refusing(task: Callable[..., Any], *args: Any) -> Any:
    """``task(*args)`` on a worker, with a :class:`WayfindingError` returned as
    :class:`Refused` (:func:`gather` raises it again, naming the map)."""
    try:
        return task(*args)
    except WayfindingError as error:
        return Refused(error)


def ship_all(client: Any, maps: Sequence[tuple[Any, str | None]]) -> tuple[list[MapRef],
                                                                              list[Any]]:
    """References of ``(map, name)`` pairs and futures of their payloads, each distinct
    map scattered to the cluster once."""
    refs, unique = [], {}
    for source, name in maps:
        ref, payload = ship(source, name)
        refs.append(ref)
        unique.setdefault(ref.key, payload)
    futures = dict(zip(unique, client.scatter(list(unique.values()), hash=False),
                       strict=True))
    return refs, [futures[ref.key] for ref in refs]


def gather(client: Any, pieces: Sequence[Piece],
           progress: bool | Progress = False) -> list[Any]:
    """The results of ``pieces`` in their order, reporting progress as each finishes.

    The first failure cancels the rest: input errors (``WayfindingError``, raised on the
    worker or returned as :class:`Refused`) are raised again with the map's label and
    rows counted in the job; anything else becomes a
    :class:`WorkerFailedError` naming the map and queries.
    """
    distributed = require_dask()
    index = {piece.future.key: k for k, piece in enumerate(pieces)}
    results: list[Any] = [None] * len(pieces)
    report, close = _progress(progress, sum(piece.size for piece in pieces))
    try:
        for future in distributed.as_completed([piece.future for piece in pieces],
                                               loop=client.loop):
            piece = pieces[index[future.key]]
            if future.status == "error":
                exc = future.exception()
                raise _labelled(exc, piece) from exc
            if future.status != "finished":  # cancelled: the scheduler lost or dropped it
                raise WorkerFailedError(
                    f"{piece.label}: the task answering queries {piece.lo} to {piece.hi - 1} "
                    f"was {future.status} by the Dask scheduler")
            result = future.result()
            if isinstance(result, Refused):
                raise _labelled(result.error, piece) from None
            results[index[future.key]] = result
            report(piece.size, piece.label)
    except BaseException:
        for piece in pieces:
            piece.future.cancel()
        raise
    finally:
        close()
    return results


def merge(parts: Sequence[BatchResult]) -> BatchResult:
    """The chunks of one batch, in order, as one :class:`BatchResult`."""
    if len(parts) == 1:
        return parts[0]
    bases = np.cumsum([0] + [part.paths.shape[0] for part in parts])
    offsets = [np.zeros(1, np.int64)] + [part.offsets[1:] + base
                                          for part, base in zip(parts, bases, strict=False)]
    return BatchResult(
        costs=np.concatenate([part.costs for part in parts]),
        lengths=np.concatenate([part.lengths for part in parts]),
        expanded=np.concatenate([part.expanded for part in parts]),
        found=np.concatenate([part.found for part in parts]),
        paths=np.concatenate([part.paths for part in parts]).reshape(-1, 2),
        offsets=np.concatenate(offsets).astype(np.int64))


def ranges(n: int, size: int) -> list[tuple[int, int]]:
    """``[lo, hi)`` chunks of at most ``size`` covering ``0..n-1`` (one empty for 0)."""
    return [(lo, min(lo + size, n)) for lo in range(0, n, size)] or [(0, 0)]


def _check_chunk_size(chunk_size: Any) -> int:
    if (isinstance(chunk_size, bool) or not is_number(chunk_size)
            or not float(chunk_size).is_integer() or chunk_size < 1):
        raise InvalidParameterError(f"chunk_size must be an integer >= 1, got {chunk_size!r}")
    return int(chunk_size)


@dataclass(frozen=True)
class _Checked:
    map: Any
    name: str | None
    starts: np.ndarray
    goals: np.ndarray


def _checked(job: Any, i: int) -> _Checked:
    if isinstance(job, tuple) and len(job) in (3, 4):
        job = Job(*job)
    if not isinstance(job, Job):
        raise InvalidParameterError(
            f"job {i} must be a Job or a (map, starts, goals[, name]) tuple, got {job!r:.80}")
    where = f"job {i}" + (f" ({job.name})" if job.name else "")
    try:
        starts, goals = xy_array(job.starts, "starts"), xy_array(job.goals, "goals")
    except InvalidParameterError as exc:
        raise InvalidParameterError(f"{where}: {exc}") from None
    if starts.shape[0] != goals.shape[0]:
        raise InvalidParameterError(f"{where}: starts and goals must have as many rows, got "
                                    f"{starts.shape[0]} and {goals.shape[0]}")
    return _Checked(job.map, job.name, starts, goals)


_ROW = re.compile(r"\b(starts|goals) row (\d+)")


def _labelled(exc: BaseException, piece: Piece) -> BaseException:
    """The error of ``piece`` as the caller should see it (see :func:`gather`)."""
    if isinstance(exc, WayfindingError):
        # rows counted in the job, not in the chunk
        message = _ROW.sub(lambda m: f"{m[1]} row {int(m[2]) + piece.lo}", str(exc))
        if not message.startswith(piece.label):
            message = f"{piece.label}: {message}"
        try:
            return type(exc)(message)
        except TypeError:  # an error class with other arguments: keep it as it came
            return exc
    return WorkerFailedError(
        f"{piece.label}: the task answering queries {piece.lo} to {piece.hi - 1} failed on "
        f"a Dask worker: {type(exc).__name__}: {exc}")


def check_progress(progress: Any) -> None:
    """InvalidParameterError unless ``progress`` is a bool, None or a callable."""
    if not (callable(progress) or progress is None or isinstance(progress, bool)):
        raise InvalidParameterError(
            f"progress must be True, False or a callable, got {progress!r}")


def _progress(progress: bool | Progress, total: int) -> tuple[Progress, Callable[[], None]]:
    """``(report(n, label), close())`` for ``progress`` (see :func:`run_batches`)."""
    check_progress(progress)
    if callable(progress):
        return progress, lambda: None
    if progress is True:
        from tqdm.auto import tqdm

        bar = tqdm(total=total, unit="query", desc="wayfinding.distributed")

        def report(n: int, label: str) -> None:
            bar.set_postfix_str(label, refresh=False)
            bar.update(n)

        return report, bar.close
    return lambda n, label: None, lambda: None
