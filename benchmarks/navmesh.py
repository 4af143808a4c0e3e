"""Navigation-mesh search against the anchors: Polyanya (``poly_run``) and Anya.

Run by hand from the repository root (the anchors are built into /tmp on first use)::

    PYTHONPATH=src .venv/bin/python benchmarks/navmesh.py [--maps N] [--anya 3] [--quick]

(``WAYFINDING_SHARED=/path/to/shared`` when ``shared`` is not beside the repository.)

For every mesh, the same queries go to the anchor's ``poly_run`` (C++, each query best of
3, search time with point location) and to ours, in one run, the anchor before and after
ours (its better mean kept):

- the anchor's ``arena``, ``arena-merged``, ``aurora`` and ``aurora-merged`` meshes with
  their scenario files (every query);
- the rectangle meshes of MovingAI maps made by the anchor's ``gridmap2rects``, every 10th
  scenario, start and goal as grid corners.

Columns: ``poly us`` the anchor's mean per query; ``call us`` ours through
``wf.astar(mesh, s, g)`` (best of 3 per query, like the anchor); ``batch us`` one
``wf.batch.astar`` call over all queries divided by their number (best of 3 calls, in
the calling thread's CPU time: on a busy machine a whole batch is preempted where the
anchor's best of 3 per query is not);
ratios ours / anchor; ``worst diff`` the largest |our cost - the anchor's| (its lengths
are printed with 17 digits); ``bad`` queries differing by more than 1e-9 (relative to
max(1, cost)), or found by one side only. On the maps also: ``any_angle`` (our own mesh
of the grid, ``wf.any_angle``) against the anchor's costs, our mesh's build time and
memory, and with ``--anya K`` Anya's ``realcost`` on K of the maps. ``--quality`` adds how
much longer Theta* and A* + ``smooth_path`` paths are than the optimum (cell centres).
The machine's load (``uptime``) is printed with each table.
"""

from __future__ import annotations

import argparse
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import wayfinding as wf
from wayfinding.io.movingai import read_map
from wayfinding.navmesh.fileio import read_mesh

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("WAYFINDING_SHARED", REPO / ".." / "shared"))
ANCHORS = SHARED / "anchors"
MOVINGAI = SHARED / "movingai"
BUILD = Path(os.environ.get("POLYANYA_BUILD", "/tmp/polyanya-anchor"))
MAPS = ("dao/arena2", "dao/brc000d", "dao/brc202d", "dao/den011d", "dao/den200d",
        "dao/combat", "dao/lak303d", "dao/orz301d", "dao/ost003d", "dao/hrt201n",
        "mazes/maze512-16-0", "rooms/8room_000", "random/random512-20-0")


def load() -> str:
    return os.getloadavg().__repr__()


def poly_run(mesh: Path, scen: Path) -> tuple[float, list[float]]:
    """The anchor's mean us per query and every cost (-1: no path)."""
    out = subprocess.run([str(BUILD / "poly_run"), str(mesh), str(scen), "--costs"],
                         capture_output=True, text=True, check=True).stdout.split("\n")
    costs = [float(line.split()[4]) for line in out if line and not line.startswith("q")]
    mean = float(next(line for line in out if line.startswith("queries")).split()[3])
    return mean, costs


def queries(scen: Path) -> tuple[np.ndarray, np.ndarray]:
    rows = [line.split() for line in scen.read_text().splitlines()[1:] if line.strip()]
    s = np.array([[float(r[4]), float(r[5])] for r in rows])
    g = np.array([[float(r[6]), float(r[7])] for r in rows])
    return s, g


def every_tenth(scen: Path, out: Path) -> Path:
    lines = scen.read_text().splitlines()
    out.write_text("\n".join([lines[0], *lines[1:][::10]]) + "\n")
    return out


def per_call(mesh: wf.NavMesh, s: np.ndarray, g: np.ndarray) -> tuple[float, np.ndarray]:
    costs = np.empty(len(s))
    total = 0.0
    pts_s, pts_g = [tuple(p) for p in s.tolist()], [tuple(p) for p in g.tolist()]
    for i in range(len(s)):
        best = math.inf
        for _ in range(3):
            t0 = time.perf_counter_ns()
            r = wf.astar(mesh, pts_s[i], pts_g[i])
            best = min(best, time.perf_counter_ns() - t0)
        total += best
        costs[i] = r.cost if r.path is not None else -1.0
    return total / len(s) / 1000.0, costs


def batched(mesh: wf.NavMesh, s: np.ndarray, g: np.ndarray) -> tuple[float, np.ndarray]:
    best = math.inf
    for _ in range(3):  # CPU time of this thread: a batch is one block, which a busy
        t0 = time.thread_time_ns()  # machine preempts (the anchor keeps each query's best)
        r = wf.batch.astar(mesh, s, g)
        best = min(best, time.thread_time_ns() - t0)
    return best / len(s) / 1000.0, np.where(r.found, r.costs, -1.0)


def compare(ours: np.ndarray, theirs: list[float]) -> tuple[float, int]:
    theirs_a = np.array(theirs)
    both = (ours >= 0) & (theirs_a >= 0)
    diff = np.abs(ours - theirs_a)[both]
    bad = int(((ours >= 0) != (theirs_a >= 0)).sum())
    bad += int((diff > 1e-9 * np.maximum(1.0, theirs_a[both])).sum())
    return (float(diff.max()) if diff.size else 0.0), bad


def row(name: str, n: int, poly: float, call: float, batch: float, worst: float,
        bad: int) -> str:
    return (f"{name:24s} {n:6d} {poly:10.2f} {call:10.2f} {batch:10.2f} "
            f"{call / poly:7.2f} {batch / poly:7.2f} {worst:10.2e} {bad:4d}")


def measure(name: str, mesh: wf.NavMesh, path: Path, scen: Path, s: np.ndarray,
            g: np.ndarray, ratios_call: list, ratios_batch: list) -> tuple[str, list[float]]:
    """The anchor, ours per call and batched, the anchor again: the table's row (ratios
    appended) and the anchor's costs."""
    poly1, theirs = poly_run(path, scen)
    call, ours_call = per_call(mesh, s, g)
    batch, ours_batch = batched(mesh, s, g)
    poly2, _ = poly_run(path, scen)
    poly = min(poly1, poly2)
    worst, bad = compare(ours_call, theirs)
    worst_b, bad_b = compare(ours_batch, theirs)
    ratios_call.append(call / poly)
    ratios_batch.append(batch / poly)
    return row(name, len(s), poly, call, batch, max(worst, worst_b), bad + bad_b), theirs


def anya(scen: Path) -> list[float]:
    out = subprocess.run([str(ANCHORS / "anya" / "run.sh"), str(scen)], cwd=MOVINGAI,
                         capture_output=True, text=True, check=True).stdout
    costs = []
    for line in out.splitlines():
        parts = line.split(";")
        if len(parts) > 10 and parts[0].strip().isdigit():
            costs.append(float(parts[10]))
    return costs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--maps", type=int, default=len(MAPS), help="how many maps")
    parser.add_argument("--anya", type=int, default=3, help="maps checked against Anya")
    parser.add_argument("--quick", action="store_true", help="skip aurora (slow)")
    parser.add_argument("--quality", action="store_true", help="Theta*/smoothing excess")
    args = parser.parse_args()
    if not (BUILD / "poly_run").exists():
        subprocess.run([str(ANCHORS / "polyanya" / "build.sh")], check=True)
    tmp = Path(tempfile.mkdtemp(prefix="navmesh-bench-"))
    header = (f"{'mesh':24s} {'queries':>6s} {'poly us':>10s} {'call us':>10s} "
              f"{'batch us':>10s} {'call x':>7s} {'batch x':>7s} {'worst diff':>10s} "
              f"{'bad':>4s}")
    print(f"load {load()}")
    print(header)
    ratios_call, ratios_batch = [], []
    meshes = [("arena", "arena"), ("arena-merged", "arena")]
    if not args.quick:
        meshes += [("aurora", "aurora"), ("aurora-merged", "aurora")]
    for name, scen_name in meshes:
        path = ANCHORS / "polyanya" / "meshes" / f"{name}.mesh"
        scen = ANCHORS / "polyanya" / "scenarios" / f"{scen_name}.scen"
        mesh = read_mesh(path)
        s, g = queries(scen)
        wf.astar(mesh, tuple(s[0]), tuple(g[0]))  # compiled before timing
        line, theirs = measure(name, mesh, path, scen, s, g, ratios_call, ratios_batch)
        print(line, flush=True)
    grid_rows = []
    for key in MAPS[:args.maps]:
        set_name, name = key.split("/")
        map_path = MOVINGAI / "maps" / set_name / f"{name}.map"
        scen = every_tenth(MOVINGAI / "scenarios" / set_name / f"{name}.map.scen",
                           tmp / f"{name}.scen")
        mesh_path = tmp / f"{name}.mesh"
        with open(map_path) as fin, open(mesh_path, "w") as fout:
            subprocess.run([str(BUILD / "gridmap2rects")], stdin=fin, stdout=fout, check=True)
        mesh = read_mesh(mesh_path)
        s, g = queries(scen)
        line, theirs = measure(f"{name} (rects)", mesh, mesh_path, scen, s, g, ratios_call,
                               ratios_batch)
        print(line, flush=True)
        grid_rows.append((key, map_path, scen, s, g, theirs, mesh))
    geo = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs))  # noqa: E731
    print(f"geometric mean ours/anchor: per call {geo(ratios_call):.2f}x, batch "
          f"{geo(ratios_batch):.2f}x   load {load()}")

    print(f"\nany_angle on our own grid meshes (same queries as corners)   load {load()}")
    print(f"{'map':24s} {'size':>9s} {'rects':>6s} {'ours':>6s} {'build s':>8s} "
          f"{'MB':>6s} {'call us':>8s} {'worst diff':>10s} {'bad':>4s}")
    for key, map_path, _scen, s, g, theirs, anchor_mesh in grid_rows:
        grid = read_map(map_path)
        t0 = time.perf_counter()
        ours_mesh = wf.navmesh.from_grid(grid)
        build = time.perf_counter() - t0
        cells = [tuple(map(int, p)) for p in s.tolist()], [tuple(map(int, p)) for p in
                                                         g.tolist()]
        wf.any_angle(grid, cells[0][0], cells[1][0])
        costs = np.empty(len(s))
        t0 = time.perf_counter_ns()
        for i in range(len(s)):
            r = wf.any_angle(grid, cells[0][i], cells[1][i])
            costs[i] = r.cost if r.path is not None else -1.0
        call = (time.perf_counter_ns() - t0) / len(s) / 1000.0
        worst, bad = compare(costs, theirs)
        print(f"{key:24s} {grid.width:4d}x{grid.height:<4d} {anchor_mesh.polygon_count:6d} "
              f"{ours_mesh.polygon_count:6d} {build:8.3f} {ours_mesh.nbytes / 2**20:6.2f} "
              f"{call:8.1f} {worst:10.2e} {bad:4d}", flush=True)

    if args.anya:
        print(f"\nAnya (realcost) against Polyanya and ours   load {load()}")
        for key, _map_path, scen, s, g, theirs, mesh in grid_rows[:args.anya]:
            costs = anya(scen)
            ours = batched(mesh, s, g)[1]
            w1, b1 = compare(np.array(costs), theirs)
            w2, b2 = compare(ours, costs)
            print(f"{key:24s} {len(costs):5d} queries  anya-vs-polyanya worst {w1:.2e} bad "
                  f"{b1}   ours-vs-anya worst {w2:.2e} bad {b2}", flush=True)

    if args.quality:
        quality(grid_rows)


def quality(grid_rows: list) -> None:
    """How much longer Theta* and A* + smooth_path are than the shortest path."""
    print(f"\nexcess length over the optimum (cell centres, 8-way grids)   load {load()}")
    print(f"{'map':24s} {'theta* mean %':>14s} {'max %':>7s} {'smooth mean %':>14s} "
          f"{'max %':>7s}")
    for key, map_path, _scen, s, g, _theirs, _mesh in grid_rows:
        grid = read_map(map_path)
        theta, smooth = [], []
        for a, b in zip(s.astype(int).tolist(), g.astype(int).tolist(), strict=True):
            a, b = tuple(a), tuple(b)
            best = wf.any_angle(grid, a, b, centres=True)
            if best.path is None or best.cost == 0:
                continue
            t = wf.theta_star(grid, a, b)
            path = wf.astar(grid, a, b).path
            sm = wf.euclidean_length(wf.smooth_path(grid, path))
            theta.append(t.cost / best.cost - 1)
            smooth.append(sm / best.cost - 1)
        print(f"{key:24s} {100 * np.mean(theta):14.3f} {100 * np.max(theta):7.2f} "
              f"{100 * np.mean(smooth):14.3f} {100 * np.max(smooth):7.2f}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
