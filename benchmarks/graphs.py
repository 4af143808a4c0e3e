"""The compiled graph tier (CSRGraph) side by side with graph libraries, same graphs and queries.

Graphs: MovingAI maps (passable cells as nodes, octile edges without corner cutting,
(x, y) coordinates), random geometric graphs (points in the unit square, each joined to
its k nearest neighbours both ways, cost = distance), and DIMACS ``.gr`` files (with an
optional ``.co``: ``file.gr:file.co``, read as lon/lat millionths, great-circle metric).

Run (from the repository root; peers from the ``bench`` extra, networkit optional)::

    .venv/bin/python benchmarks/graphs.py
    .venv/bin/python benchmarks/graphs.py --maps dao/arena2 --rgg 10000,1000000 --queries 50
    .venv/bin/python benchmarks/graphs.py --dimacs USA-road-d.NY.gr:USA-road-d.NY.co

Rows: one per (graph, method). ``mean_us`` is the mean time of one single-pair query
(path included; graph building excluded; the calling thread's CPU time, which a shared
machine's other processes do not inflate: every library here answers in the calling
thread; ``--clock wall`` for elapsed time; each method's best of ``--rounds`` rounds, of
``--slow-rounds`` for networkx), ``x_ours`` a peer's time over ours for the same
method on the same queries (> 1: the peer is slower; networkx may time fewer queries
within ``--slow-budget``: the ratio is then over those; on our own rows: the time over
our Dijkstra's),
``settled`` the mean nodes our search expanded. The ``hierarchy`` rows are
``wf.prepare(graph).search`` (contraction hierarchy; its build time and memory are
printed to stderr). Every peer's cost is checked
against ours. scipy.sparse.csgraph has no single-target early exit (it computes every
distance from the start); networkit's A* needs the heuristic of every node as a list,
built per query (its API).
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import time
from pathlib import Path

import numpy as np

import wayfinding as wf
from wayfinding.io import dimacs
from wayfinding.io.movingai import read_map

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / ".." / "shared" / "movingai"
SQRT2 = math.sqrt(2.0)


# ------------------------------------------------------------------------ graphs
def map_graph(path: Path) -> wf.CSRGraph:
    """Passable cells of a MovingAI map as nodes, octile edges, no corner cutting."""
    grid = read_map(path)
    ok = np.asarray(grid.passable_mask, dtype=bool)
    h, w = ok.shape
    ids = np.full((h + 2, w + 2), -1, dtype=np.int64)
    ys, xs = np.nonzero(ok)
    ids[ys + 1, xs + 1] = np.arange(ys.shape[0])
    src, dst, cost = [], [], []
    for dx, dy in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]:
        v = ids[ys + 1 + dy, xs + 1 + dx]
        keep = v >= 0
        if dx and dy:
            keep &= (ids[ys + 1, xs + 1 + dx] >= 0) & (ids[ys + 1 + dy, xs + 1] >= 0)
        src.append(ids[ys + 1, xs + 1][keep])
        dst.append(v[keep])
        cost.append(np.full(int(keep.sum()), SQRT2 if dx and dy else 1.0))
    coords = np.stack([xs, ys], axis=1).astype(float)
    return graph_from(np.concatenate(src), np.concatenate(dst), np.concatenate(cost),
                      ys.shape[0], coords)


def graph_from(src, dst, cost, n, coords, metric=wf.Metric.EUCLIDEAN) -> wf.CSRGraph:
    from wayfinding.csr.build import from_node_arrays

    return from_node_arrays(wf.CSRGraph, n, src.astype(np.int64), dst.astype(np.int64),
                            cost.astype(float), None, coords, metric, True)


def geometric_graph(n: int, k: int = 6, seed: int = 1) -> wf.CSRGraph:
    from scipy.spatial import cKDTree

    pts = np.random.default_rng(seed).random((n, 2))
    dist, nbr = cKDTree(pts).query(pts, k=k + 1)
    src = np.repeat(np.arange(n), k)
    dst = nbr[:, 1:].ravel()
    cost = dist[:, 1:].ravel()
    return graph_from(np.concatenate([src, dst]), np.concatenate([dst, src]),
                      np.concatenate([cost, cost]), n, pts)


# ------------------------------------------------------------------------ peers
def peers(graph: wf.CSRGraph, names: set[str]) -> dict:
    """Each available peer's graph and query functions ``(s, t) -> cost``."""
    n, indptr, indices, costs = graph.node_count, graph.indptr, graph.indices, graph.costs
    src = np.repeat(np.arange(n), np.diff(indptr))
    out: dict = {}
    if "scipy" in names:
        from scipy.sparse import csgraph, csr_matrix

        m = csr_matrix((costs, indices, indptr), shape=(n, n))

        def scipy_dijkstra(s, t):
            d, _pred = csgraph.dijkstra(m, indices=s, return_predecessors=True)
            return d[t]
        out["scipy"] = {"dijkstra": scipy_dijkstra}
    if "igraph" in names:
        import igraph

        ig = igraph.Graph(n=n, edges=np.stack([src, indices], 1).tolist(), directed=True)
        ig.es["w"] = costs.tolist()

        def igraph_dijkstra(s, t):
            path = ig.get_shortest_path(s, t, weights="w", output="epath")
            return float(sum(ig.es[path]["w"])) if path or s == t else math.inf
        out["igraph"] = {"dijkstra": igraph_dijkstra}
    if "rustworkx" in names:
        import rustworkx as rx

        rx_g = rx.PyDiGraph()
        rx_g.add_nodes_from(range(n))
        rx_g.add_edges_from(list(zip(src.tolist(), indices.tolist(), costs.tolist(),
                                  strict=True)))

        def rx_dijkstra(s, t):
            d = rx.dijkstra_shortest_path_lengths(rx_g, s, float, goal=t)
            return d[t] if t in d else (0.0 if s == t else math.inf)  # noqa: SIM401
        out["rustworkx"] = {"dijkstra": rx_dijkstra}
    if "networkit" in names:
        try:
            import networkit as nk
        except ImportError:
            print("networkit not installed: skipped", file=sys.stderr)
        else:
            nkg = nk.Graph(n, weighted=True, directed=True)
            for u, v, c in zip(src.tolist(), indices.tolist(), costs.tolist(), strict=True):
                nkg.addEdge(u, v, c)
            xy = graph.coordinates
            scale = graph.heuristic_scale() if xy is not None else 0.0

            def nk_dijkstra(s, t):
                d = nk.distance.Dijkstra(nkg, s, True, False, t)
                d.run()
                return d.distance(t)

            def nk_bidijkstra(s, t):
                d = nk.distance.BidirectionalDijkstra(nkg, s, t)
                d.run()
                return d.getDistance()

            def nk_astar(s, t):
                heu = (scale * np.hypot(xy[:, 0] - xy[t, 0], xy[:, 1] - xy[t, 1])).tolist()
                a = nk.distance.AStar(nkg, heu, s, t)
                a.run()
                return a.getDistance()
            out["networkit"] = {"dijkstra": nk_dijkstra, "bidirectional_dijkstra": nk_bidijkstra}
            if xy is not None and graph.metric is wf.Metric.EUCLIDEAN:
                out["networkit"]["astar"] = nk_astar
    if "networkx" in names:
        import networkx as nx

        nxg = nx.DiGraph()
        nxg.add_nodes_from(range(n))
        nxg.add_weighted_edges_from(zip(src.tolist(), indices.tolist(), costs.tolist(),
                                      strict=True))
        xy = graph.coordinates

        def nx_cost(path):
            return sum(nxg[a][b]["weight"] for a, b in itertools.pairwise(path))

        def nx_dijkstra(s, t):
            try:
                return nx_cost(nx.dijkstra_path(nxg, s, t))
            except nx.NetworkXNoPath:
                return math.inf

        def nx_astar(s, t):
            scale = graph.heuristic_scale()
            try:
                return nx_cost(nx.astar_path(nxg, s, t, heuristic=lambda a, b: scale * math.hypot(
                    xy[a, 0] - xy[b, 0], xy[a, 1] - xy[b, 1])))
            except nx.NetworkXNoPath:
                return math.inf
        out["networkx"] = {"dijkstra": nx_dijkstra}
        if xy is not None and graph.metric is wf.Metric.EUCLIDEAN:
            out["networkx"]["astar"] = nx_astar
    return out


# ------------------------------------------------------------------------ running
def ours(graph: wf.CSRGraph, lm, prepared=None) -> dict:
    with_coords = graph.coordinates is not None

    def run(f):
        def query(s, t):
            r = f(s, t)
            query.settled += r.expanded
            return r.cost
        query.settled = 0
        return query
    out = {"dijkstra": run(lambda s, t: wf.dijkstra(graph, s, t)),
           "bidirectional_dijkstra": run(lambda s, t: wf.bidirectional_dijkstra(graph, s, t)),
           "alt": run(lambda s, t: wf.astar(graph, s, t, heuristic=lm)),
           "bidirectional_alt": run(lambda s, t: wf.bidirectional_astar(graph, s, t,
                                                                        heuristic=lm))}
    if prepared is not None:
        out["hierarchy"] = run(prepared.search)
    if with_coords:
        out["astar"] = run(lambda s, t: wf.astar(graph, s, t))
        out["bidirectional_astar"] = run(lambda s, t: wf.bidirectional_astar(graph, s, t))
    return out


CLOCKS = {"cpu": time.thread_time, "wall": time.perf_counter}


def time_queries(f, pairs, budget_s: float, clock=time.thread_time):
    costs, times = [], []
    start = time.perf_counter()
    for s, t in pairs:
        t0 = clock()
        costs.append(f(s, t))
        times.append(clock() - t0)
        if time.perf_counter() - start > budget_s:
            break
    return costs, times


def bench(name: str, graph: wf.CSRGraph, args) -> list[tuple]:
    rng = np.random.default_rng(7)
    pairs = [(int(a), int(b)) for a, b in rng.integers(0, graph.node_count, (args.queries, 2))]
    t0 = time.perf_counter()
    lm = wf.landmarks(graph, count=args.landmarks)
    lm_s = time.perf_counter() - t0
    print(f"# {name}: {graph.node_count} nodes, {graph.edge_count} edges; "
          f"{args.landmarks} landmarks in {lm_s:.2f} s", file=sys.stderr)
    prepared = None
    if graph.node_count <= args.hierarchy_max_nodes:
        from wayfinding.api import prepare

        prepared = prepare(graph)
        print(f"# {name}: hierarchy built in {prepared.build_seconds:.1f} s, "
              f"{prepared.nbytes / 1e6:.1f} MB, {prepared.shortcuts} shortcuts",
              file=sys.stderr)
    mine = ours(graph, lm, prepared)
    names = set(args.peers.split(","))
    if graph.node_count > args.networkx_max_nodes:
        names.discard("networkx")
    runs = [("wayfinding", method, f) for method, f in mine.items()]
    runs += [(lib, method, f) for lib, methods in peers(graph, names).items()
             for method, f in methods.items()]
    for _, _, f in runs:  # compile and warm up
        f(*pairs[0])
    for f in mine.values():
        f.settled = 0
    best: dict = {}  # (lib, method) -> the per-query times of its best round
    truth = None
    rounds_done: dict = {}
    for r in range(args.rounds):  # round-robin, keep each method's best round (busy machines)
        for lib, method, f in runs:
            if lib == "networkx" and r >= args.slow_rounds:
                continue
            budget = args.slow_budget if lib == "networkx" else 1e9
            costs, times = time_queries(f, pairs, budget, CLOCKS[args.clock])
            rounds_done[(lib, method)] = rounds_done.get((lib, method), 0) + 1
            if truth is None:
                truth = costs
            assert np.allclose(costs, truth[: len(costs)]), f"{lib} {method} disagrees"
            held = best.get((lib, method))
            if held is None or len(times) > len(held) or (
                    len(times) == len(held) and sum(times) < sum(held)):
                best[(lib, method)] = times
    rows = []
    for lib, method, f in runs:
        times = best[(lib, method)]
        base = best[("wayfinding", "dijkstra" if lib == "wayfinding" else method)]
        k = min(len(times), len(base))  # the same queries on both sides (a slow peer's
        ratio = sum(times[:k]) / sum(base[:k])  # budget may cut its list short)
        settled = (f.settled / (rounds_done[(lib, method)] * args.queries)
                   if lib == "wayfinding" else math.nan)
        rows.append((name, lib, method, float(np.mean(times)) * 1e6, ratio, settled,
                     len(times)))
    return rows


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--maps", default="dao/arena2,dao/brc202d,dao/ost100d",
                   help="MovingAI set/name list ('' for none)")
    p.add_argument("--data", default=str(DATA))
    p.add_argument("--rgg", default="10000,100000,1000000", help="random geometric graph sizes")
    p.add_argument("--dimacs", default="", help="comma list of file.gr[:file.co]")
    p.add_argument("--queries", type=int, default=100)
    p.add_argument("--landmarks", type=int, default=16)
    p.add_argument("--rounds", type=int, default=3,
                   help="time every method this many times, round-robin; keep the best")
    p.add_argument("--peers", default="scipy,igraph,rustworkx,networkit,networkx")
    p.add_argument("--hierarchy-max-nodes", type=int, default=200_000,
                   help="prepare (contraction hierarchy) only graphs up to this size")
    p.add_argument("--networkx-max-nodes", type=int, default=200_000,
                   help="skip networkx on larger graphs (memory)")
    p.add_argument("--clock", choices=sorted(CLOCKS), default="cpu",
                   help="cpu: the calling thread's CPU time (default); wall: elapsed time")
    p.add_argument("--slow-budget", type=float, default=20.0,
                   help="seconds per graph and round for networkx (it times fewer queries)")
    p.add_argument("--slow-rounds", type=int, default=2,
                   help="rounds that time networkx too (of --rounds; its best is kept)")
    args = p.parse_args(argv)
    graphs = []
    for item in filter(None, args.maps.split(",")):
        s, nm = item.split("/")
        graphs.append((nm, lambda s=s, nm=nm: map_graph(Path(args.data) / "maps" / s /
                                                      f"{nm}.map")))
    for size in filter(None, args.rgg.split(",")):
        graphs.append((f"rgg{int(size)}", lambda n=int(size): geometric_graph(n)))
    for item in filter(None, args.dimacs.split(",")):
        gr, _, co = item.partition(":")
        graphs.append((Path(gr).stem, lambda gr=gr, co=co: dimacs.read_dimacs(
            gr, co or None, coordinate_scale=1e-6, metric=wf.Metric.GREAT_CIRCLE)))
    rows = []
    for name, build in graphs:
        rows += bench(name, build(), args)
    print(f"{'graph':<14}{'library':<12}{'method':<24}{'mean_us':>11}{'x_ours':>9}"
          f"{'settled':>10}{'queries':>9}")
    for name, lib, method, us, ratio, settled, q in rows:
        st = "" if math.isnan(settled) else f"{settled:.0f}"
        print(f"{name:<14}{lib:<12}{method:<24}{us:>11.1f}{ratio:>9.2f}{st:>10}{q:>9}")


if __name__ == "__main__":
    main()
