"""
A flow field for many units
===========================

:func:`wayfinding.flow_field` floods backwards from one goal; every unit then reads its
next step from the field (:meth:`~wayfinding.FlowField.next_step`), however many units
there are. The arrows point along each cell's next step; the units' paths are drawn from
where they stand.
"""

import wayfinding as wf

grid = wf.Grid.from_ascii("""
    ........................
    ....######....######....
    .........#....#.........
    ..####...#....#...###...
    ..#......#........#.....
    ..#...#######.....#.....
    ......#.....#..#######..
    ......#..........#......
    ........................
""", diagonal=True)
goal = (12, 4)
flow = wf.flow_field(grid, goal)

came_from = {}
for y in range(grid.height):
    for x in range(grid.width):
        step = flow.next_step((x, y)) if grid.passable((x, y)) else None
        if step is not None:
            came_from[(x, y)] = step  # drawn as an arrow from (x, y) towards step

units = [(0, 0), (23, 8), (3, 7), (22, 2)]
paths = [flow.path_from(unit) for unit in units]
print({unit: len(path) - 1 for unit, path in zip(units, paths, strict=True)})

image = wf.draw.render(grid, came_from=came_from, path=paths[0], start=units[0], goal=goal,
                       scale=24, legend=False)
