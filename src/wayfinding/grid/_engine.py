"""The Python side of the compiled grid searches: kernel inputs, the call loop, results.

Private to :mod:`wayfinding.grid.search` and :mod:`wayfinding.grid.resumable`. Per-grid
data (move tables, flags, parameter arrays) is built once per grid version and cached
on the grid, so a query does little in Python besides checking its input: the
MovingAI queries it serves take 0.3 to 5 ms in C++, and every microsecond here counts.
Importing this module does not import numba; :func:`kernels` does, on first use. The
kernel codes and layouts come from :mod:`wayfinding._kernels.codes` (no numba either).
"""

from __future__ import annotations

import functools
import math
import time
from typing import Any, NamedTuple

import numpy as np

from .. import heuristics as _heuristics
from .._kernels import codes as C
from .._kernels.codes import MODE_ASTAR, MODE_COST, MODE_HEURISTIC
from ..errors import InvalidParameterError
from ..result import SearchResult, StopReason
from . import workspace as _workspace
from ._checks import passable_index
from .derived import Derived
from .flat import move_table
from .grid import Grid
from .views import CameFromView, CostSoFarView, ReachedCells

__all__ = ["MODE_ASTAR", "MODE_COST", "MODE_HEURISTIC", "Plan", "finish", "params", "plan",
           "run", "start"]

#: A* aims its heuristic at each goal when there are at most this many (min over them);
#: with more it searches like Dijkstra (h = 0), which is then faster.
MAX_HEURISTIC_GOALS = 32
#: Largest bucket ring; costlier steps use the heap.
MAX_RING = 1 << 16
#: Expansions between two looks at the clock when ``max_seconds`` is set.
CLOCK_EVERY = 2048
#: Expansions per kernel call without a clock to watch: between two calls Python runs its
#: signal handlers, so Ctrl-C stops a long search within a few milliseconds. Short
#: queries end within the first call and pay nothing for it.
SLICE = 1 << 17
NO_LIMIT = 2**62


_KERNELS: list[Any] = []


def kernels() -> Any:
    """The best-first kernel module (imports numba on first use)."""
    if not _KERNELS:
        from ._kernels import bestfirst, extract

        _KERNELS.extend((bestfirst, extract.extract))
    return _KERNELS[0]


def extract(*args: Any) -> Any:
    """:func:`wayfinding.grid._kernels.extract.extract` (imports numba on first use)."""
    kernels()
    return _KERNELS[1](*args)


class Spec(NamedTuple):
    """A heuristic the kernels compute: code, D, D2 (already capped at 2D) and scale."""

    code: int
    d: float
    d2: float
    scale: float


ZERO = Spec(C.H_ZERO, 0.0, 0.0, 1.0)


class Plan:
    """Kernel inputs that depend only on the grid (one per grid version, see :func:`plan`)."""

    __slots__ = ("classes", "default", "flat", "height", "integral", "labels", "lengths",
                 "max_step", "moves", "n_moves", "params", "passable", "rule", "stride",
                 "version", "weighted", "width")

    def __init__(self, grid: Grid) -> None:
        self.version = grid.version  # built under the grid's lock: the version of it all
        flat = grid.flat_classes  # terrain class codes in passable (Grid.classes)
        self.flat = flat
        self.classes = grid.several_classes  # run kernels.best_first_classes
        self.passable = flat.passable
        self.stride = flat.stride
        self.width, self.height = grid.width, grid.height
        self.weighted = flat.weighted
        table = move_table(grid)
        self.moves, self.lengths = table.moves, table.lengths
        self.n_moves, self.rule = table.n_moves, table.rule
        used = self.lengths
        costs = grid.costs
        dearest = float(costs.max()) if costs is not None else 1.0
        self.max_step = float(used.max()) * dearest
        self.integral = bool(np.all(np.floor(used) == used)) and (
            costs is None or bool(np.all(np.floor(costs) == costs)))
        self.params: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}
        self.labels: np.ndarray | None = None
        self.default = default_spec(grid)

    def cell(self, grid: Grid, location: Any, role: str) -> int:
        """Padded flat index of a start or goal, checked (errors from check_location)."""
        return passable_index(grid, self.passable, self.stride, location, role)

    def cells(self, grid: Grid, locations: list[Any], role: str) -> np.ndarray:
        if len(locations) == 1:
            return np.array([self.cell(grid, locations[0], role)], dtype=np.int64)
        return np.array([self.cell(grid, loc, role) for loc in locations], dtype=np.int64)

    def disconnected(self, grid: Grid, starts: np.ndarray, goals: np.ndarray,
                     budgeted: bool = False) -> bool:
        """True when no goal shares a connected component with any start.

        ``budgeted``: the caller has a time budget, which labelling a large grid could
        exceed; then labels are used only when already computed (else False: search).
        Labels of a newer grid version than this plan's are never used (a search that
        began before an edit must not mix two versions): then False too.
        """
        if self.labels is None:
            from .components import COMPONENTS

            if budgeted:
                found = grid.derived_if_built(COMPONENTS, self.version)
            else:
                found = grid.derived_at(self.version, COMPONENTS)
            if found is None:
                return False
            self.labels = found.flat
        labels = self.labels
        if starts.shape[0] == 1 and goals.shape[0] == 1:
            return bool(labels[starts[0]] != labels[goals[0]])
        return not np.isin(labels[goals], labels[starts]).any()


def plan(grid: Grid) -> Plan:
    """The cached :class:`Plan` of ``grid`` (rebuilt after every edit)."""
    return grid.derived(PLAN)


#: The search plan of a grid version (``grid.derived(PLAN)``).
PLAN: Derived[Plan] = Derived("search plan", Plan)


# ---------------------------------------------------------------------- heuristics
_BY_FUNCTION = {
    _heuristics.manhattan: C.H_MANHATTAN,
    _heuristics.chebyshev: C.H_CHEBYSHEV,
    _heuristics.octile: C.H_OCTILE,
    _heuristics.euclidean: C.H_EUCLIDEAN,
    _heuristics.zero: C.H_ZERO,
    _heuristics.Heuristic.MANHATTAN: C.H_MANHATTAN,
    _heuristics.Heuristic.CHEBYSHEV: C.H_CHEBYSHEV,
    _heuristics.Heuristic.OCTILE: C.H_OCTILE,
    _heuristics.Heuristic.EUCLIDEAN: C.H_EUCLIDEAN,
    _heuristics.Heuristic.ZERO: C.H_ZERO,
}
#: ``weight * h`` may reach at most this on a grid (``f = g + weight * h`` stays finite).
MAX_ESTIMATE = 1e300


def default_spec(grid: Grid) -> Spec:
    """The grid's own heuristic (``Grid.heuristic``) as a kernel spec.

    Admissible and consistent for every movement rule the grid accepts: octile distance
    with the steps of :func:`wayfinding.heuristics.octile_steps` (``min(D, D2)`` and
    ``min(D2, 2 D)``, so diagonals cheaper than straight steps are fine too; proof in
    :func:`wayfinding.heuristics.octile`), Manhattan on 4-way grids, scaled by the
    cheapest entry cost.
    """
    m = grid.movement
    if m.diagonal:
        d, d2 = _heuristics.octile_steps(m.straight_cost, m.diagonal_cost)
        return Spec(C.H_OCTILE, d, d2, grid.min_cost)
    return Spec(C.H_MANHATTAN, m.straight_cost, 0.0, grid.min_cost)


def heuristic_spec(grid: Grid, heuristic: Any, weight: float = 1.0) -> Spec | None:
    """The kernel form of ``heuristic``, or None when only the generic tier can run it.

    Raises InvalidParameterError for a heuristic that is neither None, a callable nor a
    :class:`~wayfinding.heuristics.Heuristic` member, for built-in heuristics bound to
    parameters that are not numbers in ``[0, MAX_PARAMETER]``, and when ``weight * h``
    could exceed :data:`MAX_ESTIMATE` on this grid (``f`` would overflow).
    """
    _heuristics.check_heuristic(heuristic)
    if heuristic is None or (getattr(heuristic, "__self__", None) is grid
                             and getattr(heuristic, "__func__", None) is Grid.heuristic):
        p = plan(grid)
        return _bounded(p, p.default, weight)
    keywords: dict[str, Any] = {}
    function = heuristic
    if isinstance(heuristic, functools.partial):
        if heuristic.args:
            return None
        function, keywords = heuristic.func, dict(heuristic.keywords)
    try:
        code = _BY_FUNCTION.get(function)
    except TypeError:  # an unhashable callable
        return None
    if code is None:
        return None
    allowed = {"D", "D2"} if code == C.H_OCTILE else set() if code == C.H_ZERO else {"D"}
    if not set(keywords) <= allowed:
        return None
    values = {"D": 1.0, "D2": _heuristics.SQRT2}
    for name, value in keywords.items():
        values[name] = _heuristics.check_parameter(name, value)
    d = values["D"]
    d2 = 0.0
    if code == C.H_OCTILE:
        d, d2 = _heuristics.octile_steps(d, values["D2"])
    return _bounded(plan(grid), Spec(code, d, d2, 1.0), weight)


def _bounded(p: Plan, spec: Spec, weight: float) -> Spec:
    """``spec`` after checking that ``weight * h`` stays below MAX_ESTIMATE on the grid."""
    _, d, d2, scale = spec
    largest = weight * scale * (d if d > d2 else d2) * (p.width + p.height)
    if not largest <= MAX_ESTIMATE:
        raise InvalidParameterError(
            f"heuristic too large for this grid: weight ({weight!r}) x D ({spec.d!r}, "
            f"D2 {spec.d2!r}) x scale ({spec.scale!r}) x (width + height) = {largest!r} "
            f"exceeds {MAX_ESTIMATE:g}")
    return spec


def consistent(grid: Grid, spec: Spec, weight: float) -> bool:
    """True when ``weight * h`` provably never drops by more than a step costs.

    Then an expanded cell is final and never re-opened. Every kernel heuristic is a norm
    of ``(dx, dy)`` (octile only when ``d <= d2 <= 2 d``, which :func:`heuristic_spec`
    and :func:`default_spec` guarantee through ``octile_steps``; other octile specs are
    treated as inconsistent), so it suffices that no single move changes it by more than
    the move's cheapest cost: ``weight * scale * h(move) <= length * min_cost``. This
    holds for every movement rule, diagonals cheaper than straight steps included.
    """
    if spec.code == C.H_ZERO or weight == 0.0 or spec.scale == 0.0:
        return True
    if spec.code == C.H_OCTILE and not spec.d <= spec.d2 <= 2.0 * spec.d:
        return False
    cheapest = grid.min_cost
    for dx, dy, length in grid.movement.moves():
        a, b = abs(dx), abs(dy)
        if spec.code == C.H_MANHATTAN:
            h = spec.d * (a + b)
        elif spec.code == C.H_CHEBYSHEV:
            h = spec.d * max(a, b)
        elif spec.code == C.H_OCTILE:
            h = spec.d * (a + b) + (spec.d2 - 2.0 * spec.d) * min(a, b)
        else:
            h = spec.d * math.hypot(a, b)
        if weight * spec.scale * h > length * cheapest * (1.0 + 1e-12):
            return False
    return True


def _whole(*values: float) -> bool:
    return all(float(v).is_integer() for v in values)


def _tie_break(p: Plan, spec: Spec, weight: float) -> float:
    """``eps`` such that ``f - g * eps`` orders integer f exactly, and equal f by larger g.

    ``g * eps < 1/2`` for every g a search can meet (a simple path's cost) and the keys
    stay exact in float64; 0 (no tie-break) when the grid is too large for both.
    ``h_bound`` bounds every spec the kernels get, for every movement rule: octile with
    ``d <= d2 <= 2 d`` (``octile_steps``) is at most ``d2 * max(dx, dy)``, the others at
    most ``d * (dx + dy)``.
    """
    g_bound = max(p.max_step, 1.0) * p.width * p.height
    h_bound = spec.scale * max(spec.d, spec.d2) * (p.width + p.height)
    bits = int(g_bound).bit_length() + 1
    if (g_bound + weight * h_bound + h_bound) * 2.0**bits >= 2.0**52:
        return 0.0
    return 2.0**-bits


def _nudge(p: Plan, spec: Spec) -> float:
    """``eps`` such that A* keyed by ``g + (1 + eps) * h`` breaks ties of f towards larger
    g and still returns optimal paths, on grids whose steps cost 1 and sqrt 2; else 0.

    There every g and f is ``a + b * sqrt 2`` with whole ``a`` and ``0 <= b <= n`` (``n``
    bounds the diagonal steps of a simple path plus those of the heuristic), and two
    different such values differ by more than ``1 / (3 n + 1)`` (as ``|a' - b' sqrt 2| *
    |a' + b' sqrt 2| = |a'^2 - 2 b'^2| >= 1``). With ``eps * h < 1 / (4 (3 n + 1))`` for
    every h the nudge only reorders equal f (by smaller h, i.e. larger g), and no cell is
    expanded before one of a really smaller f, so the usual proof of optimality and of
    "an expanded cell is final" (consistent heuristic) goes through unchanged.
    The integer-cost grids get the same tie-break exactly, from ``_tie_break``. Grids
    whose steps are not lengths 1 (straight) and sqrt 2 (diagonal) get no nudge: a grid
    with ``D = sqrt 2, D2 = 1`` has the default spec ``d = d2 = 1`` (``octile_steps``).
    """
    if p.weighted or spec.scale != 1.0 or spec.d != 1.0:
        return 0.0
    if spec.code == C.H_OCTILE:
        if spec.d2 != _heuristics.SQRT2:
            return 0.0
    elif spec.code != C.H_CHEBYSHEV:
        return 0.0
    if not set(p.lengths.tolist()) <= {1.0, _heuristics.SQRT2}:
        return 0.0
    n = p.width * p.height + min(p.width, p.height)
    h_max = float(p.width + p.height)
    return 1.0 / (4.0 * (3.0 * n + 1.0) * h_max)


def params(grid: Grid, p: Plan, mode: int, spec: Spec, weight: float, max_cost: float | None,
           n_starts: int, n_goals: int, track: bool) -> tuple[np.ndarray, np.ndarray]:
    """The ``iparams`` and ``fparams`` arrays of a query (cached on the plan; read-only)."""
    n_hgoals = n_goals
    if mode == MODE_ASTAR and n_goals > MAX_HEURISTIC_GOALS and not track:
        n_hgoals = 0
    key = (mode, spec, weight, max_cost, min(n_starts, 2), n_goals, n_hgoals, track)
    hit = p.params.get(key)
    if hit is not None:
        return hit
    if mode == MODE_COST:
        reopen = C.REOPEN_OPEN
    elif mode == MODE_HEURISTIC:
        reopen = C.REOPEN_NONE
    else:
        reopen = C.REOPEN_OPEN if consistent(grid, spec, weight) else C.REOPEN_ALL
    ring = 1 << int(2 * p.max_step + 2).bit_length()
    integral = p.integral and (mode == MODE_COST or (
        spec.code != C.H_EUCLIDEAN and _whole(spec.d, spec.d2, spec.scale, weight)))
    bucket = (integral and reopen == C.REOPEN_OPEN and ring <= MAX_RING and not p.classes
              and (mode == MODE_COST or n_starts == 1))
    tie = 0.0
    if integral and mode != MODE_COST and not bucket:
        tie = _tie_break(p, spec, weight if mode == MODE_ASTAR else 0.0)
    key_weight = weight
    if mode == MODE_ASTAR and weight == 1.0 and not integral:
        key_weight = 1.0 + _nudge(p, spec)  # larger g first on equal f, still optimal
    iparams = np.array([p.n_moves, p.rule, p.stride, int(p.weighted), spec.code, n_goals,
                        n_hgoals, mode, reopen, int(track),
                        C.FRONTIER_BUCKET if bucket else C.FRONTIER_HEAP, ring if bucket else 1],
                       dtype=np.int64)
    fparams = np.array([spec.d, spec.d2, spec.scale, key_weight,
                        math.inf if max_cost is None else max_cost, tie])
    if len(p.params) > 64:
        p.params.clear()
    p.params[key] = (iparams, fparams)
    return iparams, fparams


# ---------------------------------------------------------------------- running
def start(ws: _workspace.Workspace, iparams: np.ndarray, starts: np.ndarray) -> None:
    """Prepare ``ws`` for a new search (fresh generation, frontier room for the starts)."""
    ws.state[C.S_GEN] = ws.next_generation()
    ws.state[C.S_STATUS] = C.STATUS_NEW
    ws.reserve_buckets(int(iparams[C.GI_RING]))
    while ws.heap_n.shape[0] < starts.shape[0] + 8:
        ws.grow_heap()


def deadline_of(max_seconds: float | None) -> float | None:
    """The ``time.perf_counter()`` value a call with ``max_seconds`` must end by."""
    return None if max_seconds is None else time.perf_counter() + max_seconds


def run(k: Any, p: Plan, iparams: np.ndarray, fparams: np.ndarray, starts: np.ndarray,
        goals: np.ndarray, ws: _workspace.Workspace, max_expansions: int | None,
        max_seconds: float | None, deadline: float | None = None) -> tuple[int, StopReason]:
    """Call the kernel until the search ends or a budget runs out; (status, reason).

    The kernel runs in slices (:data:`SLICE` expansions, :data:`CLOCK_EVERY` with a
    clock), so Ctrl-C is honoured between them. ``deadline`` (from :func:`deadline_of`
    when the call began, set-up included) replaces ``max_seconds`` when given. A budget
    of 0, or a deadline already past, expands nothing: the kernel only takes the starts.
    """
    left = NO_LIMIT if max_expansions is None else max_expansions
    if deadline is None and max_seconds is not None:
        deadline = time.perf_counter() + max_seconds
    late = deadline is not None and (max_seconds == 0 or time.perf_counter() >= deadline)
    flat, state = p.flat, ws.state
    kernel = k.best_first_bucket if iparams[C.GI_FRONTIER] == C.FRONTIER_BUCKET else k.best_first
    if p.classes:
        kernel = k.best_first_classes
    while True:
        before = int(state[C.S_EXPANDED]) if state[C.S_STATUS] != C.STATUS_NEW else 0
        chunk = 0 if late else min(left, SLICE if deadline is None else CLOCK_EVERY)
        status = kernel(flat.passable, flat.costs, p.moves, p.lengths, iparams, fparams,
                        starts, goals, ws.stamp, ws.g, ws.parent, ws.goal_mark,
                        ws.touched, ws.heap_f, ws.heap_n, ws.link, ws.buckets, state,
                        ws.fstate, chunk)
        if status == C.STATUS_FOUND:
            return status, StopReason.FOUND
        if status == C.STATUS_EXHAUSTED:
            return status, StopReason.MAX_COST if state[C.S_PRUNED] else StopReason.EXHAUSTED
        left -= int(state[C.S_EXPANDED]) - before
        if status == C.STATUS_HEAP_FULL:
            ws.grow_heap()
        elif late:
            return status, StopReason.MAX_SECONDS
        elif left <= 0:
            return status, StopReason.MAX_EXPANSIONS
        elif deadline is not None and time.perf_counter() >= deadline:
            return status, StopReason.MAX_SECONDS


def run_bfs(p: Plan, starts: np.ndarray, goals: np.ndarray,
            ws: _workspace.Workspace) -> StopReason:
    """Breadth-first search in slices of :data:`SLICE` expansions (Ctrl-C between them)."""
    from ._kernels.bfs import breadth_first

    ws.state[C.S_GEN] = ws.next_generation()
    ws.state[C.S_STATUS] = C.STATUS_NEW
    while True:
        status = breadth_first(p.passable, p.moves, p.n_moves, p.rule, starts, goals,
                               ws.stamp, ws.g, ws.parent, ws.goal_mark, ws.touched,
                               ws.state, SLICE)
        if status == C.STATUS_FOUND:
            return StopReason.FOUND
        if status == C.STATUS_EXHAUSTED:
            return StopReason.EXHAUSTED


def empty_result(p: Plan, reason: StopReason) -> SearchResult:
    reached = ReachedCells(np.zeros(0, np.int32), np.zeros(0), np.zeros(0, np.int32),
                           p.width, p.height)
    return SearchResult(None, math.inf, CameFromView(reached), CostSoFarView(reached), 0,
                        reason, False, None)


def finish(k: Any, p: Plan, ws: _workspace.Workspace, reason: StopReason,
           partial: bool) -> SearchResult:
    """Copy the answer out of the workspace into a SearchResult (O(cells reached))."""
    state = ws.state
    found = reason is StopReason.FOUND
    end = int(state[C.S_FOUND]) if found else int(state[C.S_BEST]) if partial else -1
    path_xy, cells, cost, parent = extract(ws.g, ws.parent, ws.touched,
                                           int(state[C.S_TOUCHED]), end, p.stride)
    reached = ReachedCells(cells, cost, parent, p.width, p.height)
    came_from, cost_so_far = CameFromView(reached), CostSoFarView(reached)
    expanded = int(state[C.S_EXPANDED])
    if end < 0:
        return SearchResult(None, math.inf, came_from, cost_so_far, expanded, reason, False,
                            None)
    xs, ys = path_xy.tolist()
    path = list(zip(xs, ys, strict=True))
    return SearchResult(path, float(ws.g[end]), came_from, cost_so_far, expanded, reason,
                        not found, path[-1])
