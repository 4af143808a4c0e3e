"""Contraction hierarchies of CSR graphs (``wf.prepare(csr_graph)``): build time, memory
and query time against our Dijkstra, on the graphs of ``benchmarks/graphs.py``.

Run (from the repository root)::

    PYTHONPATH=src .venv/bin/python benchmarks/hierarchy.py
    PYTHONPATH=src .venv/bin/python benchmarks/hierarchy.py --maps dao/arena2 \
        --rgg 10000,100000,1000000 --queries 50 --rounds 3

One row per graph: ``build_s`` the time of ``wf.prepare``, ``peak_mb`` the growth of the
process's resident memory during the build (sampled every 5 ms), ``hier_mb`` the arrays
the prepared graph keeps, ``shortcuts``; then the mean time of one query (path and
labels included) of the hierarchy and of ``wf.dijkstra`` on the same random pairs,
best of ``--rounds`` interleaved rounds (each round begins with another method), their
ratio ``x_dijkstra``, and the mean nodes each settled; ``goal_*`` and ``plain_*``: the
same hierarchy queried with and without goal direction (``ch_*`` is the one ``prepare``
chose), ``core`` its uncontracted nodes.
Every hierarchy cost is checked against Dijkstra's.
"""

from __future__ import annotations

import argparse
import copy
import math
import sys
import threading
import time
from pathlib import Path

import numpy as np

import wayfinding as wf

sys.path.insert(0, str(Path(__file__).resolve().parent))
from graphs import DATA, geometric_graph, map_graph


def _rss() -> int:
    with open("/proc/self/statm") as handle:
        return int(handle.read().split()[1]) * 4096


def build(graph: wf.CSRGraph):
    """``(prepared, seconds, peak resident growth in bytes)``."""
    from wayfinding.api import prepare

    base = _rss()
    peak = [base]
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], _rss())
            time.sleep(0.005)

    watcher = threading.Thread(target=sample, daemon=True)
    watcher.start()
    begin = time.perf_counter()
    prepared = prepare(graph)
    seconds = time.perf_counter() - begin
    done.set()
    watcher.join()
    return prepared, seconds, max(peak[0], _rss()) - base


def bench(name: str, graph: wf.CSRGraph, args) -> tuple:
    prepared, seconds, peak = build(graph)
    print(f"# {name}: {graph.node_count} nodes, {graph.edge_count} edges: {prepared!r}",
          file=sys.stderr)
    rng = np.random.default_rng(7)
    pairs = rng.integers(0, graph.node_count, (args.queries, 2)).tolist()
    from wayfinding.csr.prepared import goal_direction

    core = prepared._goal[0]
    modes = {"goal": (core, *goal_direction(graph, prepared._hierarchy.order)),
             "plain": (core, np.zeros((0, 2)), 0, 0.0)}
    methods = {"hierarchy": prepared.search}
    for key, goal in modes.items():  # the same hierarchy queried with and without goal
        forced = copy.copy(prepared)
        forced._goal = goal
        forced._local = threading.local()
        methods[key] = forced.search
    methods["dijkstra"] = lambda s, t: wf.dijkstra(graph, s, t)
    for f in methods.values():  # compile and warm up
        f(*pairs[0])
    best = dict.fromkeys(methods, math.inf)
    settled = dict.fromkeys(methods, 0)
    costs: dict = {}
    keys = list(methods)
    for turn in range(args.rounds):  # each round starts with another method (caches)
        first = turn % len(keys)
        for key in keys[first:] + keys[:first]:
            f = methods[key]
            total = 0.0
            settled[key] = 0
            out = []
            for s, t in pairs:
                t0 = time.perf_counter()
                r = f(s, t)
                total += time.perf_counter() - t0
                settled[key] += r.expanded
                out.append(r.cost)
            best[key] = min(best[key], total / len(pairs))
            costs[key] = out
    for key in ("hierarchy", *modes):
        assert np.allclose(costs[key], costs["dijkstra"], rtol=1e-9), (name, key)
    return (name, graph.node_count, seconds, peak / 1e6, prepared.nbytes / 1e6,
            prepared.shortcuts, best["hierarchy"] * 1e6, best["dijkstra"] * 1e6,
            best["dijkstra"] / best["hierarchy"], settled["hierarchy"] / len(pairs),
            settled["dijkstra"] / len(pairs), best["goal"] * 1e6, settled["goal"] / len(pairs),
            best["plain"] * 1e6, settled["plain"] / len(pairs), core)


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--maps", default="dao/arena2,dao/brc202d",
                   help="MovingAI set/name list ('' for none)")
    p.add_argument("--data", default=str(DATA))
    p.add_argument("--rgg", default="10000,100000,1000000", help="random geometric graphs")
    p.add_argument("--queries", type=int, default=50)
    p.add_argument("--rounds", type=int, default=3)
    args = p.parse_args(argv)
    graphs = []
    for item in filter(None, args.maps.split(",")):
        folder, name = item.split("/")
        graphs.append((name, lambda f=folder, nm=name: map_graph(
            Path(args.data) / "maps" / f / f"{nm}.map")))
    for size in filter(None, args.rgg.split(",")):
        graphs.append((f"rgg{int(size)}", lambda n=int(size): geometric_graph(n)))
    from wayfinding.api import prepare

    prepare(wf.CSRGraph.from_edges([0, 1], [1, 2]))  # compile the build before timing it
    print(f"{'graph':<10}{'nodes':>9}{'build_s':>9}{'peak_mb':>9}{'hier_mb':>9}"
          f"{'shortcuts':>11}{'ch_us':>9}{'dijk_us':>10}{'x_dijkstra':>11}"
          f"{'ch_settled':>11}{'dijk_settled':>13}{'goal_us':>10}{'goal_set':>9}"
          f"{'plain_us':>10}{'plain_set':>10}{'core':>7}")
    for name, make in graphs:
        row = bench(name, make(), args)
        print(f"{row[0]:<10}{row[1]:>9}{row[2]:>9.1f}{row[3]:>9.0f}{row[4]:>9.0f}"
              f"{row[5]:>11}{row[6]:>9.1f}{row[7]:>10.1f}{row[8]:>11.1f}{row[9]:>11.0f}"
              f"{row[10]:>13.0f}{row[11]:>10.1f}{row[12]:>9.0f}{row[13]:>10.1f}"
              f"{row[14]:>10.0f}{row[15]:>7}", flush=True)


if __name__ == "__main__":
    main()
