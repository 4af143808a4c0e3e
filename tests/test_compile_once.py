"""One compilation per kernel wherever the public calls reach it (issue 28, item 6).

numba compiles a kernel again for every new combination of argument types. A kernel
called from Python and from another kernel used to get two: a literal argument inside a
kernel (``-1``, ``False``, a module constant) is typed ``Literal[int](-1)``, not
``int64``, cells read from an int32 array are int32, and a writable empty array is
another type than a read-only one. The callers now pass int64s, runtime booleans and the
same read-only arrays. Each case runs one call path (which compiles the kernel or loads
it), then another that reaches the same kernel: the second must add no specialisation.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable

import pytest

import wayfinding as wf

pytestmark = pytest.mark.skipif(os.environ.get("NUMBA_DISABLE_JIT") == "1",
                                reason="NUMBA_DISABLE_JIT=1: no compiled kernels to count")

ROOM = "\n".join(["............", ".####.......", "....#..###..", "....#....#..",
                  "..........#.", "............"])
A, B = (0, 0), (11, 5)


def _grid() -> wf.Grid:
    return wf.Grid.from_ascii(ROOM, diagonal=True)


def _graph(coordinates: bool) -> wf.CSRGraph:
    points = [(float(i), 0.0) for i in range(5)] if coordinates else None
    return wf.CSRGraph.from_edges(range(4), range(1, 5), directed=False,
                                  coordinates=points)


def _kernel(path: str) -> object:
    module, name = path.rsplit(".", 1)
    return getattr(importlib.import_module(f"wayfinding.{module}"), name)


def _dstar() -> None:
    grid = _grid()
    planner = wf.DStarLite(grid, A, B)
    grid.set_wall((6, 0))
    planner.update([(6, 0)])


def _prepared_plus() -> None:
    plus = wf.prepare(_grid(), wf.PrepareMethod.JPS_PLUS)
    plus.search(A, B)
    wf.batch.prepared(plus, [A], [B])


GRID_SEARCHES = ["grid._kernels.bestfirst.best_first", "grid._kernels.bestfirst.best_first_bucket"]

#: (first call path, second call path, kernels both reach)
CASES: dict[str, tuple[Callable[[], object], Callable[[], object], list[str]]] = {
    "grid astar then its batch": (lambda: wf.astar(_grid(), A, B),
                                  lambda: wf.batch.astar(_grid(), [A], [B]), GRID_SEARCHES),
    "grid dijkstra then its batch": (lambda: wf.dijkstra(_grid(), A, B),
                                     lambda: wf.batch.dijkstra(_grid(), [A], [B]),
                                     GRID_SEARCHES),
    "grid bfs then its batch": (lambda: wf.breadth_first_search(_grid(), A, B),
                                lambda: wf.batch.breadth_first_search(_grid(), [A], [B]),
                                ["grid._kernels.bfs.breadth_first"]),
    "jps then its batch": (lambda: wf.jps(_grid(), A, B),
                           lambda: wf.batch.jps(_grid(), [A], [B]),
                           ["grid._kernels.jps.search_scan"]),
    "jps+ query then its batch": (lambda: wf.prepare(_grid(), wf.PrepareMethod.JPS_PLUS)
                                  .search(A, B), _prepared_plus,
                                  ["grid._kernels.jps.search_plus"]),
    "line of sight then Theta* and smoothing": (
        lambda: wf.line_of_sight(_grid(), A, B),
        lambda: (wf.theta_star(_grid(), A, B),
                 wf.smooth_path(_grid(), wf.astar(_grid(), A, B).path)),
        ["anyangle._kernels.sight.sight"]),
    "Theta* then D* Lite": (lambda: wf.theta_star(_grid(), A, B), _dstar,
                            ["_kernels.pairheap.pair_insert", "_kernels.pairheap.pair_set",
                             "_kernels.pairheap.pair_remove"]),
    "flood then a first-move table": (
        lambda: wf.flood(_grid(), [A]),
        lambda: wf.prepare(_grid(), wf.PrepareMethod.TABLE).search(A, B),
        ["fields._kernels.flood.flood"]),
    "navmesh search in slices then its batch": (
        lambda: wf.astar(wf.navmesh.from_grid(_grid()), (0.5, 0.5), (11.5, 5.5),
                         max_expansions=100, partial=True),
        lambda: wf.batch.astar(wf.navmesh.from_grid(_grid()), [(0.5, 0.5)], [(11.5, 5.5)]),
        ["navmesh._kernels.polyanya.run"]),
    "csr searches then their batches": (
        lambda: [(wf.astar(g, 0, 4), wf.dijkstra(g, 0, 4))
                 for g in (_graph(True), _graph(False))],
        lambda: [(wf.batch.astar(g, [0], [4]), wf.batch.dijkstra(g, [0], [4]))
                 for g in (_graph(True), _graph(False))],
        ["csr._kernels.bestfirst.euclid_loop", "csr._kernels.bestfirst.any_loop",
         "csr._kernels.bestfirst.dijkstra_loop"]),
}


@pytest.mark.parametrize("case", list(CASES))
def test_second_call_path_compiles_nothing_new(case: str) -> None:
    first, second, kernels = CASES[case]
    first()
    before = {path: set(_kernel(path).signatures) for path in kernels}  # type: ignore[attr-defined]
    second()
    # (only kernels the first path reached: A* picks the heap or the bucket queue by the
    # grid, so a batch may reach the other one first, a first compile, not a second)
    added = {path: set(_kernel(path).signatures) - before[path]  # type: ignore[attr-defined]
             for path in kernels if before[path]}
    assert not any(added.values()), f"compiled again: {added}"
