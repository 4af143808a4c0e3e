"""Flow fields for group movement: one reverse flood serves every unit.

:func:`flow_field` floods *backwards* from the goal (or goals), so each location learns its
cost to the nearest goal and its next step on a cheapest path there. Any number of units
then read :meth:`FlowField.next_step`, :meth:`FlowField.path_from` and
:meth:`FlowField.cost_from` without searching.

A step costs its length times the cost of the cell it *enters*, so costs on a weighted
grid are not symmetric: the reverse flood charges, for each step ``v -> u`` it discovers
backwards from ``u``, the cost of ``u`` (the cell being left in the reverse direction).

Generic graphs need their predecessors: an object with a ``predecessors(location)``
method (and ``cost``), a networkx graph, or a :class:`~wayfinding.SimpleGraph` (reversed
once). Other graphs raise InvalidParameterError.

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('''
... ......
... .####.
... .9....
... ''')
>>> flow = flow_field(grid, (5, 2))
>>> flow.next_step((0, 0)), flow.cost_from((0, 0))
((1, 0), 7.0)
>>> flow.path_from((0, 2))
[(0, 2), (0, 1), (0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (5, 1), (5, 2)]
>>> flow.cost_from((0, 2)), wf.astar(grid, (0, 2), (5, 2)).cost
(9.0, 9.0)
>>> flow.next_step((5, 2)) is None
True
"""

from __future__ import annotations

from typing import Any

from ..errors import StaleDataError
from ..grid.grid import Grid
from ._fields import run_flood
from ._stores import FieldBase, GraphStore, GridStore, check_factor

__all__ = ["FlowField", "flow_field"]


def flow_field(graph: Any, goal: Any, *, max_cost: float | None = None,
               max_seconds: float | None = None) -> FlowField:
    """Cost to ``goal`` and next step towards it from every location, by one reverse flood.

    Parameters
    ----------
    graph : Grid, networkx graph, SimpleGraph, or object with ``predecessors``
        A Grid is flooded by a compiled kernel, other graphs by the generic tier.
    goal : location, list/set/frozenset of locations, dict, or a field
        One goal or several (units head for the nearest). A dict
        ``{location: initial_cost}`` gives goals a head start (any finite number); a
        field (for instance ``other.scaled(-1.2)``, a flee map) seeds every location it
        reached with its cost there.
    max_cost : float, optional
        Locations whose cost to the goal exceeds this are left unreached.
    max_seconds : float, optional
        Time budget (finite, >= 0). When it runs out the field holds exactly the
        locations settled so far (the cheapest, as with a smaller ``max_cost``) and
        ``complete`` is False; 0 settles nothing.

    Returns
    -------
    FlowField

    Raises
    ------
    InvalidLocationError
        A goal off the grid, on a wall, not in the graph, or no goal at all.
    InvalidParameterError
        A generic graph without predecessors; ``max_cost`` or ``max_seconds`` out of
        range.
    InvalidCostError
        An initial cost that is not finite, or a negative edge cost.

    Examples
    --------
    >>> import wayfinding as wf
    >>> hall = wf.Grid.from_ascii('.....', diagonal=True)
    >>> exits = flow_field(hall, [(0, 0), (4, 0)])
    >>> [exits.next_step((x, 0)) for x in range(5)]
    [None, (0, 0), (1, 0), (4, 0), None]
    >>> import networkx as nx
    >>> roads = nx.DiGraph([('a', 'b'), ('b', 'c'), ('c', 'a')])
    >>> flow_field(roads, 'a').path_from('b')
    ['b', 'c', 'a']
    """
    done = run_flood(graph, goal, "goal", max_cost, max_seconds, reverse=True)
    return FlowField(done.store, grid=done.grid, max_cost=done.max_cost,
                     expanded=done.settled, complete=done.complete, version=done.version)


class FlowField(FieldBase):
    """Every location's cost to the nearest goal and its next step there.

    Built by :func:`flow_field`. A field over a Grid belongs to the version of the grid
    its flood read (a :meth:`~wayfinding.Grid.snapshot`, also while another thread
    edits): once the grid's version is another (``grid.version`` changes) its methods
    raise StaleDataError; build a new one (one flood) after edits.

    Attributes
    ----------
    max_cost : float or None
        The limit given to the reverse flood (costlier locations stay unreached).
    expanded : int
        Locations the reverse flood settled.
    complete : bool
        True unless ``max_seconds`` ran out first (then only the cheapest locations,
        those settled in time, are reached).
    reachable : set-like
        Every location with a path to a goal (a read-only view).
    """

    def __init__(self, store: GridStore | GraphStore, *, grid: Grid | None,
                 max_cost: float | None = None, expanded: int = 0,
                 complete: bool = True, version: int | None = None) -> None:
        self._store = store
        self._grid = grid
        # the grid's version the store was built from (by default its current one)
        self._version = None if grid is None else (grid.version if version is None
                                                   else version)
        self.max_cost = max_cost
        self.expanded = expanded
        self.complete = complete

    def _fresh(self) -> GridStore | GraphStore:
        if self._grid is not None and self._grid.version != self._version:
            raise StaleDataError(
                f"the grid was edited (version {self._version} -> {self._grid.version}) "
                "after this flow field was built: call flow_field again"
            )
        return self._store

    @property
    def version(self) -> int | None:
        """The version of the grid the field was built from (None on other graphs).

        Examples
        --------
        >>> import wayfinding as wf
        >>> grid = wf.Grid.from_ascii('...')
        >>> grid.set_wall((2, 0))
        >>> flow_field(grid, (0, 0)).version
        1
        """
        return self._version

    def cost_from(self, location: Any) -> float:
        """Cost of the cheapest path from ``location`` to a goal; ``inf`` when there is none.

        On a grid, a location off the grid raises InvalidLocationError.
        """
        return self._fresh().cost(location)

    def next_step(self, location: Any) -> Any:
        """The location to move to from ``location``; ``None`` at a goal or when unreachable."""
        return self._fresh().parent_of(location)

    def path_from(self, location: Any) -> list[Any] | None:
        """The whole path ``[location, ..., goal]`` (no search); ``None`` when unreachable."""
        return self._fresh().chain(location)

    def scaled(self, factor: float) -> FlowField:
        """A field holding ``factor x cost`` at every reached location and no next steps.

        Give it to :func:`flow_field` as the goal to re-flood from the scaled values: with
        ``factor=-1.2`` that is a flee map (see :func:`wayfinding.fields.flood.flood`).

        Examples
        --------
        >>> import wayfinding as wf
        >>> corridor = wf.Grid.from_ascii('.......')
        >>> toward = flow_field(corridor, (2, 0))
        >>> flee = flow_field(corridor, toward.scaled(-1.2))
        >>> [flee.next_step((x, 0)) for x in range(1, 6)]
        [(0, 0), (3, 0), (4, 0), (5, 0), (6, 0)]
        """
        return FlowField(self._fresh().seeds(check_factor(factor)), grid=self._grid,
                         version=self._version)

    def __repr__(self) -> str:
        kind = "grid" if self._grid is not None else "graph"
        return f"FlowField(kind={kind!r}, reachable={len(self.reachable)})"
