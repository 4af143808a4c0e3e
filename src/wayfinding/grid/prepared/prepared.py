"""Prepared grids: :func:`prepare` builds a :class:`PreparedGrid`, which answers queries.

The subgoal graph of the grid (:mod:`._kernels.subgoal`) is handed to the hierarchy of
:mod:`wayfinding.hierarchy`; a query (:mod:`._kernels.query`) joins its start and goal
to the subgoals they see and turns the hierarchy's path back into cells. The method is
described in :mod:`wayfinding.grid.prepared`.

Examples
--------
>>> import numpy as np
>>> from wayfinding import Grid
>>> mask = np.ones((5, 9), bool); mask[1:4, 4] = False
>>> prepared = prepare(Grid(mask, diagonal=True))
>>> prepared.subgoals, prepared.core, round(prepared.search((0, 2), (8, 2)).cost, 3)
(4, 0, 9.657)
"""

from __future__ import annotations

import functools
import os
import threading
import time

import numpy as np

from ..._inputs import check_budget
from ..._kernels.codes import STATUS_FOUND, STATUS_HEAP_FULL
from ...errors import InvalidParameterError, StaleDataError
from ...hierarchy import Hierarchy
from ...hierarchy.hierarchy import describe
from ...result import SearchResult, StopReason
from .._checks import passable_index
from ..components import component_labels
from ..grid import Grid
from ..jps import JPS_PLAN, jps
from ..jps import answer as jps_answer
from ..stoppable import STOPPED, out_of_time, run_stoppable
from . import builders, files, parts
from .builders import jps_plus_tables
from .method import PrepareMethod, check_grid
from .table import FirstMoves

__all__ = ["MAX_HIERARCHY_EDGES", "PreparedGrid", "prepare"]

Location = tuple[int, int]

#: Subgoal graphs with more edges than this are not contracted (queries then run A* on
#: the subgoal graph). A contraction stops at its work budget anyway
#: (:data:`wayfinding.hierarchy.hierarchy.WORK_LIMIT`), its core left to A*:
#: game maps have at most 40 000 edges and contract in seconds, as do mazes and rooms;
#: 512x512 maps strewn with random obstacles (145 000 to 230 000 edges) contract in part
#: (build times: ``benchmarks/NOTES.md``, "Prepared grids"). This bound keeps larger
#: graphs (whose labels would grow with them) from a long build.
MAX_HIERARCHY_EDGES = 1_000_000


def prepare(grid: Grid, method: PrepareMethod = PrepareMethod.SUBGOAL_CH, *,
            max_seconds: float | None = None) -> PreparedGrid:
    """Preprocess a static grid for fast optimal queries.

    Parameters
    ----------
    grid : Grid
        Every cell of the same cost; 8-way with ``CornerCutting.NEVER`` (the MovingAI
        rules), or 4-way for ``PrepareMethod.JPS``, ``TABLE`` and ``AUTO``. Prepared from
        a :meth:`~wayfinding.Grid.snapshot` of it (one version, even while another thread
        edits it: ``version`` says which); editing it afterwards makes the prepared data
        stale.
    method : PrepareMethod
        The preprocessing method: ``SUBGOAL_CH`` (the default), ``JPS``, ``TABLE`` (small
        grids: a first-move table), or ``AUTO``, which builds the methods that serve the
        grid (``SUBGOAL_CH`` on 8-way grids, ``TABLE`` up to
        :data:`.table.AUTO_TABLE_CELLS` open cells), times up to
        :data:`.auto.AUTO_QUERIES` sample queries (random pairs of open cells of one
        component, half of them near each other, the same every time) by each and by
        jump point search, within :data:`.auto.AUTO_SECONDS`, and keeps the fastest. The
        result's ``method`` says which; ``auto_timing`` gives the seconds measured.
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
        For per-cell costs, 8-way grids with another corner rule, diagonal steps
        cheaper than straight ones or dearer than two, 4-way grids for
        ``SUBGOAL_CH``, and grids of more than :data:`.table.TABLE_MAX_CELLS` open
        cells for ``TABLE``.
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
    snapshot = grid.snapshot()  # built from one version, even while another thread edits
    scale = check_grid(snapshot, method)
    if max_seconds != 0:
        deadline = None if max_seconds is None else begin + max_seconds
        make = functools.partial(PreparedGrid, source=grid)
        prepared = run_stoppable(lambda stop: builders.build(
            make, snapshot, method, scale, stop, MAX_HIERARCHY_EDGES), deadline)
        if prepared is not STOPPED:
            prepared.build_seconds = time.perf_counter() - begin
            return prepared
    raise out_of_time(f"prepare() ran out of its max_seconds={max_seconds!r} on this "
                      f"{grid.width}x{grid.height} grid", begin,
                      "give it more time, or search without preprocessing")


class PreparedGrid:
    """Preprocessed data of one grid; made by :func:`prepare` or :meth:`load`.

    Attributes
    ----------
    grid : Grid
        The grid it answers queries on.
    version : int
        The version of ``grid`` it was built from (its data is of that version only; a
        query raises StaleDataError once the grid's cells differ from it).
    method : PrepareMethod
        How it was built.
    build_seconds : float
        Time :func:`prepare` took (as recorded at build time for a loaded file).
    nbytes : int
        Memory held by the preprocessed arrays and by a table of the ``(x, y)`` tuples
        paths are made of (the grid's own arrays and the per-thread query buffers, about
        100 bytes per subgoal, not included); with ``JPS``, by the scan bitmaps and
        component labels.
    subgoals, edges, shortcuts : int
        Size of the subgoal graph and number of shortcuts the hierarchy added.
    core : int
        Subgoals left uncontracted at the top of the hierarchy (0 on most maps; maps
        strewn with small obstacles keep a core, where the contraction ran out of its
        work budget, that queries cross by an A* search).
    auto_timing : dict or None
        For ``PrepareMethod.AUTO``: the thread CPU seconds each method took on the sample
        queries (by method value: ``"jps"``, ``"subgoal_ch"``, ``"table"``, each method
        built) and how many were timed (``"queries"``); None otherwise (also for a
        loaded file, and on a 4-way grid too large for ``TABLE``).

    With ``method`` ``TABLE``, ``search`` follows the first-move table (``expanded``
    counts the entries read: the path's steps); with ``JPS_PLUS`` it answers as
    :func:`~wayfinding.jps` does, reading the JPS+ tables. With ``method`` ``JPS``,
    ``JPS_PLUS`` or ``TABLE`` there is no subgoal graph (``subgoals``, ``edges``,
    ``shortcuts`` and ``core`` are 0) and :meth:`search` is :func:`~wayfinding.jps`.
    """

    def __init__(self, grid: Grid, method: PrepareMethod, scale: float,
                 subgoal_id: np.ndarray | None, clear: np.ndarray | None,
                 cells: np.ndarray | None, hierarchy: Hierarchy | None,
                 build_seconds: float, *, n_edges: int, fingerprint: str | None = None,
                 table: FirstMoves | None = None, source: Grid | None = None):
        # ``grid``: the snapshot the arrays were built from (builders pass theirs);
        # ``source``: the grid queries are asked on (by default the snapshot's grid)
        snapshot = grid.snapshot()
        if source is None:
            source = snapshot if snapshot._source is None else snapshot._source
        self.grid = source
        self.version = snapshot.version
        self._snapshot = snapshot
        self.method = method
        self.build_seconds = float(build_seconds)
        self.auto_timing: dict[str, float] | None = None
        self._fingerprint = fingerprint or files.grid_fingerprint(snapshot)
        self._checked = snapshot.version  # the grid's latest version seen with these cells
        self._scale = scale
        self._subgoal_id = subgoal_id
        self._clear = clear
        self._cells = cells
        self._hierarchy = hierarchy
        self._table = table
        self._local = threading.local()
        #: Queries the hierarchy could not answer, answered by jps instead (always 0 for
        #: data made by prepare(); a safety net for tampered files).
        self.fallbacks = 0
        grid = snapshot  # every array below is of the snapshot's one version
        flat = grid.flat
        self._stride = flat.stride
        # the component labels by padded flat index (read at open cells only)
        self._components = component_labels(grid).flat
        self.subgoals = self.core = self.edges = self.shortcuts = 0
        self._jump: tuple[np.ndarray, np.ndarray] | None = None
        if method in (PrepareMethod.JPS, PrepareMethod.JPS_PLUS):
            plan = self._plan = grid.derived(JPS_PLAN)  # the jump-point data, built now
            self._jps_nbytes = plan.bits.nbytes + self._components.nbytes
            if method is PrepareMethod.JPS_PLUS:
                self._jump = jps_plus_tables(plan)
                self._jps_nbytes += sum(table.nbytes for table in self._jump)
            return
        if method is PrepareMethod.TABLE and self._table is None:  # read from a file
            self._table = FirstMoves(grid)
        if hierarchy is not None:
            assert subgoal_id is not None and clear is not None and cells is not None
            self.subgoals = int(cells.shape[0])
            self.core = hierarchy.n_core
            self.edges = int(n_edges)
            self.shortcuts = hierarchy.shortcuts
            self._static = (flat.passable, subgoal_id, cells, clear,
                            *hierarchy.query_arrays(), flat.stride,
                            grid.movement.straight_cost, grid.movement.diagonal_cost)
        m = grid.movement
        self._locations = parts.location_table(flat.passable, flat.stride)
        self._n_passable = int(np.count_nonzero(flat.passable))
        # memoryviews of the open cells and labels: indexing them gives Python ints,
        # faster than numpy scalars
        self._open_view = memoryview(flat.passable)
        self._label_view = memoryview(self._components)
        # the scaled step costs of paths' cost_so_far (the movement rules are part of the
        # fingerprint: an edit of them makes this data stale)
        self._step_costs = (m.straight_cost * scale, m.diagonal_cost * scale)

    @property
    def nbytes(self) -> int:
        if self.method in (PrepareMethod.JPS, PrepareMethod.JPS_PLUS):
            return int(self._jps_nbytes)
        # a slot per cell and a 2-tuple (64 bytes) per passable one
        table = self._locations.nbytes + 64 * self._n_passable
        if self._table is not None:
            return self._table.nbytes + table
        assert self._hierarchy is not None
        arrays = [self._subgoal_id, self._clear, self._cells]
        return int(sum(a.nbytes for a in arrays)) + self._hierarchy.nbytes + table

    def __repr__(self) -> str:
        return describe("PreparedGrid", f"{self.grid.width}x{self.grid.height}, "
                        f"{self.method.name}, subgoals={self.subgoals}, "
                        f"shortcuts={self.shortcuts}, core={self.core}",
                        self.nbytes, self.build_seconds)

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
        InvalidLocationError
            When ``start`` or ``goal`` is outside the grid or a wall.
        StaleDataError
            When the grid was edited after the build.

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
        if self.grid.version != self._checked:
            self._revalidate()
        grid = self._snapshot  # the prepared version's cells and data
        if self.method is PrepareMethod.JPS:
            return jps(grid, start, goal)
        if self._jump is not None:  # JPS_PLUS
            plan = self._plan
            s = passable_index(grid, plan.open_view, plan.stride, start, "start")
            t = passable_index(grid, plan.open_view, plan.stride, goal, "goal")
            return jps_answer(plan, s, t, tables=self._jump)
        s = passable_index(grid, self._open_view, self._stride, start, "start")
        t = passable_index(grid, self._open_view, self._stride, goal, "goal")
        if s == t:
            return SearchResult.trivial(self._locations[s])
        if self._label_view[s] != self._label_view[t]:
            return SearchResult.disconnected(self._locations[s])
        if self._table is not None:  # PrepareMethod.TABLE
            cells, cost = self._table.query(s, t)
            examined = cells.shape[0] - 1
            status = STATUS_FOUND
        else:
            status, cells, cost, examined = self._hierarchy_query(s, t)
        if status != STATUS_FOUND:  # a safety net (seen only with tampered files)
            self.fallbacks += 1
            return jps(grid, self._locations[s], self._locations[t])
        # the same (x, y) tuples every time, taken from a table: much faster than new ones
        path = self._locations.take(cells).tolist()
        cost *= self._scale
        came_from, cost_so_far = parts.path_maps(path, *self._step_costs)
        return SearchResult(path, cost, came_from, cost_so_far, examined, StopReason.FOUND,
                            False, path[-1])

    def _hierarchy_query(self, s: int, t: int) -> tuple[int, np.ndarray, float, int]:
        """``(status, path cells, cost / scale, entries read)`` by the hierarchy."""
        kernels = parts.query_kernel()
        work = self._workspace()
        while True:
            status, cells, cost, examined = kernels.query(*self._static, s, t, *work.arrays)
            if status != STATUS_HEAP_FULL:
                break
            work.grow_heap()
        return status, cells, cost, examined

    def _revalidate(self) -> None:
        """Accept an edited grid only if its cells are back to what was prepared."""
        now = self.grid.snapshot()  # one version, even while another thread edits
        if files.grid_fingerprint(now) != self._fingerprint:
            raise StaleDataError(
                f"the grid was edited after prepare() (version {now.version}, "
                f"prepared at version {self.version}): prepare it again"
            )
        self._checked = now.version

    def _workspace(self) -> parts.QueryWorkspace:
        work = getattr(self._local, "work", None)
        if work is None:
            work = self._local.work = parts.QueryWorkspace(self.subgoals, self.core,
                                                           self._snapshot)
        return work

    # ------------------------------------------------------------------ files
    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the preprocessed data to one ``.npz`` file (any name works).

        The file records a format version and a fingerprint of the grid (size, walls,
        movement rules, cell cost); :meth:`load` refuses it for any other grid.
        """
        if self.grid.version != self._checked:
            self._revalidate()
        files.write(path, self.method, self._fingerprint, self.build_seconds, self.edges,
                    self._cells, self._hierarchy)

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
        ...     prepare(grid).save(os.path.join(folder, 'g'))
        ...     PreparedGrid.load(os.path.join(folder, 'g'), grid).method.name
        'SUBGOAL_CH'
        """
        return files.read(path, grid, cls)
