"""Preprocessing for static grids: build once, then answer queries in microseconds.

``prepare(grid)`` builds a :class:`PreparedGrid`; its :meth:`~PreparedGrid.search` gives
the same optimal cost as :func:`wayfinding.astar`, much faster, as long as the grid is
not edited (an edited grid is refused with :class:`~wayfinding.errors.StaleDataError`).

The methods (:class:`PrepareMethod`) were chosen by measurement on the MovingAI maps
(the figures: ``benchmarks/NOTES.md``, "Prepared grids"): the subgoal graph alone,
searched with A*, answers several times faster than A* on the grid, about as fast as
:func:`~wayfinding.grid.jps.jps`; with a contraction hierarchy and hub labels on top it
answers the dao scenarios tens of times faster than A*:

``SUBGOAL_CH``
    A simple subgoal graph (T. Uras, S. Koenig and C. Hernandez, "Subgoal Graphs for
    Optimal Pathfinding in Eight-Neighbor Grids", ICAPS 2013): the convex corners of
    obstacles, joined when one is reachable from the other in a straight-or-diagonal
    freespace line with no corner in the way; then a contraction hierarchy on that graph
    (T. Uras and S. Koenig, "Understanding Subgoal Graphs by Augmenting Contraction
    Hierarchies", IJCAI 2018; contracted as the CSR graphs' are, by
    :func:`wayfinding.hierarchy.build_directed`, each edge an arc both ways), whose
    upward search spaces are stored as hub labels (I.
    Abraham, D. Delling, A. Goldberg and R. Werneck, "A Hub-Based Labeling Algorithm for
    Shortest Paths on Road Networks", SEA 2011). A query joins start and goal to the
    corners they see, finds the best common hub of their labels, unpacks the shortcuts
    and fills in the cells. On maps strewn with random obstacles the hierarchy gets dense
    before its top: the contraction stops at its work budget and leaves a core, which
    queries cross by A* between the core hubs of start and goal. Subgoal graphs
    with more than :data:`MAX_HIERARCHY_EDGES` edges are not contracted at all, and
    queries run A* on the subgoal graph (still optimal, and faster than A* on the
    grid).
    It serves 8-way grids without corner cutting (the MovingAI rule) where every cell
    costs the same.

``JPS``
    No graph: the grid's jump-point data (scan bitmaps, component labels) built at once,
    and queries answered by :func:`~wayfinding.grid.jps.jps`. Serves 4-way grids too.
    On small or open maps, where a query expands a handful of jump points, it beats the
    subgoal hierarchy, whose queries pay a fixed cost for joining start and goal to
    their subgoals (``benchmarks/gppc.py``); and on maps strewn with random obstacles, where no
    hierarchy is built, jump point search beats A* on the subgoal graph.

``JPS_PLUS``
    JPS+ (S. Rabin and F. Silva, "JPS+: An Extreme A* Speed Optimization for Static
    Uniform Cost Grids", Game AI Pro 2, 2015), in the form of this library's jump point
    search: where every straight scan from every cell stops, and how many diagonal steps
    each diagonal ray takes to its next jump point, are stored per cell and direction
    (16 bytes a cell, built in milliseconds), so a query reads what ``JPS`` scans for:
    the same jump points, paths and costs, faster on open maps. 8-way grids.

``TABLE``
    The first move of a shortest path from every open cell to every other (one reverse
    flood per open cell, a byte per pair): a query walks its path and searches nothing.
    Grids of at most 16,384 open cells (:data:`.table.TABLE_MAX_CELLS`), 4- or 8-way.

``AUTO``
    Builds the methods that serve the grid (``SUBGOAL_CH`` and ``JPS_PLUS`` on 8-way
    grids, ``TABLE`` up to :data:`.table.AUTO_TABLE_CELLS` open cells), times their
    compiled queries and jump point search's on a fixed sample of the map's own queries
    (:func:`~.auto.sample_queries`, at most :data:`~.auto.AUTO_QUERIES` pairs or
    :data:`~.auto.AUTO_SECONDS`), and keeps the fastest, so that it is never slower than
    jump point search by more than the timing's noise. The prepared grid records the
    method kept (and ``auto_timing``); a saved file loads as that method.

Modules: ``prepared`` (:func:`prepare`, :class:`PreparedGrid`), ``auto`` (the timing
behind ``AUTO``), ``method``
(:class:`PrepareMethod`, the grids it serves), ``parts`` (subgoal data, query buffers,
paths' maps), ``files`` (save/load), ``_kernels`` (the subgoal graph and the query from
cell to cell); the hierarchy itself is :mod:`wayfinding.hierarchy`.

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('''
... .......
... .#####.
... .#...#.
... .......
... ''', diagonal=True)
>>> prepared = prepare(grid)
>>> result = prepared.search((3, 2), (3, 0))
>>> round(result.cost, 3), len(result.path), result.path[-1]
(9.414, 10, (3, 0))
>>> result.cost == wf.astar(grid, (3, 2), (3, 0)).cost
True
"""

from .files import FORMAT_VERSION, grid_fingerprint
from .method import PrepareMethod
from .prepared import MAX_HIERARCHY_EDGES, PreparedGrid, prepare

__all__ = ["FORMAT_VERSION", "MAX_HIERARCHY_EDGES", "PrepareMethod", "PreparedGrid",
           "grid_fingerprint", "prepare"]
