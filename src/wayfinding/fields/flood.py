"""Flood fields: one Dijkstra flood, then instant costs and paths to anywhere.

:func:`flood` searches outwards from one or several starts with no goal and keeps, for
every location reached, its cost and the location it was reached from. Afterwards
:meth:`DistanceField.cost_to` and :meth:`DistanceField.path_to` are look-ups, not searches.
Several starts make the roguelike "Dijkstra maps": each location holds the cost from the
*nearest* start. Starts may carry initial costs, which is what flee maps need (see
:func:`flood`). On a :class:`~wayfinding.Grid` the flood is compiled; any other graph
(see :func:`wayfinding.graph.protocol.as_graph`) is flooded by the generic tier.

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('''
... .....
... .###.
... .....
... ''')
>>> field = flood(grid, (0, 0))
>>> field.cost_to((4, 2)), field.cost_to((2, 1))
(6.0, inf)
>>> field.path_to((2, 2))
[(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)]
>>> (2, 1) in field.reachable, len(field.reachable)
(False, 12)
>>> field.as_array()[0]
array([0., 1., 2., 3., 4.])
"""

from __future__ import annotations

import os
from collections.abc import KeysView
from typing import Any

from ._fields import run_flood
from ._stores import FieldBase, GraphStore, GridStore, check_factor

__all__ = ["DistanceField", "flood"]


def flood(graph: Any, starts: Any, max_cost: float | None = None, *,
          max_seconds: float | None = None) -> DistanceField:
    """Flood ``graph`` from ``starts``: the cheapest cost and path to every location reached.

    Parameters
    ----------
    graph : Grid, object with ``neighbors`` (and ``cost``), networkx graph, or function
        A Grid is flooded by a compiled kernel; anything else (and a Grid subclass that
        redefines ``neighbors`` or ``cost``) by the generic tier.
    starts : location, list/set/frozenset of locations, dict, or a field
        One start or several (a tuple is always one location). A dict
        ``{location: initial_cost}`` gives each start its own initial cost (any finite
        number, negative too): a location then costs the least ``initial + path cost``
        over the starts. A :class:`DistanceField` or
        :class:`~wayfinding.fields.flowfield.FlowField` seeds every location it reached with
        its cost there (see :meth:`DistanceField.scaled`).
    max_cost : float, optional
        Locations costing more are left unreached (finite, >= 0).
    max_seconds : float, optional
        Time budget (finite, >= 0). When it runs out the field holds exactly the
        locations settled so far (the cheapest, as with a smaller ``max_cost``) and
        ``complete`` is False; 0 settles nothing. Ctrl-C stops a flood too (every few
        milliseconds the compiled flood gives Python a chance to raise
        KeyboardInterrupt).

    Returns
    -------
    DistanceField

    Raises
    ------
    InvalidLocationError
        A start off the grid, on a wall, not in the graph, or no start at all.
    InvalidCostError
        An initial cost that is not a finite number, or a negative/NaN edge cost.
    InvalidParameterError
        ``max_cost`` or ``max_seconds`` negative or not finite; a field from another grid
        as ``starts``.

    Notes
    -----
    **Flee maps** (the roguelike "Dijkstra maps" technique): flood from the player, scale
    the costs by a negative factor such as -1.2 and flood again from the scaled values.
    Moving downhill on the result leads away from the player, but round obstacles and
    towards open space rather than into corners. Units move best along a flow field (a
    flood of the cost *from* each cell, which is what they walk)::

        toward = wf.flow_field(grid, player)             # cost from each cell to the player
        flee = wf.flow_field(grid, toward.scaled(-1.2))  # re-flood from the scaled costs
        step = flee.next_step(monster)                   # None: nowhere better to go

    The same works with :func:`flood` (``flood(grid, field.scaled(-1.2))``); on grids
    without per-cell costs both give the same numbers.

    Examples
    --------
    >>> import wayfinding as wf
    >>> corridor = wf.Grid.from_ascii('.......')
    >>> two = flood(corridor, [(0, 0), (6, 0)])
    >>> [two.cost_to((x, 0)) for x in range(7)]
    [0.0, 1.0, 2.0, 3.0, 2.0, 1.0, 0.0]
    >>> head_start = flood(corridor, {(0, 0): 0.0, (6, 0): -2.0})
    >>> [head_start.cost_to((x, 0)) for x in range(7)]
    [0.0, 1.0, 2.0, 1.0, 0.0, -1.0, -2.0]
    >>> flee = flood(corridor, flood(corridor, (2, 0)).scaled(-1.2))
    >>> [round(flee.cost_to((x, 0)), 1) for x in range(7)]
    [-2.4, -1.4, -0.8, -1.8, -2.8, -3.8, -4.8]
    >>> graph = wf.SimpleGraph({'a': {'b': 2}, 'b': {'c': 1}})
    >>> flood(graph, 'a').path_to('c'), flood(graph, 'a', max_cost=2).cost_to('c')
    (['a', 'b', 'c'], inf)
    >>> none = flood(corridor, (0, 0), max_seconds=0)
    >>> none.complete, len(none.reachable)
    (False, 0)
    """
    done = run_flood(graph, starts, "start", max_cost, max_seconds, reverse=False)
    return DistanceField(done.store, max_cost=done.max_cost, expanded=done.settled,
                         complete=done.complete)


class DistanceField(FieldBase):
    """The cost and path from the nearest start to every location a flood reached.

    Built by :func:`flood` (or :meth:`load`); a snapshot: editing the grid afterwards does
    not change it.

    Attributes
    ----------
    kind : str
        ``"grid"`` (the field covers a Grid's cells) or ``"graph"``.
    max_cost : float or None
        The flood's cost limit.
    expanded : int
        How many locations the flood expanded.
    complete : bool
        False when ``max_seconds`` ran out: only the locations settled by then are
        reached.
    reachable : set-like
        Every location with a finite cost (a read-only view: ``in``, ``len``, iteration).

    Examples
    --------
    >>> import wayfinding as wf
    >>> field = flood(wf.Grid.from_ascii('.5.'), (0, 0))
    >>> field.cost_to((2, 0)), field.path_to((2, 0)), field.kind
    (6.0, [(0, 0), (1, 0), (2, 0)], 'grid')
    """

    def __init__(self, store: GridStore | GraphStore, *, max_cost: float | None = None,
                 expanded: int = 0, complete: bool = True) -> None:
        self._store = store
        self.max_cost = max_cost
        self.expanded = expanded
        self.complete = complete

    @property
    def kind(self) -> str:
        """``"grid"`` or ``"graph"``."""
        return self._store.kind

    @property
    def reachable(self) -> KeysView:
        """Every location with a finite cost: a read-only set-like view."""
        return self._store.reachable

    def cost_to(self, location: Any) -> float:
        """Cost from the nearest start to ``location`` (its initial cost included).

        ``inf`` when it was not reached (a wall, cut off, beyond ``max_cost``, or not in the
        graph). On a grid, a location off the grid raises InvalidLocationError.
        """
        return self._store.cost(location)

    def path_to(self, location: Any) -> list[Any] | None:
        """The path ``[start, ..., location]`` from the nearest start (no search).

        ``None`` when ``location`` was not reached.
        """
        chain = self._store.chain(location)
        if chain is not None:
            chain.reverse()
        return chain

    def scaled(self, factor: float) -> DistanceField:
        """A field holding ``factor x cost`` at every reached location, and no paths.

        Feed it to :func:`flood` or :func:`~wayfinding.fields.flowfield.flow_field` as
        ``starts`` to re-flood from the scaled values (flee maps: ``factor=-1.2``). In the
        scaled field itself every reached location is a start (``path_to`` gives just
        ``[location]``).

        Examples
        --------
        >>> import wayfinding as wf
        >>> flood(wf.Grid.from_ascii('...'), (0, 0)).scaled(-2).as_array()
        array([[-0., -2., -4.]])
        """
        return DistanceField(self._store.seeds(check_factor(factor)), max_cost=None)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the field to one file at ``path`` (the name is used as given).

        A grid field is an ``.npz`` numpy archive (read back without pickle). A graph field
        is a JSON document, so its locations must be JSON-able: strings, ints, finite
        floats, bools, or tuples of those (nested tuples too); anything else raises
        InvalidParameterError. Nothing is pickled.
        """
        from ._fieldio import save_field

        save_field(self, path)

    @classmethod
    def load(cls, path: str | os.PathLike[str], graph: Any = None) -> DistanceField:
        """Read a field written by :meth:`save` (MapFormatError if the file is not one).

        ``graph`` (optional, as for every other ``load(path, grid)``): the grid or graph
        the field was flooded on; the field must fit it (a grid field: the grid's size,
        no wall reached; a graph field: only locations the graph holds), else
        StaleDataError. Without it the file is checked on its own.

        The file is not trusted. A grid field's archive may hold only the five members
        :meth:`save` writes; their sizes are checked before anything is decompressed
        (at most :data:`~wayfinding.fields._fieldio.MAX_FIELD_CELLS` cells, each row
        checked as it arrives; ``/dev/zero`` and other endless files are refused). Costs must be
        numbers or +inf; each parent must be one of its cell's eight neighbours (or, in a
        graph file, a reached location), reached, no dearer than the cell, and parents
        must not form a cycle: ``path_to`` then only returns real paths.

        Raises
        ------
        MapFormatError
            When the file is damaged, truncated, too large or inconsistent; the message
            names the file and what is wrong.
        StaleDataError
            When the field does not fit ``graph``.
        InvalidParameterError
            When ``graph`` is a Grid for a graph field, or not a Grid for a grid field.
        FileNotFoundError
            When there is no file at ``path``.

        Examples
        --------
        >>> import tempfile, os, wayfinding as wf
        >>> field_grid = wf.Grid.from_ascii('..#.')
        >>> field = flood(field_grid, (0, 0))
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     name = os.path.join(folder, 'field.npz')
        ...     field.save(name)
        ...     back = DistanceField.load(name, field_grid)
        >>> back.cost_to((1, 0)), back.path_to((1, 0)), back.cost_to((3, 0))
        (1.0, [(0, 0), (1, 0)], inf)
        """
        from .._tiers import is_grid
        from ._fieldio import load_field

        return load_field(cls, path, graph, is_grid(graph))

    def __repr__(self) -> str:
        return (f"DistanceField(kind={self.kind!r}, reachable={len(self.reachable)}, "
                f"max_cost={self.max_cost!r})")
