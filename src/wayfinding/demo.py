"""``wayfinding demo``: the texts' examples, searched and drawn.

Examples
--------
>>> text = demo_text()
>>> 'Breadth-first search on the graph A..E' in text and 'A* on the forest grid' in text
True
"""

from __future__ import annotations

from .api import astar, breadth_first_search, dijkstra
from .draw.text import draw_grid
from .examples import FOREST_GOAL, FOREST_START, diagram1_grid, example_graph, forest_grid

__all__ = ["demo_text"]


def demo_text() -> str:
    """All the demo's sections as one string."""
    out: list[str] = []

    graph = example_graph()
    flood = breadth_first_search(graph, "A")
    out.append("== Breadth-first search on the graph A..E "
               "(A->B; B->A,C,D; C->A; D->E,A; E->B)")
    out.append("Reached from A: " + ", ".join(flood.came_from))
    out.append("Came from: " + ", ".join(f"{k}<-{v}" for k, v in flood.came_from.items()
                                         if v is not None))
    to_e = breadth_first_search(graph, "A", "E")
    out.append(f"Path A -> E: {' -> '.join(to_e.path or [])} ({to_e.cost:g} steps)")

    grid = diagram1_grid()
    start, goal = (8, 7), (17, 2)
    bfs = breadth_first_search(grid, start)
    out.append("")
    out.append(f"== Breadth-first search on a 30x15 grid from {start}: arrows point back "
               "towards the start")
    out.append(draw_grid(grid, width=2, came_from=bfs.came_from, start=start, goal=goal))
    early = breadth_first_search(grid, start, goal)
    out.append(f"With early exit at {goal}: {early.expanded} locations expanded instead of "
               f"{bfs.expanded}; path of {early.cost:g} steps")
    out.append(draw_grid(grid, width=2, path=early.path, start=start, goal=goal))

    forest = forest_grid()
    for name, result in (("Dijkstra", dijkstra(forest, FOREST_START, FOREST_GOAL)),
                         ("A*", astar(forest, FOREST_START, FOREST_GOAL))):
        out.append("")
        out.append(f"== {name} on the forest grid (forest cells cost 5) from {FOREST_START} "
                   f"to {FOREST_GOAL}: cost {result.cost:g}, {result.expanded} expanded")
        out.append(draw_grid(forest, width=3, came_from=result.came_from,
                             start=FOREST_START, goal=FOREST_GOAL))
        out.append(draw_grid(forest, width=3, cost_so_far=result.cost_so_far,
                             start=FOREST_START, goal=FOREST_GOAL))
        out.append(draw_grid(forest, width=3, path=result.path))
    return "\n".join(out)
