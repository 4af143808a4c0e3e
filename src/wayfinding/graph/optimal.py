"""Every optimal path on any graph: A* or Dijkstra that keeps, for each location, all the
locations it is reached from at its cheapest cost (Rust ``pathfinding``'s ``astar_bag``,
networkx's ``all_shortest_paths`` and ``dijkstra_predecessor_and_distance``).

The search runs until the smallest priority on the frontier exceeds the optimal cost (so
every tie is settled), then lists the *tight* edges ``u -> v`` between settled locations,
those with ``cost(u) + c(u, v) == cost(v)``: exactly the edges of optimal paths.
Costs are compared within a relative tolerance of :data:`TIE` (sums of the same steps in
another order can differ in the last bits). The paths are read from those lists on demand
(:class:`~wayfinding.paths.OptimalPaths`).

Examples
--------
>>> from wayfinding.graph.protocol import SimpleGraph
>>> g = SimpleGraph({'s': {'a': 1, 'b': 1}, 'a': {'t': 1}, 'b': {'t': 1}, 't': {}})
>>> r = all_shortest_paths(g, 's', 't')
>>> r.cost, sorted(r), r.count(), r.predecessors['t']
(2.0, [['s', 'a', 't'], ['s', 'b', 't']], 2, ['a', 'b'])
"""

from __future__ import annotations

import heapq
from typing import Any

from ..paths import OptimalPaths
from ..result import StopReason, reconstruct_path
from .budget import Budget
from .goal import Goal
from .problem import checked_starts, estimate, rooted
from .weighted import cached, out_steps

__all__ = ["TIE", "all_shortest_paths", "tight"]

#: Costs within this relative tolerance of each other count as equal.
TIE = 1e-9


def tight(a: float, b: float) -> bool:
    """``a`` (a cost through some edge) is no more than ``b`` (the cheapest), within
    :data:`TIE`."""
    return a <= b + TIE * max(1.0, abs(b))


def all_shortest_paths(graph: Any, start: Any, goal: Any = None, *, heuristic: Any = None,
                       max_expansions: int | None = None,
                       max_seconds: float | None = None) -> OptimalPaths:
    """Every cheapest path from ``start`` (one or several) to ``goal``.

    ``goal``: a location, a list/set of several or a predicate (the paths lead to every
    goal reached at the optimal cost), or None: a flood, whose ``predecessors`` cover
    every reachable location (``result.paths(to=v)``). ``heuristic``: as for
    :func:`wayfinding.astar`, admissible and consistent (the graph's own by default, else
    zero). A budget that runs out gives no path and its ``reason``.
    """
    budget = Budget(max_expansions, max_seconds)
    starts = checked_starts(graph, start)
    target = Goal(goal)
    target.check_in(graph)
    h = _no_estimate if target.none else estimate(graph, target, heuristic, goal)
    steps = cached(out_steps(graph))
    cost_so_far, came_from, roots = rooted(starts)
    frontier = [(h(s), i, s) for i, s in enumerate(roots)]
    heapq.heapify(frontier)
    counter = len(frontier)
    settled: list[Any] = []
    is_settled: set[Any] = set()
    goals: list[Any] = []
    best = float("inf")
    reason = StopReason.EXHAUSTED
    while frontier:
        f, _, current = heapq.heappop(frontier)
        if goals and not tight(f, best):
            break  # every tie of the optimal cost is settled
        if current in is_settled:
            continue
        if (stop := budget.spent(len(settled))) is not None:
            reason = stop
            break
        settled.append(current)
        is_settled.add(current)
        g = cost_so_far[current]
        if not target.none and target(current):
            if not goals:
                best = g
            goals.append(current)
            continue  # a path ends at the first goal it meets
        for v, step in steps(current):
            new_cost = g + step
            old = cost_so_far.get(v)
            if old is not None and new_cost >= old:
                continue
            if v in is_settled:  # cheaper than when settled: an inconsistent heuristic
                is_settled.discard(v)
                settled.remove(v)
            cost_so_far[v], came_from[v] = new_cost, current
            heapq.heappush(frontier, (new_cost + h(v), counter, v))
            counter += 1
    if reason is not StopReason.EXHAUSTED or (not target.none and not goals):
        return OptimalPaths.unreachable(reason, came_from, cost_so_far, len(settled),
                                        starts=frozenset(starts))
    predecessors: dict[Any, list[Any]] = {v: [] for v in settled}
    for u in settled:
        if u in goals:
            continue
        base = cost_so_far[u]
        for v, step in steps(u):
            if v in is_settled and tight(base + step, cost_so_far[v]) and v not in starts:
                predecessors[v].append(u)
    for s in starts:
        predecessors[s] = []
    if target.none:
        return OptimalPaths.unreachable(StopReason.EXHAUSTED, came_from, cost_so_far,
                                        len(settled), predecessors=predecessors,
                                        starts=frozenset(starts))
    path = reconstruct_path(came_from, starts, goals[0])
    assert path is not None
    return OptimalPaths.reached(path, best, came_from, cost_so_far, len(settled),
                                predecessors=predecessors, goals=goals,
                                starts=frozenset(starts))


def _no_estimate(location: Any) -> float:
    return 0.0
