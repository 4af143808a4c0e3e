"""Issue 33's compiled searches side by side with their peers: Yen's k shortest paths
against networkx and scipy, Bellman-Ford and Johnson against scipy, same graphs, same
queries, every answer compared.

Graphs: random geometric graphs (``benchmarks/graphs.py``: points in the unit square,
each joined to its 6 nearest neighbours both ways, cost = distance). For Bellman-Ford and
Johnson every edge ``u -> v`` then costs ``c + p(u) - p(v)`` with random potentials
``p`` in ``[0, --spread]``: about a third of the edges cost less than 0, and no cycle
does (a cycle's cost is unchanged).

Run (from the repository root; scipy and networkx from the ``bench`` extra)::

    .venv/bin/python benchmarks/peer_searches.py
    .venv/bin/python benchmarks/peer_searches.py --nodes 10000 --k 10 --queries 5

Rows: ``ours_ms`` and ``peer_ms`` the mean time of one query (the calling thread's CPU
time: every library here answers in the calling thread; ours and the peer's taking turns
query by query, after one untimed call each), ``ratio`` = peer / ours (> 1: the peer is
slower). The load of the machine (``os.getloadavg``) is printed with each table.

- ``yen`` rows: ``wf.k_shortest_paths(graph, s, t, k)`` against the first ``k`` paths of
  networkx's ``shortest_simple_paths`` (each path's cost summed) and scipy's
  ``csgraph.yen`` (costs only); the ``k`` costs must agree.
- ``bellman_ford``: ``wf.bellman_ford(graph, s)`` (every cost from ``s``) against scipy's
  ``bellman_ford(matrix, indices=s)``; all distances must agree.
- ``johnson``: ``wf.johnson(graph, sources)`` against scipy's ``johnson(matrix,
  indices=sources)`` for ``--sources`` sources.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from pathlib import Path

import numpy as np

import wayfinding as wf

sys.path.insert(0, str(Path(__file__).resolve().parent))
from graphs import geometric_graph

CLOCK = time.thread_time


def _load() -> str:
    return "load {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def _timed(f, *args):
    start = CLOCK()
    answer = f(*args)
    return CLOCK() - start, answer


def _matrix(graph: wf.CSRGraph):
    from scipy.sparse import csr_matrix

    n = graph.node_count
    return csr_matrix((graph.costs, graph.indices, graph.indptr), shape=(n, n))


def _table(title: str, rows: list[tuple[str, float, float]]) -> None:
    print(f"\n{title}   ({_load()})")
    print(f"{'peer':<28}{'ours_ms':>12}{'peer_ms':>12}{'ratio':>10}")
    for name, ours, theirs in rows:
        print(f"{name:<28}{1e3 * ours:>12.2f}{1e3 * theirs:>12.2f}{theirs / ours:>10.1f}")


def bench_yen(graph: wf.CSRGraph, k: int, pairs: list[tuple[int, int]]) -> None:
    import networkx as nx
    from scipy.sparse import csgraph

    G = nx.DiGraph()
    tails = np.repeat(np.arange(graph.node_count), np.diff(graph.indptr))
    G.add_weighted_edges_from(zip(tails.tolist(), graph.indices.tolist(),
                                  graph.costs.tolist(), strict=True))
    matrix = _matrix(graph)

    def ours(s, t):
        return wf.k_shortest_paths(graph, s, t, k).costs

    def networkx(s, t):
        paths = itertools.islice(nx.shortest_simple_paths(G, s, t, weight="weight"), k)
        return [nx.path_weight(G, p, "weight") for p in paths]

    def scipy(s, t):
        return csgraph.yen(matrix, s, t, k).tolist()

    ours(*pairs[0])  # compile
    totals = {"networkx": [0.0, 0.0], "scipy": [0.0, 0.0]}
    for s, t in pairs:
        for name, peer in (("networkx", networkx), ("scipy", scipy)):
            t_ours, mine = _timed(ours, s, t)
            t_peer, theirs = _timed(peer, s, t)
            assert np.allclose(mine, theirs), (name, s, t, mine, theirs)
            totals[name][0] += t_ours
            totals[name][1] += t_peer
    _table(f"yen: k={k}, {graph.node_count} nodes, {graph.edge_count} edges, "
           f"{len(pairs)} queries",
           [(f"{name} shortest_simple_paths" if name == "networkx" else "scipy csgraph.yen",
             ours_t / len(pairs), peer_t / len(pairs))
            for name, (ours_t, peer_t) in totals.items()])


def signed(graph: wf.CSRGraph, spread: float, seed: int) -> wf.CSRGraph:
    """``graph`` with every edge cost shifted by random potentials (no negative cycle)."""
    p = np.random.default_rng(seed).random(graph.node_count) * spread
    tails = np.repeat(np.arange(graph.node_count), np.diff(graph.indptr))
    costs = graph.costs + p[tails] - p[graph.indices]
    return wf.CSRGraph(graph.indptr, graph.indices, costs, negative_costs=True)


def bench_bellman_ford(graph: wf.CSRGraph, starts: list[int], sources: int) -> None:
    from scipy.sparse import csgraph

    matrix = _matrix(graph)
    negative = float((graph.costs < 0).mean())

    def ours(s):
        return wf.bellman_ford(graph, s).cost_so_far.array

    def scipy(s):
        return csgraph.bellman_ford(matrix, indices=s)

    ours(starts[0])  # compile
    total = [0.0, 0.0]
    for s in starts:
        t_ours, mine = _timed(ours, s)
        t_peer, theirs = _timed(scipy, s)
        assert np.allclose(mine, theirs, equal_nan=True), s
        total[0] += t_ours
        total[1] += t_peer
    rows = [("scipy bellman_ford", total[0] / len(starts), total[1] / len(starts))]
    chosen = starts[:sources]

    def ours_johnson():
        answers = wf.johnson(graph, chosen)
        return np.stack([answers[s].cost_so_far.array for s in chosen])

    def scipy_johnson():
        return csgraph.johnson(matrix, indices=chosen)

    ours_johnson()
    t_ours, mine = _timed(ours_johnson)
    t_peer, theirs = _timed(scipy_johnson)
    assert np.allclose(mine, theirs)
    rows.append((f"scipy johnson ({sources} sources)", t_ours, t_peer))
    _table(f"bellman_ford / johnson: {graph.node_count} nodes, {graph.edge_count} edges "
           f"({100 * negative:.0f}% negative), {len(starts)} starts", rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=10_000)
    parser.add_argument("--k", type=int, default=10)
    parser.add_argument("--queries", type=int, default=5, help="Yen's start-goal pairs")
    parser.add_argument("--starts", type=int, default=10, help="Bellman-Ford's starts")
    parser.add_argument("--sources", type=int, default=20, help="Johnson's sources")
    parser.add_argument("--spread", type=float, default=0.03,
                        help="largest potential (edges of the unit square are ~0.01 long)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    graph = geometric_graph(args.nodes, seed=args.seed)
    rng = np.random.default_rng(args.seed)
    pairs = [tuple(int(x) for x in rng.choice(args.nodes, 2, replace=False))
             for _ in range(args.queries)]
    bench_yen(graph, args.k, pairs)
    starts = [int(x) for x in rng.choice(args.nodes, args.starts, replace=False)]
    bench_bellman_ford(signed(graph, args.spread, args.seed), starts, args.sources)


if __name__ == "__main__":
    main()
