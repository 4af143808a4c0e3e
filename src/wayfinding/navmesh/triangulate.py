"""Navigation meshes of polygon obstacles inside a boundary (:func:`polygon_mesh`).

The boundary and every obstacle's edges go to J. R. Shewchuk's Triangle (the ``triangle``
package, an optional extra: ``pip install wayfinding[mesh]``) as a planar straight-line
graph, which it triangulates with every edge kept (crossing edges are split where they
cross). A triangle is free when its centroid lies inside the boundary and outside every
obstacle (even-odd rule, so obstacles may overlap each other and the boundary). The free
triangles are then merged into larger convex polygons (Hertel and Mehlhorn: a shared edge
is dropped, longest first, when both polygons' union stays convex), which makes the mesh
smaller and the search faster.

Examples
--------
>>> mesh = polygon_mesh([(0, 0), (10, 0), (10, 10), (0, 10)], [[(4, 4), (6, 4), (6, 6), (4, 6)]])
>>> mesh.polygon_count <= 8, mesh.locate((5, 5))  # the obstacle's inside is not in it
(True, [])
>>> import wayfinding as wf
>>> round(wf.astar(mesh, (2, 5), (8, 5)).cost, 6) == round(2 * (2 ** 2 + 1) ** 0.5 + 2, 6)
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _lazy
from ..errors import InvalidParameterError
from .mesh import NavMesh

__all__ = ["polygon_mesh"]


def _ring(points: Any, what: str) -> np.ndarray:
    try:
        ring = np.array(points, dtype=np.float64).reshape(-1, 2)
    except (TypeError, ValueError):
        raise InvalidParameterError(f"{what} must be a list of (x, y) points") from None
    if ring.shape[0] < 3 or not np.isfinite(ring).all():
        raise InvalidParameterError(f"{what} needs at least 3 finite points, got "
                                    f"{ring.shape[0]}")
    return ring


def _inside(rings: list[np.ndarray], points: np.ndarray) -> np.ndarray:
    """Even-odd inside test of many points against each ring (one bool per point and
    ring, as a count of rings holding the point)."""
    count = np.zeros(points.shape[0], dtype=np.int64)
    x, y = points[:, 0], points[:, 1]
    for ring in rings:
        inside = np.zeros(points.shape[0], dtype=np.bool_)
        for (ax, ay), (bx, by) in zip(ring, np.roll(ring, -1, axis=0), strict=True):
            crosses = (ay > y) != (by > y)
            with np.errstate(divide="ignore", invalid="ignore"):
                at = ax + (y - ay) * (bx - ax) / (by - ay)
            inside ^= crosses & (x < at)
        count += inside
    return count


def polygon_mesh(boundary: Any, obstacles: Any = ()) -> NavMesh:
    """The mesh of the area inside ``boundary`` outside every obstacle (module docstring).

    Parameters
    ----------
    boundary : sequence of (x, y)
        A simple polygon, either orientation.
    obstacles : sequence of sequences of (x, y)
        Simple polygons, either orientation; they may overlap.

    Raises
    ------
    InvalidParameterError
        Fewer than three points in a polygon, a free area that is empty, or the
        ``triangle`` package missing.
    """
    try:
        import triangle
    except ImportError:
        raise InvalidParameterError(
            "wf.navmesh.from_polygons needs the 'triangle' package: pip install "
            "'wayfinding[mesh]'") from None
    rings = [_ring(boundary, "boundary")] + [_ring(o, f"obstacle {i}")
                                             for i, o in enumerate(obstacles)]
    points, segments, at = [], [], 0
    for ring in rings:
        n = ring.shape[0]
        points.append(ring)
        segments += [(at + k, at + (k + 1) % n) for k in range(n)]
        at += n
    pslg = {"vertices": np.concatenate(points), "segments": np.array(segments)}
    out = triangle.triangulate(pslg, "pQ")
    vertices, tris = out["vertices"], out["triangles"]
    centroids = vertices[tris].mean(axis=1)
    in_boundary = _inside(rings[:1], centroids) == 1
    in_obstacle = _inside(rings[1:], centroids) > 0
    keep = tris[in_boundary & ~in_obstacle]
    if not keep.size:
        raise InvalidParameterError("no free area: every obstacle covers the boundary")
    # counter-clockwise triangles
    a, b, c = (vertices[keep[:, k]] for k in range(3))
    area = (b[:, 0] - a[:, 0]) * (c[:, 1] - a[:, 1]) - (b[:, 1] - a[:, 1]) * (c[:, 0] - a[:, 0])
    keep = np.where((area < 0)[:, None], keep[:, ::-1], keep)
    keep = keep[area != 0]
    used, keep = np.unique(keep, return_inverse=True)
    keep = keep.reshape(-1, 3)
    polygons = merge_convex(vertices[used], [list(t) for t in keep.tolist()])
    return NavMesh(vertices[used], polygons)


def merge_convex(vertices: np.ndarray, polygons: list[list[int]]) -> list[list[int]]:
    """Convex counter-clockwise polygons merged across shared edges while the union stays
    convex, longest edges first (Hertel-Mehlhorn); the exact orientation test decides."""
    orient = _lazy.kernels("wayfinding.navmesh._kernels.geometry").orient
    xy = vertices.tolist()
    owner: dict[tuple[int, int], int] = {}
    for p, ring in enumerate(polygons):
        for k, u in enumerate(ring):
            owner[(u, ring[(k + 1) % len(ring)])] = p
    shared = [(u, w) for (u, w) in owner if (w, u) in owner and u < w]
    shared.sort(key=lambda e: -((xy[e[0]][0] - xy[e[1]][0]) ** 2
                                + (xy[e[0]][1] - xy[e[1]][1]) ** 2))
    alive = list(range(len(polygons)))  # union-find: the polygon each was merged into

    def find(p: int) -> int:
        while alive[p] != p:
            alive[p] = alive[alive[p]]
            p = alive[p]
        return p

    def convex_at(ring: list[int], k: int) -> bool:
        a, b, c = ring[k - 1], ring[k], ring[(k + 1) % len(ring)]
        return orient(*xy[a], *xy[b], *xy[c]) >= 0

    for u, w in shared:
        p, q = find(owner[(u, w)]), find(owner[(w, u)])
        if p == q:
            continue
        rp, rq = polygons[p], polygons[q]
        i, j = rp.index(u), rq.index(w)
        if rp[(i + 1) % len(rp)] != w or rq[(j + 1) % len(rq)] != u:
            continue  # the edge was split by an earlier merge: not shared whole any more
        # p: ... u w ...; q: ... w u ...  ->  p's ring from w round to u, then q's from
        # u round to w (without repeating u and w)
        ring = rp[i + 1:] + rp[:i + 1]  # starts at w, ends at u
        tail = rq[j + 1:] + rq[:j + 1]  # starts at u, ends at w
        merged = ring + tail[1:-1]
        ku, kw = len(ring) - 1, 0
        if convex_at(merged, ku) and convex_at(merged, kw):
            polygons[p] = merged
            polygons[q] = []
            alive[q] = p
    return [ring for ring in polygons if ring]
