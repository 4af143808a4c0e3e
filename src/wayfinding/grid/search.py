"""Compiled searches on a :class:`~wayfinding.grid.grid.Grid` (the grid tier).

Same calls, semantics and :class:`~wayfinding.result.SearchResult` as the generic tier in
:mod:`wayfinding.graph`, run by numba kernels over the grid's flat arrays
(:mod:`wayfinding.grid._kernels`, imported on the first search). Starts and goals are
checked up front; a goal in another connected component than every start is answered
without searching (``StopReason.DISCONNECTED``). Goals given as a predicate, heuristics
the kernels do not know and Grid subclasses that override the movement rules fall back
to the generic tier: correct, only slower.

Heuristics the kernels compute themselves: ``None`` or ``grid.heuristic`` (the grid's
admissible and consistent default, for every movement rule), the members of
:class:`~wayfinding.heuristics.Heuristic`, and :func:`~wayfinding.heuristics.manhattan`,
``chebyshev``, ``octile``, ``euclidean`` and ``zero``, also with other ``D``/``D2`` bound
by :func:`functools.partial` (checked: numbers in ``[0, MAX_PARAMETER]``, and ``weight *
h`` at most ``MAX_ESTIMATE`` on the grid). A string raises InvalidParameterError.
``astar`` also takes the landmarks of ``wf.landmarks(grid)``
(:class:`~wayfinding.grid.landmarks.GridLandmarks`, ALT), computed by their own compiled
kernels; landmarks built before an edit of the grid raise StaleDataError.

Goals given as a predicate ``goal(location) -> bool`` work in every search; A* and greedy
best-first then use no heuristic (zero) by default, and call a heuristic you give as
``h(location, predicate)``; the built-in heuristics, which measure the distance to a goal
location, raise InvalidParameterError there.

Budgets (``max_expansions``, ``max_cost``, ``max_seconds``) and ``partial=True`` work as
in the generic tier; ``result.came_from`` and ``result.cost_so_far`` are Mappings keyed by
``(x, y)`` that are also numpy arrays (``.array``, see :mod:`wayfinding.grid.views`).
Buffers are reused per thread (:mod:`wayfinding.grid.workspace`), so searches are cheap
to repeat and safe to run from several threads at once.

``max_seconds`` bounds the whole call, set-up included, and 0 expands nothing. With a
time budget the component shortcut is taken only when the grid's labels are computed
already (labelling a large grid takes longer than most budgets; call
:func:`~wayfinding.grid.components.components` once to have them): otherwise a goal in
another component is searched for until the budget runs out. Long searches run in
slices, so Ctrl-C (KeyboardInterrupt) stops them within milliseconds.

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('''
... .....
... .###.
... .....
... ''', diagonal=True, corner_cutting=wf.CornerCutting.ALWAYS)
>>> r = astar(grid, (0, 0), (4, 2))
>>> r.path[0], r.path[-1], round(r.cost, 4)
((0, 0), (4, 2), 5.4142)
>>> r.cost_so_far.array.shape, r.cost_so_far[(4, 2)] == r.cost
((3, 5), True)
>>> breadth_first_search(grid, (0, 0), [(4, 0), (0, 2)]).goal
(0, 2)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from .._inputs import check_budget, goal_locations, is_number, starts_of
from .._kernels.codes import GF_WEIGHT
from .._promising import aim_grid
from ..errors import InvalidParameterError
from ..result import SearchResult, StopReason
from . import _engine as E
from .grid import Grid
from .landmarks import GridLandmarks
from .nowork import no_work, zero_budget
from .spec import ZERO, Spec, default_spec

__all__ = ["astar", "breadth_first_search", "dijkstra", "greedy_best_first"]

Heuristic = Callable[[Any, Any], float]


# ---------------------------------------------------------------------- input
def _check_weight(weight: Any) -> float:
    if not is_number(weight) or not (
        math.isfinite(weight) and weight >= 0
    ):
        raise InvalidParameterError(f"heuristic weight must be finite and >= 0, got {weight!r}")
    return float(weight)


def _check(grid: Grid, start: Any, goal: Any) -> None:
    """Validate starts and goal locations before handing a search to the generic tier."""
    for location in starts_of(start):
        grid.check_location(location, "start")
    for location in goal_locations(goal) or []:
        grid.check_location(location, "goal")


def _endpoints(grid: Grid, p: E.Plan, start: Any, goal_list: list[Any]):
    starts = p.cells(grid, starts_of(start), "start")
    goals = p.cells(grid, goal_list, "goal")
    if goals.shape[0] > 1:
        goals = np.unique(goals)
    return starts, goals


# ---------------------------------------------------------------------- public searches
def breadth_first_search(grid: Grid, start: Any, goal: Any = None, *,
                         max_seconds: float | None = None,
                         partial: bool = False) -> SearchResult:
    """Fewest steps from ``start`` to ``goal`` on a grid; see
    :func:`wayfinding.breadth_first_search`. ``cost`` counts steps."""
    goal_list = goal_locations(goal)
    max_seconds = check_budget("max_seconds", max_seconds)
    if goal_list is None or not grid.compiled:
        from ..graph import bfs

        grid = grid.snapshot()  # the generic tier reads cells as it goes: one version
        _check(grid, start, goal)
        return bfs.breadth_first_search(grid, start, goal, max_seconds=max_seconds,
                                        partial=partial)
    if max_seconds == 0:  # no work: not even the set-up (see nowork.py)
        return no_work(grid, start, goal_list, partial)
    deadline = E.deadline_of(max_seconds)
    p = E.plan(grid)
    starts, goals = _endpoints(grid, p, start, goal_list)
    if goals.shape[0] and not partial and p.disconnected(grid, starts, goals,
                                                         deadline is not None):
        return E.empty_result(p, StopReason.DISCONNECTED)  # partial: search, then aim
    k = E.kernels()
    ws = E.acquire_workspace(p)
    try:
        reason = E.run_bfs(p, starts, goals, ws, deadline)
        result = E.finish(k, p, ws, reason, False)
    finally:
        E.release_workspace(ws)
    return _aimed(grid, goal_list, result) if partial else result


def _aimed(grid: Grid, goals: list[Any], result: SearchResult) -> SearchResult:
    """:func:`~wayfinding._promising.aim_grid` by the grid's default distance."""
    spec = default_spec(grid)
    return aim_grid(goals, result, spec.d, spec.d2, grid.movement.diagonal)


def dijkstra(grid: Grid, start: Any, goal: Any = None, *, max_cost: float | None = None,
             max_expansions: int | None = None, max_seconds: float | None = None,
             partial: bool = False) -> SearchResult:
    """Cheapest paths on a grid in order of cost; see :func:`wayfinding.dijkstra`."""
    goal_list = goal_locations(goal)
    if goal_list is None or not grid.compiled:
        from ..graph import dijkstra as generic

        grid = grid.snapshot()  # the generic tier reads cells as it goes: one version
        _check(grid, start, goal)
        return generic.dijkstra(grid, start, goal, max_cost=max_cost,
                                max_expansions=max_expansions, max_seconds=max_seconds,
                                partial=partial)
    result = _best_first(grid, start, goal_list, E.MODE_COST, ZERO, 1.0, max_cost,
                         max_expansions, max_seconds, partial)
    return _aimed(grid, goal_list, result) if partial else result


def greedy_best_first(grid: Grid, start: Any, goal: Any, *, heuristic: Heuristic | None = None,
                      max_expansions: int | None = None, max_seconds: float | None = None,
                      partial: bool = False) -> SearchResult:
    """Expand what looks closest to ``goal``; see :func:`wayfinding.greedy_best_first`."""
    goal_list = goal_locations(goal)
    if zero_budget(grid, max_seconds, goal_list, heuristic):
        return no_work(grid, start, goal_list, partial)
    spec = E.heuristic_spec(grid, heuristic) if grid.compiled else None
    if spec is None or goal_list is None:
        from ..graph import greedy

        grid = grid.snapshot()  # the generic tier reads cells as it goes: one version
        _check(grid, start, goal)
        return greedy.greedy_best_first(grid, start, goal, heuristic=heuristic,
                                        max_expansions=max_expansions,
                                        max_seconds=max_seconds, partial=partial)
    return _best_first(grid, start, goal_list, E.MODE_HEURISTIC, spec, 1.0, None,
                       max_expansions, max_seconds, partial)


def astar(grid: Grid, start: Any, goal: Any, *, heuristic: Heuristic | None = None,
          weight: float = 1.0, max_expansions: int | None = None,
          max_cost: float | None = None, max_seconds: float | None = None,
          partial: bool = False) -> SearchResult:
    """A* on a grid; see :func:`wayfinding.astar`. ``weight > 1`` re-opens cells reached
    again more cheaply, so the path is valid and costs at most ``weight`` x optimal.
    ``heuristic`` may be the grid's landmarks (``wf.landmarks(grid)``)."""
    weight = _check_weight(weight)
    goal_list = goal_locations(goal)
    if isinstance(heuristic, GridLandmarks):
        if goal_list is None or not grid.compiled:
            raise InvalidParameterError(
                "landmarks bound the distance to goal locations on a Grid that follows its "
                "own arrays: not to a goal predicate, nor on a Grid subclass with rules of "
                "its own")
        return _best_first(grid, start, goal_list, E.MODE_ASTAR, ZERO, weight, max_cost,
                           max_expansions, max_seconds, partial, heuristic)
    if zero_budget(grid, max_seconds, goal_list, heuristic):
        return no_work(grid, start, goal_list, partial)
    spec = E.heuristic_spec(grid, heuristic, weight) if grid.compiled else None
    if spec is None or goal_list is None:
        from ..graph import astar as generic

        grid = grid.snapshot()  # the generic tier reads cells as it goes: one version
        _check(grid, start, goal)
        return generic.astar(grid, start, goal, heuristic=heuristic, weight=weight,
                             max_expansions=max_expansions, max_cost=max_cost,
                             max_seconds=max_seconds, partial=partial)
    return _best_first(grid, start, goal_list, E.MODE_ASTAR, spec, weight, max_cost,
                       max_expansions, max_seconds, partial)


def _best_first(grid: Grid, start: Any, goal_list: list[Any], mode: int, spec: Spec,
                weight: float, max_cost: Any, max_expansions: Any, max_seconds: Any,
                partial: bool, landmarks: GridLandmarks | None = None) -> SearchResult:
    if max_cost is not None:
        max_cost = check_budget("max_cost", max_cost)
    if max_expansions is not None:
        max_expansions = check_budget("max_expansions", max_expansions, integer=True)
    if max_seconds is not None:
        max_seconds = check_budget("max_seconds", max_seconds)
        if max_seconds == 0:  # no work: not even the set-up (see nowork.py)
            return no_work(grid, start, goal_list, partial)
    deadline = E.deadline_of(max_seconds)  # the budget covers the set-up too
    if landmarks is not None:
        from .alt import search_inputs

        p, spec, k, key_weight = search_inputs(grid, landmarks, weight)
        return _run_best_first(grid, p, start, goal_list, mode, spec, weight, max_cost,
                               max_expansions, max_seconds, partial, deadline, k, key_weight)
    p = E.lease(grid)  # released when done: then the next edit may patch it in place
    try:
        return _run_best_first(grid, p, start, goal_list, mode, spec, weight, max_cost,
                               max_expansions, max_seconds, partial, deadline)
    finally:
        E.release(grid)


def _run_best_first(grid: Grid, p: E.Plan, start: Any, goal_list: list[Any], mode: int,
                    spec: Spec, weight: float, max_cost: Any, max_expansions: Any,
                    max_seconds: Any, partial: bool, deadline: float | None, k: Any = None,
                    key_weight: float | None = None) -> SearchResult:
    starts, goals = _endpoints(grid, p, start, goal_list)
    track = bool(partial) and goals.shape[0] > 0
    if goals.shape[0] and not track and p.disconnected(grid, starts, goals,
                                                       deadline is not None):
        return E.empty_result(p, StopReason.DISCONNECTED)
    iparams, fparams = E.params(grid, p, mode, spec, weight, max_cost, starts.shape[0],
                                goals.shape[0], track)
    if key_weight is not None and key_weight != fparams[GF_WEIGHT]:
        fparams = fparams.copy()
        fparams[GF_WEIGHT] = key_weight  # the landmarks' tie-break
    if not goals.shape[0]:
        goals = np.full(1, -1, dtype=np.int64)
    k = k or E.kernels()
    ws = E.acquire_workspace(p)
    try:
        E.start(ws, iparams, starts, goals)
        _, reason = E.run(k, p, iparams, fparams, starts, goals, ws, max_expansions,
                          max_seconds, deadline)
        return E.finish(k, p, ws, reason, track)
    finally:
        E.release_workspace(ws)
