"""The generic (pure-Python) tier against networkx on networkx's own graphs, same queries.

Graphs (networkx objects, costs in the ``weight`` attribute): ``grid_2d_graph`` with
random weights in [1, 5] (Manhattan heuristic), ``random_geometric_graph`` with Euclidean
weights (Euclidean heuristic), and the passable cells of a MovingAI dao map with octile
edges and no corner cutting (octile heuristic); sizes from 10^3 to 10^5 nodes. Queries are
random pairs in the largest connected component, the same for every method.

Run (from the repository root)::

    PYTHONPATH=src .venv/bin/python benchmarks/generic.py
    PYTHONPATH=src .venv/bin/python benchmarks/generic.py --sizes 1000,10000 --queries 20

Rows: one per (graph, method). ``nx_us`` and ``ours_us`` are mean times of one
single-pair query with its path (``wf.astar(G, s, t, heuristic=h)`` /
``wf.dijkstra(G, s, t)`` on the networkx graph as a user would call them, against
``networkx.astar_path`` / ``networkx.dijkstra_path``); ``x_faster`` is networkx's time over
ours (> 1: we are faster). ``*_length`` rows compare against networkx's functions that
return only the cost; ``bidirectional`` compares bidirectional Dijkstra with networkx's.
``csr_*`` rows time the same queries on ``wf.compile_graph(G, ...)`` (compile time
excluded, shown in the header line) against ``networkx.dijkstra_path``. Times are CPU time
(``time.process_time``) and methods run alternating, query by query, so the load of a
shared machine hits all alike; every cost is checked against networkx's.

``--blocks ROUNDS`` times each row's queries back to back instead (each side in turn,
best of ``ROUNDS`` rounds: warm caches, as in a program asking many queries of one kind;
the default interleaving runs networkx's search and our other rows between two of ours,
which on 10^3-node graphs leaves the CSR arrays out of the cache).

``--before SRC`` also times another source tree's generic tier (``SRC`` holds its
``wayfinding`` package, e.g. a ``git worktree`` of an older commit), loaded under another
name in the same process and run in turn with the other two, query by query: two more
columns, ``before_us`` and ``x_before`` (networkx's time over the older tree's); the
``csr_*`` rows are not timed for it.

    PYTHONPATH=src .venv/bin/python benchmarks/generic.py --before ../old/src
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import random
import sys
import time
from pathlib import Path

import networkx as nx

import wayfinding as wf
from wayfinding.api import bidirectional_dijkstra  # wf.bidirectional_dijkstra once exported
from wayfinding.io.movingai import read_map

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / ".." / "shared" / "movingai"
SQRT2 = math.sqrt(2.0)


# ------------------------------------------------------------------------ graphs
def weighted_grid(n: int, seed: int) -> tuple[nx.Graph, object]:
    side = max(2, round(math.sqrt(n)))
    G = nx.grid_2d_graph(side, side)
    rng = random.Random(seed)
    for u, v in G.edges:
        G.edges[u, v]["weight"] = rng.uniform(1.0, 5.0)

    def manhattan(a, b):
        return abs(a[0] - b[0]) + abs(a[1] - b[1])

    return G, manhattan


def geometric(n: int, seed: int) -> tuple[nx.Graph, object]:
    radius = math.sqrt(10.0 / (math.pi * n))  # about 10 neighbours each
    G = nx.random_geometric_graph(n, radius, seed=seed)
    pos = nx.get_node_attributes(G, "pos")
    for u, v in G.edges:
        G.edges[u, v]["weight"] = math.dist(pos[u], pos[v])

    def euclidean(a, b):
        return math.dist(pos[a], pos[b])

    return G, euclidean


def dao_map(name: str, data: Path) -> tuple[nx.Graph, object]:
    grid = read_map(data / "maps" / "dao" / f"{name}.map")
    ok = grid.passable_mask
    h, w = ok.shape
    G = nx.Graph()
    for y in range(h):
        for x in range(w):
            if not ok[y, x]:
                continue
            G.add_node((x, y))
            for dx, dy in ((1, 0), (0, 1), (1, 1), (-1, 1)):
                a, b = x + dx, y + dy
                if not (0 <= a < w and 0 <= b < h and ok[b, a]):
                    continue
                if dx and dy and not (ok[y, a] and ok[b, x]):
                    continue  # no corner cutting
                G.add_edge((x, y), (a, b), weight=SQRT2 if dx and dy else 1.0)

    def octile(p, q):
        dx, dy = abs(p[0] - q[0]), abs(p[1] - q[1])
        return max(dx, dy) + (SQRT2 - 1.0) * min(dx, dy)

    return G, octile


# ------------------------------------------------------------------------ methods
def methods(G: nx.Graph, h, csr: wf.CSRGraph) -> list[tuple[str, object, object]]:
    """(name, ours, networkx's): each a function (s, t) -> a path (or a cost for the
    ``*_length`` rows); costs of paths are computed after the clock stops."""
    return [
        ("astar", lambda s, t: wf.astar(G, s, t, heuristic=h),
         lambda s, t: nx.astar_path(G, s, t, heuristic=h, weight="weight")),
        ("dijkstra", lambda s, t: wf.dijkstra(G, s, t),
         lambda s, t: nx.dijkstra_path(G, s, t)),
        ("astar_length", lambda s, t: wf.astar(G, s, t, heuristic=h).cost,
         lambda s, t: nx.astar_path_length(G, s, t, heuristic=h, weight="weight")),
        ("dijkstra_length", lambda s, t: wf.dijkstra(G, s, t).cost,
         lambda s, t: nx.dijkstra_path_length(G, s, t)),
        ("bidirectional", lambda s, t: bidirectional_dijkstra(G, s, t),
         lambda s, t: nx.bidirectional_dijkstra(G, s, t)[1]),
        ("csr_dijkstra", lambda s, t: wf.dijkstra(csr, s, t),
         lambda s, t: nx.dijkstra_path(G, s, t)),
    ]


def load_before(src: str):
    """The ``wayfinding`` package of another source tree, as module ``wayfinding_before``."""
    package = Path(src).resolve() / "wayfinding"
    spec = importlib.util.spec_from_file_location(
        "wayfinding_before", package / "__init__.py", submodule_search_locations=[str(package)])
    module = importlib.util.module_from_spec(spec)
    sys.modules["wayfinding_before"] = module
    spec.loader.exec_module(module)
    return module


def before_methods(G: nx.Graph, h, old) -> dict[str, object]:
    """The generic rows of :func:`methods` run by the older tree ``old``."""
    from wayfinding_before.api import bidirectional_dijkstra as old_bidirectional

    return {
        "astar": lambda s, t: old.astar(G, s, t, heuristic=h),
        "dijkstra": lambda s, t: old.dijkstra(G, s, t),
        "astar_length": lambda s, t: old.astar(G, s, t, heuristic=h).cost,
        "dijkstra_length": lambda s, t: old.dijkstra(G, s, t).cost,
        "bidirectional": lambda s, t: old_bidirectional(G, s, t),
    }


def cost_of(G: nx.Graph, answer) -> float:
    """The cost of an answer: a cost, a path of networkx's, or our result (whose path is
    checked to cost what it says)."""
    if isinstance(answer, float | int):
        return float(answer)
    if isinstance(answer, list):
        return nx.path_weight(G, answer, "weight")
    walked = nx.path_weight(G, answer.path, "weight")
    assert math.isclose(walked, answer.cost, rel_tol=1e-9, abs_tol=1e-9), answer
    return answer.cost


def bench(name: str, G: nx.Graph, h, queries: int, budget: float, old=None,
          only: set[str] | None = None, blocks: int = 0) -> list[tuple]:
    big = max(nx.connected_components(G), key=len)
    nodes = sorted(big)
    rng = random.Random(11)
    pairs = [(rng.choice(nodes), rng.choice(nodes)) for _ in range(queries)]
    t0 = time.perf_counter()
    csr = wf.compile_graph(G, nodes[0])
    compile_s = time.perf_counter() - t0
    print(f"# {name}: {G.number_of_nodes()} nodes, {G.number_of_edges()} edges; "
          f"compile_graph {compile_s:.2f} s", file=sys.stderr)
    runs = [run for run in methods(G, h, csr) if only is None or run[0] in only]
    older = {} if old is None else before_methods(G, h, old)
    for m, ours, theirs in runs:  # warm up (compiles the CSR kernels)
        ours(*pairs[0])
        theirs(*pairs[0])
        if m in older:
            older[m](*pairs[0])
    if blocks:
        totals, done = in_blocks(G, runs, older, pairs, blocks, budget)
        return [(name, m, totals[(m, 1)] / done * 1e6, totals[(m, 0)] / done * 1e6,
                 totals[(m, 1)] / totals[(m, 0)], done, totals[(m, 2)] / done * 1e6,
                 totals[(m, 1)] / totals[(m, 2)] if totals[(m, 2)] else math.nan)
                for m, _, _ in runs]
    totals = {(m, side): 0.0 for m, _, _ in runs for side in (0, 1, 2)}
    done = 0
    start = time.perf_counter()
    for s, t in pairs:
        for m, ours, theirs in runs:
            sides = [(0, ours), (1, theirs)] + ([(2, older[m])] if m in older else [])
            sides = sides[done % len(sides):] + sides[:done % len(sides)]  # take turns first
            costs = {}
            for side, f in sides if done % 2 else sides[::-1]:
                t1 = time.process_time()
                answer = f(s, t)
                totals[(m, side)] += time.process_time() - t1
                costs[side] = cost_of(G, answer)
            for side in costs:
                assert math.isclose(costs[side], costs[1], rel_tol=1e-9, abs_tol=1e-9), (m, s, t)
        done += 1
        if time.perf_counter() - start > budget:
            break
    return [(name, m, totals[(m, 1)] / done * 1e6, totals[(m, 0)] / done * 1e6,
             totals[(m, 1)] / totals[(m, 0)], done, totals[(m, 2)] / done * 1e6,
             totals[(m, 1)] / totals[(m, 2)] if totals[(m, 2)] else math.nan)
            for m, _, _ in runs]


def in_blocks(G: nx.Graph, runs: list, older: dict, pairs: list, rounds: int,
              budget: float) -> tuple[dict, int]:
    """``--blocks``: each side of each row answers every query back to back, rows and
    sides in turn, ``rounds`` times (fewer once ``budget`` seconds have passed, at least
    once); each side's best round. Warm caches, as in a program that asks many queries
    of one kind (the default interleaving runs every other method between two of ours)."""
    truth = {m: [cost_of(G, theirs(s, t)) for s, t in pairs] for m, _, theirs in runs}
    best: dict = {}
    start = time.perf_counter()
    for r in range(rounds):
        for m, ours, theirs in runs:
            sides = [(0, ours), (1, theirs)] + ([(2, older[m])] if m in older else [])
            for side, f in sides if r % 2 else sides[::-1]:
                total = 0.0
                answers = []
                for s, t in pairs:
                    t1 = time.process_time()
                    answers.append(f(s, t))
                    total += time.process_time() - t1
                best[(m, side)] = min(best.get((m, side), math.inf), total)
                for answer, want in zip(answers, truth[m], strict=True):
                    assert math.isclose(cost_of(G, answer), want, rel_tol=1e-9,
                                        abs_tol=1e-9), m
        if time.perf_counter() - start > budget:
            break
    totals = {(m, side): best.get((m, side), 0.0) for m, _, _ in runs for side in (0, 1, 2)}
    return totals, len(pairs)


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--sizes", default="1000,10000,100000", help="grid and geometric graph sizes")
    p.add_argument("--maps", default="arena,den011d", help="dao map names ('' for none)")
    p.add_argument("--data", default=str(DATA))
    p.add_argument("--queries", type=int, default=30)
    p.add_argument("--budget", type=float, default=30.0, help="seconds per graph at most")
    p.add_argument("--blocks", type=int, default=0, metavar="ROUNDS",
                   help="time each row's queries back to back, this many rounds, best "
                   "round (warm caches); default 0: query by query, methods interleaved")
    p.add_argument("--methods", default=None,
                   help="comma-separated rows to time (default: all), e.g. astar,csr_dijkstra")
    p.add_argument("--before", default=None,
                   help="another source tree's src folder, timed too (its generic tier)")
    args = p.parse_args(argv)
    old = None if args.before is None else load_before(args.before)
    graphs = []
    for size in map(int, filter(None, args.sizes.split(","))):
        graphs.append((f"grid{size}", lambda n=size: weighted_grid(n, 3)))
        graphs.append((f"rgg{size}", lambda n=size: geometric(n, 5)))
    for name in filter(None, args.maps.split(",")):
        graphs.append((f"dao/{name}", lambda nm=name: dao_map(nm, Path(args.data))))
    rows = []
    for name, build in graphs:
        G, h = build()
        only = None if args.methods is None else set(args.methods.split(","))
        rows += bench(name, G, h, args.queries, args.budget, old, only, args.blocks)
    extra = f"{'before_us':>12}{'x_before':>10}" if old is not None else ""
    print(f"{'graph':<14}{'method':<18}{'nx_us':>12}{'ours_us':>12}{'x_faster':>10}"
          f"{'queries':>9}{extra}")
    for name, m, theirs, mine, ratio, q, before, x_before in rows:
        extra = f"{before:>12.1f}{x_before:>10.2f}" if old is not None else ""
        print(f"{name:<14}{m:<18}{theirs:>12.1f}{mine:>12.1f}{ratio:>10.2f}{q:>9}{extra}")


if __name__ == "__main__":
    main()
