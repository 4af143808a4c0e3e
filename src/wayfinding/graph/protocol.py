"""What a graph is: anything that lists a location's neighbours (and maybe step costs).

Locations are plain hashable values (ints, strings, tuples); they never need to be
ordered. ``as_graph`` accepts a graph object, a networkx graph, or a plain
``neighbors`` function with an optional ``cost`` function.

Examples
--------
>>> g = SimpleGraph({'A': ['B'], 'B': ['A', 'C'], 'C': []})
>>> list(g.neighbors('B')), g.cost('A', 'B')
(['A', 'C'], 1.0)
>>> w = SimpleGraph({'a': {'b': 2.5}})
>>> w.cost('a', 'b'), 'b' in w
(2.5, True)
>>> f = as_graph(lambda n: [n + 1] if n < 3 else [])
>>> list(f.neighbors(0)), f.cost(0, 1)
([1], 1.0)

A cost of None hides an edge (as in networkx); any other cost that is not a finite number
>= 0 raises :class:`~wayfinding.errors.InvalidCostError` naming the edge:

>>> checked_step(2, 'a', 'b'), checked_step(None, 'a', 'b') is None
(2.0, True)
>>> checked_step('5', 'a', 'b')
Traceback (most recent call last):
...
wayfinding.errors.InvalidCostError: cost of edge 'a' -> 'b' must be a number ...
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any, Protocol, TypeAlias, runtime_checkable

from ..errors import InvalidCostError, InvalidParameterError
from .edgeviews import EdgesView, Neighbours

__all__ = [
    "FunctionGraph",
    "Graph",
    "NetworkXGraph",
    "SimpleGraph",
    "WeightedGraph",
    "as_graph",
    "checked_step",
    "edge_cost",
]

Location = Hashable

#: A cost function of a graph given as a ``neighbors`` function: ``cost(a, b)``; None
#: hides the edge.
CostFunction: TypeAlias = Callable[[Any, Any], float | None]
#: networkx's ``weight=``: an edge attribute name, a function ``(u, v, data) -> cost or
#: None`` (None hides the edge), or None for a cost of 1 per edge.
EdgeWeight: TypeAlias = str | Callable[[Any, Any, dict[str, Any]], float | None] | None


@runtime_checkable
class Graph(Protocol):
    """A graph lists the neighbours of a location; every step costs 1."""

    def neighbors(self, location: Any) -> Iterable[Any]: ...


@runtime_checkable
class WeightedGraph(Graph, Protocol):
    """A graph that also knows the cost of each step."""

    def cost(self, from_location: Any, to_location: Any) -> float: ...


class SimpleGraph:
    """A directed graph from a dict of neighbour lists or of neighbour-to-cost dicts.

    Parameters
    ----------
    edges : Mapping, optional
        ``{'A': ['B', 'C']}`` (every step costs 1) or ``{'a': {'b': 2.5}}`` (step costs).
        None (the default): no locations yet; set :attr:`edges` later, as the texts do.
    negative_costs : bool
        Accept finite negative costs, for :func:`wayfinding.bellman_ford` and
        :func:`wayfinding.johnson`; every other search refuses a negative step when it
        meets one (InvalidCostError naming the edge), as it does on any graph.

    Examples
    --------
    >>> g = SimpleGraph({'A': ['B'], 'B': ['A', 'C', 'D'], 'C': ['A'], 'D': ['E', 'A'],
    ...                  'E': ['B']})
    >>> list(g.neighbors('D'))
    ['E', 'A']
    >>> SimpleGraph({'a': {'b': -2}}, negative_costs=True).cost('a', 'b')
    -2.0
    """

    def __init__(self, edges: Mapping[Any, Any] | None = None, *,
                 negative_costs: bool = False) -> None:
        self._negative = bool(negative_costs)
        self._edges: dict[Any, Neighbours] = {}
        self._costs: dict[Any, dict[Any, float]] = {}
        self._known: set[Any] | None = set()  # every location; None: count them again
        self._incoming: dict[Any, list[Any]] | None = None  # built on first need
        if edges is not None:
            self.edges = edges  # type: ignore[assignment]

    @property
    def edges(self) -> EdgesView:
        """The rows ``{location: neighbours}``, a live view: assign a whole dict as the
        texts do (``graph.edges = {...}``) or one row (``graph.edges['F'] = ['A']``,
        ``del``, ``update``); either changes the graph (:mod:`.edgeviews`)."""
        return EdgesView(self)

    @edges.setter
    def edges(self, edges: Mapping[Any, Any]) -> None:
        if not isinstance(edges, Mapping):
            raise InvalidParameterError(
                f"edges must be a dict of neighbour lists or cost dicts, got {type(edges).__name__}"
            )
        if isinstance(edges, EdgesView) and edges._graph is self:
            return
        rows = [(location, *_row(location, targets, self._negative))
                for location, targets in edges.items()]
        self._edges = {location: targets for location, targets, _ in rows}
        self._costs = {location: costs for location, _, costs in rows if costs is not None}
        self._known, self._incoming = None, None

    def _set_row(self, location: Any, targets: Any) -> None:
        """``graph.edges[location] = targets``: checked, then stored."""
        row, costs = _row(location, targets, self._negative)
        replaced = location in self._edges
        self._edges[location] = row
        if costs is None:
            self._costs.pop(location, None)
        else:
            self._costs[location] = costs
        if replaced or self._known is None:
            self._known = None
        else:
            self._known.add(location)
            self._known.update(row)
        self._incoming = None

    def _drop_row(self, location: Any) -> None:
        """``del graph.edges[location]`` (KeyError when it has no row)."""
        del self._edges[location]
        self._costs.pop(location, None)
        self._known, self._incoming = None, None

    @property
    def has_negative_costs(self) -> bool:
        """True when some step costs less than 0 (possible only with ``negative_costs=True``;
        read from the rows as they are now)."""
        return self._negative and any(c < 0 for out in self._costs.values()
                                      for c in out.values())

    @property
    def _locations(self) -> set[Any]:
        """Every location: a row's own, and those its rows name (counted after edits)."""
        if self._known is None:
            known = set(self._edges)
            for targets in self._edges.values():
                known.update(targets)
            self._known = known
        return self._known

    def neighbors(self, location: Any) -> list[Any]:
        """The locations one step away from ``location``."""
        row = self._edges.get(location)
        return row if row is not None else Neighbours(location, ())

    def cost(self, from_location: Any, to_location: Any) -> float:
        """Cost of the edge (1 when the graph was given as neighbour lists)."""
        costs = self._costs.get(from_location)
        if costs is None:
            return 1.0
        return costs[to_location]

    def predecessors(self, location: Any) -> list[Any]:
        """The locations with an edge to ``location`` (for bidirectional search)."""
        if self._incoming is None:
            incoming: dict[Any, list[Any]] = {}
            for u, targets in self._edges.items():
                for v in targets:
                    incoming.setdefault(v, []).append(u)
            self._incoming = incoming
        return self._incoming.get(location, [])

    def __contains__(self, location: object) -> bool:
        return location in self._locations

    def __repr__(self) -> str:
        n_edges = sum(len(v) for v in self._edges.values())
        return f"SimpleGraph({len(self._locations)} locations, {n_edges} edges)"


class FunctionGraph:
    """A graph given as a ``neighbors(location)`` function and an optional ``cost``."""

    def __init__(
        self,
        neighbors: Callable[[Any], Iterable[Any]],
        cost: CostFunction | None = None,
    ) -> None:
        if not callable(neighbors):
            raise InvalidParameterError(f"neighbors must be callable, got {neighbors!r}")
        if cost is not None and not callable(cost):
            raise InvalidParameterError(f"cost must be callable or None, got {cost!r}")
        self._neighbors = neighbors
        self._cost = cost

    def neighbors(self, location: Any) -> Iterable[Any]:
        """Whatever the wrapped function says."""
        return self._neighbors(location)

    def cost(self, from_location: Any, to_location: Any) -> float | None:
        """The wrapped cost function's value as a float (None hides the edge), or 1.

        Raises InvalidCostError for a value that is not a finite number >= 0."""
        if self._cost is None:
            return 1.0
        return checked_step(self._cost(from_location, to_location), from_location,
                            to_location)


class NetworkXGraph:
    """A networkx graph seen through the protocol.

    Parameters
    ----------
    graph : networkx.Graph, DiGraph, MultiGraph or MultiDiGraph
    weight : str, callable or None
        As networkx's ``weight=``: the name of the edge attribute holding the cost
        (``"weight"`` by default; osmnx uses ``"length"``), or a function
        ``(u, v, data) -> cost or None`` where None hides the edge, or None for 1 per edge.
        An edge without the named attribute costs 1 (as in networkx) unless it carries
        other numeric attributes: then nothing says which one is the cost, and the search
        raises :class:`~wayfinding.errors.InvalidCostError` naming the edge and them
        instead of silently counting 1. On a multigraph the cheapest parallel edge is
        taken; a function is called once per parallel edge with that edge's data (networkx
        itself passes the dict of all parallel edges).

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.Graph()
    >>> G.add_edge('a', 'b', length=2.5, osmid=7)
    >>> NetworkXGraph(G, weight='length').cost('a', 'b')
    2.5
    >>> NetworkXGraph(G).cost('a', 'b')
    Traceback (most recent call last):
    ...
    wayfinding.errors.InvalidCostError: edge 'a' -> 'b' has no 'weight' attribute ...
    """

    def __init__(self, graph: Any, weight: EdgeWeight = "weight") -> None:
        if not (weight is None or isinstance(weight, str) or callable(weight)):
            raise InvalidParameterError(
                "weight must be an edge attribute name, a function (u, v, data) -> cost or "
                f"None, or None for 1 per edge; got {weight!r}"
            )
        self.graph = graph
        self.weight = weight
        self._adj = graph.succ if graph.is_directed() else graph.adj
        self._multi = bool(graph.is_multigraph())
        self._name = weight if isinstance(weight, str) else _MISSING

    def neighbors(self, location: Any) -> Iterable[Any]:
        """Successors in the networkx graph."""
        return self._adj[location]

    def predecessors(self, location: Any) -> Iterable[Any]:
        """Locations with an edge to ``location`` (for reverse floods such as flow fields)."""
        return self.graph.pred[location] if self.graph.is_directed() else self._adj[location]

    def cost(self, from_location: Any, to_location: Any) -> float | None:
        """Cost of the edge as a float (cheapest parallel edge on a multigraph); None hides
        it. Raises InvalidCostError for a value that is not a finite number >= 0."""
        data = self._adj[from_location][to_location]
        if not self._multi:
            value = data.get(self._name, _MISSING)  # the common case, one look-up
            if value is _MISSING:
                value = self._edge_cost(from_location, to_location, data)
            return checked_step(value, from_location, to_location)
        costs = (checked_step(self._edge_cost(from_location, to_location, d), from_location,
                              to_location) for d in data.values())
        shown = [c for c in costs if c is not None]
        return min(shown) if shown else None

    def _edge_cost(self, u: Any, v: Any, data: dict[str, Any]) -> Any:
        weight = self.weight
        if weight is None:
            return 1.0
        if not isinstance(weight, str):
            return weight(u, v, data)
        if weight in data:
            return data[weight]  # None hides the edge, as in networkx
        numeric = sorted(k for k, value in data.items() if _is_number(value))
        if numeric:
            raise InvalidCostError(
                f"edge {u!r} -> {v!r} has no {weight!r} attribute but has numeric attributes "
                f"{numeric}: say which one is the cost with wf.as_graph(G, weight="
                f"{numeric[0]!r}), or weight=None for 1 per edge (networkx would silently "
                "count 1)"
            )
        return 1.0

    def __contains__(self, location: object) -> bool:
        return location in self.graph

    def __repr__(self) -> str:
        return f"NetworkXGraph({self.graph!r}, weight={self.weight!r})"


def as_graph(graph: Any, cost: CostFunction | None = None, *,
             weight: EdgeWeight = "weight") -> Any:
    """Whatever the user passed, as an object with ``neighbors`` (and ``cost``).

    Parameters
    ----------
    graph : object with ``neighbors``, networkx graph, or function ``neighbors(location)``
        An object with a ``neighbors`` method is returned as is.
    cost : function ``cost(a, b)``, optional
        Only with a ``neighbors`` function: the step costs (None hides the edge).
    weight : str, callable or None
        Only with a networkx graph: the edge attribute holding the cost (``"weight"`` by
        default, osmnx's ``"length"``...), a function ``(u, v, data) -> cost or None``, or
        None for 1 per edge; see :class:`NetworkXGraph`. This is the one way to choose
        the attribute: ``astar``'s own ``weight=`` is the heuristic weight of weighted A*.

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.DiGraph()
    >>> G.add_edge('home', 'work', length=1200.0)
    >>> as_graph(G, weight='length').cost('home', 'work')
    1200.0
    >>> as_graph(lambda n: [n + 1], lambda a, b: None).cost(0, 1) is None  # hidden edge
    True
    """
    if _is_networkx(graph):
        if cost is not None:
            raise InvalidParameterError(
                "cost= is for a graph given as a neighbors function; for a networkx graph "
                "give weight= (an edge attribute name, a function (u, v, data) -> cost or "
                "None, or None for 1 per edge)"
            )
        return NetworkXGraph(graph, weight)
    if weight != "weight":
        raise InvalidParameterError(
            f"weight= is only for networkx graphs, got {type(graph).__name__} (a graph given "
            "as a neighbors function takes cost=, a graph object its own cost method)"
        )
    if isinstance(graph, NetworkXGraph):
        return graph
    if cost is not None:
        if hasattr(graph, "neighbors") and not callable(graph):
            raise InvalidParameterError("cost= is only for graphs given as a neighbors function")
        return FunctionGraph(graph, cost)
    if hasattr(graph, "neighbors"):
        return graph
    if callable(graph):
        return FunctionGraph(graph)
    raise InvalidParameterError(
        f"expected a graph (an object with neighbors()), a networkx graph or a neighbors "
        f"function, got {type(graph).__name__}"
    )


def edge_cost(graph: Any) -> Callable[[Any, Any], float]:
    """The graph's ``cost`` method, or unit costs when it has none."""
    method = getattr(graph, "cost", None)
    if method is None:
        return _unit_cost
    return method


def _unit_cost(from_location: Any, to_location: Any) -> float:
    return 1.0


def _is_networkx(graph: Any) -> bool:
    return type(graph).__module__.startswith("networkx") and hasattr(graph, "is_directed")


#: Marks "no such attribute" (an attribute may hold None, which hides the edge).
_MISSING: Any = object()


def _is_number(value: Any) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def checked_step(value: Any, a: Any, b: Any) -> float | None:
    """The cost of edge ``a -> b`` as a float; None (a hidden edge) stays None.

    Raises :class:`InvalidCostError` naming the edge for anything else that is not a
    finite number >= 0 (strings, bools, NaN, negative or infinite numbers).
    """
    if value is None:
        return None
    if not _is_number(value):
        raise InvalidCostError(
            f"cost of edge {a!r} -> {b!r} must be a number (or None to hide the edge), "
            f"got {value!r}"
        )
    return _checked_edge_cost(value, a, b)


def _row(location: Any, targets: Any,
         negative: bool = False) -> tuple[Neighbours, dict[Any, float] | None]:
    """One row of a :class:`SimpleGraph`: its neighbours, and their step costs when given
    as a dict (None for a list: every step costs 1); negative costs only with ``negative``
    (the graph's ``negative_costs``)."""
    if isinstance(targets, Mapping):
        costs = {t: _checked_edge_cost(c, location, t, negative)
                 for t, c in targets.items()}
        return Neighbours(location, costs), costs
    if isinstance(targets, Iterable) and not isinstance(targets, str | bytes):
        return Neighbours(location, targets), None
    raise InvalidParameterError(
        f"neighbours of {location!r} must be a list or a dict, got {targets!r}"
    )


def _checked_edge_cost(value: Any, a: Any, b: Any, negative: bool | None = None) -> float:
    """``value`` as a float cost of edge ``a -> b``; negative numbers only with
    ``negative`` True (None: the check of a search, with no hint about SimpleGraph)."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise InvalidCostError(f"cost of edge {a!r} -> {b!r} must be a number, got {value!r}") \
            from None
    if not math.isfinite(number) or (number < 0 and not negative):
        hint = (" (bellman_ford and johnson take negative costs: SimpleGraph(..., "
                "negative_costs=True))" if math.isfinite(number) and negative is False
                else "")
        raise InvalidCostError(
            f"cost of edge {a!r} -> {b!r} must be finite and >= 0, got {value!r}{hint}"
        )
    return number
