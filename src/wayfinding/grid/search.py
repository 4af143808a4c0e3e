"""Grid searches (interim: validated, then run by the generic tier until kernels land)."""

from __future__ import annotations

from typing import Any

from ..graph import astar as _astar
from ..graph import bfs as _bfs
from ..graph import dijkstra as _dijkstra
from ..graph import greedy as _greedy
from ..graph.engine import Goal, starts_of
from ..result import SearchResult
from .grid import Grid


def _check(grid: Grid, start: Any, goal: Any) -> None:
    for s in starts_of(start):
        grid.check_location(s, "start")
    target = Goal(goal)
    for g in target.locations or []:
        grid.check_location(g, "goal")


def breadth_first_search(grid: Grid, start: Any, goal: Any = None) -> SearchResult:
    _check(grid, start, goal)
    return _bfs.breadth_first_search(grid, start, goal)


def dijkstra(grid: Grid, start: Any, goal: Any = None, **options: Any) -> SearchResult:
    _check(grid, start, goal)
    return _dijkstra.dijkstra(grid, start, goal, **options)


def greedy_best_first(grid: Grid, start: Any, goal: Any, **options: Any) -> SearchResult:
    _check(grid, start, goal)
    return _greedy.greedy_best_first(grid, start, goal, **options)


def astar(grid: Grid, start: Any, goal: Any, **options: Any) -> SearchResult:
    _check(grid, start, goal)
    return _astar.astar(grid, start, goal, **options)
