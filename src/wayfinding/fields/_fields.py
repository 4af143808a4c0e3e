"""The floods behind :func:`~wayfinding.fields.flood.flood` and
:func:`~wayfinding.fields.flowfield.flow_field`: seeds, the compiled grid flood and the
heapq flood of any graph, and the one dispatch between them (:func:`run_flood`).
"""

from __future__ import annotations

import heapq
import itertools
import math
import time
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from .._inputs import check_budget
from .._tiers import grid_tier, is_grid
from ..errors import InvalidCostError, InvalidLocationError, InvalidParameterError
from ..graph.protocol import SimpleGraph, _is_networkx, as_graph, checked_step, edge_cost
from ..grid.grid import Grid
from ._gridflood import flood_grid, initial_cost, seed_pairs
from ._stores import FieldBase, GraphStore, GridStore


def graph_seeds(graph: Any, seeds: Any, role: str) -> dict[Any, float]:
    """Seeds on a generic graph as ``{location: initial_cost}`` (the cheapest per location)."""
    if isinstance(seeds, GraphStore):
        return dict(seeds.dist)
    if isinstance(seeds, GridStore):
        raise InvalidParameterError("a field computed on a Grid cannot seed a generic graph")
    contains = getattr(graph, "__contains__", None)
    result: dict[Any, float] = {}
    for loc, value in seed_pairs(seeds, role):
        if is_grid(graph):
            loc = graph.check_location(loc, role)
        elif contains is not None and not contains(loc):
            raise InvalidLocationError(f"{role} {loc!r} is not in the graph")
        number = initial_cost(value, loc)
        result[loc] = min(number, result.get(loc, math.inf))
    return result


def flood_graph(seeds: dict[Any, float], neighbors: Callable[[Any], Iterable[Any]],
                cost: Callable[[Any, Any], Any], max_cost: float | None,
                deadline: float | None = None, *,
                reverse: bool = False) -> tuple[GraphStore, int, bool]:
    """Multi-source Dijkstra over any graph (``cost(current, next)`` per step).

    For a reverse flood pass predecessors as ``neighbors``, ``cost(p, c) = c(c -> p)`` and
    ``reverse=True`` (errors then name the edge ``next -> current``). A step cost of None
    hides the edge; anything else that is not a finite number >= 0, and a sum that
    overflows a float, raise InvalidCostError (as the search engine does).
    Returns the store, the locations settled and whether it finished (False: the
    ``deadline``, a ``time.perf_counter()`` value, passed first; the store then holds
    exactly the locations settled so far).
    """
    limit = math.inf if max_cost is None else max_cost
    dist: dict[Any, float] = {}
    parent: dict[Any, Any] = {}
    frontier: list[tuple[float, int, Any]] = []
    counter = itertools.count()
    for loc, value in seeds.items():
        if value <= limit:
            dist[loc] = value
            parent[loc] = None
            heapq.heappush(frontier, (value, next(counter), loc))
    settled = 0
    done: set[Any] = set()
    while frontier:
        if deadline is not None and settled % 64 == 0 and time.perf_counter() >= deadline:
            for location in set(dist) - done:  # reached, not settled: forget
                del dist[location], parent[location]
            return GraphStore(dist, parent), settled, False
        current_cost, _, current = heapq.heappop(frontier)
        if current_cost > dist[current]:
            continue  # a stale entry: a cheaper one was pushed later
        settled += 1
        if deadline is not None:
            done.add(current)
        for next_location in neighbors(current):
            step = cost(current, next_location)
            if type(step) is not float or not 0.0 <= step < math.inf:
                step = (checked_step(step, next_location, current) if reverse
                        else checked_step(step, current, next_location))
                if step is None:
                    continue  # a hidden edge
            new_cost = current_cost + step
            if new_cost == math.inf:
                raise InvalidCostError(
                    f"the cost of the path to {next_location!r} overflows (edge costs too "
                    f"large: reached via {current!r})")
            if new_cost <= limit and new_cost < dist.get(next_location, math.inf):
                dist[next_location] = new_cost
                parent[next_location] = current
                heapq.heappush(frontier, (new_cost, next(counter), next_location))
    return GraphStore(dist, parent), settled, True


def reverse_of(graph: Any) -> tuple[Callable[[Any], Iterable[Any]], Callable[[Any, Any], float]]:
    """``(predecessors, cost)`` for a reverse flood: ``cost(u, p)`` is the edge ``p -> u``."""
    if _is_networkx(graph):
        adjacency = graph.pred if graph.is_directed() else graph.adj
        forward = edge_cost(as_graph(graph))
        return adjacency.__getitem__, lambda u, p: forward(p, u)
    if isinstance(graph, SimpleGraph):
        incoming: dict[Any, list[Any]] = {}
        for u, targets in graph.edges.items():
            for v in targets:
                incoming.setdefault(v, []).append(u)
        forward = graph.cost
        return (lambda u: incoming.get(u, ())), lambda u, p: forward(p, u)
    predecessors = getattr(graph, "predecessors", None)
    if not callable(predecessors):
        raise InvalidParameterError(
            f"flow_field needs a graph that knows its predecessors: a Grid, a networkx "
            f"graph, a SimpleGraph, or an object with a predecessors(location) method; got "
            f"{type(graph).__name__}"
        )
    forward = edge_cost(graph)
    return predecessors, lambda u, p: forward(p, u)


class Flooded(NamedTuple):
    """What :func:`run_flood` returns."""

    store: GridStore | GraphStore
    settled: int  # locations settled
    complete: bool  # False: the time budget ran out first
    grid: Grid | None  # the grid a compiled flood ran on
    max_cost: float | None  # the checked cost limit
    version: int | None = None  # the grid's version the flood saw (its snapshot's)


def run_flood(graph: Any, seeds: Any, role: str, max_cost: Any, max_seconds: Any,
              reverse: bool) -> Flooded:
    """Check the budgets, then flood ``graph`` from ``seeds`` (a location, collection,
    dict or field) on the tier that serves it: compiled on a Grid the kernels can follow
    (:func:`wayfinding._tiers.grid_tier`), else the generic heapq flood (``reverse``:
    over predecessors, see :func:`reverse_of`)."""
    max_cost = check_budget("max_cost", max_cost)
    max_seconds = check_budget("max_seconds", max_seconds)
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    if isinstance(seeds, FieldBase):
        seeds = seeds._store
    grid = grid_tier(graph)
    if grid is not None:
        snapshot = grid.snapshot()  # seeds and arrays of one version
        store, settled, complete = flood_grid(snapshot, seeds, role, max_cost,
                                              reverse=reverse, deadline=deadline)
        return Flooded(store, settled, complete, grid, max_cost, snapshot.version)
    # any graph, and Grid subclasses with neighbours or costs of their own
    if is_grid(graph):
        graph = graph.snapshot()  # read as the flood goes: one version
    if reverse:
        neighbors, cost = reverse_of(graph)
        graph = as_graph(graph)
    else:
        graph = as_graph(graph)
        neighbors, cost = graph.neighbors, edge_cost(graph)
    starts = graph_seeds(graph, seeds, role)
    store, settled, complete = flood_graph(starts, neighbors, cost, max_cost, deadline,
                                           reverse=reverse)
    return Flooded(store, settled, complete, None, max_cost)
