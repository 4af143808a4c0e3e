"""Every search the library has, by name, for the ``solve`` command and the web page.

:func:`solve` runs one query through the library's public function for the chosen
:class:`Algorithm` and times it. :func:`trace` replays a best-first search through the
library's generic engine with a graph that records each call of ``neighbors``: the engine
asks for a location's neighbours exactly when it expands it, so the record is the true
expansion order of that search (compiled kernels give the same costs but may break ties
between equal priorities differently, so the live ``expanded`` count is the one of the
compiled call).

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.SquareGrid(6, 3)
>>> grid.set_walls([(1, 1), (2, 1), (3, 1), (4, 1)])
>>> outcome = solve(grid, (0, 0), (5, 2), Algorithm.ASTAR)
>>> outcome.result.cost, len(outcome.result.path)
(7.0, 8)
>>> steps = trace(grid, (0, 0), (5, 2), Algorithm.ASTAR)
>>> steps.order[0], steps.complete
((0, 0), True)
"""

from __future__ import annotations

import enum
import math
import time
from collections.abc import Callable
from typing import Any, NamedTuple

from .. import heuristics as H
from .._kernelclock import KernelClock
from ..anyangle import theta_star
from ..api import astar, breadth_first_search, dijkstra, greedy_best_first
from ..errors import BudgetExhaustedError, InvalidParameterError
from ..graph.protocol import as_graph
from ..grid.grid import Grid
from ..grid.jps import jps
from ..grid.prepared import prepare
from ..grid.turns import astar_turns
from ..navmesh.anyangle import any_angle
from ..result import SearchResult, StopReason

__all__ = ["Algorithm", "Heuristic", "Outcome", "Trace", "solve", "trace"]


class Algorithm(enum.Enum):
    """The searches offered by ``wayfinding solve`` and ``wayfinding serve``."""

    ASTAR = "astar"
    DIJKSTRA = "dijkstra"
    BFS = "bfs"
    GREEDY = "greedy"
    WEIGHTED_ASTAR = "weighted_astar"
    JPS = "jps"
    PREPARED = "prepared"
    THETA_STAR = "theta_star"
    ASTAR_TURNS = "astar_turns"
    #: the shortest any-angle path between the cells' centres (Polyanya on the grid's mesh)
    ANY_ANGLE = "any_angle"


class Heuristic(enum.Enum):
    """Heuristics that can be chosen; DEFAULT is the grid's own (admissible) one."""

    DEFAULT = "default"
    MANHATTAN = "manhattan"
    OCTILE = "octile"
    CHEBYSHEV = "chebyshev"
    EUCLIDEAN = "euclidean"
    ZERO = "zero"


#: Algorithms whose expansion order :func:`trace` can replay (the best-first family).
TRACEABLE = frozenset({Algorithm.ASTAR, Algorithm.DIJKSTRA, Algorithm.BFS, Algorithm.GREEDY,
                       Algorithm.WEIGHTED_ASTAR})


class Outcome(NamedTuple):
    """One query's :class:`~wayfinding.SearchResult` and its wall-clock times.

    ``seconds`` is the query's own time; ``preprocess_seconds`` building the prepared grid
    (PREPARED only) and ``kernel_seconds`` getting the compiled kernels ready (importing
    numba and the kernel modules, loading or compiling kernels: once per process; see
    :mod:`wayfinding._kernelclock`), each left out of the others.
    """

    result: SearchResult
    seconds: float
    preprocess_seconds: float = 0.0
    kernel_seconds: float = 0.0


class Trace(NamedTuple):
    """Expansion order of a search: ``order[i]`` is the i-th expanded location.

    ``reached[j]`` is the j-th location first seen, at expansion ``reached_step[j]``
    (-1 for the start), with its final cost so far ``reached_cost[j]``. ``complete`` is
    False when the trace was cut at ``limit``.
    """

    order: list[Any]
    reached: list[Any]
    reached_step: list[int]
    reached_cost: list[float]
    complete: bool


def heuristic_function(heuristic: Heuristic, grid: Grid) -> Callable[[Any, Any], float] | None:
    """The callable for ``heuristic`` on ``grid`` (None for the grid's default)."""
    heuristic = Heuristic(heuristic)
    scale = grid.straight_cost
    return {
        Heuristic.DEFAULT: None,
        Heuristic.MANHATTAN: lambda a, b: H.manhattan(a, b, scale),
        Heuristic.OCTILE: lambda a, b: H.octile(a, b, scale, grid.diagonal_cost),
        Heuristic.CHEBYSHEV: lambda a, b: H.chebyshev(a, b, scale),
        Heuristic.EUCLIDEAN: lambda a, b: H.euclidean(a, b, scale),
        Heuristic.ZERO: H.zero,
    }[heuristic]


def solve(grid: Grid, start: Any, goal: Any, algorithm: Algorithm, *,
          heuristic: Heuristic = Heuristic.DEFAULT, weight: float = 2.0,
          turn_cost: float = 1.0, max_seconds: float | None = None) -> Outcome:
    """Run one query with the library's public function for ``algorithm`` and time it.

    ``weight`` is used by WEIGHTED_ASTAR, ``turn_cost`` by ASTAR_TURNS. The times are
    apart (:class:`Outcome`): the query, PREPARED's preprocessing, and loading kernels.
    ``max_seconds`` is passed to every search that takes it (all but BFS, whose compiled
    grid search is fast; PREPARED's build running out of it gives
    ``reason=StopReason.MAX_SECONDS`` like the others). Errors from the library (a wall at
    the start, a grid the algorithm does not support) propagate unchanged.
    """
    algorithm = Algorithm(algorithm)
    h = heuristic_function(heuristic, grid)
    with KernelClock() as kernels:
        preprocess = 0.0
        began = time.perf_counter()
        if algorithm in TRACEABLE:
            result = _search(algorithm, grid, start, goal, h, weight, max_seconds)
        elif algorithm is Algorithm.JPS:
            result = jps(grid, start, goal, max_seconds=max_seconds)
        elif algorithm is Algorithm.PREPARED:
            try:
                prepared = prepare(grid, max_seconds=max_seconds)
            except BudgetExhaustedError:
                prepared = None
            preprocess = kernels.outside(time.perf_counter() - began)
            began = time.perf_counter()
            result = (SearchResult.unreachable(StopReason.MAX_SECONDS) if prepared is None
                      else prepared.search(start, goal))
        elif algorithm is Algorithm.THETA_STAR:
            result = theta_star(grid, start, goal, max_seconds=max_seconds)
        elif algorithm is Algorithm.ANY_ANGLE:
            result = any_angle(grid, start, goal, centres=True, max_seconds=max_seconds)
        else:
            result = astar_turns(grid, start, goal, turn_cost=turn_cost,
                                 max_seconds=max_seconds)
        seconds = kernels.outside(time.perf_counter() - began)
    return Outcome(result, seconds, preprocess, kernels.seconds)


def trace(grid: Grid, start: Any, goal: Any, algorithm: Algorithm, *,
          heuristic: Heuristic = Heuristic.DEFAULT, weight: float = 2.0,
          limit: int = 1_000_000, max_seconds: float | None = None) -> Trace:
    """The expansion order of ``algorithm`` (one of :data:`TRACEABLE`) from start to goal.

    The search runs in the generic engine over a graph whose ``neighbors`` records every
    expansion; it is stopped after ``limit`` expansions or ``max_seconds`` (then
    ``complete`` is False and the costs are unknown: ``inf``).

    Examples
    --------
    >>> import wayfinding as wf
    >>> cut = trace(wf.SquareGrid(5, 5), (0, 0), (4, 4), Algorithm.BFS, limit=3)
    >>> cut.order, cut.complete
    ([(0, 0), (0, 1), (1, 0)], False)
    """
    algorithm = Algorithm(algorithm)
    if algorithm not in TRACEABLE:
        raise InvalidParameterError(
            f"cannot trace {algorithm.value!r}; traceable: "
            f"{sorted(a.value for a in TRACEABLE)}")
    order: list[Any] = []
    reached: list[Any] = [tuple(start)]
    reached_step: list[int] = [-1]
    seen = {tuple(start)}
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds

    def neighbors(location: Any) -> list[Any]:
        step = len(order)
        if step >= limit or (deadline is not None and step % 256 == 0
                             and time.perf_counter() >= deadline):
            raise _Enough
        order.append(location)
        found = list(grid.neighbors(location))
        for n in found:
            if n not in seen:
                seen.add(n)
                reached.append(n)
                reached_step.append(step)
        return found

    graph = as_graph(neighbors, grid.cost)
    h = heuristic_function(heuristic, grid) or grid.heuristic
    try:
        result = _search(algorithm, graph, start, goal, h, weight)
    except _Enough:  # cut at ``limit``: the costs so far are not known
        return Trace(order, reached, reached_step, [math.inf] * len(reached), False)
    cost_so_far = result.cost_so_far
    reached_cost = [float(cost_so_far.get(n, math.inf)) for n in reached]
    return Trace(order, reached, reached_step, reached_cost, True)


def _search(algorithm: Algorithm, graph: Any, start: Any, goal: Any,
            h: Callable[[Any, Any], float] | None, weight: float,
            max_seconds: float | None = None) -> SearchResult:
    """One of the :data:`TRACEABLE` searches on ``graph`` (a grid or a recording graph)."""
    if algorithm is Algorithm.ASTAR:
        return astar(graph, start, goal, heuristic=h, max_seconds=max_seconds)
    if algorithm is Algorithm.WEIGHTED_ASTAR:
        return astar(graph, start, goal, heuristic=h, weight=weight, max_seconds=max_seconds)
    if algorithm is Algorithm.DIJKSTRA:
        return dijkstra(graph, start, goal, max_seconds=max_seconds)
    if algorithm is Algorithm.GREEDY:
        return greedy_best_first(graph, start, goal, heuristic=h, max_seconds=max_seconds)
    return breadth_first_search(graph, start, goal)


class _Enough(Exception):
    """Raised inside the search to stop a trace at its limit."""
