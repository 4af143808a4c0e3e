"""Preprocessing for static grids: build once, then answer queries in microseconds.

``prepare(grid)`` builds a :class:`PreparedGrid`; its :meth:`~PreparedGrid.search` gives
the same optimal cost as :func:`wayfinding.astar`, much faster, as long as the grid is
not edited (an edited grid is refused with :class:`~wayfinding.errors.StaleDataError`).

The method (:class:`PrepareMethod`) was chosen by measurement on the MovingAI dao maps:
the subgoal graph alone, searched with A*, answers 3-10x faster than A* on the grid, about
as fast as :func:`~wayfinding.grid.jps.jps` (JPS+ jump tables, which only save jump point
search its scanning, are reported 2-3x faster than JPS); with a contraction hierarchy
and hub labels on top it answers the dao scenarios about 70x faster than A* on average
when it answers many queries in a row (all 159,465 dao scenarios, map by map; 54x on a
5% sample), and about 25x when every query follows an A* search that has cooled the
caches (``benchmarks/fast_algorithms.py``, with and without ``--blocks``):

``SUBGOAL_CH``
    A simple subgoal graph (T. Uras, S. Koenig and C. Hernandez, "Subgoal Graphs for
    Optimal Pathfinding in Eight-Neighbor Grids", ICAPS 2013): the convex corners of
    obstacles, joined when one is reachable from the other in a straight-or-diagonal
    freespace line with no corner in the way; then a contraction hierarchy on that graph
    (T. Uras and S. Koenig, "Understanding Subgoal Graphs by Augmenting Contraction
    Hierarchies", IJCAI 2018), whose upward search spaces are stored as hub labels (I.
    Abraham, D. Delling, A. Goldberg and R. Werneck, "A Hub-Based Labeling Algorithm for
    Shortest Paths on Road Networks", SEA 2011). A query joins start and goal to the
    corners they see, finds the best common hub of their labels, unpacks the shortcuts
    and fills in the cells. Subgoal graphs that would take too long to contract (more
    than :data:`MAX_HIERARCHY_EDGES` edges, or a contraction that exceeds its work
    budget: maps strewn with random obstacles) keep no hierarchy, and queries run A* on
    the subgoal graph instead (still optimal, about 1.5x faster than A* on the grid).
    It serves 8-way grids without corner cutting (the MovingAI rule) where every cell
    costs the same.

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

from __future__ import annotations

import enum
import hashlib
import math
import os
import threading
import time

import numpy as np

from .._archive import NpzReader
from ..errors import InvalidParameterError, StaleDataError, UnsupportedGridError
from ..graph.engine import check_budget
from ..result import SearchResult, StopReason
from . import prepared_parts as parts
from ._checks import passable_index
from .components import component_labels
from .grid import Grid
from .jps import jps, supported_scale
from .stoppable import STOPPED, Stopped, out_of_time, run_stoppable

__all__ = ["FORMAT_VERSION", "MAX_HIERARCHY_EDGES", "PrepareMethod", "PreparedGrid",
           "grid_fingerprint", "prepare"]

Location = tuple[int, int]

#: Version of the file layout written by :meth:`PreparedGrid.save`.
FORMAT_VERSION = 1

#: Subgoal graphs with more edges than this are not contracted (queries then run A* on
#: the subgoal graph). Measured on the MovingAI maps: game maps have at most 40 000
#: edges and contract in seconds, as do mazes and rooms; maps strewn with random
#: obstacles (random512-10/20/30: 145 000 to 230 000 edges) would take minutes, as the
#: hierarchy gets dense long before its top.
MAX_HIERARCHY_EDGES = 100_000


class PrepareMethod(enum.Enum):
    """Preprocessing methods for :func:`prepare`."""

    #: Subgoal graph with a contraction hierarchy (8-way, no corner cutting, uniform cost).
    SUBGOAL_CH = "subgoal_ch"


def prepare(grid: Grid, method: PrepareMethod = PrepareMethod.SUBGOAL_CH, *,
            max_seconds: float | None = None) -> PreparedGrid:
    """Preprocess a static grid for fast optimal queries.

    Parameters
    ----------
    grid : Grid
        8-way, ``CornerCutting.NEVER``, every cell of the same cost (the MovingAI rules).
        The grid is kept (not copied); editing it afterwards makes the prepared data stale.
    method : PrepareMethod
        The preprocessing method.
    max_seconds : float, optional
        Time budget (finite, >= 0). A half-built preprocessing answers nothing, so when
        the budget runs out ``prepare`` stops within milliseconds and raises
        BudgetExhaustedError (0: at once, without any work). Ctrl-C stops it the same
        way (KeyboardInterrupt): the compiled work runs in a worker thread that checks a
        stop flag.

    Returns
    -------
    PreparedGrid
        With ``build_seconds`` and ``nbytes`` (memory of the preprocessed data).

    Raises
    ------
    UnsupportedGridError
        For 4-way grids, other corner rules, per-cell costs or diagonal steps cheaper
        than straight ones or dearer than two.
    InvalidParameterError
        When ``method`` is not a :class:`PrepareMethod`, or ``max_seconds`` is negative
        or not finite.
    BudgetExhaustedError
        When ``max_seconds`` runs out first.

    Examples
    --------
    >>> import numpy as np
    >>> from wayfinding import Grid
    >>> prepared = prepare(Grid(np.ones((3, 4), bool), diagonal=True))
    >>> prepared.search((0, 0), (3, 2)).cost == 1 + 2 * 2 ** 0.5
    True
    >>> prepare(Grid(np.ones((3, 4), bool), diagonal=True), max_seconds=0)
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    wayfinding.errors.BudgetExhaustedError: prepare() ran out of its max_seconds=0.0 ...
    """
    begin = time.perf_counter()
    if not isinstance(method, PrepareMethod):
        raise InvalidParameterError(
            f"method must be a PrepareMethod member, got {method!r}")
    max_seconds = check_budget("max_seconds", max_seconds)
    scale = _check_grid(grid, method)
    if max_seconds != 0:
        deadline = None if max_seconds is None else begin + max_seconds
        prepared = run_stoppable(lambda stop: _build(grid, method, scale, stop), deadline)
        if prepared is not STOPPED:
            prepared.build_seconds = time.perf_counter() - begin
            return prepared
    raise out_of_time(f"prepare() ran out of its max_seconds={max_seconds!r} on this "
                      f"{grid.width}x{grid.height} grid", begin,
                      "give it more time, or search without preprocessing")


def _build(grid: Grid, method: PrepareMethod, scale: float, stop: np.ndarray) -> PreparedGrid:
    """The work of :func:`prepare` (in a worker thread; raises Stopped once ``stop[0]``)."""
    from ._kernels import ch, ch_labels, subgoal  # numba is imported lazily

    def check() -> None:
        if stop[0]:
            raise Stopped

    passable, subgoal_id, cells, clear = parts.subgoal_arrays(grid)
    flat = grid.flat
    m = grid.movement
    check()
    tails, heads = subgoal.subgoal_edges(passable, subgoal_id, cells, clear, flat.stride,
                                         grid.height, grid.width, stop)
    check()
    weights = parts.edge_weights(cells, tails, heads, flat.stride, m.straight_cost,
                            m.diagonal_cost)
    hierarchy = None
    if tails.shape[0] <= MAX_HIERARCHY_EDGES:
        hierarchy = ch.contract(cells.shape[0], tails, heads, weights, ch.SETTLE, ch.HOPS,
                                ch.QUICK_SETTLE, ch.QUICK_HOPS, ch.WORK_LIMIT, stop)[:-1]
        check()
    if hierarchy is None or hierarchy[1] < 0:
        hierarchy = ch.flat_core(cells.shape[0], tails, heads, weights)
    graph = parts.by_rank(cells, *hierarchy)
    subgoal_id[graph["cells"]] = np.arange(graph["cells"].shape[0], dtype=np.int32)
    labels = ch_labels.build_labels(cells.shape[0], graph["up_start"], graph["up_from"],
                                    graph["up_to"], graph["up_w"], stop)
    check()
    graph.update(zip(("label_start", "label_hd", "label_edge"), labels, strict=True))
    return PreparedGrid(grid, method, scale, subgoal_id, clear, graph, 0.0,
                        n_edges=int(tails.shape[0]))


class PreparedGrid:
    """Preprocessed data of one grid; made by :func:`prepare` or :meth:`load`.

    Attributes
    ----------
    grid : Grid
        The grid it answers queries on.
    method : PrepareMethod
        How it was built.
    build_seconds : float
        Time :func:`prepare` took (as recorded at build time for a loaded file).
    nbytes : int
        Memory held by the preprocessed arrays and by a table of the ``(x, y)`` tuples
        paths are made of (the grid's own arrays and the per-thread query buffers, about
        100 bytes per subgoal, not included).
    subgoals, edges, shortcuts : int
        Size of the subgoal graph and number of shortcuts the hierarchy added.
    core : int
        Subgoals left uncontracted at the top of the hierarchy (0 on most maps; grid-like
        maps strewn with small obstacles keep a core that queries cross by a Dijkstra
        search).
    """

    def __init__(self, grid: Grid, method: PrepareMethod, scale: float,
                 subgoal_id: np.ndarray, clear: np.ndarray, graph: dict[str, np.ndarray],
                 build_seconds: float, *, n_edges: int, fingerprint: str | None = None):
        self.grid = grid
        self.method = method
        self.build_seconds = float(build_seconds)
        self._scale = scale
        self._subgoal_id = subgoal_id
        self._clear = clear
        self._graph = graph
        self._version = grid.version
        self._fingerprint = fingerprint or grid_fingerprint(grid)
        self._local = threading.local()
        self.subgoals = int(graph["cells"].shape[0])
        self.core = int(graph["core_start"].shape[0] - 1)
        self.edges = int(n_edges)
        self.shortcuts = int(np.count_nonzero(graph["up_low"] >= 0))
        #: Queries the hierarchy could not answer, answered by jps instead (always 0 for
        #: data made by prepare(); a safety net for tampered files).
        self.fallbacks = 0
        flat = grid.flat
        m = grid.movement
        self._stride = flat.stride
        self._locations = parts.location_table(flat.passable, flat.stride)
        self._n_passable = int(np.count_nonzero(flat.passable))
        # the grid's component labels by padded flat index: valid as long as the grid is
        # what was prepared
        self._components = component_labels(grid).flat
        self._static = (flat.passable, subgoal_id, graph["cells"], clear,
                        *(graph[key] for key in _QUERY_KEYS), flat.stride,
                        m.straight_cost, m.diagonal_cost)

    @property
    def nbytes(self) -> int:
        arrays = [self._subgoal_id, self._clear, *self._graph.values()]
        # a slot per cell and a 2-tuple (64 bytes) per passable one
        table = self._locations.nbytes + 64 * self._n_passable
        return int(sum(a.nbytes for a in arrays)) + table

    def __repr__(self) -> str:
        return (f"PreparedGrid({self.grid.width}x{self.grid.height}, {self.method.name}, "
                f"subgoals={self.subgoals}, shortcuts={self.shortcuts}, core={self.core}, "
                f"nbytes={self.nbytes}, build_seconds={self.build_seconds:.3f})")

    # ------------------------------------------------------------------ queries
    def search(self, start: Location, goal: Location) -> SearchResult:
        """Shortest path from ``start`` to ``goal``.

        Returns
        -------
        SearchResult
            The full cell-by-cell ``path`` and its ``cost`` (the optimum, as
            :func:`wayfinding.astar` finds). ``expanded`` counts the hub-label entries read
            (the query's work); ``came_from`` and ``cost_so_far`` follow the path (each cell
            maps to the one before it and to its cost from ``start``). Start and goal in
            different components give ``path=None``, ``expanded=0``,
            ``reason=DISCONNECTED``.

        Raises
        ------
        StaleDataError
            When the grid was edited after the build.
        InvalidLocationError
            When ``start`` or ``goal`` is outside the grid or a wall.

        Examples
        --------
        >>> from wayfinding import Grid
        >>> grid = Grid.from_ascii('''
        ... ...
        ... .#.
        ... ...
        ... ''', diagonal=True)
        >>> prepare(grid).search((0, 0), (2, 2)).path
        [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)]
        """
        grid = self.grid
        if grid.version != self._version:
            self._revalidate()
        passable = self._static[0]
        s = passable_index(grid, passable, self._stride, start, "start")
        t = passable_index(grid, passable, self._stride, goal, "goal")
        start, goal = self._locations[s], self._locations[t]
        if s == t:
            return SearchResult([start], 0.0, {start: None}, {start: 0.0}, 0,
                                StopReason.FOUND, False, start)
        if self._components[s] != self._components[t]:
            return SearchResult(None, math.inf, {start: None}, {start: 0.0}, 0,
                                StopReason.DISCONNECTED, False, None)
        kernels = parts.query_kernel()
        work = self._workspace()
        while True:
            status, cells, cost, examined = kernels.query(*self._static, s, t, *work.arrays)
            if status != kernels.STATUS_HEAP_FULL:
                break
            work.grow_heap()
        if status != kernels.STATUS_FOUND:  # a safety net (seen only with tampered files)
            self.fallbacks += 1
            return jps(grid, start, goal)
        # the same (x, y) tuples every time, taken from a table: much faster than new ones
        path = self._locations.take(cells).tolist()
        cost *= self._scale
        m = grid.movement
        came_from, cost_so_far = parts.path_maps(path, m.straight_cost * self._scale,
                                            m.diagonal_cost * self._scale)
        return SearchResult(path, cost, came_from, cost_so_far, int(examined),
                            StopReason.FOUND, False, goal)

    def _revalidate(self) -> None:
        """Accept an edited grid only if it is back to what was prepared."""
        if grid_fingerprint(self.grid) != self._fingerprint:
            raise StaleDataError(
                f"the grid was edited after prepare() (version {self.grid.version}, "
                f"prepared at version {self._version}): prepare it again"
            )
        self._version = self.grid.version

    def _workspace(self) -> parts.QueryWorkspace:
        work = getattr(self._local, "work", None)
        if work is None:
            work = self._local.work = parts.QueryWorkspace(self.subgoals, self.core, self.grid)
        return work

    # ------------------------------------------------------------------ files
    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the preprocessed data to one ``.npz`` file (any name works).

        The file records a format version and a fingerprint of the grid (size, walls,
        movement rules, cell cost); :meth:`load` refuses it for any other grid.
        """
        if self.grid.version != self._version:
            self._revalidate()
        header = {
            "format_version": np.int64(FORMAT_VERSION),
            "method": np.str_(self.method.value),
            "fingerprint": np.str_(self._fingerprint),
            "build_seconds": np.float64(self.build_seconds),
            "edges": np.int64(self.edges),
        }
        with open(path, "wb") as handle:
            np.savez(handle, **header, **self._graph)

    @classmethod
    def load(cls, path: str | os.PathLike[str], grid: Grid) -> PreparedGrid:
        """Read a file written by :meth:`save` for ``grid``.

        The file is not trusted: only the members :meth:`save` writes are read, each
        checked against a size bound derived from ``grid`` (its number of subgoals)
        before it is decompressed, and every array the queries read is checked (dtypes,
        shapes, index ranges, weights, the structure of the hierarchy and its labels)
        before it is used. A checked but tampered file can only make queries slower or
        their paths longer: every path is checked cell by cell against the grid (a query
        whose path fails falls back to :func:`~wayfinding.grid.jps.jps`).

        Raises
        ------
        StaleDataError
            When the file is not a prepared-grid file of this format version, was
            written for a grid other than ``grid`` (other walls, size, rules or cost), or
            is damaged (truncated, altered, unknown members, arrays out of range); the
            message names the file and what is wrong. Prepare the grid again.
        FileNotFoundError
            When there is no file at ``path``.
        UnsupportedGridError
            When ``grid`` itself cannot be prepared.

        Examples
        --------
        >>> import os, tempfile
        >>> from wayfinding import Grid
        >>> grid = Grid.from_ascii('..#.\\n....', diagonal=True)
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     name = os.path.join(folder, 'grid.prepared')
        ...     prepare(grid).save(name)
        ...     with open(name, 'r+b') as handle:
        ...         _ = handle.truncate(300)
        ...     PreparedGrid.load(name, grid)
        Traceback (most recent call last):
        ...
        wayfinding.errors.StaleDataError: '...grid.prepared' is not a prepared-grid file: \
not a readable .npz archive (File is not a zip file)
        """
        name = repr(os.fspath(path))
        def damaged(message: str) -> StaleDataError:
            return StaleDataError(f"{name} is not a prepared-grid file: {message}")

        with NpzReader(path, _FILE_KEYS, damaged) as archive:
            missing = set(_FILE_KEYS) - archive.names
            if missing:
                raise StaleDataError(f"{name} is not a prepared-grid file "
                                     f"(missing {sorted(missing)})")
            version = int(archive.read("format_version", np.int64, (), limit=1))
            if version != FORMAT_VERSION:
                raise StaleDataError(f"{name} has format version {version}; this "
                                     f"wayfinding reads version {FORMAT_VERSION}: prepare "
                                     "the grid again")
            method_name = str(archive.read("method", "U", (), limit=1))
            try:
                method = PrepareMethod(method_name)
            except ValueError:
                raise StaleDataError(f"{name} was made by an unknown method "
                                     f"{method_name!r}") from None
            scale = _check_grid(grid, method)
            fingerprint = grid_fingerprint(grid)
            if str(archive.read("fingerprint", "U", (), limit=1)) != fingerprint:
                raise StaleDataError(f"{name} was prepared for another grid "
                                     "(walls, size, movement rules or cell cost differ)")
            build_seconds = float(archive.read("build_seconds", np.float64, (), limit=1))
            edges = int(archive.read("edges", np.int64, (), limit=1))
            _passable, subgoal_id, cells, clear = parts.subgoal_arrays(grid)
            graph = parts.read_graph(archive, cells.shape[0])
        problem = parts.check_graph(graph, cells, grid)
        if problem is None and not (math.isfinite(build_seconds) and build_seconds >= 0
                                    and edges >= 0):
            problem = f"build_seconds {build_seconds} or edges {edges} out of range"
        if problem is not None:
            raise StaleDataError(f"{name} is damaged: {problem}; prepare the grid again")
        subgoal_id[graph["cells"]] = np.arange(cells.shape[0], dtype=np.int32)
        return cls(grid, method, scale, subgoal_id, clear, graph, build_seconds,
                   n_edges=edges, fingerprint=fingerprint)


#: The arrays the query kernel takes after the grid, subgoal ids, cells and clearances.
_QUERY_KEYS = ("up_from", "up_to", "up_low", "up_high", "core_start", "core_to", "core_w",
               "core_low", "core_high", "label_start", "label_hd", "label_edge")
#: Every array of the prepared data (saved in files).
_GRAPH_KEYS = ("cells", "up_start", "up_w", *_QUERY_KEYS)
#: Every member of a file written by :meth:`PreparedGrid.save`.
_FILE_KEYS = ("format_version", "method", "fingerprint", "build_seconds", "edges",
              *_GRAPH_KEYS)


# ---------------------------------------------------------------------- helpers
def grid_fingerprint(grid: Grid) -> str:
    """A hash of what the preprocessed data depends on: size, walls, rules, cell cost.

    Examples
    --------
    >>> from wayfinding import Grid
    >>> a, b = Grid.from_ascii('..'), Grid.from_ascii('..')
    >>> grid_fingerprint(a) == grid_fingerprint(b)
    True
    >>> b.set_wall((1, 0)); grid_fingerprint(a) == grid_fingerprint(b)
    False
    """
    m = grid.movement
    digest = hashlib.blake2b(digest_size=16)
    costs = grid.costs
    cost_values = b"" if costs is None else np.ascontiguousarray(costs).tobytes()
    digest.update(
        f"{grid.width}x{grid.height};{m.diagonal};{m.straight_cost!r};"
        f"{m.diagonal_cost!r};{m.corner_cutting.value}".encode()
    )
    digest.update(np.packbits(grid.passable_mask).tobytes())
    digest.update(cost_values)
    return digest.hexdigest()


def _check_grid(grid: Grid, method: PrepareMethod) -> float:
    name = f"prepare(method={method})"
    if not grid.diagonal:
        raise UnsupportedGridError(
            f"{name} serves 8-way grids (diagonal=True); this grid is 4-way: use jps or astar"
        )
    return supported_scale(grid, name)
