"""The fixed cost of one ``wf.astar`` / ``wf.dijkstra`` call on a CSR graph, for two source
trees side by side in one run (each in its own process, taking turns round by round).

Queries between neighbouring nodes (almost no search: the Python path of a call) and
between random nodes, on a random geometric graph; the table gives each tree's mean
thread CPU time per query (best round) and the ratio after / before.

    python benchmarks/csr_overhead.py --before /tmp/base/src --after src
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def worker(nodes: int, queries: int) -> dict[str, float]:
    """Mean microseconds per call of each (method, kind) (run in a child)."""
    import time

    import numpy as np

    import wayfinding as wf

    sys.path.insert(0, str(HERE))
    from graphs import geometric_graph

    graph = geometric_graph(nodes)
    rng = np.random.default_rng(3)
    starts = rng.integers(0, nodes, queries).tolist()
    near = [(s, int(graph.indices[graph.indptr[s]])) for s in starts]
    far = [(int(a), int(b)) for a, b in rng.integers(0, nodes, (queries, 2))]
    out = {}
    for method in ("astar", "dijkstra"):
        f = getattr(wf, method)
        for kind, pairs in (("neighbour", near), ("random", far)):
            f(graph, *pairs[0])
            t0 = time.thread_time()
            for s, t in pairs:
                f(graph, s, t)
            out[f"{method} {kind}"] = (time.thread_time() - t0) / len(pairs) * 1e6
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--before", required=True, help="the older tree's src folder")
    p.add_argument("--after", default=str(HERE.parent / "src"))
    p.add_argument("--nodes", type=int, default=10_000)
    p.add_argument("--queries", type=int, default=2000)
    p.add_argument("--rounds", type=int, default=4)
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.worker:
        print(json.dumps(worker(args.nodes, args.queries)))
        return
    best: dict[str, dict[str, float]] = {"before": {}, "after": {}}
    for _ in range(args.rounds):
        for side in ("before", "after"):
            env = dict(os.environ, PYTHONPATH=str(Path(getattr(args, side)).resolve()))
            result = subprocess.run(
                [sys.executable, __file__, "--worker", "--before", "-", "--nodes",
                 str(args.nodes), "--queries", str(args.queries)],
                env=env, check=True, capture_output=True, text=True)
            for key, value in json.loads(result.stdout.splitlines()[-1]).items():
                best[side][key] = min(value, best[side].get(key, float("inf")))
    print(f"{'query':<22}{'before_us':>11}{'after_us':>10}{'after/before':>14}")
    for key, before in best["before"].items():
        after = best["after"][key]
        print(f"{key:<22}{before:>11.1f}{after:>10.1f}{after / before:>14.2f}")


if __name__ == "__main__":
    main()
