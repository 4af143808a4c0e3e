"""Landmarks (ALT): triangle-inequality lower bounds from precomputed distances.

``wf.landmarks(graph, count)`` (:mod:`wayfinding.csr.alt`) picks landmarks by
farthest-point selection and stores,
for each landmark ``L``, the cheapest costs ``d(L, v)`` (``from_landmarks``) and
``d(v, L)`` (``to_landmarks``) for every node. Then ``d(v, t) >= max(d(L, t) - d(L, v),
d(v, L) - d(t, L))``: an admissible and consistent heuristic (Goldberg and Harrelson,
2005), used by ``astar(graph, ..., heuristic=lm)`` and ``bidirectional_astar``.

Examples
--------
>>> import wayfinding as wf
>>> g = wf.CSRGraph.from_edges(range(9), range(1, 10), directed=False)
>>> lm = wf.landmarks(g, count=2)
>>> sorted(lm.nodes.tolist())
[0, 9]
>>> r = wf.astar(g, 2, 7, heuristic=lm)
>>> r.cost, r.expanded
(5.0, 5)
"""

from __future__ import annotations

import math
import os
import zlib
from typing import Any

import numpy as np

from .._archive import MAX_RATIO, NpzReader
from ..errors import MapFormatError, StaleDataError
from .graph import CSRGraph

__all__ = ["MAX_LANDMARKS", "Landmarks", "fingerprint", "row_problem"]

_KEYS = ("meta", "nodes", "from_landmarks", "to_landmarks")
MAX_LANDMARKS = 1024


def fingerprint(graph: CSRGraph) -> int:
    crc = 0
    for array in (graph.indptr, graph.indices, graph.costs):
        crc = zlib.crc32(np.ascontiguousarray(array).view(np.uint8), crc)
    return crc


class Landmarks:
    """Distances to and from a few landmark nodes of one CSR graph (see the module).

    Attributes
    ----------
    nodes : int64[L]
        The landmarks' node numbers.
    from_landmarks, to_landmarks : float64[L, n]
        ``d(L, v)`` and ``d(v, L)`` (``inf`` where there is no path).
    """

    __slots__ = ("_graph", "_source", "fingerprint", "from_landmarks", "node_count", "nodes",
                 "to_landmarks")

    def __init__(self, nodes: np.ndarray, from_landmarks: np.ndarray,
                 to_landmarks: np.ndarray, node_count: int, fingerprint: int) -> None:
        self.nodes = nodes
        self.from_landmarks = np.ascontiguousarray(from_landmarks, dtype=np.float64)
        self.to_landmarks = np.ascontiguousarray(to_landmarks, dtype=np.float64)
        self.node_count = node_count
        self.fingerprint = fingerprint
        self._graph: Any = None
        #: the file they were read from while not yet proven against a graph (see load)
        self._source: str | None = None
        for array in (self.nodes, self.from_landmarks, self.to_landmarks):
            array.flags.writeable = False

    def check(self, graph: CSRGraph) -> None:
        """Raise StaleDataError unless these landmarks were built for ``graph``.

        Landmarks read without a graph are proven against it here, once (see
        :meth:`load`): MapFormatError naming their file when they are not its distances.
        """
        if self._graph is graph:
            return
        if graph.node_count != self.node_count or fingerprint(graph) != self.fingerprint:
            raise StaleDataError(
                f"these landmarks were built for another graph ({self.node_count} nodes, "
                f"fingerprint {self.fingerprint:#x}); build them again for {graph!r}")
        if self._source is not None:
            for i, node in enumerate(self.nodes.tolist()):
                for table, forward in ((self.from_landmarks, True), (self.to_landmarks, False)):
                    problem = row_problem(graph, i, node, table[i], forward)
                    if problem is not None:
                        raise MapFormatError(problem, source=self._source)
            self._source = None
        self._graph = graph

    def estimate(self, a: int, b: int) -> float:
        """The lower bound of ``d(a, b)`` by node numbers (what the kernels compute)."""
        f, t = self.from_landmarks, self.to_landmarks
        with np.errstate(invalid="ignore"):
            terms = np.concatenate([f[:, b] - f[:, a], t[:, a] - t[:, b], [0.0]])
        return float(np.nanmax(terms))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write to an ``.npz`` file (read back with :meth:`load`)."""
        meta = np.array([self.node_count, self.fingerprint], dtype=np.int64)
        with open(path, "wb") as handle:
            np.savez_compressed(handle, nodes=self.nodes, meta=meta,
                                from_landmarks=self.from_landmarks,
                                to_landmarks=self.to_landmarks)

    @classmethod
    def load(cls, path: str | os.PathLike[str], graph: CSRGraph | None = None) -> Landmarks:
        """Read landmarks written by :meth:`save`, proving them before any search uses them.

        Only the four members :meth:`save` writes are read, each bounded before it is
        decompressed (:class:`~wayfinding._archive.NpzReader`). Each landmark's row of
        distances from it and to it must be exactly the graph's (0 at the landmark,
        elsewhere the least over the node's arcs of the neighbour's distance plus the
        arc: :func:`row_problem`), which proves every lower bound admissible. With
        ``graph`` (it must be the graph they were built for, else StaleDataError) each
        row is proven as it is read, so a file whose data is not the graph's is refused
        at its first wrong row; without one the rows are only checked to be numbers >= 0
        or inf (and may expand at most :data:`~wayfinding._archive.MAX_RATIO` times), and
        the proof comes with the first search on a graph (:meth:`check`). A damaged or
        disproven file raises MapFormatError naming it.
        """
        source = os.fspath(path)

        def damaged(message: str) -> MapFormatError:
            return MapFormatError(message, source=source)

        # with the graph every row is proven as it arrives, so a row of zeros expanded a
        # thousandfold is refused after one row: no ratio; without it, the ratio bounds
        with NpzReader(path, _KEYS, damaged,
                       max_ratio=MAX_RATIO if graph is None else None) as archive:
            missing = set(_KEYS) - archive.names
            if missing:
                raise damaged(f"not a landmarks file (missing {sorted(missing)})")
            meta = archive.read("meta", np.int64, (2,), limit=2)
            nodes = archive.read("nodes", np.int64, (None,), limit=MAX_LANDMARKS)
            n, count = int(meta[0]), nodes.shape[0]
            if n < 1 or count < 1 or nodes.min() < 0 or nodes.max() >= n:
                raise damaged(f"landmark nodes must lie in 0..{n - 1}")
            if np.unique(nodes).shape[0] != count:
                raise damaged("landmark nodes repeat")
            if graph is not None and (graph.node_count != n
                                      or fingerprint(graph) != int(meta[1])):
                raise StaleDataError(
                    f"{source!r} holds landmarks built for another graph ({n} nodes, "
                    f"fingerprint {int(meta[1]):#x}); build them again for {graph!r}")
            tables = []
            for key, forward in (("from_landmarks", True), ("to_landmarks", False)):
                def each_row(i: int, row: np.ndarray, forward: bool = forward) -> str | None:
                    return (_values_problem(i, int(nodes[i]), row, forward) if graph is None
                            else row_problem(graph, i, int(nodes[i]), row, forward))

                tables.append(archive.read(key, np.float64, (count, n), limit=count * n,
                                           each_row=each_row))
        result = cls(nodes, tables[0], tables[1], n, int(meta[1]))
        if graph is None:
            result._source = source
        else:
            result._graph = graph
        return result

    def __repr__(self) -> str:
        return f"Landmarks(count={self.nodes.shape[0]}, nodes={self.node_count})"


def _values_problem(i: int, node: int, row: np.ndarray, forward: bool) -> str | None:
    """What makes ``row`` no distances at all (NaN, < 0, not 0 at its landmark), or None."""
    if np.isnan(row).any() or (row < 0).any() or row[node] != 0:
        way = "from" if forward else "to"
        return (f"the distances {way} landmark {i} (node {node}) hold NaN, a value below 0 "
                "or a distance other than 0 at the landmark")
    return None


def row_problem(graph: CSRGraph, i: int, node: int, row: np.ndarray,
                forward: bool) -> str | None:
    """Why ``row`` is not the distances from (``forward``) or to landmark ``i`` (node
    ``node``) over ``graph``'s arcs, or None.

    The distances are the one solution of Bellman's equations: 0 at the landmark, and at
    every other node the least over its arcs (into it, or out of it for the distances
    to the landmark) of the neighbour's distance plus the arc (inf without any). Any
    other row is refused: in particular every lower bound made of a row that passes is
    admissible (``d(L, v) <= d(L, u) + cost(u, v)`` on every arc).

    Examples
    --------
    >>> g = CSRGraph.from_edges([0, 1], [1, 2], [2.0, 3.0])
    >>> row_problem(g, 0, 0, np.array([0.0, 2.0, 5.0]), True) is None
    True
    >>> row_problem(g, 0, 0, np.array([0.0, 20.0, 50.0]), True)
    "the distances from landmark 0 (node 0) are not the graph's: node 1 holds 20.0, its \
arcs give 2.0"
    """
    problem = _values_problem(i, node, row, forward)
    if problem is not None:
        return problem
    arcs = graph.reverse() if forward else graph  # the arcs into / out of each node
    best = np.full(row.shape[0], math.inf)
    first = arcs.indptr[:-1]
    some = first < arcs.indptr[1:]
    if some.any():
        best[some] = np.minimum.reduceat(row[arcs.indices] + arcs.costs, first[some])
    best[node] = 0.0
    wrong = row != best
    if wrong.any():
        v = int(np.argmax(wrong))
        way = "from" if forward else "to"
        return (f"the distances {way} landmark {i} (node {node}) are not the graph's: node "
                f"{v} holds {float(row[v])!r}, its arcs give {float(best[v])!r}")
    return None
