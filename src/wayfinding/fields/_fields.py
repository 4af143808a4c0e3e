"""The floods behind :func:`~wayfinding.fields.flood.flood` and
:func:`~wayfinding.fields.flowfield.flow_field`: seeds, the compiled grid flood and the
heapq flood of any graph, and the one dispatch between them (:func:`run_flood`).
"""

from __future__ import annotations

import heapq
import itertools
import math
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

import numpy as np

from .._dispatch import grid_tier, is_grid
from .._inputs import check_budget, is_number, location_rows
from .._kernels.codes import (
    FL_SETTLED,
    FL_SIZE,
    N_FLSTATE,
    STATUS_EXHAUSTED,
    STATUS_HEAP_FULL,
)
from ..errors import InvalidCostError, InvalidLocationError, InvalidParameterError
from ..graph.protocol import SimpleGraph, _is_networkx, as_graph, edge_cost
from ..grid.derived import Derived
from ..grid.flat import MOVES
from ..grid.grid import Grid
from ._stores import CellNames, FieldBase, GraphStore, GridStore


def grid_seeds(grid: Grid, seeds: Any, role: str) -> tuple[np.ndarray, np.ndarray]:
    """Seeds on a grid as ``(cells int64[m], initial float64[m])`` (padded flat indices).

    ``seeds``: one location, a list/set/frozenset or (N, 2) integer array of locations
    (initial cost 0), a dict
    ``{location: initial_cost}``, or a :class:`GridStore` (its reached cells and costs).
    """
    stride = grid.width + 2
    if isinstance(seeds, GridStore):
        if (seeds.height, seeds.width) != grid.shape:
            raise InvalidParameterError(
                f"the field covers a {seeds.width}x{seeds.height} grid, not this "
                f"{grid.width}x{grid.height} grid"
            )
        cells = np.flatnonzero(np.isfinite(seeds.dist))
        blocked = cells[grid.flat.passable[cells] == 0]
        if blocked.size:
            y, x = divmod(int(blocked[0]), stride)
            raise InvalidLocationError(
                f"{role} {(x - 1, y - 1)} of the field is a wall of this grid"
            )
        return cells.astype(np.int64), seeds.dist[cells].astype(np.float64)
    pairs = _seed_pairs(seeds, role)
    cells = np.empty(len(pairs), dtype=np.int64)
    initial = np.empty(len(pairs), dtype=np.float64)
    for i, (loc, value) in enumerate(pairs):
        x, y = grid.check_location(loc, role)
        cells[i] = (y + 1) * stride + x + 1
        initial[i] = initial_cost(value, loc)
    return cells, initial


def graph_seeds(graph: Any, seeds: Any, role: str) -> dict[Any, float]:
    """Seeds on a generic graph as ``{location: initial_cost}`` (the cheapest per location)."""
    if isinstance(seeds, GraphStore):
        return dict(seeds.dist)
    if isinstance(seeds, GridStore):
        raise InvalidParameterError("a field computed on a Grid cannot seed a generic graph")
    contains = getattr(graph, "__contains__", None)
    result: dict[Any, float] = {}
    for loc, value in _seed_pairs(seeds, role):
        if is_grid(graph):
            loc = graph.check_location(loc, role)
        elif contains is not None and not contains(loc):
            raise InvalidLocationError(f"{role} {loc!r} is not in the graph")
        number = initial_cost(value, loc)
        result[loc] = min(number, result.get(loc, math.inf))
    return result


def initial_cost(value: Any, location: Any) -> float:
    """A seed's initial cost: any finite number (negative allowed)."""
    if not is_number(value):
        raise InvalidCostError(f"initial cost of {location!r} must be a number, got {value!r}")
    number = float(value)
    if not math.isfinite(number):
        raise InvalidCostError(f"initial cost of {location!r} must be finite, got {value!r}")
    return number


def _seed_pairs(seeds: Any, role: str) -> list[tuple[Any, Any]]:
    rows = location_rows(seeds, role)
    if rows is not None:
        seeds = rows
    if isinstance(seeds, Mapping):
        pairs = list(seeds.items())
    elif isinstance(seeds, list | set | frozenset):
        pairs = [(loc, 0.0) for loc in seeds]
    else:
        pairs = [(seeds, 0.0)]
    if not pairs:
        raise InvalidLocationError(f"{role} is an empty collection: give at least one {role}")
    return pairs


#: Cells a flood settles per kernel call: between calls Python handles Ctrl-C, and looks
#: at the clock when there is a deadline (a few milliseconds of work each).
FLOOD_SLICE = 1 << 16
FLOOD_CLOCK_EVERY = 1 << 12


def flood_grid(grid: Grid, seeds: Any, role: str, max_cost: float | None,
               reverse: bool, deadline: float | None = None
               ) -> tuple[GridStore, int, bool]:
    """Compiled flood of a grid: the store, how many cells were settled, and whether it
    finished (False: ``deadline``, a ``time.perf_counter()`` value, passed first; the
    store then holds exactly the cells settled so far).

    The field kernel (:mod:`._kernels.flood`, on the shared heap) runs it, not the grid
    engine's Dijkstra: the engine has no initial cost per seed and no reverse flood
    charging the cell left, and on the floods it can run (seeds at cost 0) it measured
    50% slower than this kernel (``wf.flood`` on MovingAI dao/ost100d: 20.5 ms against
    13.5 ms; its stamps and ``touched`` list, then copying the reached cells out).
    """
    from ._kernels import flood as k

    cells, initial = grid_seeds(grid, seeds, role)
    flat = grid.flat  # UnsupportedGridError on grids with several terrain classes
    p = grid.derived(MOVES)
    moves, lengths = p.moves, p.lengths
    dist = np.full(flat.passable.shape[0], math.inf)
    parent = np.full(flat.passable.shape[0], -1, dtype=np.int32)
    heap_key = np.empty(max(1024, 2 * cells.shape[0]), dtype=np.float64)
    heap_cell = np.empty(heap_key.shape[0], dtype=np.int64)
    state = np.zeros(N_FLSTATE, dtype=np.int64)  # FL_LEFT 0: no targets, flood everything
    state[FL_SIZE] = -1
    no_targets = np.zeros(1, dtype=np.uint8)
    chunk = FLOOD_SLICE if deadline is None else FLOOD_CLOCK_EVERY
    if deadline is not None and time.perf_counter() >= deadline:
        chunk = 0  # no time left: seed the starts only
    limit = math.inf if max_cost is None else max_cost
    while True:
        status = k.flood(flat.passable, flat.costs, flat.weighted, moves, lengths, p.rule,
                         False, reverse, cells, initial, limit, no_targets, dist, parent,
                         heap_key, heap_cell, state, chunk)
        if status == STATUS_HEAP_FULL:
            heap_key = np.concatenate((heap_key, np.empty_like(heap_key)))
            heap_cell = np.concatenate((heap_cell, np.empty_like(heap_cell)))
        elif status == STATUS_EXHAUSTED:
            break
        elif chunk == 0 or (deadline is not None and time.perf_counter() >= deadline):
            k.unsettle(dist, parent, heap_key, heap_cell, int(state[FL_SIZE]))
            break
    names = grid.derived(CELL_NAMES)
    store = GridStore(dist, parent, grid.width, grid.height, names)
    return store, int(state[FL_SETTLED]), status == STATUS_EXHAUSTED


def flood_graph(seeds: dict[Any, float], neighbors: Callable[[Any], Iterable[Any]],
                cost: Callable[[Any, Any], float], max_cost: float | None,
                deadline: float | None = None) -> tuple[GraphStore, int, bool]:
    """Multi-source Dijkstra over any graph (``cost(current, next)`` per step).

    For a reverse flood pass predecessors as ``neighbors`` and ``cost(p, c) = c(c -> p)``.
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
            if not 0.0 <= step < math.inf:
                raise InvalidCostError(
                    f"cost of the step between {current!r} and {next_location!r} must be "
                    f"finite and >= 0, got {step!r}"
                )
            new_cost = current_cost + step
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


def run_flood(graph: Any, seeds: Any, role: str, max_cost: Any, max_seconds: Any,
              reverse: bool) -> Flooded:
    """Check the budgets, then flood ``graph`` from ``seeds`` (a location, collection,
    dict or field) on the tier that serves it: compiled on a Grid the kernels can follow
    (:func:`wayfinding._dispatch.grid_tier`), else the generic heapq flood (``reverse``:
    over predecessors, see :func:`reverse_of`)."""
    max_cost = check_budget("max_cost", max_cost)
    max_seconds = check_budget("max_seconds", max_seconds)
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    if isinstance(seeds, FieldBase):
        seeds = seeds._store
    grid = grid_tier(graph)
    if grid is not None:
        store, settled, complete = flood_grid(grid, seeds, role, max_cost, reverse=reverse,
                                              deadline=deadline)
        return Flooded(store, settled, complete, grid, max_cost)
    # any graph, and Grid subclasses with neighbours or costs of their own
    if reverse:
        neighbors, cost = reverse_of(graph)
        graph = as_graph(graph)
    else:
        graph = as_graph(graph)
        neighbors, cost = graph.neighbors, edge_cost(graph)
    starts = graph_seeds(graph, seeds, role)
    store, settled, complete = flood_graph(starts, neighbors, cost, max_cost, deadline)
    return Flooded(store, settled, complete, None, max_cost)


#: The location tuples of a grid's cells by padded index, shared by its fields.
CELL_NAMES: Derived[CellNames] = Derived(
    "cell names", lambda grid: CellNames(grid.flat.passable.shape[0], grid.flat.stride))
