"""
Dijkstra against A*
===================

The same query on *lak307d* (a lake map of Dragon Age: Origins) answered by Dijkstra and by
A*: both find a path of the same cost, but A*'s octile heuristic steers it towards the
goal, so it reaches far fewer cells (shaded by their cost so far).
"""

from pathlib import Path

import wayfinding as wf
from wayfinding.io.movingai import read_map

DATA = Path("../../tests/data/maps/dao")  # the repository's test maps
grid = read_map(DATA / "lak307d.map")
start, goal = (78, 32), (9, 63)

by_dijkstra = wf.dijkstra(grid, start, goal)
by_astar = wf.astar(grid, start, goal)
assert abs(by_dijkstra.cost - by_astar.cost) < 1e-9
print(f"cost {by_astar.cost:.2f}: Dijkstra expanded {by_dijkstra.expanded} cells, "
      f"A* {by_astar.expanded}")

# %%
# Dijkstra spreads evenly in every direction:
dijkstra_picture = wf.draw.render(grid, path=by_dijkstra.path,
                                  cost_so_far=by_dijkstra.cost_so_far,
                                  start=start, goal=goal, scale=6)

# %%
# A* reaches only the cells that may lie on a shorter path:
astar_picture = wf.draw.render(grid, path=by_astar.path, cost_so_far=by_astar.cost_so_far,
                               start=start, goal=goal, scale=6)
