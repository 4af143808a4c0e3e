"""The most promising location reached, for partial paths of searches without a heuristic.

A* and greedy best-first keep the location with the lowest heuristic as they go. Dijkstra
and breadth-first search have no heuristic, so by their own order the most promising
location would always be a start (cost 0): a partial path of one location. Instead, when
such a search stops short of its goal and ``partial=True``, one pass over the locations it
reached picks the one closest to the goal by a distance that needs no search:

- on a :class:`~wayfinding.grid.Grid`, the grid's default heuristic (octile distance on
  8-way grids, Manhattan on 4-way ones, in steps: entry costs do not change the order);
- on a :class:`~wayfinding.csr.CSRGraph` with coordinates, its coordinate metric
  (straight-line or great-circle distance);
- on any other graph, the graph's own ``heuristic(location, goal)`` method.

Ties (and graphs with none of these) go to the lowest cost so far, then to the location
reached first, so without any distance the partial path is the start alone. With several
goals the distance is to the nearest one; a goal given as a predicate names no location to
measure, and leaves the path as the search gave it. The pass costs O(locations reached),
after the search's own budget (numpy on the compiled tiers; one heuristic call per
location on the generic tier).

Examples
--------
>>> import wayfinding as wf
>>> r = wf.dijkstra(wf.SquareGrid(30, 30), (0, 0), (29, 29), max_expansions=50, partial=True)
>>> r.partial, r.path[0], r.path[-1] != (0, 0), r.reason.name
(True, (0, 0), True, 'MAX_EXPANSIONS')
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from ._inputs import goal_locations
from .result import SearchResult, StopReason

if TYPE_CHECKING:
    from .csr.graph import CSRGraph

__all__ = ["aim_csr", "aim_generic", "aim_grid", "lowest"]


def lowest(estimates: np.ndarray, costs: np.ndarray) -> int:
    """Index of the lowest estimate, ties by the lowest cost, then by the first index.

    >>> lowest(np.array([3.0, 1.0, 1.0]), np.array([0.0, 5.0, 4.0]))
    2
    """
    estimates = np.where(np.isnan(estimates), np.inf, estimates)
    ties = np.flatnonzero(estimates == estimates.min())
    return int(ties[np.argmin(costs[ties])])


def _wants(result: SearchResult) -> bool:
    """A search that asked for a partial path and reached no goal (nor gave up at once)."""
    return result.reason is not StopReason.FOUND and len(result.cost_so_far) > 0


def _moved(result: SearchResult, end: Any) -> SearchResult:
    """``result`` with its partial path leading to ``end`` (a location it reached)."""
    came_from = result.came_from
    path = [end]
    while (back := came_from[path[-1]]) is not None:
        path.append(back)
    path.reverse()
    return SearchResult(path, float(result.cost_so_far[end]), came_from, result.cost_so_far,
                        result.expanded, result.reason, True, end, result.extra)


def aim_grid(goal: Any, result: SearchResult, d: float, d2: float,
             diagonal: bool) -> SearchResult:
    """``result`` of a compiled grid search, its partial path moved to the reached cell
    nearest the goal by the grid's default distance (see the module notes): straight steps
    cost ``d``, diagonal ones ``d2`` (``diagonal``: 8-way; ``d`` 0: 1 and sqrt 2). The
    grid tier passes them (``grid/search.py``), so this module imports no grid code."""
    goals = goal_locations(goal)
    if not _wants(result) or not goals:
        return result
    reached = result.cost_so_far.cells  # type: ignore[attr-defined]
    x, y = reached.xy()
    d, d2 = (d, d2) if d > 0 else (1.0, math.sqrt(2.0))
    estimates = np.full(x.shape[0], np.inf)
    for gx, gy in goals:
        dx, dy = np.abs(x - gx), np.abs(y - gy)
        h = d * (dx + dy)
        if diagonal:
            h += (d2 - 2.0 * d) * np.minimum(dx, dy)
        np.minimum(estimates, h, out=estimates)
    i = lowest(estimates, reached.cost)
    return _moved(result, (int(x[i]), int(y[i])))


def aim_csr(graph: CSRGraph, goals: np.ndarray, result: SearchResult) -> SearchResult:
    """``result`` of a CSR search, its partial path moved to the reached node nearest the
    goal nodes ``goals`` by the graph's coordinate metric (without coordinates: the
    search's own partial path, else the start)."""
    if not _wants(result) or not goals.shape[0] or (
            graph.coordinates is None and result.path is not None):
        return result
    from .csr.graph import Metric

    reached = result.cost_so_far.reached  # type: ignore[attr-defined]
    nodes = reached.nodes
    coords = graph.coordinates
    estimates = np.full(nodes.shape[0], np.inf if coords is not None else 0.0)
    for t in goals.tolist() if coords is not None else ():
        if graph.metric is Metric.EUCLIDEAN:
            h = np.hypot(coords[nodes, 0] - coords[t, 0], coords[nodes, 1] - coords[t, 1])
        else:  # haversine: only the order matters, so no Earth radius
            lon, lat = np.radians(coords[nodes, 0]), np.radians(coords[nodes, 1])
            lon_t, lat_t = np.radians(coords[t, 0]), np.radians(coords[t, 1])
            h = (np.sin(0.5 * (lat - lat_t)) ** 2
                 + np.cos(lat) * np.cos(lat_t) * np.sin(0.5 * (lon - lon_t)) ** 2)
        np.minimum(estimates, h, out=estimates)
    i = lowest(estimates, reached.cost)
    node = int(nodes[i])
    return _moved(result, node if graph.labels is None else graph.label(node))


def aim_generic(graph: Any, goal: Any, result: SearchResult) -> SearchResult:
    """``result`` of a generic-tier search, its partial path moved to the reached location
    nearest the goal by the graph's own ``heuristic`` method (unchanged without one)."""
    goals = goal_locations(goal)
    measure = getattr(graph, "heuristic", None)
    if not _wants(result) or not goals or (measure is None and result.path is not None):
        return result
    locations = list(result.cost_so_far)
    estimates = np.array([0.0 if measure is None else min(float(measure(location, g))
                                                          for g in goals)
                          for location in locations])
    costs = np.array([result.cost_so_far[location] for location in locations])
    return _moved(result, locations[lowest(estimates, costs)])
