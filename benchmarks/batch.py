#!/usr/bin/env python3
"""Batch queries (issue 12, item 1): one ``wayfinding.batch`` call against a Python loop.

    PYTHONPATH=src python benchmarks/batch.py
    PYTHONPATH=src python benchmarks/batch.py --repeats 5 --long 400
    PYTHONPATH=src python benchmarks/batch.py --parts workers   # row 3 only

Three rows, measured in one run and printed side by side:

1. ``scenarios``: 10,000 A* queries (``--queries``) from the scenarios of a 512x512
   MovingAI map (``--map``, default ``random/random512-10-0``; its 1,671 scenarios of
   every length, repeated in order): one ``batch.astar`` call against a loop of
   ``wf.astar`` (target: at least 3x). Both run the same kernel per query, so where the
   searches themselves take most of the time (these average ~0.5 ms) the batch can only
   save the per-call overhead.
   ``short``: 10,000 random queries on the same map, start and goal connected and at
   most 16 cells apart in x and y (the grid-world / many-units case).
2. ``64x64``: 5,000 short A* queries (``--small``) on a random 64x64 grid (25% walls,
   fixed seed, 8-way, MovingAI rules; start and goal at most 8 cells apart in x and y,
   in one component): batch against the loop (target: at least 10x).
3. ``workers``: the ``--long`` longest scenarios of ``mazes/maze512-1-0`` by
   ``batch.astar`` with ``workers=2`` against ``workers=1`` (target: at least 1.7x on
   2 otherwise idle cores).

Every row checks the answers equal (costs, path lengths and paths). Times are the best
of ``--repeats`` runs (after one run that compiles the kernels), so load from other
processes inflates them less; the load average is printed with the table: on a busy
machine the workers row understates the speed-up.
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

import wayfinding as wf
from wayfinding import batch
from wayfinding.grid.components import components
from wayfinding.io.movingai import read_map, read_scenarios

DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "movingai"


def scenario_queries(data: Path, name: str, n: int | None,
                     longest: bool = False) -> tuple[wf.Grid, np.ndarray, np.ndarray]:
    set_name, map_name = name.split("/")
    grid = read_map(data / "maps" / set_name / f"{map_name}.map")
    scens = read_scenarios(data / "scenarios" / set_name / f"{map_name}.map.scen")
    if longest:
        scens = sorted(scens, key=lambda s: s.optimal_length)[-n:]
    elif n is not None:
        scens = [scens[i % len(scens)] for i in range(n)]
    return (grid, np.array([s.start for s in scens]), np.array([s.goal for s in scens]))


def small_queries(n: int, seed: int = 7) -> tuple[wf.Grid, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    passable = rng.random((64, 64)) >= 0.25
    grid = wf.Grid(passable, diagonal=True, corner_cutting=wf.CornerCutting.NEVER)
    return (grid, *short_queries(grid, n, 8, seed))


def short_queries(grid: wf.Grid, n: int, reach: int,
                  seed: int = 7) -> tuple[np.ndarray, np.ndarray]:
    """``n`` random pairs of connected cells at most ``reach`` apart in x and in y."""
    rng = np.random.default_rng(seed)
    passable, labels = grid.passable_mask, components(grid)
    h, w = passable.shape
    ys, xs = np.nonzero(passable)
    starts, goals = [], []
    while len(starts) < n:
        i = rng.integers(len(xs))
        x, y = xs[i] + rng.integers(-reach, reach + 1), ys[i] + rng.integers(-reach, reach + 1)
        if 0 <= x < w and 0 <= y < h and passable[y, x] and labels[y, x] == labels[ys[i], xs[i]]:
            starts.append((xs[i], ys[i]))
            goals.append((x, y))
    return np.array(starts), np.array(goals)


def spin_control() -> float:
    """Speed-up of 2 threads over 1 on a compiled loop that touches no memory: what the
    machine can give the workers row at this moment."""
    from numba import njit

    @njit(nogil=True)
    def spin(n: int) -> float:  # pragma: no cover - numba
        s = 0.0
        for i in range(n):
            s += (i % 7) * 0.5
        return s

    spin(10)
    n = 100_000_000
    t0 = time.perf_counter()
    spin(n)
    spin(n)
    t1 = time.perf_counter()
    with ThreadPoolExecutor(2) as pool:
        list(pool.map(spin, [n, n]))
    return (t1 - t0) / (time.perf_counter() - t1)


def best_of(repeats: int, call):
    best, out = float("inf"), None
    for _ in range(repeats):
        t0 = time.perf_counter()
        out = call()
        best = min(best, time.perf_counter() - t0)
    return best, out


def loop(grid: wf.Grid, starts: np.ndarray, goals: np.ndarray) -> list[wf.SearchResult]:
    pairs = list(zip(map(tuple, starts.tolist()), map(tuple, goals.tolist()), strict=True))
    return [wf.astar(grid, s, g) for s, g in pairs]


def check_equal(result: batch.BatchResult, singles: list[wf.SearchResult]) -> int:
    """Number of queries whose batch answer differs from the single call's (cost, path)."""
    wrong = 0
    for i, single in enumerate(singles):
        if single.path is None:
            wrong += bool(result.found[i])
        elif result.costs[i] != single.cost or [tuple(p) for p in
                                                 result.path(i).tolist()] != single.path:
            wrong += 1
    return wrong


def same(a: batch.BatchResult, b: batch.BatchResult) -> int:
    """Queries answered differently by two batch results."""
    differ = (a.costs != b.costs) | (a.lengths != b.lengths)
    return int(differ.sum()) + int(not np.array_equal(a.paths, b.paths))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--map", default="random/random512-10-0")
    parser.add_argument("--queries", type=int, default=10_000)
    parser.add_argument("--small", type=int, default=5_000)
    parser.add_argument("--long-map", default="mazes/maze512-1-0")
    parser.add_argument("--long", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--parts", default="loop,workers",
                        help="loop (rows 1-2), workers (row 3) or both, comma-separated")
    args = parser.parse_args()
    parts = args.parts.split(",")

    rows = []
    cases = []
    if "loop" in parts:
        big = scenario_queries(args.data, args.map, args.queries)
        cases = [(f"{args.map}: scenarios", big),
                 (f"{args.map}: short", (big[0], *short_queries(big[0], args.queries, 16))),
                 ("64x64 random: short", small_queries(args.small))]
    for label, (grid, starts, goals) in cases:
        batch.astar(grid, starts[:10], goals[:10])  # compile
        wf.astar(grid, tuple(starts[0]), tuple(goals[0]))
        t_loop, singles = best_of(args.repeats, lambda g=grid, s=starts, t=goals: loop(g, s, t))
        t_batch, result = best_of(args.repeats,
                                  lambda g=grid, s=starts, t=goals: batch.astar(g, s, t))
        rows.append((label, len(starts), "wf.astar loop", t_loop, "batch.astar", t_batch,
                     check_equal(result, singles)))

    if "workers" in parts:
        grid, starts, goals = scenario_queries(args.data, args.long_map, args.long,
                                               longest=True)
        batch.astar(grid, starts[:4], goals[:4], workers=2)
        t_one, one = best_of(args.repeats, lambda: batch.astar(grid, starts, goals, workers=1))
        t_two, two = best_of(args.repeats, lambda: batch.astar(grid, starts, goals, workers=2))
        rows.append((f"long ({args.long_map})", len(starts), "workers=1", t_one, "workers=2",
                     t_two, same(one, two)))

    control = spin_control()
    print(f"control: a compiled nogil loop on 2 threads runs {control:.2f}x as fast as on 1 "
          "(2.0 on 2 idle cores; near 1.0 when other processes hold the cores)")
    print(f"load average before the table: {os.getloadavg()[0]:.2f} "
          f"({os.cpu_count()} cores); best of {args.repeats}")
    print(f"{'case':<36} {'queries':>7}  {'baseline':<14} {'s':>8}  {'ours':<12} "
          f"{'s':>8}  {'us/query':>9}  {'speed-up':>8}  {'differ':>6}")
    for label, n, base, t_base, ours, t_ours, wrong in rows:
        print(f"{label:<36} {n:>7}  {base:<14} {t_base:>8.3f}  {ours:<12} {t_ours:>8.3f}  "
              f"{1e6 * t_ours / n:>9.1f}  {t_base / t_ours:>7.2f}x  {wrong:>6}")


if __name__ == "__main__":
    main()
