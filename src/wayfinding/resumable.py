"""Searches that pause and resume: spread one A* over many frames of a game loop.

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.SquareGrid(20, 20)
>>> search = wf.AStarSearch(grid, (0, 0), (19, 19))
>>> frames = 0
>>> while not search.step(max_expansions=10):
...     frames += 1                      # draw the frame, move the unit along partial_path()
>>> search.result.cost, frames > 0
(38.0, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .graph.astar import default_heuristic
from .graph.engine import BestFirstSearch, Goal, Priority, starts_of
from .graph.protocol import as_graph
from .grid.grid import Grid
from .result import SearchResult, StopReason

__all__ = ["AStarSearch"]


class AStarSearch:
    """A* whose work is done in slices by :meth:`step`.

    The state survives between calls; once :attr:`done`, :attr:`result` is exactly what
    :func:`wayfinding.astar` returns for the same problem.

    Parameters
    ----------
    graph, start, goal, heuristic, weight, max_cost
        As for :func:`wayfinding.astar`.
    """

    def __init__(self, graph: Any, start: Any, goal: Any, *,
                 heuristic: Callable[[Any, Any], float] | None = None, weight: float = 1.0,
                 max_cost: float | None = None) -> None:
        if isinstance(graph, Grid):
            for s in starts_of(start):
                graph.check_location(s, "start")
            for g in Goal(goal).locations or []:
                graph.check_location(g, "goal")
        else:
            graph = as_graph(graph)
        heuristic = heuristic if heuristic is not None else default_heuristic(graph)
        self._search = BestFirstSearch(graph, start, goal, priority=Priority.COST_PLUS_HEURISTIC,
                                       heuristic=heuristic, weight=weight, max_cost=max_cost)
        self._result: SearchResult | None = None

    def step(self, max_expansions: int | None = None, max_seconds: float | None = None) -> bool:
        """Go on for at most ``max_expansions`` expansions / ``max_seconds`` seconds.

        Returns True once the search is finished (goal found or proven unreachable).
        """
        done = self._search.step(max_expansions, max_seconds)
        if done and self._result is None:
            self._result = self._search.result()
        return done

    @property
    def done(self) -> bool:
        """True once the goal was found or proven unreachable."""
        return self._search.done

    @property
    def result(self) -> SearchResult | None:
        """The finished search's result, or None while it is still running."""
        return self._result

    @property
    def expanded(self) -> int:
        """Locations expanded so far."""
        return self._search.expanded

    @property
    def reason(self) -> StopReason | None:
        """Why the last :meth:`step` returned (None before the first)."""
        return self._search.reason

    def partial_path(self) -> list[Any]:
        """The path to the most promising location reached so far (lowest heuristic)."""
        return self._search.partial_path()
