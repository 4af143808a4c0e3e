"""
The prepared grid's subgoals
============================

:func:`wayfinding.prepare` builds a *subgoal graph* of a static map (D. Harabor, T. Uras
and S. Koenig): its vertices are the cells just off a wall's convex corner, where shortest
paths bend, and its edges join the subgoals that see each other. A contraction hierarchy
over that graph then answers queries by looking up a few subgoals. Below, the subgoals of
*den009d* found from their definition with numpy (tinted blue), as many as the prepared
grid holds, and a query's path.
"""

from pathlib import Path

import numpy as np

import wayfinding as wf
from wayfinding.io.movingai import read_map

DATA = Path("../../tests/data/maps/dao")  # the repository's test maps
grid = read_map(DATA / "den009d.map")
prepared = wf.prepare(grid, wf.PrepareMethod.SUBGOAL_CH)

# A cell is a subgoal when a diagonal neighbour is blocked but the two cells beside that
# diagonal are open: the corner a shortest path bends around.
free = np.pad(grid.passable_mask, 1)
subgoal = np.zeros_like(free)
for dy in (-1, 1):
    for dx in (-1, 1):
        diagonal = np.roll(free, (-dy, -dx), axis=(0, 1))
        beside_x = np.roll(free, -dx, axis=1)
        beside_y = np.roll(free, -dy, axis=0)
        subgoal |= free & ~diagonal & beside_x & beside_y
subgoal = subgoal[1:-1, 1:-1]
print(f"{int(subgoal.sum())} subgoals by the definition, {prepared.subgoals} in the "
      f"prepared grid (built in {prepared.build_seconds * 1000:.1f} ms)")

start, goal = (4, 26), (29, 3)
result = prepared.search(start, goal)
image = wf.draw.render(grid, path=result.path, visited=subgoal, start=start, goal=goal,
                       scale=12)
