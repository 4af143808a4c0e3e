"""Searches on a :class:`~wayfinding.csr.graph.CSRGraph`: the wrappers of the CSR kernels.

``wf.breadth_first_search``, ``wf.dijkstra``, ``wf.greedy_best_first`` and ``wf.astar``
come here for a CSRGraph (same arguments, same :class:`~wayfinding.result.SearchResult`,
locations are node labels); :func:`bidirectional_dijkstra` and
:func:`bidirectional_astar` are CSR-only.

Heuristics (``heuristic=``): None (the graph's coordinates, scaled to be admissible, or
zero without coordinates), a float array of per-node estimates to the goal, a
:class:`~wayfinding.csr.landmarks.Landmarks` object (ALT), or a callable
``h(location, goal)``, evaluated once per node (O(n) Python calls).

Examples
--------
>>> import wayfinding as wf
>>> g = wf.CSRGraph.from_edges([0, 1, 0], [1, 2, 2], [1.0, 1.0, 3.0],
...                            coordinates=[(0, 0), (1, 0), (2, 0)])
>>> wf.astar(g, 0, 2).path, wf.bidirectional_astar(g, 0, 2).cost
([0, 1, 2], 2.0)
"""

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np

from .. import _lazy
from .._inputs import check_budget, starts_of
from .._kernels import codes as C
from .._promising import aim_csr
from ..errors import InvalidParameterError
from ..result import SearchResult, StopReason
from . import inputs as _in
from . import workspace as _ws
from .graph import CSRGraph
from .views import CameFromView, CostSoFarView, Reached

__all__ = ["astar", "bidirectional_astar", "bidirectional_dijkstra", "breadth_first_search",
           "dijkstra", "distances", "greedy_best_first"]

_CLOCK_EVERY = 4096
_NO_LIMIT = 2**62


def _loops() -> tuple[Any, Any, Any]:
    """``(dijkstra_loop, euclid_loop, any_loop)``, by the loop index of a plan (numba
    loads on the first search)."""
    k = _lazy.kernels("wayfinding.csr._kernels.bestfirst")
    return k.dijkstra_loop, k.euclid_loop, k.any_loop


def _check_weight(weight: Any) -> float:
    value = check_budget("weight", weight)
    if value is None:
        raise InvalidParameterError("weight must be a number, got None")
    return value


def _one_pair(graph: CSRGraph, start: Any, goal: Any, mode: int) -> SearchResult | None:
    """The common call (one start and one goal given as int or str labels, defaults
    otherwise) with its fixed cost cut: no parsing, a cached plan, the workspace's
    one-node start and goal arrays. None when the call is not that one."""
    if type(start) not in _in.SCALARS or type(goal) not in _in.SCALARS:
        return None
    plan = _in.common_plan(graph, mode)
    if plan is None:
        return None
    s, t = graph.index(start), graph.index(goal)
    return _execute(graph, plan, s, t, None, None, None, None, False)


def _search(graph: CSRGraph, start: Any, goal: Any, mode: int, heuristic: Any, weight: float,
            max_cost: float | None, max_expansions: int | None, max_seconds: float | None,
            partial: bool, targets: Any = None) -> SearchResult:
    max_cost = check_budget("max_cost", max_cost)
    max_expansions = check_budget("max_expansions", max_expansions, integer=True)
    max_seconds = check_budget("max_seconds", max_seconds)
    starts = _in.starts(graph, start)
    goals = _in.goals(graph, goal) if targets is None else _in.targets(graph, goal, targets)
    h = _in.HeuristicData(graph, heuristic if mode != C.MODE_COST else None, goals)
    if mode == C.MODE_HEURISTIC and h.code == C.H_ZERO:
        raise InvalidParameterError(
            "greedy_best_first needs a heuristic: a graph with coordinates, an array, "
            "Landmarks or a callable")
    plan = _in.plan(mode, h, goals.shape[0], partial, weight, max_cost,
                 C.GOALS_ANY if targets is None else C.GOALS_ALL)
    return _execute(graph, plan, -1, -1, starts, goals, max_expansions, max_seconds,
                    bool(partial))


def _execute(graph: CSRGraph, plan: _in.Plan, s: int, t: int, starts: np.ndarray | None,
             goals: np.ndarray | None, max_expansions: int | None,
             max_seconds: float | None, partial: bool) -> SearchResult:
    """Run the kernel from ``starts`` to ``goals`` (or from node ``s`` to node ``t`` when
    they are None) within the budgets; the result."""
    coords, harray, lm_from, lm_to, iparams, fparams, loop = plan
    best_first = _loops()[loop]  # the loop compiled for this kind of search
    ws = _ws.acquire(graph.node_count)
    try:
        side = ws.forward
        state = ws.state
        if starts is None or goals is None:
            starts, goals = ws.start, ws.goal
            starts[0], goals[0] = s, t
        state[C.S_GEN] = ws.next_generation()
        state[C.S_STATUS] = C.STATUS_NEW
        while side.heap_node.shape[0] < starts.shape[0] + 8:
            side.grow_heap()
        kernel_args = (graph.indptr, graph.indices, graph.costs, coords, harray, lm_from,
                       lm_to, iparams, fparams, starts, goals, side.stamp, side.g,
                       side.parent, side.goal_mark, side.touched, side.hcache)
        if max_expansions is None and max_seconds is None:  # one call (or a few: heap)
            while (status := best_first(*kernel_args, side.heap_key, side.heap_node,
                                        side.heap_pos, state, ws.fstate,
                                        _NO_LIMIT)) == C.STATUS_HEAP_FULL:
                side.grow_heap()
            reason = _REASONS[status]
        else:
            reason = _budgeted(best_first, kernel_args, ws, max_expansions, max_seconds)
        values = state.tolist()
        if reason is StopReason.EXHAUSTED and values[C.S_PRUNED]:
            reason = StopReason.MAX_COST
        found = reason is StopReason.FOUND
        end = values[C.S_FOUND] if found else values[C.S_BEST] if partial else -1
        return _result(graph, side, values[C.S_TOUCHED], end, values[C.S_EXPANDED], reason,
                       not found)
    finally:
        _ws.release(ws)


#: How a search that ran without budgets ended, by kernel status.
_REASONS = {C.STATUS_FOUND: StopReason.FOUND, C.STATUS_EXHAUSTED: StopReason.EXHAUSTED}


def _budgeted(best_first: Any, kernel_args: tuple, ws: _ws.Workspace,
              max_expansions: int | None, max_seconds: float | None) -> StopReason:
    """Run the kernel in slices until it ends or a budget runs out (the clock is read
    between slices of ``_CLOCK_EVERY`` expansions); why it stopped."""
    side, state = ws.forward, ws.state
    left = _NO_LIMIT if max_expansions is None else max_expansions
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    while True:
        before = int(state[C.S_EXPANDED]) if state[C.S_STATUS] else 0
        chunk = left if deadline is None else min(left, _CLOCK_EVERY)
        if max_seconds == 0:
            chunk = 0  # no time: take the starts only, expand nothing
        status = best_first(*kernel_args, side.heap_key, side.heap_node, side.heap_pos, state,
                            ws.fstate, chunk)
        if status in _REASONS:
            return _REASONS[status]
        left -= int(state[C.S_EXPANDED]) - before
        if status == C.STATUS_HEAP_FULL:
            side.grow_heap()
        elif left <= 0:
            return StopReason.MAX_EXPANSIONS
        elif deadline is not None and time.perf_counter() >= deadline:
            return StopReason.MAX_SECONDS


def _result(graph: CSRGraph, side: _ws.Side, n_touched: int, end: int, expanded: int,
            reason: StopReason, partial: bool, extra_path: list[int] | None = None,
            cost: float | None = None) -> SearchResult:
    nodes = side.touched[:n_touched].copy()
    reached = Reached(graph, nodes, side.g[nodes], side.parent[nodes])
    came_from, cost_so_far = CameFromView(reached), CostSoFarView(reached)
    if end < 0:
        return SearchResult(None, math.inf, came_from, cost_so_far, expanded, reason)
    n_path = _lazy.kernels("wayfinding._kernels.trace").trace(side.parent, end, side.path)
    path_nodes = side.path[:n_path]
    if extra_path:
        path_nodes = np.concatenate((path_nodes, np.array(extra_path, dtype=np.int64)))
    path = path_nodes.tolist() if graph.labels is None else graph.labels_of(path_nodes)
    return SearchResult(path, float(side.g[end]) if cost is None else cost, came_from,
                        cost_so_far, expanded, reason, reason is not StopReason.FOUND,
                        path[-1])


def breadth_first_search(graph: CSRGraph, start: Any, goal: Any = None, *,
                         max_seconds: float | None = None,
                         partial: bool = False) -> SearchResult:
    """Fewest steps on a CSR graph (see :func:`wayfinding.breadth_first_search`).

    The kernel runs in one call (O(nodes + edges)): ``max_seconds=0`` does no work, and a
    budget that runs out before the call starts stops it there, but a running BFS is not
    interrupted by the clock.
    """
    from ._kernels.bestfirst import bfs

    max_seconds = check_budget("max_seconds", max_seconds)
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    starts = _in.starts(graph, start)
    goals = _in.goals(graph, goal)
    if deadline is not None and (max_seconds == 0 or time.perf_counter() >= deadline):
        labels = starts.tolist() if graph.labels is None else graph.labels_of(starts)
        path = [labels[0]] if partial and goals.shape[0] else None
        return SearchResult(path, 0.0 if path else math.inf, dict.fromkeys(labels),
                            dict.fromkeys(labels, 0.0), 0, StopReason.MAX_SECONDS,
                            path is not None, None if path is None else path[0])
    ws = _ws.acquire(graph.node_count)
    try:
        side = ws.forward
        found, n_touched, expanded = bfs(graph.indptr, graph.indices, starts, goals,
                                         ws.next_generation(), side.stamp, side.g,
                                         side.parent, side.goal_mark, side.touched)
        reason = StopReason.FOUND if found >= 0 else StopReason.EXHAUSTED
        result = _result(graph, side, int(n_touched), int(found), int(expanded), reason,
                         False)
    finally:
        _ws.release(ws)
    return aim_csr(graph, goals, result) if partial else result


def dijkstra(graph: CSRGraph, start: Any, goal: Any = None, *, max_cost: float | None = None,
             max_expansions: int | None = None, max_seconds: float | None = None,
             partial: bool = False, targets: Any = None) -> SearchResult:
    """Dijkstra on a CSR graph (see :func:`wayfinding.dijkstra`).

    ``targets`` (instead of ``goal``): one location or several; the kernel stops as soon
    as every one is settled (``cost_so_far`` holds their costs, ``path`` leads to the last
    one settled, the farthest), or the frontier runs empty (a target is unreachable: no
    path, reason EXHAUSTED or MAX_COST).

    Examples
    --------
    >>> import wayfinding as wf
    >>> g = wf.CSRGraph.from_edges("abcd", "bcde", [1.0, 2.0, 3.0, 4.0])
    >>> r = wf.dijkstra(g, "a", targets=["c", "b"])
    >>> r.path, r.cost_so_far["b"], "e" in r.cost_so_far
    (['a', 'b', 'c'], 1.0, False)
    """
    if (targets is None and max_cost is None and max_expansions is None
            and max_seconds is None and partial is False and goal is not None):
        result = _one_pair(graph, start, goal, C.MODE_COST)
        if result is not None:
            return result
    result = _search(graph, start, goal, C.MODE_COST, None, 1.0, max_cost, max_expansions,
                     max_seconds, partial, targets)
    if partial and targets is None:  # no heuristic: aim by the coordinates (_promising)
        return aim_csr(graph, _in.goals(graph, goal), result)
    return result


def greedy_best_first(graph: CSRGraph, start: Any, goal: Any, *, heuristic: Any = None,
                      max_expansions: int | None = None, max_seconds: float | None = None,
                      partial: bool = False) -> SearchResult:
    """Greedy best-first on a CSR graph (see :func:`wayfinding.greedy_best_first`)."""
    if (heuristic is None and max_expansions is None and max_seconds is None
            and partial is False):
        result = _one_pair(graph, start, goal, C.MODE_HEURISTIC)
        if result is not None:
            return result
    return _search(graph, start, goal, C.MODE_HEURISTIC, heuristic, 1.0, None,
                   max_expansions, max_seconds, partial)


def astar(graph: CSRGraph, start: Any, goal: Any, *, heuristic: Any = None,
          weight: float = 1.0, max_expansions: int | None = None,
          max_cost: float | None = None, max_seconds: float | None = None,
          partial: bool = False) -> SearchResult:
    """A* on a CSR graph (see :func:`wayfinding.astar`)."""
    if (heuristic is None and type(weight) is float and weight == 1.0
            and max_expansions is None and max_cost is None and max_seconds is None
            and partial is False):
        result = _one_pair(graph, start, goal, C.MODE_ASTAR)
        if result is not None:
            return result
    return _search(graph, start, goal, C.MODE_ASTAR, heuristic, _check_weight(weight),
                   max_cost, max_expansions, max_seconds, partial)


def distances(graph: CSRGraph, start: Any, targets: Any = None, *,
              max_cost: float | None = None) -> np.ndarray:
    """Cheapest costs from ``start`` (one or several) to ``targets`` (float64 array,
    ``inf`` unreachable), stopping as soon as every target is settled; every node when
    ``targets`` is None.

    Examples
    --------
    >>> import wayfinding as wf
    >>> g = wf.CSRGraph.from_edges("abc", "bcd", [1.0, 2.0, 3.0])
    >>> wf.csr.distances(g, "a", ["c", "b"])
    array([3., 1.])
    """
    graph.refuse_negative()
    max_cost = check_budget("max_cost", max_cost)
    starts = _in.nodes(graph, starts_of(start))
    if targets is None:
        return dijkstra(graph, start, max_cost=max_cost).cost_so_far.array.copy()
    wanted = np.array([graph.index(x) for x in targets], dtype=np.int64)
    goals = np.unique(wanted)
    iparams = np.array([C.MODE_COST, C.H_ZERO, goals.shape[0], C.REOPEN_OPEN, 0,
                        C.GOALS_ALL], dtype=np.int64)
    fparams = np.array([1.0, 1.0, math.inf if max_cost is None else max_cost])
    from ._kernels.bestfirst import dijkstra_loop

    ws = _ws.acquire(graph.node_count)
    try:
        side = ws.forward
        ws.state[C.S_GEN] = gen = ws.next_generation()
        ws.state[C.S_STATUS] = C.STATUS_NEW
        while side.heap_node.shape[0] < starts.shape[0] + 8:
            side.grow_heap()
        while dijkstra_loop(graph.indptr, graph.indices, graph.costs, _in.E2, _in.E1, _in.EL,
                            _in.EL, iparams, fparams, starts, goals, side.stamp, side.g,
                            side.parent, side.goal_mark, side.touched, side.hcache,
                            side.heap_key, side.heap_node, side.heap_pos, ws.state,
                            ws.fstate, _NO_LIMIT) == C.STATUS_HEAP_FULL:
            side.grow_heap()
        settled = side.stamp[wanted] == -gen
        return np.where(settled, side.g[wanted], np.inf)
    finally:
        _ws.release(ws)


def _bidirectional(graph: CSRGraph, start: Any, goal: Any, heuristic: Any,
                   use_heuristic: bool) -> SearchResult:
    if not isinstance(graph, CSRGraph):
        raise InvalidParameterError(
            f"bidirectional search needs a CSRGraph (see wf.compile_graph), got "
            f"{type(graph).__name__}")
    s, t = graph.index(start), graph.index(goal)
    h = _in.HeuristicData(graph, heuristic, np.array([t]), bidirectional=True)
    if not use_heuristic:
        h.code = C.H_ZERO
    from ._kernels.bidirectional import bidirectional

    rev = graph.reverse()
    ws = _ws.acquire(graph.node_count)
    try:
        fw, bw = ws.forward, ws.backward
        state = np.zeros(C.N_BSTATE, dtype=np.int64)
        fstate = np.zeros(1)
        state[C.B_GEN] = ws.next_generation()
        state[C.B_STARTED] = 0
        while True:
            status = bidirectional(graph.indptr, graph.indices, graph.costs, rev.indptr,
                                   rev.indices, rev.costs, h.coords, h.lm_from, h.lm_to,
                                   h.code, h.scale, s, t, fw.stamp, fw.g, fw.parent,
                                   fw.touched, fw.hcache, bw.stamp, bw.g, bw.parent,
                                   bw.touched, bw.hcache, fw.heap_key, fw.heap_node,
                                   fw.heap_pos, bw.heap_key, bw.heap_node, bw.heap_pos,
                                   state, fstate)
            if status != C.STATUS_HEAP_FULL:
                break
            fw.grow_heap()
            bw.grow_heap()
        meet, expanded = int(state[C.B_MEET]), int(state[C.B_EXPANDED])
        n_f = int(state[C.B_TOUCHED_F])
        if status != C.STATUS_FOUND:
            return _result(graph, fw, n_f, -1, expanded, StopReason.EXHAUSTED, False)
        tail = []
        v = meet
        while bw.parent[v] >= 0 and v != t:
            v = int(bw.parent[v])
            tail.append(v)
        result = _result(graph, fw, n_f, meet, expanded, StopReason.FOUND, False, tail,
                         float(fstate[C.BF_MU]))
        result.extra["reached_backward"] = int(state[C.B_TOUCHED_B])
        return result
    finally:
        _ws.release(ws)


def bidirectional_dijkstra(graph: CSRGraph, start: Any, goal: Any) -> SearchResult:
    """Cheapest path ``start -> goal`` by two Dijkstra searches meeting in the middle.

    Same answer (cost) as :func:`wayfinding.dijkstra`, usually with far fewer nodes
    settled. ``came_from``/``cost_so_far`` hold the forward search's nodes; ``expanded``
    counts the nodes settled by both searches.

    Examples
    --------
    >>> import wayfinding as wf
    >>> g = wf.CSRGraph.from_edges("abc", "bcd", [1.0, 2.0, 3.0])
    >>> r = wf.bidirectional_dijkstra(g, "a", "d")
    >>> r.path, r.cost
    (['a', 'b', 'c', 'd'], 6.0)
    """
    return _bidirectional(graph, start, goal, None, False)


def bidirectional_astar(graph: CSRGraph, start: Any, goal: Any, *,
                        heuristic: Any = None) -> SearchResult:
    """Bidirectional A* with average potentials (optimal; see
    :mod:`wayfinding.csr._kernels.bidirectional` for the stopping rule and its proof).

    ``heuristic``: None (the graph's coordinates) or :class:`Landmarks`; a graph without
    coordinates and no landmarks runs bidirectional Dijkstra.

    Examples
    --------
    >>> import wayfinding as wf
    >>> g = wf.CSRGraph.from_edges([0, 1], [1, 2], coordinates=[(0, 0), (1, 0), (2, 0)])
    >>> wf.bidirectional_astar(g, 0, 2).path
    [0, 1, 2]
    """
    return _bidirectional(graph, start, goal, heuristic, True)
