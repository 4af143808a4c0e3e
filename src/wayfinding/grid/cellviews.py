"""``grid.walls`` and ``grid.weights``: the texts' collections as live views of a grid.

The texts keep a grid's walls in a list and its weights in a dict, and edit them in
place (``grid.walls.append(...)``, ``grid.weights[cell] = 5``). A copy handed out would
accept such edits and ignore them; these views read the grid as it is now and send every
edit through the grid's own edit methods (:meth:`~wayfinding.Grid.set_wall`,
:meth:`~wayfinding.Grid.set_walls`, :meth:`~wayfinding.Grid.set_cost`), so ``version``
bumps and derived data (flat arrays, plans, component labels) follows. What a set or a
dict cannot mean here (an index into the walls) raises a ``TypeError`` saying what to
write instead.

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.GridWithWeights(4, 3)
>>> grid.walls.append((1, 0))
>>> grid.weights[(2, 2)] = 5
>>> sorted(grid.walls), grid.weights, grid.cost((2, 1), (2, 2))
([(1, 0)], WeightsView({(2, 2): 5.0}), 5.0)
>>> del grid.weights[(2, 2)]
>>> grid.cost((2, 1), (2, 2)), grid.version
(1.0, 3)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, MutableMapping, MutableSet
from typing import Any, NoReturn

import numpy as np

from ._checks import _checked_cost_value, location_in_grid

__all__ = ["WallsView", "WeightsView"]

Location = tuple[int, int]
#: A :class:`~wayfinding.Grid` (not imported: grid.py imports this module).
Grid = Any


def _cell(grid: Grid, location: Any) -> Location | None:
    """``location`` as ``(x, y)`` on ``grid``, or None when it is not a cell of it."""
    try:
        return location_in_grid(grid.width, grid.height, location)
    except ValueError:
        return None


def _cells(grid: Grid, locations: Iterable[Any]) -> list[Location]:
    """Every location checked (InvalidLocationError naming the first bad one)."""
    return [location_in_grid(grid.width, grid.height, loc) for loc in locations]


class WallsView(MutableSet[Location]):
    """The blocked cells of a grid as a live set of ``(x, y)`` (``grid.walls``).

    Reading sees the grid now (``in``, ``len``, iteration in row order, set operators
    giving frozensets); ``add``/``append``, ``discard``/``remove``, ``update``/``extend``,
    ``clear``, ``pop``, ``|=``, ``-=``, ``&=`` and ``^=`` edit the grid. A location off the
    grid is never in it; adding one raises :class:`~wayfinding.errors.InvalidLocationError`.

    Examples
    --------
    >>> import wayfinding as wf
    >>> grid = wf.SquareGrid(3, 2)
    >>> grid.walls.update([(1, 0), (1, 1)])
    >>> (1, 1) in grid.walls, len(grid.walls), grid.passable((1, 1))
    (True, 2, False)
    >>> grid.walls -= {(1, 1)}
    >>> grid.walls, grid.walls == {(1, 0)}
    (WallsView([(1, 0)]), True)
    >>> grid.walls[0]
    Traceback (most recent call last):
    ...
    TypeError: grid.walls is a set of (x, y) cells, not a list: ...
    """

    __slots__ = ("_grid",)

    def __init__(self, grid: Grid) -> None:
        self._grid = grid

    @classmethod
    def _from_iterable(cls, it: Iterable[Any]) -> frozenset[Any]:
        return frozenset(it)  # results of |, &, -, ^ are plain sets, not views

    def __contains__(self, location: object) -> bool:
        cell = _cell(self._grid, location)
        return cell is not None and not self._grid._passable[cell[1], cell[0]]

    def __iter__(self) -> Iterator[Location]:
        ys, xs = np.nonzero(~self._grid._passable)
        return iter(list(zip(xs.tolist(), ys.tolist(), strict=True)))

    def __len__(self) -> int:
        mask = self._grid._passable
        return int(mask.size - np.count_nonzero(mask))

    def add(self, location: Location) -> None:
        """Make ``location`` a wall (``grid.set_wall(location)``)."""
        self._grid.set_wall(location)

    def discard(self, location: Any) -> None:
        """Make ``location`` floor if it is a wall; anything else is left alone."""
        if location in self:
            self._grid.set_wall(location, False)

    def update(self, *locations: Iterable[Location]) -> None:
        """Make every location given a wall, in one edit (``grid.set_walls``)."""
        cells = [cell for group in locations for cell in _cells(self._grid, group)]
        if cells:
            self._grid.set_walls(cells)

    def clear(self) -> None:
        """Make every wall floor, in one edit."""
        cells = list(self)
        if cells:
            self._grid.set_walls(cells, wall=False)

    #: The texts keep walls in a list: ``append`` and ``extend`` work as ``add``/``update``.
    append = add
    extend = update

    def __ior__(self, other: Iterable[Any]) -> WallsView:  # type: ignore[override,misc]
        self.update(other)
        return self

    def __isub__(self, other: Iterable[Any]) -> WallsView:  # type: ignore[override,misc]
        cells = [cell for cell in set(other) if cell in self]
        if cells:
            self._grid.set_walls(cells, wall=False)
        return self

    def _not_a_list(self, *_: Any) -> NoReturn:
        raise TypeError(
            "grid.walls is a set of (x, y) cells, not a list: test a cell with "
            "(x, y) in grid.walls, edit with grid.walls.add / discard, list them with "
            "sorted(grid.walls)")

    __getitem__ = __setitem__ = __delitem__ = _not_a_list
    insert = sort = index = _not_a_list

    def __repr__(self) -> str:
        return f"WallsView({list(self)!r})"


class WeightsView(MutableMapping[Location, float]):
    """The cells whose entry cost is not 1, as a live ``{(x, y): cost}`` (``grid.weights``).

    Reading sees the grid now (a cell costing 1 is not a key, so ``grid.weights.get(cell,
    1)`` is the texts' cost); ``weights[cell] = cost``, ``del weights[cell]`` (back to 1),
    ``update``, ``pop``, ``setdefault``, ``clear`` and ``|=`` edit the grid through
    :meth:`~wayfinding.Grid.set_cost` (a grid without costs becomes weighted). A bad cell
    or cost raises before anything changes.

    Examples
    --------
    >>> import wayfinding as wf
    >>> grid = wf.GridWithWeights(3, 1)
    >>> grid.weights.update({(1, 0): 5, (2, 0): 2})
    >>> grid.weights.get((1, 0)), grid.weights.get((0, 0), 1), len(grid.weights)
    (5.0, 1, 2)
    >>> grid.weights[(1, 0)] = -1
    Traceback (most recent call last):
    ...
    wayfinding.errors.InvalidCostError: cost of cell (1, 0) must be finite and >= 0, got -1
    """

    __slots__ = ("_grid",)

    def __init__(self, grid: Grid) -> None:
        self._grid = grid

    def __getitem__(self, location: Any) -> float:
        cell = _cell(self._grid, location)
        costs = self._grid._costs
        if cell is None or costs is None or costs[cell[1], cell[0]] == 1.0:
            raise KeyError(location)
        return float(costs[cell[1], cell[0]])

    def __iter__(self) -> Iterator[Location]:
        costs = self._grid._costs
        if costs is None:
            return iter(())
        ys, xs = np.nonzero(costs != 1.0)
        return iter(list(zip(xs.tolist(), ys.tolist(), strict=True)))

    def __len__(self) -> int:
        costs = self._grid._costs
        return 0 if costs is None else int(np.count_nonzero(costs != 1.0))

    def __setitem__(self, location: Location, cost: float) -> None:
        self._grid.set_cost(location, cost)

    def __delitem__(self, location: Location) -> None:
        if location not in self:
            raise KeyError(location)
        self._grid.set_cost(location, 1.0)

    def update(self, other: Any = (), /, **keywords: float) -> None:
        """Set the cost of every cell given; all are checked before any is set."""
        if keywords:
            raise TypeError("grid.weights keys are (x, y) cells: pass a dict, not keywords")
        pairs = other.items() if isinstance(other, Mapping) else other
        checked = []
        for location, cost in pairs:
            x, y = location_in_grid(self._grid.width, self._grid.height, location)
            checked.append(((x, y), _checked_cost_value(cost, f"cost of cell {(x, y)}")))
        for cell, cost in checked:
            self._grid.set_cost(cell, cost)

    def clear(self) -> None:
        """Every cell back to cost 1."""
        for cell in list(self):
            self._grid.set_cost(cell, 1.0)

    def copy(self) -> dict[Location, float]:
        """A plain dict of the weights now (no longer tied to the grid)."""
        return dict(self.items())

    def __or__(self, other: Mapping[Location, float]) -> dict[Location, float]:
        return {**self.copy(), **other}

    def __ior__(self, other: Any) -> WeightsView:
        self.update(other)
        return self

    def __repr__(self) -> str:
        return f"WeightsView({self.copy()!r})"
