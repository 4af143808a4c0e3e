"""
Fewest turns
============

``wf.astar(grid, start, goal, turn_cost=c)`` (:func:`wayfinding.astar_turns`) charges
``c`` for every change of direction, so among paths of about the same length it prefers
the one that turns least: a unit that moves in straight runs. First plain A*, then a
turn cost of 2 on the same 4-way grid: paths of the same length.
"""

from itertools import pairwise

import numpy as np

import wayfinding as wf

rng = np.random.default_rng(0)
open_cells = rng.random((16, 26)) > 0.22       # a field with 22% of its cells blocked
open_cells[0, 0] = open_cells[15, 25] = True
grid = wf.Grid(open_cells)                     # 4-way
start, goal = (0, 0), (25, 15)
plain = wf.astar(grid, start, goal)
fewest = wf.astar(grid, start, goal, turn_cost=2)


def turns(path):
    steps = [(b[0] - a[0], b[1] - a[1]) for a, b in pairwise(path)]
    return sum(1 for s, t in pairwise(steps) if s != t)


print(f"A*: {len(plain.path) - 1} steps, {turns(plain.path)} turns; "
      f"turn cost 2: {len(fewest.path) - 1} steps, {turns(fewest.path)} turns")
plain_picture = wf.draw.render(grid, path=plain.path, start=start, goal=goal, scale=20,
                               legend=False)
# %%
fewest_picture = wf.draw.render(grid, path=fewest.path, start=start, goal=goal, scale=20,
                                legend=False)
