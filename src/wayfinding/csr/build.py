"""Builders of :class:`~wayfinding.csr.graph.CSRGraph` from edge lists, networkx and scipy
(the bodies of its ``from_*`` class methods; each takes the class, so this module does
not import graph.py, which imports it).

Examples
--------
>>> import wayfinding as wf
>>> g = wf.CSRGraph.from_edges(["a", "b"], ["b", "c"], [1.0, 2.5], directed=False)
>>> g.node_count, wf.dijkstra(g, "c", "a").cost
(3, 3.5)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable
from enum import Enum
from typing import Any, TypeVar

import numpy as np

from .._inputs import is_number
from ..errors import InvalidCostError, InvalidLocationError, InvalidParameterError

#: The graph a builder makes: whatever ``cls`` (the class of the ``from_*`` method,
#: :class:`~wayfinding.csr.graph.CSRGraph` or a subclass) constructs.
G = TypeVar("G")

__all__ = ["edges_to_csr", "from_node_arrays", "networkx_to_csr", "scipy_to_csr"]


def from_node_arrays(cls: Callable[..., G], n: int, src: np.ndarray, dst: np.ndarray,
                 cost: np.ndarray, labels: Any, coordinates: Any, metric: Enum,
                 directed: bool, negative: bool = False) -> G:
    """CSR from node-number arrays: both directions if undirected, self-loops dropped
    (but for negative ones, with ``negative``: each is a negative cycle), parallel edges
    merged into the cheapest."""
    if not directed:
        src, dst, cost = (np.concatenate([src, dst]), np.concatenate([dst, src]),
                          np.concatenate([cost, cost]))
    keep = (src != dst) | (cost < 0) if negative else src != dst
    src, dst, cost = src[keep], dst[keep], cost[keep]
    order = np.lexsort((cost, dst, src))
    src, dst, cost = src[order], dst[order], cost[order]
    if src.shape[0]:
        first = np.ones(src.shape[0], dtype=bool)
        first[1:] = (src[1:] != src[:-1]) | (dst[1:] != dst[:-1])
        src, dst, cost = src[first], dst[first], cost[first]
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(src, minlength=n), out=indptr[1:])
    return cls(indptr, dst, cost, labels, coordinates=coordinates, metric=metric,
               directed=directed, negative_costs=negative)


def _checked_costs(costs: Any, m: int, sources: Any, targets: Any,
                   negative: bool) -> np.ndarray:
    if costs is None:
        return np.ones(m, dtype=np.float64)
    try:
        array = np.asarray(costs, dtype=np.float64)
    except (TypeError, ValueError):
        raise InvalidCostError(f"costs must be numbers, got {costs!r:.80}") from None
    if array.shape != (m,):
        raise InvalidParameterError(
            f"{m} sources but costs has shape {array.shape}: give one cost per edge")
    bad = ~np.isfinite(array) | ((array < 0) & (not negative))
    if bad.any():
        e = int(np.flatnonzero(bad)[0])
        raise _refused(f"{sources[e]!r} -> {targets[e]!r}", float(array[e]), negative)
    return array


def _refused(edge: str, value: float, negative: bool) -> InvalidCostError:
    """The error for a cost of ``edge`` that is not finite (or, unless ``negative``, is
    below 0)."""
    if negative or not math.isfinite(value):
        return InvalidCostError(f"cost of edge {edge} must be finite"
                                f"{'' if negative else ' and >= 0'}, got {value!r}")
    return InvalidCostError(
        f"cost of edge {edge} must be finite and >= 0, got {value!r} (bellman_ford and "
        "johnson take negative costs: build the graph with negative_costs=True)")


def edges_to_csr(cls: Callable[..., G], sources: Any, targets: Any, costs: Any,
                 nodes: Iterable[Hashable] | None, coordinates: Any, metric: Enum,
                 directed: bool, negative: bool = False) -> G:
    """:meth:`CSRGraph.from_edges`."""
    m = len(sources)
    if len(targets) != m:
        raise InvalidParameterError(
            f"{m} sources but {len(targets)} targets: give one target per source")
    cost = _checked_costs(costs, m, sources, targets, negative)
    integer_arrays = (nodes is None and isinstance(sources, np.ndarray)
                      and isinstance(targets, np.ndarray)
                      and sources.dtype.kind in "iu" and targets.dtype.kind in "iu")
    if integer_arrays:
        both = np.concatenate([sources, targets]).astype(np.int64)
        values, inverse = np.unique(both, return_inverse=True)
        n = values.shape[0]
        identity = n == 0 or (values[0] == 0 and values[-1] == n - 1)
        labels = None if identity else values.tolist()
        return from_node_arrays(cls, n, inverse[:m], inverse[m:], cost, labels, coordinates,
                            metric, directed, negative)
    index: dict[Any, int] = {}
    if nodes is not None:
        for label in nodes:
            if label in index:
                raise InvalidParameterError(f"node {label!r} is listed twice in nodes")
            index[label] = len(index)
    src = np.empty(m, dtype=np.int64)
    dst = np.empty(m, dtype=np.int64)
    fixed = nodes is not None
    for e in range(m):
        for array, label in ((src, sources[e]), (dst, targets[e])):
            if isinstance(label, np.generic):
                label = label.item()
            i = index.get(label)
            if i is None:
                if fixed:
                    raise InvalidLocationError(
                        f"edge {sources[e]!r} -> {targets[e]!r} uses {label!r}, which is "
                        f"not in nodes")
                i = index[label] = len(index)
            array[e] = i
    labels = list(index)
    if all(type(x) is int and x == i for i, x in enumerate(labels)):
        labels = None  # the labels are the node numbers
    return from_node_arrays(cls, len(index), src, dst, cost, labels, coordinates, metric,
                        directed, negative)


def _weight_function(weight: Any) -> Any:
    if callable(weight):
        return weight
    if not isinstance(weight, str):
        raise InvalidParameterError(
            f"weight must be an edge attribute name or a callable (u, v, data), got "
            f"{weight!r}")
    return lambda u, v, data: data.get(weight, 1.0)


def edge_number(value: Any, u: Any, v: Any, negative: bool = False) -> float:
    """``value`` as the cost of edge ``u -> v``: a finite number, >= 0 unless
    ``negative``; else InvalidCostError naming the edge."""
    if not is_number(value):
        raise InvalidCostError(f"cost of edge {u!r} -> {v!r} must be a number, got {value!r}")
    number = float(value)
    if not math.isfinite(number) or (number < 0 and not negative):
        raise _refused(f"{u!r} -> {v!r}", value, negative)
    return number


def networkx_to_csr(cls: Callable[..., G], graph: Any, weight: Any, coordinates: Any,
                    metric: Enum, negative: bool = False) -> G:
    """:meth:`CSRGraph.from_networkx`."""
    if not hasattr(graph, "adjacency") or not hasattr(graph, "is_multigraph"):
        raise InvalidParameterError(f"expected a networkx graph, got {type(graph).__name__}")
    cost_of = _weight_function(weight)
    nodes = list(graph.nodes)
    index = {label: i for i, label in enumerate(nodes)}
    multi = graph.is_multigraph()
    src: list[int] = []
    dst: list[int] = []
    cost: list[float] = []
    for u, nbrs in graph.adjacency():
        iu = index[u]
        for v, data in nbrs.items():
            best = math.inf
            for attrs in (data.values() if multi else (data,)):
                c = cost_of(u, v, attrs)
                if c is not None:
                    best = min(best, edge_number(c, u, v, negative))
            if best < math.inf:
                src.append(iu)
                dst.append(index[v])
                cost.append(best)
    if isinstance(coordinates, str):
        name = coordinates
        try:
            coordinates = {label: graph.nodes[label][name] for label in nodes}
        except KeyError:
            missing = next(label for label in nodes if name not in graph.nodes[label])
            raise InvalidParameterError(
                f"node {missing!r} has no {name!r} attribute for its coordinates") from None
    labels = None if nodes == list(range(len(nodes))) else nodes
    # the adjacency of an undirected graph lists each edge both ways already: built as
    # given, then marked undirected as networkx reads it
    built = from_node_arrays(cls, len(nodes), np.array(src, dtype=np.int64),
                             np.array(dst, dtype=np.int64), np.array(cost, dtype=np.float64),
                             labels, coordinates, metric, True, negative)
    built.directed = bool(graph.is_directed())
    return built


def scipy_to_csr(cls: Callable[..., G], matrix: Any, coordinates: Any,
                 metric: Enum, negative: bool = False) -> G:
    """:meth:`CSRGraph.from_scipy`."""
    if isinstance(matrix, np.ndarray):
        dense = np.asarray(matrix, dtype=np.float64)
        if dense.ndim != 2 or dense.shape[0] != dense.shape[1]:
            raise InvalidParameterError(f"expected a square matrix, got shape {dense.shape}")
        bad = np.isnan(dense) | ((dense < 0) & (not negative)) | (dense == -np.inf)
        if bad.any():
            u, v = np.argwhere(bad)[0]
            raise _refused(f"{u} -> {v}", float(dense[u, v]), negative)
        src, dst = np.nonzero((dense != 0) & np.isfinite(dense))
        return from_node_arrays(cls, dense.shape[0], src.astype(np.int64), dst.astype(np.int64),
                            dense[src, dst], None, coordinates, metric, True, negative)
    if not hasattr(matrix, "tocoo"):
        raise InvalidParameterError(
            f"expected a scipy sparse matrix or a numpy array, got {type(matrix).__name__}")
    if matrix.ndim != 2 or matrix.shape[0] != matrix.shape[1]:
        raise InvalidParameterError(f"expected a square matrix, got shape {matrix.shape}")
    coo = matrix.tocoo()
    data = np.asarray(coo.data, dtype=np.float64)
    src, dst = coo.row.astype(np.int64), coo.col.astype(np.int64)
    bad = ~np.isfinite(data) | ((data < 0) & (not negative))
    if bad.any():
        e = int(np.flatnonzero(bad)[0])
        raise _refused(f"{src[e]} -> {dst[e]}", float(data[e]), negative)
    return from_node_arrays(cls, matrix.shape[0], src, dst, data, None, coordinates, metric,
                        True, negative)
