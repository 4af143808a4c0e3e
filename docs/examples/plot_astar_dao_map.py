"""
A* on a real game map
=====================

A* from one corner of *den009d* (a map of Dragon Age: Origins from the MovingAI benchmark
set, copied in ``tests/data``) to the other: the path in red, every cell the search
reached shaded by its cost so far.
"""

from pathlib import Path

import wayfinding as wf
from wayfinding.io.movingai import read_map

DATA = Path("../../tests/data/maps/dao")  # the repository's test maps
grid = read_map(DATA / "den009d.map")
start, goal = (4, 26), (29, 3)
result = wf.astar(grid, start, goal)
print(f"cost {result.cost:.2f}, {len(result.path)} cells, {result.expanded} expanded")

image = wf.draw.render(grid, path=result.path, cost_so_far=result.cost_so_far,
                       start=start, goal=goal, scale=12)
