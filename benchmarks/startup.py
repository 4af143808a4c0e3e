"""Start-up costs: ``import wayfinding``, and the first grid search cold and warm.

Each figure comes from a fresh Python process (so nothing is already imported or
compiled), repeated ``--repeat`` times; the table shows medians.

- import: ``import wayfinding`` alone (must not import numba: kernels load lazily);
- first query, empty cache: the first ``astar`` on a grid in a process whose numba cache
  directory (``NUMBA_CACHE_DIR``) is a fresh empty temp dir, so every kernel it needs is
  compiled;
- first query, warm cache: the same in a later process with that cache filled, so the
  kernels are only loaded from disk;
- numba alone: ``import numba`` and the first call of a trivial cached kernel, numba's
  own fixed cost, which every first query pays (without wayfinding in the process).

Run by hand: ``python benchmarks/startup.py [--repeat 5] [--algorithm astar]``
(``--compile`` and ``--kernels``: below).
Targets (issue 3): import < 0.3 s, first query with a warm cache < 0.5 s.

``--compile`` (issues 12, 28) prints instead, for each family (``astar`` and ``batch.astar``
on a 16x16 grid, ``jps``, ``prepare``, ``flood``, CSR ``dijkstra``, a ``PrepareMethod.TABLE``
build on ~11k open cells): the wall and CPU time of ``import wayfinding`` plus the first
call in a process with an empty cache, and the same after ``wayfinding warmup``; and the
wall and CPU time of ``wayfinding warmup`` (every kernel, all its processes) with an empty
cache for ``--jobs`` 1 and 2. Targets: first A* with an empty cache < 2 s, warmup of
everything < 20 s on 2 cores.

``--kernels [TASK ...]`` (issue 28 item 6) runs ``wayfinding warmup``'s tasks (all by
default) in one fresh process with an empty cache and prints where the compile time
goes: the process's CPU seconds per task, then per kernel the CPU seconds numba spent
compiling it (its own: callees' compiles taken out), how many times it was compiled and,
when more than once, with which argument types (a literal and a plain version of one
argument, int32 and int64, read-only and writable arrays: duplicates to remove).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile

PROBE = r"""
import json, sys, time
t0 = time.perf_counter()
import wayfinding as wf
t1 = time.perf_counter()
numba_loaded = "numba" in sys.modules
query = {"import": t1 - t0, "numba_on_import": numba_loaded}
if sys.argv[1] != "import":
    import numpy as np
    passable = np.ones((256, 256), dtype=bool)
    passable[8::16, :-4] = False  # a comb: walls across with a gap at the right end
    grid = wf.Grid(passable, diagonal=True)
    algorithm = getattr(wf, sys.argv[1])
    t2 = time.perf_counter()
    result = algorithm(grid, (0, 0), (255, 255))
    t3 = time.perf_counter()
    query["first_query"] = t3 - t2
    query["second_query"] = 0.0
    t4 = time.perf_counter()
    algorithm(grid, (0, 0), (255, 255))
    query["second_query"] = time.perf_counter() - t4
print(json.dumps(query))
"""

#: numba's own fixed cost: import it and call one trivial cached kernel (no wayfinding).
NUMBA_PROBE = r"""
import json, sys, time
import numpy as np  # already imported by wayfinding in the other probes
sys.path.insert(0, sys.argv[1])
t0 = time.perf_counter()
import numba
t1 = time.perf_counter()
import trivial_kernel
a = np.zeros(3)
t2 = time.perf_counter()
trivial_kernel.total(a)
t3 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "first_call": t3 - t2}))
"""
TRIVIAL = """
from numba import njit


@njit(cache=True)
def total(a):
    s = 0.0
    for v in a:
        s += v
    return s
"""


#: Prepended with --without-scipy: numba then skips importing scipy.linalg.
HIDE_SCIPY = "import sys\nsys.modules['scipy'] = None\n"


def probe(mode: str, cache_dir: str, prefix: str = "") -> dict:
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    env.pop("NUMBA_DISABLE_JIT", None)
    run = subprocess.run([sys.executable, "-c", prefix + PROBE, mode], env=env,
                         capture_output=True, text=True, check=True)
    return json.loads(run.stdout.strip().splitlines()[-1])


def numba_probe(cache_dir: str, prefix: str = "") -> dict:
    with open(os.path.join(cache_dir, "trivial_kernel.py"), "w") as f:
        f.write(TRIVIAL)
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    env.pop("NUMBA_DISABLE_JIT", None)
    run = subprocess.run([sys.executable, "-c", prefix + NUMBA_PROBE, cache_dir], env=env,
                         capture_output=True, text=True, check=True)
    return json.loads(run.stdout.strip().splitlines()[-1])


#: The first call of each family, timed from before ``import wayfinding`` (issue 12).
FIRST_CALL = r"""
import json, sys, time
t0 = time.perf_counter()
import wayfinding as wf
grid = wf.Grid.from_ascii("\n".join(["." * 16] * 16), diagonal=True)
what = sys.argv[1]
if what == "astar":
    wf.astar(grid, (0, 0), (15, 15))
elif what == "jps":
    wf.jps(grid, (0, 0), (15, 15))
elif what == "prepare":
    wf.prepare(grid).search((0, 0), (15, 15))
elif what == "flood":
    wf.flood(grid, [(0, 0)])
elif what == "csr_dijkstra":
    wf.dijkstra(wf.CSRGraph.from_edges([0, 1, 2], [1, 2, 3]), 0, 3)
elif what == "batch":
    wf.batch.astar(grid, [(0, 0)], [(15, 15)])
elif what == "table_11k":  # a first-move table of ~11k open cells (issue 28 item 6)
    import numpy as np
    passable = np.random.default_rng(1).random((112, 112)) > 0.12
    wf.prepare(wf.Grid(passable, diagonal=False), wf.PrepareMethod.TABLE)
import resource
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"seconds": time.perf_counter() - t0,
                  "cpu": usage.ru_utime + usage.ru_stime}))
"""
FAMILIES = ["astar", "batch", "jps", "prepare", "flood", "csr_dijkstra", "table_11k"]


def _env(cache_dir: str) -> dict:
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    env.pop("NUMBA_DISABLE_JIT", None)
    return env


def first_call(what: str, cache_dir: str) -> tuple[float, float]:
    """Wall and CPU seconds of a fresh process's first call of ``what``."""
    run = subprocess.run([sys.executable, "-c", FIRST_CALL, what], env=_env(cache_dir),
                         capture_output=True, text=True, check=True)
    answer = json.loads(run.stdout.strip().splitlines()[-1])
    return float(answer["seconds"]), float(answer["cpu"])


def timed_warmup(cache_dir: str, jobs: int) -> tuple[float, float]:
    """Wall and CPU seconds (its processes together) of ``wayfinding warmup``."""
    import resource
    import time

    def children() -> float:
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime

    began, cpu = time.perf_counter(), children()
    subprocess.run([sys.executable, "-m", "wayfinding", "warmup", "--quiet", "--jobs",
                    str(jobs)], env=_env(cache_dir), check=True, capture_output=True)
    return time.perf_counter() - began, children() - cpu


#: Runs warmup tasks under numba's compile events (see ``--kernels``).
KERNELS_PROBE = r"""
import json, sys, time
from numba.core import event
from wayfinding import _warmup
stack, records = [], []
class Timed(event.Listener):
    def on_start(self, ev):
        stack.append([ev.data["dispatcher"], str(ev.data.get("args")), time.process_time(),
                      0.0])
    def on_end(self, ev):
        dispatcher, args, began, inner = stack.pop()
        took = time.process_time() - began
        if stack:
            stack[-1][3] += took
        func = dispatcher.py_func
        records.append((f"{func.__module__}.{func.__qualname__}", args, took - inner))
tasks = {}
with event.install_listener("numba:compile", Timed()):
    for name in sys.argv[1:]:
        began = time.process_time()
        _warmup.TASKS[name][1]()
        tasks[name] = time.process_time() - began
print(json.dumps({"tasks": tasks, "records": records}))
"""


def kernel_table(tasks: list[str]) -> int:
    """The ``--kernels`` table (see the module docstring)."""
    from collections import defaultdict

    from wayfinding import _warmup

    names = tasks or list(_warmup.TASKS)
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="wayfinding-numba-") as cache:
        env = dict(_env(cache), WAYFINDING_COMPILE_NOTICE="0")
        run = subprocess.run([sys.executable, "-c", KERNELS_PROBE, *names], env=env,
                             capture_output=True, text=True, check=True)
    answer = json.loads(run.stdout.strip().splitlines()[-1])
    print(f"{'task (one process, empty cache)':44s} {'CPU s':>8s}")
    for name, seconds in answer["tasks"].items():
        print(f"{name:44s} {seconds:8.2f}")
    print(f"{'all':44s} {sum(answer['tasks'].values()):8.2f}")
    kernels: dict[str, list] = defaultdict(lambda: [0.0, []])
    for kernel, args, seconds in answer["records"]:
        kernels[kernel][0] += seconds
        kernels[kernel][1].append(args)
    print(f"\n{len(answer['records'])} compilations of {len(kernels)} kernels, "
          f"{sum(k[0] for k in kernels.values()):.2f} CPU s compiling")
    print(f"{'CPU s':>8s} {'times':>5s}  kernel (argument types when compiled more than once)")
    for kernel, (seconds, signatures) in sorted(kernels.items(), key=lambda kv: -kv[1][0]):
        print(f"{seconds:8.2f} {len(signatures):5d}  {kernel}")
        if len(signatures) > 1:
            for args in signatures:
                print(f"{'':16s}{args[:300]}")
    print(f"cores: {os.cpu_count()}, load average (1 min) before: {load_before:.2f}, "
          f"after: {os.getloadavg()[0]:.2f}")
    return 0


def compile_table(repeat: int) -> int:
    """The ``--compile`` table (see the module docstring)."""
    load_before = os.getloadavg()[0]
    rows: list[tuple[str, list[tuple[float, float]], float | None]] = []
    for what in FAMILIES:
        cold: list[tuple[float, float]] = []
        for _ in range(repeat):
            with tempfile.TemporaryDirectory(prefix="wayfinding-numba-") as cache:
                cold.append(first_call(what, cache))
        rows.append((f"first {what}, empty cache", cold, 2.0 if what == "astar" else None))
        rows.append((f"first {what}, after warmup", [], None))
    for jobs in (1, 2):
        with tempfile.TemporaryDirectory(prefix="wayfinding-numba-") as cache:
            rows.append((f"wayfinding warmup --jobs {jobs}", [timed_warmup(cache, jobs)],
                         20.0 if jobs == 2 else None))
            if jobs == 2:
                for what in FAMILIES:
                    row = next(r for r in rows if r[0] == f"first {what}, after warmup")
                    row[1].extend(first_call(what, cache) for _ in range(repeat))
    print(f"{'step (fresh processes, import included)':44s} {'median s':>9s} {'min s':>8s} "
          f"{'max s':>8s} {'CPU s':>8s}  target")
    for name, values, target in rows:
        wall = [w for w, _ in values]
        mark = "" if target is None else (
            f"< {target} s " + ("ok" if statistics.median(wall) < target else "MISSED"))
        print(f"{name:44s} {statistics.median(wall):9.2f} {min(wall):8.2f} "
              f"{max(wall):8.2f} {statistics.median(c for _, c in values):8.2f}  {mark}")
    print(f"cores: {os.cpu_count()}, load average (1 min) before: {load_before:.2f}, "
          f"after: {os.getloadavg()[0]:.2f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="processes per figure")
    parser.add_argument("--algorithm", default="astar",
                        choices=["astar", "dijkstra", "breadth_first_search",
                                 "greedy_best_first"])
    parser.add_argument("--without-scipy", action="store_true",
                        help="hide scipy from the probes (numba's BLAS check then skips "
                             "importing scipy.linalg, about 0.25-0.45 s)")
    parser.add_argument("--compile", action="store_true",
                        help="issue 12: first call of each family cold and after "
                             "'wayfinding warmup', and warmup's own time")
    parser.add_argument("--kernels", nargs="*", metavar="TASK",
                        help="issue 28: per-kernel compile CPU time of warmup's tasks "
                             "(all when none are named) and the kernels compiled twice")
    args = parser.parse_args(argv)
    if args.kernels is not None:
        return kernel_table(args.kernels)
    if args.compile:
        return compile_table(args.repeat)
    prefix = HIDE_SCIPY if args.without_scipy else ""
    imports, cold, warm, second, nb_import, nb_call = [], [], [], [], [], []
    numba_on_import = False
    for _ in range(args.repeat):
        with tempfile.TemporaryDirectory(prefix="wayfinding-numba-") as cache:
            only_import = probe("import", cache, prefix)
            imports.append(only_import["import"])
            numba_on_import |= only_import["numba_on_import"]
            first = probe(args.algorithm, cache, prefix)  # empty cache: compiles, fills it
            cold.append(first["first_query"])
            again = probe(args.algorithm, cache, prefix)  # warm cache: loads from disk
            warm.append(again["first_query"])
            second.append(again["second_query"])
            numba_probe(cache, prefix)  # fills the cache for the trivial kernel
            alone = numba_probe(cache, prefix)
            nb_import.append(alone["import"])
            nb_call.append(alone["first_call"])
    rows = [
        ("import wayfinding", imports, 0.3),
        (f"first {args.algorithm}, empty cache", cold, None),
        (f"first {args.algorithm}, warm cache", warm, 0.5),
        (f"second {args.algorithm} (same process)", second, None),
        ("numba alone: import numba", nb_import, None),
        ("numba alone: first call, cached kernel", nb_call, None),
    ]
    print(f"{'step':40s} {'median s':>9s} {'min s':>8s} {'max s':>8s}  target")
    for name, values, target in rows:
        mark = "" if target is None else (
            f"< {target} s " + ("ok" if statistics.median(values) < target else "MISSED"))
        print(f"{name:40s} {statistics.median(values):9.3f} {min(values):8.3f} "
              f"{max(values):8.3f}  {mark}")
    print(f"numba imported by 'import wayfinding': {numba_on_import}")
    scipy = importlib.util.find_spec("scipy") is not None and not args.without_scipy
    print(f"scipy visible (numba's first call then imports scipy.linalg): {scipy}")
    ours = statistics.median(w - a - b for w, a, b in zip(warm, nb_import, nb_call,
                                                            strict=True))
    print(f"first warm query minus numba's own fixed cost (median): {ours:.3f} s")
    return 0 if not numba_on_import else 1


if __name__ == "__main__":
    raise SystemExit(main())
