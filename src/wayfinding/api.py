"""The public search functions: one call for every kind of graph.

Each hands its graph to the tier that serves it (:mod:`wayfinding._dispatch`): a
:class:`~wayfinding.grid.Grid` to the compiled grid tier, a
:class:`~wayfinding.csr.CSRGraph` to the compiled graph tier, anything else (an object
with ``neighbors``, a networkx graph, a ``neighbors`` function) to the generic pure-Python
tier. All give the same costs.

Examples
--------
>>> import wayfinding as wf
>>> graph = wf.SimpleGraph({'A': ['B'], 'B': ['A', 'C', 'D'], 'C': ['A'], 'D': ['E', 'A'],
...                         'E': ['B']})
>>> wf.breadth_first_search(graph, 'A', 'E').path
['A', 'B', 'D', 'E']
>>> forest = wf.Grid.from_ascii('''
... .....
... .555.
... .....
... ''')
>>> wf.dijkstra(forest, (0, 1), (4, 1)).cost
6.0
>>> len(wf.astar(forest, (0, 1), (4, 1)).path)
7
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, overload

from ._dispatch import (
    serve,
    serve_bidirectional,
    serve_landmarks,
    serve_prepare,
    serve_search,
    serve_targets,
)
from .api_paths import (
    all_shortest_paths,
    bellman_ford,
    count_paths,
    find_negative_cycle,
    johnson,
    k_shortest_paths,
    shortest_simple_paths,
)
from .api_traversal import (
    beam_search,
    bfs_reach,
    bidirectional_bfs,
    depth_first_search,
    dijkstra_reach,
    fringe_search,
    idastar,
    iddfs,
)
from .errors import InvalidParameterError
from .result import SearchResult

__all__ = [
    "all_shortest_paths",
    "astar",
    "beam_search",
    "bellman_ford",
    "bfs_reach",
    "bidirectional_astar",
    "bidirectional_bfs",
    "bidirectional_dijkstra",
    "breadth_first_search",
    "count_paths",
    "depth_first_search",
    "dijkstra",
    "dijkstra_reach",
    "find_negative_cycle",
    "fringe_search",
    "greedy_best_first",
    "idastar",
    "iddfs",
    "johnson",
    "k_shortest_paths",
    "landmarks",
    "prepare",
    "shortest_simple_paths",
]

if TYPE_CHECKING:
    from .csr.graph import CSRGraph
    from .csr.landmarks import Landmarks
    from .csr.prepared import PreparedGraph
    from .grid.grid import Grid
    from .grid.landmarks import GridLandmarks
    from .grid.prepared import PreparedGrid, PrepareMethod

Heuristic = Callable[[Any, Any], float]


def breadth_first_search(graph: Any, start: Any, goal: Any = None, *,
                         depth_limit: int | None = None,
                         sort_neighbors: Callable[[Any], Any] | None = None,
                         max_seconds: float | None = None,
                         partial: bool = False) -> SearchResult:
    """Fewest steps from ``start`` (one location or a list/set of several) to ``goal``.

    ``goal`` may be a location, a list/set/frozenset of locations, a predicate, or None
    to visit everything reachable. Step costs are ignored; ``cost`` counts steps.
    ``max_seconds`` bounds the call (0: no work; a CSR graph's BFS, one kernel call, is
    not interrupted once running); with ``partial=True`` a search stopped short leads to
    the reached location nearest the goal (as for :func:`dijkstra`).
    ``depth_limit`` (locations that many steps away are not expanded) and
    ``sort_neighbors`` (gets a location's neighbours, returns them in the order to visit)
    are networkx's; with either, the search runs on the generic tier on any graph.

    Examples
    --------
    >>> import wayfinding as wf
    >>> wf.breadth_first_search(wf.SimpleGraph({1: [2], 2: [3]}), 1, 3).cost
    2.0
    >>> len(wf.breadth_first_search(wf.SquareGrid(9, 9), (4, 4), depth_limit=2).came_from)
    13
    """
    if depth_limit is None and sort_neighbors is None:
        return serve("breadth_first_search", graph, start, goal, max_seconds=max_seconds,
                     partial=partial)
    return serve_search("breadth_first_search", graph, start, goal, depth_limit=depth_limit,
                        sort_neighbors=sort_neighbors, max_seconds=max_seconds,
                        partial=partial)


def dijkstra(graph: Any, start: Any, goal: Any = None, *, max_cost: float | None = None,
             max_expansions: int | None = None, max_seconds: float | None = None,
             partial: bool = False, targets: Any = None) -> SearchResult:
    """Cheapest path from ``start`` (one or several) to ``goal`` (Dijkstra's algorithm).

    With ``goal=None`` it floods every location reachable within ``max_cost``. With
    ``targets`` (one location or a list/set of several, instead of ``goal``) it stops as
    soon as every target is settled: ``cost_so_far`` holds their cheapest costs and
    ``path`` leads to the last one settled (the farthest); when one cannot be reached,
    ``path`` is None (the flood ran out). A goal list stops at the *nearest* goal instead.
    ``partial=True`` leads a path cut short to the reached location nearest the goal by a
    distance that needs no search (:mod:`wayfinding._promising`: the grid's default
    heuristic, a CSR graph's coordinates, the graph's ``heuristic`` method; else the start).

    Examples
    --------
    >>> import wayfinding as wf
    >>> wf.dijkstra(wf.SimpleGraph({'a': {'b': 2.5}}), 'a', 'b').cost
    2.5
    >>> r = wf.dijkstra(wf.SimpleGraph({'a': {'b': 1.0, 'c': 4.0}}), 'a', targets=['b', 'c'])
    >>> r.goal, r.cost_so_far['b'], r.cost_so_far['c']
    ('c', 1.0, 4.0)
    """
    if targets is not None:
        return serve_targets(graph, start, goal, targets, max_cost=max_cost,
                             max_expansions=max_expansions, max_seconds=max_seconds,
                             partial=partial)
    return serve("dijkstra", graph, start, goal, max_cost=max_cost,
                 max_expansions=max_expansions, max_seconds=max_seconds, partial=partial)


def greedy_best_first(graph: Any, start: Any, goal: Any, *,
                      heuristic: Heuristic | None = None,
                      max_expansions: int | None = None, max_seconds: float | None = None,
                      partial: bool = False) -> SearchResult:
    """Expand whatever looks closest to ``goal``: fast, not always cheapest.

    On a Grid the default heuristic fits its movement rules; other graphs need one
    (a callable ``h(location, goal)`` or a :class:`~wayfinding.heuristics.Heuristic`
    member). With a goal given as a predicate the default is zero.

    Examples
    --------
    >>> import wayfinding as wf
    >>> wf.greedy_best_first(wf.SquareGrid(4, 1), (0, 0), (3, 0)).path
    [(0, 0), (1, 0), (2, 0), (3, 0)]
    """
    return serve("greedy_best_first", graph, start, goal, heuristic=heuristic,
                 max_expansions=max_expansions, max_seconds=max_seconds, partial=partial)


def astar(graph: Any, start: Any, goal: Any, *,
          heuristic: Heuristic | Landmarks | GridLandmarks | None = None,
          weight: float = 1.0, max_expansions: int | None = None,
          max_cost: float | None = None, max_seconds: float | None = None,
          partial: bool = False, turn_cost: float | None = None) -> SearchResult:
    """A* from ``start`` to ``goal``: optimal when the heuristic never overestimates.

    Parameters
    ----------
    graph : Grid, NavMesh, object with ``neighbors``/``cost``, networkx graph, or neighbors
        function. On a :class:`~wayfinding.navmesh.NavMesh` start and goal are points
        ``(x, y)`` and the answer is the Euclidean shortest path (Polyanya; see
        :mod:`wayfinding.navmesh.search`; no heuristic, weight or ``turn_cost``).
    start, goal : locations (the goal may also be a list/set of locations or a predicate)
        A tuple is always one location; a list, set or frozenset holds several goals, so
        on a grid ``[7, 4]`` is an error (write ``(7, 4)``). A goal that a graph with
        ``__contains__`` (``SimpleGraph``, networkx) does not hold raises, as a start does.
    heuristic : callable ``h(location, goal)`` or a ``wf.Heuristic`` member, optional
        Default: the Grid's own heuristic (admissible and consistent for every movement
        rule), or the graph's ``heuristic`` method; zero on other graphs and whenever the
        goal is a predicate (a heuristic you give is then called as
        ``h(location, predicate)``). What a heuristic must satisfy: it estimates the cost
        still to go, so every value is a finite number >= 0 and ``h(goal, goal)`` is 0
        (else InvalidParameterError, as for a string such as ``"manhattan"``: use
        ``wf.Heuristic.MANHATTAN``); the answer is optimal when it never overestimates
        (``h(a, goal) <= d(a, goal)``: admissible), and each location is expanded once
        when it is also consistent (``h(a, goal) <= cost(a, b) + h(b, goal)`` on every
        edge). An overestimating heuristic still gives a valid path, possibly dearer.
    weight : float
        ``f = g + weight * h``; above 1 is weighted A* (cost at most ``weight`` x optimal).
        Not networkx's edge ``weight``: for that, pass ``wf.as_graph(G, weight="length")``.
    max_expansions, max_cost, max_seconds : budgets, optional
        Stop early when one runs out (``result.reason`` says which).
    partial : bool
        When the goal is not reached, return the path to the most promising location.
    turn_cost : float, optional
        Grids only: also charge this much for every change of direction (the search runs
        over (cell, heading) states; see :func:`wayfinding.grid.turns.astar_turns`).
        Cannot be combined with a heuristic, weight, ``max_expansions``, ``max_cost`` or
        ``partial`` (``max_seconds`` is fine).

    Examples
    --------
    >>> import wayfinding as wf
    >>> grid = wf.Grid.from_ascii('''
    ... ...
    ... .#.
    ... ...
    ... ''', diagonal=True)
    >>> round(wf.astar(grid, (0, 0), (2, 2)).cost, 3)
    4.0
    """
    if isinstance(weight, str) or callable(weight):
        raise InvalidParameterError(
            f"astar's weight= is the heuristic weight of weighted A* (a number >= 0), got "
            f"{weight!r}; to choose a networkx edge attribute or cost function, wrap the "
            f"graph: wf.astar(wf.as_graph(G, weight={weight!r}), start, goal)"
        )
    if turn_cost is not None:
        if (heuristic is not None or weight != 1.0 or partial or max_expansions is not None
                or max_cost is not None):
            raise InvalidParameterError("turn_cost cannot be combined with heuristic, weight, "
                                        "max_expansions, max_cost or partial")
        from .grid.turns import astar_turns

        return astar_turns(graph, start, goal, turn_cost=turn_cost, max_seconds=max_seconds)
    return serve("astar", graph, start, goal, heuristic=heuristic, weight=weight,
                 max_expansions=max_expansions, max_cost=max_cost, max_seconds=max_seconds,
                 partial=partial)


def bidirectional_dijkstra(graph: Any, start: Any, goal: Any) -> SearchResult:
    """Cheapest path ``start -> goal`` by two Dijkstra searches meeting in the middle.

    Same cost as :func:`dijkstra`, usually with far fewer locations settled. On a
    :class:`~wayfinding.csr.CSRGraph` the compiled kernel runs; any other graph must know
    the edges into a location: a networkx graph (``pred``; an undirected graph is its own),
    a :class:`SimpleGraph`, or an object with a ``predecessors(location)`` method
    (else :class:`~wayfinding.errors.InvalidParameterError`; ``wf.compile_graph`` turns
    any graph into a CSR graph). One start and one goal location. ``came_from`` and
    ``cost_so_far`` hold the forward search's locations; ``expanded`` counts the
    locations settled by both searches.

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.Graph()
    >>> G.add_edge('a', 'b', weight=1.0)
    >>> G.add_edge('b', 'c', weight=2.0)
    >>> G.add_edge('a', 'c', weight=4.0)
    >>> bidirectional_dijkstra(G, 'c', 'a').path
    ['c', 'b', 'a']
    """
    return serve_bidirectional(graph, start, goal, None, False)


def bidirectional_astar(graph: Any, start: Any, goal: Any, *,
                        heuristic: Any = None) -> SearchResult:
    """Bidirectional A* with average potentials: optimal, and the same cost as
    :func:`dijkstra`.

    ``heuristic``: on a :class:`~wayfinding.csr.CSRGraph` None (its coordinates) or a
    :class:`~wayfinding.csr.Landmarks` object; on other graphs (as for
    :func:`bidirectional_dijkstra`) a callable ``h(a, b)`` (or a ``wf.Heuristic``
    member) that never overestimates the cost from ``a`` to ``b`` for any two locations
    and is consistent, as straight-line distance is; by default the graph's own
    ``heuristic`` method, else zero (bidirectional Dijkstra).

    Examples
    --------
    >>> import wayfinding as wf
    >>> graph = wf.SimpleGraph({(0, 0): {(1, 0): 1.0}, (1, 0): {(2, 0): 1.0}})
    >>> bidirectional_astar(graph, (0, 0), (2, 0), heuristic=wf.Heuristic.EUCLIDEAN).cost
    2.0
    """
    return serve_bidirectional(graph, start, goal, heuristic, True)


@overload
def landmarks(graph: CSRGraph, count: int = ...) -> Landmarks: ...
@overload
def landmarks(graph: Grid, count: int = ...) -> GridLandmarks: ...
def landmarks(graph: Any, count: int = 16) -> Any:
    """Landmarks for ALT: ``astar(graph, start, goal, heuristic=landmarks(graph))``.

    On a :class:`~wayfinding.csr.CSRGraph`, :class:`~wayfinding.csr.Landmarks`
    (:func:`wayfinding.csr.alt.landmarks`: farthest-point selection, distances to and from
    each landmark); on a :class:`~wayfinding.Grid`,
    :class:`~wayfinding.grid.landmarks.GridLandmarks` (:mod:`wayfinding.grid.alt`: shared
    out among the components by size, by the grid's own movement rules and costs).
    Anything else raises InvalidParameterError (``wf.compile_graph`` makes a CSR graph).

    Examples
    --------
    >>> import wayfinding as wf
    >>> grid = wf.Grid.from_ascii('....\\n.##.\\n....')
    >>> wf.astar(grid, (0, 0), (3, 2), heuristic=landmarks(grid, count=2)).cost
    5.0
    """
    return serve_landmarks(graph, count)


@overload
def prepare(graph: CSRGraph, method: None = ..., *,
            max_seconds: float | None = ...) -> PreparedGraph: ...
@overload
def prepare(graph: Grid, method: PrepareMethod | None = ..., *,
            max_seconds: float | None = ...) -> PreparedGrid: ...
def prepare(graph: Any, method: Any = None, *, max_seconds: float | None = None) -> Any:
    """Preprocess a static graph for fast exact single-pair queries.

    A :class:`~wayfinding.grid.Grid` gets a :class:`~wayfinding.grid.prepared.PreparedGrid`
    (subgoal graph and contraction hierarchy: see
    :func:`wayfinding.grid.prepared.prepare`, whose ``method`` it takes); a
    :class:`~wayfinding.csr.CSRGraph` gets a :class:`~wayfinding.csr.prepared.PreparedGraph`
    (a contraction hierarchy of its arcs, directed or not). Both answer
    ``.search(start, goal)`` with the same :class:`SearchResult` (full path, optimal cost)
    and report ``build_seconds`` and ``nbytes``; both save and load checked files.

    ``max_seconds`` (finite, >= 0) bounds the build: when it runs out (or on Ctrl-C) the
    build stops within milliseconds and raises BudgetExhaustedError.

    Examples
    --------
    >>> import wayfinding as wf
    >>> g = wf.CSRGraph.from_edges([0, 1, 2], [1, 2, 0], [1.0, 1.0, 1.0])
    >>> prepared = wf.prepare(g)
    >>> prepared.search(1, 0).path, prepared.search(1, 0).cost
    ([1, 2, 0], 2.0)
    >>> wf.prepare({'a': ['b']})
    Traceback (most recent call last):
    ...
    wayfinding.errors.InvalidParameterError: prepare needs a Grid or a CSRGraph \
(wf.compile_graph makes one of any graph), got dict
    """
    return serve_prepare(graph, method, max_seconds)
