"""``PrepareMethod.AUTO``: which of a grid's prepared methods (subgoal hierarchy, jump
point search, first-move table) answers its queries fastest, measured on a fixed sample
of them.

Examples
--------
>>> from wayfinding import Grid
>>> pairs = sample_queries(Grid.from_ascii('...#..'), 20)
>>> len(pairs), all((s[0] < 3) == (g[0] < 3) and s != g for s, g in pairs)
(20, True)
>>> pairs == sample_queries(Grid.from_ascii('...#..'), 20)
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from ..._kernels.codes import BATCH_FALLBACK, BATCH_HEAP_FULL, BATCH_PATH_FULL
from .. import workspace
from ..grid import Grid
from ..jps import JPS_PLAN
from ..stoppable import Stopped

__all__ = ["AUTO_MARGIN", "AUTO_QUERIES", "AUTO_SECONDS", "fastest", "sample_queries", "timings"]

Location = tuple[int, int]

#: ``PrepareMethod.AUTO`` times at most this many sample queries by each method (in
#: blocks of 32) ...
AUTO_QUERIES = 256
#: ... or stops after this many seconds of timing.
AUTO_SECONDS = 1.0
#: Another method replaces jps only when its sample runs this much faster (a fraction).
AUTO_MARGIN = 0.05


def timings(candidates: list[Any], stop: np.ndarray) -> dict[str, float]:
    """Thread CPU seconds of each of ``candidates``' (prepared grids of one grid, each
    by another method) queries on the sample of :func:`sample_queries`: ``{method value:
    seconds, ..., "queries": n}``.

    Each method runs its compiled batch loop (the kernels of ``wayfinding.batch``, so the
    figure is the searches' own, without per-call costs that would swamp
    sub-microsecond queries on small maps), blocks of 32 pairs taken in turns so that
    all see the same machine; each block three times, the first pass untimed: the other
    methods' passes in between had pushed this one's data out of the caches, which
    cost the hierarchy (the most data) most; the faster of the two timed passes counts,
    so a passing burst of another process's memory traffic does not decide (what went
    wrong without either: ``benchmarks/NOTES.md``, "Prepared grids").
    Raises Stopped once ``stop[0]`` is set.
    """
    grid: Grid = candidates[0]._snapshot  # the version all of them were built from
    stride = grid.flat.stride
    pairs = sample_queries(grid, AUTO_QUERIES)
    n = len(pairs)
    s = np.array([(sy + 1) * stride + sx + 1 for (sx, sy), _ in pairs], dtype=np.int64)
    t = np.array([(gy + 1) * stride + gx + 1 for _, (gx, gy) in pairs], dtype=np.int64)
    out = (np.empty(n), np.empty(n, np.int64), np.empty(n, np.int64), np.empty(n, np.bool_))
    ws = workspace.acquire(grid.flat.passable.shape[0])
    runs = [(c.method.value, _runner(c, s, t, out, ws)) for c in candidates]
    seconds = dict.fromkeys((name for name, _ in runs), 0.0)
    path = np.empty(1 << 16, dtype=np.int64)
    timed = 0
    try:
        if n:  # compiled kernels loaded before the clock starts
            for _, run in runs:
                run(0, 1, path)
        begin = time.perf_counter()
        for lo in range(0, n, 32):
            if stop[0]:
                raise Stopped
            hi = min(lo + 32, n)
            for name, run in runs:
                block = math.inf
                for timed_pass in (False, True, True):  # the first pass warms the data
                    first = lo
                    t0 = time.thread_time()
                    while first < hi:  # the paths are not kept: each call starts anew
                        code, i = run(first, hi, path)
                        if code == BATCH_PATH_FULL and i == first:
                            path = np.empty(2 * path.shape[0], dtype=np.int64)
                        first = int(i)
                    if timed_pass:
                        block = min(block, time.thread_time() - t0)
                seconds[name] += block
            timed = hi
            if time.perf_counter() - begin > AUTO_SECONDS:
                break
    finally:
        workspace.release(ws)
    return {**seconds, "queries": timed}


def fastest(candidates: list[Any], stop: np.ndarray) -> Any:
    """The one of ``candidates`` (prepared grids of one grid, the first ``JPS``) whose
    queries :func:`timings` measures fastest, with ``auto_timing`` set; the first (jps,
    which keeps no tables) unless another is more than :data:`AUTO_MARGIN` faster, and
    when the grid has no pair of cells to time. The margin: a sample warms the other
    methods' tables more than a scenario file does (lgt600d: JPS+ 2.87 against jps 2.86
    us a sample query, 4.8 against 4.1 on the file)."""
    if len(candidates) == 1:
        return candidates[0]
    seconds = timings(candidates, stop)
    chosen = candidates[0]
    if seconds["queries"]:
        best = min(candidates, key=lambda c: seconds[c.method.value])
        if seconds[best.method.value] < (1.0 - AUTO_MARGIN) * seconds[chosen.method.value]:
            chosen = best
    chosen.auto_timing = seconds
    return chosen


Run = Callable[[int, int, np.ndarray], tuple[int, int]]


def _runner(prepared: Any, s: np.ndarray, t: np.ndarray, out: tuple, ws: Any) -> Run:
    """``run(first, last, path) -> (code, next query)``: ``prepared``'s compiled batch
    loop over the sample pairs ``first..last-1`` (``ws``: a grid workspace for jps)."""
    method = prepared.method.value
    if method in ("jps", "jps_plus"):
        from .._kernels.batch import batch_jps, batch_jps_plus

        plan = prepared._snapshot.derived(JPS_PLAN)
        skip = np.zeros(s.shape[0], dtype=np.bool_)
        if method == "jps":
            grid_args: tuple = (plan.passable, plan.bits, plan.stride, plan.straight,
                                plan.diagonal, plan.eight_way)
            loop = batch_jps
        else:
            grid_args = (plan.passable, plan.bits, *prepared._jump, plan.stride,
                         plan.straight, plan.diagonal)
            loop = batch_jps_plus

        def run_jps(first: int, last: int, path: np.ndarray) -> tuple[int, int]:
            ws.room_for(last - first + 1)  # the loop numbers its searches from generation
            code, i, generation, _ = loop(
                *grid_args, plan.scale, s, t, skip, first, last, ws.stamp, ws.g, ws.parent,
                ws.touched, ws.heap_f, ws.heap_g, ws.heap_n, ws.generation, *out, path, 0)
            ws.generation = int(generation)
            if code == BATCH_HEAP_FULL:
                ws.grow_heap()
            return code, i

        return run_jps
    if method == "table":
        from ._kernels.table import batch_table

        arrays = prepared._table.arrays()

        def run_table(first: int, last: int, path: np.ndarray) -> tuple[int, int]:
            code, i, _, _ = batch_table(*arrays, prepared._components, 1.0, s, t, first, last,
                                        *out, path, 0)
            return code, i

        return run_table
    from ._kernels.batch import batch_query

    work = prepared._workspace()

    def run_ch(first: int, last: int, path: np.ndarray) -> tuple[int, int]:
        code, i, _, _ = batch_query(*prepared._static, prepared._components, 1.0, s, t,
                                    first, last, *work.arrays, *out, path, 0)
        if code == BATCH_HEAP_FULL:
            work.grow_heap()
        return code, i + (code == BATCH_FALLBACK)

    return run_ch


def sample_queries(grid: Grid, n: int, seed: int = 0, bands: int = 16,
                   floods: int = 6) -> list[tuple[Location, Location]]:
    """Up to ``n`` pairs of distinct open cells of one component, the same for the same
    grid and ``seed``, whose path costs spread evenly from the shortest to the longest,
    as the lengths of a MovingAI scenario file do (it holds as many queries per length
    bucket): the grid is flooded from ``floods`` random open cells, the costs they reach
    are split into ``bands`` of equal width up to the largest, and the pairs are taken
    from the bands in turn (a random flood's start and a random cell of that band).

    Costs, not straight-line distances: bands of octile distance held shorter paths than
    a scenario file on maps of winding corridors and large rooms, so the sample favoured
    JPS+ there, and the scenario file then ran slower than with the method kept now
    (``benchmarks/NOTES.md``, "Prepared grids").

    >>> from wayfinding import Grid
    >>> len(sample_queries(Grid.from_ascii('.#.'), 5))  # no two cells share a component
    0
    """
    from ...fields.flood import flood  # the fields' compiled flood

    ys, xs = np.nonzero(grid.passable_mask)
    if xs.shape[0] < 2:
        return []
    rng = np.random.default_rng(seed)
    starts: list[Location] = []
    costs: list[np.ndarray] = []
    for _ in range(floods):
        i = int(rng.integers(xs.shape[0]))
        start = (int(xs[i]), int(ys[i]))
        cost = flood(grid, start).as_array().ravel()
        if np.isfinite(cost).sum() > 1:
            starts.append(start)
            costs.append(cost)
    if not starts:
        return []
    top = max(float(cost[np.isfinite(cost)].max()) for cost in costs)
    width = top / bands
    # per band, every flood's cells of that band: (flood, its flat cells)
    members: list[list[tuple[int, np.ndarray]]] = [[] for _ in range(bands)]
    for k, cost in enumerate(costs):
        reached = np.flatnonzero(np.isfinite(cost) & (cost > 0))
        band = np.minimum((cost[reached] / width).astype(np.int64), bands - 1)
        order = np.argsort(band, kind="stable")
        bounds = np.searchsorted(band[order], np.arange(bands + 1))
        for b in range(bands):
            if bounds[b + 1] > bounds[b]:
                members[b].append((k, reached[order[bounds[b]:bounds[b + 1]]]))
    pairs: list[tuple[Location, Location]] = []
    while len(pairs) < n:
        for band_members in members:
            if band_members and len(pairs) < n:
                k, cells = band_members[int(rng.integers(len(band_members)))]
                cell = int(cells[int(rng.integers(cells.shape[0]))])
                pairs.append((starts[k], (cell % grid.width, cell // grid.width)))
    return pairs
