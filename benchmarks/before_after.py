"""A*, jps and prepared-grid query times of two source trees, side by side in one run.

For refactors that must not slow anything down: the same MovingAI queries are timed with
each tree's ``wayfinding`` (each in its own process, the trees taking turns round by
round), and the table gives each tree's mean time per query (thread CPU time, the best
round) and the ratio after / before. Two more rows time builds: ``wf.prepare`` of each
map (mean ms per map: subgoal graph and contraction hierarchy) and of a random directed
CSR graph of 3,000 nodes and 9,000 arcs (ms: its directed contraction); builds run in a
thread of their own, so these two rows are process CPU time (the CSR row is ``nan`` for a
tree older than the CSR tier).

    python benchmarks/before_after.py --before ../old/src --after src
    python benchmarks/before_after.py --before ../old/src --after src \
        --maps arena2,brc202d,ost100d,orz700d --queries 150 --rounds 4

``--before`` is typically a worktree of the older commit
(``git worktree add ../old <commit>``).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import pathlib
import random
import subprocess
import sys
from typing import Any

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
DEFAULT_DATA = HERE.parent.parent / "shared" / "movingai"
METHODS = ("astar", "jps", "prepared")
BUILDS = ("prepare grid ms", "prepare csr ms")


def worker(data: pathlib.Path, maps: list[str], n: int) -> dict[str, float]:
    """Mean microseconds per query of each method, over all maps (run in a child)."""
    import gc
    import time

    import wayfinding as wf
    from wayfinding import io as movingai

    totals = {m: 0.0 for m in METHODS}
    count = 0
    wf.prepare(wf.Grid.from_ascii("...\n.#.\n...", diagonal=True))  # compile first
    built = 0.0
    for name in maps:
        grid = movingai.read_map(data / "maps" / "dao" / f"{name}.map")
        scen = movingai.read_scenarios(data / "scenarios" / "dao" / f"{name}.map.scen")
        queries = [(q.start, q.goal) for q in scen]
        random.Random(1).shuffle(queries)
        queries = queries[:n]
        began = time.process_time()  # prepare builds in a thread of its own
        prepared = wf.prepare(grid)
        built += time.process_time() - began
        calls = {"astar": lambda s, g, grid=grid: wf.astar(grid, s, g),
                 "jps": lambda s, g, grid=grid: wf.jps(grid, s, g),
                 "prepared": prepared.search}
        for method in METHODS:
            call = calls[method]
            for s, g in queries[:5]:  # compile and warm the caches
                call(s, g)
            gc.disable()
            began = time.thread_time()
            for s, g in queries:
                call(s, g)
            totals[method] += time.thread_time() - began
            gc.enable()
        count += len(queries)
    times = {m: totals[m] / count * 1e6 for m in METHODS}
    times[BUILDS[0]] = built / len(maps) * 1e3
    times[BUILDS[1]] = csr_build_ms(wf) if hasattr(wf, "CSRGraph") else math.nan
    return times


def csr_build_ms(wf: Any) -> float:
    """Process CPU milliseconds of ``wf.prepare`` of a random directed CSR graph."""
    import time

    rng = np.random.default_rng(4)
    n = 3000
    csr = wf.CSRGraph.from_edges(rng.integers(0, n, 3 * n), rng.integers(0, n, 3 * n),
                                 rng.random(3 * n) + 0.1, nodes=np.arange(n))
    wf.prepare(wf.CSRGraph.from_edges([0, 1], [1, 2], [1.0, 1.0]))  # compile first
    began = time.process_time()
    wf.prepare(csr)
    return (time.process_time() - began) * 1e3


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="src folder of the older tree")
    parser.add_argument("--after", default="src", help="src folder of the newer tree")
    parser.add_argument("--data", default=str(DEFAULT_DATA), help="MovingAI folder")
    parser.add_argument("--maps", default="arena2,brc202d,ost100d,orz700d",
                        help="dao map names, comma-separated")
    parser.add_argument("--queries", type=int, default=150, help="queries per map")
    parser.add_argument("--rounds", type=int, default=4, help="rounds per tree")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    maps = args.maps.split(",")
    if args.worker:
        print(json.dumps(worker(pathlib.Path(args.data), maps, args.queries)))
        return 0
    best: dict[str, dict[str, float]] = {"before": {}, "after": {}}
    for _ in range(args.rounds):
        for label in ("before", "after"):
            tree = pathlib.Path(getattr(args, label)).resolve()
            env = dict(os.environ, PYTHONPATH=str(tree))
            out = subprocess.run(
                [sys.executable, __file__, "--worker", "--before", "-", "--data", args.data,
                 "--maps", args.maps, "--queries", str(args.queries)],
                env=env, check=True, capture_output=True, text=True, cwd=str(tree.parent))
            times = json.loads(out.stdout.strip().splitlines()[-1])
            for method, us in times.items():
                best[label][method] = min(best[label].get(method, us), us)
    print(f"{len(maps)} maps x {args.queries} queries, best of {args.rounds} rounds, "
          "thread CPU time, mean us per query")
    print(f"{'method':16} {'before':>10} {'after':>10} {'after/before':>13}")
    for method in (*METHODS, *BUILDS):
        b, a = best["before"][method], best["after"][method]
        print(f"{method:16} {b:10.1f} {a:10.1f} {a / b:13.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
