"""Polyanya ``.mesh`` files, versions 1 and 2 (read and write), read as hostile input.

The format (M. Cui's Polyanya; spec in its repository): ``mesh``, the version, ``V P``,
then V vertex records ``x y n p1 .. pn`` (the n polygons around the vertex,
counter-clockwise, -1 for an obstacle) and P polygon records ``n v1 .. vn p1 .. pn`` (the
vertices counter-clockwise, then the polygon across each edge: in version 1 ``p[i]``
shares ``v[i]`` and ``v[i+1]``, in version 2 ``v[i-1]`` and ``v[i]``). Numbers are
separated by any white space.

Reading checks everything before anything is built from it: the counts against the
numbers the file holds (so a huge count in a small file allocates nothing), every
number's form, every index's range, the mesh itself (:func:`~wayfinding.navmesh.mesh.
check_arrays`: convex counter-clockwise polygons, bounds), that each polygon's neighbours
are the polygons that share its edges (so adjacency agrees both ways), and that each
vertex's list holds exactly the polygons around it, with -1 exactly when an obstacle
touches it. Any fault raises :class:`~wayfinding.errors.MapFormatError` naming the file
and the line.

Examples
--------
>>> import io, tempfile, os
>>> text = '''mesh
... 2
... 4 2
... 0 0 2 0 -1
... 1.5 0 3 0 1 -1
... 1.5 1.5 2 1 -1
... 0 1.5 3 -1 1 0
... 3 0 1 3 -1 -1 1
... 3 1 2 3 0 -1 -1
... '''
>>> path = os.path.join(tempfile.mkdtemp(), "square.mesh")
>>> _ = open(path, "w").write(text)
>>> mesh = read_mesh(path)
>>> mesh.polygon_count, mesh.neighbours_of(0).tolist()
(2, [-1, 1, -1])
>>> _ = open(path, "w").write(text.replace("3 1 2 3 0 -1 -1", "3 1 2 3 -1 -1 -1"))
>>> read_mesh(path)
Traceback (most recent call last):
...
wayfinding.errors.MapFormatError: ...square.mesh, line 9: polygon 1 names polygon -1 as its \
neighbour across edge 2, but the polygon sharing that edge is 0 (-1: none)
"""

from __future__ import annotations

import math
import os
import re
from typing import TYPE_CHECKING

import numpy as np

from ..errors import MapFormatError
from .mesh import MeshProblem, NavMesh

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["read_mesh", "write_mesh"]

#: Largest file read (bytes): a mesh of millions of polygons fits.
MAX_BYTES = 1 << 30
_INT = re.compile(r"[+-]?\d{1,18}")


class _Tokens:
    """The file's numbers with their line numbers, read in order."""

    def __init__(self, text: str, source: str) -> None:
        self.words: list[str] = []
        self.lines: list[int] = []
        for number, line in enumerate(text.splitlines(), start=1):
            parts = line.split()
            self.words += parts
            self.lines += [number] * len(parts)
        self.at = 0
        self.source = source

    def fail(self, message: str, at: int | None = None) -> MapFormatError:
        at = self.at if at is None else at
        line = self.lines[min(at, len(self.lines) - 1)] if self.lines else 1
        return MapFormatError(message, source=self.source, line=line)

    @property
    def left(self) -> int:
        return len(self.words) - self.at

    def word(self, what: str) -> str:
        if self.at >= len(self.words):
            raise self.fail(f"the file ends where {what} should be")
        self.at += 1
        return self.words[self.at - 1]

    def integer(self, what: str, lo: int, hi: int) -> int:
        word = self.word(what)
        if not _INT.fullmatch(word):
            raise self.fail(f"{what} must be an integer, got {word!r}", self.at - 1)
        value = int(word)
        if not lo <= value <= hi:
            raise self.fail(f"{what} must be in [{lo}, {hi}], got {value}", self.at - 1)
        return value

    def real(self, what: str) -> float:
        word = self.word(what)
        try:
            value = float(word)
        except ValueError:
            raise self.fail(f"{what} must be a number, got {word!r}", self.at - 1) from None
        if not math.isfinite(value) or "_" in word:
            raise self.fail(f"{what} must be a finite number, got {word!r}", self.at - 1)
        return value


def read_mesh(path: str | os.PathLike[str]) -> NavMesh:
    """Read and check a Polyanya mesh file (module docstring)."""
    source = os.fspath(path)
    try:
        size = os.path.getsize(source)
        if size > MAX_BYTES:
            raise MapFormatError(f"the file holds {size} bytes, more than a mesh file may "
                                 f"({MAX_BYTES})", source=source)
        with open(source, encoding="utf-8") as handle:
            text = handle.read()
    except UnicodeDecodeError:
        raise MapFormatError("not a text file", source=source) from None
    return parse_mesh(text, source)


def parse_mesh(text: str, source: str = "<text>") -> NavMesh:
    """A checked mesh from the text of a mesh file."""
    t = _Tokens(text, source)
    if t.word("the header 'mesh'") != "mesh":
        raise t.fail(f"the file must start with 'mesh', got {t.words[0]!r}", 0)
    version = t.integer("the version", 1, 2)
    nv = t.integer("the vertex count", 1, 2**31 - 1)
    npoly = t.integer("the polygon count", 1, 2**31 - 1)
    if 3 * nv + 7 * npoly > t.left:  # the smallest records the counts promise
        raise t.fail(f"{nv} vertices and {npoly} polygons need more numbers than the "
                     f"file holds ({t.left})", t.at - 1)
    vertices = np.empty((nv, 2))
    vertex_lists: list[list[int]] = []
    vertex_at: list[int] = []
    for v in range(nv):
        vertex_at.append(t.at)
        vertices[v, 0] = t.real(f"vertex {v}'s x")
        vertices[v, 1] = t.real(f"vertex {v}'s y")
        n = t.integer(f"vertex {v}'s polygon count", 0, t.left)
        vertex_lists.append([t.integer(f"a polygon around vertex {v}", -1, npoly - 1)
                             for _ in range(n)])
    sizes = np.empty(npoly, dtype=np.int64)
    flat: list[int] = []
    neighbours: list[int] = []
    polygon_at: list[int] = []
    for p in range(npoly):
        polygon_at.append(t.at)
        n = t.integer(f"polygon {p}'s vertex count", 3, t.left // 2)
        sizes[p] = n
        flat += [t.integer(f"a vertex of polygon {p}", 0, nv - 1) for _ in range(n)]
        adj = [t.integer(f"a neighbour of polygon {p}", -1, npoly - 1) for _ in range(n)]
        neighbours += adj[1:] + adj[:1] if version == 2 else adj
    if t.left:
        raise t.fail(f"{t.left} numbers follow the last polygon")
    offsets = np.zeros(npoly + 1, dtype=np.int64)
    np.cumsum(sizes, out=offsets[1:])

    def where(problem: MeshProblem) -> MapFormatError:
        starts = vertex_at if problem.kind == "vertex" else polygon_at
        return t.fail(problem.message, starts[problem.index])

    try:
        mesh = NavMesh.from_arrays(vertices, offsets, np.array(flat, dtype=np.int64),
                                   np.array(neighbours, dtype=np.int64))
    except MeshProblem as problem:
        raise where(problem) from None
    _check_vertex_lists(mesh, vertex_lists, lambda v: t.fail(
        f"vertex {v}'s polygons do not match the polygons around it", vertex_at[v]))
    return mesh


def _around(mesh: NavMesh) -> list[set[int]]:
    """The polygons at each vertex."""
    owner = np.repeat(np.arange(mesh.polygon_count), np.diff(mesh.offsets))
    out: list[set[int]] = [set() for _ in range(mesh.vertex_count)]
    for v, p in zip(mesh.polygon_vertices.tolist(), owner.tolist(), strict=True):
        out[v].add(p)
    return out


def _check_vertex_lists(mesh: NavMesh, lists: list[list[int]],
                        fail: Callable[[int], MapFormatError]) -> None:
    around = _around(mesh)
    corner = mesh.corner.tolist()
    for v, listed in enumerate(lists):
        named = set(listed) - {-1}
        if named != around[v] or (-1 in listed) != (corner[v] or not around[v]):
            raise fail(v)


def _fan(mesh: NavMesh, v: int, polys: set[int], corner: bool) -> list[int]:
    """The polygons around vertex v counter-clockwise, -1 for each obstacle between."""
    if not polys:
        return [-1, -1]
    x, y = mesh.vertices[v]

    def angle(p: int) -> float:
        cx, cy = mesh.polygon(p).mean(axis=0)
        return math.atan2(cy - y, cx - x)

    order = sorted(polys, key=angle)
    if not corner:
        return order
    # an obstacle after each polygon whose counter-clockwise edge from v has no neighbour
    out: list[int] = []
    for p in order:
        out.append(p)
        ring = mesh.polygon_indices(p).tolist()
        k = ring.index(v)
        if mesh.neighbours_of(p)[k] < 0:  # the edge leaving v counter-clockwise
            out.append(-1)
    if -1 not in out:
        out.append(-1)
    return out


def write_mesh(mesh: NavMesh, path: str | os.PathLike[str], version: int = 2) -> None:
    """Write ``mesh`` as a Polyanya mesh file of ``version`` 1 or 2 (coordinates written
    so that they read back exactly)."""
    if version not in (1, 2):
        from ..errors import InvalidParameterError

        raise InvalidParameterError(f"a mesh file's version is 1 or 2, got {version!r}")
    around = _around(mesh)
    lines = ["mesh", str(version), f"{mesh.vertex_count} {mesh.polygon_count}"]
    corner = mesh.corner.tolist()
    for v, (x, y) in enumerate(mesh.vertices.tolist()):
        fan = _fan(mesh, v, around[v], corner[v])
        lines.append(f"{x!r} {y!r} {len(fan)} " + " ".join(map(str, fan)))
    for p in range(mesh.polygon_count):
        ring = mesh.polygon_indices(p).tolist()
        adj = mesh.neighbours_of(p).tolist()
        if version == 2:
            adj = adj[-1:] + adj[:-1]
        lines.append(f"{len(ring)} " + " ".join(map(str, ring + adj)))
    with open(os.fspath(path), "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
