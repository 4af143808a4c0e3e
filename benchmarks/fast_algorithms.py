"""A*, jump point search and the prepared grid on the same MovingAI queries, in one run.

Prints, per map and in total, the mean and median time per query of each algorithm, the
speed ratios against A*, and for the prepared grid its build time and memory. Every
returned path is checked (valid steps, no corner cut, cost recomputed, optimal to the
scenario's printed precision) outside the timed region, as ``wayfinding bench`` does.
A last table times queries whose start and goal lie in different components.

Run by hand (not part of the test suite)::

    .venv/bin/python benchmarks/fast_algorithms.py                  # dao set, 20 per map
    .venv/bin/python benchmarks/fast_algorithms.py --maps dao/arena2 dao/orz900d --sample 0
    .venv/bin/python benchmarks/fast_algorithms.py --maps dao mazes rooms random --cpu

``--maps`` takes set names (``dao``) or maps (``dao/arena2``); ``--sample N`` takes N
scenarios per map spread over the buckets (0: all); ``--fraction F`` takes that share of
each map's scenarios instead, so that the total weighs maps as the full set does. Times
are wall-clock (``perf_counter``) unless ``--cpu`` asks for this thread's CPU time,
steadier on a shared machine. By default each query is run by every algorithm in turn
(interleaved, so load drifts hit all alike); ``--blocks`` runs each algorithm over all
of a map's queries in turn instead (warm caches, like a game answering many queries in a
row).
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

import wayfinding as wf
from wayfinding.bench.loading import load_jobs, sample_queries
from wayfinding.bench.runner import MapChecker, Status, evaluate
from wayfinding.grid.components import component_labels, connected
from wayfinding.grid.jps import jps
from wayfinding.grid.prepared import PrepareMethod, prepare
from wayfinding.io.movingai import read_map

DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "movingai"
ALGORITHMS = ("astar", "jps", "prepared")


def main(argv: list[str] | None = None) -> int:
    args = _parse(argv)
    clock = time.thread_time_ns if args.cpu else time.perf_counter_ns
    scenario_files, data = _scenario_files(args.data, args.maps)
    jobs = load_jobs(scenario_files, data, None)
    for job in jobs:
        wanted = args.sample
        if args.fraction:
            wanted = max(1, math.ceil(args.fraction * len(job.queries)))
        if wanted:
            job.queries = sample_queries(job.queries, wanted)
    names = [name for name in ALGORITHMS if name in args.algorithms]
    rows, times, builds, failures = [], {a: [] for a in names}, [], 0
    print(f"{len(jobs)} maps, {sum(len(j.queries) for j in jobs)} queries, clock "
          f"{'thread CPU time' if args.cpu else 'wall'}, "
          f"{'blocks' if args.blocks else 'interleaved'}", flush=True)
    for job in jobs:
        grid = read_map(job.path)
        begin = time.perf_counter()
        prepared = prepare(grid, PrepareMethod.SUBGOAL_CH)
        build = time.perf_counter() - begin
        builds.append((job.label, grid.width, grid.height, build, prepared.nbytes))
        every: dict[str, Callable[[Any, Any], Any]] = {
            "astar": lambda s, t, g=grid: wf.astar(g, s, t),
            "jps": lambda s, t, g=grid: jps(g, s, t),
            "prepared": prepared.search,
        }
        queries = {name: every[name] for name in names}
        map_times, bad = _run(job, grid, queries, clock, args.blocks, args.repeat)
        failures += bad
        for name in names:
            times[name].extend(map_times[name])
        rows.append((job.label, len(job.queries), map_times, build, prepared.nbytes, bad))
        _print_row(rows[-1], flush=True)
    print()
    _print_total(times, builds, failures)
    disconnected = {} if args.no_components else _disconnected_queries(jobs, clock)
    if args.json:
        Path(args.json).write_text(json.dumps(_as_json(rows, times, builds, disconnected),
                                              indent=2))
    return 1 if failures else 0


# ---------------------------------------------------------------------- running
def _run(job: Any, grid: wf.Grid, queries: dict[str, Callable[[Any, Any], Any]],
         clock: Callable[[], int], blocks: bool, repeat: int) -> tuple[dict, int]:
    checker = MapChecker(grid.passable_mask)
    for query in queries.values():  # untimed warm-up: loads compiled kernels, fills caches
        for warm in job.queries[:8]:
            query(warm.scenario.start, warm.scenario.goal)
    best: dict[str, list[float]] = {name: [math.inf] * len(job.queries) for name in queries}
    bad = 0
    gc.collect()
    gc.disable()  # as in peers.py: no collection of other objects inside a timed query
    try:
        for round_ in range(repeat):
            order = ([(name, i) for name in queries for i in range(len(job.queries))]
                     if blocks
                     else [(name, i) for i in range(len(job.queries)) for name in queries])
            for name, i in order:
                query = job.queries[i]
                t0 = clock()
                result = queries[name](query.scenario.start, query.scenario.goal)
                elapsed = clock() - t0
                best[name][i] = min(best[name][i], elapsed / 1000.0)
                if round_ == 0:  # checked at once and dropped (results hold no cycles)
                    bad += _failed(name, query, evaluate(query, checker, result, 0))
                del result
    finally:
        gc.enable()
    return best, bad


def _failed(name: str, query: Any, outcome: Any) -> int:
    if outcome.status is Status.OPTIMAL:
        return 0
    if _truncated_optimum(query, outcome):
        TRUNCATED[name] += 1
        return 0
    print(f"  {name} {query.source}:{query.line}: {outcome.problem}", file=sys.stderr)
    return 1


#: Valid paths whose cost exceeds the printed optimum by less than one unit of its last
#: digit (some scenario files cut the optimum off instead of rounding it: 464.7645 is
#: printed 464.764); counted per algorithm, not as failures.
TRUNCATED = {name: 0 for name in ALGORITHMS}


def _truncated_optimum(query: Any, outcome: Any) -> bool:
    scenario = query.scenario
    if outcome.status is not Status.NOT_OPTIMAL:
        return False
    excess = outcome.cost - scenario.optimal_length
    return 0 <= excess <= 10.0 ** -scenario.decimals + 1e-9 * max(1.0, scenario.optimal_length)


def _disconnected_queries(jobs: list[Any], clock: Callable[[], int]) -> dict[str, float]:
    """Microseconds per query across components (median over up to 200 pairs)."""
    pairs, grids = [], {}
    for job in jobs:
        grid = read_map(job.path)
        labels = component_labels(grid).labels
        if component_labels(grid).count < 2:
            continue
        rng = np.random.default_rng(len(pairs))
        ys, xs = np.nonzero(labels >= 0)
        for _ in range(20):
            i, j = rng.integers(len(xs), size=2)
            a, b = (int(xs[i]), int(ys[i])), (int(xs[j]), int(ys[j]))
            if labels[a[1], a[0]] != labels[b[1], b[0]]:
                pairs.append((job.label, a, b))
                grids[job.label] = grid
        if len(pairs) >= 200:
            break
    if not pairs:
        print("no map with several components among those run")
        return {}
    prepared = {label: prepare(grid) for label, grid in grids.items()}
    calls = {
        "connected": lambda label, a, b: connected(grids[label], a, b),
        "astar": lambda label, a, b: wf.astar(grids[label], a, b),
        "jps": lambda label, a, b: jps(grids[label], a, b),
        "prepared": lambda label, a, b: prepared[label].search(a, b),
    }
    figures = {}
    for name, call in calls.items():
        call(*pairs[0])
        samples = []
        for label, a, b in pairs:
            t0 = clock()
            result = call(label, a, b)
            samples.append((clock() - t0) / 1000.0)
            assert result is False or (result.path is None and result.expanded == 0)
        figures[name] = statistics.median(samples)
    print(f"\nqueries across components ({len(pairs)} pairs on {len(grids)} maps), median us: "
          + ", ".join(f"{k} {v:.1f}" for k, v in figures.items()))
    return figures


# ---------------------------------------------------------------------- printing
def _stats(values: list[float]) -> tuple[float, float]:
    return (statistics.fmean(values), statistics.median(values)) if values else (math.nan,) * 2


def _print_row(row: tuple, flush: bool = False) -> None:
    label, n, map_times, build, nbytes, bad = row
    a_mean = _stats(map_times["astar"])[0] if "astar" in map_times else math.nan
    parts = [f"{label:<18} q={n:<5}"]
    for name, values in map_times.items():
        mean, median = _stats(values)
        ratio = "" if name == "astar" or math.isnan(a_mean) else f" ({a_mean / mean:5.1f}x)"
        parts.append(f"{name} {mean:8.1f}/{median:8.1f}{ratio}")
    parts.append(f"build {build:5.2f}s {nbytes / 1e6:5.1f}MB")
    if bad:
        parts.append(f"FAILED {bad}")
    print(" | ".join(parts), flush=flush)


def _print_total(times: dict[str, list[float]], builds: list[tuple], failures: int) -> None:
    a_mean, a_med = _stats(times["astar"]) if "astar" in times else (math.nan, math.nan)
    print(f"total: {len(next(iter(times.values())))} queries (mean/median us per query)")
    for name, values in times.items():
        mean, median = _stats(values)
        ratios = ("" if math.isnan(a_mean) else
                  f"  ratio to astar: mean {a_mean / mean:6.1f}x  median {a_med / median:6.1f}x")
        print(f"  {name:<9} mean {mean:9.1f}  median {median:9.1f}{ratios}")
    seconds = [b[3] for b in builds]
    megabytes = [b[4] / 1e6 for b in builds]
    print(f"  prepared build: mean {statistics.fmean(seconds):.2f}s, max {max(seconds):.2f}s "
          f"({max(builds, key=lambda b: b[3])[0]}); memory mean {statistics.fmean(megabytes):.2f}"
          f" MB, max {max(megabytes):.2f} MB ({max(builds, key=lambda b: b[4])[0]})")
    near_512 = [b for b in builds if 384 <= max(b[1], b[2]) <= 640]
    if near_512:
        print(f"  maps of about 512x512 ({len(near_512)}): build max "
              f"{max(b[3] for b in near_512):.2f}s, mean "
              f"{statistics.fmean(b[3] for b in near_512):.2f}s; memory max "
              f"{max(b[4] for b in near_512) / 1e6:.2f} MB")
    print(f"  invalid or not optimal: {failures}; optimal but printed cut off (not rounded) "
          f"in the scenario file: {TRUNCATED}")


def _as_json(rows: list[tuple], times: dict, builds: list[tuple], disconnected: dict) -> dict:
    return {
        "maps": [{"map": r[0], "queries": r[1], "build_s": r[3], "nbytes": r[4],
                  "failed": r[5], **{f"{name}_mean_us": _stats(values)[0]
                                     for name, values in r[2].items()}} for r in rows],
        "total": {name: dict(zip(("mean_us", "median_us"), _stats(values), strict=True))
                  for name, values in times.items()},
        "build": [{"map": b[0], "width": b[1], "height": b[2], "seconds": b[3],
                   "nbytes": b[4]} for b in builds],
        "disconnected_median_us": disconnected,
    }


# ---------------------------------------------------------------------- arguments
def _scenario_files(data: Path, names: list[str]) -> tuple[list[Path], Path]:
    files = []
    for name in names:
        folder = data / "scenarios" / name
        if folder.is_dir():
            files.extend(sorted(folder.glob("*.scen")))
        else:
            files.append(data / "scenarios" / f"{name}.map.scen")
    missing = [f for f in files if not f.exists()]
    if missing:
        raise SystemExit(f"no scenario file {missing[0]} (is --data right?)")
    return files, data


def _parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DATA,
                        help="MovingAI folder with maps/ and scenarios/ (default ../shared)")
    parser.add_argument("--maps", nargs="+", default=["dao"],
                        help="sets (dao) or maps (dao/arena2); default dao")
    parser.add_argument("--sample", type=int, default=20,
                        help="scenarios per map, spread over buckets (0: all; default 20)")
    parser.add_argument("--fraction", type=float, default=0.0,
                        help="instead of --sample: this share of each map's scenarios, so the "
                             "total mean weighs maps as the full set does (e.g. 0.05)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="run every query this often and keep the fastest time")
    parser.add_argument("--cpu", action="store_true", help="time thread CPU, not wall clock")
    parser.add_argument("--blocks", action="store_true",
                        help="run each algorithm over a map's queries in turn")
    parser.add_argument("--algorithms", type=lambda text: text.split(","),
                        default=list(ALGORITHMS),
                        help="comma-separated subset of astar,jps,prepared (default all)")
    parser.add_argument("--no-components", action="store_true",
                        help="skip the table of queries across components")
    parser.add_argument("--json", help="also write the figures to this file")
    return parser.parse_args(argv)


if __name__ == "__main__":
    raise SystemExit(main())
