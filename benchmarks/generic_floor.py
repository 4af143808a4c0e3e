"""The floor of CPython for one-pair A* and Dijkstra on networkx graphs: how close the
generic tier is to it, and how far networkx is.

The graphs and queries are those of ``generic.py`` (``grid_2d_graph`` with random weights
and a Manhattan heuristic, ``random_geometric_graph`` with Euclidean weights and heuristic,
dao maps with octile edges and heuristic). Three functions answer each query:

- ``nx``: ``networkx.astar_path`` / ``networkx.dijkstra_path``;
- ``ours``: ``wf.astar(G, s, t, heuristic=h)`` / ``wf.dijkstra(G, s, t)`` as a user calls
  them (a :class:`~wayfinding.result.SearchResult` with ``came_from``, ``cost_so_far``,
  ``expanded``; every step and estimate checked);
- ``floor``: a bare loop doing only what the search cannot skip on the graph: pop the best
  heap entry, skip it if stale (one look-up), test for the goal, and per edge read the
  step from the edge's data dict, add, look up the best cost so far, compare; per
  improvement store the cost and the parent and push one heap entry; per location reached
  one heuristic call (A*); the expanded entry stays on top of the heap until the first
  improvement replaces it (``heapreplace``: one sift instead of two, as in ours). No
  checks, no tie-breaking beyond a counter (networkx's), no result object; the path
  walked back from the goal. It is not a usable search (junk
  costs go through unnoticed): it bounds what any CPython loop of the same algorithm over
  the same dicts can do.

Columns: mean CPU microseconds per query of each (``time.process_time``; each function
answers all queries of a row back to back, the three in turn, ``--rounds`` times; the
best round is shown and ``spread`` is the worst round of ``ours`` over its best), then
``x_faster`` (networkx over ours), ``x_ceiling`` (networkx over the floor: the most any
loop of this algorithm could gain over networkx's on these queries) and ``ours/floor``.
Every cost is checked against networkx's.

Where the two searches expand different locations (A* on the dao maps: ours prefers the
larger cost so far among equal priorities, networkx and the floor take the oldest entry),
``x_faster`` may exceed ``x_ceiling``: the floor is a floor for networkx's order.

Run (from the repository root)::

    PYTHONPATH=src .venv/bin/python benchmarks/generic_floor.py --sizes 1000,10000 --maps ''
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from heapq import heappop, heappush, heapreplace
from pathlib import Path

import networkx as nx
from generic import DATA, dao_map, geometric, weighted_grid

import wayfinding as wf


def floor_astar(adj, weight, start, goal, heuristic):
    """A* reduced to the operations it cannot skip: ``(path, cost)`` or None."""
    cost_so_far = {start: 0.0}
    came_from = {start: None}
    estimates = {start: heuristic(start, goal)}
    frontier = [(estimates[start], 0, start, 0.0)]
    get = cost_so_far.get
    counter = 1
    while frontier:
        _, _, current, current_cost = frontier[0]
        if current_cost > cost_so_far[current]:
            heappop(frontier)
            continue
        if current == goal:
            return walk(came_from, goal), current_cost
        on_top = True  # the expanded entry: replaced by the first push (one sift, not two)
        for next_location, data in adj[current].items():
            new_cost = current_cost + data[weight]
            old = get(next_location)
            if old is None:
                estimate = estimates[next_location] = heuristic(next_location, goal)
            elif new_cost < old:
                estimate = estimates[next_location]
            else:
                continue
            cost_so_far[next_location] = new_cost
            came_from[next_location] = current
            entry = (new_cost + estimate, counter, next_location, new_cost)
            if on_top:
                heapreplace(frontier, entry)
                on_top = False
            else:
                heappush(frontier, entry)
            counter += 1
        if on_top:
            heappop(frontier)
    return None


def floor_dijkstra(adj, weight, start, goal):
    """Dijkstra reduced to the operations it cannot skip: ``(path, cost)`` or None."""
    cost_so_far = {start: 0.0}
    came_from = {start: None}
    frontier = [(0.0, 0, start)]
    get = cost_so_far.get
    counter = 1
    while frontier:
        current_cost, _, current = frontier[0]
        if current_cost > cost_so_far[current]:
            heappop(frontier)
            continue
        if current == goal:
            return walk(came_from, goal), current_cost
        on_top = True
        for next_location, data in adj[current].items():
            new_cost = current_cost + data[weight]
            old = get(next_location)
            if old is None or new_cost < old:
                cost_so_far[next_location] = new_cost
                came_from[next_location] = current
                if on_top:
                    heapreplace(frontier, (new_cost, counter, next_location))
                    on_top = False
                else:
                    heappush(frontier, (new_cost, counter, next_location))
                counter += 1
        if on_top:
            heappop(frontier)
    return None


def walk(came_from, goal):
    path = [goal]
    location = came_from[goal]
    while location is not None:
        path.append(location)
        location = came_from[location]
    path.reverse()
    return path


def cost_of(G, answer) -> float:
    if isinstance(answer, wf.SearchResult):
        return answer.cost
    if isinstance(answer, tuple):  # the floor's (path, cost)
        assert math.isclose(nx.path_weight(G, answer[0], "weight"), answer[1], rel_tol=1e-9)
        return answer[1]
    return nx.path_weight(G, answer, "weight")


def rows(G, h):
    adj = G._adj
    return [
        ("astar", lambda s, t: nx.astar_path(G, s, t, heuristic=h),
         lambda s, t: wf.astar(G, s, t, heuristic=h),
         lambda s, t: floor_astar(adj, "weight", s, t, h)),
        ("dijkstra", lambda s, t: nx.dijkstra_path(G, s, t),
         lambda s, t: wf.dijkstra(G, s, t),
         lambda s, t: floor_dijkstra(adj, "weight", s, t)),
    ]


def bench(name, G, h, queries, rounds, methods):
    nodes = sorted(max(nx.connected_components(G), key=len))
    rng = random.Random(11)  # generic.py's queries
    pairs = [(rng.choice(nodes), rng.choice(nodes)) for _ in range(queries)]
    out = []
    for method, *functions in rows(G, h):
        if methods is not None and method not in methods:
            continue
        truth = [cost_of(G, functions[0](s, t)) for s, t in pairs]
        times = [[] for _ in functions]
        for r in range(rounds):
            order = list(enumerate(functions))
            for i, f in order[r % 3:] + order[:r % 3]:  # each goes first in turn
                total = 0.0
                for (s, t), want in zip(pairs, truth, strict=True):
                    t1 = time.process_time()
                    answer = f(s, t)
                    total += time.process_time() - t1
                    assert math.isclose(cost_of(G, answer), want, rel_tol=1e-9,
                                        abs_tol=1e-9), (name, method, i, s, t)
                times[i].append(total / len(pairs) * 1e6)
        theirs, ours, floor = (min(t) for t in times)
        out.append((name, method, theirs, ours, floor, max(times[1]) / ours - 1.0))
    return out


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--sizes", default="1000,10000", help="grid and geometric graph sizes")
    p.add_argument("--maps", default="arena,den011d", help="dao map names ('' for none)")
    p.add_argument("--data", default=str(DATA))
    p.add_argument("--queries", type=int, default=100)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--methods", default=None, help="astar, dijkstra or both (default)")
    args = p.parse_args(argv)
    methods = None if args.methods is None else set(args.methods.split(","))
    graphs = []
    for size in map(int, filter(None, args.sizes.split(","))):
        graphs.append((f"grid{size}", lambda n=size: weighted_grid(n, 3)))
        graphs.append((f"rgg{size}", lambda n=size: geometric(n, 5)))
    for name in filter(None, args.maps.split(",")):
        graphs.append((f"dao/{name}", lambda nm=name: dao_map(nm, Path(args.data))))
    print(f"{'graph':<14}{'method':<10}{'nx_us':>10}{'ours_us':>10}{'floor_us':>10}"
          f"{'spread':>8}{'x_faster':>10}{'x_ceiling':>10}{'ours/floor':>11}")
    for name, build in graphs:
        G, h = build()
        for row in bench(name, G, h, args.queries, args.rounds, methods):
            graph, method, theirs, ours, floor, spread = row
            print(f"{graph:<14}{method:<10}{theirs:>10.1f}{ours:>10.1f}{floor:>10.1f}"
                  f"{spread:>8.0%}{theirs / ours:>10.2f}{theirs / floor:>10.2f}"
                  f"{ours / floor:>11.2f}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
