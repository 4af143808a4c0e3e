"""Batch queries on a :class:`~wayfinding.csr.graph.CSRGraph` (node labels or numbers).

``paths`` of the :class:`BatchResult` holds node numbers (shape ``(M,)``);
``graph.labels_of(result.path(i))`` gives the labels.

Examples
--------
>>> import wayfinding as wf
>>> graph = wf.CSRGraph.from_edges(["a", "b", "a"], ["b", "c", "c"], [1.0, 1.0, 5.0])
>>> r = astar(graph, ["a", "b"], ["c", "a"])
>>> r.costs.tolist(), graph.labels_of(r.path(0))
([2.0, inf], ['a', 'b', 'c'])
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .._inputs import is_number
from .._kernels import codes as C
from ..csr import inputs as _in
from ..csr import workspace as _ws
from ..csr.graph import CSRGraph
from ..errors import InvalidLocationError, InvalidParameterError
from . import run as R
from .result import BatchResult

__all__ = ["astar", "breadth_first_search", "dijkstra", "nodes"]


def nodes(graph: CSRGraph, values: Any, role: str) -> np.ndarray:
    """Node numbers of N labels (or of N node numbers when the graph has no labels)."""
    if graph.labels is None:
        arr = np.asarray(values) if not isinstance(values, np.ndarray) else values
        if arr.size == 0:
            return np.zeros(0, dtype=np.int64)
        if arr.ndim != 1 or arr.dtype.kind not in "iu":
            raise InvalidParameterError(
                f"{role} must be N node numbers (a 1-D integer array), got shape "
                f"{arr.shape} of {arr.dtype}")
        bad = (arr < 0) | (arr >= graph.node_count)
        if bad.any():
            row = int(np.argmax(bad))
            raise InvalidLocationError(f"{role} row {row}: {int(arr[row])} is not a node of the "
                                       f"graph (nodes are 0..{graph.node_count - 1})")
        return arr.astype(np.int64, copy=False)
    out = np.empty(len(values), dtype=np.int64)
    for row, value in enumerate(values):
        try:
            out[row] = graph.index(value)
        except InvalidLocationError as exc:
            raise InvalidLocationError(f"{role} row {row}: {exc}") from None
    return out


def _pairs(graph: CSRGraph, starts: Any, goals: Any) -> tuple[np.ndarray, np.ndarray]:
    s, t = nodes(graph, starts, "starts"), nodes(graph, goals, "goals")
    if s.shape[0] != t.shape[0]:
        raise InvalidParameterError(
            f"starts and goals must have as many rows, got {s.shape[0]} and {t.shape[0]}")
    return s, t


def _answer(call: Any, n: int, graph: CSRGraph, workers: int,
            budget: R.Budget | None = None) -> BatchResult:
    def workspace() -> Any:
        # this thread's workspace, given back at once (the runner has no release hook):
        # a thread runs one chunk at a time and nothing searches inside the loop
        ws = _ws.acquire(graph.node_count)
        _ws.release(ws)
        return ws

    return R.answer(call, n, graph.node_count, None, workers, 16, workspace=workspace,
                    budget=budget)


def _fresh(ws: Any, needed: int) -> None:
    if ws.generation + needed + 1 >= ws.generation_limit:
        ws.generation = ws.generation_limit  # next_generation() clears the stamps
        ws.next_generation()
        ws.generation = 0


def _best_first(graph: CSRGraph, starts: Any, goals: Any, mode: int, heuristic: Any,
                weight: float, workers: Any, max_seconds: Any,
                bfs: bool = False) -> BatchResult:
    """The batch by the CSR batch loop: ``mode``'s best-first search, or with ``bfs``
    breadth-first (fewest edges)."""
    from ..csr.landmarks import Landmarks

    budget = R.Budget.of(max_seconds)
    workers = R.check_workers(workers)
    s, t = _pairs(graph, starts, goals)
    # the single searches' read-only empties: the batch loop calls the loops they compiled
    e1, el = _in.E1, _in.EL
    coords, lm_from, lm_to, code, scale, consistent = _in.E2, el, el, C.H_ZERO, 1.0, True
    if mode == C.MODE_ASTAR:
        if heuristic is None:
            if graph.coordinates is not None:
                code = C.H_GREAT_CIRCLE if graph.metric.name == "GREAT_CIRCLE" else C.H_EUCLIDEAN
                coords, scale = graph.coordinates, graph.heuristic_scale()
        elif isinstance(heuristic, Landmarks):
            heuristic.check(graph)
            code, lm_from, lm_to = C.H_LANDMARKS, heuristic.from_landmarks, heuristic.to_landmarks
        else:
            raise InvalidParameterError(
                "batch.astar on a CSRGraph takes heuristic=None (coordinates) or Landmarks, "
                f"got {type(heuristic).__name__} (wayfinding.astar takes any)")
    reopen = C.REOPEN_OPEN if consistent else C.REOPEN_ALL
    iparams = np.array([mode, code, 1, reopen, 0, C.GOALS_ANY], dtype=np.int64)
    fparams = np.array([scale, weight, math.inf])
    from ..csr._kernels.batch import batch_for

    batch_search = batch_for(iparams)

    def call(ws: Any, first: int, last: int, out: tuple, path: np.ndarray, used: int,
             resume: bool) -> tuple[int, int, int, int]:
        if not resume:
            _fresh(ws, last - first)
        side = ws.forward
        while True:
            code, i, generation, used = batch_search(
                bfs, graph.indptr, graph.indices, graph.costs, coords, e1, lm_from, lm_to,
                iparams, fparams, s, t, first, last, side.stamp, side.g, side.parent,
                side.goal_mark, side.touched, side.hcache, side.heap_key, side.heap_node,
                side.heap_pos, ws.state, ws.fstate, ws.generation, resume, *out, path, used)
            ws.generation = int(generation)
            if code != C.BATCH_HEAP_FULL:
                return code, i, generation, used
            side.grow_heap()  # and go on with query i where it stopped
            first, resume = int(i), True

    return _answer(call, s.shape[0], graph, workers, budget)


def astar(graph: CSRGraph, starts: Any, goals: Any, *, heuristic: Any = None,
          weight: float = 1.0, workers: int = 1,
          max_seconds: float | None = None) -> BatchResult:
    """A* on a CSR graph for every pair; see :func:`wayfinding.batch.astar`."""
    if not is_number(weight) or not (math.isfinite(weight) and weight >= 0):
        raise InvalidParameterError(f"heuristic weight must be finite and >= 0, got {weight!r}")
    return _best_first(graph, starts, goals, C.MODE_ASTAR, heuristic, float(weight), workers,
                       max_seconds)


def dijkstra(graph: CSRGraph, starts: Any, goals: Any, *, workers: int = 1,
             max_seconds: float | None = None) -> BatchResult:
    """Dijkstra on a CSR graph for every pair; see :func:`wayfinding.batch.dijkstra`."""
    return _best_first(graph, starts, goals, C.MODE_COST, None, 1.0, workers, max_seconds)


def breadth_first_search(graph: CSRGraph, starts: Any, goals: Any, *,
                         workers: int = 1, max_seconds: float | None = None) -> BatchResult:
    """Fewest edges on a CSR graph for every pair (``costs`` count edges)."""
    return _best_first(graph, starts, goals, C.MODE_COST, None, 1.0, workers, max_seconds,
                       bfs=True)
