"""Our jump point search and prepared grids next to the GPPC 2023 planners, one run.

The GPPC 2023 classic-track entries kept in ``../shared/anchors/gppc`` (Warthog JPS2,
Warthog JPS+, 2019-SGCH-JPD, 2013-subgoal-fast) are built with its ``build.sh`` (into
``$GPPC_BUILD``, default ``/tmp/gppc-anchors``; skipped when built already) and timed
with its ``run.sh ENTRY MAP SCEN`` on each map's full scenario file (their own per-query
``GetPath()`` clock, preprocessing cached per entry and map). No code of theirs is part of
this project; they are yardsticks.

Ours, on the same queries, in three ways:

* ``kernel``: the compiled search alone, each query timed inside a numba loop with the
  CPU's cycle counter (calibrated against ``perf_counter``): the cost the GPPC entries'
  clocks see (search and the cell path), and the base of the per-call overhead;
* ``batch``: one ``wf.batch.jps`` / ``wf.batch.prepared`` call over the whole file
  (its thread CPU time divided by the queries: a mean only);
* ``call``: ``wf.jps(grid, s, g)`` / ``prepared.search(s, g)`` once per query, each timed
  with ``perf_counter_ns`` (the public API, Python result included).

``auto`` rows: ``prepare(grid, PrepareMethod.AUTO)`` times the methods that serve the map
on a sample of its own and keeps one (``auto=jps``, ``auto=jps_plus``,
``auto=subgoal_ch`` or, on maps of at most 4,096 open cells, ``auto=table``); its rows
repeat the kernel and batch figures of the method it kept (a table or JPS+ is measured
for these rows), with its own build time and memory.

Every answer of ours (batch and call) is checked: the batch paths step by step (adjacent
open cells, no corner cut, ends right) and their recomputed cost, and every cost, against
the scenario's printed optimum at the file's precision (``wrong`` counts misses); theirs
by ``run.sh`` (its ``wrong``: path length off the optimum by more than 0.01).

The ratio column compares the mean of ``batch`` with the entry it answers to: jps with
Warthog JPS2 (online), prepared with the fastest preprocessed entry on that map. The
summary gives geometric means and the worst map. On a shared machine every figure moves;
compare ratios of one run.

Run by hand::

    .venv/bin/python benchmarks/gppc.py                        # dao + mazes, random, rooms
    .venv/bin/python benchmarks/gppc.py --maps dao/arena2 rooms --limit 200
    .venv/bin/python benchmarks/gppc.py --maps dao --entries Warthog-JPS2 --no-prepared
    .venv/bin/python benchmarks/gppc.py --maps dao/arena2 --overhead  # per-call cost

``--their-timeout S`` leaves an entry out of a map's comparison (named under the table)
when it takes longer than S seconds there, preprocessing included (2019-SGCH-JPD
preprocesses a 512x512 random map for many minutes).

``--maps`` takes set names (``dao``) or maps (``dao/arena2``); ``--limit N`` keeps the
first N queries of each scenario file (theirs get the same truncated file); ``--repeat
R`` runs every file R times, ours and theirs, and keeps each query's best time (on a
loaded machine the figures to compare: a preempted query is not counted).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

import wayfinding as wf
from wayfinding.grid.jps import scan_bitmaps
from wayfinding.grid.prepared import prepare
from wayfinding.io.movingai import matches_optimal, read_map, read_scenarios

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / ".." / "shared" / "movingai"
ANCHORS = HERE.parent / ".." / "shared" / "anchors" / "gppc"
ENTRIES = ("Warthog-JPS2", "Warthog-JPSplus", "2019-SGCH-JPD", "2013-subgoal-fast")
ONLINE = "Warthog-JPS2"
DEFAULT_MAPS = ("dao", "mazes", "random", "rooms")
SQRT2 = math.sqrt(2.0)


# ------------------------------------------------------------------ compiled timers
@intrinsic
def _cycles(typingctx: Any) -> Any:
    """The CPU's cycle counter (``llvm.readcyclecounter``: rdtsc on x86)."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        fnty = ir.FunctionType(ir.IntType(64), [])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.readcyclecounter")
        return builder.call(fn, [])

    return types.int64(), codegen


def _timed_jps() -> Any:
    from wayfinding._kernels.codes import STATUS_FOUND, STATUS_HEAP_FULL
    from wayfinding.grid._kernels.jps import search_plus, search_scan
    from wayfinding.grid._kernels.jps_path import interpolate

    @njit
    def run(passable, bits, tables, stride, straight, diagonal, sources, targets, first,
            stamp, g, parent, touched, heap_f, heap_g, heap_n, generation, cycles,
            costs):  # pragma: no cover - numba
        """``tables``: the JPS+ (stops, jumps), or an empty tuple for jps."""
        budget = np.int64(1 << 62)
        for i in range(first, sources.shape[0]):
            generation += 1
            begin = _cycles()
            if len(tables) == 2:
                status, _, _, _ = search_plus(
                    passable, bits, stride, sources[i], targets[i], straight, diagonal, True,
                    stamp, g, parent, touched, generation, heap_f, heap_g, heap_n, -1, 0, 0,
                    budget, tables[0], tables[1])
            else:
                status, _, _, _ = search_scan(
                    passable, bits, stride, sources[i], targets[i], straight, diagonal, True,
                    stamp, g, parent, touched, generation, heap_f, heap_g, heap_n, -1, 0, 0,
                    budget, bits, bits)
            if status == STATUS_HEAP_FULL:
                return i, generation
            if status == STATUS_FOUND:
                cells = interpolate(parent, targets[i], stride, True)
                costs[i] = g[targets[i]] + 0 * cells.shape[0]
            else:
                costs[i] = math.inf
            cycles[i] = _cycles() - begin
        return sources.shape[0], generation

    return run


def _timed_prepared() -> Any:
    from wayfinding._kernels.codes import STATUS_FOUND, STATUS_HEAP_FULL
    from wayfinding.grid.prepared._kernels.query import query

    @njit
    def run(static, work, labels, sources, targets, first, cycles,
            costs):  # pragma: no cover - numba
        for i in range(first, sources.shape[0]):
            if sources[i] == targets[i] or labels[sources[i]] != labels[targets[i]]:
                costs[i] = 0.0 if sources[i] == targets[i] else math.inf
                cycles[i] = 0
                continue
            begin = _cycles()
            status, cells, cost, _ = query(*static, sources[i], targets[i], *work)
            if status == STATUS_HEAP_FULL:
                return i
            costs[i] = cost + 0 * cells.shape[0] if status == STATUS_FOUND else math.inf
            cycles[i] = _cycles() - begin
        return sources.shape[0]

    return run


def _timed_table() -> Any:
    from wayfinding.grid.prepared._kernels.table import walk

    @njit
    def run(arrays, labels, sources, targets, first, path, cycles,
            costs):  # pragma: no cover - numba
        table, cell_id, moves, lengths = arrays
        for i in range(first, sources.shape[0]):
            if labels[sources[i]] != labels[targets[i]]:
                costs[i] = math.inf
                cycles[i] = 0
                continue
            begin = _cycles()
            _, length = walk(table, cell_id, moves, lengths, sources[i], targets[i], path, 0)
            costs[i] = length
            cycles[i] = _cycles() - begin
        return sources.shape[0]

    return run


_GHZ: list[float] = []


def cycles_per_ns() -> float:
    """Cycle counter ticks per nanosecond (measured once, over 0.2 s)."""
    if not _GHZ:
        @njit
        def spin(n):  # pragma: no cover - numba
            begin = _cycles()
            s = 0.0
            for i in range(n):
                s += math.sqrt(i)
            return _cycles() - begin, s

        spin(10)
        t0 = time.perf_counter_ns()
        ticks, _ = spin(40_000_000)
        _GHZ.append(ticks / (time.perf_counter_ns() - t0))
    return _GHZ[0]


# ------------------------------------------------------------------ maps and checks
def resolve(items: list[str], data: Path) -> list[tuple[str, str]]:
    """``dao`` or ``dao/arena2`` items -> ``[(set, name), ...]``."""
    out = []
    for item in items:
        if "/" in item:
            s, n = item.split("/", 1)
            if not (data / "maps" / s / f"{n}.map").exists():
                raise SystemExit(f"no map {item!r} under {data / 'maps'}")
            out.append((s, n))
        else:
            found = sorted(p.stem for p in (data / "maps" / item).glob("*.map"))
            if not found:
                raise SystemExit(f"no maps in {data / 'maps' / item}")
            out += [(item, n) for n in found]
    return out


def check_batch(passable: np.ndarray, scen: list, r: Any) -> int:
    """Answers of a BatchResult that are not valid optimal paths (vectorised check)."""
    wrong = 0
    h, w = passable.shape
    for i, sc in enumerate(scen):
        if not r.found[i]:
            wrong += not sc.unreachable
            continue
        p = r.path(i)
        x, y = p[:, 0], p[:, 1]
        if (tuple(p[0]) != sc.start or tuple(p[-1]) != sc.goal or x.min() < 0
                or y.min() < 0 or x.max() >= w or y.max() >= h or not passable[y, x].all()):
            wrong += 1
            continue
        dx, dy = np.diff(x), np.diff(y)
        if (np.abs(dx).max(initial=0) > 1 or np.abs(dy).max(initial=0) > 1
                or ((dx == 0) & (dy == 0)).any()):
            wrong += 1
            continue
        diag = (dx != 0) & (dy != 0)
        if not (passable[y[:-1][diag], x[1:][diag]].all()
                and passable[y[1:][diag], x[:-1][diag]].all()):
            wrong += 1
            continue
        cost = float((~diag).sum()) + SQRT2 * float(diag.sum())
        if (sc.unreachable or not matches_optimal(cost, sc)
                or not matches_optimal(r.costs[i], sc)):
            wrong += 1
    return wrong


def check_costs(scen: list, costs: list[float]) -> int:
    return sum(not (math.isinf(c) and sc.unreachable) and not matches_optimal(c, sc)
               for sc, c in zip(scen, costs, strict=True))


# ------------------------------------------------------------------ ours
def _kernel_cycles(run_pass: Any, grow: Any, n: int, repeat: int,
                   cycles: np.ndarray) -> np.ndarray:
    """Each query's fewest kernel cycles over ``repeat`` passes of all ``n`` queries (a
    first pass of one query compiles). ``run_pass(lo, hi, first)`` runs queries
    ``lo + first .. hi - 1``, writing ``cycles``, and returns where it stopped (short of
    ``hi - lo`` when the heap is full: ``grow()`` and go on)."""
    best = np.full(n, np.iinfo(np.int64).max)
    for k, (lo, hi) in enumerate(((0, 1), *[(0, n)] * repeat)):
        first = 0
        while first < hi - lo:
            first = run_pass(lo, hi, first)
            if first < hi - lo:
                grow()
        if k:
            best = np.minimum(best, cycles)
    return best


def run_ours(grid: wf.Grid, scen: list, method: str, single: bool,
             repeat: int = 1) -> list[dict]:
    """Rows (kernel, batch, call) for ``method`` ('jps' or 'prepared') on one map; with
    ``repeat`` passes, each query's best time (the batch's best total)."""
    starts = np.array([s.start for s in scen], dtype=np.int64)
    goals = np.array([s.goal for s in scen], dtype=np.int64)
    n = len(scen)
    flat = grid.flat
    stride = flat.stride
    src = (starts[:, 1] + 1) * stride + starts[:, 0] + 1
    dst = (goals[:, 1] + 1) * stride + goals[:, 0] + 1
    passable = np.asarray(grid.passable_mask, dtype=bool)
    cycles = np.zeros(n, dtype=np.int64)
    costs = np.zeros(n)
    rows = []
    pre = {}
    if method in ("jps", "jps_plus"):
        from wayfinding.grid.workspace import Workspace

        bits = scan_bitmaps(grid)
        m = grid.movement
        ws = Workspace(flat.passable.shape[0])
        kernel = _timed_jps()
        tables: tuple = ()
        if method == "jps_plus":
            p = prepare(grid, wf.PrepareMethod.JPS_PLUS)
            pre = {"prep_s": p.build_seconds, "mem_mb": p.nbytes / 1e6}
            tables = p._jump
        args = (flat.passable, bits, tables, stride, m.straight_cost, m.diagonal_cost)
        gen = 0

        def jps_pass(lo: int, hi: int, first: int) -> int:
            nonlocal gen
            first, gen = kernel(*args, src[lo:hi], dst[lo:hi], first, ws.stamp, ws.g,
                                ws.parent, ws.touched, ws.heap_f, ws.heap_g, ws.heap_n, gen,
                                cycles[lo:hi], costs[lo:hi])
            return first

        best = _kernel_cycles(jps_pass, ws.grow_heap, n, repeat, cycles)

        def batch() -> Any:
            if method == "jps_plus":
                return wf.batch.prepared(p, starts, goals)
            return wf.batch.jps(grid, starts, goals)

        wf.jps(grid, scen[0].start, scen[0].goal)

        def one(s: tuple, g: tuple) -> Any:
            return p.search(s, g) if method == "jps_plus" else wf.jps(grid, s, g)
    elif method == "table":
        p = prepare(grid, wf.PrepareMethod.TABLE)
        pre = {"prep_s": p.build_seconds, "mem_mb": p.nbytes / 1e6}
        kernel = _timed_table()
        arrays, buffer = p._table.arrays(), np.empty(p._table.n + 1, dtype=np.int64)

        def table_pass(lo: int, hi: int, first: int) -> int:
            return kernel(arrays, p._components, src[lo:hi], dst[lo:hi], first, buffer,
                          cycles[lo:hi], costs[lo:hi])

        best = _kernel_cycles(table_pass, lambda: None, n, repeat, cycles)

        def batch() -> Any:
            return wf.batch.prepared(p, starts, goals)

        def one(s: tuple, g: tuple) -> Any:
            return p.search(s, g)
    else:
        p = prepare(grid)
        pre = {"prep_s": p.build_seconds, "mem_mb": p.nbytes / 1e6}
        work = p._workspace()
        kernel = _timed_prepared()
        def prepared_pass(lo: int, hi: int, first: int) -> int:
            return kernel(p._static, work.arrays, p._components, src[lo:hi], dst[lo:hi],
                          first, cycles[lo:hi], costs[lo:hi])

        best = _kernel_cycles(prepared_pass, work.grow_heap, n, repeat, cycles)

        def batch() -> Any:
            return wf.batch.prepared(p, starts, goals)

        p.search(scen[0].start, scen[0].goal)

        def one(s: tuple, g: tuple) -> Any:
            return p.search(s, g)
    batch()
    batch_ns = math.inf
    for _ in range(repeat):
        t0 = time.thread_time_ns()  # CPU time: steadier than a clock on a loaded machine
        r = batch()
        batch_ns = min(batch_ns, time.thread_time_ns() - t0)
    per_ns = best / cycles_per_ns()
    rows.append({"how": "kernel", "mean": per_ns.mean() / 1e3,
                 "median": float(np.median(per_ns)) / 1e3,
                 "wrong": check_costs(scen, costs.tolist())})
    rows.append({"how": "batch", "mean": batch_ns / n / 1e3, "median": math.nan,
                 "wrong": check_batch(passable, scen, r), **pre})
    if single:
        times, got = [math.inf] * n, [0.0] * n
        clock = time.perf_counter_ns
        for _ in range(repeat):
            for i, sc in enumerate(scen):
                s, g = sc.start, sc.goal
                t0 = clock()
                res = one(s, g)
                times[i] = min(times[i], clock() - t0)
                got[i] = res.cost
        rows.append({"how": "call", "mean": statistics.fmean(times) / 1e3,
                     "median": statistics.median(times) / 1e3,
                     "wrong": check_costs(scen, got)})
    for row in rows:
        row["method"] = method
    return rows


def auto_rows(grid: wf.Grid, scen: list, rows: list[dict], repeat: int) -> list[dict]:
    """``prepare(grid, PrepareMethod.AUTO)``: the kernel and batch rows of the method it
    chose (measured above; a ``TABLE`` choice is measured here), with its own build time
    and memory."""
    auto = prepare(grid, wf.PrepareMethod.AUTO)
    chose = {"jps": "jps", "subgoal_ch": "prepared"}.get(auto.method.value,
                                                          auto.method.value)
    if chose in ("table", "jps_plus"):
        rows = run_ours(grid, scen, chose, False, repeat)
    return [{**row, "method": "auto", "chose": auto.method.value,
             "prep_s": auto.build_seconds, "mem_mb": auto.nbytes / 1e6}
            for row in rows if row["method"] == chose and row["how"] in ("kernel", "batch")]


# ------------------------------------------------------------------ theirs
def build_entries(anchors: Path, entries: list[str]) -> None:
    subprocess.run([str(anchors / "build.sh"), *entries], check=False, stdout=sys.stderr)


#: (entry, map) pairs left out because ``run.sh`` took longer than ``--their-timeout``.
TIMED_OUT: list[tuple[str, str]] = []


def _run_sh(command: list[str], env: dict, timeout: float | None
            ) -> subprocess.CompletedProcess | None:
    """``command`` in a session of its own, killed with its children after ``timeout``
    seconds (None then)."""
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, env=env, start_new_session=True) as child:
        try:
            out, err = child.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, 9)
            child.communicate()
            return None
    return subprocess.CompletedProcess(command, child.returncode, out, err)


def run_theirs(anchors: Path, entry: str, map_path: Path, scen_path: Path,
               repeat: int = 1, timeout: float | None = None) -> dict | None:
    """run.sh -> mean, median, preprocessing seconds and bytes, wrong; with ``repeat``
    runs, each query's best time (read from the entry's ``run_result.csv``). None when
    it fails or takes longer than ``timeout`` seconds (preprocessing included)."""
    env = dict(os.environ, CHECK="0")
    best = None
    for _ in range(repeat):
        done = _run_sh([str(anchors / "run.sh"), entry, str(map_path), str(scen_path)],
                       env, timeout)
        if done is None:
            print(f"  {entry}: over {timeout} s on {map_path.stem}, left out",
                  file=sys.stderr)
            TIMED_OUT.append((entry, f"{map_path.parent.name}/{map_path.stem}"))
            return None
        if done.returncode != 0:
            print(f"  {entry}: run.sh failed: {done.stderr.strip()[-300:]}", file=sys.stderr)
            return None
        if repeat > 1:
            build = Path(os.environ.get("GPPC_BUILD", "/tmp/gppc-anchors"))
            csv = (Path(os.environ.get("WORK", build / "work")) / entry / map_path.stem
                   / "run_result.csv")
            times = np.loadtxt(csv, delimiter=",", skiprows=1, usecols=6, ndmin=1)
            best = times if best is None else np.minimum(best, times)
    line = done.stdout.strip().splitlines()[-1]
    fields = dict(part.strip().split(" ", 1) for part in line.split(":", 1)[1]
                  .split(",")[1:])
    index_bytes = 0
    for err in done.stderr.splitlines():
        if "index_bytes=" in err:
            index_bytes = int(err.rsplit("index_bytes=", 1)[1].split()[0])
    mean, median = float(fields["mean_us"]), float(fields["median_us"])
    if best is not None:
        mean, median = float(best.mean()) / 1e3, float(np.median(best)) / 1e3
    return {"how": entry, "method": entry, "mean": mean, "median": median,
            "prep_s": float(fields["preprocess_s"]),
            "mem_mb": index_bytes / 1e6, "wrong": int(fields["wrong"])}


def truncated(scen_path: Path, limit: int | None, folder: Path) -> Path:
    """The scenario file, or its first ``limit`` queries in a file of the same name."""
    if limit is None:
        return scen_path
    lines = scen_path.read_text().splitlines()
    head = [ln for ln in lines[:1] if ln.startswith("version")]
    body = [ln for ln in lines[len(head):] if ln.strip()][:limit]
    out = folder / str(limit) / scen_path.name
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(head + body) + "\n")
    return out


# ------------------------------------------------------------------ report
def fmt(v: Any, digits: int = 1) -> str:
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "-"
    if isinstance(v, float):
        return f"{v:,.{digits}f}"
    return str(v)


def report(results: dict[str, list[dict]]) -> str:
    head = ("map", "method", "queries", "mean us", "median us", "prep s", "mem MB", "wrong",
            "ours/theirs")
    rows = []
    summary: dict[str, list] = {}
    for key, entries in results.items():
        label = key
        theirs = {e["method"]: e for e in entries if e["method"] in ENTRIES}
        best = min((e for k, e in theirs.items() if k != ONLINE), key=lambda e: e["mean"],
                   default=None)
        for e in entries:
            ratio = math.nan
            if e["how"] in ("kernel", "batch"):
                peer = theirs.get(ONLINE) if e["method"] == "jps" else best
                if peer is not None:
                    ratio = e["mean"] / peer["mean"]
                    what = (f"{e['method']} {e['how']} / "
                            + ("Warthog-JPS2" if e["method"] == "jps" else "best preprocessed"))
                    summary.setdefault(what, []).append((ratio, key, peer["method"]))
            name = e["method"] if e["method"] in ENTRIES else f"{e['method']} ({e['how']})"
            if "chose" in e:
                name = f"auto={e['chose']} ({e['how']})"
            rows.append((label, name, e["queries"], fmt(e["mean"]), fmt(e["median"]),
                         fmt(e.get("prep_s"), 2), fmt(e.get("mem_mb"), 2), e["wrong"],
                         fmt(ratio, 2) + ("x" if not math.isnan(ratio) else "")))
            label = ""
    widths = [max(len(str(r[i])) for r in (head, *rows)) for i in range(len(head))]
    lines = ["  ".join(str(c).ljust(w) if i < 2 else str(c).rjust(w)
                       for i, (c, w) in enumerate(zip(r, widths, strict=True)))
             for r in (head, *rows)]
    lines.insert(1, "  ".join("-" * w for w in widths))
    for what, got in summary.items():
        if got:
            geo = math.exp(statistics.fmean(math.log(r) for r, _, _ in got))
            worst = max(got)
            lines.append(f"{what}: geometric mean {geo:.2f}x over {len(got)} maps, worst "
                         f"{worst[0]:.2f}x ({worst[1]} vs {worst[2]})")
    return "\n".join(lines)


def overhead(grid: wf.Grid, scen: list, rounds: int = 30) -> str:
    """Per-call cost of the public API: each query's best of ``rounds`` through
    ``wf.jps`` / ``prepared.search``, next to the search kernel called from Python with
    the same arguments (its numba dispatch included, about 2 us)."""
    from wayfinding.grid import workspace
    from wayfinding.grid._kernels import jps as jk
    from wayfinding.grid.jps import JPS_PLAN
    from wayfinding.grid.prepared import parts

    plan = grid.derived(JPS_PLAN)
    p = prepare(grid)
    work = p._workspace()
    query = parts.query_kernel().query
    ws = workspace.Workspace(plan.size)
    out, tree = np.empty(1 << 16, np.int64), np.empty(3 << 16)
    flat = [((s.start[1] + 1) * plan.stride + s.start[0] + 1,
             (s.goal[1] + 1) * plan.stride + s.goal[0] + 1) for s in scen]

    def jps_kernel(i: int) -> Any:
        return jk.jps_query(plan.passable, plan.bits, plan.stride, *flat[i], plan.straight,
                            plan.diagonal, plan.eight_way, ws.stamp, ws.g, ws.parent,
                            ws.touched, ws.next_generation(), ws.heap_f, ws.heap_g,
                            ws.heap_n, 1 << 40, out, tree)

    pairs = {"jps": (jps_kernel, lambda i: wf.jps(grid, scen[i].start, scen[i].goal)),
             "prepared": (lambda i: query(*p._static, *flat[i], *work.arrays),
                          lambda i: p.search(scen[i].start, scen[i].goal))}
    lines = []
    clock = time.perf_counter_ns
    for name, (kernel, call) in pairs.items():
        best = np.full((2, len(scen)), np.inf)
        for _ in range(rounds + 1):  # the first round compiles and warms up
            for i in range(len(scen)):
                for k, f in enumerate((kernel, call)):
                    t0 = clock()
                    f(i)
                    best[k, i] = min(best[k, i], clock() - t0)
        k_us, c_us = np.median(best, axis=1) / 1e3
        lines.append(f"{name}: kernel from Python {k_us:.2f} us, public call {c_us:.2f} us "
                     f"(median over {len(scen)} queries, best of {rounds}): "
                     f"+{np.median(best[1] - best[0]) / 1e3:.2f} us a call")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--maps", nargs="+", default=list(DEFAULT_MAPS),
                    help="set names or set/name (default: dao mazes random rooms)")
    ap.add_argument("--limit", type=int, default=None, help="first N queries per file")
    ap.add_argument("--entries", nargs="*", default=list(ENTRIES),
                    help="GPPC entries to run (none: ours only)")
    ap.add_argument("--repeat", type=int, default=1,
                    help="passes over each file; each query's best time is kept")
    ap.add_argument("--no-prepared", action="store_true", help="jps only")
    ap.add_argument("--no-call", action="store_true", help="skip the one-call-per-query API")
    ap.add_argument("--their-timeout", type=float, default=None,
                    help="seconds an entry may take on one map (preprocessing included) "
                         "before it is left out of that map's comparison")
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--anchors", type=Path, default=ANCHORS,
                    help="the GPPC entries' folder (build.sh, run.sh)")
    ap.add_argument("--json", type=Path, help="write every figure here")
    ap.add_argument("--overhead", action="store_true",
                    help="only the per-call cost of wf.jps / prepared.search on each map")
    args = ap.parse_args(argv)
    maps = resolve(args.maps, args.data)
    if args.overhead:
        for set_name, name in maps:
            grid = read_map(args.data / "maps" / set_name / f"{name}.map")
            scen = read_scenarios(args.data / "scenarios" / set_name / f"{name}.map.scen")
            print(f"{set_name}/{name}\n{overhead(grid, scen[:args.limit or 50])}")
        return 0
    if args.entries:
        build_entries(args.anchors, args.entries)
    scen_dir = Path(os.environ.get("GPPC_BUILD", "/tmp/gppc-anchors")) / "scen"
    results: dict[str, list[dict]] = {}
    methods = ["jps"] if args.no_prepared else ["jps", "prepared"]
    for set_name, name in maps:
        map_path = args.data / "maps" / set_name / f"{name}.map"
        scen_path = args.data / "scenarios" / set_name / f"{name}.map.scen"
        grid = read_map(map_path)
        scen = read_scenarios(scen_path)[:args.limit]
        label = f"{set_name}/{name}"
        rows = []
        for method in methods:
            rows += run_ours(grid, scen, method, not args.no_call, args.repeat)
        if not args.no_prepared:
            rows += auto_rows(grid, scen, rows, args.repeat)
        for row in rows:
            row["queries"] = len(scen)
        for entry in args.entries:
            scen_file = truncated(scen_path, args.limit, scen_dir)
            got = run_theirs(args.anchors, entry, map_path, scen_file, args.repeat,
                             args.their_timeout)
            if got is not None:
                got["queries"] = len(scen)
                rows.append(got)
        results[label] = rows
        print(f"{label}: " + ", ".join(f"{r['method']}/{r['how']} {r['mean']:.1f}"
                                       for r in rows), file=sys.stderr, flush=True)
    print(f"under load? {os.getloadavg()[0]:.1f} load average, {os.cpu_count()} cores")
    print(report(results))
    for entry, where in TIMED_OUT:
        print(f"left out: {entry} on {where} (over --their-timeout {args.their_timeout} s, "
              "preprocessing included)")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
