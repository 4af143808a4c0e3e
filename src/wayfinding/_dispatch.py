"""The one place that decides which tier serves a graph.

- a :class:`~wayfinding.grid.Grid` goes to the compiled grid tier
  (:mod:`wayfinding.grid.search`), which itself hands Grid subclasses that redefine
  ``neighbors``/``cost`` and goals it cannot compile to the generic tier;
- a :class:`~wayfinding.csr.CSRGraph` goes to the compiled graph tier
  (:mod:`wayfinding.csr.search`);
- a :class:`~wayfinding.navmesh.NavMesh` goes to Polyanya (:mod:`wayfinding.navmesh.search`,
  ``astar`` only: start and goal are points);
- anything else (an object with ``neighbors``, a networkx graph, a ``neighbors`` function)
  goes to the generic pure-Python tier (:mod:`wayfinding.graph`), through
  :func:`~wayfinding.graph.protocol.as_graph`.

Examples
--------
>>> import wayfinding as wf
>>> serve("dijkstra", wf.SimpleGraph({"a": {"b": 2.0}}), "a", "b").cost
2.0
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from ._inputs import check_grid_endpoints, goal_locations
from ._tiers import any_grid, grid_tier, is_grid, require_grid, require_world
from .csr.graph import CSRGraph
from .errors import InvalidLocationError, InvalidParameterError
from .grid.grid import Grid
from .navmesh.mesh import NavMesh
from .result import SearchResult

#: ``any_grid``, ``grid_tier``, ``is_grid``, ``require_grid`` and ``require_world`` live in
#: :mod:`._tiers` (named here too for callers that import them from the dispatcher).
__all__ = ["any_grid", "batch_tier", "grid_tier", "is_grid", "require_grid", "require_world",
           "serve", "serve_bidirectional", "serve_landmarks", "serve_prepare", "serve_search",
           "serve_targets"]

F = TypeVar("F", bound=Callable[..., Any])


@functools.cache
def _tiers() -> tuple[Any, Any, dict[str, Callable[..., SearchResult]], Callable[[Any], Any]]:
    """The three tiers' search modules, imported once (on first use, so that importing
    wayfinding stays quick)."""
    from .csr import search as csr_search
    from .graph import astar, bfs, dijkstra, greedy
    from .graph.protocol import as_graph
    from .grid import search as grid_search

    generic = {"breadth_first_search": bfs.breadth_first_search, "dijkstra": dijkstra.dijkstra,
               "greedy_best_first": greedy.greedy_best_first, "astar": astar.astar}
    return grid_search, csr_search, generic, as_graph


def serve(algorithm: str, graph: Any, start: Any, goal: Any, **options: Any) -> SearchResult:
    """Run ``algorithm`` (``"breadth_first_search"``, ``"dijkstra"``,
    ``"greedy_best_first"`` or ``"astar"``) on the tier that serves ``graph``."""
    if isinstance(graph, NavMesh):
        return _mesh_search(algorithm, graph, start, goal, options)
    grid_search, csr_search, generic, as_graph = _tiers()
    if isinstance(graph, Grid):
        check_grid_endpoints(start, goal, graph.dims)  # [7, 4] is two goals: say so
        return getattr(grid_search, algorithm)(graph, start, goal, **options)
    if isinstance(graph, CSRGraph):
        if algorithm != "breadth_first_search":
            graph.refuse_negative()
        return getattr(csr_search, algorithm)(graph, start, goal, **options)
    return generic[algorithm](as_graph(graph), start, goal, **options)


def _mesh_search(algorithm: str, mesh: NavMesh, start: Any, goal: Any,
                 options: dict[str, Any]) -> SearchResult:
    """``astar`` on a mesh (Polyanya); other searches have nothing to add there."""
    if algorithm != "astar":
        raise InvalidParameterError(
            f"{algorithm} does not run on a NavMesh: wf.astar(mesh, start, goal) finds the "
            "shortest path between two points")
    return _mesh_astar()(mesh, start, goal, **options)


@functools.cache
def _mesh_astar() -> Callable[..., SearchResult]:
    """:func:`wayfinding.navmesh.search.astar`, imported once (an import statement on every
    call costs a noticeable part of a small mesh query: ``benchmarks/NOTES.md``,
    "Navigation meshes")."""
    from .navmesh.search import astar

    return astar


@functools.cache
def _searches() -> dict[str, tuple[Any, Any, Any]]:
    """The searches of :mod:`wayfinding.api_paths` and :mod:`wayfinding.api_traversal`: per
    algorithm the modules whose function of that name serves a grid, a CSR graph and any
    graph; None where that tier has none (the generic tier then serves it: grids and CSR
    graphs are graphs too). Imported on first use."""
    from .csr import bellman_ford as csr_bellman_ford
    from .csr import bibfs as csr_bibfs
    from .csr import johnson as csr_johnson
    from .csr import optimal as csr_optimal
    from .csr import reach as csr_reach
    from .csr import yen as csr_yen
    from .graph import (
        beam,
        bellman_ford,
        bfs,
        bibfs,
        count,
        dfs,
        fringe,
        idastar,
        iddfs,
        johnson,
        optimal,
        reach,
        yen,
    )
    from .grid import bibfs as grid_bibfs
    from .grid import idastar as grid_idastar
    from .grid import paths as grid_paths
    from .grid import reach as grid_reach

    return {
        "k_shortest_paths": (grid_paths, csr_yen, yen),
        "shortest_simple_paths": (grid_paths, csr_yen, yen),
        "all_shortest_paths": (grid_paths, csr_optimal, optimal),
        "bellman_ford": (None, csr_bellman_ford, bellman_ford),
        "find_negative_cycle": (None, csr_bellman_ford, bellman_ford),
        "johnson": (None, csr_johnson, johnson),
        "bidirectional_bfs": (grid_bibfs, csr_bibfs, bibfs),
        "bfs_reach": (grid_reach, csr_reach, reach),
        "dijkstra_reach": (grid_reach, csr_reach, reach),
        "idastar": (grid_idastar, None, idastar),
        "breadth_first_search": (None, None, bfs),  # with depth_limit / sort_neighbors
        "depth_first_search": (None, None, dfs),
        "iddfs": (None, None, iddfs),
        "count_paths": (None, None, count),
        "fringe_search": (None, None, fringe),
        "beam_search": (None, None, beam),
    }


def serve_search(algorithm: str, graph: Any, *args: Any, **options: Any) -> Any:
    """Run ``algorithm`` (a key of :func:`_searches`; ``args`` begin with its start and
    goal) on the compiled tier that serves ``graph`` if it has one, else on the generic
    tier (through :func:`~wayfinding.graph.protocol.as_graph`)."""
    grid_module, csr_module, generic_module = _searches()[algorithm]
    module = generic_module
    if isinstance(graph, Grid):
        check_grid_endpoints(args[0], args[1] if len(args) > 1 else None)
        if grid_module is not None and graph.uses_own_rules and (
                graph.standard or grid_module.__name__.endswith(".paths")):
            module = grid_module  # the square-grid modules; grid.paths reads every world
    elif isinstance(graph, CSRGraph) and csr_module is not None:
        module = csr_module
    if module is generic_module:
        graph = _tiers()[3](graph)
    return getattr(module, algorithm)(graph, *args, **options)


class _EverySettled:
    """A goal predicate that holds once every one of ``targets`` has been taken off the
    frontier (a search tests a location when it settles it): ``targets`` for the tiers
    without the compiled early exit."""

    def __init__(self, graph: Any, targets: Any) -> None:
        locations = goal_locations(targets)
        if locations is None:
            raise InvalidParameterError(
                f"targets must be locations (one, or a list/set of several), got {targets!r}")
        if not locations:
            raise InvalidLocationError("targets is an empty collection: give at least one target")
        contains = getattr(graph, "__contains__", None)
        for location in locations if contains is not None else ():
            if not contains(location):
                raise InvalidLocationError(f"target {location!r} is not in the graph")
        self.left = set(locations)

    def __call__(self, location: Any) -> bool:
        self.left.discard(location)
        return not self.left


def serve_targets(graph: Any, start: Any, goal: Any, targets: Any,
                  **options: Any) -> SearchResult:
    """Dijkstra from ``start`` until every one of ``targets`` is settled: the CSR
    kernel's own early exit, elsewhere a goal predicate (:class:`_EverySettled`)."""
    if isinstance(graph, CSRGraph):
        _, csr_search, _, _ = _tiers()
        graph.refuse_negative()
        return csr_search.dijkstra(graph, start, goal, targets=targets, **options)
    if goal is not None:
        raise InvalidParameterError(
            f"give a goal or targets, not both (goal={goal!r}, targets={targets!r})")
    if isinstance(graph, Grid):
        check_grid_endpoints(start, targets, graph.dims)
    return serve("dijkstra", graph, start, _EverySettled(graph, targets), **options)


def serve_bidirectional(graph: Any, start: Any, goal: Any, heuristic: Any,
                        use_heuristic: bool) -> SearchResult:
    """Bidirectional Dijkstra (or A* with ``use_heuristic``) on the tier that serves
    ``graph``: the CSR kernel, or the generic tier (grids included: the grid tier has no
    bidirectional search)."""
    if isinstance(graph, CSRGraph):
        from .csr import search as csr_search

        graph.refuse_negative()
        if use_heuristic:
            return csr_search.bidirectional_astar(graph, start, goal, heuristic=heuristic)
        return csr_search.bidirectional_dijkstra(graph, start, goal)
    from .graph import bidirectional
    from .graph.protocol import as_graph

    if isinstance(graph, Grid):
        graph = graph.snapshot()  # the generic tier reads cells as it goes: one version
    if use_heuristic:
        return bidirectional.bidirectional_astar(as_graph(graph), start, goal,
                                                 heuristic=heuristic)
    return bidirectional.bidirectional_dijkstra(as_graph(graph), start, goal)


def serve_landmarks(graph: Any, count: Any) -> Any:
    """Landmarks (ALT) for the tier that serves ``graph``: a Grid's
    (:func:`wayfinding.grid.alt.grid_landmarks`) or a CSR graph's
    (:func:`wayfinding.csr.alt.landmarks`, which refuses anything else)."""
    if isinstance(graph, Grid):
        from .grid.alt import grid_landmarks

        return grid_landmarks(require_grid(graph, "landmarks"), count)
    from .csr.alt import landmarks

    if isinstance(graph, CSRGraph):
        graph.refuse_negative()
    return landmarks(graph, count)


def serve_prepare(graph: Any, method: Any, max_seconds: float | None) -> Any:
    """Preprocessing for the tier that serves ``graph``: a CSR graph's contraction
    hierarchy (:func:`wayfinding.csr.prepared.prepare_graph`, one method) or a grid's
    (:func:`wayfinding.grid.prepared.prepare`, ``method`` None for its default)."""
    if isinstance(graph, CSRGraph):
        if method is not None:
            raise InvalidParameterError(
                f"a CSRGraph has one preparation (a contraction hierarchy): method must be "
                f"None, got {method!r}")
        from .csr.prepared import prepare_graph

        graph.refuse_negative()
        return prepare_graph(graph, max_seconds=max_seconds)
    if not isinstance(graph, Grid):
        raise InvalidParameterError(
            "prepare needs a Grid or a CSRGraph (wf.compile_graph makes one of any graph), "
            f"got {type(graph).__name__}")
    from .grid.prepared import PrepareMethod
    from .grid.prepared import prepare as prepare_grid

    return prepare_grid(graph, PrepareMethod.SUBGOAL_CH if method is None else method,
                        max_seconds=max_seconds)


#: The grid batches that serve every world (hex, voxel, wrapped, moves of a grid's own).
WORLD_BATCHES = frozenset({"astar", "dijkstra", "breadth_first_search"})


def batch_tier(function: F) -> F:
    """Decorate a grid batch function of :mod:`wayfinding.batch.grid` so that a
    :class:`~wayfinding.csr.CSRGraph` goes to the function of the same name in
    :mod:`wayfinding.batch.csr` (same arguments), a :class:`~wayfinding.navmesh.NavMesh`
    to :func:`wayfinding.navmesh.batch.astar` (``astar`` only), and the function itself gets only a
    grid its kernels can serve (:func:`require_grid`; anything else is a clear error)."""
    what = f"batch.{function.__name__}"

    @functools.wraps(function)
    def serve_batch(graph: Any, *args: Any, **options: Any) -> Any:
        if isinstance(graph, CSRGraph):
            from .batch import csr

            if function.__name__ != "breadth_first_search":
                graph.refuse_negative()
            return getattr(csr, function.__name__)(graph, *args, **options)
        if isinstance(graph, NavMesh) and function.__name__ == "astar":
            from .navmesh import batch as mesh_batch

            return mesh_batch.astar(graph, *args, **options)
        if function.__name__ in WORLD_BATCHES:  # any world: see wayfinding.batch.worlds
            return function(require_world(graph, what), *args, **options)
        return function(require_grid(graph, what), *args, **options)

    return serve_batch  # type: ignore[return-value]
