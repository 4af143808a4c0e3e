"""Prepared CSR graphs: a contraction hierarchy for fast exact single-pair queries.

:func:`prepare_graph` (``wf.prepare(csr_graph)``) hands the graph's arcs to
:func:`wayfinding.hierarchy.directed.build_directed`, renumbered for the contraction so
that neighbours are near in memory (:func:`wayfinding.hierarchy.ordering.locality_layout`);
:meth:`PreparedGraph.search` answers a query by two upward searches
(:mod:`wayfinding.hierarchy._kernels.updown`), goal-directed by the coordinates when the
graph has them (:func:`goal_direction`), and unpacks the shortcuts of the path found;
:meth:`~PreparedGraph.distance`, :meth:`~PreparedGraph.table` (many-to-many) and
:meth:`~PreparedGraph.isochrone` read the same lists packed for the distance kernels
(:mod:`wayfinding.hierarchy.queries`), as ``wf.batch.prepared`` does.
Files keep a fingerprint of the graph's arrays: a file for another graph, or for a graph
since changed, is refused.

Examples
--------
>>> import wayfinding as wf
>>> g = wf.CSRGraph.from_edges("abc", "bcd", [1.0, 2.0, 3.0])
>>> from wayfinding.api import prepare
>>> prepared = prepare(g)
>>> r = prepared.search("a", "d")
>>> r.path, r.cost
(['a', 'b', 'c', 'd'], 6.0)
>>> prepared.search("d", "a").reason
<StopReason.EXHAUSTED: 'exhausted'>
"""

from __future__ import annotations

import functools
import os
import threading
import time
from typing import Any

import numpy as np

from .._archive import checked_archive
from .._inputs import check_budget
from .._kernels.codes import STATUS_EXHAUSTED, STATUS_FOUND, STATUS_HEAP_FULL
from ..errors import InvalidParameterError, StaleDataError
from ..hierarchy import files as hierarchy_files
from ..hierarchy.directed import ArcHierarchy, build_directed
from ..hierarchy.hierarchy import describe
from ..hierarchy.ordering import locality_layout
from ..hierarchy.queries import Distances
from ..result import LazyMap, SearchResult, StopReason
from .graph import CSRGraph
from .prepared_files import FORMAT_VERSION, HEADER_KEYS, difference, fingerprint

__all__ = ["PreparedGraph", "prepare_graph"]

_FILE_KEYS = (*HEADER_KEYS, *ArcHierarchy._fields)
#: Queries are goal-directed (:func:`goal_direction`) when that settles at most this
#: share of the nodes plain up/down searches settle, on :data:`GOAL_SAMPLE` pairs of nodes
#: fixed by the graph's size: the potentials make each settled node dearer (figures:
#: ``benchmarks/NOTES.md``, "Hierarchies").
GOAL_SETTLED = 0.5
GOAL_SAMPLE = 32


def prepare_graph(graph: CSRGraph, *, max_seconds: float | None = None) -> PreparedGraph:
    """Build the contraction hierarchy of a CSR graph (see :func:`wayfinding.prepare`).

    Raises BudgetExhaustedError when ``max_seconds`` (finite, >= 0) runs out first;
    Ctrl-C stops the build the same way.
    """
    from ..grid.stoppable import STOPPED, Stopped, out_of_time, run_stoppable

    begin = time.perf_counter()
    max_seconds = check_budget("max_seconds", max_seconds)
    n = graph.node_count
    tails = np.repeat(np.arange(n, dtype=np.int64), np.diff(graph.indptr))

    def work(stop: np.ndarray) -> ArcHierarchy:
        # contracted in a layout where neighbours are near in memory: the graph's own
        # numbering may scatter them (benchmarks/NOTES.md, "Hierarchies")
        layout = locality_layout(n, tails, graph.indices, graph.coordinates)
        # witness searches aimed by the coordinates, where the graph has them
        aim = goal_direction(graph, np.arange(n))
        built = build_directed(n, tails, graph.indices, graph.costs, stop, layout=layout,
                               aim=aim if aim[1] != 0 else None)
        if built is None:
            raise Stopped
        return built

    if max_seconds != 0:
        deadline = None if max_seconds is None else begin + max_seconds
        hierarchy = run_stoppable(work, deadline)
        if hierarchy is not STOPPED:
            return PreparedGraph(graph, hierarchy, time.perf_counter() - begin,
                                 fingerprint(graph))
    raise out_of_time(f"prepare() ran out of its max_seconds={max_seconds!r} on this "
                      f"graph of {n} nodes", begin, "give it more time, or search without "
                      "preprocessing")


def goal_direction(graph: CSRGraph, order: np.ndarray) -> tuple[np.ndarray, int, float]:
    """The goal direction of the hierarchy's queries: ``(coordinates in hierarchy
    numbering, heuristic code, scale)``, or no direction (code 0) for a graph without
    coordinates or with an edge of cost 0 between two places apart (scale 0)."""
    from .._kernels.codes import H_EUCLIDEAN, H_GREAT_CIRCLE
    from .graph import Metric

    if graph.coordinates is None or graph.heuristic_scale() <= 0.0:
        return np.zeros((0, 2)), 0, 0.0
    code = H_GREAT_CIRCLE if graph.metric is Metric.GREAT_CIRCLE else H_EUCLIDEAN
    return np.ascontiguousarray(graph.coordinates[order]), code, graph.heuristic_scale()


class _Workspace:
    """Per-thread query buffers (generation stamps: never cleared between queries)."""

    def __init__(self, n: int) -> None:
        self.generation = 0
        self.stamps = [np.zeros(n, dtype=np.int64) for _ in range(2)]
        self.dist = [np.zeros(n) for _ in range(2)]
        self.parent = [np.zeros(n, dtype=np.int64) for _ in range(2)]
        self.potential = [np.zeros(n) for _ in range(2)]
        self.heaps = [np.zeros(1024), np.zeros(1024, dtype=np.int64), np.zeros(1024),
                      np.zeros(1024, dtype=np.int64)]
        self.path = np.zeros(6 * n + 64, dtype=np.int64)
        self.path_cost = np.zeros(n + 8)

    def arrays(self) -> tuple[Any, ...]:
        (sf, sb), (df, db), (pf, pb) = self.stamps, self.dist, self.parent
        qf, qb = self.potential
        return (sf, df, pf, qf, sb, db, pb, qb, *self.heaps, self.path, self.path_cost)

    def grow_heaps(self) -> None:
        self.heaps = [np.zeros(2 * h.shape[0], dtype=h.dtype) for h in self.heaps]


class PreparedGraph:
    """A CSR graph with its contraction hierarchy; made by :func:`wayfinding.prepare`
    or :meth:`load`.

    Attributes
    ----------
    graph : CSRGraph
        The graph it answers queries on (kept, not copied: CSR graphs never change).
    build_seconds : float
        Time :func:`wayfinding.prepare` took (as recorded at build time for a file).
    nbytes : int
        Memory held by the hierarchy's arrays (the graph's and the per-thread query
        buffers, about 76 bytes per node, not included).
    arcs, shortcuts : int
        Arcs of the hierarchy, and how many of them the contraction added.
    """

    def __init__(self, graph: CSRGraph, hierarchy: ArcHierarchy, build_seconds: float,
                 prints: dict[str, Any]) -> None:
        self.graph = graph
        self.build_seconds = float(build_seconds)
        self._distances = Distances(hierarchy)
        hierarchy = self._hierarchy = self._distances.hierarchy  # views: one copy kept
        self._fingerprint = prints
        self._static = hierarchy.query_arrays()
        self._inverse = np.empty(graph.node_count, dtype=np.int64)
        self._inverse[hierarchy.order] = np.arange(graph.node_count)
        self._order = hierarchy.order
        self._local = threading.local()
        self.arcs = hierarchy.arcs
        self.shortcuts = hierarchy.shortcuts
        self._int_labels: Any = None  # csr.labels.sorted_ints, made on first use
        plain = (hierarchy.core, np.zeros((0, 2)), 0, 0.0)
        self._goal = plain
        goal = (hierarchy.core, *goal_direction(graph, hierarchy.order))
        if goal[2] != 0 and self._sample_settled(goal) <= GOAL_SETTLED * self._sample_settled(
                plain):
            self._goal = goal

    def _sample_settled(self, goal: tuple[Any, ...]) -> int:
        """Nodes settled by the queries of a fixed sample of pairs (hierarchy numbers)
        with these arguments of goal direction."""
        n = self.graph.node_count
        pairs = np.random.default_rng(0).integers(0, n, (GOAL_SAMPLE, 2)) if n > 1 else ()
        return sum(self._run(int(a), int(b), goal)[3] for a, b in pairs if a != b)

    def _run(self, s: int, t: int, goal: tuple[Any, ...]) -> tuple[int, float, int, int,
                                                                    _Workspace]:
        """The query kernel from hierarchy node ``s`` to ``t`` in this thread's
        workspace: ``(status, cost, n_path, settled, workspace)``."""
        from ..hierarchy._kernels.updown import updown

        work = getattr(self._local, "work", None)
        if work is None:
            work = self._local.work = _Workspace(self.graph.node_count)
        while True:
            work.generation += 1
            status, cost, n_path, settled = updown(*self._static, *goal, s, t,
                                                   work.generation, *work.arrays())
            if status != STATUS_HEAP_FULL:
                return status, cost, n_path, settled, work
            work.grow_heaps()

    @property
    def nbytes(self) -> int:
        return self._distances.nbytes + int(self._inverse.nbytes)

    def numbers(self, values: Any, role: str) -> np.ndarray:
        """Hierarchy numbers (int64) of N node labels (see :mod:`wayfinding.csr.labels`).
        """
        from .labels import numbers, sorted_ints

        if self._int_labels is None and self.graph.labels is not None:
            self._int_labels = sorted_ints(self.graph) or ()
        return self._inverse[numbers(self.graph, values, role, self._int_labels or None)]

    def distance(self, start: Any, goal: Any) -> float:
        """The cost of a cheapest path from ``start`` to ``goal`` (labels), no path:
        ``inf`` when there is none.

        Raises InvalidLocationError when ``start`` or ``goal`` is not a node.

        >>> import wayfinding as wf
        >>> p = wf.prepare(wf.CSRGraph.from_edges("ab", "bc", [1.5, 2.0]))
        >>> p.distance("a", "c"), p.distance("c", "a")
        (3.5, inf)
        """
        index = self.graph.index
        return self._distances.pair(int(self._inverse[index(start)]),
                                    int(self._inverse[index(goal)]))

    def table(self, sources: Any, targets: Any) -> np.ndarray:
        """float64[S, T]: the cost from each source to each target (labels; ``inf``:
        unreachable), one-to-many and many-to-many, by buckets of the targets' backward
        search spaces read by each source's forward search (no path).

        Raises
        ------
        InvalidLocationError
            Naming the first row of ``sources`` or ``targets`` that is not a node.

        Examples
        --------
        >>> import wayfinding as wf
        >>> g = wf.CSRGraph.from_edges("abc", "bcd", [1.0, 2.0, 3.0])
        >>> wf.prepare(g).table(["a", "b"], ["c", "d", "a"]).tolist()
        [[3.0, 6.0, 0.0], [2.0, 5.0, inf]]
        """
        return self._distances.table(self.numbers(sources, "sources"),
                                     self.numbers(targets, "targets"))

    def isochrone(self, start: Any, max_cost: float) -> tuple[np.ndarray, np.ndarray]:
        """Every node within ``max_cost`` of ``start``, with its cost: ``(nodes, costs)``
        arrays sorted by cost (``nodes``: labels as in :func:`wayfinding.nearest_nodes`).
        One upward search and one sweep of every node from the top of the hierarchy down
        (PHAST): its time grows with the graph, not the area reached.

        Raises
        ------
        InvalidLocationError
            When ``start`` is not a node.
        InvalidParameterError
            When ``max_cost`` is negative or NaN.

        Examples
        --------
        >>> import wayfinding as wf
        >>> g = wf.CSRGraph.from_edges("abc", "bcd", [1.0, 2.0, 3.0])
        >>> nodes, costs = wf.prepare(g).isochrone("b", 2.5)
        >>> nodes.tolist(), costs.tolist()
        (['b', 'c'], [0.0, 2.0])
        """
        from .._inputs import is_number
        from .labels import label_array

        if not is_number(max_cost) or not max_cost >= 0:
            raise InvalidParameterError(f"max_cost must be a number >= 0, got {max_cost!r}")
        every = self._distances.sweep(int(self._inverse[self.graph.index(start)]))
        inside = np.flatnonzero((every <= max_cost) & (every < np.inf))
        inside = inside[np.argsort(every[inside], kind="stable")]
        return label_array(self.graph, self._order[inside]), every[inside]

    def __repr__(self) -> str:
        return describe("PreparedGraph", f"nodes={self.graph.node_count}, arcs={self.arcs}, "
                        f"shortcuts={self.shortcuts}", self.nbytes, self.build_seconds)

    def search(self, start: Any, goal: Any) -> SearchResult:
        """Cheapest path from ``start`` to ``goal`` (node labels).

        Returns
        -------
        SearchResult
            The full ``path`` (labels) and its ``cost``, as :func:`wayfinding.dijkstra`
            finds; ``expanded`` counts the nodes both upward searches settled;
            ``came_from`` and ``cost_so_far`` follow the path. An unreachable goal gives
            ``path=None``, ``cost=inf``, ``reason=EXHAUSTED``.

        Raises
        ------
        InvalidLocationError
            When ``start`` or ``goal`` is not a node of the graph.

        Examples
        --------
        >>> import wayfinding as wf
        >>> g = wf.CSRGraph.from_edges([0, 1, 0], [1, 2, 2], [1.0, 1.0, 5.0])
        >>> from wayfinding.api import prepare
        >>> prepare(g).search(0, 2).path
        [0, 1, 2]
        """
        graph = self.graph
        s = graph.index(start)
        t = graph.index(goal)
        if s == t:
            return SearchResult.trivial(graph.label(s))
        status, cost, n_path, settled, work = self._run(int(self._inverse[s]),
                                                        int(self._inverse[t]), self._goal)
        if status == STATUS_EXHAUSTED:
            return SearchResult.unreachable(StopReason.EXHAUSTED, {}, {}, int(settled))
        if status != STATUS_FOUND:  # a safety net: only tampered files get here
            from .search import dijkstra

            return dijkstra(graph, start, goal)
        path = graph.labels_of(self._order[work.path[:n_path]])
        costs = work.path_cost[:n_path].tolist()
        return SearchResult.reached(path, float(cost),
                                    LazyMap(functools.partial(_came_from, path)),
                                    LazyMap(functools.partial(_cost_so_far, path, costs)),
                                    int(settled))

    # ------------------------------------------------------------------ files
    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the hierarchy to one ``.npz`` file (any name works), with a fingerprint
        of the graph: :meth:`load` refuses it for any other graph."""
        header = {
            "format_version": np.int64(FORMAT_VERSION),
            "kind": np.str_("csr-hierarchy"),
            "nodes": np.int64(self._fingerprint["nodes"]),
            "edges": np.int64(self._fingerprint["edges"]),
            "structure": np.str_(self._fingerprint["structure"]),
            "costs": np.str_(self._fingerprint["costs"]),
            "build_seconds": np.float64(self.build_seconds),
        }
        with open(path, "wb") as handle:
            np.savez(handle, **header, **self._hierarchy._asdict())

    @classmethod
    def load(cls, path: str | os.PathLike[str], graph: CSRGraph) -> PreparedGraph:
        """Read a file written by :meth:`save` for ``graph``.

        The file is not trusted: only the members :meth:`save` writes are read, each
        bounded in size before it is decompressed, and the hierarchy is checked against
        ``graph`` (every arc an edge of it, every shortcut the sum of two arcs through a
        lower node, indices in range) before any query reads it.

        Raises
        ------
        StaleDataError
            When the file is not a prepared-graph file of this format version, was made
            for another graph (the message says what differs: node count, edge count,
            edges or costs), or is damaged; the message names the file.
        FileNotFoundError
            When there is no file at ``path``.

        Examples
        --------
        >>> import os, tempfile, wayfinding as wf
        >>> g = wf.CSRGraph.from_edges("ab", "bc", [1.0, 2.0])
        >>> other = wf.CSRGraph.from_edges("ab", "bc", [1.0, 3.0])
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     name = os.path.join(folder, "g.prepared")
        ...     prepare_graph(g).save(name)
        ...     PreparedGraph.load(name, other)
        Traceback (most recent call last):
        ...
        wayfinding.errors.StaleDataError: '...g.prepared' was prepared for another graph: \
the edge costs differ; prepare the graph again
        """
        if not isinstance(graph, CSRGraph):
            raise InvalidParameterError(
                f"PreparedGraph.load needs the CSRGraph the file was made for, got "
                f"{type(graph).__name__}")
        name = repr(os.fspath(path))
        with checked_archive(path, _FILE_KEYS, "prepared-graph", FORMAT_VERSION,
                             "prepare the graph again") as (archive, damaged):
            if str(archive.read("kind", "U", (), limit=1)) != "csr-hierarchy":
                raise damaged("it holds something else")
            prints = fingerprint(graph)
            found = {key: int(archive.read(key, np.int64, (), limit=1))
                     for key in ("nodes", "edges")}
            found.update({key: str(archive.read(key, "U", (), limit=1))
                          for key in ("structure", "costs")})
            differ = difference(found, prints)
            if differ:
                raise StaleDataError(f"{name} was prepared for another graph: {differ}; "
                                     "prepare the graph again")
            build_seconds = float(archive.read("build_seconds", np.float64, (), limit=1))
            hierarchy = hierarchy_files.read_arcs(archive, graph.node_count)
        problem = hierarchy_files.arcs_problem(hierarchy, graph.indptr, graph.indices,
                                               graph.costs)
        if problem is None and not (np.isfinite(build_seconds) and build_seconds >= 0):
            problem = f"build_seconds {build_seconds} out of range"
        if problem is not None:
            raise StaleDataError(f"{name} is damaged: {problem}; prepare the graph again")
        return cls(graph, hierarchy, build_seconds, prints)


def _came_from(path: list[Any]) -> dict[Any, Any]:
    return {loc: (path[i - 1] if i else None) for i, loc in enumerate(path)}


def _cost_so_far(path: list[Any], costs: list[float]) -> dict[Any, float]:
    return dict(zip(path, costs, strict=True))
