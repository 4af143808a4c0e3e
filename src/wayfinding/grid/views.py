"""``came_from`` and ``cost_so_far`` of a grid search: Mappings and numpy arrays at once.

A compiled search copies out only the cells it reached (their flat indices, costs and
parents, in order of first reach); these views build anything bigger lazily, on first use:

- as Mappings keyed by ``(x, y)``, like the dicts of the generic tier
  (``came_from[start] is None``; unreached cells are missing);
- as arrays indexed ``[y, x]``: ``cost_so_far.array`` is float64[H, W] with ``inf`` for
  unreached cells, ``came_from.array`` is int64[H, W] holding ``y * W + x`` of each
  cell's predecessor and ``-1`` where there is none (starts and unreached cells; tell
  them apart with ``came_from.reached``). Arrays are read-only and shared between calls.

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('''
... ..
... #.
... ''')
>>> r = wf.dijkstra(grid, (0, 0))
>>> r.cost_so_far[(1, 1)], r.came_from[(1, 1)], r.came_from[(0, 0)]
(2.0, (1, 0), None)
>>> r.cost_so_far.array
array([[ 0.,  1.],
       [inf,  2.]])
>>> r.came_from.array
array([[-1,  0],
       [-1,  1]])
>>> sorted(r.came_from)
[(0, 0), (1, 0), (1, 1)]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np

from . import flat as _flat
from .layout import CellLayout

__all__ = ["CameFromView", "CostSoFarView", "ReachedCells"]

Location = tuple[int, int]

#: Look-ups answered by scanning the reached cells before an index is built.
_SCANS = 8


class ReachedCells:
    """Compact copy of a search's reached cells, shared by its two views.

    Parameters
    ----------
    cells : int32[k]
        Padded flat indices (``(y + 1) * (W + 2) + x + 1``) in order of first reach.
    cost : float64[k]
        Cost so far of each.
    parent : int32[k]
        Padded flat index of each one's parent, -1 for starts.
    width, height : int
        Grid size.
    layout : CellLayout, optional
        The cells of a hex map, a voxel grid or a wrapped grid or one with moves of its
        own (:mod:`wayfinding.grid.layout`): its locations and storage shape. None: the
        ``(x, y)`` cells of a square grid.
    """

    __slots__ = ("_lookups", "_order", "_xy", "cells", "cost", "height", "layout", "parent",
                 "width")

    def __init__(self, cells: np.ndarray, cost: np.ndarray, parent: np.ndarray,
                 width: int, height: int, layout: CellLayout | None = None) -> None:
        self.cells = cells
        self.cost = cost
        self.parent = parent
        self.width = width
        self.height = height
        self.layout = layout
        self._xy: tuple[np.ndarray, ...] | None = None
        self._order: np.ndarray | None = None
        self._lookups = 0

    @property
    def shape(self) -> tuple[int, ...]:
        """The grid's storage shape: the shape of the views' arrays."""
        return (self.height, self.width) if self.layout is None else self.layout.shape

    def xy(self) -> tuple[np.ndarray, ...]:
        """The coordinates of every reached cell's location (x and y; of a world, one
        array per coordinate of its locations)."""
        if self._xy is None:
            if self.layout is not None:
                self._xy = self.layout.location_arrays(self.cells)
            else:
                self._xy = _flat.xy(self.cells, self.width + 2)
        return self._xy

    def inner(self, padded_index: np.ndarray) -> np.ndarray:
        """Indices in the raveled storage array (``y * W + x``) of padded flat indices."""
        if self.layout is not None:
            return self.layout.inner(padded_index)
        x, y = _flat.xy(padded_index, self.width + 2)
        return y * self.width + x

    def locations(self) -> Iterator[Location]:
        return zip(*(a.tolist() for a in self.xy()), strict=True)

    def name(self, padded_index: int) -> Any:
        """The location of one padded flat index."""
        if self.layout is not None:
            return self.layout.locations(np.array([padded_index]))[0]
        return _flat.location(padded_index, self.width + 2)

    def position(self, location: Any) -> int:
        """Position of ``location`` among the reached cells, or -1 when not reached."""
        if self.layout is not None:
            return self._world_position(location)
        try:
            x, y = location
            if isinstance(x, bool | float) or isinstance(y, bool | float):
                return -1
            if not (0 <= x < self.width and 0 <= y < self.height):
                return -1
            x, y = int(x), int(y)
        except (TypeError, ValueError):
            return -1
        if self._order is None and self._lookups < _SCANS:
            # the first few look-ups scan the reached cells (O(reached), often far fewer
            # than the grid's cells); after that an index of the whole grid pays off
            self._lookups += 1
            hits = np.flatnonzero(self.cells == _flat.index(x, y, self.width + 2))
            return int(hits[0]) if hits.shape[0] else -1
        key = y * self.width + x
        if self._order is None:
            order = np.full(self.width * self.height, -1, dtype=np.int64)
            order[self.inner(self.cells)] = np.arange(self.cells.shape[0])
            self._order = order
        return int(self._order[key])

    def _world_position(self, location: Any) -> int:
        """:meth:`position` on another world: a dict of the reached locations, made on
        the first look-up (the grid may be far larger than what a search reached)."""
        if self._order is None:
            self._order = dict(zip(self.locations(), range(self.cells.shape[0]),
                                   strict=True))  # type: ignore[assignment]
        try:
            return self._order.get(tuple(location), -1)  # type: ignore[union-attr]
        except TypeError:
            return -1


class _GridView(Mapping):
    """Common part of the two views: keys are the reached ``(x, y)`` cells."""

    __slots__ = ("_array", "_reached")

    def __init__(self, reached: ReachedCells) -> None:
        self._reached = reached
        self._array: np.ndarray | None = None

    @property
    def cells(self) -> ReachedCells:
        """The compact arrays of the reached cells behind this view."""
        return self._reached

    def _position(self, location: Any) -> int:
        return self._reached.position(location)

    def __len__(self) -> int:
        return int(self._reached.cells.shape[0])

    def __iter__(self) -> Iterator[Location]:
        return self._reached.locations()

    def __contains__(self, location: object) -> bool:
        return self._position(location) >= 0

    @property
    def reached(self) -> np.ndarray:
        """bool[H, W]: True for every cell the search reached."""
        r = self._reached
        mask = np.zeros(int(np.prod(r.shape)), dtype=bool)
        mask[r.inner(r.cells)] = True
        return mask.reshape(r.shape)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({len(self)} cells)"


class CostSoFarView(_GridView):
    """``cost_so_far`` of a grid search: ``view[(x, y)]`` and ``view.array`` (float64[H, W])."""

    __slots__ = ()

    def __getitem__(self, location: Any) -> float:
        i = self._position(location)
        if i < 0:
            raise KeyError(location)
        return float(self._reached.cost[i])

    @property
    def array(self) -> np.ndarray:
        """Read-only float64[H, W], indexed ``[y, x]``: cost so far, ``inf`` where unreached."""
        if self._array is None:
            r = self._reached
            out = np.full(int(np.prod(r.shape)), np.inf)
            out[r.inner(r.cells)] = r.cost
            out = out.reshape(r.shape)
            out.flags.writeable = False
            self._array = out
        return self._array


class CameFromView(_GridView):
    """``came_from`` of a grid search: ``view[(x, y)]`` is the previous ``(x, y)`` or None."""

    __slots__ = ()

    def __getitem__(self, location: Any) -> Location | None:
        i = self._position(location)
        if i < 0:
            raise KeyError(location)
        p = int(self._reached.parent[i])
        if p < 0:
            return None
        return self._reached.name(p)

    @property
    def array(self) -> np.ndarray:
        """Read-only int64[H, W], indexed ``[y, x]``: ``y * W + x`` of the predecessor.

        ``-1`` where there is none: at the starts and at unreached cells (see
        :attr:`reached`). ``np.unravel_index(a, a.shape)`` turns entries into ``(y, x)``.
        """
        if self._array is None:
            r = self._reached
            out = np.full(int(np.prod(r.shape)), -1, dtype=np.int64)
            has_parent = r.parent >= 0
            out[r.inner(r.cells[has_parent])] = r.inner(r.parent[has_parent])
            out = out.reshape(r.shape)
            out.flags.writeable = False
            self._array = out
        return self._array
