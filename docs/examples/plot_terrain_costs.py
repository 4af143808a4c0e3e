"""
Terrain costs
=============

Each cell of a :class:`wayfinding.Grid` may cost more to enter than 1: here a swamp (cost
5) and a road (cost 1) across open land (cost 2), made with
:meth:`wayfinding.Grid.from_costs` from a numpy array. The cheapest path leaves the
straight line to use the road and avoid the swamp; weighted cells are drawn green, darker
for costlier.
"""

import numpy as np

import wayfinding as wf

height, width = 30, 40
costs = np.full((height, width), 2.0)
yy, xx = np.mgrid[0:height, 0:width]
costs[(xx - 20) ** 2 + (yy - 15) ** 2 < 60] = 5.0     # a swamp in the middle
costs[24:26, :] = 1.0                                  # a road along the bottom
costs[5:24, 3] = 0                                     # a wall with no way through
grid = wf.Grid.from_costs(costs, wall=0, diagonal=True)

start, goal = (1, 10), (38, 12)
result = wf.astar(grid, start, goal)
print(f"cost {result.cost:.2f}, {len(result.path)} cells")
image = wf.draw.render(grid, path=result.path, start=start, goal=goal, scale=14)
