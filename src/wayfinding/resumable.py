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

from ._inputs import check_grid_endpoints
from ._tiers import is_grid
from .graph.astar import default_heuristic
from .graph.engine import BestFirstSearch, Priority
from .graph.protocol import as_graph
from .result import SearchResult, StopReason

__all__ = ["AStarSearch"]


class AStarSearch:
    """A* whose work is done in slices by :meth:`step`.

    The state survives between calls; once :attr:`done`, :attr:`result` is exactly what
    :func:`wayfinding.astar` returns for the same problem. On a Grid the work is done by
    the compiled :class:`~wayfinding.grid.resumable.GridAStarSearch`, elsewhere by the
    generic engine.

    Parameters
    ----------
    graph, start, goal, heuristic, weight, max_cost
        As for :func:`wayfinding.astar`.

    Notes
    -----
    Edits: a Grid is searched as it was when the search began (one version, so the
    answer is a valid path on it); once the grid is edited, :attr:`stale` is True and
    :meth:`restart` searches it again as it is now. A game checks ``search.stale`` each
    frame. A goal in another connected component than the start ends a grid search at
    once (``StopReason.DISCONNECTED``), as in :func:`wayfinding.astar`.

    Examples
    --------
    >>> import wayfinding as wf
    >>> grid = wf.Grid.from_ascii('....')
    >>> search = AStarSearch(grid, (0, 0), (3, 0))
    >>> search.step(max_expansions=1), search.stale
    (False, False)
    >>> grid.set_wall((2, 0))
    >>> search.stale
    True
    >>> search.restart()
    >>> search.step(), search.stale, search.result.reason.name
    (True, False, 'DISCONNECTED')
    """

    def __init__(self, graph: Any, start: Any, goal: Any, *,
                 heuristic: Callable[[Any, Any], float] | None = None, weight: float = 1.0,
                 max_cost: float | None = None) -> None:
        self._on_grid = is_grid(graph)
        self._result: SearchResult | None = None
        if self._on_grid:
            from .grid.resumable import GridAStarSearch

            check_grid_endpoints(start, goal, graph.dims)  # [7, 4] is two goals: say so
            self._impl: Any = GridAStarSearch(graph, start, goal, heuristic=heuristic,
                                              weight=weight, max_cost=max_cost)
        else:
            graph = as_graph(graph)
            if heuristic is None:
                heuristic = default_heuristic(graph, goal)
            self._problem = (graph, start, goal, heuristic, weight, max_cost)
            self._impl = self._generic()

    def _generic(self) -> BestFirstSearch:
        graph, start, goal, heuristic, weight, max_cost = self._problem
        return BestFirstSearch(graph, start, goal, priority=Priority.COST_PLUS_HEURISTIC,
                               heuristic=heuristic, weight=weight, max_cost=max_cost)

    @property
    def stale(self) -> bool:
        """True once the Grid searched was edited after the search began (or restarted).

        The search keeps answering for the grid as it was (a path valid on that version,
        which may now cross a new wall): call :meth:`restart`. Other graphs carry no
        version, so for them this is always False (``wf.path_blocked`` checks a path).
        """
        return self._on_grid and self._impl.stale

    def restart(self) -> None:
        """Begin again from the start on the graph as it is now."""
        self._result = None
        if self._on_grid:
            self._impl.restart()
        else:
            self._impl = self._generic()

    def step(self, max_expansions: int | None = None, max_seconds: float | None = None) -> bool:
        """Go on for at most ``max_expansions`` expansions / ``max_seconds`` seconds.

        Returns True once the search is finished (goal found or proven unreachable).
        """
        return self._impl.step(max_expansions, max_seconds)

    @property
    def done(self) -> bool:
        """True once the goal was found or proven unreachable."""
        return self._impl.done

    @property
    def result(self) -> SearchResult | None:
        """The finished search's result, or None while it is still running."""
        if self._result is None and self._impl.done:  # the engine builds it on request
            self._result = self._impl.result if self._on_grid else self._impl.result()
        return self._result

    @property
    def expanded(self) -> int:
        """Locations expanded so far."""
        return self._impl.expanded

    @property
    def reason(self) -> StopReason | None:
        """Why the last :meth:`step` returned (None before the first)."""
        return self._impl.reason

    def partial_path(self) -> list[Any]:
        """The path to the most promising location reached so far (lowest heuristic)."""
        return self._impl.partial_path()

    def __repr__(self) -> str:
        return f"AStarSearch({'done' if self.done else 'running'}, expanded={self.expanded})"
