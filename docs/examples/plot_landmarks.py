"""
Landmarks (ALT)
===============

:func:`wayfinding.landmarks` picks landmarks spread over the map and stores every cell's
distance to and from each; A* given them as its heuristic (``heuristic=lm``) gets a much
tighter bound than octile distance and reaches fewer cells. First the landmarks (tinted
blue) on *lak307d*, then the cells each A* reached.
"""

from pathlib import Path

import wayfinding as wf
from wayfinding.io.movingai import read_map

DATA = Path("../../tests/data/maps/dao")  # the repository's test maps
grid = read_map(DATA / "lak307d.map")
lm = wf.landmarks(grid, count=8)
print("landmarks:", lm.locations)
landmark_picture = wf.draw.render(grid, visited=lm.locations, scale=6, legend=False)

# %%
# The same query with the octile heuristic and with the landmarks:
start, goal = (78, 32), (9, 63)
octile = wf.astar(grid, start, goal)
alt = wf.astar(grid, start, goal, heuristic=lm)
assert abs(octile.cost - alt.cost) < 1e-9
print(f"octile A* expanded {octile.expanded} cells, ALT {alt.expanded}")
octile_picture = wf.draw.render(grid, path=octile.path, cost_so_far=octile.cost_so_far,
                                start=start, goal=goal, scale=6)
alt_picture = wf.draw.render(grid, path=alt.path, cost_so_far=alt.cost_so_far,
                             start=start, goal=goal, scale=6)
