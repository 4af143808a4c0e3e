"""
D* Lite: replanning when the map changes
========================================

A unit walks towards its goal with a :class:`wayfinding.DStarLite` planner. Halfway, a
wall closes the gap it meant to take: the planner is told which cells changed
(:meth:`~wayfinding.DStarLite.update`) and repairs only the part of its search the change
touches.
"""

import wayfinding as wf

grid = wf.Grid.from_ascii("""
    ..............................
    ..............................
    ..............#...............
    ..............#...............
    ..............#...............
    ..............................
    ..............#...............
    ..............#...............
    ..............#...............
    ..............................
""", diagonal=True)
start, goal = (1, 5), (28, 5)
planner = wf.DStarLite(grid, start, goal)
print(f"planned cost {planner.cost:.2f}")
before = wf.draw.render(grid, path=planner.path, start=start, goal=goal, scale=20,
                        legend=False)

# %%
# The unit takes eight steps, then the gap at x = 14 and the one above it close:
here = planner.path[8]
planner.advance(here)
changed = [(14, 5), (14, 1), (14, 0)]
for cell in changed:
    grid.set_wall(cell)
planner.update(changed)
assert not wf.path_blocked(grid, planner.path)
print(f"from {here}: new cost {planner.cost:.2f}")
after = wf.draw.render(grid, path=planner.path, start=here, goal=goal, scale=20,
                       legend=False)
