"""Navigation meshes: convex polygons joined along shared edges (:class:`NavMesh`).

A mesh is vertices (``float64[V, 2]``) and convex polygons, each a list of vertex numbers
in counter-clockwise order (``x`` right, ``y`` up; on a grid's mesh ``y`` is the row, so
the order looks clockwise on screen). Two polygons are neighbours when one has the edge
``u -> w`` and the other ``w -> u``; an edge of one polygon only borders an obstacle (or
the outside). The free space is the union of the closed polygons; a path may run along
its border and pass a vertex where polygons joined by edges meet, but not squeeze through
a point where two polygons touch without a shared edge (two open grid cells meeting
diagonally at one corner).

Every mesh is checked when made (:func:`check_arrays`): coordinates finite and within
:data:`COORD_LIMIT`, no two vertices at one point, polygons of at least three distinct
vertices, convex (collinear vertices allowed) and counter-clockwise (exact orientation
tests), winding once, each directed edge in at most one polygon, and at no vertex do the
polygons' angles add up to more than a full turn.

Examples
--------
>>> mesh = NavMesh([(0, 0), (2, 0), (2, 1), (0, 1), (3, 0), (3, 1)],
...                [[0, 1, 2, 3], [1, 4, 5, 2]])
>>> mesh.polygon_count, mesh.neighbours_of(0).tolist(), mesh.locate((2.0, 0.5))
(2, [-1, 1, -1, -1], [0, 1])
>>> mesh.locate((5, 5))
[]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from .. import _lazy
from ..errors import InvalidLocationError, InvalidParameterError

__all__ = ["COORD_LIMIT", "MeshProblem", "NavMesh", "check_arrays"]

#: Largest coordinate magnitude (and smallest non-zero one, ``1 / COORD_LIMIT``) the exact
#: orientation tests stay exact for.
COORD_LIMIT = 1e100


def _kernels(name: str) -> Any:
    return _lazy.kernels(f"wayfinding.navmesh._kernels.{name}")


class MeshProblem(Exception):
    """What is wrong with mesh data, and where: ``kind`` ("vertex" or "polygon") and its
    number (the file reader turns this into the line number)."""

    def __init__(self, kind: str, index: int, message: str) -> None:
        super().__init__(message)
        self.kind, self.index, self.message = kind, index, message


def check_point(value: Any, what: str) -> tuple[float, float]:
    """``value`` as an (x, y) pair of floats within the coordinate bounds, else
    InvalidLocationError naming it."""
    if type(value) is tuple and len(value) == 2:  # the common case, without a generator
        x, y = value
        if (type(x) is float and type(y) is float
                and (1.0 / COORD_LIMIT <= abs(x) <= COORD_LIMIT or x == 0.0)
                and (1.0 / COORD_LIMIT <= abs(y) <= COORD_LIMIT or y == 0.0)):
            return x, y
    try:
        x, y = (float(c) for c in value)
    except (TypeError, ValueError):
        raise InvalidLocationError(f"{what} must be a point (x, y) of two numbers, got "
                                   f"{value!r}") from None
    for c in (x, y):
        if not math.isfinite(c) or abs(c) > COORD_LIMIT or 0.0 < abs(c) < 1.0 / COORD_LIMIT:
            raise InvalidLocationError(
                f"{what} {value!r}: coordinates must be finite, at most {COORD_LIMIT:g} and "
                f"0 or at least {1.0 / COORD_LIMIT:g} in magnitude")
    return x, y


def _edges(offsets: np.ndarray, flat: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For every polygon edge k: its polygon, first vertex and second vertex."""
    sizes = np.diff(offsets)
    owner = np.repeat(np.arange(sizes.shape[0], dtype=np.int64), sizes)
    nxt = np.arange(flat.shape[0], dtype=np.int64) + 1
    ends = offsets[1:] - 1
    nxt[ends] = offsets[:-1]
    return owner, flat.astype(np.int64), flat[nxt].astype(np.int64)


def _neighbours(offsets: np.ndarray, flat: np.ndarray, nv: int) -> np.ndarray:
    """The polygon across every edge (-1 where none has the reversed edge); a directed
    edge in two polygons raises MeshProblem."""
    owner, u, w = _edges(offsets, flat)
    key = u * nv + w
    order = np.argsort(key, kind="stable")
    sk = key[order]
    dup = np.flatnonzero(sk[1:] == sk[:-1])
    if dup.size:
        k = int(order[dup[0] + 1])
        raise MeshProblem("polygon", int(owner[k]),
                          f"edge {int(u[k])} -> {int(w[k])} also belongs to polygon "
                          f"{int(owner[order[dup[0]]])} in the same direction (polygons "
                          "overlap or one is clockwise)")
    rkey = w * nv + u
    at = np.searchsorted(sk, rkey)
    at = np.minimum(at, sk.shape[0] - 1)
    hit = sk[at] == rkey
    out = np.full(flat.shape[0], -1, dtype=np.int32)
    out[hit] = owner[order[at[hit]]]
    return out


def check_arrays(vertices: np.ndarray, offsets: np.ndarray, flat: np.ndarray) -> np.ndarray:
    """Check mesh arrays (module docstring); return the neighbour of every edge.

    Raises MeshProblem naming the first bad vertex or polygon.
    """
    nv = vertices.shape[0]
    bad = ~np.isfinite(vertices) | (np.abs(vertices) > COORD_LIMIT)
    bad |= (vertices != 0) & (np.abs(vertices) < 1.0 / COORD_LIMIT)
    if bad.any():
        v = int(np.flatnonzero(bad.any(axis=1))[0])
        raise MeshProblem("vertex", v, f"vertex {v} at {tuple(vertices[v].tolist())}: "
                          f"coordinates must be finite, at most {COORD_LIMIT:g} and 0 or "
                          f"at least {1.0 / COORD_LIMIT:g} in magnitude")
    if nv > 1:
        order = np.lexsort((vertices[:, 1], vertices[:, 0]))
        same = np.flatnonzero((np.diff(vertices[order], axis=0) == 0).all(axis=1))
        if same.size:
            a, b = sorted((int(order[same[0]]), int(order[same[0] + 1])))
            raise MeshProblem("vertex", b, f"vertices {a} and {b} are the same point "
                              f"{tuple(vertices[a].tolist())}")
    sizes = np.diff(offsets)
    if (sizes < 3).any():
        p = int(np.flatnonzero(sizes < 3)[0])
        raise MeshProblem("polygon", p, f"polygon {p} has {int(sizes[p])} vertices (at "
                          "least 3)")
    if flat.size and (flat.min() < 0 or flat.max() >= nv):
        k = int(np.flatnonzero((flat < 0) | (flat >= nv))[0])
        p = int(np.searchsorted(offsets, k, side="right") - 1)
        raise MeshProblem("polygon", p, f"polygon {p} names vertex {int(flat[k])}, not "
                          f"one of the {nv} vertices")
    owner, u, w = _edges(offsets, flat)
    if (u == w).any():
        p = int(owner[np.flatnonzero(u == w)[0]])
        raise MeshProblem("polygon", p, f"polygon {p} repeats a vertex")
    check = _kernels("check")
    xs, ys = np.ascontiguousarray(vertices[:, 0]), np.ascontiguousarray(vertices[:, 1])
    p, what = check.polygons(xs, ys, offsets, flat)
    if p >= 0:
        text = {check.BAD_TURN: "is not convex and counter-clockwise (a right turn)",
                check.BAD_FLAT: "has no area (all its vertices on one line)",
                check.BAD_WINDING: "winds around more than once"}[int(what)]
        raise MeshProblem("polygon", int(p), f"polygon {int(p)} {text}")
    neighbours = _neighbours(offsets, flat, nv)
    # the polygons' angles at each vertex add up to at most one full turn
    prev = np.arange(flat.shape[0], dtype=np.int64) - 1
    prev[offsets[:-1]] = offsets[1:] - 1
    a, b = vertices[flat[prev]] - vertices[u], vertices[w] - vertices[u]
    angle = np.arctan2(b[:, 0] * a[:, 1] - b[:, 1] * a[:, 0], (a * b).sum(axis=1))
    angle = np.where(angle < 0, angle + 2 * np.pi, angle)
    total = np.bincount(u, weights=angle, minlength=nv)
    over = np.flatnonzero(total > 2 * np.pi * (1 + 1e-9))
    if over.size:
        v = int(over[0])
        raise MeshProblem("vertex", v, f"the polygons at vertex {v} overlap (their angles "
                          f"add up to {math.degrees(total[v]):.6g} degrees)")
    return neighbours


class NavMesh:
    """A navigation mesh: convex polygons sharing edges (module docstring).

    Parameters
    ----------
    vertices : (V, 2) array-like of float
        Vertex coordinates ``(x, y)``.
    polygons : sequence of sequences of int
        Each polygon's vertex numbers, counter-clockwise.

    Raises
    ------
    InvalidParameterError
        Data that is not a valid mesh (the message names the vertex or polygon).

    Examples
    --------
    >>> mesh = NavMesh([(0, 0), (1, 0), (0, 1)], [[0, 1, 2]])
    >>> mesh.vertex_count, mesh.polygon(0).tolist()
    (3, [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]])
    >>> NavMesh([(0, 0), (1, 0), (0, 1)], [[0, 2, 1]])
    Traceback (most recent call last):
    ...
    wayfinding.errors.InvalidParameterError: polygon 0 is not convex and counter-clockwise \
(a right turn)
    """

    __slots__ = ("_derived", "corner", "dead_end", "max_fan", "max_sides", "neighbours",
                 "offsets", "polygon_vertices", "vertices")

    def __init__(self, vertices: Any, polygons: Sequence[Sequence[int]]) -> None:
        try:
            rows = [list(map(int, p)) for p in polygons]
            pts = np.array(vertices, dtype=np.float64).reshape(-1, 2)
        except (TypeError, ValueError) as exc:
            raise InvalidParameterError(f"a mesh needs (V, 2) vertices and polygons as "
                                        f"lists of vertex numbers: {exc}") from None
        offsets = np.zeros(len(rows) + 1, dtype=np.int64)
        np.cumsum([len(r) for r in rows], out=offsets[1:])
        flat = np.array([v for r in rows for v in r], dtype=np.int64)
        try:
            self._set(pts, offsets, flat, None)
        except MeshProblem as exc:
            raise InvalidParameterError(exc.message) from None

    @classmethod
    def from_arrays(cls, vertices: np.ndarray, offsets: np.ndarray, flat: np.ndarray,
                    neighbours: np.ndarray | None = None) -> NavMesh:
        """A mesh of ``vertices`` (float64[V, 2]) and polygon ``i``'s vertices
        ``flat[offsets[i]:offsets[i + 1]]``, checked like the constructor. ``neighbours``
        (optional, same layout, the polygon across the edge from each vertex to the next)
        must agree with the edges, else MeshProblem."""
        mesh = cls.__new__(cls)
        mesh._set(np.asarray(vertices, dtype=np.float64).reshape(-1, 2),
                  np.asarray(offsets, dtype=np.int64), np.asarray(flat, dtype=np.int64),
                  neighbours)
        return mesh

    @classmethod
    def built(cls, vertices: np.ndarray, offsets: np.ndarray, flat: np.ndarray,
              neighbours: np.ndarray) -> NavMesh:
        """A mesh from a builder of this package whose output is correct by construction
        (tests run :func:`check_arrays` on it): not checked again, which would take most
        of the time of building a grid's mesh."""
        mesh = cls.__new__(cls)
        mesh._set(np.asarray(vertices, dtype=np.float64).reshape(-1, 2),
                  np.asarray(offsets, dtype=np.int64), np.asarray(flat, dtype=np.int64),
                  np.asarray(neighbours, dtype=np.int32), trusted=True)
        return mesh

    def _set(self, vertices: np.ndarray, offsets: np.ndarray, flat: np.ndarray,
             given: np.ndarray | None, trusted: bool = False) -> None:
        if offsets.shape[0] < 2:
            raise MeshProblem("polygon", 0, "a mesh needs at least one polygon")
        neighbours = given if trusted and given is not None else check_arrays(
            vertices, offsets, flat)
        if given is not None and not trusted:
            given = np.asarray(given, dtype=np.int64)
            wrong = np.flatnonzero(given != neighbours)
            if wrong.size:
                k = int(wrong[0])
                p = int(np.searchsorted(offsets, k, side="right") - 1)
                raise MeshProblem(
                    "polygon", p, f"polygon {p} names polygon {int(given[k])} as its "
                    f"neighbour across edge {k - int(offsets[p])}, but the polygon sharing "
                    f"that edge is {int(neighbours[k])} (-1: none)")
        self.vertices = np.ascontiguousarray(vertices)
        self.offsets = offsets
        self.polygon_vertices = flat.astype(np.int32)
        self.neighbours = neighbours
        for array in (self.vertices, self.offsets, self.polygon_vertices, self.neighbours):
            array.flags.writeable = False
        owner, u, w = _edges(offsets, flat)
        open_edge = neighbours < 0
        corner = np.zeros(vertices.shape[0], dtype=np.bool_)
        corner[u[open_edge]] = True
        corner[w[open_edge]] = True
        self.corner = corner
        sizes = np.diff(offsets)
        joined = np.bincount(owner[~open_edge], minlength=sizes.shape[0])
        self.dead_end = joined <= 1
        self.max_sides = int(sizes.max())
        self.max_fan = int(np.bincount(u, minlength=1).max()) + 2
        self._derived: dict[str, Any] = {}

    # ------------------------------------------------------------------ reading
    @property
    def vertex_count(self) -> int:
        """Number of vertices."""
        return int(self.vertices.shape[0])

    @property
    def polygon_count(self) -> int:
        """Number of polygons."""
        return int(self.offsets.shape[0] - 1)

    def _polygon_number(self, i: Any) -> int:
        if isinstance(i, bool) or not isinstance(i, int | np.integer) or not (
                0 <= i < self.polygon_count):
            raise InvalidParameterError(f"polygon number must be an integer in [0, "
                                        f"{self.polygon_count}), got {i!r}")
        return int(i)

    def polygon_indices(self, i: int) -> np.ndarray:
        """Vertex numbers of polygon ``i`` (counter-clockwise)."""
        i = self._polygon_number(i)
        return self.polygon_vertices[self.offsets[i]:self.offsets[i + 1]]

    def polygon(self, i: int) -> np.ndarray:
        """Corner points of polygon ``i`` as ``(n, 2)`` floats, counter-clockwise."""
        return self.vertices[self.polygon_indices(i)]

    def neighbours_of(self, i: int) -> np.ndarray:
        """The polygon across each edge of polygon ``i`` (edge k runs from its vertex k to
        vertex k + 1); -1 where an obstacle is."""
        i = self._polygon_number(i)
        return self.neighbours[self.offsets[i]:self.offsets[i + 1]]

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        """``(min x, min y, max x, max y)`` of the vertices."""
        lo, hi = self.vertices.min(axis=0), self.vertices.max(axis=0)
        return float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])

    @property
    def nbytes(self) -> int:
        """Bytes held by the mesh's arrays (with its point-location buckets once built)."""
        arrays = [self.vertices, self.offsets, self.polygon_vertices, self.neighbours,
                  self.corner, self.dead_end]
        if "locator" in self._derived:
            arrays += [a for a in self._derived["locator"] if isinstance(a, np.ndarray)]
        return int(sum(a.nbytes for a in arrays))

    def __repr__(self) -> str:
        return f"NavMesh({self.vertex_count} vertices, {self.polygon_count} polygons)"

    # ------------------------------------------------------------------ kernels' view
    def kernel_arrays(self) -> tuple[np.ndarray, ...]:
        """``(xs, ys, offsets, vertices, neighbours, corner, dead_end)`` as the search
        kernels take them (built once)."""
        found = self._derived.get("arrays")
        if found is None:
            found = (np.ascontiguousarray(self.vertices[:, 0]),
                     np.ascontiguousarray(self.vertices[:, 1]), self.offsets,
                     self.polygon_vertices, self.neighbours, self.corner, self.dead_end)
            self._derived["arrays"] = found
        return found

    def locator(self) -> tuple[Any, ...]:
        """``(x0, y0, cell, nbx, nby, bucket_start, bucket_polys)``: the point-location
        buckets (about one polygon a bucket; built once)."""
        found = self._derived.get("locator")
        if found is None:
            x0, y0, x1, y1 = self.bounds
            width, height = max(x1 - x0, 1e-300), max(y1 - y0, 1e-300)
            cell = max(math.sqrt(width * height / self.polygon_count), width / 4096,
                       height / 4096)
            nbx = max(1, min(4096, math.ceil(width / cell)))
            nby = max(1, min(4096, math.ceil(height / cell)))
            xs, ys, offsets, flat = self.kernel_arrays()[:4]
            start, polys = _kernels("locate").buckets(xs, ys, offsets, flat, x0, y0, cell,
                                                      nbx, nby)
            found = (x0, y0, cell, nbx, nby, start, polys)
            self._derived["locator"] = found
        return found

    def locate(self, point: Any) -> list[int]:
        """The polygons ``point`` belongs to: one inside a polygon, two on a shared edge,
        the polygons around a vertex; ``[]`` outside the mesh. Where the free space is
        pinched at a vertex, only the polygons that direction (1, 1) points into (see
        :mod:`wayfinding.navmesh._kernels.locate`)."""
        x, y = check_point(point, "point")
        return self.locate_xy(x, y).tolist()

    def locate_xy(self, x: float, y: float) -> np.ndarray:
        """:meth:`locate` for checked floats, as an int32 array."""
        xs, ys, offsets, flat, adj = self.kernel_arrays()[:5]
        out = np.empty(self.max_fan, dtype=np.int32)
        group = np.empty(self.max_fan, dtype=np.int64)
        n = _kernels("locate").locate(xs, ys, offsets, flat, adj, *self.locator(), x, y,
                                      out, group)
        return out[:max(n, 0)]
