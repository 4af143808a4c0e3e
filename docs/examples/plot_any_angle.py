"""
Any-angle: the true shortest path on a grid's mesh
==================================================

:func:`wayfinding.any_angle` finds the shortest path between two points of a grid when
moves may go in any direction, not only 8 (Polyanya over the grid's navigation mesh,
:func:`wayfinding.navmesh.from_grid`). The path's turning points are wall corners.
Here on *den009d*, drawn over the mesh the search runs on.
"""

from pathlib import Path

import wayfinding as wf
from wayfinding.io.movingai import read_map

DATA = Path("../../tests/data/maps/dao")  # the repository's test maps
grid = read_map(DATA / "den009d.map")
start, goal = (4, 26), (29, 3)

result = wf.any_angle(grid, start, goal)
octile = wf.astar(grid, start, goal)
print(f"any-angle {result.cost:.2f} through {len(result.path)} points; "
      f"8-way A* {octile.cost:.2f}")

mesh = wf.navmesh.from_grid(grid)
image = wf.draw.render(mesh, path=result.path, start=start, goal=goal)
