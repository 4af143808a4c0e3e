"""Storage behind :class:`~wayfinding.loop.flood.DistanceField` and
:class:`~wayfinding.loop.flowfield.FlowField`: a cost and a parent per location.

Two stores answer the same questions: :class:`GridStore` keeps padded flat arrays (filled
by the compiled flood kernel) and :class:`GraphStore` keeps dicts (filled by a heapq
Dijkstra over any graph). A *chain* is a location followed by its parent, the parent's
parent, ... up to a seed (a location whose parent is None).
"""

from __future__ import annotations

import heapq
import itertools
import math
import time
from collections.abc import Callable, Iterable, KeysView, Mapping
from typing import Any

import numpy as np

from .._inputs import is_number
from ..errors import InvalidCostError, InvalidLocationError, InvalidParameterError
from ..grid.derived import Derived
from ..grid.grid import Grid
from ._grid import CellMapping, in_grid, initial_cost, move_table

Location = Any


class CellNames:
    """The ``(x, y)`` tuple of each padded cell, made on first need and then shared.

    Making the tuples is most of the cost of turning a path of flat indices into a list of
    locations, and paths to one goal overlap, so each cell's tuple is made once: per
    field, or per grid (until its next edit) for fields built from a grid.
    """

    def __init__(self, size: int, stride: int) -> None:
        self.stride = stride
        self.size = size
        #: object per cell, made on the first path asked for (filling an object array
        #: takes long on a large grid: not part of a flood)
        self.names: np.ndarray | None = None
        #: uint8 per cell: 1 once ``names`` holds its tuple (set by the kernel).
        self.named = np.zeros(size, dtype=np.uint8)

    def chain(self, parent: np.ndarray, cell: int) -> list[Location] | None:
        """Locations from padded ``cell`` along ``parent`` to a root; None on a cycle."""
        from ._kernels.common import follow_parents

        table = self.names
        if table is None:
            table = self.names = np.empty(self.size, dtype=object)
        cells, fresh = follow_parents(parent, cell, parent.shape[0], self.named)
        if cells.shape[0] == 0:
            return None
        if fresh.shape[0]:
            table[fresh] = self._make(fresh)
        names = table[cells].tolist()
        if None in names:  # another thread flagged a cell and has not named it yet
            names = self._make(cells).tolist()
        return names

    def _make(self, cells: np.ndarray) -> np.ndarray:
        pairs = zip((cells % self.stride - 1).tolist(), (cells // self.stride - 1).tolist(),
                    strict=True)
        return np.fromiter(pairs, dtype=object, count=cells.shape[0])


class GridStore:
    """Costs and parents of a grid's cells in padded flat arrays (``dist`` inf: unreached)."""

    kind = "grid"

    def __init__(self, dist: np.ndarray, parent: np.ndarray, width: int, height: int,
                 names: CellNames | None = None) -> None:
        self.dist = dist
        self.parent = parent
        self.width = width
        self.height = height
        self.stride = width + 2
        self._names = names

    def cost(self, location: Any) -> float:
        x, y = in_grid(self.width, self.height, location)
        return float(self.dist[(y + 1) * self.stride + x + 1])

    def parent_of(self, location: Any) -> Location | None:
        x, y = in_grid(self.width, self.height, location)
        p = int(self.parent[(y + 1) * self.stride + x + 1])
        if p < 0:
            return None
        py, px = divmod(p, self.stride)
        return (px - 1, py - 1)

    def chain(self, location: Any) -> list[Location] | None:
        x, y = in_grid(self.width, self.height, location)
        i = (y + 1) * self.stride + x + 1
        if not self.dist[i] < math.inf:
            return None
        if self._names is None:
            self._names = CellNames(self.parent.shape[0], self.stride)
        chain = self._names.chain(self.parent, i)
        if chain is None:
            raise InvalidParameterError(f"the parent links from {location!r} form a cycle")
        return chain

    @property
    def reachable(self) -> KeysView:
        return CellMapping(self.dist, np.isfinite(self.dist), self.stride).keys()

    def as_array(self) -> np.ndarray:
        return self.dist.reshape(self.height + 2, self.stride)[1:-1, 1:-1].copy()

    def seeds(self, factor: float) -> GridStore:
        reached = np.isfinite(self.dist)
        dist = np.full_like(self.dist, math.inf)
        dist[reached] = self.dist[reached] * factor
        return GridStore(dist, np.full_like(self.parent, -1), self.width, self.height)


class GraphStore:
    """Costs and parents of any graph's locations in dicts (absent: unreached)."""

    kind = "graph"

    def __init__(self, dist: dict[Any, float], parent: dict[Any, Any]) -> None:
        self.dist = dist
        self.parent = parent

    def cost(self, location: Any) -> float:
        return self.dist.get(location, math.inf)

    def parent_of(self, location: Any) -> Location | None:
        return self.parent.get(location)

    def chain(self, location: Any) -> list[Location] | None:
        if location not in self.dist:
            return None
        chain = [location]
        current = self.parent[location]
        while current is not None:
            chain.append(current)
            if len(chain) > len(self.dist):
                raise InvalidParameterError(f"the parent links from {location!r} form a cycle")
            current = self.parent[current]
        return chain

    @property
    def reachable(self) -> KeysView:
        return self.dist.keys()

    def as_array(self) -> np.ndarray:
        raise InvalidParameterError(
            "as_array() needs a field computed on a Grid; this one is over a generic graph "
            "(read cost_to/cost_from or reachable instead)"
        )

    def seeds(self, factor: float) -> GraphStore:
        return GraphStore({loc: c * factor for loc, c in self.dist.items()},
                          dict.fromkeys(self.dist))


def check_factor(factor: Any) -> float:
    """A finite scale factor for :meth:`scaled`."""
    if not is_number(factor) or not math.isfinite(
            factor):
        raise InvalidParameterError(f"factor must be a finite number, got {factor!r}")
    return float(factor)


def grid_seeds(grid: Grid, seeds: Any, role: str) -> tuple[np.ndarray, np.ndarray]:
    """Seeds on a grid as ``(cells int64[m], initial float64[m])`` (padded flat indices).

    ``seeds``: one location, a list/set/frozenset of locations (initial cost 0), a dict
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
        if isinstance(graph, Grid):
            loc = graph.check_location(loc, role)
        elif contains is not None and not contains(loc):
            raise InvalidLocationError(f"{role} {loc!r} is not in the graph")
        number = initial_cost(value, loc)
        result[loc] = min(number, result.get(loc, math.inf))
    return result


def _seed_pairs(seeds: Any, role: str) -> list[tuple[Any, Any]]:
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
    store then holds exactly the cells settled so far)."""
    from ._kernels import flood as k

    cells, initial = grid_seeds(grid, seeds, role)
    flat = grid.flat
    table = move_table(grid)
    dist = np.full(flat.passable.shape[0], math.inf)
    parent = np.full(flat.passable.shape[0], -1, dtype=np.int32)
    heap_key = np.empty(max(1024, 2 * cells.shape[0]), dtype=np.float64)
    heap_cell = np.empty(heap_key.shape[0], dtype=np.int64)
    state = np.array([-1, 0], dtype=np.int64)
    chunk = FLOOD_SLICE if deadline is None else FLOOD_CLOCK_EVERY
    if deadline is not None and time.perf_counter() >= deadline:
        chunk = 0  # no time left: seed the starts only
    limit = math.inf if max_cost is None else max_cost
    while True:
        status = k.flood(flat.passable, flat.costs, flat.weighted, table.moves,
                         table.lengths, table.rule, reverse, cells, initial, limit, dist,
                         parent, heap_key, heap_cell, state, chunk)
        if status == k.HEAP_FULL:
            heap_key = np.concatenate((heap_key, np.empty_like(heap_key)))
            heap_cell = np.concatenate((heap_cell, np.empty_like(heap_cell)))
        elif status == k.DONE:
            break
        elif chunk == 0 or (deadline is not None and time.perf_counter() >= deadline):
            k.unsettle(dist, parent, heap_key, heap_cell, int(state[k.S_SIZE]))
            break
    names = grid.derived(CELL_NAMES)
    store = GridStore(dist, parent, grid.width, grid.height, names)
    return store, int(state[k.S_SETTLED]), status == k.DONE


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


class FieldBase:
    """What :class:`DistanceField` and :class:`FlowField` share: a store and its answers."""

    _store: GridStore | GraphStore

    @property
    def reachable(self) -> KeysView:
        """Every location with a finite cost: a read-only set-like view.

        Supports ``loc in field.reachable``, ``len``, iteration and set operations; it is a
        view of the field, not a copy.
        """
        return self._store.reachable

    def as_array(self) -> np.ndarray:
        """The costs as a new float64 array ``[H, W]`` (indexed ``[y, x]``, inf unreached).

        Only for fields computed on a Grid (InvalidParameterError otherwise).
        """
        return self._store.as_array()


def unwrap_seeds(seeds: Any) -> Any:
    """A field given as seeds becomes its store; anything else is returned unchanged."""
    if isinstance(seeds, FieldBase):
        return seeds._store
    return seeds


#: The location tuples of a grid's cells by padded index, shared by its fields.
CELL_NAMES: Derived[CellNames] = Derived(
    "cell names", lambda grid: CellNames(grid.flat.passable.shape[0], grid.flat.stride))
