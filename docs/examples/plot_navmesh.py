"""
A navigation mesh
=================

A :class:`wayfinding.NavMesh` is a set of convex polygons that share edges: the walkable
floor of a level. ``wf.astar(mesh, (x, y), (x, y))`` gives the Euclidean shortest path
between any two points of the floor. This U-shaped mesh of six polygons
(counter-clockwise, sharing whole edges) is written by hand; ``wf.navmesh.read_mesh``
reads Polyanya ``.mesh`` files and ``wf.navmesh.from_polygons`` triangulates a floor
plan with holes (the ``mesh`` extra).
"""

import wayfinding as wf

vertices = [(0, 0), (2, 0), (2, 2), (0, 2), (8, 0), (8, 2), (10, 0), (10, 2),
            (2, 8), (0, 8), (10, 8), (8, 8), (11, 10), (7, 10)]
polygons = [(0, 1, 2, 3), (1, 4, 5, 2), (4, 6, 7, 5),     # along the bottom
            (3, 2, 8, 9), (5, 7, 10, 11), (11, 10, 12, 13)]  # up the sides, out at the top
mesh = wf.NavMesh(vertices, polygons)
start, goal = (1, 7.5), (9, 9.5)
result = wf.astar(mesh, start, goal)
print(f"{mesh.polygon_count} polygons; cost {result.cost:.3f} through {result.path}")

image = wf.draw.render(mesh, path=result.path, start=start, goal=goal)
