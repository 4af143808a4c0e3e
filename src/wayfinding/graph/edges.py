"""The edges out of a location read the fastest way a graph allows: the search loop makes
one call per expansion (no Python frame at all on a networkx graph) and none per edge.

``edge_rows(graph)`` returns ``(rows, attribute, default, fix)``. ``rows(location)`` is a
mapping from each neighbour to its raw step. When ``attribute`` is not None the raw step is
a networkx edge data dict and the step is ``raw[attribute]``, read inline by the loop
(``raw.get(attribute, default)`` when it is missing: ``default`` marks that); else the raw
step is the step itself. A step that is not a number the loop can
add goes through ``fix(location, next_location, step)``, which returns the cost as a
float, None for a hidden edge, or raises :class:`~wayfinding.errors.InvalidCostError`
naming the edge. networkx graphs are read straight from their adjacency dicts
(``G._adj``); a :class:`SimpleGraph` from its own dicts; any other graph through its
``neighbors`` and ``cost`` methods.

Examples
--------
>>> import networkx as nx
>>> G = nx.DiGraph()
>>> G.add_edge('a', 'b', length=2.5)
>>> G.add_edge('a', 'c', length=None)
>>> rows, attribute, default, fix = edge_rows(NetworkXGraph(G, weight='length'))
>>> [(v, fix('a', v, data.get(attribute, default))) for v, data in rows('a').items()]
[('b', 2.5), ('c', None)]
>>> rows, attribute, default, fix = edge_rows(SimpleGraph({1: [2, 3], 2: {3: 4}}))
>>> attribute, rows(1), rows(2), rows(3)
(None, {2: 1.0, 3: 1.0}, {3: 4.0}, {})
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..errors import InvalidParameterError
from .protocol import _MISSING, FunctionGraph, NetworkXGraph, SimpleGraph, checked_step

__all__ = ["edge_rows", "reverse_rows"]

Rows = Callable[[Any], Mapping[Any, Any]]
Fix = Callable[[Any, Any, Any], "float | None"]

def _checked(u: Any, v: Any, raw: Any) -> float | None:
    return checked_step(raw, u, v)


def edge_rows(graph: Any) -> tuple[Rows, Any, Any, Fix]:
    """``(rows, attribute, default, fix)`` for any graph the generic tier takes (see the
    module docstring)."""
    kind = type(graph)
    if kind is NetworkXGraph:
        return _networkx_rows(graph)
    if kind is SimpleGraph:
        return _simple_rows(graph), None, None, _checked
    if kind is FunctionGraph:
        return _method_rows(graph._neighbors, graph._cost), None, None, _checked
    return _method_rows(graph.neighbors, getattr(graph, "cost", None)), None, None, _checked


def _method_rows(neighbors: Callable[[Any], Iterable[Any]],
                 cost: Callable[[Any, Any], Any] | None) -> Rows:
    if cost is None:
        def unit_rows(location: Any) -> Mapping[Any, Any]:
            return dict.fromkeys(neighbors(location), 1.0)

        return unit_rows

    def rows(location: Any) -> Mapping[Any, Any]:
        return {v: cost(location, v) for v in neighbors(location)}

    return rows


def _simple_rows(graph: SimpleGraph) -> Rows:
    edges, costs, nothing = graph._edges, graph._costs, ()

    def rows(location: Any) -> Mapping[Any, Any]:
        targets = edges.get(location, nothing)
        out = costs.get(location)
        if out is None:
            return dict.fromkeys(targets, 1.0)
        return {v: out[v] for v in targets}

    return rows


def _networkx_rows(adapter: NetworkXGraph) -> tuple[Rows, Any, Any, Fix]:
    G = adapter.graph
    weight = adapter.weight
    if adapter._multi or callable(weight):
        return _method_rows(adapter.neighbors, adapter.cost), None, None, _checked
    adj = G._succ if G.is_directed() else G._adj  # the dict of dicts behind G.adj
    if weight is None:
        def unit_rows(location: Any) -> Mapping[Any, Any]:
            return dict.fromkeys(adj[location], 1.0)

        return unit_rows, None, None, _checked

    def fix(u: Any, v: Any, raw: Any) -> float | None:
        if raw is _MISSING:  # no such attribute: 1, unless another one looks like the cost
            raw = adapter._edge_cost(u, v, adj[u][v])
        return checked_step(raw, u, v)

    return adj.__getitem__, weight, _MISSING, fix


def reverse_rows(graph: Any) -> tuple[Rows, Any, Any, Fix]:
    """As :func:`edge_rows` over the edges *into* a location: ``rows(v)`` maps each
    predecessor ``u`` to the raw step of the edge ``u -> v``, and ``fix(v, u, raw)`` names
    that edge as ``u -> v``.

    A networkx graph gives its ``pred`` (an undirected one is its own); another graph
    needs a ``predecessors(location)`` method, or an ``is_directed()`` method that returns
    False (then its neighbours are its predecessors). Anything else raises
    :class:`~wayfinding.errors.InvalidParameterError`.

    Examples
    --------
    >>> rows, attribute, default, fix = reverse_rows(SimpleGraph({'a': {'c': 2}, 'b': ['c']}))
    >>> rows('c'), rows('a')
    ({'a': 2.0, 'b': 1.0}, {})
    """
    if type(graph) is NetworkXGraph and not graph._multi and not callable(graph.weight):
        G = graph.graph
        rows, attribute, default, fix = edge_rows(graph)
        if G.is_directed():
            rows = G._pred.__getitem__
        return rows, attribute, default, _swapped(fix)
    cost = graph.cost if type(graph) is NetworkXGraph else getattr(graph, "cost", None)
    predecessors = getattr(graph, "predecessors", None)
    if not callable(predecessors):
        is_directed = getattr(graph, "is_directed", None)
        if not callable(is_directed) or is_directed():
            raise InvalidParameterError(
                f"bidirectional search needs the edges into a location: give a graph with a "
                f"predecessors(location) method (or is_directed() returning False), a "
                f"networkx graph or a SimpleGraph, or compile it with wf.compile_graph; got "
                f"{type(graph).__name__}")
        predecessors = graph.neighbors
    if cost is None:
        def unit_rows(location: Any) -> Mapping[Any, Any]:
            return dict.fromkeys(predecessors(location), 1.0)

        return unit_rows, None, None, _swapped(_checked)

    def rows(location: Any) -> Mapping[Any, Any]:
        return {u: cost(u, location) for u in predecessors(location)}

    return rows, None, None, _swapped(_checked)


def _swapped(fix: Fix) -> Fix:
    def backward(v: Any, u: Any, raw: Any) -> float | None:
        return fix(u, v, raw)

    return backward
