"""String pulling: the shortest path through a corridor of polygons (the funnel algorithm).

For users who search the polygon graph themselves (:func:`polygon_graph`, then any search
on it): given the corridor, a list of polygons each sharing an edge with the next,
:func:`funnel` returns the shortest path from a point of the first polygon to a point of
the last that stays inside the corridor. It walks the shared edges (the *portals*)
keeping a funnel of the two tightest directions seen from the last corner (the apex);
when one side crosses the other, the crossed corner becomes a point of the path and the
new apex (the "simple stupid funnel" of M. Mononen, after D. T. Lee and F. P. Preparata,
1984). Orientation tests are exact. The path is shortest *within the corridor*; the
corridor a search finds by polygon centres need not hold the shortest path of the
whole mesh (``wf.astar(mesh, ...)`` finds that).

Examples
--------
>>> import wayfinding as wf
>>> mesh = wf.navmesh.from_grid(wf.Grid.from_ascii('''
... ....
... ##..
... ....'''))
>>> graph = polygon_graph(mesh)
>>> corridor = wf.astar(graph, mesh.locate((0.5, 0.5))[0], mesh.locate((0.5, 2.5))[0]).path
>>> funnel(mesh, corridor, (0.5, 0.5), (0.5, 2.5))
[(0.5, 0.5), (2.0, 1.0), (2.0, 2.0), (0.5, 2.5)]
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import numpy as np

from .. import _lazy
from ..errors import InvalidLocationError, InvalidParameterError
from .mesh import NavMesh, check_point

__all__ = ["funnel", "polygon_graph", "portals"]


def polygon_graph(mesh: NavMesh) -> Any:
    """The polygons as a :class:`~wayfinding.csr.CSRGraph`: node ``i`` is polygon ``i``,
    an edge joins neighbours, its cost the distance between their vertex centroids
    (with those centroids as the graph's coordinates, so ``wf.astar`` has a heuristic)."""
    from ..csr.graph import CSRGraph

    sizes = np.diff(mesh.offsets)
    owner = np.repeat(np.arange(mesh.polygon_count), sizes)
    sums = np.zeros((mesh.polygon_count, 2))
    np.add.at(sums, owner, mesh.vertices[mesh.polygon_vertices])
    centres = sums / sizes[:, None]
    joined = mesh.neighbours >= 0
    src, dst = owner[joined], mesh.neighbours[joined].astype(np.int64)
    cost = np.hypot(*(centres[src] - centres[dst]).T)
    return CSRGraph.from_edges(src, dst, cost, nodes=range(mesh.polygon_count),
                               coordinates=centres)


def portals(mesh: NavMesh, corridor: Sequence[int]) -> list[tuple[int, int]]:
    """The shared edge between each polygon of ``corridor`` and the next, as (left,
    right) vertex numbers seen walking along the corridor; InvalidParameterError when two
    consecutive polygons are not neighbours."""
    out = []
    for a, b in itertools.pairwise(corridor):
        ring = mesh.polygon_indices(a)
        across = mesh.neighbours_of(a)
        hits = np.flatnonzero(across == b)
        if not hits.size:
            raise InvalidParameterError(f"polygons {a} and {b} of the corridor share no edge")
        k = int(hits[0])
        u, w = int(ring[k]), int(ring[(k + 1) % ring.shape[0]])
        out.append((w, u))  # inside a, facing b: w on the left, u on the right
    return out


def funnel(mesh: NavMesh, corridor: Sequence[int], start: Any,
           goal: Any) -> list[tuple[float, float]]:
    """The shortest path from ``start`` to ``goal`` inside ``corridor`` (module docstring).

    Raises InvalidLocationError when ``start`` is not in the first polygon or ``goal``
    not in the last, InvalidParameterError for an empty corridor or one whose
    consecutive polygons are not neighbours.
    """
    if len(corridor) == 0:
        raise InvalidParameterError("the corridor holds no polygon")
    corridor = [mesh._polygon_number(p) for p in corridor]
    s, t = check_point(start, "start"), check_point(goal, "goal")
    orient = _lazy.kernels("wayfinding.navmesh._kernels.geometry").orient
    contains = _lazy.kernels("wayfinding.navmesh._kernels.locate").contains
    xs, ys, offsets, flat = mesh.kernel_arrays()[:4]
    for point, polygon, role in ((s, corridor[0], "start"), (t, corridor[-1], "goal")):
        if not contains(xs, ys, offsets, flat, polygon, *point):
            raise InvalidLocationError(f"{role} {point!r} is not in polygon {polygon}")
    xy = mesh.vertices.tolist()
    gates = [(s, s)] + [(tuple(xy[left]), tuple(xy[right]))
                        for left, right in portals(mesh, corridor)] + [(t, t)]
    path = [s]
    apex, left, right = s, s, s
    apex_at = left_at = right_at = 0
    i = 1
    while i < len(gates):
        new_left, new_right = gates[i]
        if orient(*apex, *right, *new_right) >= 0:  # the right side tightens (or holds)
            if apex == right or orient(*apex, *left, *new_right) < 0:
                right, right_at = new_right, i
            else:  # crosses the left side: its corner is on the path
                path.append(left)
                apex, apex_at = left, left_at
                left = right = apex
                left_at = right_at = apex_at
                i = apex_at + 1
                continue
        if orient(*apex, *left, *new_left) <= 0:  # the left side tightens (or holds)
            if apex == left or orient(*apex, *right, *new_left) > 0:
                left, left_at = new_left, i
            else:
                path.append(right)
                apex, apex_at = right, right_at
                left = right = apex
                left_at = right_at = apex_at
                i = apex_at + 1
                continue
        i += 1
    if path[-1] != t:
        path.append(t)
    return [(float(x), float(y)) for x, y in path]
