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
    """

    __slots__ = ("_lookups", "_order", "_xy", "cells", "cost", "height", "parent", "width")

    def __init__(self, cells: np.ndarray, cost: np.ndarray, parent: np.ndarray,
                 width: int, height: int) -> None:
        self.cells = cells
        self.cost = cost
        self.parent = parent
        self.width = width
        self.height = height
        self._xy: tuple[np.ndarray, np.ndarray] | None = None
        self._order: np.ndarray | None = None
        self._lookups = 0

    def xy(self) -> tuple[np.ndarray, np.ndarray]:
        """Unpadded x and y of every reached cell."""
        if self._xy is None:
            self._xy = _flat.xy(self.cells, self.width + 2)
        return self._xy

    def inner(self, padded_index: np.ndarray) -> np.ndarray:
        """Unpadded flat indices ``y * W + x`` of padded flat indices."""
        x, y = _flat.xy(padded_index, self.width + 2)
        return y * self.width + x

    def locations(self) -> Iterator[Location]:
        x, y = self.xy()
        return zip(x.tolist(), y.tolist(), strict=True)

    def position(self, location: Any) -> int:
        """Position of ``location`` among the reached cells, or -1 when not reached."""
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
        mask = np.zeros(r.width * r.height, dtype=bool)
        mask[r.inner(r.cells)] = True
        return mask.reshape(r.height, r.width)

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
            out = np.full(r.width * r.height, np.inf)
            out[r.inner(r.cells)] = r.cost
            out = out.reshape(r.height, r.width)
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
        return _flat.location(p, self._reached.width + 2)

    @property
    def array(self) -> np.ndarray:
        """Read-only int64[H, W], indexed ``[y, x]``: ``y * W + x`` of the predecessor.

        ``-1`` where there is none: at the starts and at unreached cells (see
        :attr:`reached`). ``np.unravel_index(a, a.shape)`` turns entries into ``(y, x)``.
        """
        if self._array is None:
            r = self._reached
            out = np.full(r.width * r.height, -1, dtype=np.int64)
            has_parent = r.parent >= 0
            out[r.inner(r.cells[has_parent])] = r.inner(r.parent[has_parent])
            out = out.reshape(r.height, r.width)
            out.flags.writeable = False
            self._array = out
        return self._array
