"""Jump point search: optimal A* on uniform-cost grids that expands only jump points.

JPS prunes the neighbours of a cell that some other path of equal or lower cost reaches
without it, and jumps along straight and diagonal lines until a cell needs a decision (a
*jump point*): a forced neighbour, or the goal. It expands far fewer cells than A* and
returns the same cost.

Which grids it serves:

* 8-way with ``CornerCutting.NEVER`` (the MovingAI rule): the no-corner-cutting pruning
  rules of D. Harabor and A. Grastien, "Improving Jump Point Search", ICAPS 2014.
* 8-way with ``CornerCutting.ALWAYS`` or ``ONE_FREE`` (PathFinding.js's ``Always`` and
  ``IfAtMostOneObstacle``): :mod:`.jps_corners`, pruning rules worked out from the
  movement rule (D. Harabor and A. Grastien, AAAI 2011).
* 4-way: the canonical ordering "horizontal moves before vertical moves" of
  N. Sturtevant and S. Rabin, "Canonical Orderings on Grids", IJCAI 2016, with
  horizontal scans in the role diagonal scans have in 8-way JPS.
* Every passable cell must cost the same (no costs, or one value everywhere), and an
  8-way grid needs ``straight_cost <= diagonal_cost <= 2 * straight_cost`` (the pruning
  assumes a diagonal step is no cheaper than a straight one and no dearer than two).

Anything else raises :class:`~wayfinding.errors.UnsupportedGridError` naming the reason;
:func:`wayfinding.astar` serves every grid.

Examples
--------
>>> from wayfinding import Grid
>>> grid = Grid.from_ascii('''
... ......
... .####.
... ......
... ''', diagonal=True)
>>> result = jps(grid, (0, 2), (5, 0))
>>> result.path
[(0, 2), (1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (5, 1), (5, 0)]
>>> result.cost, result.expanded
(7.0, 2)
"""

from __future__ import annotations

import functools
import threading
import time
from typing import Any, NamedTuple

import numpy as np

from .. import _lazy
from .._inputs import check_budget
from .._kernels.codes import STATUS_FOUND, STATUS_HEAP_FULL, STATUS_PAUSED
from ..errors import UnsupportedGridError
from ..result import LazyMap, SearchResult, StopReason
from . import workspace
from ._checks import passable_index
from .components import COMPONENTS, cached_labels
from .derived import Derived, EditKind
from .flat import location, locations
from .grid import _FLAT, Grid
from .jps_corners import jps_corners, tree_waypoints
from .movement import CornerCutting

_WALLS = EditKind.WALLS

__all__ = ["jps"]

Location = tuple[int, int]


def jps(grid: Grid, start: Location, goal: Location, *,
        max_seconds: float | None = None) -> SearchResult:
    """Shortest path from ``start`` to ``goal`` by jump point search.

    Parameters
    ----------
    grid : Grid
        A uniform-cost grid: 8-way (any corner rule) or 4-way.
    start, goal : (x, y)
        Passable cells of the grid.
    max_seconds : float, optional
        Time budget of the whole call (finite, >= 0), set-up included: when it runs out
        the result has ``path=None`` and ``reason=StopReason.MAX_SECONDS``. With a budget,
        component labels are used only when computed already (labelling a large grid
        takes longer than most budgets); 0 searches nothing.

    Returns
    -------
    SearchResult
        ``path`` is the full cell-by-cell path (the cells between jump points filled in)
        and ``cost`` its cost, the same optimum as :func:`wayfinding.astar`. ``expanded``
        counts the jump points expanded. ``waypoints`` lists the start, the jump points
        of the path and the goal (PathFinding.js's output: ``wf.expand_path(waypoints)``
        is ``path``). ``came_from`` and ``cost_so_far`` cover the jump
        points only: each reached jump point maps to the jump point it was reached from
        (``None`` for the start) and to its best known cost; read them as a sparse
        search tree, not a map of every cell. A start and goal in different components
        (:mod:`wayfinding.grid.components`) give ``path=None``, ``expanded=0`` and
        ``reason=StopReason.DISCONNECTED`` without any search.

    Raises
    ------
    UnsupportedGridError
        For per-cell costs, or diagonal steps cheaper than straight ones or dearer than
        two of them.
    InvalidLocationError
        When ``start`` or ``goal`` is outside the grid or a wall.

    Examples
    --------
    >>> import wayfinding as wf
    >>> grid = wf.Grid.from_ascii('''
    ... ..#..
    ... ..#..
    ... ''')
    >>> jps(grid, (0, 0), (1, 1)).path
    [(0, 0), (1, 0), (1, 1)]
    >>> jps(wf.SquareGrid(5, 5, diagonal=True), (0, 0), (4, 2)).waypoints
    [(0, 0), (2, 2), (4, 2)]
    >>> jps(grid, (0, 0), (4, 0)).reason
    <StopReason.DISCONNECTED: 'disconnected'>
    >>> jps(grid, (0, 0), (1, 1), max_seconds=0).reason
    <StopReason.MAX_SECONDS: 'max_seconds'>

    Corner cutting (PathFinding.js's ``DiagonalMovement.Always``; ``ONE_FREE`` is its
    ``IfAtMostOneObstacle``) lets a diagonal step squeeze between two walls:

    >>> squeeze = wf.Grid.from_ascii('''
    ... .#.
    ... #..
    ... ''', diagonal=True, corner_cutting=wf.CornerCutting.ALWAYS)
    >>> jps(squeeze, (0, 0), (1, 1)).path
    [(0, 0), (1, 1)]
    """
    if grid.movement.diagonal and grid.corner_cutting is not CornerCutting.NEVER:
        return jps_corners(grid, start, goal, supported_scale(grid, "jps", corners=True),
                           max_seconds)
    if max_seconds is None:
        store = grid._derived
        plan = store.lease(grid, JPS_PLAN)  # one lookup: the data of one grid version
        try:
            s = passable_index(grid, plan.open_view, plan.stride, start, "start")
            t = passable_index(grid, plan.open_view, plan.stride, goal, "goal")
            return answer(plan, s, t)
        finally:
            store.release()
    max_seconds = check_budget("max_seconds", max_seconds)
    deadline = time.perf_counter() + max_seconds
    supported_scale(grid, "jps")
    if max_seconds == 0:  # no work, not even the plan (O(cells) on a fresh grid)
        grid.check_location(start, "start")
        grid.check_location(goal, "goal")
        return SearchResult.unreachable(StopReason.MAX_SECONDS)
    plan = grid.derived_if_built(JPS_PLAN) or _plan_within_budget(grid)
    s = passable_index(grid, plan.open_view, plan.stride, start, "start")
    t = passable_index(grid, plan.open_view, plan.stride, goal, "goal")
    return answer(plan, s, t, deadline)


def answer(plan: Plan, s: int, t: int, deadline: float | None = None,
           tables: tuple[np.ndarray, np.ndarray] | None = None) -> SearchResult:
    """The :func:`jps` result from open cell ``s`` to ``t`` (padded flat indices) of the
    grid of ``plan``; ``tables``: the JPS+ ``(stops, jumps)`` of an 8-way grid
    (:mod:`._kernels.jps_tables`), read instead of scanning (the same answer)."""
    if s == t:
        here = location(s, plan.stride)
        return SearchResult.trivial(here, extra={"waypoints": [here]})
    labels = plan.label_view
    if labels is not None and labels[s] != labels[t]:
        return SearchResult.disconnected(location(s, plan.stride))
    kernels = _lazy.kernels("wayfinding.grid._kernels.jps")
    ws = workspace.acquire(plan.size)
    try:
        status, expanded, out, tree, cost = _run(kernels, plan, s, t, ws, deadline, tables)
    finally:
        workspace.release(ws)
    came_from = LazyMap(_came_from, tree, plan.stride)
    cost_so_far = LazyMap(_cost_so_far, tree, plan.scale, plan.stride)
    if status != STATUS_FOUND:
        reason = StopReason.MAX_SECONDS if status == STATUS_PAUSED else StopReason.EXHAUSTED
        return SearchResult.unreachable(reason, came_from, cost_so_far, expanded)
    xy = iter(out.tolist())
    path = list(zip(xy, xy, strict=True))
    waypoints = functools.partial(tree_waypoints, tree, t, plan.stride, plan.eight_way)
    return SearchResult(path, cost * plan.scale, came_from, cost_so_far, expanded,
                        StopReason.FOUND, False, path[-1], extra={"waypoints": waypoints})


class Plan(NamedTuple):
    """What a jps query reads of one grid version (``grid.derived(JPS_PLAN)``)."""

    passable: np.ndarray  # the padded flat passable array (``grid.flat``)
    bits: np.ndarray  # :data:`SCAN_BITMAPS`
    stride: int
    scale: float  # the uniform cell cost
    straight: float
    diagonal: float  # 0 on 4-way grids
    eight_way: bool
    labels: np.ndarray | None  # component label by padded flat index (None: unknown)
    size: int  # padded cells
    open_view: memoryview  # ``passable`` and ``labels`` as memoryviews: indexing them
    label_view: memoryview | None  # gives Python ints, faster than numpy scalars


def _assemble(grid: Grid, flat: Any, bits: np.ndarray, scale: float,
              labels: np.ndarray | None) -> Plan:
    m = grid.movement
    return Plan(flat.passable, bits, flat.stride, scale, m.straight_cost,
                m.diagonal_cost if m.diagonal else 0.0, m.diagonal, labels,
                flat.passable.shape[0], memoryview(flat.passable),
                None if labels is None else memoryview(labels))


def _plan(grid: Grid) -> Plan:
    """The build of :data:`JPS_PLAN`, from the store's other keys (under the lock)."""
    scale = supported_scale(grid, "jps", fetch=True)
    fetch = grid._derived.fetch
    flat = grid._flat_of_store()  # UnsupportedGridError on several terrain classes
    return _assemble(grid, flat, fetch(grid, SCAN_BITMAPS), scale,
                     fetch(grid, COMPONENTS).flat)


def _patch_plan(grid: Grid, old: Plan, edits: Any) -> Plan | None:
    """``old`` when its parts, patched, are the same arrays (changed in place), else a
    plan of the patched parts; None (build: its errors) on a grid with terrain classes
    or costs no longer uniform."""
    if grid._classes is not None:
        return None
    fetch = grid._derived.fetch
    scale = 1.0 if grid._costs is None else fetch(grid, UNIFORM_COST)
    if scale is None:
        return None
    flat = fetch(grid, _FLAT)
    bits = fetch(grid, SCAN_BITMAPS)
    labels = fetch(grid, COMPONENTS).flat
    if flat.passable is old.passable and bits is old.bits and labels is old.labels and (
            scale == old.scale):
        return old
    return _assemble(grid, flat, bits, scale, labels)


def _plan_within_budget(grid: Grid) -> Plan:
    """The plan with component labels only if they are computed already (labelling a
    large grid takes longer than most budgets), all of one grid version."""
    while True:  # even while another thread edits the grid
        version = grid.version
        found = cached_labels(grid)
        scale = supported_scale(grid, "jps")
        plan = _assemble(grid, grid.flat, scan_bitmaps(grid), scale,
                         None if found is None else found.flat)
        if grid.version == version:
            return plan


#: What jps reads of one grid version: flat arrays, scan bitmaps, component labels
#: (after an edit patched from those keys, which patch themselves).
JPS_PLAN: Derived[Plan] = Derived("jump point search plan", _plan, _patch_plan)


_local = threading.local()
#: Path cells and jump points a query writes into this thread's buffers (longer answers
#: are copied out of the workspace instead).
_BUFFER = 4096


def _buffers() -> tuple[np.ndarray, np.ndarray]:
    """This thread's buffers for a path's ``x``/``y`` and a jump-point tree."""
    held = getattr(_local, "buffers", None)
    if held is None:
        held = _local.buffers = (np.empty(2 * _BUFFER, dtype=np.int64),
                                 np.empty(3 * _BUFFER, dtype=np.float64))
    return held


#: Jump points expanded per kernel call: between calls Python handles Ctrl-C (no budget)
#: or looks at the clock (``max_seconds``). Most queries end within the first call.
_SLICE = 1 << 12
_CLOCK_EVERY = 256


def _run(kernels: Any, plan: Plan, s: int, t: int, ws: workspace.Workspace,
         deadline: float | None, tables: tuple[np.ndarray, np.ndarray] | None
         ) -> tuple[int, int, np.ndarray, np.ndarray, float]:
    """Run the kernel (with JPS+ ``tables``: its JPS+ form) in slices until it ends or
    ``deadline`` passes (status PAUSED).

    Returns ``(status, expanded, path, tree, cost)``: when found, ``path`` holds the
    path's ``x0, y0, x1, y1, ...`` (a view of this thread's buffer) and ``cost`` is its
    unscaled cost; ``tree`` holds the reached jump points, then their parents, then
    their unscaled costs (a copy).
    """
    chunk = _SLICE if deadline is None else _CLOCK_EVERY
    if deadline is not None and time.perf_counter() >= deadline:
        chunk = 0  # the set-up used the budget up: take the start only
    size, expanded, n_touched, n = -1, 0, 0, 0
    generation = ws.next_generation()
    out, tree = _buffers()
    if tables is None:
        grid_args: tuple = (plan.passable, plan.bits, plan.stride, s, t, plan.straight,
                            plan.diagonal, plan.eight_way)
        query, search = kernels.jps_query, kernels.jps_search
    else:
        grid_args = (plan.passable, plan.bits, *tables, plan.stride, s, t, plan.straight,
                     plan.diagonal)
        query, search = kernels.jps_plus_query, kernels.jps_plus_search
    while True:
        if size < 0:  # a new search; most end within this one call, path written
            status, expanded, n_touched, size, n, cost = query(
                *grid_args, ws.stamp, ws.g, ws.parent, ws.touched, generation, ws.heap_f,
                ws.heap_g, ws.heap_n, chunk, out, tree)
        else:
            status, expanded, n_touched, size = search(
                *grid_args, ws.stamp, ws.g, ws.parent, ws.touched, generation, ws.heap_f,
                ws.heap_g, ws.heap_n, size, expanded, n_touched, chunk)
            n = -1
        if status == STATUS_HEAP_FULL:  # start again with a larger heap
            ws.grow_heap()
            size, generation = -1, ws.next_generation()
        elif status != STATUS_PAUSED or chunk == 0 or (
                deadline is not None and time.perf_counter() >= deadline):
            break
    if n < 0 or status == STATUS_PAUSED or 3 * n_touched > tree.shape[0]:  # not written
        nodes = ws.touched[:n_touched]
        tree = np.concatenate((nodes, ws.parent[nodes], ws.g[nodes]))
    else:
        tree = tree[:3 * n_touched].copy()
    if status != STATUS_FOUND:
        return status, expanded, out[:0], tree, 0.0
    if not 0 < 2 * n <= out.shape[0]:
        from ._kernels.jps_path import interpolate

        cells = interpolate(ws.parent, t, plan.stride, plan.eight_way)
        ys, xs = np.divmod(cells, plan.stride)
        return status, expanded, np.stack((xs - 1, ys - 1), 1).ravel(), tree, float(ws.g[t])
    return status, expanded, out[:2 * n], tree, cost


# ---------------------------------------------------------------------- grid support
def refuse_other_worlds(grid: Grid, algorithm: str) -> None:
    """UnsupportedGridError unless ``grid`` is a square grid with the 4- or 8-way moves
    and no wrap-around (:attr:`Grid.standard`): jump points, subgoals and first-move
    tables are defined on that grid only."""
    if not grid.standard:
        raise UnsupportedGridError(
            f"{algorithm} serves square grids with the 4- or 8-way moves and no "
            f"wrap-around, not {grid!r} (hex maps, voxel grids, wrapped grids and grids "
            "with moves of their own): use astar")


def supported_scale(grid: Grid, algorithm: str, fetch: bool = False,
                    corners: bool = False) -> float:
    """The uniform entry cost of ``grid``'s cells, or UnsupportedGridError if it has none.

    Also checks the movement rules that jump-point pruning needs (see the module doc;
    ``corners``: diagonal steps may cut corners, :mod:`.jps_corners`).
    ``fetch``: called by a build, under the grid's lock.
    """
    refuse_other_worlds(grid, algorithm)
    m = grid.movement
    if m.diagonal:
        if m.corner_cutting is not CornerCutting.NEVER and not corners:
            raise UnsupportedGridError(
                f"{algorithm} serves 8-way grids with corner_cutting=CornerCutting.NEVER "
                f"(the MovingAI rule); this grid has {m.corner_cutting}: use astar"
            )
        if not m.straight_cost <= m.diagonal_cost <= 2.0 * m.straight_cost:
            raise UnsupportedGridError(
                f"{algorithm} needs straight_cost <= diagonal_cost <= 2 * straight_cost; "
                f"this grid has diagonal_cost={m.diagonal_cost!r} and "
                f"straight_cost={m.straight_cost!r}: use astar"
            )
    cost = grid._derived.fetch(grid, UNIFORM_COST) if fetch else grid.derived(UNIFORM_COST)
    if cost is not None:
        return cost
    values = grid.costs[grid.passable_mask]  # type: ignore[index]
    raise UnsupportedGridError(
        f"{algorithm} needs every cell to cost the same; this grid has per-cell costs from "
        f"{float(values.min())!r} to {float(values.max())!r}: use astar"
    )


def _uniform_cost(grid: Grid) -> float | None:
    """The cost every open cell shares (1 on unweighted grids), None if they differ."""
    costs = grid.costs
    if costs is None:
        return 1.0
    values = costs[grid.passable_mask]
    if values.size == 0 or (values == values[0]).all():
        return float(values[0]) if values.size else 1.0
    return None


def _patch_uniform_cost(grid: Grid, old: float | None, edits: Any) -> float | None:
    """``old`` while every cell opened or given a cost since costs ``old``; else None."""
    costs = grid._costs
    if costs is None:
        return 1.0
    if old is None:
        return None
    mask = grid._passable
    for edit in edits:
        for x, y in edit.cells:
            if mask.item(y, x) and costs.item(y, x) != old:
                return None
    return old


def _bitmaps(grid: Grid) -> np.ndarray:
    flat = grid._flat_of_store()
    scan = _lazy.kernels("wayfinding.grid._kernels.jps_scan")
    bits = scan.bitmaps(flat.passable.reshape(grid.height + 2, flat.stride))
    grid._derived.own(SCAN_BITMAPS, bits)
    return bits


def _patch_bitmaps(grid: Grid, old: np.ndarray, edits: Any) -> np.ndarray | None:
    """``old`` with the bits of walls toggled since flipped and the stops of the lines
    through them and beside them recomputed: in place when the store owns ``old``
    (:meth:`~.derived.DerivedStore.writable`), else in a copy."""
    if len(edits) == 1:
        edit = edits[0]
        if edit.kind is not _WALLS:
            return None
        cells = edit.cells
    else:
        if any(e.kind is not _WALLS for e in edits):
            return None
        cells = tuple(c for e in edits for c in e.cells)
    flat = grid._derived.fetch(grid, _FLAT) if grid._classes is None else \
        grid._flat_of_store()
    stride = flat.stride
    bits = grid._derived.writable(SCAN_BITMAPS, old)
    scan = _lazy.kernels("wayfinding.grid._kernels.jps_scan")
    if len(cells) == 1:
        x, y = cells[0]
        scan.patch_cell(bits, grid._passable.shape[0] + 2, flat.passable, stride,
                        (y + 1) * stride + x + 1)
    else:
        index = np.array([(y + 1) * stride + x + 1 for x, y in cells], dtype=np.int64)
        scan.patch_cells(bits, grid._passable.shape[0] + 2, flat.passable, stride, index)
    return bits


#: The cost every open cell shares, or None (``grid.derived(UNIFORM_COST)``).
UNIFORM_COST: Derived[float | None] = Derived("uniform cell cost", _uniform_cost,
                                              _patch_uniform_cost, plain=True)
#: Row and column bitmaps of the padded grid's open cells and scan stops
#: (:mod:`._kernels.jps_scan`; patched after wall edits).
SCAN_BITMAPS: Derived[np.ndarray] = Derived("jump-point scan bitmaps", _bitmaps,
                                            _patch_bitmaps)


def scan_bitmaps(grid: Grid) -> np.ndarray:
    """Row and column bitmaps of the padded grid for the block-based scans (cached)."""
    return grid.derived(SCAN_BITMAPS)


# ---------------------------------------------------------------------- results
def _came_from(tree: np.ndarray, stride: int) -> dict:
    """``came_from`` over the jump points in ``tree`` (flat indices, parents, costs)."""
    nodes, parents, _ = tree.reshape(3, -1).astype(np.int64)
    keys = locations(nodes, stride)
    before = locations(np.maximum(parents, 0), stride)
    return {k: (b if p >= 0 else None)
            for k, b, p in zip(keys, before, parents.tolist(), strict=True)}


def _cost_so_far(tree: np.ndarray, scale: float, stride: int) -> dict:
    nodes, _, costs = tree.reshape(3, -1)
    return dict(zip(locations(nodes.astype(np.int64), stride), (costs * scale).tolist(),
                    strict=True))
