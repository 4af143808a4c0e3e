"""The subgoal hierarchy (``wf.prepare(grid, method=SUBGOAL_CH)``) of two source trees,
map by map: build time, memory, label entries, shortcuts, core, and the query time of the
map's whole scenario file in one ``wf.batch.prepared`` call and through
``prepared.search``.

Each tree runs in a child process of its own (one package name per process), the trees
taking turns round by round (the first tree of each round alternates); each figure is the
best round. Build times are wall seconds of ``wf.prepare`` (it builds in a thread of its
own); query times are thread CPU microseconds per query.

    python benchmarks/subgoal_hierarchy.py --before ../main/src --after src
    python benchmarks/subgoal_hierarchy.py --before ../main/src --after src \\
        --maps dao/arena2,random/random512-20-0 --rounds 2
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
DEFAULT_DATA = HERE.parent.parent / "shared" / "movingai"
MAPS = ("dao/arena2,dao/brc202d,dao/den520d,dao/lak303d,dao/ost003d,dao/orz100d,"
        "dao/hrt201n,mazes/maze512-4-0,random/random512-20-0,rooms/32room_000")
FIELDS = ("build s", "nbytes", "labels", "shortcuts", "core", "batch us", "search us")


def worker(data: pathlib.Path, maps: list[str]) -> dict[str, dict[str, float]]:
    """The figures of each map (run in a child whose ``wayfinding`` is the tree's)."""
    import gc
    import time

    import wayfinding as wf
    from wayfinding import io as movingai
    from wayfinding.grid.prepared import PrepareMethod

    wf.prepare(wf.Grid.from_ascii("...\n.#.\n...", diagonal=True))  # compile first
    out = {}
    for name in maps:
        grid = movingai.read_map(data / "maps" / f"{name}.map")
        scen = movingai.read_scenarios(data / "scenarios" / f"{name}.map.scen")
        starts = [q.start for q in scen]
        goals = [q.goal for q in scen]
        began = time.perf_counter()
        prepared = wf.prepare(grid, method=PrepareMethod.SUBGOAL_CH)
        built = time.perf_counter() - began
        hierarchy = prepared._hierarchy
        wf.batch.prepared(prepared, starts[:10], goals[:10])  # warm the caches
        for s, g in zip(starts[:10], goals[:10], strict=True):
            prepared.search(s, g)
        gc.disable()
        best_batch = best_search = float("inf")
        for _ in range(3):
            began = time.thread_time()
            result = wf.batch.prepared(prepared, starts, goals)
            best_batch = min(best_batch, time.thread_time() - began)
            began = time.thread_time()
            for s, g in zip(starts, goals, strict=True):
                prepared.search(s, g)
            best_search = min(best_search, time.thread_time() - began)
        gc.enable()
        wrong = sum(not movingai.matches_optimal(cost, q)  # (0 and no path: the
                    and not (cost == float("inf") and q.optimal_length == 0)  # convention
                    for cost, q in zip(result.costs.tolist(), scen, strict=True))
        if wrong:
            raise AssertionError(f"{name}: {wrong} costs differ from the scenario file's")
        out[name] = {"build s": built, "nbytes": prepared.nbytes,
                     "labels": int(hierarchy.label_hd.shape[0]),
                     "shortcuts": prepared.shortcuts, "core": prepared.core,
                     "batch us": best_batch / len(starts) * 1e6,
                     "search us": best_search / len(starts) * 1e6}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="src folder of the older tree")
    parser.add_argument("--after", default="src", help="src folder of the newer tree")
    parser.add_argument("--data", default=str(DEFAULT_DATA), help="MovingAI folder")
    parser.add_argument("--maps", default=MAPS, help="maps (folder/name), comma-separated")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per tree")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    maps = args.maps.split(",")
    if args.worker:
        print(json.dumps(worker(pathlib.Path(args.data), maps)))
        return 0
    best: dict[str, dict[str, dict[str, float]]] = {"before": {}, "after": {}}
    for round_ in range(args.rounds):
        order = ("before", "after") if round_ % 2 == 0 else ("after", "before")
        for label in order:
            tree = pathlib.Path(getattr(args, label)).resolve()
            env = dict(os.environ, PYTHONPATH=str(tree))
            out = subprocess.run(
                [sys.executable, __file__, "--worker", "--before", "-", "--data", args.data,
                 "--maps", args.maps], env=env, check=True, capture_output=True, text=True,
                cwd=str(tree.parent))
            figures = json.loads(out.stdout.strip().splitlines()[-1])
            for name, row in figures.items():
                kept = best[label].setdefault(name, {})
                for key, value in row.items():
                    kept[key] = min(kept.get(key, value), value)
    print(f"SUBGOAL_CH, best of {args.rounds} rounds; build: wall s, queries: thread CPU "
          "us per query (whole scenario file)")
    print(f"{'map':24} {'figure':10} {'before':>12} {'after':>12} {'after/before':>13}")
    ratios: dict[str, list[float]] = {key: [] for key in FIELDS}
    for name in maps:
        for key in FIELDS:
            b, a = best["before"][name][key], best["after"][name][key]
            ratio = a / b if b else float("nan")
            if b:
                ratios[key].append(ratio)
            print(f"{name:24} {key:10} {b:12.4g} {a:12.4g} {ratio:13.3f}")
    print("geometric mean of after/before:")
    for key, values in ratios.items():
        if values:
            product = 1.0
            for value in values:
                product *= value
            print(f"  {key:10} {product ** (1 / len(values)):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
