"""Storage behind :class:`~wayfinding.fields.flood.DistanceField` and
:class:`~wayfinding.fields.flowfield.FlowField`: a cost and a parent per location.

Two stores answer the same questions: :class:`GridStore` keeps padded flat arrays (filled
by the compiled flood kernel) and :class:`GraphStore` keeps dicts (filled by a heapq
Dijkstra over any graph). A *chain* is a location followed by its parent, the parent's
parent, ... up to a seed (a location whose parent is None).
"""

from __future__ import annotations

import math
from collections.abc import KeysView
from typing import Any

import numpy as np

from .._inputs import COST_SUM_LIMIT, is_number
from ..errors import InvalidParameterError
from ..grid._checks import location_in_grid
from ..grid.layout import CellLayout
from ..grid.views import CostSoFarView, ReachedCells

Location = Any


class CellNames:
    """The ``(x, y)`` tuple of each padded cell, made on first need and then shared.

    Making the tuples is most of the cost of turning a path of flat indices into a list of
    locations, and paths to one goal overlap, so each cell's tuple is made once: per
    field, or per grid (until its next edit) for fields built from a grid.
    """

    def __init__(self, size: int, stride: int, layout: CellLayout | None = None) -> None:
        self.stride = stride
        self.size = size
        #: the cells' locations on a hex map or a voxel grid (None: ``(x, y)``)
        self.layout = layout
        #: object per cell, made on the first path asked for (filling an object array
        #: takes long on a large grid: not part of a flood)
        self.names: np.ndarray | None = None
        #: uint8 per cell: 1 once ``names`` holds its tuple (set by the kernel).
        self.named = np.zeros(size, dtype=np.uint8)

    def chain(self, parent: np.ndarray, cell: int) -> list[Location] | None:
        """Locations from padded ``cell`` along ``parent`` to a root; None on a cycle."""
        from ._kernels.chains import follow_parents

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
        if self.layout is not None:
            return np.fromiter(self.layout.locations(cells), dtype=object,
                               count=cells.shape[0])
        pairs = zip((cells % self.stride - 1).tolist(), (cells // self.stride - 1).tolist(),
                    strict=True)
        return np.fromiter(pairs, dtype=object, count=cells.shape[0])


class GridStore:
    """Costs and parents of a grid's cells in padded flat arrays (``dist`` inf: unreached).

    ``layout`` (:class:`~wayfinding.grid.layout.CellLayout`) names the cells of a hex
    map or a voxel grid; None: the ``(x, y)`` cells of a square grid.
    """

    kind = "grid"

    def __init__(self, dist: np.ndarray, parent: np.ndarray, width: int, height: int,
                 names: CellNames | None = None, layout: CellLayout | None = None) -> None:
        self.dist = dist
        self.parent = parent
        self.width = width
        self.height = height
        self.stride = width + 2
        self.layout = layout
        self._names = names
        self._reachable: KeysView | None = None

    @property
    def shape(self) -> tuple[int, ...]:
        """The grid's storage shape."""
        return (self.height, self.width) if self.layout is None else self.layout.shape

    def _index(self, location: Any) -> int:
        if self.layout is not None:
            return self.layout.index_of(location)
        x, y = location_in_grid(self.width, self.height, location)
        return (y + 1) * self.stride + x + 1

    def cost(self, location: Any) -> float:
        return float(self.dist[self._index(location)])

    def parent_of(self, location: Any) -> Location | None:
        p = int(self.parent[self._index(location)])
        if p < 0:
            return None
        if self.layout is not None:
            return self.layout.locations(np.array([p]))[0]
        py, px = divmod(p, self.stride)
        return (px - 1, py - 1)

    def chain(self, location: Any) -> list[Location] | None:
        i = self._index(location)
        if not self.dist[i] < math.inf:
            return None
        if self._names is None:
            self._names = CellNames(self.parent.shape[0], self.stride, self.layout)
        chain = self._names.chain(self.parent, i)
        if chain is None:
            raise InvalidParameterError(f"the parent links from {location!r} form a cycle")
        return chain

    @property
    def reachable(self) -> KeysView:
        if self._reachable is None:
            cells = np.flatnonzero(np.isfinite(self.dist)).astype(np.int32)
            if self.layout is not None:
                self._reachable = dict.fromkeys(self.layout.locations(cells)).keys()
            else:
                reached = ReachedCells(cells, self.dist[cells], self.parent[cells], self.width,
                                       self.height)
                self._reachable = CostSoFarView(reached).keys()
        return self._reachable

    def as_array(self) -> np.ndarray:
        shape = self.shape
        padded = self.dist.reshape(tuple(n + 2 for n in shape))
        return padded[(slice(1, -1),) * len(shape)].copy()

    def seeds(self, factor: float) -> GridStore:
        reached = np.isfinite(self.dist)
        costs = self.dist[reached]
        _check_scaled(factor, float(np.abs(costs).max(initial=0.0)))
        dist = np.full_like(self.dist, math.inf)
        dist[reached] = costs * factor
        return GridStore(dist, np.full_like(self.parent, -1), self.width, self.height,
                         layout=self.layout)


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
        _check_scaled(factor, max((abs(c) for c in self.dist.values()), default=0.0))
        return GraphStore({loc: c * factor for loc, c in self.dist.items()},
                          dict.fromkeys(self.dist))


def _check_scaled(factor: float, largest: float) -> None:
    """Refuse a factor that takes a cost beyond :data:`~wayfinding._inputs.COST_SUM_LIMIT`
    (a product that overflows would turn reached locations into unreached ones)."""
    if abs(factor) * largest > COST_SUM_LIMIT:
        raise InvalidParameterError(
            f"factor {factor!r} makes costs up to {abs(factor) * largest:g} in size (the "
            f"largest is {largest!r}), beyond {COST_SUM_LIMIT:g}: sums of such costs "
            "overflow a float")


def check_factor(factor: Any) -> float:
    """A finite scale factor for :meth:`scaled`."""
    if not is_number(factor) or not math.isfinite(
            factor):
        raise InvalidParameterError(f"factor must be a finite number, got {factor!r}")
    return float(factor)


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
