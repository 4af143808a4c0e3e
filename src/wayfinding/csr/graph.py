"""``CSRGraph``: a finite weighted directed graph in compressed sparse rows.

Nodes are numbered ``0..n-1``; the edges leaving node ``u`` are
``indices[indptr[u]:indptr[u + 1]]`` with costs ``costs[indptr[u]:indptr[u + 1]]``.
Any hashable labels (even unorderable ones) map to the numbers; searches take and return
labels. Parallel edges are merged into the cheapest, self-loops dropped (neither can be
on a cheapest path; a graph built with ``negative_costs=True`` keeps its negative
self-loops, each a negative cycle). Optional coordinates give A* an admissible straight-line or
great-circle heuristic.

Examples
--------
>>> import wayfinding as wf
>>> g = wf.CSRGraph.from_edges(["a", "b", "a"], ["b", "c", "c"], [1.0, 1.0, 5.0])
>>> g
CSRGraph(nodes=3, edges=3, directed=True)
>>> wf.dijkstra(g, "a", "c").path
['a', 'b', 'c']
>>> g.index("c"), g.label(2)
(2, 'c')
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Hashable, Iterable, Sequence
from typing import Any

import numpy as np

from .._inputs import COST_SUM_LIMIT, is_number
from ..errors import InvalidCostError, InvalidLocationError, InvalidParameterError

__all__ = ["CSRGraph", "Metric"]


class Metric(enum.Enum):
    """How coordinates measure distance (the A* heuristic of a graph with coordinates)."""

    #: ``(x, y)`` in the plane: straight-line distance.
    EUCLIDEAN = "euclidean"
    #: ``(lon, lat)`` in degrees: great-circle distance on a sphere (haversine).
    GREAT_CIRCLE = "great_circle"


class CSRGraph:
    """A weighted directed graph in compressed sparse rows (build it with a ``from_*``).

    Attributes
    ----------
    indptr : int64[n + 1]
    indices : int32[m] (int64 beyond 2**31 - 1 nodes)
    costs : float64[m]
        Finite and >= 0 (negative too when built with ``negative_costs=True``).
    labels : object[n] or None
        The label of each node; None when the labels are the numbers ``0..n-1``.
    coordinates : float64[n, 2] or None
    metric : Metric
    directed : bool
        How the graph was given (an undirected graph is stored with both directions).
    has_negative_costs : bool
        True when some edge costs less than 0 (only :func:`wayfinding.bellman_ford`,
        :func:`wayfinding.johnson` and breadth-first searches take such a graph; the
        others raise InvalidCostError naming a negative edge).

    Arrays are read-only: a CSRGraph never changes after it is built.
    """

    __slots__ = ("_index", "_plans", "_reverse", "_scale", "coordinates", "costs", "directed",
                 "has_negative_costs", "indices", "indptr", "labels", "metric")

    def __init__(self, indptr: np.ndarray, indices: np.ndarray, costs: np.ndarray,
                 labels: Sequence[Hashable] | None = None, *,
                 coordinates: Any = None, metric: Metric = Metric.EUCLIDEAN,
                 directed: bool = True, negative_costs: bool = False) -> None:
        indptr = np.ascontiguousarray(indptr, dtype=np.int64)
        n = indptr.shape[0] - 1
        if indptr.ndim != 1 or n < 0 or indptr[0] != 0 or np.any(np.diff(indptr) < 0):
            raise InvalidParameterError("indptr must be a non-decreasing int array from 0")
        index_dtype = np.int32 if n < 2**31 - 1 else np.int64
        indices = np.ascontiguousarray(indices, dtype=index_dtype)
        costs = np.ascontiguousarray(costs, dtype=np.float64)
        m = int(indptr[-1])
        if indices.shape != (m,) or costs.shape != (m,):
            raise InvalidParameterError(
                f"indptr ends at {m} but there are {indices.shape[0]} indices and "
                f"{costs.shape[0]} costs")
        if m and (indices.min() < 0 or indices.max() >= n):
            raise InvalidParameterError(f"indices must lie in 0..{n - 1}")
        if not isinstance(metric, Metric):
            raise InvalidParameterError(f"metric must be a Metric, got {metric!r}")
        self.indptr, self.indices, self.costs = indptr, indices, costs
        self.directed = bool(directed)
        self.metric = metric
        _check_costs(self, costs, negative_costs)
        self.has_negative_costs = bool(m and costs.min() < 0)
        self.labels: np.ndarray | None = None
        self._index: dict[Any, int] | None = None
        if labels is not None:
            self.labels = np.empty(n, dtype=object)
            for i, label in enumerate(labels):  # element-wise: tuples stay one label
                if i >= n:
                    raise InvalidParameterError(f"{i + 1} labels for {n} nodes")
                self.labels[i] = label
            self._index = {label: i for i, label in enumerate(self.labels.tolist())}
            if len(self._index) != n:
                raise InvalidParameterError("node labels must be distinct")
        self.coordinates = None if coordinates is None else _coordinates(self, coordinates)
        for array in (self.indptr, self.indices, self.costs, self.coordinates):
            if array is not None:
                array.flags.writeable = False
        self._reverse: CSRGraph | None = None
        self._scale: float | None = None
        #: kernel inputs of the common searches, made on first use (csr/search.py)
        self._plans: dict[int, Any] = {}

    # ------------------------------------------------------------------ builders
    @classmethod
    def from_edges(cls, sources: Any, targets: Any, costs: Any = None, *,
                   nodes: Iterable[Hashable] | None = None, coordinates: Any = None,
                   metric: Metric = Metric.EUCLIDEAN, directed: bool = True,
                   negative_costs: bool = False) -> CSRGraph:
        """A graph from parallel sequences (or arrays) of edge sources, targets and costs.

        Parameters
        ----------
        sources, targets : sequences or numpy arrays of labels, of one length
        costs : sequence or array of numbers, optional
            Default: every edge costs 1. Finite and >= 0.
        nodes : iterable of labels, optional
            Every node, in index order (isolated nodes too). Default: integer numpy
            arrays with no ``nodes`` use their distinct values in increasing order;
            anything else numbers the labels in order of first appearance
            (``sources[0], targets[0], sources[1], ...``).
        coordinates : mapping label -> (x, y), or array [n, 2] in index order, optional
        metric : Metric
            ``EUCLIDEAN`` for ``(x, y)``, ``GREAT_CIRCLE`` for ``(lon, lat)`` degrees.
        directed : bool
            False adds every edge in both directions.
        negative_costs : bool
            Accept finite negative costs (for :func:`wayfinding.bellman_ford` and
            :func:`wayfinding.johnson`; ``from_networkx`` and ``from_scipy`` take it too).

        Examples
        --------
        >>> import numpy as np, wayfinding as wf
        >>> g = wf.CSRGraph.from_edges(np.array([0, 1]), np.array([1, 2]), directed=False)
        >>> g.labels is None, g.edge_count
        (True, 4)
        """
        from .build import edges_to_csr

        return edges_to_csr(cls, sources, targets, costs, nodes, coordinates, metric, directed,
                            negative_costs)

    @classmethod
    def from_networkx(cls, graph: Any, weight: Any = "weight", *, coordinates: Any = None,
                      metric: Metric = Metric.EUCLIDEAN,
                      negative_costs: bool = False) -> CSRGraph:
        """A graph from a networkx (Multi)(Di)Graph.

        ``weight`` is an edge attribute name (edges without it cost 1, as in networkx) or
        a callable ``(u, v, data) -> cost or None``: None hides the edge. Multigraphs keep
        the cheapest of parallel edges (a callable is asked about each one). Undirected
        graphs become both directions (and ``directed=False``, as networkx reads them).
        ``coordinates`` is a node attribute name or a mapping node -> (x, y).

        Examples
        --------
        >>> import networkx as nx, wayfinding as wf
        >>> G = nx.Graph([(1, 2, {"length": 3.0}), (2, 3, {"length": 1.0})])
        >>> wf.dijkstra(wf.CSRGraph.from_networkx(G, weight="length"), 3, 1).cost
        4.0
        """
        from .build import networkx_to_csr

        return networkx_to_csr(cls, graph, weight, coordinates, metric, negative_costs)

    @classmethod
    def from_scipy(cls, matrix: Any, *, coordinates: Any = None,
                   metric: Metric = Metric.EUCLIDEAN, negative_costs: bool = False) -> CSRGraph:
        """A graph from a square scipy sparse matrix or array (or a dense numpy array).

        Entry ``[u, v]`` is the cost of edge ``u -> v``; labels are ``0..n-1``.
        Sparse input: every *stored* entry is an edge, explicit zeros included (edges of
        cost 0, as ``scipy.sparse.csgraph`` treats them in its shortest-path routines);
        call ``matrix.eliminate_zeros()`` first to drop them. Dense input: zeros and
        ``inf`` are no edge (as ``csgraph_from_dense`` does by default).

        Examples
        --------
        >>> import numpy as np, wayfinding as wf
        >>> g = wf.CSRGraph.from_scipy(np.array([[0, 2.0], [0, 0]]))
        >>> wf.dijkstra(g, 0, 1).cost
        2.0
        """
        from .build import scipy_to_csr

        return scipy_to_csr(cls, matrix, coordinates, metric, negative_costs)

    # ------------------------------------------------------------------ queries
    @property
    def node_count(self) -> int:
        """Number of nodes."""
        return self.indptr.shape[0] - 1

    @property
    def edge_count(self) -> int:
        """Number of (directed) edges stored."""
        return int(self.indptr[-1])

    def __len__(self) -> int:
        return self.node_count

    def __contains__(self, location: object) -> bool:
        try:
            self.index(location)
        except (InvalidLocationError, TypeError):
            return False
        return True

    def index(self, location: Any) -> int:
        """The node number of a label; raises InvalidLocationError for a non-node."""
        if type(location) is int and self._index is None and (
                0 <= location < self.indptr.shape[0] - 1):
            return location  # the common case, first (a search's fixed cost)
        if self._index is not None:
            try:
                return self._index[location]
            except (KeyError, TypeError):
                raise InvalidLocationError(
                    f"location {location!r} is not a node of the graph") from None
        if is_number(location) and float(location).is_integer():
            i = operator.index(location) if not isinstance(location, float) else int(location)
            if 0 <= i < self.node_count:
                return i
        raise InvalidLocationError(
            f"location {location!r} is not a node of the graph "
            f"(nodes are 0..{self.node_count - 1})")

    def label(self, i: int) -> Any:
        """The label of node number ``i``."""
        return int(i) if self.labels is None else self.labels[i]

    def labels_of(self, nodes: np.ndarray) -> list[Any]:
        """Labels of an array of node numbers."""
        if self.labels is None:
            return np.asarray(nodes, dtype=np.int64).tolist()
        return self.labels[np.asarray(nodes, dtype=np.int64)].tolist()

    def neighbors(self, location: Any) -> list[Any]:
        """Labels of the nodes one edge away from ``location`` (the Graph protocol)."""
        u = self.index(location)
        return self.labels_of(self.indices[self.indptr[u]:self.indptr[u + 1]])

    def cost(self, from_location: Any, to_location: Any) -> float:
        """Cost of the edge ``from_location -> to_location`` (the WeightedGraph protocol)."""
        u, v = self.index(from_location), self.index(to_location)
        lo, hi = self.indptr[u], self.indptr[u + 1]
        hits = np.flatnonzero(self.indices[lo:hi] == v)
        if hits.shape[0] == 0:
            raise InvalidLocationError(f"no edge {from_location!r} -> {to_location!r}")
        return float(self.costs[lo + hits[0]])

    def reverse(self) -> CSRGraph:
        """The graph with every edge turned around (built once, then cached).

        A graph whose reverse has the same arrays (an undirected graph from a builder:
        rows sorted by neighbour) is its own reverse: searches backward then share its
        arrays (half the memory in the caches: ``benchmarks/NOTES.md``, "CSR
        best-first")."""
        if self._reverse is None:
            n = self.node_count
            sources = np.repeat(np.arange(n, dtype=np.int64), np.diff(self.indptr))
            order = np.argsort(self.indices, kind="stable")
            counts = np.bincount(self.indices, minlength=n)
            indptr = np.zeros(n + 1, dtype=np.int64)
            np.cumsum(counts, out=indptr[1:])
            rev = CSRGraph.__new__(CSRGraph)
            rev.indptr, rev.indices = indptr, sources[order].astype(self.indices.dtype)
            rev.costs = self.costs[order]
            rev.labels, rev._index, rev.coordinates = self.labels, self._index, self.coordinates
            rev.metric, rev.directed, rev._scale = self.metric, self.directed, self._scale
            rev.has_negative_costs = self.has_negative_costs
            rev._reverse = self
            rev._plans = {}
            for array in (rev.indptr, rev.indices, rev.costs):
                array.flags.writeable = False
            same = (np.array_equal(rev.indices, self.indices)
                    and np.array_equal(rev.indptr, self.indptr)
                    and np.array_equal(rev.costs, self.costs))
            self._reverse = self if same else rev
        return self._reverse

    def refuse_negative(self) -> None:
        """Raise InvalidCostError naming a negative edge, if the graph has one (every
        search but Bellman-Ford, Johnson and breadth-first ones calls this first)."""
        if not self.has_negative_costs:
            return
        e = int(np.argmax(self.costs < 0))
        u = int(np.searchsorted(self.indptr, e, side="right") - 1)
        raise InvalidCostError(
            f"cost of edge {self.label(u)!r} -> {self.label(int(self.indices[e]))!r} must be "
            f"finite and >= 0, got {float(self.costs[e])!r} (only bellman_ford and johnson "
            "take negative costs)")

    def heuristic_scale(self) -> float:
        """The largest ``s`` with ``s * distance(u, v) <= cost(u -> v)`` on every edge.

        ``s * distance(node, goal)`` is then an admissible and consistent heuristic
        (by the triangle inequality), whatever units the coordinates use.
        """
        if self.coordinates is None:
            raise InvalidParameterError("the graph has no coordinates")
        if self._scale is None:
            from ._kernels.heuristic import edge_scale

            code = 2 if self.metric is Metric.GREAT_CIRCLE else 1
            self._scale = float(edge_scale(self.indptr, self.indices, self.costs,
                                           self.coordinates, code))
        return self._scale

    def __repr__(self) -> str:
        return (f"CSRGraph(nodes={self.node_count}, edges={self.edge_count}, "
                f"directed={self.directed})")


def _check_costs(graph: CSRGraph, costs: np.ndarray, negative: bool) -> None:
    bad = ~np.isfinite(costs) | ((costs < 0) & (not negative))
    if bad.any():
        e = int(np.flatnonzero(bad)[0])
        u = int(np.searchsorted(graph.indptr, e, side="right") - 1)
        raise InvalidCostError(
            f"cost of edge {u} -> {int(graph.indices[e])} (node numbers) must be finite"
            f"{'' if negative else ' and >= 0'}, got {float(costs[e])!r}")
    # a simple path has at most n - 1 edges: its cost is at most the smaller of the sum
    # of all costs and n - 1 times the dearest, which must stay far from the float range
    # (as on grids), else sums overflow to inf and tiers would disagree about the answer;
    # negative costs are bounded by their absolute values (a sum may fall as far as rise)
    if costs.shape[0]:
        sizes = np.abs(costs) if negative else costs
        with np.errstate(over="ignore"):
            bound = min(float(sizes.sum()), float(sizes.max()) * (graph.node_count - 1))
        if bound > COST_SUM_LIMIT:
            raise InvalidCostError(
                f"edge costs are too large: a path over this graph could cost more than "
                f"{COST_SUM_LIMIT:g} and overflow (up to {bound:g}: the sum of the edge "
                f"costs{' (absolute values)' if negative else ''}, or nodes - 1 times the "
                f"dearest, must stay below it)")


def _coordinates(graph: CSRGraph, coordinates: Any) -> np.ndarray:
    n = graph.node_count
    if hasattr(coordinates, "keys"):
        try:
            rows = [coordinates[graph.label(i)] for i in range(n)]
        except KeyError as missing:
            raise InvalidParameterError(f"no coordinates for node {missing.args[0]!r}") \
                from None
        array = np.array(rows, dtype=np.float64).reshape(n, -1)
    else:
        array = np.array(coordinates, dtype=np.float64)
    if array.shape != (n, 2):
        raise InvalidParameterError(
            f"coordinates must be one (x, y) pair per node: shape ({n}, 2), got "
            f"{array.shape}")
    if not np.isfinite(array).all():
        raise InvalidParameterError("coordinates must be finite numbers")
    if graph.metric is Metric.GREAT_CIRCLE and (
            np.abs(array[:, 0]).max(initial=0) > 180 or np.abs(array[:, 1]).max(initial=0) > 90):
        raise InvalidParameterError(
            "great-circle coordinates are (lon, lat) in degrees: |lon| <= 180, |lat| <= 90")
    return np.ascontiguousarray(array)
