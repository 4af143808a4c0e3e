"""Public searches beyond best-first: the depth-first family, bidirectional breadth-first
search, lazy reachability, fringe and beam search; one call for every kind of graph
(each handed to its tier by :func:`wayfinding._dispatch.serve_search`).

Compiled where users run them on large inputs: :func:`bidirectional_bfs`,
:func:`bfs_reach` and :func:`dijkstra_reach` on CSR graphs and grids, :func:`idastar` on
grids; the rest run on the generic tier for any graph (grids and CSR graphs included).

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.SquareGrid(5, 5)
>>> wf.bidirectional_bfs(grid, (0, 0), (4, 4)).cost, wf.idastar(grid, (0, 0), (4, 4)).cost
(8.0, 8.0)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ._dispatch import serve_search
from .paths import ReachItem
from .result import SearchResult

__all__ = [
    "beam_search",
    "bfs_reach",
    "bidirectional_bfs",
    "depth_first_search",
    "dijkstra_reach",
    "fringe_search",
    "idastar",
    "iddfs",
]

Order = Callable[[Iterable[Any]], Iterable[Any]]


def depth_first_search(graph: Any, start: Any, goal: Any = None, *,
                       depth_limit: int | None = None, sort_neighbors: Order | None = None,
                       max_expansions: int | None = None,
                       max_seconds: float | None = None) -> SearchResult:
    """Visit locations depth first from ``start`` (one or several) until ``goal`` (Rust
    ``dfs``; networkx's ``dfs_tree`` / ``dfs_preorder_nodes``, whose ``depth_limit`` and
    ``sort_neighbors`` it takes). The path found is a path, not the shortest; ``cost``
    counts its steps and ``came_from`` is the depth-first tree, in visiting order.

    Examples
    --------
    >>> import wayfinding as wf
    >>> g = wf.SimpleGraph({1: [2, 3], 2: [4], 3: [4], 4: []})
    >>> wf.depth_first_search(g, 1, 4).path, list(wf.depth_first_search(g, 1).came_from)
    ([1, 2, 4], [1, 2, 4, 3])
    """
    return serve_search("depth_first_search", graph, start, goal, depth_limit=depth_limit,
                        sort_neighbors=sort_neighbors, max_expansions=max_expansions,
                        max_seconds=max_seconds)


def iddfs(graph: Any, start: Any, goal: Any, *, max_depth: int | None = None,
          max_expansions: int | None = None, max_seconds: float | None = None
          ) -> SearchResult:
    """The fewest-steps path by iterative deepening depth-first search (Rust ``iddfs``):
    depth-first rounds limited to 0, 1, 2, ... steps, memory proportional to the path.
    ``max_depth`` bounds the rounds (then ``reason`` MAX_COST).

    Examples
    --------
    >>> import wayfinding as wf
    >>> wf.iddfs(wf.SimpleGraph({1: [2, 3], 2: [4], 3: [5], 4: [5]}), 1, 5).path
    [1, 3, 5]
    """
    return serve_search("iddfs", graph, start, goal, max_depth=max_depth,
                        max_expansions=max_expansions, max_seconds=max_seconds)


def idastar(graph: Any, start: Any, goal: Any, *, heuristic: Any = None,
            max_expansions: int | None = None, max_seconds: float | None = None
            ) -> SearchResult:
    """An optimal path by iterative deepening A* (Rust ``idastar``, python-pathfinding's
    ``IDAStarFinder``): depth-first rounds bounded by ``g + h``. ``heuristic`` as for
    :func:`wayfinding.astar` (on a grid its own by default, and the search is compiled).
    Memory grows with the path only, time can grow fast on open maps: use a budget.

    Examples
    --------
    >>> import wayfinding as wf
    >>> grid = wf.Grid.from_ascii('''
    ... ....
    ... .##.
    ... ....
    ... ''', diagonal=True)
    >>> wf.idastar(grid, (0, 0), (3, 2)).cost
    5.0
    """
    return serve_search("idastar", graph, start, goal, heuristic=heuristic,
                        max_expansions=max_expansions, max_seconds=max_seconds)


def bidirectional_bfs(graph: Any, start: Any, goal: Any) -> SearchResult:
    """The fewest-steps path by two breadth-first searches meeting in the middle
    (networkx's ``bidirectional_shortest_path``, Rust ``bfs_bidirectional``,
    PathFinding.js's ``BiBreadthFirstFinder``). Compiled on CSR graphs and grids; other
    graphs must know their predecessors (as for :func:`wayfinding.bidirectional_dijkstra`).

    Examples
    --------
    >>> import networkx as nx, wayfinding as wf
    >>> wf.bidirectional_bfs(nx.path_graph(5), 0, 4).path
    [0, 1, 2, 3, 4]
    """
    return serve_search("bidirectional_bfs", graph, start, goal)


def bfs_reach(graph: Any, start: Any) -> Iterator[Any]:
    """Every location reachable from ``start`` (one or several), lazily, in breadth-first
    order (Rust ``bfs_reach``; networkx's ``bfs_tree`` nodes). Compiled on CSR graphs and
    grids (in growing slices: stopping early costs little).

    Examples
    --------
    >>> import wayfinding as wf
    >>> list(wf.bfs_reach(wf.SimpleGraph({'a': ['b', 'c'], 'b': ['d']}), 'a'))
    ['a', 'b', 'c', 'd']
    """
    return serve_search("bfs_reach", graph, start)


def dijkstra_reach(graph: Any, start: Any) -> Iterator[ReachItem]:
    """Every location reachable from ``start`` (one or several), lazily, in order of cost,
    as :class:`~wayfinding.paths.ReachItem` ``(location, parent, cost)`` (Rust
    ``dijkstra_reach``). Compiled on CSR graphs and grids.

    Examples
    --------
    >>> import wayfinding as wf
    >>> [item.location for item in wf.dijkstra_reach(wf.Grid.from_ascii('.5.\\n...'), (0, 0))]
    [(0, 0), (0, 1), (1, 1), (2, 1), (2, 0), (1, 0)]
    """
    return serve_search("dijkstra_reach", graph, start)


def fringe_search(graph: Any, start: Any, goal: Any, *, heuristic: Any = None,
                  max_expansions: int | None = None, max_seconds: float | None = None
                  ) -> SearchResult:
    """An optimal path by fringe search (Björnsson et al. 2005: IDA*'s rounds over a list,
    with costs remembered), one of the searches the A* texts name. ``heuristic`` as for
    :func:`wayfinding.astar`.

    Examples
    --------
    >>> import wayfinding as wf
    >>> wf.fringe_search(wf.Grid.from_ascii('.5.\\n...'), (0, 0), (2, 0)).cost
    4.0
    """
    return serve_search("fringe_search", graph, start, goal, heuristic=heuristic,
                        max_expansions=max_expansions, max_seconds=max_seconds)


def beam_search(graph: Any, start: Any, goal: Any, *, beam_width: int,
                heuristic: Any = None, max_expansions: int | None = None,
                max_seconds: float | None = None) -> SearchResult:
    """A path by beam search as the A* texts describe it: A* whose frontier keeps at most
    ``beam_width`` locations (the worst ``f`` is dropped). Not always the cheapest path,
    and it may miss one (``reason`` EXHAUSTED). networkx's ``bfs_beam_edges`` keeps the
    best ``width`` of each breadth-first level instead.

    Examples
    --------
    >>> import wayfinding as wf
    >>> wf.beam_search(wf.SquareGrid(8, 8), (0, 0), (7, 7), beam_width=3).cost
    14.0
    """
    return serve_search("beam_search", graph, start, goal, beam_width=beam_width,
                        heuristic=heuristic, max_expansions=max_expansions,
                        max_seconds=max_seconds)
