"""Compiled searches on a :class:`~wayfinding.grid.grid.Grid` (the grid tier).

Same calls, semantics and :class:`~wayfinding.result.SearchResult` as the generic tier in
:mod:`wayfinding.graph`, run by numba kernels over the grid's flat arrays
(:mod:`wayfinding.grid._kernels`, imported on the first search). Starts and goals are
checked up front; a goal in another connected component than every start is answered
without searching (``StopReason.DISCONNECTED``). Goals given as a predicate, heuristics
the kernels do not know and Grid subclasses that override the movement rules fall back
to the generic tier: correct, only slower.

Heuristics the kernels compute themselves: ``None`` or ``grid.heuristic`` (the grid's
admissible default), and :func:`~wayfinding.heuristics.manhattan`, ``chebyshev``,
``octile``, ``euclidean`` and ``zero`` from :mod:`wayfinding.heuristics`, also with other
``D``/``D2`` bound by :func:`functools.partial`.

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

import functools
import math
import time
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from .. import heuristics as _heuristics
from ..errors import InvalidParameterError
from ..graph.engine import Goal, check_budget, starts_of
from ..result import SearchResult, StopReason
from . import workspace as _workspace
from .grid import Grid
from .movement import CornerCutting
from .views import CameFromView, CostSoFarView, ReachedCells

__all__ = ["astar", "breadth_first_search", "dijkstra", "greedy_best_first"]

Heuristic = Callable[[Any, Any], float]

# Mirrors of the kernel constants (kept here so that importing this module imports no numba).
MODE_COST, MODE_HEURISTIC, MODE_ASTAR = 0, 1, 2
REOPEN_NONE, REOPEN_OPEN, REOPEN_ALL = 0, 1, 2
H_ZERO, H_MANHATTAN, H_CHEBYSHEV, H_OCTILE, H_EUCLIDEAN = 0, 1, 2, 3, 4
STATUS_NEW, STATUS_PAUSED, STATUS_HEAP_FULL, STATUS_FOUND = 0, 1, 2, 3
S_GEN, S_STATUS, S_TOUCHED, S_EXPANDED, S_FOUND, S_PRUNED, S_BEST = 0, 1, 3, 4, 5, 6, 7
#: A* aims its heuristic at each goal when there are at most this many (min over them);
#: with more, it searches like Dijkstra (h = 0), which is then faster.
MAX_HEURISTIC_GOALS = 32
#: Expansions between two looks at the clock when ``max_seconds`` is set.
CLOCK_EVERY = 2048
_NO_LIMIT = 2**62
_RULES = {CornerCutting.NEVER: 0, CornerCutting.ONE_FREE: 1, CornerCutting.ALWAYS: 2}


class _Plan(NamedTuple):
    """Kernel inputs that depend on the grid only (cached per grid version)."""

    moves: np.ndarray  # int64[8, 5]: offset, corner_a, corner_b, dx, dy
    lengths: np.ndarray  # float64[8]
    iparams: np.ndarray  # int64 template: moves, rule, stride, weighted filled in
    integral: bool  # every step costs a whole number (exact ties in f are common)


class _Spec(NamedTuple):
    """A heuristic the kernels compute: code, D, D2 (already capped at 2D) and scale."""

    code: int
    d: float
    d2: float
    scale: float


def _kernels() -> Any:
    from ._kernels import bestfirst  # numba is imported on the first search only

    return bestfirst


def _plan(grid: Grid) -> _Plan:
    return grid.cached("kernels.plan", lambda: _build_plan(grid))


def _build_plan(grid: Grid) -> _Plan:
    flat = grid.flat
    stride = flat.stride
    moves = np.zeros((8, 5), dtype=np.int64)
    lengths = np.zeros(8, dtype=np.float64)
    table = grid.movement.moves()
    for k, (dx, dy, length) in enumerate(table):
        moves[k] = (dy * stride + dx, dx, dy * stride, dx, dy)
        lengths[k] = length
    iparams = np.zeros(11, dtype=np.int64)
    iparams[0] = len(table)
    iparams[1] = _RULES[grid.corner_cutting]
    iparams[2] = stride
    iparams[3] = int(flat.weighted)
    integral = all(float(x).is_integer() for x in lengths[: len(table)])
    costs = grid.costs
    if costs is not None and integral:
        integral = bool(np.all(np.floor(costs) == costs))
    return _Plan(moves, lengths, iparams, integral)


# ---------------------------------------------------------------------- heuristics
_BY_FUNCTION = {
    _heuristics.manhattan: H_MANHATTAN,
    _heuristics.chebyshev: H_CHEBYSHEV,
    _heuristics.octile: H_OCTILE,
    _heuristics.euclidean: H_EUCLIDEAN,
    _heuristics.zero: H_ZERO,
}


def _default_spec(grid: Grid) -> _Spec:
    m = grid.movement
    if m.diagonal:
        return _Spec(H_OCTILE, m.straight_cost, m.effective_diagonal_cost, grid.min_cost)
    return _Spec(H_MANHATTAN, m.straight_cost, 0.0, grid.min_cost)


def _heuristic_spec(grid: Grid, heuristic: Any) -> _Spec | None:
    """The kernel form of ``heuristic``, or None when only the generic tier can run it."""
    if heuristic is None:
        return _default_spec(grid)
    if getattr(heuristic, "__self__", None) is grid and \
            getattr(heuristic, "__func__", None) is Grid.heuristic:
        return _default_spec(grid)
    keywords: dict[str, Any] = {}
    function = heuristic
    if isinstance(heuristic, functools.partial):
        if heuristic.args:
            return None
        function, keywords = heuristic.func, dict(heuristic.keywords)
    try:
        code = _BY_FUNCTION.get(function)
    except TypeError:  # unhashable callable
        return None
    if code is None:
        return None
    allowed = {"D", "D2"} if code == H_OCTILE else set() if code == H_ZERO else {"D"}
    if not set(keywords) <= allowed:
        return None
    values = {"D": 1.0, "D2": _heuristics.SQRT2}
    for name, value in keywords.items():
        if isinstance(value, bool) or not isinstance(value, int | float):
            return None
        values[name] = float(value)
    d = values["D"]
    d2 = min(values["D2"], 2.0 * d) if code == H_OCTILE else 0.0
    return _Spec(code, d, d2, 1.0)


def _consistent(grid: Grid, spec: _Spec, weight: float) -> bool:
    """True when ``weight * h`` provably never drops by more than a step costs.

    Then an expanded cell is final and never re-opened. Every kernel heuristic is a norm
    of ``(dx, dy)`` (octile only when ``D <= D2``), so it suffices that no single move
    raises or lowers it by more than the move's cheapest cost.
    """
    if spec.code == H_ZERO or weight == 0.0 or spec.scale == 0.0:
        return True
    if spec.code == H_OCTILE and spec.d2 < spec.d:
        return False
    cheapest = grid.min_cost
    for dx, dy, length in grid.movement.moves():
        a, b = abs(dx), abs(dy)
        if spec.code == H_MANHATTAN:
            h = spec.d * (a + b)
        elif spec.code == H_CHEBYSHEV:
            h = spec.d * max(a, b)
        elif spec.code == H_OCTILE:
            h = spec.d * (a + b) + (spec.d2 - 2.0 * spec.d) * min(a, b)
        else:
            h = spec.d * math.hypot(a, b)
        if weight * spec.scale * h > length * cheapest * (1.0 + 1e-12):
            return False
    return True


# ---------------------------------------------------------------------- validation
def _check_weight(weight: Any) -> float:
    if isinstance(weight, bool) or not isinstance(weight, int | float) or not (
        math.isfinite(weight) and weight >= 0
    ):
        raise InvalidParameterError(f"heuristic weight must be finite and >= 0, got {weight!r}")
    return float(weight)


def _uses_own_rules(grid: Grid) -> bool:
    """False for Grid subclasses that redefine neighbours or costs (kernels cannot know)."""
    cls = type(grid)
    return cls is Grid or (cls.neighbors is Grid.neighbors and cls.cost is Grid.cost)


def _cells(grid: Grid, locations: list[Any], role: str) -> np.ndarray:
    stride = grid.width + 2
    out = np.empty(len(locations), dtype=np.int64)
    for i, location in enumerate(locations):
        x, y = grid.check_location(location, role)
        out[i] = (y + 1) * stride + x + 1
    return out


def _check(grid: Grid, start: Any, goal: Any) -> None:
    """Validate starts and goal locations before handing a search to the generic tier."""
    _cells(grid, starts_of(start), "start")
    _cells(grid, Goal(goal).locations or [], "goal")


def _disconnected(grid: Grid, starts: np.ndarray, goals: np.ndarray) -> bool:
    from .components import component_labels

    labels = component_labels(grid).flat
    if starts.shape[0] == 1 and goals.shape[0] == 1:
        return bool(labels[starts[0]] != labels[goals[0]])
    return not np.isin(labels[goals], labels[starts]).any()


def _empty_result(grid: Grid, reason: StopReason) -> SearchResult:
    reached = ReachedCells(np.zeros(0, np.int32), np.zeros(0), np.zeros(0, np.int32),
                           grid.width, grid.height)
    return SearchResult(None, math.inf, CameFromView(reached), CostSoFarView(reached), 0,
                        reason, False, None)


# ---------------------------------------------------------------------- public searches
def breadth_first_search(grid: Grid, start: Any, goal: Any = None) -> SearchResult:
    """Fewest steps from ``start`` to ``goal`` on a grid; see
    :func:`wayfinding.breadth_first_search`. ``cost`` counts steps."""
    target = Goal(goal)
    if target.predicate is not None or not _uses_own_rules(grid):
        from ..graph import bfs

        _check(grid, start, goal)
        return bfs.breadth_first_search(grid, start, goal)
    starts = _cells(grid, starts_of(start), "start")
    goals = np.unique(_cells(grid, target.locations or [], "goal"))
    if goals.shape[0] and _disconnected(grid, starts, goals):
        return _empty_result(grid, StopReason.DISCONNECTED)
    from ._kernels.bfs import breadth_first

    plan = _plan(grid)
    flat = grid.flat
    ws = _workspace.acquire(flat.passable.shape[0])
    try:
        ws.state[S_GEN] = ws.next_generation()
        status = breadth_first(flat.passable, plan.moves, plan.iparams[0], plan.iparams[1],
                               starts, goals, ws.stamp, ws.g, ws.parent, ws.goal_mark,
                               ws.touched, ws.state)
        return _finish(grid, ws, status, StopReason.EXHAUSTED, False)
    finally:
        _workspace.release(ws)


def dijkstra(grid: Grid, start: Any, goal: Any = None, *, max_cost: float | None = None,
             max_expansions: int | None = None, max_seconds: float | None = None,
             partial: bool = False) -> SearchResult:
    """Cheapest paths on a grid in order of cost; see :func:`wayfinding.dijkstra`."""
    if Goal(goal).predicate is not None or not _uses_own_rules(grid):
        from ..graph import dijkstra as generic

        _check(grid, start, goal)
        return generic.dijkstra(grid, start, goal, max_cost=max_cost,
                                max_expansions=max_expansions, max_seconds=max_seconds,
                                partial=partial)
    return _best_first(grid, start, goal, MODE_COST, _Spec(H_ZERO, 0.0, 0.0, 1.0), 1.0,
                       max_cost, max_expansions, max_seconds, partial)


def greedy_best_first(grid: Grid, start: Any, goal: Any, *, heuristic: Heuristic | None = None,
                      max_expansions: int | None = None, max_seconds: float | None = None,
                      partial: bool = False) -> SearchResult:
    """Expand what looks closest to ``goal``; see :func:`wayfinding.greedy_best_first`."""
    spec = _heuristic_spec(grid, heuristic) if _uses_own_rules(grid) else None
    if spec is None or Goal(goal).predicate is not None:
        from ..graph import greedy

        _check(grid, start, goal)
        return greedy.greedy_best_first(grid, start, goal, heuristic=heuristic,
                                        max_expansions=max_expansions,
                                        max_seconds=max_seconds, partial=partial)
    return _best_first(grid, start, goal, MODE_HEURISTIC, spec, 1.0, None, max_expansions,
                       max_seconds, partial)


def astar(grid: Grid, start: Any, goal: Any, *, heuristic: Heuristic | None = None,
          weight: float = 1.0, max_expansions: int | None = None,
          max_cost: float | None = None, max_seconds: float | None = None,
          partial: bool = False) -> SearchResult:
    """A* on a grid; see :func:`wayfinding.astar`. ``weight > 1`` re-opens cells reached
    again more cheaply, so the path is valid and costs at most ``weight`` x optimal."""
    weight = _check_weight(weight)
    spec = _heuristic_spec(grid, heuristic) if _uses_own_rules(grid) else None
    if spec is None or Goal(goal).predicate is not None:
        from ..graph import astar as generic

        _check(grid, start, goal)
        return generic.astar(grid, start, goal, heuristic=heuristic, weight=weight,
                             max_expansions=max_expansions, max_cost=max_cost,
                             max_seconds=max_seconds, partial=partial)
    return _best_first(grid, start, goal, MODE_ASTAR, spec, weight, max_cost, max_expansions,
                       max_seconds, partial)


# ---------------------------------------------------------------------- the engine
def _best_first(grid: Grid, start: Any, goal: Any, mode: int, spec: _Spec, weight: float,
                max_cost: Any, max_expansions: Any, max_seconds: Any,
                partial: bool) -> SearchResult:
    limit_cost = check_budget("max_cost", max_cost)
    limit_exp = check_budget("max_expansions", max_expansions, integer=True)
    limit_sec = check_budget("max_seconds", max_seconds)
    target = Goal(goal)
    starts = _cells(grid, starts_of(start), "start")
    goal_list = target.locations or []
    goals = _cells(grid, goal_list, "goal")
    if len(goal_list) > 1:
        goals = np.unique(goals)
    if goals.shape[0] and not partial and _disconnected(grid, starts, goals):
        return _empty_result(grid, StopReason.DISCONNECTED)
    query = _prepare(grid, starts, goals, mode, spec, weight, limit_cost, partial)
    k = _kernels()
    flat = grid.flat
    ws = _workspace.acquire(flat.passable.shape[0])
    try:
        ws.state[S_GEN] = ws.next_generation()
        ws.state[S_STATUS] = STATUS_NEW
        status, reason = _run(k, flat, query, ws, limit_exp, limit_sec)
        return _finish(grid, ws, status, reason, partial and goals.shape[0] > 0)
    finally:
        _workspace.release(ws)


class _Query(NamedTuple):
    """Everything a best-first kernel call needs besides the grid and the workspace."""

    plan: _Plan
    iparams: np.ndarray
    fparams: np.ndarray
    starts: np.ndarray
    goals: np.ndarray
    goal_xy: np.ndarray


def _prepare(grid: Grid, starts: np.ndarray, goals: np.ndarray, mode: int, spec: _Spec,
             weight: float, max_cost: float | None, track: bool) -> _Query:
    plan = _plan(grid)
    stride = grid.width + 2
    n_goals = goals.shape[0]
    n_hgoals = n_goals
    if mode == MODE_ASTAR and n_goals > MAX_HEURISTIC_GOALS and not track:
        n_hgoals = 0
    if mode == MODE_COST:
        reopen = REOPEN_OPEN
    elif mode == MODE_HEURISTIC:
        reopen = REOPEN_NONE
    else:
        reopen = REOPEN_OPEN if _consistent(grid, spec, weight) else REOPEN_ALL
    iparams = plan.iparams.copy()
    iparams[4] = spec.code
    iparams[5] = n_goals
    iparams[6] = n_hgoals
    iparams[7] = mode
    iparams[8] = reopen
    iparams[9] = int(track)
    iparams[10] = int(plan.integral and mode != MODE_COST)
    fparams = np.array([spec.d, spec.d2, spec.scale, weight,
                        math.inf if max_cost is None else max_cost])
    goal_xy = np.empty((max(n_goals, 1), 2), dtype=np.int64)
    goal_xy[:n_goals, 0] = goals % stride
    goal_xy[:n_goals, 1] = goals // stride
    if n_goals == 0:
        goals = np.full(1, -1, dtype=np.int64)
    return _Query(plan, iparams, fparams, starts, goals, goal_xy)


def _run(k: Any, flat: Any, q: _Query, ws: _workspace.Workspace, max_expansions: int | None,
         max_seconds: float | None) -> tuple[int, StopReason]:
    """Call the kernel until the search ends or a budget runs out."""
    left = _NO_LIMIT if max_expansions is None else max_expansions
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    plan, state = q.plan, ws.state
    while ws.heap_f.shape[0] < q.starts.shape[0] + 8:
        ws.grow_heap()
    while True:
        before = int(state[S_EXPANDED]) if state[S_STATUS] != STATUS_NEW else 0
        chunk = left if deadline is None else min(left, CLOCK_EVERY)
        status = k.best_first(flat.passable, flat.costs, plan.moves, plan.lengths, q.iparams,
                              q.fparams, q.starts, q.goals, q.goal_xy, ws.stamp, ws.g,
                              ws.parent, ws.goal_mark, ws.touched, ws.heap_f, ws.heap_g,
                              ws.heap_n, state, ws.fstate, chunk)
        left -= int(state[S_EXPANDED]) - before
        if status == STATUS_HEAP_FULL:
            ws.grow_heap()
        elif status == STATUS_PAUSED:
            if left <= 0:
                return status, StopReason.MAX_EXPANSIONS
            if deadline is not None and time.perf_counter() >= deadline:
                return status, StopReason.MAX_SECONDS
        elif status == STATUS_FOUND:
            return status, StopReason.FOUND
        else:
            return status, StopReason.MAX_COST if state[S_PRUNED] else StopReason.EXHAUSTED


def _finish(grid: Grid, ws: _workspace.Workspace, status: int, reason: StopReason,
            partial: bool) -> SearchResult:
    """Copy the answer out of the workspace into a SearchResult."""
    from ._kernels.bestfirst import extract

    state = ws.state
    found = status == STATUS_FOUND
    end = int(state[S_FOUND]) if found else int(state[S_BEST]) if partial else -1
    stride = grid.width + 2
    px, py, cells, cost, parent = extract(ws.g, ws.parent, ws.touched, int(state[S_TOUCHED]),
                                          end, stride)
    reached = ReachedCells(cells, cost, parent, grid.width, grid.height)
    came_from, cost_so_far = CameFromView(reached), CostSoFarView(reached)
    expanded = int(state[S_EXPANDED])
    if end < 0:
        return SearchResult(None, math.inf, came_from, cost_so_far, expanded, reason, False,
                            None)
    path = list(zip(px.tolist(), py.tolist(), strict=True))
    return SearchResult(path, float(ws.g[end]), came_from, cost_so_far, expanded,
                        StopReason.FOUND if found else reason, not found, path[-1])
