"""Every optimal path on a :class:`~wayfinding.csr.graph.CSRGraph`: the compiled form of
:func:`wayfinding.graph.optimal.all_shortest_paths` (kernels in
:mod:`wayfinding.csr._kernels.optimal`).

Examples
--------
>>> import wayfinding as wf
>>> g = wf.CSRGraph.from_edges("sabsc", "abtct", [1.0, 1.0, 1.0, 1.5, 1.5])
>>> r = all_shortest_paths(g, "s", "t")
>>> r.cost, sorted(r), sorted(r.predecessors["t"])
(3.0, [['s', 'a', 'b', 't'], ['s', 'c', 't']], ['b', 'c'])
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np

from .. import _lazy
from .._kernels import codes as C
from .._kernels.codes import STATUS_HEAP_FULL, STATUS_NEW, STATUS_PAUSED
from ..errors import InvalidLocationError
from ..graph.budget import Budget
from ..graph.optimal import TIE
from ..paths import OptimalPaths
from ..result import StopReason
from . import inputs as _in
from .graph import CSRGraph
from .views import CameFromView, CostSoFarView, Reached

__all__ = ["all_shortest_paths"]

#: Expansions per kernel call when a time budget is set (the clock is read between).
_SLICE = 1 << 15


def all_shortest_paths(graph: CSRGraph, start: Any, goal: Any = None, *,
                       heuristic: Any = None, max_expansions: int | None = None,
                       max_seconds: float | None = None) -> OptimalPaths:
    """:func:`wayfinding.all_shortest_paths` on a CSR graph (``heuristic``: as for
    :func:`wayfinding.astar` on a CSR graph; it must be admissible)."""
    graph.refuse_negative()
    budget = Budget(max_expansions, max_seconds)
    starts = _in.starts(graph, start)
    goals = _in.goals(graph, goal)
    n = graph.node_count
    is_goal = np.zeros(n, dtype=np.uint8)
    is_goal[goals] = 1
    h = _in.HeuristicData(graph, heuristic if goals.shape[0] else None, goals)
    if goals.shape[0] == 0:
        h.code = 0  # a flood: no heuristic
    bound = (h.code, h.coords, h.lm_from, h.lm_to, h.scale, h.harray, goals)
    heap = max(1024, 2 * starts.shape[0])
    work = [np.zeros(n, np.int32), np.zeros(n), np.zeros(n, np.int64), np.zeros(n),
            np.zeros(heap), np.zeros(heap, np.int64), np.zeros(n, np.int64),
            np.zeros(max(1, goals.shape[0]), np.int64)]
    state = np.zeros(C.N_OSTATE, dtype=np.int64)
    state[C.O_GEN] = 1
    fstate = np.zeros(1)
    reason = _run(graph, bound, (starts, is_goal), work, state, fstate, budget)
    k = _kernels()
    n_touched, n_goals = int(state[C.O_TOUCHED]), int(state[C.O_GOALS])
    touched = work[6][:n_touched].copy()
    reached = Reached(graph, touched, work[1][touched], work[2][touched])
    came_from, cost_so_far = CameFromView(reached), CostSoFarView(reached)
    expanded = int(state[C.O_EXPANDED])
    start_labels = frozenset(graph.labels_of(starts))
    if reason is not None or (goal is not None and n_goals == 0):
        return OptimalPaths.unreachable(reason or StopReason.EXHAUSTED, came_from,
                                        cost_so_far, expanded, starts=start_labels)
    graph_arrays = (graph.indptr, graph.indices, graph.costs)
    slot = np.full(n, -1, dtype=np.int64)
    pred_start = np.zeros(n_touched + 1, dtype=np.int64)
    preds = np.zeros(max(1, graph.edge_count), dtype=np.int64)
    used = k.tight(graph_arrays, (starts, is_goal), tuple(work), n_touched, 1, TIE, slot,
                   pred_start, preds)
    settled = (work[0][touched] == -1) & (work[3][touched] < math.inf)  # on optimal paths
    predecessors = PredecessorLists(graph, touched, settled, slot, pred_start,
                                    preds[:used].copy())
    if goal is None:
        return OptimalPaths.unreachable(StopReason.EXHAUSTED, came_from, cost_so_far,
                                        expanded, predecessors=predecessors,
                                        starts=start_labels)
    goal_nodes = work[7][:n_goals]
    path = _path(graph, work[2], int(goal_nodes[0]))
    return OptimalPaths.reached(path, float(fstate[0]), came_from, cost_so_far, expanded,
                                predecessors=predecessors, goals=graph.labels_of(goal_nodes),
                                starts=start_labels)


def _run(graph: CSRGraph, bound: tuple, targets: tuple, work: list[np.ndarray],
         state: np.ndarray, fstate: np.ndarray, budget: Budget) -> StopReason | None:
    """Call :func:`settle` until it ends (None) or a budget runs out (its reason)."""
    k = _kernels()
    graph_arrays = (graph.indptr, graph.indices, graph.costs)
    state[C.O_STATUS] = STATUS_NEW
    while True:
        if (reason := budget.spent(int(state[C.O_EXPANDED]))) is not None:
            return reason
        chunk = budget.limit - int(state[C.O_EXPANDED])
        if budget.deadline is not None:
            chunk = min(chunk, _SLICE)
        status = k.settle(graph_arrays, bound, targets, tuple(work), state, fstate, chunk, TIE)
        if status == STATUS_HEAP_FULL:
            for i in (4, 5):
                grown = np.zeros(2 * work[i].shape[0], dtype=work[i].dtype)
                grown[:work[i].shape[0]] = work[i]
                work[i] = grown
        elif status != STATUS_PAUSED:
            return None
        elif budget.deadline is not None and time.perf_counter() >= budget.deadline:
            return StopReason.MAX_SECONDS


def _path(graph: CSRGraph, parent: np.ndarray, end: int) -> list[Any]:
    nodes = [end]
    while (p := int(parent[nodes[-1]])) >= 0:
        nodes.append(p)
    nodes.reverse()
    return graph.labels_of(np.array(nodes, dtype=np.int64))


class PredecessorLists(Mapping):
    """``predecessors`` of a CSR search: each settled label -> the labels it is reached from
    on optimal paths (lists built on each look-up from flat arrays)."""

    def __init__(self, graph: CSRGraph, touched: np.ndarray, settled: np.ndarray,
                 slot: np.ndarray, start: np.ndarray, preds: np.ndarray) -> None:
        self.graph, self.nodes = graph, touched[settled]
        self._slot, self._start, self._preds = slot, start, preds
        self._settled = np.zeros(graph.node_count, dtype=bool)
        self._settled[self.nodes] = True

    def _node(self, location: Any) -> int:
        try:
            i = self.graph.index(location)
        except (InvalidLocationError, TypeError):
            raise KeyError(location) from None
        if not self._settled[i]:
            raise KeyError(location)
        return i

    def __getitem__(self, location: Any) -> list[Any]:
        j = self._slot[self._node(location)]
        return self.graph.labels_of(self._preds[self._start[j]:self._start[j + 1]])

    def __contains__(self, location: object) -> bool:
        try:
            self._node(location)
        except KeyError:
            return False
        return True

    def __iter__(self) -> Iterator[Any]:
        return iter(self.graph.labels_of(self.nodes))

    def __len__(self) -> int:
        return int(self.nodes.shape[0])

    def __repr__(self) -> str:
        return f"PredecessorLists({len(self)} locations)"


def _kernels() -> Any:
    return _lazy.kernels("wayfinding.csr._kernels.optimal")

