"""Navigation meshes and optimal any-angle paths.

* :class:`NavMesh`: convex polygons sharing edges; Polyanya ``.mesh`` files
  (:func:`read_mesh`, :func:`write_mesh`); meshes of a grid's open cells
  (:func:`from_grid`) and of polygon obstacles inside a boundary (:func:`from_polygons`,
  extra ``mesh``).
* ``wayfinding.astar(mesh, start_point, goal_point)``: the Euclidean shortest path by
  Polyanya's interval search (:mod:`~wayfinding.navmesh.search`).
* :func:`~wayfinding.navmesh.anyangle.any_angle` (``wf.any_angle``): the shortest
  any-angle path on a grid, through its mesh.
* :func:`funnel`: the shortest path through a corridor of polygons (string pulling), for
  corridors found on :func:`polygon_graph`.
"""

from .build import from_grid
from .fileio import read_mesh, write_mesh
from .funnel import funnel, polygon_graph
from .mesh import NavMesh
from .triangulate import polygon_mesh as from_polygons

__all__ = ["NavMesh", "from_grid", "from_polygons", "funnel", "polygon_graph", "read_mesh",
           "write_mesh"]
