"""Yen's k shortest loopless paths on a :class:`~wayfinding.csr.graph.CSRGraph`: the
algorithm of :mod:`wayfinding.graph.yen` with its spur searches compiled
(:mod:`wayfinding.csr._kernels.yen`: one kernel call runs every deviation of a path).

One reverse Dijkstra flood from the goals gives each node its exact cost to a goal: the
first path is read off its tree, and every spur search is an A* search guided by it.

Examples
--------
>>> import wayfinding as wf
>>> g = wf.CSRGraph.from_edges([0, 0, 1, 1, 2], [1, 2, 2, 3, 3], [1.0, 3.0, 1.0, 4.0, 1.0])
>>> k_shortest_paths(g, 0, 3, 3).paths
[[0, 1, 2, 3], [0, 2, 3], [0, 1, 3]]
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Iterator
from typing import Any

import numpy as np

from .. import _lazy
from .._kernels import codes as C
from .._kernels.codes import STATUS_BROKEN, STATUS_FOUND, STATUS_HEAP_FULL, STATUS_PAUSED
from ..errors import InvalidLocationError
from ..graph.budget import Budget
from ..graph.yen import check_k
from ..paths import KShortestPaths
from ..result import StopReason
from . import inputs as _in
from . import search as _search
from .graph import CSRGraph

__all__ = ["k_shortest_paths", "shortest_simple_paths"]

#: Expansions per kernel call when a time budget is set (the clock is read between).
_SLICE = 1 << 14


def k_shortest_paths(graph: CSRGraph, start: Any, goal: Any, k: int, *,
                     max_expansions: int | None = None,
                     max_seconds: float | None = None) -> KShortestPaths:
    """:func:`wayfinding.k_shortest_paths` on a CSR graph."""
    k = check_k(k)
    yen = CompiledYen(graph, start, goal, Budget(max_expansions, max_seconds))
    paths, costs = [], []
    for path, cost in itertools.islice(yen.run(), k):
        paths.append(graph.labels_of(np.array(path, dtype=np.int64)))
        costs.append(cost)
    reason = yen.reason or (StopReason.FOUND if len(paths) == k else StopReason.EXHAUSTED)
    return KShortestPaths(paths, costs, yen.expanded, reason)


def shortest_simple_paths(graph: CSRGraph, start: Any, goal: Any) -> Iterator[list[Any]]:
    """:func:`wayfinding.shortest_simple_paths` on a CSR graph."""
    for path, _ in CompiledYen(graph, start, goal, None).run():
        yield graph.labels_of(np.array(path, dtype=np.int64))


class CompiledYen:
    """One run of Yen's algorithm over node numbers (paths as tuples of ints)."""

    def __init__(self, graph: CSRGraph, start: Any, goal: Any, budget: Budget | None) -> None:
        graph.refuse_negative()
        self.graph = graph
        self.source = _one(graph, start)
        goals = _in.goals(graph, goal)
        if goal is None:
            raise InvalidLocationError("k shortest paths need a goal")
        n = graph.node_count
        self.is_goal = np.zeros(n, dtype=np.uint8)
        self.is_goal[goals] = 1
        if goals.shape[0]:
            flood = _search.dijkstra(graph.reverse(), graph.labels_of(goals))
            self.bound = np.array(flood.cost_so_far.array)
            self.next_hop = flood.came_from.array
            self.expanded = flood.expanded
        else:
            self.bound = np.full(n, math.inf)
            self.next_hop = np.full(n, -1, dtype=np.int64)
            self.expanded = 0
        self.budget = budget
        self.reason: StopReason | None = None
        m = graph.edge_count
        heap = min(m + 1, 1 << 16)
        self.work = (np.zeros(n, np.int32), np.zeros(n), np.zeros(n, np.int64),
                     np.zeros(n, np.int32), np.zeros(heap), np.zeros(heap, np.int64),
                     np.zeros(n))
        self.out = (np.zeros(1 << 12, np.int64), np.zeros(257, np.int64), np.zeros(256),
                    np.zeros(256, np.int64))
        self.state = np.zeros(C.N_YSTATE, dtype=np.int64)

    def run(self) -> Iterator[tuple[tuple[int, ...], float]]:
        s = self.source
        if self.is_goal[s]:
            yield (s,), 0.0
            return
        if self.bound[s] == math.inf:
            return
        first = [s]
        while not self.is_goal[first[-1]]:
            first.append(int(self.next_hop[first[-1]]))
        found: list[tuple[int, ...]] = [tuple(first)]
        flat = list(first)
        offsets = [0, len(first)]
        seen = {found[0]}
        candidates: list[tuple[float, int, tuple[int, ...], int]] = []
        counter = itertools.count()
        yield found[0], float(self.bound[s])
        deviation = 0
        while True:
            paths = (np.array(flat, dtype=np.int64), np.array(offsets, dtype=np.int64))
            if not self._deviations(paths, deviation):
                return
            cells, starts, costs, spurs = self.out
            for j in range(int(self.state[C.Y_OUT])):
                candidate = tuple(cells[starts[j]:starts[j + 1]].tolist())
                if candidate not in seen:
                    seen.add(candidate)
                    heapq.heappush(candidates, (float(costs[j]), next(counter), candidate,
                                                int(spurs[j])))
            if not candidates:
                return
            cost, _, best, deviation = heapq.heappop(candidates)
            found.append(best)
            flat.extend(best)
            offsets.append(len(flat))
            yield best, cost

    def _deviations(self, paths: tuple[np.ndarray, np.ndarray], deviation: int) -> bool:
        """Run the kernel over every deviation of the last path; False when a budget ran
        out (``reason`` says which)."""
        k = _kernels()
        graph = (self.graph.indptr, self.graph.indices, self.graph.costs)
        state = self.state
        state[C.Y_NEXT], state[C.Y_OUT] = deviation, 0
        while True:
            budget = self.budget
            chunk = 1 << 62
            if budget is not None:
                if (reason := budget.spent(self.expanded)) is not None:
                    self.reason = reason
                    return False
                chunk = min(budget.limit - self.expanded,
                            chunk if budget.deadline is None else _SLICE)
            state[C.Y_EXPANDED] = self.expanded
            status = k.deviations(graph, (self.bound, self.is_goal), paths, self.work,
                                  self.out, state, chunk)
            self.expanded = int(state[C.Y_EXPANDED])
            if status == STATUS_FOUND:
                return True
            if status == STATUS_HEAP_FULL:
                self.work = (*self.work[:4], _grown(self.work[4]), _grown(self.work[5]),
                             self.work[6])
            elif status == STATUS_BROKEN:
                self.out = (_grown(self.out[0]), _grown(self.out[1], 1), _grown(self.out[2]),
                            _grown(self.out[3]))
            else:
                assert status == STATUS_PAUSED


def _grown(array: np.ndarray, extra: int = 0) -> np.ndarray:
    """``array`` twice as long (plus ``extra`` slots), contents kept."""
    bigger = np.zeros(2 * (array.shape[0] - extra) + extra, dtype=array.dtype)
    bigger[:array.shape[0]] = array
    return bigger


def _one(graph: CSRGraph, start: Any) -> int:
    starts = _in.starts(graph, start)
    if starts.shape[0] != 1:
        raise InvalidLocationError(f"k shortest paths take one start, got {start!r}")
    return int(starts[0])


def _kernels() -> Any:
    return _lazy.kernels("wayfinding.csr._kernels.yen")
