"""Choosing landmarks on a grid, and what A* needs to search with them.

:func:`grid_landmarks` (``wf.landmarks(grid, count)``) shares the landmarks out among the
grid's connected components in proportion to their sizes (the D'Hondt rule: each next
landmark goes to the component with the most cells per landmark it would have), so that
the few large components get them and pockets of a few cells none (a search there uses
the grid's own heuristic). Within a component it picks by farthest-point selection: the
first landmark is the cell farthest from the component's first cell, each next one the
cell farthest from the nearest landmark chosen so far. Distances come from the compiled
flood of :mod:`wayfinding.fields` (forwards, and in reverse when entry costs vary), on
the grid of each landmark's terrain class. :func:`search_inputs` turns the landmarks into
the kernel spec and the compiled functions that :func:`wayfinding.grid.search.astar` runs.

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('''
... ...#..
... ...#..
... ''')
>>> lm = grid_landmarks(grid, count=3)
>>> lm.locations
[(2, 1), (0, 0), (5, 1)]
"""

from __future__ import annotations

import heapq
import time
from typing import Any

import numpy as np

from .._inputs import is_whole
from .._kernels import codes as C
from ..errors import InvalidParameterError
from .components import IN_ORDER
from .flat import location
from .grid import Grid
from .landmarks import MAX_COUNT, GridLandmarks, grid_fingerprint, open_index
from .spec import MAX_ESTIMATE, Spec, landmark_nudge

__all__ = ["grid_landmarks", "search_inputs"]


def grid_landmarks(grid: Grid, count: int = 16) -> GridLandmarks:
    """``count`` landmarks of ``grid`` with their distances (see the module).

    O(count) floods of the grid (twice as many when entry costs vary). Raises
    InvalidParameterError for a count that is not a whole number >= 1 and for a grid
    without open cells; at most one landmark per open cell and
    :data:`~wayfinding.grid.landmarks.MAX_COUNT` in all.
    """
    if isinstance(count, bool) or not is_whole(count) or count < 1:
        raise InvalidParameterError(f"count must be a whole number >= 1, got {count!r}")
    began = time.perf_counter()
    snapshot = grid.snapshot()  # edits of the grid meanwhile cannot mix two versions
    labels = snapshot.derived(IN_ORDER).flat  # -1 on every wall: counted and scanned
    sizes = np.bincount(labels[labels >= 0])
    if sizes.size == 0:
        raise InvalidParameterError("a grid without open cells has no landmarks")
    count = min(int(count), int(sizes.sum()), MAX_COUNT)
    quota = _apportion(sizes, count)
    costs = snapshot.costs
    directed = costs is not None and np.ptp(costs[snapshot.passable_mask]) > 0
    flood = _Floods(snapshot)
    index = open_index(snapshot)
    opened = np.flatnonzero(index >= 0)
    table = np.empty((opened.shape[0], 2 * count if directed else count))
    chosen: list[int] = []
    for component in np.argsort(-quota, kind="stable")[:np.count_nonzero(quota)]:
        cells = np.flatnonzero(labels == component)
        pick = cells[int(np.argmax(flood(cells[0], False)[cells]))]
        nearest = np.full(cells.shape[0], np.inf)
        for _ in range(quota[component]):
            forward = flood(pick, False)
            table[:, len(chosen)] = forward[opened]
            if directed:
                table[:, count + len(chosen)] = -flood(pick, True)[opened]
            chosen.append(int(pick))
            nearest = np.minimum(nearest, forward[cells])
            nearest[cells == pick] = -1.0
            best = int(np.argmax(nearest))
            if nearest[best] <= 0.0:
                break  # every cell is a landmark or as near one as a landmark is
            pick = cells[best]
    n = len(chosen)
    if n < count:  # components ran out of cells to pick
        table = np.concatenate((table[:, :n], table[:, count:count + n]), axis=1) \
            if directed else table[:, :n]
    stride = grid.width + 2
    return GridLandmarks(table, index, [location(c, stride) for c in chosen], bool(directed),
                         grid.shape, grid_fingerprint(snapshot),
                         time.perf_counter() - began, grid, snapshot.version)


def _apportion(sizes: np.ndarray, count: int) -> np.ndarray:
    """Landmarks per component: D'Hondt over the sizes (never more than a component's
    cells), so each next one goes where ``size / (landmarks + 1)`` is largest."""
    quota = np.zeros(sizes.shape[0], dtype=np.int64)
    order = [(-float(size), int(c)) for c, size in enumerate(sizes)]
    heapq.heapify(order)
    for _ in range(count):
        _, c = heapq.heappop(order)
        quota[c] += 1
        if quota[c] < sizes[c]:
            heapq.heappush(order, (-float(sizes[c]) / (quota[c] + 1), c))
    return quota


class _Floods:
    """Whole-grid floods from one cell, on the grid of the cell's terrain class."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self.by_class: dict[int, Grid] = {}

    def __call__(self, cell: int, reverse: bool) -> np.ndarray:
        from ..fields._gridflood import flood_grid

        grid = self.grid
        x, y = location(cell, grid.width + 2)
        if grid.several_classes:
            code = int(grid.classes[y, x])
            if code not in self.by_class:
                m = grid.movement
                self.by_class[code] = Grid(
                    grid.passable_mask & (grid.classes == code), grid.costs,
                    diagonal=m.diagonal, straight_cost=m.straight_cost,
                    diagonal_cost=m.diagonal_cost, corner_cutting=m.corner_cutting)
            grid = self.by_class[code]
        store, _, _ = flood_grid(grid, (x, y), "landmark", None, reverse)
        return store.dist


# ---------------------------------------------------------------------- searching
class _Kernels:
    """The best-first kernels with a landmark table bound (what ``_engine.run`` calls)."""

    __slots__ = ("best_first", "best_first_bucket", "best_first_classes")

    def __init__(self, lm: GridLandmarks) -> None:
        from ._kernels import bestfirst as k

        extra = (lm.table.reshape(-1), lm.index, lm.table.shape[1], not lm.directed)
        self.best_first = _bind(k.best_first_landmarks, extra)
        self.best_first_bucket = _bind(k.best_first_landmarks_bucket, extra)
        self.best_first_classes = _bind(k.best_first_landmarks_classes, extra)


def _bind(kernel: Any, extra: tuple) -> Any:
    return lambda *args: kernel(*args, *extra)


def search_inputs(grid: Grid, lm: Any, weight: float) -> tuple[Any, Spec, _Kernels, float]:
    """``(plan, spec, kernels, key_weight)`` for A* with landmarks ``lm`` on ``grid``: the
    grid's search plan (of a version ``lm`` was checked against), the kernel spec (the
    grid's own bound, as octile), the kernels with the table bound, and the frontier's
    weight on ``h`` (with the tie-break of :func:`~wayfinding.grid.spec.landmark_nudge`
    when ``weight`` is 1).

    Raises StaleDataError when ``lm`` was built for another grid or before an edit, and
    InvalidParameterError when ``lm`` is not grid landmarks or ``weight * h`` could
    overflow.
    """
    from ._engine import plan

    if not isinstance(lm, GridLandmarks):
        raise InvalidParameterError(
            f"landmarks for a grid come from wf.landmarks(grid); got {type(lm).__name__} "
            "(landmarks of a CSRGraph serve searches on that graph only)")
    p = plan(grid)
    while not lm.check(grid, p.version):  # edited meanwhile: the next version
        p = plan(grid)
    if not weight * lm.longest <= MAX_ESTIMATE:
        raise InvalidParameterError(
            f"heuristic too large: weight ({weight!r}) x the longest landmark distance "
            f"({lm.longest!r}) exceeds {MAX_ESTIMATE:g}")
    code, d, d2, scale = p.default
    if code == C.H_MANHATTAN:
        d2 = 2.0 * d  # octile with d2 = 2 d is Manhattan to the bit
    spec = Spec(C.H_LANDMARKS, d, d2, scale)
    key_weight = weight
    if weight == 1.0:
        key_weight += landmark_nudge(p, spec, lm.longest)
    if lm._kernels is None:
        lm._kernels = _Kernels(lm)
    return p, spec, lm._kernels, key_weight
