"""Landmarks (ALT) on grids: A* with the octile heuristic, A* with 16 landmarks, and jps.

On dao maps with their scenario queries, prints per map the mean cells expanded and the
mean CPU time per query of each method, with the ratios against octile A*, and the
landmarks' build time and memory. Every method's cost is checked against the scenario's
printed optimum (a mismatch is counted in the ``wrong`` column and makes the exit status
1). Queries run interleaved (each query by every method in turn, the order rotating per
round), so drifts of a shared machine's load hit all alike; the time of a query is its
best over the rounds (``time.thread_time_ns``).

    python benchmarks/landmarks.py                                    # 4 dao maps, 200 each
    python benchmarks/landmarks.py --maps arena2,orz700d --queries 0 --rounds 3 --count 16

``--queries 0`` takes every scenario; otherwise a seeded random sample of the longest
half (short queries measure call overhead, not the heuristic). ``expanded`` for jps
counts the jump points it expanded, not cells.
"""

from __future__ import annotations

import argparse
import gc
import pathlib
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import wayfinding as wf
from wayfinding.io import movingai

DATA = pathlib.Path(__file__).resolve().parents[1] / ".." / "shared" / "movingai"
METHODS = ("octile A*", "ALT A*", "jps")


def _queries(data: pathlib.Path, name: str, n: int) -> list[Any]:
    scen = movingai.read_scenarios(data / "scenarios" / "dao" / f"{name}.map.scen")
    if n == 0:
        return list(scen)
    longest = sorted(scen, key=lambda q: q.optimal_length)[len(scen) // 2:]
    return random.Random(1).sample(longest, min(n, len(longest)))


def run_map(data: pathlib.Path, name: str, n: int, count: int, rounds: int) -> dict[str, Any]:
    grid = movingai.read_map(data / "maps" / "dao" / f"{name}.map")
    queries = _queries(data, name, n)
    began = time.perf_counter()
    lm = wf.landmarks(grid, count=count)
    build = time.perf_counter() - began
    calls: dict[str, Callable[[Any, Any], Any]] = {
        "octile A*": lambda s, g: wf.astar(grid, s, g),
        "ALT A*": lambda s, g: wf.astar(grid, s, g, heuristic=lm),
        "jps": lambda s, g: wf.jps(grid, s, g),
    }
    for call in calls.values():  # compile and warm up
        call(queries[0].start, queries[0].goal)
    best = {m: [float("inf")] * len(queries) for m in METHODS}
    expanded = dict.fromkeys(METHODS, 0)
    wrong = dict.fromkeys(METHODS, 0)
    for r in range(rounds):
        order = METHODS[r % 3:] + METHODS[:r % 3]
        gc.disable()
        for i, q in enumerate(queries):
            for method in order:
                t0 = time.thread_time_ns()
                result = calls[method](q.start, q.goal)
                spent = time.thread_time_ns() - t0
                best[method][i] = min(best[method][i], spent)
                if r == 0:
                    expanded[method] += result.expanded
                    wrong[method] += not movingai.matches_optimal(result.cost, q)
        gc.enable()
    return {"map": name, "size": f"{grid.width}x{grid.height}", "queries": len(queries),
            "build": build, "mb": lm.nbytes / 2**20, "count": lm.count,
            "expanded": {m: expanded[m] / len(queries) for m in METHODS},
            "us": {m: sum(best[m]) / len(queries) / 1e3 for m in METHODS}, "wrong": wrong}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=str(DATA), help="MovingAI folder")
    parser.add_argument("--maps", default="arena2,brc202d,ost100d,orz700d",
                        help="dao map names, comma-separated")
    parser.add_argument("--queries", type=int, default=200, help="queries per map (0: all)")
    parser.add_argument("--count", type=int, default=16, help="landmarks")
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds")
    args = parser.parse_args(argv)
    rows = [run_map(pathlib.Path(args.data), name, args.queries, args.count, args.rounds)
            for name in args.maps.split(",")]
    print(f"{'map':10} {'size':>9} {'n':>4} | {'expanded: octile':>16} {'ALT':>8} {'jps':>7} "
          f"{'oct/ALT':>7} | {'us: octile':>10} {'ALT':>8} {'jps':>8} {'oct/ALT':>7} "
          f"{'oct/jps':>7} | {'build s':>7} {'MB':>6} {'wrong':>5}")
    failed = 0
    for row in rows:
        e, t = row["expanded"], row["us"]
        bad = sum(row["wrong"].values())
        failed += bad
        print(f"{row['map']:10} {row['size']:>9} {row['queries']:>4} | "
              f"{e['octile A*']:16.0f} {e['ALT A*']:8.0f} {e['jps']:7.0f} "
              f"{e['octile A*'] / e['ALT A*']:7.2f} | {t['octile A*']:10.0f} "
              f"{t['ALT A*']:8.0f} {t['jps']:8.0f} {t['octile A*'] / t['ALT A*']:7.2f} "
              f"{t['octile A*'] / t['jps']:7.2f} | {row['build']:7.2f} {row['mb']:6.1f} "
              f"{bad:5d}")
    print("ratios oct/X > 1: X expands fewer cells / is faster than octile A*; "
          "times are CPU time per query, best of the rounds")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
