"""wayfinding's A* against the plain C++ reference A* on the same MovingAI queries.

``../shared/reference/astar_ref.cpp`` is a plain C++ A* of the same algorithm (8-way, sqrt 2
diagonals, no corner cutting, binary heap with lazy deletion, generation stamps). This
script builds it with ``g++ -O3 -march=native`` into ``benchmarks/_build/`` (gitignored,
never committed), runs it on each chosen map (it reads DATA_DIR/maps/SET/NAME.map and
DATA_DIR/scenarios/SET/NAME.map.scen and times every scenario of the file), then runs
``wayfinding.astar`` on exactly the same queries (all scenarios of the map, in file order)
in the same run, map by map, and prints both side by side.

Run (from the repository root)::

    .venv/bin/python benchmarks/cpp_reference.py                  # the whole dao set
    .venv/bin/python benchmarks/cpp_reference.py --maps arena2,brc202d --repeat 3
    .venv/bin/python benchmarks/cpp_reference.py --set mazes --json cpp.json

Columns (per map, then the total):

    queries        scenarios of the map (both programs run all of them)
    cpp_wrong      C++ answers off the optimum by more than its own 1e-3 + 1e-4 * optimum;
                   this includes every scenario marking its goal unreachable (optimum 0),
                   for which the reference reports -1
    ours_optimal%  our right answers: paths valid under the rules (checked independently)
                   and optimal, or "no path" where the scenario marks the goal unreachable
    cpp_median_us  median microseconds per query, C++ (search only: it builds no path)
    ours_median_us median microseconds per query, ours (``wayfinding.astar``: search,
                   path and result object; one untimed warm-up query per map first)
    x_median       ours / C++ medians
    cpp_mean_us, ours_mean_us, x_mean: the same for the means
In the total row means are over all queries; the C++ program prints only per-map
figures, so the total's medians (marked ``*``) are the median of the per-map medians,
for both sides alike. With ``--repeat R`` every map is run R times by both and the pass
with the lowest mean is kept, for each side.
"""

from __future__ import annotations

import argparse
import gc
import json
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as cm

import wayfinding as wf

SOURCE = cm.REPO / ".." / "shared" / "reference" / "astar_ref.cpp"
BUILD_DIR = Path(__file__).resolve().parent / "_build"
_LINE = re.compile(r"^(?P<name>\S+): (?P<q>\d+) queries, wrong=(?P<wrong>\d+), "
                   r"median (?P<median>[\d.]+) us, mean (?P<mean>[\d.]+) us\s*$")


@dataclass
class MapResult:
    label: str
    queries: int
    cpp_wrong: int
    cpp_median_us: float
    cpp_mean_us: float
    ours_optimal: int
    ours_median_us: float
    ours_mean_us: float

    def as_dict(self) -> dict[str, Any]:
        return {**self.__dict__, "ratio_median": self.ours_median_us / self.cpp_median_us,
                "ratio_mean": self.ours_mean_us / self.cpp_mean_us}


def build(source: Path, compiler: str = "g++") -> Path:
    """Compile the reference (again only when the source is newer than the binary)."""
    BUILD_DIR.mkdir(exist_ok=True)
    binary = BUILD_DIR / "astar_ref"
    if binary.exists() and binary.stat().st_mtime >= source.stat().st_mtime:
        return binary
    cmd = [compiler, "-O3", "-march=native", "-o", str(binary), str(source)]
    print(" ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, check=True)
    return binary


def run_cpp(binary: Path, data_dir: Path, set_name: str, name: str) -> dict[str, Any]:
    """One run of the reference on one map: its printed counts and times."""
    out = subprocess.run([str(binary), str(data_dir), f"{set_name}/{name}"], check=True,
                         capture_output=True, text=True).stdout
    match = _LINE.match(out.strip().splitlines()[-1])
    if match is None:
        raise SystemExit(f"cannot parse the reference's output: {out!r}")
    return {"queries": int(match["q"]), "wrong": int(match["wrong"]),
            "median_us": float(match["median"]), "mean_us": float(match["mean"])}


def run_ours(case: cm.MapCase) -> tuple[np.ndarray, list[Any]]:
    """Time ``wayfinding.astar`` on every query of ``case``; returns times and paths."""
    times = np.zeros(len(case), dtype=np.int64)
    paths: list[Any] = [None] * len(case)
    grid = case.grid
    wf.astar(grid, case.starts[0], case.goals[0])  # warm-up: compile / load the kernels
    gc.collect()
    gc.disable()
    try:
        for i, (start, goal) in enumerate(zip(case.starts, case.goals, strict=True)):
            t = time.perf_counter_ns()
            paths[i] = wf.astar(grid, start, goal).path
            times[i] = time.perf_counter_ns() - t
    finally:
        gc.enable()
    return times, paths


def measure(binary: Path, data_dir: Path, set_name: str, name: str, repeat: int) -> MapResult:
    case = cm.load_case(data_dir, set_name, name)
    cpp = min((run_cpp(binary, data_dir, set_name, name) for _ in range(repeat)),
              key=lambda r: r["mean_us"])
    if cpp["queries"] != len(case):
        raise SystemExit(f"{case.label}: the reference ran {cpp['queries']} queries, "
                         f"the scenario file holds {len(case)}")
    times, paths = min((run_ours(case) for _ in range(repeat)), key=lambda r: r[0].mean())
    optimal = sum(cm.judge_path(case, i, p) is cm.Status.OPTIMAL for i, p in enumerate(paths))
    median, mean = cm.median_mean_us(times)
    return MapResult(case.label, len(case), cpp["wrong"], cpp["median_us"], cpp["mean_us"],
                     optimal, median, mean)


def total(results: Sequence[MapResult]) -> MapResult:
    q = sum(r.queries for r in results)
    return MapResult(
        "total", q, sum(r.cpp_wrong for r in results),
        statistics.median(r.cpp_median_us for r in results),
        sum(r.cpp_mean_us * r.queries for r in results) / q,
        sum(r.ours_optimal for r in results),
        statistics.median(r.ours_median_us for r in results),
        sum(r.ours_mean_us * r.queries for r in results) / q,
    )


HEADERS = ("map", "queries", "cpp_wrong", "ours_optimal%", "cpp_median_us", "ours_median_us",
           "x_median", "cpp_mean_us", "ours_mean_us", "x_mean")
RIGHT = (False, *[True] * 9)


def row(r: MapResult, star: str = "") -> list[str]:
    return [r.label, str(r.queries), str(r.cpp_wrong), cm.fmt(100.0 * r.ours_optimal / r.queries),
            cm.fmt(r.cpp_median_us) + star, cm.fmt(r.ours_median_us) + star,
            cm.fmt(r.ours_median_us / r.cpp_median_us, 2), cm.fmt(r.cpp_mean_us),
            cm.fmt(r.ours_mean_us), cm.fmt(r.ours_mean_us / r.cpp_mean_us, 2)]


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--maps-dir", type=Path, default=cm.DEFAULT_DATA,
                   help="MovingAI data: MAPS_DIR/maps/SET/*.map, MAPS_DIR/scenarios/SET/")
    p.add_argument("--set", default=None, help="map set; alone: all its maps (default: dao)")
    p.add_argument("--maps", help="comma-separated NAME or SET/NAME")
    p.add_argument("--source", type=Path, default=SOURCE, help="the reference's C++ source")
    p.add_argument("--repeat", type=int, default=1,
                   help="run every map N times on both sides, keep each side's fastest pass")
    p.add_argument("--json", type=Path, help="write the figures to this file")
    args = p.parse_args(argv)

    binary = build(args.source)
    set_name = args.set or (None if args.maps else "dao")
    specs = cm.resolve_maps(args.maps_dir, set_name, args.maps)
    results = []
    for k, (s, n) in enumerate(specs, 1):
        t = time.perf_counter()
        results.append(measure(binary, args.maps_dir, s, n, args.repeat))
        r = results[-1]
        print(f"  [{k}/{len(specs)}] {r.label:<24} {r.queries:>6} queries  x_mean "
              f"{r.ours_mean_us / r.cpp_mean_us:5.2f}  {time.perf_counter() - t:6.1f} s",
              file=sys.stderr, flush=True)
    tot = total(results)
    print(f"wayfinding {wf.__version__} astar vs C++ reference ({binary.name}, g++ -O3 "
          f"-march=native); {len(specs)} maps, {tot.queries} queries, --repeat {args.repeat}")
    print(cm.table(HEADERS, [*map(row, results), row(tot, "*")], RIGHT))
    print("* total medians: median of the per-map medians (the reference prints per map only)")
    if args.json:
        args.json.write_text(json.dumps({
            "repeat": args.repeat, "maps": [r.as_dict() for r in results],
            "total": tot.as_dict()}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
