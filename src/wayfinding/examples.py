"""The texts' example graphs and grids, ready to use.

Examples
--------
>>> from wayfinding import breadth_first_search
>>> breadth_first_search(example_graph(), 'A', 'E').path
['A', 'B', 'D', 'E']
>>> forest = forest_grid()
>>> forest.width, forest.height, forest.cost((3, 3), (3, 4))
(10, 10, 5.0)
"""

from __future__ import annotations

from .graph.protocol import SimpleGraph
from .grid.grid import GridWithWeights, SquareGrid

__all__ = ["DIAGRAM1_WALLS", "FOREST_GOAL", "FOREST_START", "diagram1_grid", "example_graph",
           "forest_grid"]

#: Walls of the texts' 30x15 diagram, as ``(x, y)``.
DIAGRAM1_WALLS = [
    (i % 30, i // 30)
    for i in (21, 22, 51, 52, 81, 82, 93, 94, 111, 112, 123, 124, 133, 134, 141, 142, 153,
              154, 163, 164, 171, 172, 173, 174, 175, 183, 184, 193, 194, 201, 202, 203, 204,
              205, 213, 214, 223, 224, 243, 244, 253, 254, 273, 274, 283, 284, 303, 304, 313,
              314, 333, 334, 343, 344, 373, 374, 403, 404, 433, 434)
]

FOREST_START = (1, 4)
FOREST_GOAL = (8, 5)

_FOREST_CELLS = [
    (3, 4), (3, 5),
    *((4, y) for y in range(1, 9)),
    *((5, y) for y in range(1, 9)),
    *((6, y) for y in range(2, 8)),
    (7, 3), (7, 4), (7, 5),
]


def example_graph() -> SimpleGraph:
    """The five-location directed graph: A->B; B->A,C,D; C->A; D->E,A; E->B."""
    return SimpleGraph({
        "A": ["B"],
        "B": ["A", "C", "D"],
        "C": ["A"],
        "D": ["E", "A"],
        "E": ["B"],
    })


def diagram1_grid() -> SquareGrid:
    """The texts' 30x15 4-way grid with walls."""
    grid = SquareGrid(30, 15)
    grid.walls = DIAGRAM1_WALLS
    return grid


def forest_grid() -> GridWithWeights:
    """The texts' 10x10 grid: a wall, and forest cells that cost 5 to enter."""
    grid = GridWithWeights(10, 10)
    grid.walls = [(x, y) for x in (1, 2, 3) for y in (7, 8)]
    grid.weights = {location: 5 for location in _FOREST_CELLS}
    return grid
