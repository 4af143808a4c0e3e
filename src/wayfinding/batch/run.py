"""Running a batch: its queries split into chunks, one workspace per worker thread.

The compiled loops of :mod:`wayfinding.grid._kernels.batch` answer a chunk of queries
in one call and come back only when a buffer must grow (frontier or path), which
:func:`answer_chunk` does before calling again from the query that did not fit. With
``workers > 1`` the chunks run on that many threads (the kernels release the GIL); each
query is a fresh search whatever ran before it in the workspace, so the answers do not
depend on ``workers``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from itertools import pairwise
from typing import Any

import numpy as np

from .._inputs import check_budget, is_number
from .._kernels.codes import BATCH_DONE, BATCH_HEAP_FULL, BATCH_PATH_FULL
from ..errors import InvalidParameterError
from ..grid import workspace as _workspace
from .locations import trace_kernels
from .result import BatchResult

__all__ = ["Budget", "answer", "check_workers", "chunks", "in_parallel"]

#: Chunks per worker: small enough that a worker with short queries takes more of them.
CHUNKS_PER_WORKER = 8



def check_workers(workers: Any) -> int:
    """``workers`` as an int >= 1, else InvalidParameterError."""
    if not is_number(workers) or not float(workers).is_integer() or workers < 1:
        raise InvalidParameterError(f"workers must be an integer >= 1, got {workers!r}")
    return int(workers)


def chunks(n: int, workers: int) -> list[tuple[int, int]]:
    """``[lo, hi)`` ranges covering ``0..n-1`` in order: one for one worker, else about
    :data:`CHUNKS_PER_WORKER` per worker."""
    if workers == 1:
        return [(0, n)] if n > 0 else []
    parts = min(n, workers * CHUNKS_PER_WORKER)
    bounds = np.linspace(0, n, max(parts, 1) + 1).astype(np.int64).tolist()
    return [(lo, hi) for lo, hi in pairwise(bounds) if hi > lo]


def in_parallel(task: Callable[[int, int], Any], ranges: list[tuple[int, int]],
                workers: int) -> list[Any]:
    """``task(lo, hi)`` for every range, on ``workers`` threads; results in range order."""
    if workers == 1 or len(ranges) <= 1:
        return [task(lo, hi) for lo, hi in ranges]
    return list(pool(workers).map(lambda r: task(*r), ranges))


_POOLS: dict[int, ThreadPoolExecutor] = {}
_POOLS_LOCK = threading.Lock()


def pool(workers: int) -> ThreadPoolExecutor:
    """A thread pool of ``workers`` threads kept for later batches, so its threads keep
    their workspaces (grown frontiers, no new per-cell arrays per call)."""
    with _POOLS_LOCK:
        found = _POOLS.get(workers)
        if found is None:
            found = _POOLS[workers] = ThreadPoolExecutor(
                max_workers=workers, thread_name_prefix=f"wayfinding-batch-{workers}")
        return found


#: call(ws, first, last, outputs, path, used, resume) -> (code, i, generation, used);
#: ``resume``: go on with query ``first`` after the frontier grew (loops that cannot
#: resume run it again).
Call = Callable[..., tuple[int, int, int, int]]


#: fallback(i) -> (cost, path cells int64[], expanded) or None (unreachable): query ``i``
#: answered outside the compiled loop (see ``BATCH_FALLBACK``).
Fallback = Callable[[int], tuple[float, np.ndarray, int] | None]


def _grown(path: np.ndarray, used: int, extra: int) -> np.ndarray:
    """``path[:used]`` in a buffer four times as large (plus ``extra``): fewer copies than
    doubling on batches of long paths (``benchmarks/NOTES.md``, "Batches"), and the pages
    never written cost no memory."""
    grown = np.empty(4 * path.shape[0] + extra, dtype=np.int64)
    grown[:used] = path[:used]
    return grown


def answer_chunk(call: Call, cells: int, lo: int, hi: int, outputs: tuple, per_query: int,
                 workspace: Callable[[], Any] | None = None,
                 fallback: Fallback | None = None,
                 budget: Budget | None = None) -> np.ndarray:
    """Queries ``lo..hi-1`` by ``call`` in this thread's workspace; their path cells.

    ``workspace``: where the thread's buffers come from when not a grid
    :class:`~wayfinding.grid.workspace.Workspace` (no generation stamps then).
    ``budget``: the batch's deadline, looked at between queries (:class:`Budget`).
    """
    if budget is not None and budget.over():
        budget.skip(outputs, lo, hi)
        return np.empty(0, dtype=np.int64)
    ws = _workspace.acquire(cells) if workspace is None else workspace()
    try:
        path = np.empty(max(256, (hi - lo) * per_query), dtype=np.int64)
        used, first, resume = 0, lo, False
        end = hi if budget is None else lo + 1  # with a budget: one query per call
        while True:
            if workspace is None and not resume:
                ws.room_for(end - first + 1)
            code, i, generation, used = call(ws, first, end, outputs, path, used, resume)
            if workspace is None:
                ws.generation = int(generation)
            if code == BATCH_DONE:
                if end == hi:
                    return path[:used]
                assert budget is not None
                if budget.over():
                    budget.skip(outputs, end, hi)
                    return path[:used]
                first, end, resume = end, end + 1, False
                continue
            first = int(i)
            resume = code == BATCH_HEAP_FULL
            if code == BATCH_HEAP_FULL:
                ws.grow_heap()
            elif code == BATCH_PATH_FULL:
                path = _grown(path, used, cells)
            else:  # BATCH_FALLBACK
                assert fallback is not None
                answered = fallback(first)
                costs, lengths, expanded, found = outputs
                costs[first], lengths[first], found[first] = np.inf, 0, answered is not None
                expanded[first] = 0
                if answered is not None:
                    cost, route, expanded[first] = answered
                    if used + route.shape[0] > path.shape[0]:
                        path = _grown(path, used, route.shape[0])
                    path[used:used + route.shape[0]] = route
                    used += route.shape[0]
                    costs[first], lengths[first] = cost, route.shape[0]
                first += 1
    finally:
        if workspace is None:
            _workspace.release(ws)


def answer(call: Call, n: int, cells: int, stride: int | None, workers: int,
           per_query: int = 64,
           workspace: Callable[[], Any] | None = None,
           fallback: Fallback | None = None,
           budget: Budget | None = None) -> BatchResult:
    """Run ``n`` queries by ``call`` (a compiled loop over a range of them) and gather a
    :class:`BatchResult`; ``cells`` sizes the workspaces, ``stride`` unpacks the padded
    flat cells into ``(x, y)`` rows (None: paths stay node numbers, shape ``(M,)``);
    ``workspace``, ``fallback`` and ``budget`` as in :func:`answer_chunk`."""
    outputs = (np.empty(n, dtype=np.float64), np.empty(n, dtype=np.int64),
               np.empty(n, dtype=np.int64), np.empty(n, dtype=np.bool_))
    if budget is not None:
        budget.skipped = np.zeros(n, dtype=np.bool_)
    if workers == 1 or n <= 1:  # no chunks, no pool: a small batch's fixed cost
        parts = [answer_chunk(call, cells, 0, n, outputs, per_query, workspace, fallback,
                              budget)]
    else:
        parts = in_parallel(lambda lo, hi: answer_chunk(call, cells, lo, hi, outputs,
                                                        per_query, workspace, fallback,
                                                        budget),
                            chunks(n, workers), workers)
    costs, lengths, expanded, found = outputs
    offsets = np.empty(n + 1, dtype=np.int64)
    if stride is None:
        paths = parts[0] if len(parts) == 1 else np.concatenate(parts)
        offsets[0] = 0
        np.cumsum(lengths, out=offsets[1:])
    else:  # each part's cells straight into its rows: no concatenated copy
        k = trace_kernels()
        paths = np.empty((sum(part.shape[0] for part in parts), 2), dtype=np.int64)
        at = 0
        for part in parts[:-1]:
            k.xy_rows(part, stride, paths[at:at + part.shape[0]])
            at += part.shape[0]
        k.rows_and_offsets(parts[-1], stride, paths[at:], lengths, offsets)
    skipped = None if budget is None else budget.skipped
    return BatchResult(costs, lengths, expanded, found, paths, offsets, skipped)


class Budget:
    """A batch's ``max_seconds``: the deadline, looked at between queries (one query is
    never cut short), and which queries it left unanswered (``skipped``)."""

    def __init__(self, max_seconds: float) -> None:
        self.zero = max_seconds == 0
        self.deadline = time.perf_counter() + max_seconds  # from the call's start
        self.skipped = np.zeros(0, dtype=np.bool_)

    @classmethod
    def of(cls, max_seconds: Any) -> Budget | None:
        """None without a budget, else a checked :class:`Budget` starting now."""
        checked = check_budget("max_seconds", max_seconds)
        return None if checked is None else cls(checked)

    def over(self) -> bool:
        return self.zero or time.perf_counter() >= self.deadline

    def skip(self, outputs: tuple, lo: int, hi: int) -> None:
        """Queries ``lo..hi-1`` left unanswered: no path, nothing expanded."""
        costs, lengths, expanded, found = outputs
        costs[lo:hi], lengths[lo:hi], expanded[lo:hi], found[lo:hi] = np.inf, 0, 0, False
        self.skipped[lo:hi] = True
