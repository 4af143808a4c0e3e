"""Jump point search: optimal A* on uniform-cost grids that expands only jump points.

JPS prunes the neighbours of a cell that some other path of equal or lower cost reaches
without it, and jumps along straight and diagonal lines until a cell needs a decision (a
*jump point*): a forced neighbour, or the goal. It expands far fewer cells than A* and
returns the same cost.

Which grids it serves:

* 8-way with ``CornerCutting.NEVER`` (the MovingAI rule): the no-corner-cutting pruning
  rules of D. Harabor and A. Grastien, "Improving Jump Point Search", ICAPS 2014.
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
import math
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import numpy as np

from .._inputs import check_budget
from .._kernels.codes import STATUS_FOUND, STATUS_HEAP_FULL, STATUS_PAUSED
from ..errors import UnsupportedGridError
from ..result import SearchResult, StopReason
from . import workspace
from .components import cached_labels, component_labels
from .derived import Derived
from .flat import index, locations
from .grid import Grid
from .movement import CornerCutting

__all__ = ["jps"]

Location = tuple[int, int]


def jps(grid: Grid, start: Location, goal: Location, *,
        max_seconds: float | None = None) -> SearchResult:
    """Shortest path from ``start`` to ``goal`` by jump point search.

    Parameters
    ----------
    grid : Grid
        A uniform-cost grid: 8-way with ``CornerCutting.NEVER``, or 4-way.
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
        counts the jump points expanded. ``came_from`` and ``cost_so_far`` cover the jump
        points only: each reached jump point maps to the jump point it was reached from
        (``None`` for the start) and to its best known cost; read them as a sparse
        search tree, not a map of every cell. A start and goal in different components
        (:mod:`wayfinding.grid.components`) give ``path=None``, ``expanded=0`` and
        ``reason=StopReason.DISCONNECTED`` without any search.

    Raises
    ------
    UnsupportedGridError
        For per-cell costs, an 8-way grid whose corner rule is not NEVER, or diagonal
        steps cheaper than straight ones or dearer than two of them.
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
    >>> jps(grid, (0, 0), (4, 0)).reason
    <StopReason.DISCONNECTED: 'disconnected'>
    >>> jps(grid, (0, 0), (1, 1), max_seconds=0).reason
    <StopReason.MAX_SECONDS: 'max_seconds'>
    """
    deadline = None
    if max_seconds is not None:
        max_seconds = check_budget("max_seconds", max_seconds)
        deadline = time.perf_counter() + max_seconds
    scale = supported_scale(grid, "jps")
    start = grid.check_location(start, "start")
    goal = grid.check_location(goal, "goal")
    if max_seconds == 0:
        return SearchResult(None, math.inf, {}, {}, 0, StopReason.MAX_SECONDS, False, None)
    if start == goal:
        return SearchResult([start], 0.0, {start: None}, {start: 0.0}, 0, StopReason.FOUND,
                            False, start)
    while True:  # the grid's data of one version, even while another thread edits it
        version = grid.version
        found = component_labels(grid) if deadline is None else cached_labels(grid)
        flat = grid.flat
        bits = scan_bitmaps(grid)
        if grid.version == version:
            break
    if found is not None and (found.labels[start[1], start[0]]
                              != found.labels[goal[1], goal[0]]):
        return SearchResult(None, math.inf, {start: None}, {start: 0.0}, 0,
                            StopReason.DISCONNECTED, False, None)

    from ._kernels import jps as kernels  # numba is imported lazily

    stride = flat.stride
    m = grid.movement
    diagonal = m.diagonal_cost if m.diagonal else 0.0
    s = index(start[0], start[1], stride)
    t = index(goal[0], goal[1], stride)
    ws = workspace.acquire(flat.passable.shape[0])
    try:
        status, expanded, n_touched = _run(kernels, flat.passable, bits, stride, s, t,
                                           m.straight_cost, diagonal, m.diagonal, ws,
                                           deadline)
        nodes = ws.touched[:n_touched].copy()
        came_from, cost_so_far = jump_tree(nodes, ws.parent[nodes], ws.g[nodes] * scale,
                                           stride)
        if status != STATUS_FOUND:
            reason = (StopReason.MAX_SECONDS if status == STATUS_PAUSED
                      else StopReason.EXHAUSTED)
            return SearchResult(None, math.inf, came_from, cost_so_far, int(expanded),
                                reason, False, None)
        xs, ys = kernels.path_xy(kernels.interpolate(ws.parent, t, stride, m.diagonal),
                                 stride)
        cost = float(ws.g[t]) * scale
    finally:
        workspace.release(ws)
    path = list(zip(xs.tolist(), ys.tolist(), strict=True))
    return SearchResult(path, cost, came_from, cost_so_far,
                        int(expanded), StopReason.FOUND, False, goal)


#: Jump points expanded per kernel call: between calls Python handles Ctrl-C (no budget)
#: or looks at the clock (``max_seconds``). Most queries end within the first call.
_SLICE = 1 << 12
_CLOCK_EVERY = 256


def _run(kernels: Any, passable: np.ndarray, bits: np.ndarray, stride: int, s: int, t: int,
         straight: float, diagonal: float, eight_way: bool, ws: workspace.Workspace,
         deadline: float | None) -> tuple[int, int, int]:
    """Run the kernel in slices until it ends or ``deadline`` passes (status PAUSED)."""
    chunk = _SLICE if deadline is None else _CLOCK_EVERY
    if deadline is not None and time.perf_counter() >= deadline:
        chunk = 0  # the set-up used the budget up: take the start only
    size, expanded, n_touched = -1, 0, 0
    generation = ws.next_generation()
    while True:
        status, expanded, n_touched, size = kernels.jps_search(
            passable, bits, stride, s, t, straight, diagonal, eight_way, ws.stamp, ws.g,
            ws.parent, ws.touched, generation, ws.heap_f, ws.heap_g, ws.heap_n, size,
            expanded, n_touched, chunk)
        if status == STATUS_HEAP_FULL:  # start again with a larger heap
            ws.grow_heap()
            size, generation = -1, ws.next_generation()
        elif status != STATUS_PAUSED or chunk == 0 or (
                deadline is not None and time.perf_counter() >= deadline):
            return status, expanded, n_touched


# ---------------------------------------------------------------------- grid support
def supported_scale(grid: Grid, algorithm: str) -> float:
    """The uniform entry cost of ``grid``'s cells, or UnsupportedGridError if it has none.

    Also checks the movement rules that jump-point pruning needs (see the module doc).
    """
    m = grid.movement
    if m.diagonal:
        if m.corner_cutting is not CornerCutting.NEVER:
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
    cost = grid.derived(UNIFORM_COST)
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


def _bitmaps(grid: Grid) -> np.ndarray:
    from ._kernels.jps_scan import bitmaps

    flat = grid.flat
    return bitmaps(flat.passable.reshape(grid.height + 2, flat.stride))


def _patch_bitmaps(grid: Grid, old: np.ndarray, edits: Any) -> np.ndarray | None:
    """``old`` with the bits of walls toggled since flipped (a copy: ``old`` may be in use)."""
    from .derived import EditKind

    if any(e.kind is not EditKind.WALLS for e in edits):
        return None
    bits = old.copy()
    rows = grid.height + 2
    for x, y in {cell for edit in edits for cell in edit.cells}:
        mask = np.uint64(1)
        for line, p in ((y + 1, x + 1 + 64), (rows + x + 1, y + 1 + 64)):
            bit = mask << np.uint64(p % 64)
            if grid.passable((x, y)):
                bits[line, p // 64] |= bit
            else:
                bits[line, p // 64] &= ~bit
    return bits


#: The cost every open cell shares, or None (``grid.derived(UNIFORM_COST)``).
UNIFORM_COST: Derived[float | None] = Derived("uniform cell cost", _uniform_cost)
#: Row and column bitmaps of the padded grid for the block-based scans (patched after
#: wall edits).
SCAN_BITMAPS: Derived[np.ndarray] = Derived("jump-point scan bitmaps", _bitmaps,
                                            _patch_bitmaps)


def scan_bitmaps(grid: Grid) -> np.ndarray:
    """Row and column bitmaps of the padded grid for the block-based scans (cached)."""
    return grid.derived(SCAN_BITMAPS)


# ---------------------------------------------------------------------- results
class LazyMap(Mapping):
    """A read-only mapping built by ``build()`` on first use (kept cheap for fast queries)."""

    __slots__ = ("_build", "_data")

    def __init__(self, build: Callable[[], dict]) -> None:
        self._build: Callable[[], dict] | None = build
        self._data: dict | None = None

    def _get(self) -> dict:
        if self._data is None:
            assert self._build is not None
            self._data = self._build()
            self._build = None
        return self._data

    def __getitem__(self, key: Any) -> Any:
        return self._get()[key]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())

    def __contains__(self, key: object) -> bool:
        return key in self._get()

    def __repr__(self) -> str:
        return f"LazyMap({self._get()!r})"


def jump_tree(nodes: np.ndarray, parents: np.ndarray, costs: np.ndarray,
              stride: int) -> tuple[LazyMap, LazyMap]:
    """``came_from`` / ``cost_so_far`` over the jump points a search reached (lazy).

    The maps hold plain functions of the arrays (no reference cycles, so a result is
    freed as soon as it is dropped, without waiting for the garbage collector).
    """
    return (LazyMap(functools.partial(_came_from, nodes, parents, stride)),
            LazyMap(functools.partial(_cost_so_far, nodes, costs, stride)))


def _came_from(nodes: np.ndarray, parents: np.ndarray, stride: int) -> dict:
    keys = locations(nodes, stride)
    before = locations(np.maximum(parents, 0), stride)
    return {k: (b if p >= 0 else None)
            for k, b, p in zip(keys, before, parents.tolist(), strict=True)}


def _cost_so_far(nodes: np.ndarray, costs: np.ndarray, stride: int) -> dict:
    return dict(zip(locations(nodes, stride), costs.tolist(), strict=True))
