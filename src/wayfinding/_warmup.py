"""``wayfinding warmup``: compile every kernel into numba's on-disk cache ahead of use.

numba compiles a kernel the first time it is called with a new combination of argument
types and, with ``cache=True``, saves the machine code (see :mod:`wayfinding._cache` for
where). Each task below runs one family of algorithms on a tiny input through the public
API, so exactly the specialisations real calls use are compiled and saved; a later
process loads them instead of compiling.

With ``jobs > 1`` the tasks run in parallel processes, one :data:`GROUPS` entry each. Two
processes must never compile different specialisations of one kernel at once (each
would rewrite numba's cache index of that kernel from what it saw, and one entry could
be lost or point at the other's code), so tasks whose kernels overlap (the grid kernels
that Theta* smoothing and jump point search share, the pair heap of D* Lite and Theta*)
are in one group and run one after the other. A task that shares kernels with two
groups (prepared grids: jump point search and floods with the grid group, the
contraction with the compiled graph tier) is in :data:`LAST` and starts once the tasks
it shares them with (:data:`AFTER`) are done, when what it shares is already in the
cache. The groups are balanced by measured compile time
(``benchmarks/startup.py --kernels``).

Examples
--------
>>> sorted(TASKS)[:3]
['anyangle', 'batch', 'csr']
>>> sorted(name for group in (*GROUPS, LAST) for name in group) == sorted(TASKS)
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from multiprocessing import get_context
from typing import Any

from .errors import InvalidParameterError

__all__ = ["AFTER", "GROUPS", "LAST", "TASKS", "run_task", "warmup"]

_ROOM = """
..........
.####.....
.#........
.#..###...
....#.....
..........
"""


def _grid(**options: Any) -> Any:
    from .grid import Grid

    return Grid.from_ascii(_ROOM, **options)


def _grid_search() -> None:
    """Dijkstra, greedy, A* (heap and bucket queue, landmarks), BFS, terrain classes,
    resumable A*."""
    import numpy as np

    import wayfinding as wf

    for diagonal in (False, True):
        grid = _grid(diagonal=diagonal)
        wf.astar(grid, (0, 0), (9, 5))
        wf.dijkstra(grid, (0, 0), (9, 5))
        wf.dijkstra(grid, (0, 0))
        wf.greedy_best_first(grid, (0, 0), (9, 5))
        wf.breadth_first_search(grid, (0, 0), (9, 5))
        wf.connected(grid, (0, 0), (9, 5))
        wf.astar(grid, (0, 0), (9, 5), heuristic=wf.landmarks(grid, count=2))
    weighted = wf.Grid.from_ascii(_ROOM.replace("..", "3."), diagonal=False)
    wf.astar(weighted, (0, 0), (9, 5))
    wf.astar(weighted, (0, 0), [(9, 5), (9, 0)])
    classes = np.ones((6, 10), np.uint8)
    classes[:, 5:] = 2
    wf.astar(wf.Grid(np.ones((6, 10), bool), classes=classes), (0, 0), (4, 5))
    search = wf.AStarSearch(_grid(diagonal=True), (0, 0), (9, 5))
    while not search.step(max_expansions=4):
        pass


def _worlds() -> None:
    """Hex, voxel, wrap-around and knight-move worlds: A* (heap and bucket queue),
    Dijkstra, BFS, components, and the paged searches of large worlds."""
    import numpy as np

    import wayfinding as wf

    from .grid import paged

    hexes = wf.HexGrid(np.ones((5, 6), bool), np.full((5, 6), 2.0))
    worlds = [
        wf.HexGrid(np.ones((5, 6), bool)),  # whole costs: the bucket queue
        hexes,
        wf.VoxelGrid(np.ones((3, 4, 5), bool)),
        wf.Grid(np.ones((4, 6), bool), diagonal=True, wrap=(True, True)),
        wf.Grid(np.ones((6, 6), bool), moves=[(2, 1, 5 ** 0.5), (1, 2, 5 ** 0.5)]),
    ]
    saved = paged.PAGED_CELLS, paged.FIRST_PAGES
    try:
        for large in (False, True):  # then as large worlds: search state in pages
            if large:
                paged.PAGED_CELLS, paged.FIRST_PAGES = 0, 1
            for world in worlds:
                cells = list(world.locations())
                wf.astar(world, cells[0], cells[-1])
                wf.dijkstra(world, cells[0], cells[-1])
                wf.breadth_first_search(world, cells[0], cells[-1])
    finally:
        paged.PAGED_CELLS, paged.FIRST_PAGES = saved
    cells = list(hexes.locations())
    wf.connected(hexes, cells[0], cells[-1])


def _grid_jps() -> None:
    """Jump point search and A* with turn costs."""
    import wayfinding as wf

    for diagonal in (False, True):
        grid = _grid(diagonal=diagonal)
        wf.jps(grid, (0, 0), (9, 5))
        wf.astar_turns(grid, (0, 0), (9, 5), turn_cost=1.0)


def _prepared() -> None:
    """Prepared grids (subgoal graph, contraction hierarchy, hub labels; JPS+ tables;
    first-move tables; AUTO's timing) and their batches."""
    import wayfinding as wf

    grid = _grid(diagonal=True)
    for method in (wf.PrepareMethod.SUBGOAL_CH, wf.PrepareMethod.JPS_PLUS,
                   wf.PrepareMethod.TABLE, wf.PrepareMethod.AUTO):
        prepared = wf.prepare(grid, method)
        prepared.search((0, 0), (9, 5))
        wf.batch.prepared(prepared, [(0, 0)], [(9, 5)])


def _fields() -> None:
    """Floods, distance fields and flow fields."""
    import wayfinding as wf

    grid = _grid(diagonal=True)
    field = wf.flood(grid, [(0, 0)])
    field.path_to((9, 5))
    wf.flow_field(grid, (9, 5)).path_from((0, 0))


def _replan() -> None:
    """D* Lite and blocked-path checks."""
    import wayfinding as wf

    grid = _grid(diagonal=True)
    planner = wf.DStarLite(grid, (0, 0), (9, 5))
    path = planner.path
    grid.set_wall((5, 0))
    planner.update([(5, 0)])
    wf.path_blocked(grid, path or [])


def _anyangle() -> None:
    """Line of sight, path smoothing, Theta*."""
    import wayfinding as wf

    grid = _grid(diagonal=True)
    wf.line_of_sight(grid, (0, 0), (9, 5))
    result = wf.theta_star(grid, (0, 0), (9, 5))
    wf.smooth_path(grid, wf.astar(grid, (0, 0), (9, 5)).path or [])
    del result


def _csr() -> None:
    """The compiled graph tier: BFS, Dijkstra, greedy, A*, ALT, bidirectional searches,
    batches, the contraction hierarchy and its distance queries (pairs, tables,
    isochrones, batches; the layout of a graph without coordinates)."""
    import wayfinding as wf

    points = [(float(i % 4), float(i // 4)) for i in range(12)]
    sources = [i for i in range(12) if i % 4 != 3] + list(range(8))
    targets = [i + 1 for i in range(12) if i % 4 != 3] + [i + 4 for i in range(8)]
    graph = wf.CSRGraph.from_edges(sources, targets, directed=False, coordinates=points)
    wf.breadth_first_search(graph, 0, 11)
    wf.dijkstra(graph, 0, 11)
    wf.dijkstra(graph, 0)
    wf.greedy_best_first(graph, 0, 11)
    wf.astar(graph, 0, 11)
    wf.astar(graph, 0, 11, heuristic=wf.landmarks(graph, count=2))
    wf.bidirectional_dijkstra(graph, 0, 11)
    wf.bidirectional_astar(graph, 0, 11)
    wf.csr.distances(graph, 0, [5, 11])
    wf.dijkstra(graph, 0, targets=[5, 11])
    for run in (wf.batch.astar, wf.batch.dijkstra, wf.batch.breadth_first_search):
        run(graph, [0], [11])
    prepared = wf.prepare(graph)
    prepared.search(0, 11)
    prepared.distance(0, 11)
    prepared.table([0, 1], [5, 11])
    prepared.isochrone(0, 3.0)
    wf.batch.prepared(prepared, [0, 1], [5, 11])
    wf.batch.prepared(prepared, [0, 1], [5, 11], paths=False)
    wf.prepare(wf.CSRGraph.from_edges(sources, targets, directed=False))  # no coordinates


def _batch() -> None:
    """Batch loops on grids: A*, Dijkstra, BFS and jps; distance matrices."""
    import wayfinding as wf

    for diagonal in (False, True):
        grid = _grid(diagonal=diagonal)
        for run in (wf.batch.astar, wf.batch.dijkstra, wf.batch.breadth_first_search,
                    wf.batch.jps):
            run(grid, [(0, 0)], [(9, 5)])
        wf.batch.distance_matrix(grid, [(0, 0)], [(9, 5)])


def _navmesh() -> None:
    """Navigation meshes: a grid's mesh, checks, point location, Polyanya per call (whole
    and in slices), its batch, any-angle on grids, the funnel; polygon meshes when
    ``triangle`` is installed."""
    import importlib.util

    import wayfinding as wf

    grid = _grid(diagonal=True)
    mesh = wf.navmesh.from_grid(grid)
    wf.NavMesh([(0, 0), (2, 0), (2, 1), (0, 1), (3, 0), (3, 1)], [[0, 1, 2, 3], [1, 4, 5, 2]])
    mesh.locate((0.5, 0.5))
    wf.astar(mesh, (0.0, 0.0), (10.0, 6.0))
    wf.astar(mesh, (0.0, 0.0), (10.0, 6.0), max_expansions=100, partial=True)
    wf.batch.astar(mesh, [(0.0, 0.0)], [(10.0, 6.0)])
    wf.any_angle(grid, (0, 0), (9, 5))
    wf.any_angle(grid, (0, 0), (9, 5), centres=True)
    corridor = wf.astar(wf.navmesh.polygon_graph(mesh), mesh.locate((0.5, 0.5))[0],
                        mesh.locate((9.5, 5.5))[0]).path
    if corridor:
        wf.navmesh.funnel(mesh, corridor, (0.5, 0.5), (9.5, 5.5))
    if importlib.util.find_spec("triangle") is not None:
        wf.navmesh.from_polygons([(0, 0), (4, 0), (4, 4), (0, 4)],
                                 [[(1, 1), (2, 1), (2, 2), (1, 2)]])


def _searches() -> None:
    """Yen's k shortest paths, every optimal path, Bellman-Ford and Johnson, bidirectional
    BFS, lazy reachability and IDA* (CSR graphs and grids); jump point search on grids
    that cut corners."""
    import wayfinding as wf

    graph = wf.CSRGraph.from_edges([0, 0, 1, 2, 1], [1, 2, 3, 3, 2], [1.0, 2.0, 2.0, 1.0, -1.0],
                                   negative_costs=True)
    wf.bellman_ford(graph, 0, 3)
    wf.johnson(graph, [0])
    positive = wf.CSRGraph.from_edges([0, 0, 1, 2], [1, 2, 3, 3], [1.0, 2.0, 2.0, 1.0],
                                      coordinates=[(0, 0), (1, 0), (0, 1), (1, 1)])
    wf.k_shortest_paths(positive, 0, 3, 2)
    wf.all_shortest_paths(positive, 0, 3)
    wf.all_shortest_paths(positive, 0)
    wf.bidirectional_bfs(positive, 0, 3)
    for reach in (wf.bfs_reach, wf.dijkstra_reach):
        list(reach(positive, 0))
    for diagonal in (False, True):
        grid = _grid(diagonal=diagonal)
        wf.k_shortest_paths(grid, (0, 0), (9, 5), 2)
        wf.all_shortest_paths(grid, (0, 0), (9, 5))
        wf.bidirectional_bfs(grid, (0, 0), (9, 5))
        wf.idastar(grid, (0, 0), (3, 2))
        for reach in (wf.bfs_reach, wf.dijkstra_reach):
            list(reach(grid, (0, 0)))
    for rule in (wf.CornerCutting.ALWAYS, wf.CornerCutting.ONE_FREE):
        wf.jps(_grid(diagonal=True, corner_cutting=rule), (0, 0), (9, 5))


#: name -> (what it compiles, function). Each runs in its own process under ``jobs > 1``.
TASKS: dict[str, tuple[str, Callable[[], None]]] = {
    "grid": (_grid_search.__doc__ or "", _grid_search),
    "jps": (_grid_jps.__doc__ or "", _grid_jps),
    "worlds": (_worlds.__doc__ or "", _worlds),
    "prepared": (_prepared.__doc__ or "", _prepared),
    "fields": (_fields.__doc__ or "", _fields),
    "replan": (_replan.__doc__ or "", _replan),
    "anyangle": (_anyangle.__doc__ or "", _anyangle),
    "csr": (_csr.__doc__ or "", _csr),
    "batch": (_batch.__doc__ or "", _batch),
    "navmesh": (_navmesh.__doc__ or "", _navmesh),
    "searches": (_searches.__doc__ or "", _searches),
}

#: Tasks that may share a kernel, run in order in one process. The grid batch loops share
#: the grid searches, Theta* smoothing the grid kernels of jump point search, D* Lite and
#: Theta* the pair heap, so every grid task is in the first group; the compiled graph
#: tier shares none of their kernels; the navigation meshes share its A* (their polygon
#: graph) and none of the grid kernels; ``searches`` runs the graph tier's Dijkstra (Yen's
#: bounds, Johnson) and no grid kernel of the first group.
GROUPS: tuple[tuple[str, ...], ...] = (
    ("grid", "jps", "anyangle", "replan", "batch", "fields"),
    ("csr", "navmesh", "worlds", "searches"),
)
#: Tasks that share kernels with more than one group, each started once the tasks it
#: shares them with are done (then those kernels load from the cache instead of compiling
#: in two processes at once): prepared grids use jump point search (JPS+, AUTO's timing)
#: and the fields' flood (first-move tables) like the grid group, and the directed
#: contraction (their subgoal graph's hierarchy) like ``csr``.
AFTER: dict[str, tuple[str, ...]] = {"prepared": ("jps", "fields", "csr")}
#: Their names, in the order they run when one process runs every task.
LAST: tuple[str, ...] = tuple(AFTER)


def run_task(name: str) -> tuple[str, float, int]:
    """Run one task here; ``(name, seconds, kernels compiled rather than loaded)``.

    Examples
    --------
    >>> run_task("fields")[0]
    'fields'
    """
    from numba.core import event

    compiled = []

    class _Count(event.Listener):
        def on_start(self, ev: event.Event) -> None:
            module = getattr(ev.data["dispatcher"].py_func, "__module__", "") or ""
            if module.startswith("wayfinding."):
                compiled.append(module)

        def on_end(self, ev: event.Event) -> None:
            pass

    from ._compiling import compile_notice

    was_on = compile_notice(False)  # warmup shows its own progress
    began = time.perf_counter()
    try:
        with event.install_listener("numba:compile", _Count()):
            TASKS[name][1]()
    finally:
        compile_notice(was_on)
    return name, time.perf_counter() - began, len(compiled)


def _choose(only: Sequence[str] | None) -> list[str]:
    if not only:
        return list(TASKS)
    unknown = [name for name in only if name not in TASKS]
    if unknown:
        raise InvalidParameterError(
            f"unknown warmup task {unknown[0]!r}; expected one of {', '.join(TASKS)}")
    return [name for name in TASKS if name in only]


def warmup(tasks: Sequence[str] | None = None, *, jobs: int = 1,
           progress: bool = True) -> dict[str, tuple[float, int]]:
    """Compile the kernels of ``tasks`` (default: all of :data:`TASKS`) into the cache.

    Parameters
    ----------
    tasks : sequence of str, optional
        Names from :data:`TASKS`; all when None or empty.
    jobs : int
        Processes to compile in (1: in this process; at most ``len(GROUPS)`` are used).
        numba compiles one kernel at a time per process, so one per core helps.
    progress : bool
        Show a progress bar (tqdm) on standard error.

    Returns
    -------
    dict
        task name -> (seconds, kernels compiled; 0 when all came from the cache).

    Raises
    ------
    InvalidParameterError
        An unknown task name or ``jobs < 1``.

    Examples
    --------
    >>> warmup(["fields"], progress=False)["fields"][1] >= 0
    True
    >>> warmup(["roads"])
    Traceback (most recent call last):
    ...
    wayfinding.errors.InvalidParameterError: unknown warmup task 'roads'; expected one of ...
    """
    names = _choose(tasks)
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise InvalidParameterError(f"jobs must be an integer >= 1, got {jobs!r}")
    from tqdm import tqdm

    done: dict[str, tuple[float, int]] = {}
    with tqdm(total=len(names), desc="compiling kernels", unit="task",
              disable=not progress) as bar:

        def record(outcome: tuple[str, float, int]) -> None:
            name, seconds, count = outcome
            done[name] = (seconds, count)
            bar.set_postfix_str(name)
            bar.update()

        if jobs == 1 or len(names) == 1:
            for name in names:
                record(run_task(name))
            return done
        groups = [[name for name in group if name in names] for group in GROUPS]
        groups = [group for group in groups if group]
        waiting = [name for name in LAST if name in names]
        with ProcessPoolExecutor(max_workers=max(1, min(jobs, len(groups))),
                                 mp_context=get_context("spawn")) as pool:
            # A group's next task starts when its previous one is done (in whichever
            # process is free), so the bar advances task by task; a task of AFTER starts
            # once those it needs are done (or not asked for), queued before a group's
            # next task: it is the longest of them.
            pending: dict[Any, list[str]] = {}

            def start_ready() -> None:
                for name in list(waiting):
                    if all(need in done or need not in names for need in AFTER[name]):
                        waiting.remove(name)
                        pending[pool.submit(run_task, name)] = []

            start_ready()
            for group in groups:
                pending[pool.submit(run_task, group.pop(0))] = group
            while pending:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    group = pending.pop(future)
                    record(future.result())
                    start_ready()
                    if group:
                        pending[pool.submit(run_task, group.pop(0))] = group
    return done
