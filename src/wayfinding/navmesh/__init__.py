"""Navigation meshes and optimal any-angle paths.

* :class:`NavMesh`: convex polygons sharing edges; Polyanya ``.mesh`` files
  (:mod:`~wayfinding.navmesh.fileio`); meshes of a grid's open cells
  (:mod:`~wayfinding.navmesh.build`) and of polygon obstacles
  (:mod:`~wayfinding.navmesh.triangulate`).
* ``wayfinding.astar(mesh, start_point, goal_point)``: the Euclidean shortest path by
  Polyanya's interval search (:mod:`~wayfinding.navmesh.search`).
* :func:`~wayfinding.navmesh.anyangle.any_angle` (``wf.any_angle``): the shortest
  any-angle path on a grid, through its mesh.
* :func:`funnel`: the shortest path through a corridor of polygons (string pulling).
"""

from .mesh import NavMesh

__all__ = ["NavMesh"]
