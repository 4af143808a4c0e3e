"""A compiled A* on a grid that pauses and resumes: one search spread over many frames.

The search owns its buffers (a private :class:`~wayfinding.grid.workspace.Workspace`:
costs, parents, heap, stamps and the kernel's state), so the kernel can stop after any
number of expansions and go on later from exactly where it was. However the work is
sliced, the finished search's result is the one :func:`wayfinding.grid.search.astar`
returns for the same problem.

:class:`wayfinding.AStarSearch` uses this class for grids; goals given as a predicate,
heuristics the kernels do not know and Grid subclasses with their own moves run the
generic engine instead (same methods).

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('''
... ......
... .####.
... ......
... ''')
>>> search = GridAStarSearch(grid, (0, 0), (5, 2))
>>> search.step(max_expansions=3), search.done, search.result
(False, False, None)
>>> search.partial_path()[0]
(0, 0)
>>> while not search.step(max_expansions=3):
...     pass
>>> search.result.cost, search.result.path[-1]
(7.0, (5, 2))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .._inputs import check_budget, goal_locations
from .._kernels import codes as C
from ..graph.astar import default_heuristic
from ..graph.engine import BestFirstSearch, Priority
from ..result import SearchResult, StopReason
from . import _engine as E
from .grid import Grid
from .paged import PagedWorkspace
from .search import _check, _check_weight, _endpoints
from .workspace import Workspace

__all__ = ["GridAStarSearch"]


class GridAStarSearch:
    """A* on a :class:`~wayfinding.grid.grid.Grid` whose work is done in slices by :meth:`step`.

    Parameters
    ----------
    grid : Grid
        Searched as it is now (a snapshot); later edits do not affect this search, but
        make it :attr:`stale` (then :meth:`restart` searches the grid as it is now).
    start : (x, y), or list/set/frozenset of (x, y)
    goal : (x, y), list/set/frozenset of (x, y), or a predicate
    heuristic : callable or Heuristic, optional
        As for :func:`wayfinding.astar` (default: the grid's own; zero for a predicate
        goal, where a heuristic you give is called as ``h(location, predicate)``).
    weight : float
        ``f = g + weight * h``.
    max_cost : float, optional
        Cells costing more than this are never recorded.

    Notes
    -----
    One search object belongs to one thread at a time. As in :func:`astar`, a goal in
    another connected component than every start ends the search at once
    (``StopReason.DISCONNECTED``, no path; :meth:`partial_path` is the start): the
    grid's component labels are computed on the first such search of a grid version
    (O(cells), then kept; :func:`~wayfinding.grid.components.components` does it ahead).
    To walk as near the goal as one can get, ``wf.astar(grid, start, goal,
    partial=True)`` searches the start's component and leads to its cell nearest the goal.
    """

    def __init__(self, grid: Grid, start: Any, goal: Any, *,
                 heuristic: Callable[[Any, Any], float] | None = None, weight: float = 1.0,
                 max_cost: float | None = None) -> None:
        weight = _check_weight(weight)
        max_cost = check_budget("max_cost", max_cost)
        self._problem = (grid, start, goal, heuristic, weight, max_cost)
        self._begin()

    def _begin(self) -> None:
        """Set up the search on the grid as it is now (the constructor and :meth:`restart`)."""
        grid, start, goal, heuristic, weight, max_cost = self._problem
        goal_list = goal_locations(goal)
        grid = grid.snapshot()  # searched as it is now: one version, whatever edits come
        self._version = grid.version
        spec = E.heuristic_spec(grid, heuristic, weight) if grid.compiled else None
        self._result: SearchResult | None = None
        self._reason: StopReason | None = None
        self._generic: BestFirstSearch | None = None
        if spec is None or goal_list is None:
            _check(grid, start, goal)
            if heuristic is None:
                heuristic = default_heuristic(grid, goal)
            self._generic = BestFirstSearch(grid, start, goal,
                                            priority=Priority.COST_PLUS_HEURISTIC,
                                            heuristic=heuristic, weight=weight,
                                            max_cost=max_cost)
            return
        self._plan = p = E.plan(grid)
        self._starts, goals = _endpoints(grid, p, start, goal_list)
        self._iparams, self._fparams = E.params(grid, p, E.MODE_ASTAR, spec, weight, max_cost,
                                                self._starts.shape[0], goals.shape[0], True)
        self._goals = goals if goals.shape[0] else np.full(1, -1, dtype=np.int64)
        self._k = E.kernels()
        self._ws = (PagedWorkspace if p.paged else Workspace)(p.passable.shape[0])
        E.start(self._ws, self._iparams, self._starts, self._goals)
        self._status, _ = E.run(self._k, p, self._iparams, self._fparams, self._starts,
                                self._goals, self._ws, 0, None)  # push the starts only
        if goals.shape[0] and p.disconnected(grid, self._starts, goals):
            self._status = C.STATUS_EXHAUSTED  # the components say: no path, search nothing
            self._finish(StopReason.DISCONNECTED)
        elif self._status != C.STATUS_PAUSED:  # nothing to expand: already finished
            self._finish()

    @property
    def stale(self) -> bool:
        """True once the grid was edited after this search began (or last restarted).

        The search goes on over the grid as it was then (a snapshot: one version, so its
        answer is a valid path on that version), which may now cross a new wall or miss a
        new opening. Call :meth:`restart` to search the grid as it is now.
        """
        return self._problem[0].version != self._version

    def restart(self) -> None:
        """Begin again from the start on the grid as it is now (:attr:`stale` is False)."""
        self._begin()

    # ------------------------------------------------------------------ stepping
    def step(self, max_expansions: int | None = None, max_seconds: float | None = None) -> bool:
        """Go on for at most ``max_expansions`` expansions / ``max_seconds`` seconds.

        Returns True once the search is finished (goal found or proven unreachable);
        :attr:`reason` says why it stopped this time.
        """
        max_expansions = check_budget("max_expansions", max_expansions, integer=True)
        max_seconds = check_budget("max_seconds", max_seconds)
        if self._generic is not None:
            done = self._generic.step(max_expansions, max_seconds)
            if done and self._result is None:
                self._result = self._generic.result()
            return done
        if self._result is not None:
            return True
        self._status, self._reason = E.run(self._k, self._plan, self._iparams, self._fparams,
                                           self._starts, self._goals, self._ws,
                                           max_expansions, max_seconds)
        if self._status in (C.STATUS_FOUND, C.STATUS_EXHAUSTED):
            self._finish()
            return True
        return False

    def _finish(self, reason: StopReason | None = None) -> None:
        state = self._ws.state
        if reason is StopReason.DISCONNECTED:
            self._result = E.empty_result(self._plan, reason)
        elif self._status == C.STATUS_FOUND:
            reason = StopReason.FOUND
        else:
            reason = StopReason.MAX_COST if state[C.S_PRUNED] else StopReason.EXHAUSTED
        self._reason = reason
        if self._result is None:
            self._result = E.finish(self._k, self._plan, self._ws, reason, False)
        self._ws = _Finished(self._ws)  # keep only what partial_path needs

    # ------------------------------------------------------------------ answers
    @property
    def done(self) -> bool:
        """True once the goal was found or proven unreachable."""
        if self._generic is not None:
            return self._generic.done
        return self._result is not None

    @property
    def result(self) -> SearchResult | None:
        """The finished search's result (as :func:`astar` gives it), None while running."""
        return self._result

    @property
    def expanded(self) -> int:
        """Cells expanded so far."""
        if self._generic is not None:
            return self._generic.expanded
        return int(self._ws.state[C.S_EXPANDED])

    @property
    def reason(self) -> StopReason | None:
        """Why the last :meth:`step` returned (None before the first)."""
        if self._generic is not None:
            return self._generic.reason
        return self._reason

    def partial_path(self) -> list[Any]:
        """Path to the most promising cell reached so far (lowest heuristic, then cost).

        Once the goal is found this is the path to it.
        """
        if self._generic is not None:
            return self._generic.partial_path()
        if self._result is not None and self._result.path is not None:
            return list(self._result.path)
        ws = self._ws
        best = int(ws.state[C.S_BEST])
        path_xy = E.extract(ws.g, ws.parent, ws.touched, 0, best, self._plan.stride,
                            getattr(ws, "pages", E._NO_PAGES))[0]
        return E.path_locations(self._plan, path_xy)

    def __repr__(self) -> str:
        state = "done" if self.done else "running"
        return f"GridAStarSearch({state}, expanded={self.expanded}, reason={self.reason})"


class _Finished:
    """What a finished search keeps of its workspace (the big frontier arrays are dropped)."""

    __slots__ = ("g", "pages", "parent", "state", "touched")

    def __init__(self, ws: Workspace) -> None:
        self.g, self.parent, self.state, self.touched = ws.g, ws.parent, ws.state, ws.touched
        self.pages = getattr(ws, "pages", E._NO_PAGES)
