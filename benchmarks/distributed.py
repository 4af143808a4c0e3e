#!/usr/bin/env python3
"""A batch on a Dask LocalCluster of 2 worker processes against one process (issue 12, item 5).

    PYTHONPATH=src python benchmarks/distributed.py
    PYTHONPATH=src python benchmarks/distributed.py --set dao --sample 200 --repeats 3
    PYTHONPATH=src python benchmarks/distributed.py --sample 0      # every scenario

The same queries (``--sample`` scenarios per map, spread over the buckets as ``wayfinding
bench --sample`` does; 0 = all) of every map of a MovingAI set (``--set``, default dao:
156 maps) are answered by A* three ways, alternating, ``--repeats`` times:

1. ``one process``: for each map ``read_map`` + one ``wayfinding.batch.astar`` call;
2. ``one process, 2 threads``: the same with ``batch.astar(..., workers=2)``;
3. ``LocalCluster 2 x 1``: ``wayfinding.distributed.run_batches`` on a LocalCluster of 2
   worker processes with one thread each (started once, before timing; its start-up and
   a first untimed run, which compiles or loads the kernels in the workers, are printed
   apart). Each timed run starts with empty map caches on the workers, so maps are
   parsed again there, as the one-process rows read them again.

Every run's answers are checked equal to the first one-process run's (costs, lengths,
expanded counts, paths). Wall times are the median of the repeats; the ratio is the
one-process time over the row's (above 1 = faster). The load average is printed with the
table: on a machine shared with other work, the two workers do not get two idle cores.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, where this file's name
# would hide Dask's ``distributed`` package (also in the worker processes, which copy it).
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import numpy as np  # noqa: E402

from wayfinding import batch  # noqa: E402
from wayfinding.bench.loading import load_jobs  # noqa: E402
from wayfinding.distributed import Job, run_batches  # noqa: E402
from wayfinding.distributed.maps import clear_cache  # noqa: E402
from wayfinding.io.movingai import read_map  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "movingai"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--set", default="dao")
    parser.add_argument("--sample", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--chunk-size", type=int, default=2000)
    args = parser.parse_args()

    loaded = load_jobs([args.data / "scenarios" / args.set], args.data / "maps",
                       args.sample or None)
    jobs = [Job(job.path, np.array([q.scenario.start for q in job.queries]),
                np.array([q.scenario.goal for q in job.queries]), job.label)
            for job in loaded]
    n = sum(len(job.starts) for job in jobs)
    print(f"{len(jobs)} maps of {args.set}, {n} A* queries, {args.repeats} repeats, "
          f"{os.cpu_count()} cores")

    def local(threads: int) -> list[batch.BatchResult]:
        return [batch.astar(read_map(job.map), job.starts, job.goals, workers=threads)
                for job in jobs]

    import distributed

    t0 = time.perf_counter()
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                  dashboard_address=":0") as cluster, \
            distributed.Client(cluster, set_as_default=False) as client:
        started = time.perf_counter() - t0

        def on_dask() -> list[batch.BatchResult]:
            client.run(clear_cache)
            return run_batches(jobs, client=client, chunk_size=args.chunk_size)

        t0 = time.perf_counter()
        on_dask()
        first = time.perf_counter() - t0
        reference = local(1)  # also compiles in this process
        rows = {"one process": lambda: local(1),
                "one process, 2 threads": lambda: local(2),
                "LocalCluster 2 x 1": on_dask}
        times: dict[str, list[float]] = {name: [] for name in rows}
        for _ in range(args.repeats):
            for name, run in rows.items():  # alternating, so drifts in load hit all alike
                t0 = time.perf_counter()
                results = run()
                times[name].append(time.perf_counter() - t0)
                _check(results, reference, name)
    load = os.getloadavg()
    base = statistics.median(times["one process"])
    print(f"LocalCluster start-up {started:.1f} s; first run (kernels compiled or loaded "
          f"in the workers) {first:.1f} s")
    print(f"{'setup':<24} {'wall s':>8} {'per query us':>13} {'vs one process':>15}")
    for name, values in times.items():
        wall = statistics.median(values)
        print(f"{name:<24} {wall:8.2f} {wall / n * 1e6:13.1f} {base / wall:14.2f}x")
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} (1, 5, 15 min); "
          "answers equal in every run")


def _check(results: list[batch.BatchResult], reference: list[batch.BatchResult],
           name: str) -> None:
    for got, want in zip(results, reference, strict=True):
        for field in ("costs", "lengths", "expanded", "offsets", "paths"):
            if not np.array_equal(getattr(got, field), getattr(want, field)):
                raise SystemExit(f"{name}: {field} differ from the one-process run")


if __name__ == "__main__":
    main()
