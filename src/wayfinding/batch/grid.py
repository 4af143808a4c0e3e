"""Batch searches on a :class:`~wayfinding.grid.grid.Grid`: one compiled loop per batch.

Every query runs the same kernel as the single call (:func:`wayfinding.astar` and the
rest on a grid), so costs and paths are the same; a start and goal in different
connected components are answered from the grid's component labels without searching.

Examples
--------
>>> import numpy as np
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('''
... ....
... .##.
... ...#
... ''')
>>> r = astar(grid, np.array([[0, 0], [0, 2]]), [(3, 1), (2, 2)])
>>> r.costs.tolist(), r.lengths.tolist(), r.found.tolist()
([4.0, 2.0], [5, 3], [True, True])
>>> r.path(1).tolist()
[[0, 2], [1, 2], [2, 2]]
>>> breadth_first_search(grid, [(0, 0)], [(3, 0)]).costs.tolist()
[3.0]
"""

from __future__ import annotations

import functools
import math
from typing import Any

import numpy as np

from .. import _lazy
from .._dispatch import batch_tier, serve
from .._inputs import is_number
from .._kernels import codes as C
from .._tiers import require_grid
from ..errors import InvalidParameterError
from ..grid import _engine as E
from ..grid.components import COMPONENTS, component_labels
from ..grid.flat import location
from ..grid.grid import Grid
from ..grid.jps import scan_bitmaps, supported_scale
from ..grid.jps_corners import jps_corners
from ..grid.movement import CornerCutting
from ..grid.spec import ZERO, Spec
from . import run as R
from .locations import pairs
from .result import BatchResult
from .worlds import world_batch

__all__ = ["astar", "breadth_first_search", "dijkstra", "jps"]


def _kernels() -> Any:
    return _lazy.kernels("wayfinding.grid._kernels.batch")  # numba on first use


def _skip(labels: np.ndarray | None, s: np.ndarray, t: np.ndarray) -> np.ndarray:
    """Queries whose start and goal lie in different components (answered unreachable)."""
    if labels is None:
        return np.zeros(s.shape[0], dtype=np.bool_)
    return labels[s] != labels[t]


def _labels(grid: Grid, p: E.Plan) -> np.ndarray | None:
    found = grid.derived_at(p.version, COMPONENTS)  # None once the grid moved on
    return None if found is None else found.flat


@batch_tier
def astar(grid: Grid, starts: Any, goals: Any, *, heuristic: Any = None,
          weight: float = 1.0, workers: int = 1,
          max_seconds: float | None = None) -> BatchResult:
    """A* from ``starts[i]`` to ``goals[i]`` for every row ``i``; see
    :func:`wayfinding.astar`.

    Parameters
    ----------
    grid : Grid or CSRGraph
        On a :class:`~wayfinding.csr.graph.CSRGraph`: ``starts`` and ``goals`` are N node
        labels (node numbers when it has none), ``heuristic`` is None (its coordinates)
        or Landmarks, and ``paths`` holds node numbers (see :mod:`wayfinding.batch.csr`).
    starts, goals : (N, 2) integer array or list of N ``(x, y)``
        One query per row; every cell inside the grid and open.
    heuristic : optional
        ``None`` (the grid's own), a :class:`~wayfinding.heuristics.Heuristic` member
        or one of the functions of :mod:`wayfinding.heuristics` (the kernels compute
        these; other callables raise InvalidParameterError: use :func:`wayfinding.astar`).
    weight : float
        Weight on the heuristic (finite, >= 0), as in :func:`wayfinding.astar`.
    workers : int
        Threads to spread the queries over (the answers do not depend on it).
    max_seconds : float, optional
        Budget for the whole call, set-up included, looked at between queries (a query
        is never cut short): the queries it leaves unrun are marked in
        ``result.skipped`` (no path); 0 runs none.

    Returns
    -------
    BatchResult

    Raises
    ------
    InvalidLocationError
        Naming the first row that is outside the grid or a wall.
    InvalidParameterError
        For arrays that are not (N, 2) integers, a different number of starts and goals,
        a bad weight, heuristic or ``workers``.
    UnsupportedGridError
        For Grid subclasses that redefine ``neighbors`` or ``cost``.

    Notes
    -----
    On a hex map, a voxel grid, a wrapped grid or one with moves of its own the queries
    are single calls (:mod:`wayfinding.batch.worlds`): locations and path rows are the
    world's own (``(q, r)``, ``(x, y, z)``).

    Examples
    --------
    >>> import wayfinding as wf
    >>> grid = wf.Grid.from_ascii('...\\n.#.\\n...', diagonal=True)
    >>> astar(grid, [(0, 0), (0, 0)], [(2, 2), (0, 0)], workers=2).lengths.tolist()
    [5, 1]
    """
    budget = R.Budget.of(max_seconds)
    if not is_number(weight) or not (math.isfinite(weight) and weight >= 0):
        raise InvalidParameterError(f"heuristic weight must be finite and >= 0, got {weight!r}")
    weight = float(weight)
    grid = grid.snapshot()  # the heuristic and the plan of one version
    spec = E.heuristic_spec(grid, heuristic, weight)
    if spec is None:
        raise InvalidParameterError(
            f"batch.astar computes its heuristic in compiled code: give None, a Heuristic "
            f"member or a function of wayfinding.heuristics, got {heuristic!r} "
            "(wayfinding.astar takes any callable)")
    if not grid.standard:
        return world_batch(wf_search("astar"), grid, starts, goals, workers, budget,
                           heuristic=heuristic, weight=weight)
    return _best_first(grid, starts, goals, C.MODE_ASTAR, spec, weight, workers, budget)


@batch_tier
def dijkstra(grid: Grid, starts: Any, goals: Any, *, workers: int = 1,
             max_seconds: float | None = None) -> BatchResult:
    """Dijkstra from ``starts[i]`` to ``goals[i]`` for every row ``i``; arguments and errors
    as in :func:`astar`, answers as :func:`wayfinding.dijkstra`.

    Examples
    --------
    >>> import wayfinding as wf
    >>> dijkstra(wf.Grid.from_ascii('.3.'), [(0, 0)], [(2, 0)]).costs.tolist()
    [4.0]
    """
    if not grid.standard:
        return world_batch(wf_search("dijkstra"), grid, starts, goals, workers,
                           R.Budget.of(max_seconds))
    return _best_first(grid, starts, goals, C.MODE_COST, ZERO, 1.0, workers,
                       R.Budget.of(max_seconds))


def wf_search(name: str) -> Any:
    """The single-call search ``name`` (as :func:`wayfinding.astar` and the rest)."""
    return functools.partial(serve, name)


def _best_first(grid: Grid, starts: Any, goals: Any, mode: int, spec: Spec, weight: float,
                workers: Any, budget: R.Budget | None, bfs: bool = False) -> BatchResult:
    """The batch by :data:`wayfinding.grid._kernels.batch.BATCH_SEARCH`: the best-first
    kernel of ``mode`` (as the single call picks it), or breadth-first with ``bfs``."""
    workers = R.check_workers(workers)
    grid = grid.snapshot()  # one version, even while another thread edits
    p = E.plan(grid)
    s, t = pairs(grid, p.passable, starts, goals)
    skip = _skip(_labels(grid, p), s, t)
    iparams, fparams = E.params(grid, p, mode, spec, weight, None, 1, 1, False)
    k = _kernels()
    which = k.USE_HEAP
    if bfs:
        which = k.USE_BFS
    elif p.classes:
        which = k.USE_CLASSES
    elif iparams[C.GI_FRONTIER] == C.FRONTIER_BUCKET:
        which = k.USE_BUCKET
    ring = int(iparams[C.GI_RING])
    flat = p.flat
    batch_search = k.BATCH_SEARCH[which]

    def call(ws: Any, first: int, last: int, out: tuple, path: np.ndarray, used: int,
             resume: bool) -> tuple[int, int, int, int]:
        ws.reserve_buckets(ring)
        return batch_search(flat.passable, flat.costs, p.table, iparams, fparams, s, t,
                            skip, first, last, ws.stamp, ws.g, ws.parent, ws.goal_mark,
                            ws.touched, ws.heap_f, ws.heap_n, ws.link, ws.buckets, ws.state,
                            ws.fstate, ws.generation, resume, *out, path, used)

    return R.answer(call, s.shape[0], p.passable.shape[0], p.stride, workers, budget=budget)


@batch_tier
def breadth_first_search(grid: Grid, starts: Any, goals: Any, *,
                         workers: int = 1, max_seconds: float | None = None) -> BatchResult:
    """Fewest steps from ``starts[i]`` to ``goals[i]`` for every row ``i`` (``costs``
    count steps); arguments and errors as in :func:`astar`, answers as
    :func:`wayfinding.breadth_first_search`.

    Examples
    --------
    >>> import wayfinding as wf
    >>> breadth_first_search(wf.Grid.from_ascii('.9.'), [(0, 0)], [(2, 0)]).costs.tolist()
    [2.0]
    """
    if not grid.standard:
        return world_batch(wf_search("breadth_first_search"), grid, starts, goals, workers,
                           R.Budget.of(max_seconds))
    return _best_first(grid, starts, goals, C.MODE_COST, ZERO, 1.0, workers,
                       R.Budget.of(max_seconds), bfs=True)


bfs = breadth_first_search


def jps(grid: Grid, starts: Any, goals: Any, *, workers: int = 1,
        max_seconds: float | None = None) -> BatchResult:
    """Jump point search from ``starts[i]`` to ``goals[i]`` for every row ``i``; answers as
    :func:`wayfinding.jps` (``expanded`` counts jump points), arguments and errors as in
    :func:`astar`, and UnsupportedGridError for the grids ``jps`` does not serve. (On
    8-way grids that cut corners the queries are answered one call each, not in one
    compiled loop.)

    Examples
    --------
    >>> import wayfinding as wf
    >>> grid = wf.Grid.from_ascii('....\\n.##.\\n....', diagonal=True)
    >>> jps(grid, [(0, 0)], [(3, 2)]).path(0).tolist()
    [[0, 0], [1, 0], [2, 0], [3, 0], [3, 1], [3, 2]]
    """
    budget = R.Budget.of(max_seconds)
    grid = require_grid(grid, "batch.jps")
    if grid.movement.diagonal and grid.corner_cutting is not CornerCutting.NEVER:
        return _corner_jps(grid, starts, goals, workers, budget)
    return jps_batch(grid, starts, goals, workers, budget=budget)


def _corner_jps(grid: Grid, starts: Any, goals: Any, workers: Any,
                budget: R.Budget | None) -> BatchResult:
    """:func:`jps` on an 8-way grid that cuts corners: one call of
    :func:`~wayfinding.grid.jps_corners.jps_corners` per query (no compiled loop); with a
    budget, the queries left when it runs out are skipped."""
    R.check_workers(workers)
    scale = supported_scale(grid, "batch.jps", corners=True)
    flat = grid.flat
    s, t = pairs(grid, flat.passable, starts, goals)
    n = s.shape[0]
    answers = []
    for a, b in zip(s.tolist(), t.tolist(), strict=True):
        if budget is not None and budget.over():
            break
        answers.append(jps_corners(grid, location(a, flat.stride), location(b, flat.stride),
                                   scale))
    paths = [np.array(r.path if r.path is not None else np.zeros((0, 2)), dtype=np.int64)
             .reshape(-1, 2) for r in answers]
    paths += [np.zeros((0, 2), np.int64)] * (n - len(answers))
    lengths = np.array([p.shape[0] for p in paths], dtype=np.int64)
    offsets = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    costs = np.full(n, np.inf)
    costs[:len(answers)] = [r.cost for r in answers]
    expanded = np.zeros(n, dtype=np.int64)
    expanded[:len(answers)] = [r.expanded for r in answers]
    found = np.zeros(n, dtype=np.bool_)
    found[:len(answers)] = [r.found for r in answers]
    skipped = None
    if budget is not None:
        skipped = np.zeros(n, dtype=np.bool_)
        skipped[len(answers):] = True
    return BatchResult(costs, lengths, expanded, found,
                       np.concatenate([*paths, np.zeros((0, 2), np.int64)]), offsets,
                       skipped)


def jps_batch(grid: Grid, starts: Any, goals: Any, workers: Any,
              tables: tuple[np.ndarray, np.ndarray] | None = None,
              budget: R.Budget | None = None) -> BatchResult:
    """:func:`jps` on a Grid; with ``tables``, the JPS+ ``(stops, jumps)`` of the grid
    (8-way; ``PrepareMethod.JPS_PLUS``), read instead of scanning: the same answers."""
    workers = R.check_workers(workers)
    grid = grid.snapshot()  # the data of one version, even while another thread edits
    scale = supported_scale(grid, "batch.jps")
    labels = component_labels(grid).flat
    flat = grid.flat
    bits = scan_bitmaps(grid)
    s, t = pairs(grid, flat.passable, starts, goals)
    skip = _skip(labels, s, t)
    m = grid.movement
    diagonal = m.diagonal_cost if m.diagonal else 0.0
    k = _kernels()

    if tables is None:
        loop = k.batch_jps
        grid_args: tuple = (flat.passable, bits, flat.stride, m.straight_cost, diagonal,
                            m.diagonal)
    else:
        loop = k.batch_jps_plus
        grid_args = (flat.passable, bits, *tables, flat.stride, m.straight_cost, diagonal)

    def call(ws: Any, first: int, last: int, out: tuple, path: np.ndarray, used: int,
             resume: bool) -> tuple[int, int, int, int]:
        return loop(*grid_args, scale, s, t, skip, first, last, ws.stamp, ws.g, ws.parent,
                    ws.touched, ws.heap_f, ws.heap_g, ws.heap_n, ws.generation, *out, path,
                    used)

    return R.answer(call, s.shape[0], flat.passable.shape[0], flat.stride, workers,
                    budget=budget)
