"""
A search spread over frames
===========================

A game cannot stop for a long search. :class:`wayfinding.AStarSearch` does a few hundred
expansions per call of :meth:`~wayfinding.AStarSearch.step`, once per frame, and offers
the best partial path so far (:meth:`~wayfinding.AStarSearch.partial_path`) for the unit to
start walking; when done, its result is exactly :func:`wayfinding.astar`'s. The pictures:
after 5 frames of 100 expansions, then at the end.
"""

from pathlib import Path

import wayfinding as wf
from wayfinding.io.movingai import read_map

DATA = Path("../../tests/data/maps/dao")  # the repository's test maps
grid = read_map(DATA / "lak307d.map")
start, goal = (78, 32), (9, 63)

search = wf.AStarSearch(grid, start, goal)
for _frame in range(5):
    search.step(max_expansions=100)
partial = search.partial_path()
print(f"after 5 frames: {search.expanded} expanded, a partial path of {len(partial)} cells")
early = wf.draw.render(grid, path=partial, start=start, goal=goal, scale=6, legend=False)

# %%
frames = 5
while not search.done:
    search.step(max_expansions=100)
    frames += 1
assert search.result.cost == wf.astar(grid, start, goal).cost
print(f"done after {frames} frames: cost {search.result.cost:.2f}")
final = wf.draw.render(grid, path=search.result.path, start=start, goal=goal, scale=6,
                       legend=False)
