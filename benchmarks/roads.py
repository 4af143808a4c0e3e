"""Road networks side by side: wayfinding's prepared graphs against RoutingKit (the
reference C++ contraction hierarchy, ``../shared/anchors/routingkit``), scipy, networkx
and pandana, on the same graphs and the same queries, in one run.

Run (from the repository root; RoutingKit built by its ``build.sh`` into
``/tmp/routingkit-anchor/bin``)::

    PYTHONPATH=src .venv/bin/python benchmarks/roads.py
    PYTHONPATH=src .venv/bin/python benchmarks/roads.py --graphs monaco,roads:300,map:dao/brc202d \
        --queries 10000 --table 1000

Graphs (``--graphs``, comma-separated):

- ``monaco``: the car graph RoutingKit's ``osm_extract`` makes of ``../shared/osm/
  monaco.osm.pbf`` (travel times in ms), taken as it is, so both sides route on the very
  same arcs;
- ``roads:S``: a synthetic road-like graph (:func:`road_graph`): S x S intersections;
- ``map:SET/NAME``: the 8-way graph of a MovingAI map (straight 1000, diagonal 1414, no
  corner cutting), a mesh rather than a road network.

``../shared`` is found beside the repository, or at ``$WAYFINDING_SHARED``.
Weights are integers (RoutingKit's are uint32), so every distance must agree exactly.
Columns of the table (one row per graph and measure; ``ratio`` = ours / theirs):

- ``build s``: ``wf.prepare`` against ``compute_contraction_hierarchy`` (whole process,
  file reading included for RoutingKit, which is small);
- ``peak MB``: resident memory the build adds (ours: sampled every 5 ms; RoutingKit's
  ``/usr/bin/time`` maximum resident size of the process, minus that of a process that
  only loads the graph: its ``run_dijkstra`` on one query);
  ``index MB``: ``prepared.nbytes`` against the size of RoutingKit's CH file;
- ``batch us``: ``wf.batch.prepared(..., paths=False)`` per query against
  ``run_contraction_hierarchy_query`` (distance only, one query at a time in a C++ loop),
  both over the queries repeated up to ``--timed`` (or ``--seconds`` of RoutingKit's
  time); RoutingKit's from its run time minus
  that of one query, so its start-up and file loading are left out (its own printed
  mean, whole microseconds, in brackets); best of two rounds each, taking turns;
- ``distance us``: one Python call of ``prepared.distance`` per query;
- ``path us``: ``prepared.search`` (path unpacked, labels, ``SearchResult``);
- ``dijkstra us``: ``wf.dijkstra`` (one pair, stops at the goal) against RoutingKit's
  ``run_dijkstra``, scipy's ``csgraph.dijkstra`` (one source, whole graph: it has no
  goal), networkx ``dijkstra_path_length`` and pandana's ``shortest_path_lengths``
  (its own contraction hierarchy, batch), on the first ``--dijkstra`` queries;
- ``table s``: ``prepared.table`` of ``--table`` sources x ``--table`` targets against
  as many floods of our Dijkstra (whole graph; timed on ``--floods`` of them and scaled).

``uptime``'s load is printed with the table: the machine is shared, so compare ratios.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np

import wayfinding as wf

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("WAYFINDING_SHARED", REPO / ".." / "shared"))
RK_BIN = Path(os.environ.get("ROUTINGKIT_BUILD", "/tmp/routingkit-anchor")) / "bin"
UNREACHABLE = 2**31 - 1


def road_graph(side: int, seed: int = 1) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    """A synthetic road network of ``side * side`` intersections: a jittered grid 100 m
    apart in which every 8th row and column is an arterial (70 km/h) and every 32nd a
    highway (110 km/h), kept whole; 35% of the local streets (40 km/h) are left out (the
    degree of a real road graph's intersections, about 2.6), and one street in ten is
    one-way. Arcs cost their travel time in milliseconds (rounded, at least 1).
    Returns ``(n, tails, heads, weights)``."""
    rng = np.random.default_rng(seed)
    n = side * side
    ys, xs = np.divmod(np.arange(n), side)
    points = np.stack([xs + rng.uniform(-0.3, 0.3, n), ys + rng.uniform(-0.3, 0.3, n)], 1)
    tails, heads, speeds = [], [], []
    for dx, dy in ((1, 0), (0, 1)):
        a = np.flatnonzero((xs + dx < side) & (ys + dy < side))
        line = ys[a] if dx else xs[a]
        speed = np.where(line % 32 == 0, 110.0, np.where(line % 8 == 0, 70.0, 40.0))
        keep = (speed > 40) | (rng.random(a.shape[0]) > 0.35)
        tails.append(a[keep])
        heads.append(a[keep] + dx + dy * side)
        speeds.append(speed[keep])
    s, d, v = np.concatenate(tails), np.concatenate(heads), np.concatenate(speeds)
    metres = 100.0 * np.linalg.norm(points[s] - points[d], axis=1)
    w = np.round(metres / (v / 3.6) * 1000).astype(np.int64) + 1
    oneway = rng.random(s.shape[0]) < 0.1
    flip = oneway & (rng.random(s.shape[0]) < 0.5)
    s, d = np.where(flip, d, s), np.where(flip, s, d)
    return (n, np.concatenate([s, d[~oneway]]), np.concatenate([d, s[~oneway]]),
            np.concatenate([w, w[~oneway]]))


def map_graph(spec: str) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    """The 8-way graph of a MovingAI map (straight 1000, diagonal 1414)."""
    from wayfinding.io import movingai

    open_ = np.asarray(movingai.read_map(SHARED / "movingai" / "maps" / f"{spec}.map")
                       .passable_mask)
    hgt, wid = open_.shape
    idx = -np.ones(open_.shape, np.int64)
    ys, xs = np.nonzero(open_)
    idx[ys, xs] = np.arange(xs.shape[0])
    tails, heads, weights = [], [], []
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if dx == dy == 0:
                continue
            x2, y2 = xs + dx, ys + dy
            ok = (x2 >= 0) & (x2 < wid) & (y2 >= 0) & (y2 < hgt)
            ok[ok] &= open_[y2[ok], x2[ok]]
            if dx and dy:
                ok[ok] &= open_[ys[ok], x2[ok]] & open_[y2[ok], xs[ok]]
            tails.append(idx[ys[ok], xs[ok]])
            heads.append(idx[y2[ok], x2[ok]])
            weights.append(np.full(int(ok.sum()), 1414 if dx and dy else 1000))
    return xs.shape[0], np.concatenate(tails), np.concatenate(heads), np.concatenate(weights)


def monaco(folder: str) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    """RoutingKit's car graph of Monaco (travel times in ms)."""
    f = lambda name: os.path.join(folder, name)  # noqa: E731
    _run(RK_BIN / "osm_extract", SHARED / "osm" / "monaco.osm.pbf", f("mo_first_out"),
         f("mo_head"), f("mo_geo"), f("mo_weight"), f("mo_lat"), f("mo_lon"))
    first_out = np.fromfile(f("mo_first_out"), np.uint32).astype(np.int64)
    heads = np.fromfile(f("mo_head"), np.uint32).astype(np.int64)
    n = first_out.shape[0] - 1
    return (n, np.repeat(np.arange(n), np.diff(first_out)), heads,
            np.fromfile(f("mo_weight"), np.uint32).astype(np.int64))


def _run(*args: object) -> tuple[str, float, int]:
    """``(stdout, seconds, max resident kB)`` of one command."""
    begin = time.perf_counter()
    done = subprocess.run(["/usr/bin/time", "-f", "%M", *map(str, args)], capture_output=True,
                          text=True, check=True)
    return done.stdout, time.perf_counter() - begin, int(done.stderr.split()[-1])


def _rss() -> int:
    with open("/proc/self/statm") as handle:
        return int(handle.read().split()[1]) * 4096


def _timed_build(graph: wf.CSRGraph) -> tuple[object, float, int]:
    base = peak = _rss()
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, _rss())
            time.sleep(0.005)

    watcher = threading.Thread(target=sample, daemon=True)
    watcher.start()
    begin = time.perf_counter()
    prepared = wf.prepare(graph)
    seconds = time.perf_counter() - begin
    done.set()
    watcher.join()
    return prepared, seconds, max(peak, _rss()) - base


def _per_query(call, count: int) -> float:
    begin = time.perf_counter()
    call()
    return (time.perf_counter() - begin) / count * 1e6


def measure(name: str, n: int, tails, heads, weights, args, folder: str) -> list[tuple]:
    """The rows of one graph: ``(measure, ours, theirs..., note)``."""
    f = lambda x: os.path.join(folder, x)  # noqa: E731
    order = np.lexsort((heads, tails))
    tails, heads, weights = tails[order], heads[order], weights[order]
    first_out = np.zeros(n + 1, np.uint32)
    np.cumsum(np.bincount(tails, minlength=n), out=first_out[1:])
    first_out.tofile(f("first_out"))
    heads.astype(np.uint32).tofile(f("head"))
    weights.astype(np.uint32).tofile(f("weight"))
    rng = np.random.default_rng(7)
    queries = rng.integers(0, n, size=(args.queries, 2))
    sources, targets = queries[:, 0].copy(), queries[:, 1].copy()
    for tag, count in (("", args.queries), ("1", 1)):
        sources[:count].astype(np.uint32).tofile(f("s" + tag))
        targets[:count].astype(np.uint32).tofile(f("t" + tag))
    graph = wf.CSRGraph.from_edges(tails, heads, weights.astype(np.float64), nodes=range(n))
    graph = wf.CSRGraph(graph.indptr, graph.indices, graph.costs)  # numbers as labels
    print(f"# {name}: {n} nodes, {graph.edge_count} arcs (RoutingKit {heads.shape[0]}), "
          f"{args.queries} queries; load {os.getloadavg()[0]:.2f}", flush=True)

    # builds: RoutingKit, then ours
    _, rk_build, rk_kb = _run(RK_BIN / "compute_contraction_hierarchy", f("first_out"),
                              f("head"), f("weight"), f("ch"))
    _, _, rk_base_kb = _run(RK_BIN / "run_dijkstra", f("first_out"), f("head"), f("weight"),
                            f("s1"), f("t1"), f("d1"))
    prepared, our_build, our_peak = _timed_build(graph)
    rows = [("build s", our_build, rk_build, ""),
            ("peak MB", our_peak / 1e6, max(rk_kb - rk_base_kb, 1) / 1e3, ""),
            ("index MB", prepared.nbytes / 1e6, os.path.getsize(f("ch")) / 1e6, "")]

    # queries, distance only: RoutingKit's loop, then our batch, alternating twice, over
    # the queries repeated up to --timed of them (at most about --seconds of RoutingKit's
    # time), so both last long enough for RoutingKit's process start to be taken out
    out, _, _ = _run(RK_BIN / "run_contraction_hierarchy_query", f("ch"), f("s"), f("t"),
                     f("d"))
    mean = max(float(out.split("avg running time :")[1].split("musec")[0]), 0.5)
    timed = int(min(args.timed, max(args.queries, args.seconds * 1e6 / mean)))
    reps = -(-timed // args.queries)
    timed_s, timed_t = np.tile(sources, reps), np.tile(targets, reps)
    timed_s.astype(np.uint32).tofile(f("sr"))
    timed_t.astype(np.uint32).tofile(f("tr"))
    rk_batch, rk_printed, ours_batch = [], 0.0, []
    for _ in range(2):
        out, full, _ = _run(RK_BIN / "run_contraction_hierarchy_query", f("ch"), f("sr"),
                            f("tr"), f("dr"))
        _, one, _ = _run(RK_BIN / "run_contraction_hierarchy_query", f("ch"), f("s1"),
                         f("t1"), f("d1"))
        rk_batch.append((full - one) / (timed_s.shape[0] - 1) * 1e6)
        rk_printed = float(out.split("avg running time :")[1].split("musec")[0])
        ours_batch.append(_per_query(
            lambda: wf.batch.prepared(prepared, timed_s, timed_t, paths=False),
            timed_s.shape[0]))
    _run(RK_BIN / "run_contraction_hierarchy_query", f("ch"), f("s"), f("t"), f("d"))
    result = [wf.batch.prepared(prepared, sources, targets, paths=False)]
    rk_dist = np.fromfile(f("d"), np.uint32).astype(np.float64)
    rk_dist[rk_dist >= UNREACHABLE] = np.inf
    ours = result[0].costs
    rows.append(("batch us", min(ours_batch), min(rk_batch), f"[RK prints {rk_printed:.0f}]"))
    single = _per_query(lambda: [prepared.distance(a, b) for a, b in
                                 zip(sources.tolist(), targets.tolist(), strict=True)],
                        args.queries)
    rows.append(("distance us", single, min(rk_batch), "one Python call each"))
    k = min(args.queries, 2000)
    paths = []
    path_us = _per_query(lambda: paths.extend(prepared.search(a, b).cost for a, b in
                                              zip(sources[:k].tolist(), targets[:k].tolist(),
                                                  strict=True)), k)
    rows.append(("path us", path_us, min(rk_batch), "ours with the path"))

    # Dijkstra: ours, RoutingKit's, scipy's, networkx's; pandana's hierarchy
    k = min(args.dijkstra, args.queries)
    dij = []
    our_dij = _per_query(lambda: dij.extend(wf.dijkstra(graph, a, b).cost for a, b in
                                            zip(sources[:k].tolist(), targets[:k].tolist(),
                                                strict=True)), k)
    sources[:k].astype(np.uint32).tofile(f("sk"))
    targets[:k].astype(np.uint32).tofile(f("tk"))
    out, _, _ = _run(RK_BIN / "run_dijkstra", f("first_out"), f("head"), f("weight"), f("sk"),
                     f("tk"), f("dk"))
    rk_dij = float(out.split("avg running time :")[1].split("musec")[0])
    peers = {"RoutingKit": rk_dij}
    checked = {"RoutingKit CH": rk_dist, "our Dijkstra": np.array(dij)}
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import dijkstra as sp_dijkstra

    matrix = csr_matrix((graph.costs, graph.indices, graph.indptr), shape=(n, n))
    kk = max(1, min(k, 20))
    begin = time.perf_counter()
    sp = [sp_dijkstra(matrix, indices=int(a))[int(b)] for a, b in
          zip(sources[:kk], targets[:kk], strict=True)]
    peers["scipy"] = (time.perf_counter() - begin) / kk * 1e6
    checked["scipy"] = np.array(sp)
    try:
        import networkx as nx

        G = nx.DiGraph()  # from our arrays: parallel arcs merged into the cheapest
        G.add_weighted_edges_from(zip(np.repeat(np.arange(n), np.diff(graph.indptr)).tolist(),
                                      graph.indices.tolist(), graph.costs.tolist(),
                                      strict=True))
        G.add_nodes_from(range(n))
        nxd = []
        begin = time.perf_counter()
        for a, b in zip(sources[:kk].tolist(), targets[:kk].tolist(), strict=True):
            try:
                nxd.append(nx.dijkstra_path_length(G, a, b))
            except nx.NetworkXNoPath:
                nxd.append(np.inf)
        peers["networkx"] = (time.perf_counter() - begin) / kk * 1e6
        checked["networkx"] = np.array(nxd)
    except ImportError:
        pass
    rows.append(("dijkstra us", our_dij, *[peers.get(p, np.nan) for p in
                                            ("RoutingKit", "scipy", "networkx")],
                 f"on {k} (scipy, networkx {kk}) queries"))
    pandana = (_pandana(n, tails, heads, weights, sources, targets, graph)
               if args.pandana and not name.startswith("map:") else None)
    if pandana is not None:
        rows.append(("pandana batch us", min(ours_batch), pandana[0], "its CH, batch"))
        checked["pandana"] = pandana[1]

    # the table against floods
    t = min(args.table, n)
    picks = np.stack([rng.choice(n, size=t, replace=False) for _ in range(2)])
    tbl = []
    table_s = _per_query(lambda: tbl.append(prepared.table(picks[0], picks[1])), 1) / 1e6
    floods = min(args.floods, t)
    flood_s = _per_query(lambda: [wf.dijkstra(graph, int(a)) for a in picks[0, :floods]],
                         floods) / 1e6 * t
    rows.append(("table s", table_s, flood_s, f"{t}x{t} vs {t} floods ({floods} timed)"))
    for j in range(min(floods, 3)):
        flood = wf.dijkstra(graph, int(picks[0, j])).cost_so_far.array
        checked.setdefault("floods", 0)
        if not np.array_equal(tbl[0][j], flood[picks[1]]):
            checked["floods"] += 1
    _agreement(name, ours, checked)
    return rows


def _pandana(n, tails, heads, weights, sources, targets, graph):
    """pandana's batch time per query and its distances, or None when it is missing."""
    try:
        import pandana
        import pandas as pd
    except ImportError:
        print("  pandana: not installed (pip install pandana)")
        return None
    import warnings

    nodes = pd.DataFrame({"x": np.arange(n, dtype=float), "y": np.zeros(n)})
    edges = pd.DataFrame({"from": tails, "to": heads, "w": weights.astype(float)})
    saved = os.dup(1)  # its C++ code prints progress bars
    with open(os.devnull, "w") as null, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        sys.stdout.flush()
        os.dup2(null.fileno(), 1)
        try:
            net = pandana.Network(nodes.x, nodes.y, edges["from"], edges["to"],
                                  edges[["w"]], twoway=False)
            begin = time.perf_counter()
            got = np.asarray(net.shortest_path_lengths(sources.tolist(), targets.tolist()),
                             float)
            per = (time.perf_counter() - begin) / sources.shape[0] * 1e6
        finally:
            sys.stdout.flush()
            os.dup2(saved, 1)
            os.close(saved)
    got[got == 4294967.295] = np.inf  # its "unreachable" (2**32 - 1 thousandths)
    return per, got


def _agreement(name: str, ours: np.ndarray, checked: dict) -> None:
    for who, theirs in checked.items():
        if who == "floods":
            print(f"  {name}: table rows differing from floods: {theirs}")
            continue
        k = theirs.shape[0]
        if who == "pandana":  # float32 inside: compared to 1e-6, relative
            bad = int(np.sum(~np.isclose(ours[:k], theirs, rtol=1e-6, atol=0)))
        else:
            bad = int(np.sum(ours[:k] != theirs))
        print(f"  {name}: distances differing from {who}: {bad} of {k}"
              f" ({int(np.sum(np.isinf(theirs)))} unreachable)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--graphs", default="monaco,roads:300,roads:700,map:dao/brc202d")
    parser.add_argument("--queries", type=int, default=10000)
    parser.add_argument("--timed", type=int, default=1_000_000,
                        help="distance-only queries timed (the queries repeated)")
    parser.add_argument("--seconds", type=float, default=5.0,
                        help="...or as many as RoutingKit answers in about this time")
    parser.add_argument("--dijkstra", type=int, default=200)
    parser.add_argument("--table", type=int, default=1000)
    parser.add_argument("--floods", type=int, default=20)
    parser.add_argument("--no-pandana", dest="pandana", action="store_false",
                        help="leave pandana out (it runs on the road graphs only: its "
                             "preprocessing of an 8-way map took over 10 minutes)")
    args = parser.parse_args()
    if not (RK_BIN / "run_contraction_hierarchy_query").exists():
        sys.exit(f"RoutingKit not built in {RK_BIN}: run ../shared/anchors/routingkit/build.sh")
    small = wf.CSRGraph.from_edges(np.array([0, 1]), np.array([1, 2]), np.array([1.0, 1.0]))
    warm = wf.prepare(small)  # compile outside the timing
    warm.search(0, 2), warm.distance(0, 2), warm.table([0], [2]), wf.dijkstra(small, 0, 2)
    wf.batch.prepared(warm, np.array([0]), np.array([2]), paths=False)
    table = []
    with tempfile.TemporaryDirectory() as folder:
        for spec in args.graphs.split(","):
            if spec == "monaco":
                n, tails, heads, weights = monaco(folder)
            elif spec.startswith("roads:"):
                n, tails, heads, weights = road_graph(int(spec.split(":")[1]))
            else:
                n, tails, heads, weights = map_graph(spec.split(":", 1)[1])
            rows = [(spec, *row) for row in measure(spec, n, tails, heads, weights, args,
                                                     folder)]
            _print(rows)  # as soon as measured, and all together at the end
            table += rows
    _print(table)


def _print(table: list[tuple]) -> None:
    print(f"\nload {os.getloadavg()[0]:.2f} (uptime, 1 min)")
    print(f"{'graph':<16}{'measure':<18}{'ours':>10}{'RoutingKit':>12}{'ratio':>8}"
          f"{'scipy':>10}{'networkx':>11}  note")
    for spec, what, ours, rk, *rest in table:
        note = rest[-1] if rest else ""
        extra = rest[:-1]
        cols = "".join(f"{x:>10.2f}" if np.isfinite(x) else f"{'-':>10}" for x in extra[:1])
        cols += "".join(f"{x:>11.1f}" for x in extra[1:2])
        print(f"{spec:<16}{what:<18}{ours:>10.3f}{rk:>12.3f}{ours / rk:>8.2f}{cols}  {note}",
              flush=True)


if __name__ == "__main__":
    main()
