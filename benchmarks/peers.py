"""wayfinding side by side with other Python pathfinding libraries on MovingAI maps.

Every library answers the same MovingAI queries, configured as close to the benchmark's
rules as it allows (8-way, straight 1, diagonal sqrt 2, no corner cutting: a diagonal step
needs both orthogonal cells passable). Every returned path is checked here, independently
of the library (adjacent steps, passable cells, no corner cut, cost recomputed) and
compared with the scenario's optimum to the precision the file prints it.

Run (from the repository root; peers come from the ``bench`` extra)::

    .venv/bin/python benchmarks/peers.py                       # the 8 maps of issue 3
    .venv/bin/python benchmarks/peers.py --sample 50 --peers tcod,scipy --per-map
    .venv/bin/python benchmarks/peers.py --set dao --maps arena2,brc202d --json out.json

Columns of the table (one row per library, wayfinding first):

    rules       exact = the library follows the benchmark's rules; otherwise what it breaks
    queries     queries timed (slow libraries only get ``--peer-sample`` per map)
    optimal%    right answers: paths valid under the rules and as short as the optimum, or
                "no path" where the scenario marks the goal unreachable (optimum 0) and an
                independent flood agrees (the rules of ``wayfinding bench``)
    not_opt     valid paths whose cost differs from the optimum (longer, as a rule)
    invalid     paths breaking the rules (corner cut, wall, jump), or no path returned
                although start and goal are connected
    median_us   median time per query, microseconds (path extraction included,
    mean_us     mean time per query        graph / grid building excluded)
    x_mean      mean_us / wayfinding's mean_us on the same queries (> 1: slower than ours)
    x_median    median_us / wayfinding's median_us on the same queries
    build_ms    mean time per map to build the library's graph or grid object
Notes on the rules each library cannot follow are printed under the table.

Per query each library gets a fresh search (its usual per-query call: a new tcod
Pathfinder, ``grid.cleanup()`` for python-pathfinding, ...); one untimed warm-up query per
map and library comes first (for wayfinding this also compiles its kernels). With
``--repeat R`` each query is timed R times and its fastest time kept (a busy machine).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import importlib.metadata
import json
import math
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as cm

import wayfinding as wf

Loc = tuple[int, int]
Query = Callable[[Loc, Loc], Any]  # (start, goal) -> path of (x, y) or None

#: Straight steps (E, W, S, N) and diagonals; ``HALF`` holds one direction of each edge.
MOVES = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))
HALF = ((1, 0), (0, 1), (1, 1), (-1, 1))
#: tcod's Pathfinder takes integer costs: a Pell pair, 114243 / 80782 = sqrt 2 to 5e-11.
TCOD_STRAIGHT, TCOD_DIAGONAL = 80782, 114243


def grid_edges(passable: np.ndarray, moves: Sequence[Loc]) -> tuple[np.ndarray, ...]:
    """Edges ``(u, v, weight)`` of the map under the rules, cells numbered ``y * W + x``."""
    h, w = passable.shape
    pad = np.zeros((h + 2, w + 2), bool)
    pad[1:-1, 1:-1] = passable
    us, vs, ws = [], [], []
    for dx, dy in moves:
        ok = passable & pad[1 + dy:1 + dy + h, 1 + dx:1 + dx + w]
        if dx and dy:
            ok &= pad[1:1 + h, 1 + dx:1 + dx + w] & pad[1 + dy:1 + dy + h, 1:1 + w]
        ys, xs = np.nonzero(ok)
        us.append(ys * w + xs)
        vs.append((ys + dy) * w + xs + dx)
        ws.append(np.full(len(xs), cm.SQRT2 if dx and dy else 1.0))
    return np.concatenate(us), np.concatenate(vs), np.concatenate(ws)


def ids_to_xy(ids: Any, width: int) -> np.ndarray:
    ids = np.asarray(ids, dtype=np.int64)
    return np.column_stack((ids % width, ids // width))


def octile(ax: int, ay: int, bx: int, by: int) -> float:
    dx, dy = abs(ax - bx), abs(ay - by)
    return max(dx, dy) + (cm.SQRT2 - 1.0) * min(dx, dy)


# ------------------------------------------------------------------------ adapters
# Each builder takes bool[H, W] (True = passable) and returns query(start, goal).
def build_wayfinding(passable: np.ndarray) -> Query:
    grid = wf.Grid(passable, diagonal=True)  # CornerCutting.NEVER, sqrt 2: the rules

    def query(start: Loc, goal: Loc) -> Any:
        return wf.astar(grid, start, goal).path
    return query


def build_tcod(passable: np.ndarray) -> Query:
    import tcod.path

    h, w = passable.shape
    cost = np.ascontiguousarray(passable, dtype=np.int8)
    pad = np.zeros((h + 2, w + 2), np.int8)
    pad[1:-1, 1:-1] = cost
    graph = tcod.path.CustomGraph((h, w))  # ij order
    graph.add_edges(edge_map=[[0, TCOD_STRAIGHT, 0], [TCOD_STRAIGHT, 0, TCOD_STRAIGHT],
                              [0, TCOD_STRAIGHT, 0]], cost=cost)
    for di in (-1, 1):
        for dj in (-1, 1):  # the diagonal exists where both orthogonal cells are open
            both = pad[1 + di:1 + di + h, 1:1 + w] & pad[1:1 + h, 1 + dj:1 + dj + w]
            graph.add_edge((di, dj), TCOD_DIAGONAL, cost=cost,
                           condition=np.ascontiguousarray(both))
    graph.set_heuristic(cardinal=TCOD_STRAIGHT, diagonal=TCOD_DIAGONAL)

    def query(start: Loc, goal: Loc) -> Any:
        pf = tcod.path.Pathfinder(graph)
        pf.add_root((start[1], start[0]))
        ij = pf.path_to((goal[1], goal[0]))
        return ij[:, ::-1] if len(ij) > 1 or start == goal else None
    return query


def build_tcod_astar(passable: np.ndarray) -> Query:
    import tcod.path

    astar = tcod.path.AStar(passable.T.astype(np.int8), diagonal=cm.SQRT2)  # [x, y] order

    def query(start: Loc, goal: Loc) -> Any:
        steps = astar.get_path(start[0], start[1], goal[0], goal[1])
        return [start, *steps] if steps or start == goal else None
    return query


def build_scipy(passable: np.ndarray) -> Query:
    from scipy.sparse import csr_array
    from scipy.sparse.csgraph import dijkstra

    h, w = passable.shape
    u, v, weight = grid_edges(passable, MOVES)
    graph = csr_array((weight, (u, v)), shape=(h * w, h * w))

    def query(start: Loc, goal: Loc) -> Any:
        s, t = start[1] * w + start[0], goal[1] * w + goal[0]
        _, pred = dijkstra(graph, directed=True, indices=s, return_predecessors=True)
        if s != t and pred[t] < 0:
            return None
        ids = [t]
        while ids[-1] != s:
            ids.append(int(pred[ids[-1]]))
        return ids_to_xy(ids[::-1], w)
    return query


def build_igraph(passable: np.ndarray) -> Query:
    import igraph

    h, w = passable.shape
    u, v, weight = grid_edges(passable, HALF)
    graph = igraph.Graph(n=h * w, edges=np.column_stack((u, v)).tolist(), directed=False)
    graph.es["weight"] = weight.tolist()

    def query(start: Loc, goal: Loc) -> Any:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "couldn't reach some vertices"
            ids = graph.get_shortest_path(start[1] * w + start[0], to=goal[1] * w + goal[0],
                                          weights="weight", output="vpath")
        return ids_to_xy(ids, w) if ids else None
    return query


def build_rustworkx(passable: np.ndarray) -> Query:
    import rustworkx as rx

    h, w = passable.shape
    u, v, weight = grid_edges(passable, HALF)
    graph = rx.PyGraph(multigraph=False)
    graph.add_nodes_from(range(h * w))
    graph.add_edges_from(list(zip(u.tolist(), v.tolist(), weight.tolist(), strict=True)))

    def query(start: Loc, goal: Loc) -> Any:
        t = goal[1] * w + goal[0]
        paths = rx.graph_dijkstra_shortest_paths(graph, start[1] * w + start[0], target=t,
                                                 weight_fn=float)
        if t in paths:
            return ids_to_xy(paths[t], w)
        return [start] if start == goal else None
    return query


def build_networkx(passable: np.ndarray) -> Query:
    import networkx as nx

    w = passable.shape[1]
    u, v, weight = grid_edges(passable, HALF)
    graph = nx.Graph()
    graph.add_nodes_from(np.flatnonzero(passable.ravel()).tolist())
    graph.add_weighted_edges_from(zip(u.tolist(), v.tolist(), weight.tolist(), strict=True))

    def heuristic(a: int, b: int) -> float:
        ay, ax = divmod(a, w)
        by, bx = divmod(b, w)
        return octile(ax, ay, bx, by)

    def query(start: Loc, goal: Loc) -> Any:
        try:
            ids = nx.astar_path(graph, start[1] * w + start[0], goal[1] * w + goal[0],
                                heuristic=heuristic, weight="weight")
        except nx.NetworkXNoPath:
            return None
        return ids_to_xy(ids, w)
    return query


def build_pathfinding(passable: np.ndarray) -> Query:
    from pathfinding.core.diagonal_movement import DiagonalMovement
    from pathfinding.core.grid import Grid
    from pathfinding.finder.a_star import AStarFinder

    grid = Grid(matrix=passable.astype(np.int8).tolist())
    finder = AStarFinder(diagonal_movement=DiagonalMovement.only_when_no_obstacle)

    def query(start: Loc, goal: Loc) -> Any:
        grid.cleanup()
        nodes, _ = finder.find_path(grid.node(*start), grid.node(*goal), grid)
        return [(n.x, n.y) if hasattr(n, "x") else tuple(n) for n in nodes] or None
    return query


def build_pyastar2d(passable: np.ndarray) -> Query:
    import pyastar2d

    weights = np.where(passable, 1.0, np.inf).astype(np.float32)

    def query(start: Loc, goal: Loc) -> Any:
        ij = pyastar2d.astar_path(weights, (start[1], start[0]), (goal[1], goal[0]),
                                  allow_diagonal=True)
        return None if ij is None else ij[:, ::-1]
    return query


def build_skimage(passable: np.ndarray) -> Query:
    from skimage.graph import MCP_Geometric

    mcp = MCP_Geometric(np.where(passable, 1.0, np.inf), fully_connected=True)

    def query(start: Loc, goal: Loc) -> Any:
        costs, _ = mcp.find_costs([(start[1], start[0])], [(goal[1], goal[0])])
        if not math.isfinite(costs[goal[1], goal[0]]):
            return None
        return np.asarray(mcp.traceback((goal[1], goal[0])))[:, ::-1]
    return query


@dataclass(frozen=True)
class Peer:
    name: str
    module: str  # imported to check availability
    dist: str  # distribution whose version is reported
    build: Callable[[np.ndarray], Query]
    rules: str  # "exact", or what it breaks
    notes: str
    slow: bool = False  # timed only on --peer-sample queries per map


PEERS = (
    Peer("wayfinding", "wayfinding", "wayfinding", build_wayfinding, "exact",
         "astar(Grid(diagonal=True)): CornerCutting.NEVER, sqrt 2, octile heuristic"),
    Peer("tcod", "tcod.path", "tcod", build_tcod, "exact",
         "Pathfinder on a CustomGraph: each diagonal edge gated per cell by a condition "
         "array (both orthogonal cells open); integer costs 80782/114243; A* (octile). "
         "SimpleGraph and the classic AStar cut corners"),
    Peer("tcod-astar", "tcod.path", "tcod", build_tcod_astar, "cuts corners",
         "classic tcod.path.AStar(cost, diagonal=sqrt 2): no corner rule; float32 costs; "
         "euclidean heuristic"),
    Peer("scipy", "scipy.sparse.csgraph", "scipy", build_scipy, "exact",
         "csgraph.dijkstra(indices=start) on a CSR graph with the rule's edges: it has no "
         "goal and no early exit, so every query searches the whole map (limit= would need "
         "the answer in advance; min_only=True measured no faster)"),
    Peer("igraph", "igraph", "igraph", build_igraph, "exact",
         "Graph.get_shortest_path (Dijkstra, stops at the goal) on the rule's edges; "
         "get_shortest_path_astar with a Python octile heuristic crashed the interpreter "
         "(bus error) on dao/brc202d with python-igraph 1.0.0"),
    Peer("rustworkx", "rustworkx", "rustworkx", build_rustworkx, "exact",
         "graph_dijkstra_shortest_paths(target=goal, weight_fn=float) on the rule's edges "
         "(graph_astar_shortest_path with Python callbacks measured no faster)"),
    Peer("networkx", "networkx", "networkx", build_networkx, "exact",
         "astar_path with an octile heuristic on the rule's edges", slow=True),
    Peer("pathfinding", "pathfinding", "pathfinding", build_pathfinding, "exact",
         "AStarFinder, DiagonalMovement.only_when_no_obstacle (octile)", slow=True),
    Peer("pyastar2d", "pyastar2d", "pyastar2d", build_pyastar2d,
         "cuts corners, diagonal = 1",
         "a step costs the entered cell's weight, so diagonals cost 1; no corner rule"),
    Peer("skimage", "skimage.graph", "scikit-image", build_skimage, "cuts corners",
         "MCP_Geometric (Dijkstra, diagonals sqrt 2), built once per map: no corner rule"),
)


# ------------------------------------------------------------------------ running
@dataclass
class Run:
    """One library on one map."""

    peer: str
    case: str
    indices: np.ndarray  # which of the map's queries were timed
    times_ns: np.ndarray
    verdicts: list[cm.Status]
    build_ns: int


def available(peer: Peer) -> str | None:
    """None when the peer can be imported, else why not."""
    try:
        importlib.import_module(peer.module)
    except Exception as exc:  # any import failure means "skip"
        return f"{type(exc).__name__}: {exc}"
    return None


def version(peer: Peer) -> str:
    try:
        return importlib.metadata.version(peer.dist)
    except importlib.metadata.PackageNotFoundError:
        return "?"


def run_map(peers: Sequence[Peer], case: cm.MapCase, peer_sample: int,
            repeat: int) -> list[Run]:
    """Every library on one map, interleaved query by query (so that a busy machine slows
    them alike): query ``i`` runs on each library in turn before query ``i + 1``."""
    few = set(cm.spread(len(case), peer_sample).tolist())
    queries, builds, indices = [], [], []
    for peer in peers:
        t = time.perf_counter_ns()
        queries.append(peer.build(case.passable))
        builds.append(time.perf_counter_ns() - t)
        indices.append([i for i in range(len(case)) if not peer.slow or i in few])
        queries[-1](case.starts[indices[-1][0]], case.goals[indices[-1][0]])  # warm-up
    times = [np.full(len(ix), np.iinfo(np.int64).max, dtype=np.int64) for ix in indices]
    paths: list[list[Any]] = [[None] * len(ix) for ix in indices]
    position = [dict(zip(ix, range(len(ix)), strict=True)) for ix in indices]
    gc.collect()
    gc.disable()
    try:
        for _ in range(repeat):
            for i in range(len(case)):
                start, goal = case.starts[i], case.goals[i]
                for p, query in enumerate(queries):
                    k = position[p].get(i)
                    if k is None:
                        continue
                    t = time.perf_counter_ns()
                    path = query(start, goal)
                    t = time.perf_counter_ns() - t
                    times[p][k] = min(times[p][k], t)
                    paths[p][k] = path
    finally:
        gc.enable()
    return [Run(peer.name, case.label, np.array(ix), times[p],
                [cm.judge_path(case, i, path) for i, path in zip(ix, paths[p], strict=True)],
                builds[p])
            for p, (peer, ix) in enumerate(zip(peers, indices, strict=True))]


def summary(runs: list[Run], base: dict[str, Run]) -> dict[str, Any]:
    """Totals for one library over ``runs``; ratios against ``base`` on the same queries."""
    times = np.concatenate([r.times_ns for r in runs])
    base_times = np.concatenate([base[r.case].times_ns[r.indices] for r in runs])
    verdicts = [v for r in runs for v in r.verdicts]
    median_us, mean_us = cm.median_mean_us(times)
    base_median, base_mean = cm.median_mean_us(base_times)
    count = {v: verdicts.count(v) for v in cm.Status}
    return {
        "queries": len(verdicts),
        "optimal": count[cm.Status.OPTIMAL],
        "not_optimal": count[cm.Status.NOT_OPTIMAL],
        "invalid": count[cm.Status.INVALID],
        "median_us": median_us,
        "mean_us": mean_us,
        "ratio_mean": mean_us / base_mean,
        "ratio_median": median_us / base_median,
        "build_ms": float(np.mean([r.build_ns for r in runs])) / 1e6,
    }


HEADERS = ("library", "rules", "queries", "optimal%", "not_opt", "invalid", "median_us",
           "mean_us", "x_mean", "x_median", "build_ms")
RIGHT = (False, False, True, True, True, True, True, True, True, True, True)


def row(name: str, rules: str, s: dict[str, Any]) -> list[str]:
    return [name, rules, str(s["queries"]), cm.fmt(100.0 * s["optimal"] / s["queries"]),
            str(s["not_optimal"]), str(s["invalid"]), cm.fmt(s["median_us"]),
            cm.fmt(s["mean_us"]), cm.fmt(s["ratio_mean"], 2), cm.fmt(s["ratio_median"], 2),
            cm.fmt(s["build_ms"])]


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--maps-dir", type=Path, default=cm.DEFAULT_DATA,
                   help="MovingAI data: MAPS_DIR/maps/SET/*.map, MAPS_DIR/scenarios/SET/")
    p.add_argument("--set", help="map set (dao, mazes, random, rooms); alone: all its maps")
    p.add_argument("--maps", help="comma-separated NAME or SET/NAME (default: issue 3's 8)")
    p.add_argument("--sample", type=int, default=100,
                   help="queries per map, spread evenly over the buckets (0 = all)")
    p.add_argument("--peer-sample", type=int, default=10,
                   help="queries per map for the slow libraries (networkx, pathfinding)")
    p.add_argument("--peers", help="comma-separated libraries (default: all installed): "
                   + ",".join(q.name for q in PEERS[1:]))
    p.add_argument("--repeat", type=int, default=1, help="time each query N times, keep min")
    p.add_argument("--per-map", action="store_true", help="also print one row per map")
    p.add_argument("--json", type=Path, help="write the figures to this file")
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    by_name = {q.name: q for q in PEERS}
    names = [n.strip() for n in args.peers.split(",")] if args.peers else list(by_name)[1:]
    unknown = [n for n in names if n not in by_name]
    if unknown:
        raise SystemExit(f"unknown peer(s) {unknown}; choose from {list(by_name)[1:]}")
    chosen, skipped = [PEERS[0]], {}
    for name in names:
        why = available(by_name[name])
        if why:
            skipped[name] = why
        elif by_name[name] not in chosen:
            chosen.append(by_name[name])
    specs = cm.resolve_maps(args.maps_dir, args.set, args.maps)
    sample = args.sample or None

    print(f"python {sys.version.split()[0]}; "
          + ", ".join(f"{q.name} {version(q)}" for q in chosen), flush=True)
    runs: dict[str, list[Run]] = {q.name: [] for q in chosen}
    for set_name, map_name in specs:
        t = time.perf_counter()
        case = cm.load_case(args.maps_dir, set_name, map_name, sample)
        for run in run_map(chosen, case, args.peer_sample, args.repeat):
            runs[run.peer].append(run)
        print(f"  {case.label:<24} {len(case):>5} queries, {time.perf_counter() - t:7.1f} s",
              file=sys.stderr, flush=True)

    base = {r.case: r for r in runs["wayfinding"]}
    totals = {name: summary(rs, base) for name, rs in runs.items()}
    print(f"\n{len(specs)} maps, {sum(len(r.indices) for r in runs['wayfinding'])} queries "
          f"(--sample {args.sample}, slow libraries --peer-sample {args.peer_sample}); "
          "ratios against wayfinding on the same queries")
    rows = [row(q.name, q.rules, totals[q.name]) for q in chosen]
    print(cm.table(HEADERS, rows, RIGHT))
    if args.per_map:
        for q in chosen:
            print(f"\n{q.name}")
            per = [row(r.case, "", summary([r], base)) for r in runs[q.name]]
            print(cm.table(("map", *HEADERS[1:]), per, RIGHT))
    print()
    for q in chosen:
        print(f"{q.name}: {q.notes}")
    for name, why in skipped.items():
        print(f"{name}: SKIPPED, not installed ({why})")

    if args.json:
        out = {
            "maps": [f"{s}/{n}" for s, n in specs],
            "sample": args.sample, "peer_sample": args.peer_sample, "repeat": args.repeat,
            "skipped": skipped,
            "peers": {
                q.name: {**totals[q.name], "version": version(q), "rules": q.rules,
                         "notes": q.notes,
                         "maps": {r.case: summary([r], base) for r in runs[q.name]}}
                for q in chosen
            },
        }
        args.json.write_text(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
