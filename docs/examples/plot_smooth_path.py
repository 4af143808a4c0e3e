"""
Straighter paths: smoothing and Theta*
======================================

An 8-way A* path zigzags in open areas. :func:`wayfinding.smooth_path` pulls it straight
wherever the grid has line of sight; :func:`wayfinding.theta_star` searches with line of
sight from the start, so its path takes any angle between cell centres. Three pictures of
one query on *lak307d*: A*, A* smoothed, Theta*.
"""

from pathlib import Path

import wayfinding as wf
from wayfinding.io.movingai import read_map

DATA = Path("../../tests/data/maps/dao")  # the repository's test maps
grid = read_map(DATA / "lak307d.map")
start, goal = (78, 32), (9, 63)

astar = wf.astar(grid, start, goal)
smoothed = wf.smooth_path(grid, astar.path)
theta = wf.theta_star(grid, start, goal)
print(f"A* {astar.cost:.2f} ({len(astar.path)} cells), smoothed "
      f"{wf.euclidean_length(smoothed):.2f} ({len(smoothed)} corners), Theta* "
      f"{theta.cost:.2f} ({len(theta.path)} corners)")

astar_picture = wf.draw.render(grid, path=astar.path, start=start, goal=goal, scale=6,
                               legend=False)
# %%
smoothed_picture = wf.draw.render(grid, path=smoothed, start=start, goal=goal, scale=6,
                                  legend=False)
# %%
theta_picture = wf.draw.render(grid, path=theta.path, start=start, goal=goal, scale=6,
                               legend=False)
