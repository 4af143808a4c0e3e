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

import os
import zipfile
import zlib
from typing import Any

import numpy as np

from ..errors import MapFormatError, StaleDataError
from .graph import CSRGraph

__all__ = ["MAX_LANDMARKS", "Landmarks", "fingerprint"]

_MEMBERS = {"nodes.npy", "meta.npy", "from_landmarks.npy", "to_landmarks.npy"}
#: Room for a .npy header (numpy writes 64 or 128 bytes; be generous).
_HEADER = 4096
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

    __slots__ = ("_graph", "fingerprint", "from_landmarks", "node_count", "nodes",
                 "to_landmarks")

    def __init__(self, nodes: np.ndarray, from_landmarks: np.ndarray,
                 to_landmarks: np.ndarray, node_count: int, fingerprint: int) -> None:
        self.nodes = nodes
        self.from_landmarks = np.ascontiguousarray(from_landmarks, dtype=np.float64)
        self.to_landmarks = np.ascontiguousarray(to_landmarks, dtype=np.float64)
        self.node_count = node_count
        self.fingerprint = fingerprint
        self._graph: Any = None
        for array in (self.nodes, self.from_landmarks, self.to_landmarks):
            array.flags.writeable = False

    def check(self, graph: CSRGraph) -> None:
        """Raise StaleDataError unless these landmarks were built for ``graph``."""
        if self._graph is graph:
            return
        if graph.node_count != self.node_count or fingerprint(graph) != self.fingerprint:
            raise StaleDataError(
                f"these landmarks were built for another graph ({self.node_count} nodes, "
                f"fingerprint {self.fingerprint:#x}); build them again for {graph!r}")
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
        """Read landmarks written by :meth:`save`, checking every member before use.

        Only the four expected members are accepted; each member's uncompressed size is
        checked against the sizes the others imply *before* it is decompressed, values
        against their ranges (node numbers in range, distances >= 0 or inf, ``d(L, L) =
        0``). With ``graph`` it must be the graph they were built for.
        """
        source = os.fspath(path)
        try:
            archive = zipfile.ZipFile(source)
        except (OSError, zipfile.BadZipFile) as error:
            raise MapFormatError(f"not a landmarks file: {error}", source=source) from None
        with archive:
            infos = {info.filename: info for info in archive.infolist()}
            if set(infos) != _MEMBERS:
                raise MapFormatError(
                    f"expected members {sorted(_MEMBERS)}, found {sorted(infos)}",
                    source=source)

            def member(name: str, limit: int) -> np.ndarray:
                if infos[name].file_size > limit + _HEADER:
                    raise MapFormatError(
                        f"member {name} holds {infos[name].file_size} bytes, expected at "
                        f"most {limit + _HEADER}", source=source)
                with archive.open(name) as handle:
                    try:
                        return np.lib.format.read_array(handle, allow_pickle=False)
                    except ValueError as error:
                        raise MapFormatError(f"member {name}: {error}", source=source) \
                            from None

            meta = member("meta.npy", 16)
            nodes = member("nodes.npy", 8 * MAX_LANDMARKS)
            if meta.shape != (2,) or meta.dtype.kind != "i" or nodes.ndim != 1 \
                    or nodes.dtype.kind != "i":
                raise MapFormatError("meta or nodes has the wrong shape or type",
                                     source=source)
            n, count = int(meta[0]), nodes.shape[0]
            if n < 1 or count < 1 or nodes.min() < 0 or nodes.max() >= n:
                raise MapFormatError(f"landmark nodes must lie in 0..{n - 1}", source=source)
            tables = []
            for name in ("from_landmarks.npy", "to_landmarks.npy"):
                table = member(name, 8 * n * count)
                if table.shape != (count, n) or table.dtype != np.float64:
                    raise MapFormatError(f"member {name} must be float64[{count}, {n}], got "
                                         f"{table.dtype}{list(table.shape)}", source=source)
                if np.isnan(table).any() or (table < 0).any():
                    raise MapFormatError(f"member {name} holds distances < 0 or NaN",
                                         source=source)
                if (table[np.arange(count), nodes] != 0).any():
                    raise MapFormatError(f"member {name}: a landmark's distance to itself "
                                         f"is not 0", source=source)
                tables.append(table)
        result = cls(nodes.astype(np.int64), tables[0], tables[1], n, int(meta[1]))
        if graph is not None:
            result.check(graph)
        return result

    def __repr__(self) -> str:
        return f"Landmarks(count={self.nodes.shape[0]}, nodes={self.node_count})"
