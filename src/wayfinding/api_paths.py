"""Public searches for several paths and for negative costs: one call for every kind of
graph (each handed to its tier by :func:`wayfinding._dispatch.serve_search`).

* :func:`k_shortest_paths` / :func:`shortest_simple_paths`: Yen's k cheapest loopless
  paths (compiled on CSR graphs and grids);
* :func:`all_shortest_paths`: every optimal path, as predecessor lists (compiled on CSR
  graphs and grids); :func:`count_paths`: paths in a graph without cycles;
* :func:`bellman_ford`, :func:`find_negative_cycle`, :func:`johnson`: negative costs
  (compiled on CSR graphs). Every other search refuses a negative cost.

Examples
--------
>>> import wayfinding as wf
>>> g = wf.SimpleGraph({'s': {'a': 1, 'b': 2}, 'a': {'t': 2}, 'b': {'t': 1}})
>>> [cost for path, cost in wf.k_shortest_paths(g, 's', 't', 2)]
[3.0, 3.0]
>>> wf.all_shortest_paths(g, 's', 't').count()
2
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ._dispatch import serve_search
from .paths import KShortestPaths, OptimalPaths
from .result import SearchResult

__all__ = ["all_shortest_paths", "bellman_ford", "count_paths", "find_negative_cycle",
           "johnson", "k_shortest_paths", "shortest_simple_paths"]


def k_shortest_paths(graph: Any, start: Any, goal: Any, k: int, *,
                     max_expansions: int | None = None,
                     max_seconds: float | None = None) -> KShortestPaths:
    """The ``k`` cheapest loopless paths from ``start`` to ``goal`` (Yen's algorithm;
    Rust ``pathfinding``'s ``yen``).

    Returns a :class:`~wayfinding.paths.KShortestPaths`: ``paths`` and ``costs`` in
    nondecreasing order of cost (fewer than ``k`` when fewer exist), ``expanded``,
    ``reason``; iterating gives ``(path, cost)`` pairs. On a CSR graph or a grid the
    spur searches are compiled A* searches guided by exact distances to the goal. A
    budget that runs out keeps the paths found so far (``reason`` says which budget).

    Examples
    --------
    >>> import wayfinding as wf
    >>> g = wf.CSRGraph.from_edges("sabsa", "abtbt", [1.0, 1.0, 1.0, 3.0, 4.0])
    >>> result = wf.k_shortest_paths(g, "s", "t", 3)
    >>> result.paths, result.costs
    ([['s', 'a', 'b', 't'], ['s', 'b', 't'], ['s', 'a', 't']], [3.0, 4.0, 5.0])
    """
    return serve_search("k_shortest_paths", graph, start, goal, k,
                        max_expansions=max_expansions, max_seconds=max_seconds)


def shortest_simple_paths(graph: Any, start: Any, goal: Any) -> Iterator[list[Any]]:
    """Every loopless path from ``start`` to ``goal``, cheapest first, each found when
    asked for (networkx's ``shortest_simple_paths``; it counts hops by default: use
    ``wf.as_graph(G, weight=None)`` for that).

    Examples
    --------
    >>> import itertools, networkx as nx, wayfinding as wf
    >>> G = nx.cycle_graph(5)
    >>> list(itertools.islice(wf.shortest_simple_paths(wf.as_graph(G, weight=None), 0, 2), 2))
    [[0, 1, 2], [0, 4, 3, 2]]
    """
    return serve_search("shortest_simple_paths", graph, start, goal)


def all_shortest_paths(graph: Any, start: Any, goal: Any = None, *, heuristic: Any = None,
                       max_expansions: int | None = None,
                       max_seconds: float | None = None) -> OptimalPaths:
    """Every cheapest path from ``start`` (one or several) to ``goal`` (networkx's
    ``all_shortest_paths`` and ``dijkstra_predecessor_and_distance``, Rust
    ``pathfinding``'s ``astar_bag`` with ``heuristic``).

    Returns an :class:`~wayfinding.paths.OptimalPaths`: a SearchResult (``path`` one
    optimal path) with ``predecessors`` (each location's predecessors on optimal paths),
    ``goals``; iterate it for the paths, ``count()`` for their number. With ``goal=None``
    it is a flood: ``result.paths(to=v)`` and ``result.count(to=v)`` for any ``v``
    reached. Costs equal within a relative 1e-9 count as equal.

    Examples
    --------
    >>> import wayfinding as wf
    >>> grid = wf.Grid.from_ascii('''
    ... ...
    ... .#.
    ... ...
    ... ''')
    >>> result = wf.all_shortest_paths(grid, (0, 0), (2, 2))
    >>> result.cost, result.count(), sorted(result)
    (4.0, 2, [[(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)], [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]])
    """
    return serve_search("all_shortest_paths", graph, start, goal, heuristic=heuristic,
                        max_expansions=max_expansions, max_seconds=max_seconds)


def count_paths(graph: Any, start: Any, goal: Any) -> int:
    """The number of paths from ``start`` to ``goal`` in a graph whose paths to the goal
    hold no cycle (Rust ``pathfinding``'s ``count_paths``); a path ends at the first
    goal it meets. A cycle on a path to the goal raises InvalidParameterError naming it.

    Examples
    --------
    >>> import wayfinding as wf
    >>> wf.count_paths(wf.SimpleGraph({0: [1, 2], 1: [2, 3], 2: [3]}), 0, 3)
    3
    """
    return serve_search("count_paths", graph, start, goal)


def bellman_ford(graph: Any, start: Any, goal: Any = None, *,
                 max_expansions: int | None = None,
                 max_seconds: float | None = None) -> SearchResult:
    """Cheapest paths from ``start`` (one or several) when edge costs may be negative.

    Every reachable location gets its cheapest cost (there is no early exit); ``path``
    leads to the cheapest ``goal`` (None: a flood). Build graphs with negative costs with
    ``SimpleGraph(..., negative_costs=True)`` or ``CSRGraph.from_*(...,
    negative_costs=True)`` (networkx graphs take them as they are). On a CSR graph the
    compiled queue-based kernel runs. Raises
    :class:`~wayfinding.errors.NegativeCycleError` (``error.cycle``) when a negative
    cycle is reachable.

    Examples
    --------
    >>> import wayfinding as wf
    >>> g = wf.CSRGraph.from_edges("sbat", "batb", [2.0, -3.0, 1.0, 5.0],
    ...                            negative_costs=True)
    >>> r = wf.bellman_ford(g, "s", "t")
    >>> r.path, r.cost
    (['s', 'b', 'a', 't'], 0.0)
    >>> loop = wf.CSRGraph.from_edges("sab", "aba", [1.0, 1.0, -3.0], negative_costs=True)
    >>> wf.bellman_ford(loop, "s")
    Traceback (most recent call last):
    ...
    wayfinding.errors.NegativeCycleError: negative cycle 'a' -> 'b' -> 'a' (total cost -2.0)
    """
    return serve_search("bellman_ford", graph, start, goal, max_expansions=max_expansions,
                        max_seconds=max_seconds)


def find_negative_cycle(graph: Any, start: Any) -> list[Any] | None:
    """A negative cycle reachable from ``start`` as ``[a, ..., a]``, or None (networkx's
    ``find_negative_cycle``, which raises when there is none).

    Examples
    --------
    >>> import networkx as nx, wayfinding as wf
    >>> G = nx.DiGraph([(0, 1, {"weight": 1}), (1, 2, {"weight": -4}), (2, 1, {"weight": 2})])
    >>> wf.find_negative_cycle(G, 0)
    [1, 2, 1]
    """
    return serve_search("find_negative_cycle", graph, start)


def johnson(graph: Any, sources: Any = None) -> dict[Any, SearchResult]:
    """Cheapest paths from each of ``sources`` (default: every location) when costs may be
    negative (Johnson's algorithm: one Bellman-Ford, then a Dijkstra per source on
    reweighted costs; networkx's and scipy's ``johnson``).

    Returns ``{source: SearchResult}``, floods whose ``cost_so_far`` and ``came_from``
    hold the cheapest costs and paths from that source (on a CSR graph
    ``cost_so_far.array`` is a row of scipy's distance matrix). Raises
    NegativeCycleError when a negative cycle is reachable from a source.

    Examples
    --------
    >>> import wayfinding as wf
    >>> g = wf.SimpleGraph({'a': {'b': -2}, 'b': {'c': 3}, 'c': {'a': 1}}, negative_costs=True)
    >>> wf.johnson(g)['c'].cost_so_far['b']
    -1.0
    """
    return serve_search("johnson", graph, sources)
