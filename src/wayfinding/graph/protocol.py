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
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any, Protocol, runtime_checkable

from ..errors import InvalidCostError, InvalidParameterError

__all__ = [
    "FunctionGraph",
    "Graph",
    "NetworkXGraph",
    "SimpleGraph",
    "WeightedGraph",
    "as_graph",
    "edge_cost",
]

Location = Hashable


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
    edges : Mapping
        ``{'A': ['B', 'C']}`` (every step costs 1) or ``{'a': {'b': 2.5}}`` (step costs).

    Examples
    --------
    >>> g = SimpleGraph({'A': ['B'], 'B': ['A', 'C', 'D'], 'C': ['A'], 'D': ['E', 'A'],
    ...                  'E': ['B']})
    >>> list(g.neighbors('D'))
    ['E', 'A']
    """

    def __init__(self, edges: Mapping[Any, Any]) -> None:
        if not isinstance(edges, Mapping):
            raise InvalidParameterError(
                f"edges must be a dict of neighbour lists or cost dicts, got {type(edges).__name__}"
            )
        self.edges: dict[Any, list[Any]] = {}
        self._costs: dict[Any, dict[Any, float]] = {}
        for location, targets in edges.items():
            if isinstance(targets, Mapping):
                costs = {t: _checked_edge_cost(c, location, t) for t, c in targets.items()}
                self.edges[location] = list(costs)
                self._costs[location] = costs
            elif isinstance(targets, Iterable) and not isinstance(targets, str | bytes):
                self.edges[location] = list(targets)
            else:
                raise InvalidParameterError(
                    f"neighbours of {location!r} must be a list or a dict, got {targets!r}"
                )
        self._locations = set(self.edges)
        for targets in self.edges.values():
            self._locations.update(targets)

    def neighbors(self, location: Any) -> list[Any]:
        """The locations one step away from ``location``."""
        return self.edges.get(location, [])

    def cost(self, from_location: Any, to_location: Any) -> float:
        """Cost of the edge (1 when the graph was given as neighbour lists)."""
        costs = self._costs.get(from_location)
        if costs is None:
            return 1.0
        return costs[to_location]

    def __contains__(self, location: object) -> bool:
        return location in self._locations

    def __repr__(self) -> str:
        n_edges = sum(len(v) for v in self.edges.values())
        return f"SimpleGraph({len(self._locations)} locations, {n_edges} edges)"


class FunctionGraph:
    """A graph given as a ``neighbors(location)`` function and an optional ``cost``."""

    def __init__(
        self,
        neighbors: Callable[[Any], Iterable[Any]],
        cost: Callable[[Any, Any], float] | None = None,
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

    def cost(self, from_location: Any, to_location: Any) -> float:
        """The wrapped cost function, or 1."""
        if self._cost is None:
            return 1.0
        return self._cost(from_location, to_location)


class NetworkXGraph:
    """A networkx graph seen through the protocol; ``weight`` names the edge attribute."""

    def __init__(self, graph: Any, weight: str = "weight") -> None:
        self.graph = graph
        self.weight = weight
        self._adj = graph.succ if graph.is_directed() else graph.adj

    def neighbors(self, location: Any) -> Iterable[Any]:
        """Successors in the networkx graph."""
        return self._adj[location]

    def cost(self, from_location: Any, to_location: Any) -> float:
        """The edge's ``weight`` attribute (smallest over parallel edges), 1 if absent."""
        data = self._adj[from_location][to_location]
        if self.graph.is_multigraph():
            return min(d.get(self.weight, 1.0) for d in data.values())
        return data.get(self.weight, 1.0)

    def __contains__(self, location: object) -> bool:
        return location in self.graph


def as_graph(
    graph: Any, cost: Callable[[Any, Any], float] | None = None
) -> Any:
    """Whatever the user passed, as an object with ``neighbors`` (and ``cost``).

    Accepts an object with a ``neighbors`` method (returned as is), a networkx graph,
    or a function ``neighbors(location)`` (with ``cost`` as an optional second function).
    """
    if _is_networkx(graph):
        return NetworkXGraph(graph)
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


def _checked_edge_cost(value: Any, a: Any, b: Any) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise InvalidCostError(f"cost of edge {a!r} -> {b!r} must be a number, got {value!r}") \
            from None
    if not math.isfinite(number) or number < 0:
        raise InvalidCostError(
            f"cost of edge {a!r} -> {b!r} must be finite and >= 0, got {value!r}"
        )
    return number
