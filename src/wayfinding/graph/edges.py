"""The edges out of a location as ``(neighbour, step cost)`` pairs, read the fastest way a
graph allows: the search loops call one function per expansion, never one per edge.

``edge_rows(graph)`` returns ``(rows, fix)``: ``rows(location)`` iterates
``(next_location, raw_step)`` pairs, and a raw step that is not a Python ``float`` goes
through ``fix(location, next_location, raw_step)``, which returns the cost as a float,
None for a hidden edge, or raises :class:`~wayfinding.errors.InvalidCostError` naming the
edge. networkx graphs are read straight from their adjacency dicts (the attribute looked
up in C, by ``operator.methodcaller``); a :class:`SimpleGraph` from its own dicts; any
other graph through its ``neighbors`` and ``cost`` methods.

Examples
--------
>>> import networkx as nx
>>> G = nx.DiGraph()
>>> G.add_edge('a', 'b', length=2.5)
>>> G.add_edge('a', 'c', length=None)
>>> rows, fix = edge_rows(NetworkXGraph(G, weight='length'))
>>> [(v, fix('a', v, step)) for v, step in rows('a')]
[('b', 2.5), ('c', None)]
>>> rows, fix = edge_rows(SimpleGraph({1: [2, 3], 2: {3: 4}}))
>>> list(rows(1)), list(rows(2)), list(rows(3))
([(2, 1.0), (3, 1.0)], [(3, 4.0)], [])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import repeat
from operator import methodcaller
from typing import Any

from .protocol import _MISSING, FunctionGraph, NetworkXGraph, SimpleGraph, checked_step

__all__ = ["edge_rows"]

Rows = Callable[[Any], Iterable[tuple[Any, Any]]]
Fix = Callable[[Any, Any, Any], "float | None"]


def _checked(u: Any, v: Any, raw: Any) -> float | None:
    return checked_step(raw, u, v)


def edge_rows(graph: Any) -> tuple[Rows, Fix]:
    """``(rows, fix)`` for any graph the generic tier takes (see the module docstring)."""
    kind = type(graph)
    if kind is NetworkXGraph:
        return _networkx_rows(graph)
    if kind is SimpleGraph:
        return _simple_rows(graph), _checked
    if kind is FunctionGraph:
        return _method_rows(graph._neighbors, graph._cost), _checked
    return _method_rows(graph.neighbors, getattr(graph, "cost", None)), _checked


def _method_rows(neighbors: Callable[[Any], Iterable[Any]],
                 cost: Callable[[Any, Any], Any] | None) -> Rows:
    if cost is None:
        def unit_rows(location: Any) -> Iterable[tuple[Any, Any]]:
            return zip(neighbors(location), repeat(1.0))

        return unit_rows

    def rows(location: Any) -> Iterable[tuple[Any, Any]]:
        targets = list(neighbors(location))
        return zip(targets, map(cost, repeat(location), targets))

    return rows


def _simple_rows(graph: SimpleGraph) -> Rows:
    edges, costs, nothing = graph.edges, graph._costs, ()

    def rows(location: Any) -> Iterable[tuple[Any, Any]]:
        targets = edges.get(location, nothing)
        out = costs.get(location)
        if out is None:
            return zip(targets, repeat(1.0))
        return zip(targets, map(out.__getitem__, targets))

    return rows


def _networkx_rows(adapter: NetworkXGraph) -> tuple[Rows, Fix]:
    G = adapter.graph
    weight = adapter.weight
    if adapter._multi or callable(weight):
        return _method_rows(adapter.neighbors, adapter.cost), _checked
    adj = G._succ if G.is_directed() else G._adj  # the dict of dicts behind G.adj

    if weight is None:
        def unit_rows(location: Any) -> Iterable[tuple[Any, Any]]:
            return zip(adj[location], repeat(1.0))

        return unit_rows, _checked
    attribute = methodcaller("get", weight, _MISSING)

    def rows(location: Any) -> Iterable[tuple[Any, Any]]:
        out = adj[location]
        return zip(out, map(attribute, out.values()))

    def fix(u: Any, v: Any, raw: Any) -> float | None:
        if raw is _MISSING:  # no such attribute: 1, unless another one looks like the cost
            raw = adapter._edge_cost(u, v, adj[u][v])
        return checked_step(raw, u, v)

    return rows, fix
