"""The MovingAI 3-D voxel benchmark (Warframe maps): every scenario, every path checked.

For each map of ``--maps`` (default ``../shared/warframe``) with a non-empty ``.3dmap`` and
its ``.3dmap.3dscen``, every query (or ``--limit`` of them, evenly spaced) is run with each
algorithm (``astar`` and ``dijkstra`` by default); each path is checked independently
(:func:`wayfinding.bench.voxels.check_voxel_path`: 26-neighbour steps, every voxel of a
step's box open, cost recomputed) and compared with the file's optimum to its printed
precision. Prints a table per map: queries, optimal, invalid, median and mean time per
query, mean expansions, and the process's resident memory.

``--probe`` then measures one query's memory in a fresh process per map: the resident
memory once the map is loaded and searched once (its flat arrays and component labels
built) and the process's peak resident memory by then (``getrusage`` maxrss: loading and
labelling included), then for the map's longest query alone the peak resident memory
(Linux: the peak is reset through ``/proc/self/clear_refs`` before it) and the peak of the
memory Python and numpy allocate during it (``tracemalloc``; numba's own allocations
inside kernels are not traced, the resident peak sees them).

    python benchmarks/warframe.py                      # the full run (slow: Dijkstra)
    python benchmarks/warframe.py --limit 200 --probe  # a sample and the memory figures
    python benchmarks/warframe.py --only A2.3dmap --dijkstra-limit 200

Cite: D. Brewer and N. R. Sturtevant, Benchmarks for Pathfinding in 3D Voxel Space, SoCS
2018.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import wayfinding as wf
from wayfinding.bench.voxels import check_voxel_path
from wayfinding.io.scenario import matches_optimal
from wayfinding.io.voxelmap import read_3dmap, read_3dscen

HERE = Path(__file__).resolve().parent
DEFAULT_MAPS = HERE.parent / ".." / "shared" / "warframe"


def resident_mb(field: str = "VmRSS") -> float:
    """The process's resident (``VmRSS``) or peak resident (``VmHWM``) memory in MB."""
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024.0
    return float("nan")


def maps_in(folder: Path) -> list[Path]:
    """The ``.3dmap`` files of ``folder`` that are not empty and have scenarios."""
    found = []
    for path in sorted(folder.glob("*.3dmap")):
        scen = path.with_name(path.name + ".3dscen")
        if path.stat().st_size and scen.is_file():
            found.append(path)
        else:
            print(f"skipped {path.name}: "
                  + ("empty map file" if not path.stat().st_size else "no .3dscen"))
    return found


def spaced(items: list, n: int | None) -> list:
    """``n`` items evenly spaced over ``items`` (all of them when ``n`` is None)."""
    if n is None or n >= len(items):
        return list(items)
    return [items[int((i + 0.5) * len(items) / n)] for i in range(n)]


def run_map(path: Path, algorithms: list[str], limit: int | None,
            dijkstra_limit: int | None = None) -> dict:
    t0 = time.perf_counter()
    grid = read_3dmap(path)
    load = time.perf_counter() - t0
    _, queries = read_3dscen(path.with_name(path.name + ".3dscen"))
    queries = spaced(queries, limit)
    dijkstra_runs = {id(q) for q in spaced(queries, dijkstra_limit)}
    mask = grid.passable_mask
    searches = {"astar": lambda s, g: wf.astar(grid, s, g),
                "dijkstra": lambda s, g: wf.dijkstra(grid, s, g)}
    first = queries[0]
    for name in algorithms:  # compile and build the grid's data, untimed
        searches[name](first.start, first.goal)
    rows = {name: {"times": [], "expanded": [], "optimal": 0, "invalid": 0, "problems": []}
            for name in algorithms}
    for q in queries:
        for name in algorithms:
            if name == "dijkstra" and id(q) not in dijkstra_runs:
                continue
            t = time.perf_counter()
            result = searches[name](q.start, q.goal)
            elapsed = time.perf_counter() - t
            row = rows[name]
            row["times"].append(elapsed)
            row["expanded"].append(result.expanded)
            check = check_voxel_path(mask, q.start, q.goal, result.path)
            if not check.valid or abs(check.cost - result.cost) > 1e-9 * max(1.0, check.cost):
                row["invalid"] += 1
                row["problems"].append(f"{q.start} -> {q.goal}: {check.problem}")
            elif matches_optimal(check.cost, q):
                row["optimal"] += 1
            else:
                row["problems"].append(f"{q.start} -> {q.goal}: cost {check.cost:.8f}, "
                                       f"optimum {q.optimal_length}")
    return {"map": path.name, "voxels": grid.width * grid.height * grid.depth,
            "shape": (grid.width, grid.height, grid.depth),
            "load_s": load, "rss_mb": resident_mb(), "rows": rows}


def probe(path: Path) -> dict:
    """One query's memory, in this (fresh) process: see the module doc."""
    grid = read_3dmap(path)
    _, queries = read_3dscen(path.with_name(path.name + ".3dscen"))
    longest = max(queries, key=lambda q: q.optimal_length)
    wf.astar(grid, queries[0].start, queries[0].goal)  # flat arrays, labels, compilation
    loaded = resident_mb()
    first_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    out = {}
    reset = True
    for name, search in (("astar", wf.astar), ("dijkstra", wf.dijkstra)):
        try:
            with open("/proc/self/clear_refs", "w", encoding="ascii") as f:
                f.write("5")  # reset the peak resident memory (VmHWM)
        except OSError:
            reset = False
        tracemalloc.start()
        t = time.perf_counter()
        result = search(grid, longest.start, longest.goal)
        seconds = time.perf_counter() - t
        traced = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        out[name] = {"seconds": seconds, "expanded": result.expanded,
                     "cost": result.cost, "peak_mb": resident_mb("VmHWM"),
                     "traced_mb": traced}
    return {"map": path.name, "optimal": longest.optimal_length, "loaded_mb": loaded,
            "first_peak_mb": first_peak, "peak_reset": reset, **out}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", default=str(DEFAULT_MAPS))
    parser.add_argument("--algorithms", default="astar,dijkstra")
    parser.add_argument("--limit", type=int, default=None,
                        help="queries per map, evenly spaced (default: all)")
    parser.add_argument("--dijkstra-limit", type=int, default=None,
                        help="of those, how many Dijkstra runs (default: all): Dijkstra "
                             "floods up to the goal's cost, minutes a query on 10^8 voxels")
    parser.add_argument("--only", help="run this map only (a file name)")
    parser.add_argument("--probe", action="store_true")
    parser.add_argument("--probe-one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.probe_one:
        print(json.dumps(probe(Path(args.probe_one))))
        return
    algorithms = args.algorithms.split(",")
    print(f"load: {os.getloadavg()[0]:.2f}")
    header = (f"{'map':<12} {'voxels':>10} {'algorithm':<9} {'queries':>7} {'optimal':>7} "
              f"{'invalid':>7} {'median ms':>9} {'mean ms':>9} {'expanded':>10} {'RSS MB':>7}")
    print(header)
    failures = 0
    paths = [p for p in maps_in(Path(args.maps)) if args.only in (None, p.name)]
    for path in paths:
        run = run_map(path, algorithms, args.limit, args.dijkstra_limit)
        for name, row in run["rows"].items():
            times = [t * 1000 for t in row["times"]]
            print(f"{run['map']:<12} {run['voxels']:>10} {name:<9} {len(times):>7} "
                  f"{row['optimal']:>7} {row['invalid']:>7} {statistics.median(times):>9.2f} "
                  f"{statistics.fmean(times):>9.2f} "
                  f"{statistics.fmean(row['expanded']):>10.0f} {run['rss_mb']:>7.0f}")
            failures += len(times) - row["optimal"]
            for problem in row["problems"][:5]:
                print("   ", problem)
        sys.stdout.flush()
    if args.probe:
        print(f"\none query's memory (fresh process per map; load {os.getloadavg()[0]:.2f})")
        for path in paths:
            out = subprocess.run([sys.executable, __file__, "--probe-one", str(path)],
                                 capture_output=True, text=True, check=True)
            p = json.loads(out.stdout)
            for name in ("astar", "dijkstra"):
                r = p[name]
                print(f"{p['map']:<12} longest query (optimum {p['optimal']:.1f}) {name:<9} "
                      f"{r['seconds']:7.2f} s, {r['expanded']:>9} expanded; resident "
                      f"{p['loaded_mb']:.0f} MB with the map (process peak "
                      f"{p['first_peak_mb']:.0f} MB by then), query peak {r['peak_mb']:.0f} "
                      f"MB resident, {r['traced_mb']:.0f} MB traced"
                      + ("" if p["peak_reset"] else " (peak not reset: includes loading)"))
    print(f"\n{failures} queries not optimal or invalid")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
