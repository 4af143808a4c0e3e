"""
Jump point search: the jump points
==================================

:func:`wayfinding.jps` answers the same queries as A* on uniform-cost grids, with the same
optimal cost, but it only stops at *jump points*, cells where an optimal path may turn; its
``came_from`` holds those few cells (tinted blue) instead of every cell reached.
"""

from pathlib import Path

import wayfinding as wf
from wayfinding.io.movingai import read_map

DATA = Path("../../tests/data/maps/dao")  # the repository's test maps
grid = read_map(DATA / "lak307d.map")
start, goal = (78, 32), (9, 63)

by_jps = wf.jps(grid, start, goal)
by_astar = wf.astar(grid, start, goal)
assert abs(by_jps.cost - by_astar.cost) < 1e-9
print(f"cost {by_jps.cost:.2f}: jps kept {len(by_jps.came_from)} jump points, "
      f"A* reached {len(by_astar.came_from)} cells")

image = wf.draw.render(grid, path=by_jps.path, visited=list(by_jps.came_from),
                       start=start, goal=goal, scale=6)
