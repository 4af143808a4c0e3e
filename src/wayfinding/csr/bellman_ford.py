"""Bellman-Ford on a :class:`~wayfinding.csr.graph.CSRGraph`: the compiled form of
:func:`wayfinding.graph.bellman_ford.bellman_ford` (kernel
:mod:`wayfinding.csr._kernels.bellman_ford`), for graphs built with
``negative_costs=True`` (or without negative costs at all).

Examples
--------
>>> import wayfinding as wf
>>> g = wf.CSRGraph.from_edges([0, 0, 1, 2], [1, 2, 3, 1], [4.0, 1.0, 1.0, -2.0],
...                            negative_costs=True)
>>> r = bellman_ford(g, 0, 3)
>>> r.path, r.cost, r.cost_so_far.array.tolist()
([0, 2, 1, 3], 0.0, [0.0, -1.0, 1.0, 0.0])
>>> find_negative_cycle(wf.CSRGraph.from_edges([0, 1], [1, 0], [1.0, -2.0],
...                                            negative_costs=True), 0)
[0, 1, 0]
"""

from __future__ import annotations

import itertools
import math
import time
from typing import Any

import numpy as np

from .. import _lazy
from .._kernels import codes as C
from .._kernels.codes import STATUS_FOUND, STATUS_NEW, STATUS_PAUSED
from ..errors import NegativeCycleError
from ..graph.budget import Budget
from ..result import SearchResult, StopReason
from . import inputs as _in
from .graph import CSRGraph
from .views import CameFromView, CostSoFarView, Reached

__all__ = ["bellman_ford", "find_negative_cycle", "relaxed"]

#: Scans per kernel call when a time budget is set (the clock is read between).
_SLICE = 1 << 16


def bellman_ford(graph: CSRGraph, start: Any, goal: Any = None, *,
                 max_expansions: int | None = None,
                 max_seconds: float | None = None) -> SearchResult:
    """:func:`wayfinding.bellman_ford` on a CSR graph."""
    budget = Budget(max_expansions, max_seconds)
    starts = _in.starts(graph, start)
    goals = _in.goals(graph, goal)
    g, parent, touched, expanded, reason = relaxed(graph, starts, budget)
    reached = Reached(graph, touched, g[touched], parent[touched])
    came_from, cost_so_far = CameFromView(reached), CostSoFarView(reached)
    if reason is not None or goals.shape[0] == 0:
        return SearchResult.unreachable(reason or StopReason.EXHAUSTED, came_from,
                                        cost_so_far, expanded)
    costs = g[goals]
    end = int(goals[int(np.argmin(costs))])
    if costs.min() == math.inf:
        return SearchResult.unreachable(StopReason.EXHAUSTED, came_from, cost_so_far,
                                        expanded)
    nodes = [end]
    while (p := int(parent[nodes[-1]])) >= 0:
        nodes.append(p)
    path = graph.labels_of(np.array(nodes[::-1], dtype=np.int64))
    return SearchResult.reached(path, float(g[end]), came_from, cost_so_far, expanded)


def find_negative_cycle(graph: CSRGraph, start: Any) -> list[Any] | None:
    """:func:`wayfinding.find_negative_cycle` on a CSR graph."""
    try:
        relaxed(graph, _in.starts(graph, start), None)
    except NegativeCycleError as error:
        return error.cycle
    return None


def relaxed(graph: CSRGraph, starts: np.ndarray, budget: Budget | None
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray, int, StopReason | None]:
    """``(g, parent, touched, expanded, reason)`` of Bellman-Ford from node numbers
    ``starts`` (``reason`` None when it ran to the end); raises NegativeCycleError."""
    k = _lazy.kernels("wayfinding.csr._kernels.bellman_ford")
    n = graph.node_count
    work = (np.full(n, math.inf), np.full(n, -1, dtype=np.int64), np.zeros(n, np.uint8),
            np.zeros(max(n, 1), np.int64), np.zeros(n, np.int64), np.zeros(n, np.int64))
    state = np.zeros(C.N_BELLSTATE, dtype=np.int64)
    state[C.BELL_STATUS] = STATUS_NEW
    arrays = (graph.indptr, graph.indices, graph.costs)
    reason = None
    while True:
        chunk = 1 << 62
        if budget is not None:
            if (reason := budget.spent(int(state[C.BELL_EXPANDED]))) is not None:
                break
            chunk = budget.limit - int(state[C.BELL_EXPANDED])
            if budget.deadline is not None:
                chunk = min(chunk, _SLICE)
        status = k.relax(arrays, starts, work, state, chunk)
        if status == STATUS_FOUND:
            raise _cycle_error(graph, work[1], int(state[C.BELL_CYCLE]))
        if status != STATUS_PAUSED:
            break
        if budget is not None and budget.deadline is not None and (
                time.perf_counter() >= budget.deadline):
            reason = StopReason.MAX_SECONDS
            break
    touched = work[4][:int(state[C.BELL_TOUCHED])].copy()
    return work[0], work[1], touched, int(state[C.BELL_EXPANDED]), reason


def _cycle_error(graph: CSRGraph, parent: np.ndarray, on_cycle: int) -> NegativeCycleError:
    nodes = [on_cycle]
    v = int(parent[on_cycle])
    while v != on_cycle:
        nodes.append(v)
        v = int(parent[v])
    nodes.append(on_cycle)
    nodes.reverse()
    total = 0.0
    for a, b in itertools.pairwise(nodes):
        lo, hi = graph.indptr[a], graph.indptr[a + 1]
        total += float(graph.costs[lo + int(np.flatnonzero(graph.indices[lo:hi] == b)[0])])
    return NegativeCycleError(graph.labels_of(np.array(nodes, dtype=np.int64)), total)
