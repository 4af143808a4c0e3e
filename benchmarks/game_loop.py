#!/usr/bin/env python3
"""Game-loop benchmarks on MovingAI dao maps: flow fields and D* Lite re-planning.

    python benchmarks/game_loop.py                      # both parts, default maps
    python benchmarks/game_loop.py --part flow --maps arena2,brc202d --repeats 5
    python benchmarks/game_loop.py --part dstar --cases 30

1. Group movement (issue 5, item 4): 1,000 units head for one goal. Flow field: one
   reverse flood of the goal (``wf.flow_field``) then ``path_from`` for every unit;
   against 1,000 separate ``wf.astar`` calls. Units are random cells of the goal's
   connected component (fixed seed); every unit's flow-field cost is checked against its
   A* cost. Times are medians of ``--repeats`` runs, A* and flow field interleaved; the
   ratio is A* time / flow-field time (target: at least 20).
2. Changing maps (item 5): a unit plans with ``DStarLite`` from a scenario's start, walks a
   quarter of its path, then discovers a change: one cell blocked 5 steps ahead, a 3x3
   block 10 steps ahead, or one cell blocked halfway to the goal. The planner's
   re-planning expansions (``last_expanded``) are compared with a fresh ``wf.astar`` from
   the unit's cell on the changed map (its ``expanded``); costs are checked equal.
   Reported: medians over the cases and the ratio of totals (target: at least 5x fewer).

Maps: ``--data`` (default ``../shared/movingai`` beside the repository), set ``dao``.
Timings on a shared machine are noisy: compare ratios, not absolute times.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

import numpy as np

import wayfinding as wf
from wayfinding import DStarLite, flow_field
from wayfinding.io.movingai import read_map, read_scenarios

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DATA = REPO / ".." / "shared" / "movingai"
DEFAULT_MAPS = "arena2,brc202d,den520d,hrt201n,lak303d,orz100d,ost003d,den602d"


def largest_component_cells(grid: wf.Grid) -> list[tuple[int, int]]:
    labels = grid.components()
    biggest = int(np.bincount(labels[labels >= 0]).argmax())
    ys, xs = np.nonzero(labels == biggest)
    return list(zip(xs.tolist(), ys.tolist(), strict=True))


def timed(fn):
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


# ---------------------------------------------------------------------------- flow
def bench_flow(name: str, grid: wf.Grid, units: int, repeats: int, seed: int) -> dict:
    rng = random.Random(seed)
    cells = largest_component_cells(grid)
    goal = rng.choice(cells)
    starts = [rng.choice(cells) for _ in range(units)]

    def by_astar():
        return [wf.astar(grid, s, goal) for s in starts]

    def by_flow():
        flow = flow_field(grid, goal)
        return flow, [flow.path_from(s) for s in starts]

    def cold_flow():
        fresh = grid.copy()  # no cached flat arrays or cell tuples yet
        start = time.perf_counter()
        flow = flow_field(fresh, goal)
        for s in starts:
            flow.path_from(s)
        return time.perf_counter() - start

    by_astar()  # compile and warm both
    by_flow()
    astar_times, flow_times, build_times, cold_times = [], [], [], []
    for _ in range(repeats):
        t, results = timed(by_astar)
        astar_times.append(t)
        t, (flow, paths) = timed(by_flow)
        flow_times.append(t)
        build_times.append(timed(lambda: flow_field(grid, goal))[0])
        cold_times.append(cold_flow())
    mismatches = sum(
        1 for s, r, p in zip(starts, results, paths, strict=True)
        if p is None or not math.isclose(flow.cost_from(s), r.cost, rel_tol=1e-9)
    )
    a, f = statistics.median(astar_times), statistics.median(flow_times)
    return {"map": name, "size": f"{grid.width}x{grid.height}", "open": len(cells),
            "astar_s": a, "build_ms": 1e3 * statistics.median(build_times),
            "flow_s": f, "ratio": a / f, "bad": mismatches,
            "cold_s": statistics.median(cold_times),
            "steps": statistics.mean(len(p) for p in paths)}


# ---------------------------------------------------------------------------- dstar
CHANGES = ("1 cell, 5 ahead", "3x3, 10 ahead", "1 cell, halfway")


def changed_cells(kind: str, path: list, i: int, grid: wf.Grid) -> list:
    if kind == CHANGES[0]:
        return [path[i + 5]]
    if kind == CHANGES[1]:
        cx, cy = path[i + 10]
        return [(x, y) for x in range(cx - 1, cx + 2) for y in range(cy - 1, cy + 2)
                if grid.in_bounds((x, y))]
    return [path[i + (len(path) - i) // 2]]


def bench_dstar(name: str, grid: wf.Grid, scenarios: list, cases: int, seed: int) -> list:
    rng = random.Random(seed)
    long = [s for s in scenarios if s.optimal_length >= 60] or scenarios
    picked = rng.sample(long, min(cases, len(long)))
    rows = {kind: [] for kind in CHANGES}
    for scenario in picked:
        for kind in CHANGES:
            local = grid.copy()
            planner = DStarLite(local, scenario.start, scenario.goal)
            first = planner.last_expanded
            first_astar = wf.astar(local, scenario.start, scenario.goal).expanded
            path = planner.path
            i = len(path) // 4
            if i + 12 >= len(path) - 1:
                continue
            planner.advance(path[i])
            cells = [c for c in changed_cells(kind, path, i, local)
                     if c not in (path[i], scenario.goal)]
            local.set_walls(cells)
            t_update, _ = timed(lambda cells=cells, planner=planner: planner.update(cells))
            t_astar, fresh = timed(lambda local=local, planner=planner, s=scenario:
                                   wf.astar(local, planner.start, s.goal))
            ok = (fresh.path is None and planner.path is None) or math.isclose(
                planner.cost, fresh.cost, rel_tol=1e-9)
            rows[kind].append({"dstar": planner.last_expanded, "astar": fresh.expanded,
                               "t_dstar": t_update, "t_astar": t_astar, "ok": ok,
                               "first": first, "first_astar": first_astar})
    out = []
    for kind, rs in rows.items():
        if not rs:
            continue
        d = [r["dstar"] for r in rs]
        a = [r["astar"] for r in rs]
        ratios = [x / y if y else math.inf for x, y in zip(a, d, strict=True)]
        out.append({"map": name, "change": kind, "cases": len(rs),
                    "dstar": statistics.median(d), "astar": statistics.median(a),
                    "median_ratio": statistics.median(ratios),
                    "total_ratio": sum(a) / max(1, sum(d)),
                    "t_dstar_ms": 1e3 * statistics.median(r["t_dstar"] for r in rs),
                    "t_astar_ms": 1e3 * statistics.median(r["t_astar"] for r in rs),
                    "first": statistics.median(r["first"] for r in rs),
                    "first_astar": statistics.median(r["first_astar"] for r in rs),
                    "bad": sum(not r["ok"] for r in rs)})
    return out


# ---------------------------------------------------------------------------- main
def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--maps", default=DEFAULT_MAPS, help="comma-separated dao map names")
    parser.add_argument("--part", choices=["flow", "dstar", "all"], default="all")
    parser.add_argument("--units", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--cases", type=int, default=20, help="scenarios per map (D* Lite)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    maps_dir = args.data / "maps" / "dao"
    if not maps_dir.is_dir():
        print(f"no MovingAI dao maps under {args.data} (use --data)", file=sys.stderr)
        return 2
    names = [n.strip() for n in args.maps.split(",") if n.strip()]
    grids = {n: read_map(maps_dir / f"{n}.map") for n in names}

    if args.part in ("flow", "all"):
        print(f"\n## Flow field vs {args.units} A* calls (one goal; median of "
              f"{args.repeats}; ratio = A* time / flow-field time)\n")
        print("| map | size | open cells | mean path | A* (s) | flood (ms) | flow field + "
              "path_from (s) | ratio | cold grid: flow (s), ratio | cost mismatches |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        ratios = []
        for n in names:
            r = bench_flow(n, grids[n], args.units, args.repeats, args.seed)
            ratios.append(r["ratio"])
            print(f"| {r['map']} | {r['size']} | {r['open']} | {r['steps']:.0f} | "
                  f"{r['astar_s']:.3f} | {r['build_ms']:.1f} | {r['flow_s']:.3f} | "
                  f"{r['ratio']:.1f}x | {r['cold_s']:.3f}, {r['astar_s'] / r['cold_s']:.1f}x | "
                  f"{r['bad']} |", flush=True)
        print(f"\nmedian ratio {statistics.median(ratios):.1f}x, "
              f"min {min(ratios):.1f}x, max {max(ratios):.1f}x")

    if args.part in ("dstar", "all"):
        print(f"\n## D* Lite re-planning vs a fresh A* (expansions; up to {args.cases} "
              "long scenarios per map; unit a quarter of the way along)\n")
        print("| map | change | cases | D* Lite exp. (median) | fresh A* exp. (median) | "
              "median ratio | ratio of totals | D* Lite update (ms) | A* (ms) | "
              "first plan: D* Lite / A* exp. | cost mismatches |")
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        summary: dict[str, list] = {kind: [] for kind in CHANGES}
        for n in names:
            scen = args.data / "scenarios" / "dao" / f"{n}.map.scen"
            for r in bench_dstar(n, grids[n], read_scenarios(scen), args.cases, args.seed):
                summary[r["change"]].append(r)
                print(f"| {r['map']} | {r['change']} | {r['cases']} | {r['dstar']:.0f} | "
                      f"{r['astar']:.0f} | {r['median_ratio']:.1f}x | "
                      f"{r['total_ratio']:.1f}x | {r['t_dstar_ms']:.2f} | "
                      f"{r['t_astar_ms']:.2f} | {r['first']:.0f} / {r['first_astar']:.0f} | "
                      f"{r['bad']} |", flush=True)
        print()
        for kind, rs in summary.items():
            if rs:
                print(f"{kind}: median over maps of the median ratio "
                      f"{statistics.median(r['median_ratio'] for r in rs):.1f}x "
                      f"(min {min(r['median_ratio'] for r in rs):.1f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
