"""The Python side of the compiled grid searches: kernel inputs, the call loop, results.

Private to :mod:`wayfinding.grid.search` and :mod:`wayfinding.grid.resumable`. Per-grid
data (move tables, flags, parameter arrays) is built once per grid version and cached
on the grid, so a query does little in Python besides checking its input: its kernels
run in microseconds, so every microsecond here counts (``benchmarks/gppc.py
--overhead``; ``benchmarks/NOTES.md``, "Batches and Python-side costs").
Importing this module does not import numba; :func:`kernels` does, on first use. The
kernel codes and layouts come from :mod:`wayfinding._kernels.codes` (no numba either).
"""

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np

from .. import _lazy
from .._kernels import codes as C
from .._kernels.codes import MODE_ASTAR, MODE_COST, MODE_HEURISTIC
from ..result import SearchResult, StopReason
from . import paged as _paged
from . import spec as _spec
from . import workspace as _workspace
from ._checks import passable_index
from .components import COMPONENTS
from .derived import Derived, EditKind
from .flat import MOVES
from .grid import Grid
from .layout import cell_layout
from .spec import Spec, consistent, default_spec, nudge, tie_break, whole
from .views import CameFromView, CostSoFarView, ReachedCells

__all__ = ["MODE_ASTAR", "MODE_COST", "MODE_HEURISTIC", "Plan", "finish", "params", "plan",
           "run", "start"]

#: A* aims its heuristic at each goal when there are at most this many (min over them);
#: with more it searches like Dijkstra (h = 0), which is then faster.
MAX_HEURISTIC_GOALS = 32
#: World heuristics whose values are not whole numbers (voxel distances but Manhattan's,
#: move-set bounds): no bucket queue, no integer tie-break.
_FRACTIONAL = frozenset({C.H_VOXEL18, C.H_VOXEL26, C.H_FACETS})
#: Largest bucket ring; costlier steps use the heap.
MAX_RING = 1 << 16
#: Expansions between two looks at the clock when ``max_seconds`` is set.
CLOCK_EVERY = 2048
#: Expansions per kernel call without a clock to watch: between two calls Python runs its
#: signal handlers, so Ctrl-C stops a long search within a few milliseconds. Short
#: queries end within the first call and pay nothing for it.
SLICE = 1 << 17
NO_LIMIT = 2**62


def kernels() -> Any:
    """The best-first kernel module (imports numba on first use)."""
    return _lazy.kernels("wayfinding.grid._kernels.bestfirst")


_NO_PAGES = np.zeros(0, dtype=np.int32)


def extract(g: np.ndarray, parent: np.ndarray, touched: np.ndarray, n_touched: int,
            end: int, stride: int, pages: np.ndarray = _NO_PAGES
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Copy a finished search out of its workspace (:func:`._kernels.extract.extract`):
    ``(path, cells, cell_g, cell_parent)``, the path as int64[2, L] x and y rows (L = 0
    when ``end`` is -1) and compact copies of the first ``n_touched`` reached cells, their
    g and parents. O(cells reached), never O(grid)."""
    kernel = _lazy.kernels("wayfinding.grid._kernels.extract").extract
    cells = np.empty(n_touched, np.int32)
    cell_g = np.empty(n_touched, np.float64)
    cell_parent = np.empty(n_touched, np.int32)
    path = np.empty((2, n_touched), np.int64)  # a path holds reached cells only
    length = kernel(g, parent, touched, n_touched, end, stride, cells, cell_g,
                    cell_parent, path, pages)
    if length < 0:  # n_touched = 0 (resumable searches' paths): room for it now
        path = np.empty((2, -length), np.int64)
        length = kernel(g, parent, touched, 0, end, stride, cells, cell_g,
                        cell_parent, path, pages)
    return path[:, :length], cells, cell_g, cell_parent


class Plan:
    """Kernel inputs that depend only on the grid (one per grid version, see :func:`plan`)."""

    __slots__ = ("classes", "default", "flat", "height", "integral", "labels", "layout",
                 "lengths", "max_step", "moves", "n_moves", "paged", "params", "passable",
                 "reach", "rule", "stride", "table", "version", "weighted", "width")

    def __init__(self, grid: Grid) -> None:
        self.version = grid.version  # built under the grid's lock: the version of it all
        flat = grid._flat_classes_of_store()  # class codes in passable (Grid.classes)
        self.flat = flat
        self.classes = grid.several_classes  # run kernels.best_first_classes
        self.passable = flat.passable
        self.stride = flat.stride
        self.width, self.height = grid.width, grid.height
        self.weighted = flat.weighted
        table = grid._derived.fetch(grid, MOVES)
        self.table = table
        self.layout = None if grid.standard else cell_layout(grid)
        self.reach = max(1, int(np.abs(table.moves[:, 3:6]).max()))  # the longest move
        #: search with paged state (wayfinding.grid.paged): another world, and large
        self.paged = self.layout is not None and self.passable.shape[0] > _paged.PAGED_CELLS
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
        if self.layout is not None:  # another world: its own locations
            return self.layout.cell(grid.check_location(location, role))
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
    """The cached :class:`Plan` of ``grid`` (rebuilt after every edit), to keep: see
    :func:`lease` for one search."""
    return grid.derived(PLAN)


def lease(grid: Grid) -> Plan:
    """The :class:`Plan` of ``grid`` for one search, which must call ``release(grid)``
    when done (also on errors) and keep nothing of it: until then no patch changes its
    arrays, and after it the next edit may patch them in place
    (:meth:`~.derived.DerivedStore.lease`)."""
    return grid._derived.lease(grid, PLAN)


def release(grid: Grid) -> None:
    """End the lease of :func:`lease`."""
    grid._derived.release()


def heuristic_spec(grid: Grid, heuristic: Any, weight: float = 1.0) -> Spec | None:
    """:func:`wayfinding.grid.spec.heuristic_spec` with the grid's plan."""
    store = grid._derived
    p = store.lease(grid, PLAN)  # the spec keeps numbers only
    try:
        return _spec.heuristic_spec(grid, p, heuristic, weight)
    finally:
        store.release()


def _build_plan(grid: Grid) -> Plan:
    p = Plan(grid)
    grid._derived.own(PLAN, p)  # its fields are rewritten by patches while owned
    return p


def _patch_plan(grid: Grid, old: Plan, edits: Any) -> Plan | None:
    """``old`` for the grid after wall edits: the moves and the parameter cache do not
    depend on walls; the flat arrays (patched) and labels do, and so does the default
    heuristic on a weighted grid (its scale is the cheapest open cell's cost; 1 on an
    unweighted one). Labels patched too when they are built (a search needs them, and
    would otherwise fetch them outside the store). The same object, updated, while the
    store owns it; else a new one."""
    classes = grid._classes is not None and grid.several_classes
    if classes != old.classes:
        return None
    for e in edits:
        if e.kind is not EditKind.WALLS:
            return None
    store = grid._derived
    if store.owns(PLAN, old):
        new = old
    else:
        new = Plan.__new__(Plan)  # the fields of ``old`` (written out: a loop of setattr
        new.classes, new.default, new.height = old.classes, old.default, old.height
        new.integral, new.lengths, new.max_step = old.integral, old.lengths, old.max_step
        new.moves, new.n_moves, new.params = old.moves, old.n_moves, old.params
        new.rule, new.stride, new.weighted = old.rule, old.stride, old.weighted
        new.width, new.table, new.layout = old.width, old.table, old.layout
        new.reach, new.paged = old.reach, old.paged
        store.own(PLAN, new)
    new.version = grid._version
    new.flat = flat = grid._flat_classes_of_store()
    new.passable = flat.passable
    new.labels = store.fetch(grid, COMPONENTS).flat if store.built(COMPONENTS) else None
    if old.weighted:  # the cheapest open cell may have changed (unweighted: always 1)
        new.default = default_spec(grid)
    return new


#: The search plan of a grid version (``grid.derived(PLAN)``).
PLAN: Derived[Plan] = Derived("search plan", _build_plan, _patch_plan)


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
        spec.code != C.H_EUCLIDEAN and whole(spec.d, spec.d2, spec.scale, weight)
        and spec.code not in _FRACTIONAL))
    bucket = (integral and reopen == C.REOPEN_OPEN and ring <= MAX_RING and not p.classes
              and (mode == MODE_COST or n_starts == 1))
    tie = 0.0
    if integral and mode != MODE_COST and not bucket:
        tie = tie_break(p, spec, weight if mode == MODE_ASTAR else 0.0)
    key_weight = weight
    if mode == MODE_ASTAR and weight == 1.0 and not integral:
        key_weight = 1.0 + nudge(p, spec)  # larger g first on equal f, still optimal
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
def acquire_workspace(p: Plan) -> _workspace.Workspace:
    """This thread's workspace for a search of ``p``'s grid (paged for a large world)."""
    if p.paged:
        return _paged.acquire(p.passable.shape[0])
    return _workspace.acquire(p.passable.shape[0])


def release_workspace(ws: _workspace.Workspace) -> None:
    """Give back a workspace of :func:`acquire_workspace`."""
    (_paged.release if isinstance(ws, _paged.PagedWorkspace) else _workspace.release)(ws)


def _begin_pages(ws: _workspace.Workspace, starts: np.ndarray,
                 goals: np.ndarray | None) -> None:
    """A paged workspace gives the last search's pages back, and room for the new one's
    starts and goals."""
    if isinstance(ws, _paged.PagedWorkspace):
        ws.begin()
        ws.room(starts.shape[0] + (0 if goals is None else goals.shape[0]) + 32)


def start(ws: _workspace.Workspace, iparams: np.ndarray, starts: np.ndarray,
          goals: np.ndarray | None = None) -> None:
    """Prepare ``ws`` for a new search (fresh generation, frontier room for the starts;
    a paged workspace gives the last search's pages back, room for the new one's ends)."""
    _begin_pages(ws, starts, goals)
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
    bucket = iparams[C.GI_FRONTIER] == C.FRONTIER_BUCKET
    kernel = k.best_first_bucket if bucket else k.best_first
    paged = isinstance(ws, _paged.PagedWorkspace)
    if p.classes:
        kernel = k.best_first_classes
    elif paged:  # a large world: its search state in pages
        kernel = k.best_first_paged_bucket if bucket else k.best_first_paged
    elif p.layout is not None:  # another world: the kernels of the move table's world step
        kernel = k.best_first_world_bucket if bucket else k.best_first_world
    while True:
        before = int(state[C.S_EXPANDED]) if state[C.S_STATUS] != C.STATUS_NEW else 0
        chunk = 0 if late else min(left, SLICE if deadline is None else CLOCK_EVERY)
        if paged:
            status = kernel(flat.passable, flat.costs, p.table, iparams, fparams,
                            starts, goals, ws.stamp, ws.g, ws.parent, ws.goal_mark,
                            ws.touched, ws.heap_f, ws.heap_n, ws.link, ws.buckets, state,
                            ws.fstate, chunk, None, None, 0, False, ws.pages, ws.page_used,
                            ws.page_count)
        else:
            status = kernel(flat.passable, flat.costs, p.table, iparams, fparams,
                            starts, goals, ws.stamp, ws.g, ws.parent, ws.goal_mark,
                            ws.touched, ws.heap_f, ws.heap_n, ws.link, ws.buckets, state,
                            ws.fstate, chunk)
        if status == C.STATUS_FOUND:
            return status, StopReason.FOUND
        if status == C.STATUS_EXHAUSTED:
            return status, StopReason.MAX_COST if state[C.S_PRUNED] else StopReason.EXHAUSTED
        left -= int(state[C.S_EXPANDED]) - before
        if status == C.STATUS_HEAP_FULL:
            if paged and ws.pool_full(p.n_moves):
                ws.grow_pool()
            else:
                ws.grow_heap()
        elif late:
            return status, StopReason.MAX_SECONDS
        elif left <= 0:
            return status, StopReason.MAX_EXPANSIONS
        elif deadline is not None and time.perf_counter() >= deadline:
            return status, StopReason.MAX_SECONDS


def run_bfs(p: Plan, starts: np.ndarray, goals: np.ndarray,
            ws: _workspace.Workspace, deadline: float | None = None) -> StopReason:
    """Breadth-first search in slices of :data:`SLICE` expansions (Ctrl-C between them;
    :data:`CLOCK_EVERY` and a look at the clock with a ``deadline``)."""
    from ._kernels import bfs

    kernel = bfs.breadth_first if p.layout is None else bfs.breadth_first_world
    ws.state[C.S_GEN] = ws.next_generation()
    ws.state[C.S_STATUS] = C.STATUS_NEW
    late = deadline is not None and time.perf_counter() >= deadline
    paged = isinstance(ws, _paged.PagedWorkspace)
    _begin_pages(ws, starts, goals)
    while True:
        chunk = 0 if late else SLICE if deadline is None else CLOCK_EVERY
        if paged:
            status = bfs.breadth_first_paged(p.passable, p.table, p.rule, starts, goals,
                                             ws.stamp, ws.g, ws.parent, ws.goal_mark,
                                             ws.touched, ws.state, chunk, ws.pages,
                                             ws.page_used, ws.page_count)
        else:
            status = kernel(p.passable, p.table, p.rule, starts, goals, ws.stamp, ws.g,
                            ws.parent, ws.goal_mark, ws.touched, ws.state, chunk)
        if status == C.STATUS_FOUND:
            return StopReason.FOUND
        if status == C.STATUS_EXHAUSTED:
            return StopReason.EXHAUSTED
        if status == C.STATUS_HEAP_FULL:
            ws.grow_pool()
        elif late or (deadline is not None and time.perf_counter() >= deadline):
            return StopReason.MAX_SECONDS


def path_locations(p: Plan, path_xy: np.ndarray) -> list[Any]:
    """The locations of a path :func:`extract` wrote as rows ``x = v % stride - 1``,
    ``y = v // stride - 1`` (on a voxel grid ``y`` counts z-planes too: the flat cells
    come back exactly and the layout names them)."""
    if p.layout is None:
        xs, ys = path_xy.tolist()
        return list(zip(xs, ys, strict=True))
    return p.layout.locations((path_xy[1] + 1) * p.stride + path_xy[0] + 1)


def empty_result(p: Plan, reason: StopReason) -> SearchResult:
    reached = ReachedCells(np.zeros(0, np.int32), np.zeros(0), np.zeros(0, np.int32),
                           p.width, p.height, p.layout)
    return SearchResult(None, math.inf, CameFromView(reached), CostSoFarView(reached), 0,
                        reason, False, None)


def finish(k: Any, p: Plan, ws: _workspace.Workspace, reason: StopReason,
           partial: bool) -> SearchResult:
    """Copy the answer out of the workspace into a SearchResult (O(cells reached))."""
    state = ws.state
    found = reason is StopReason.FOUND
    end = int(state[C.S_FOUND]) if found else int(state[C.S_BEST]) if partial else -1
    pages = getattr(ws, "pages", _NO_PAGES)  # a paged workspace, or what one left
    path_xy, cells, cost, parent = extract(ws.g, ws.parent, ws.touched,
                                           int(state[C.S_TOUCHED]), end, p.stride, pages)
    reached = ReachedCells(cells, cost, parent, p.width, p.height, p.layout)
    came_from, cost_so_far = CameFromView(reached), CostSoFarView(reached)
    expanded = int(state[C.S_EXPANDED])
    if end < 0:
        return SearchResult(None, math.inf, came_from, cost_so_far, expanded, reason, False,
                            None)
    path = path_locations(p, path_xy)
    end_slot = end if pages.shape[0] == 0 else int(_paged_slot(pages, end))
    return SearchResult(path, float(ws.g[end_slot]), came_from, cost_so_far, expanded, reason,
                        not found, path[-1])


def _paged_slot(pages: np.ndarray, v: int) -> int:
    """The slot of cell ``v`` in a paged workspace (:func:`wayfinding._kernels.pages.slot`)."""
    from .._kernels.pages import PAGE_MASK, PAGE_SHIFT

    return (int(pages[v >> PAGE_SHIFT]) << PAGE_SHIFT) | (v & PAGE_MASK)
