"""
A flood field
=============

:func:`wayfinding.flood` computes the cost from a start (or several) to every reachable
cell once; any number of questions are then answered without searching:
:meth:`~wayfinding.DistanceField.cost_to` and :meth:`~wayfinding.DistanceField.path_to`.
Here from two starts on *den404d*, cut off at a cost of 40.
"""

from pathlib import Path

import numpy as np

import wayfinding as wf
from wayfinding.io.movingai import read_map

DATA = Path("../../tests/data/maps/dao")  # the repository's test maps
grid = read_map(DATA / "den404d.map")
open_cells = np.argwhere(grid.passable_mask)  # rows of (y, x)
starts = [tuple(int(v) for v in open_cells[0][::-1]), tuple(int(v) for v in open_cells[-1][::-1])]

field = wf.flood(grid, starts, max_cost=40)
costs = field.as_array()  # inf where the flood did not reach
print(f"{int(np.isfinite(costs).sum())} cells within cost 40 of {starts}")

image = wf.draw.render(grid, cost_so_far=costs, scale=10)
