"""Batch queries on a prepared grid (:func:`wayfinding.grid.prepared.prepare`) or a
prepared CSR graph (:class:`~wayfinding.csr.prepared.PreparedGraph`: distances in one
compiled loop, paths only when asked).

Examples
--------
>>> import wayfinding as wf
>>> from wayfinding.grid.prepared import prepare
>>> grid = wf.Grid.from_ascii('''
... ...
... .#.
... ...
... ''', diagonal=True)
>>> r = prepared(prepare(grid), [(0, 0), (1, 0)], [(2, 2), (1, 0)])
>>> r.costs.tolist(), r.path(0).tolist()
([4.0, 0.0], [[0, 0], [0, 1], [0, 2], [1, 2], [2, 2]])
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..csr.prepared import PreparedGraph
from ..errors import InvalidParameterError
from ..grid.prepared import PreparedGrid, PrepareMethod
from . import run as R
from .locations import pairs
from .result import BatchResult

__all__ = ["prepared"]


def prepared(prepared_grid: PreparedGrid | PreparedGraph, starts: Any, goals: Any, *,
             workers: int = 1, paths: bool = True) -> BatchResult:
    """``prepared_grid.search(starts[i], goals[i])`` for every row ``i``, in one compiled
    loop (the same query kernel, so the same paths and costs; ``expanded`` counts the
    hub-label entries read, 0 for pairs in different components or start == goal). A
    grid prepared with ``PrepareMethod.JPS`` or ``JPS_PLUS`` answers as
    :func:`wayfinding.batch.jps`;
    with ``PrepareMethod.TABLE`` ``expanded`` counts the table entries read (the path's
    steps).

    A :class:`~wayfinding.csr.prepared.PreparedGraph` takes N node labels (or node
    numbers: an integer array) for ``starts`` and ``goals``; with ``paths=False`` only
    the ``costs`` and ``found`` are computed (one compiled loop of distance queries, no
    unpacking; ``lengths``, ``expanded`` and ``offsets`` zero, ``paths`` empty), else
    each path comes from :meth:`~wayfinding.csr.prepared.PreparedGraph.search`, as node
    numbers (``graph.labels_of(result.path(i))`` gives the labels). ``paths`` is ignored
    for grids.

    Raises
    ------
    InvalidParameterError
        When ``prepared_grid`` is not a PreparedGrid, and as :func:`wayfinding.batch.astar`.
    InvalidLocationError
        Naming the first row outside the grid or on a wall.
    StaleDataError
        When the grid was edited after the build.

    Examples
    --------
    >>> import wayfinding as wf
    >>> from wayfinding.grid.prepared import prepare
    >>> grid = wf.Grid.from_ascii('..#..', diagonal=True)
    >>> prepared(prepare(grid), [(0, 0)], [(4, 0)]).found.tolist()
    [False]
    """
    if isinstance(prepared_grid, PreparedGraph):
        return graph_batch(prepared_grid, starts, goals, R.check_workers(workers), paths)
    if not isinstance(prepared_grid, PreparedGrid):
        raise InvalidParameterError(
            "batch.prepared needs a PreparedGrid or a PreparedGraph, got "
            f"{type(prepared_grid).__name__}")
    workers = R.check_workers(workers)
    p = prepared_grid
    if p.grid.version != p._checked:
        p._revalidate()
    grid = p._snapshot  # the prepared version's cells and data
    if p.method in (PrepareMethod.JPS, PrepareMethod.JPS_PLUS):
        from .grid import jps_batch

        return jps_batch(grid, starts, goals, workers, p._jump)
    passable, stride = grid.flat.passable, p._stride
    s, t = pairs(grid, passable, starts, goals)
    labels, scale = p._components, float(p._scale)
    if p._table is not None:  # PrepareMethod.TABLE: no buffers, no fallback
        from ..grid.prepared._kernels.table import batch_table

        arrays = p._table.arrays()

        def walk(work: Any, first: int, last: int, out: tuple, path: np.ndarray,
                 used: int, resume: bool) -> tuple[int, int, int, int]:
            return batch_table(*arrays, labels, scale, s, t, first, last, *out, path, used)

        return R.answer(walk, s.shape[0], passable.shape[0], stride, workers,
                        workspace=lambda: None)
    static = p._static
    from ..grid.prepared._kernels.batch import batch_query

    def call(work: Any, first: int, last: int, out: tuple, path: np.ndarray, used: int,
             resume: bool) -> tuple[int, int, int, int]:
        return batch_query(*static, labels, scale, s, t, first, last, *work.arrays, *out,
                           path, used)

    def fallback(i: int) -> tuple[float, np.ndarray, int] | None:
        start, goal = tuple(grid_xy(s[i], stride)), tuple(grid_xy(t[i], stride))
        result = p.search(start, goal)  # falls back to jps
        if result.path is None:
            return None
        xy = np.array(result.path, dtype=np.int64)
        return result.cost, (xy[:, 1] + 1) * stride + xy[:, 0] + 1, result.expanded

    return R.answer(call, s.shape[0], passable.shape[0], stride, workers,
                    workspace=p._workspace, fallback=fallback)


def graph_batch(prepared_graph: PreparedGraph, starts: Any, goals: Any, workers: int,
                paths: bool) -> BatchResult:
    """:func:`prepared` on a prepared CSR graph."""
    s = prepared_graph.numbers(starts, "starts")
    t = prepared_graph.numbers(goals, "goals")
    if s.shape[0] != t.shape[0]:
        raise InvalidParameterError(
            f"starts and goals must have as many rows, got {s.shape[0]} and {t.shape[0]}")
    n = s.shape[0]
    costs = np.empty(n)
    distances = prepared_graph._distances
    R.in_parallel(lambda lo, hi: distances.pairs(s, t, costs, lo, hi),
                  R.chunks(n, workers), workers)
    found = costs < np.inf
    zeros = np.zeros(n, dtype=np.int64)
    if not paths:
        return BatchResult(costs, zeros, zeros.copy(), found, np.zeros(0, dtype=np.int64),
                           np.zeros(n + 1, dtype=np.int64))
    graph, order = prepared_graph.graph, prepared_graph._order
    pieces, lengths, expanded = [], zeros.copy(), zeros.copy()
    for i in np.flatnonzero(found).tolist():
        result = prepared_graph.search(graph.label(order[s[i]]), graph.label(order[t[i]]))
        nodes = np.array([graph.index(x) for x in result.path], dtype=np.int64)
        pieces.append(nodes)
        lengths[i], expanded[i] = nodes.shape[0], result.expanded
    offsets = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    flat = np.concatenate(pieces) if pieces else np.zeros(0, dtype=np.int64)
    return BatchResult(costs, lengths, expanded, found, flat, offsets)


def grid_xy(cell: int, stride: int) -> tuple[int, int]:
    y, x = divmod(int(cell), stride)
    return x - 1, y - 1
