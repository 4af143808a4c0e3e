"""One compilation per kernel wherever the public calls reach it (issue 28, item 6).

numba compiles a kernel again for every new combination of argument types. A kernel
called from Python and from another kernel used to get two: a literal argument inside a
kernel (``-1``, ``False``) is typed ``Literal[int](-1)``, not ``int64``, cells read from
an int32 array are int32, and a writable empty array is another type than a read-only
one. The callers now pass int64s, runtime booleans and the same read-only arrays, so
each kernel below has one specialisation after every call path that reaches it ran.

The calls run in a fresh process (other tests add their own signatures, e.g. doctests
calling a kernel with other types); it loads what the suite's cache already holds.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import wayfinding as wf

SRC = Path(wf.__file__).resolve().parent.parent

CALLS = r"""
import json
import numpy as np
import wayfinding as wf
from wayfinding._kernels import pairheap
from wayfinding.anyangle._kernels.sight import sight
from wayfinding.csr._kernels import batch, bestfirst
from wayfinding.fields._kernels.flood import flood
from wayfinding.grid._kernels.bestfirst import best_first, best_first_bucket
from wayfinding.grid._kernels.bfs import breadth_first
from wayfinding.grid._kernels.jps import search_plus, search_scan
from wayfinding.grid.prepared._kernels.subgoal import direct_reachable

grid = wf.Grid.from_ascii("\n".join(["............", ".####.......", "....#..###..",
                                     "....#....#..", "..........#.", "............"]),
                          diagonal=True)
a, b = (0, 0), (11, 5)
# grid searches one by one and in batches (the batch loop calls the same kernels)
for one, many in ((wf.astar, wf.batch.astar), (wf.dijkstra, wf.batch.dijkstra),
                  (wf.breadth_first_search, wf.batch.breadth_first_search)):
    one(grid, a, b)
    many(grid, [a], [b])
# jump point search: one-call queries, the batch loops, prepared JPS+ (query and batch)
wf.jps(grid, a, b)
wf.batch.jps(grid, [a], [b])
plus = wf.prepare(grid, wf.PrepareMethod.JPS_PLUS)
plus.search(a, b)
wf.batch.prepared(plus, [a], [b])
# line of sight from Python, smoothing and Theta*; the pair heap of Theta* and D* Lite
wf.line_of_sight(grid, a, b)
wf.smooth_path(grid, wf.astar(grid, a, b).path)
wf.theta_star(grid, a, b)
planner = wf.DStarLite(grid, a, b)
grid.set_wall((6, 0))
planner.update([(6, 0)])
# the fields' flood and the first-move table's floods; the subgoal graph and its query
wf.flood(grid, [a])
wf.prepare(grid, wf.PrepareMethod.TABLE).search(a, b)
wf.prepare(grid, wf.PrepareMethod.SUBGOAL_CH).search(a, b)
# CSR searches one by one and in batches: coordinates, none, Dijkstra
points = [(float(i), 0.0) for i in range(5)]
graph = wf.CSRGraph.from_edges(range(4), range(1, 5), directed=False, coordinates=points)
plain = wf.CSRGraph.from_edges(range(4), range(1, 5), directed=False)
for g in (graph, plain):
    wf.astar(g, 0, 4)
    wf.dijkstra(g, 0, 4)
    wf.batch.astar(g, [0], [4])
    wf.batch.dijkstra(g, [0], [4])
kernels = {"best_first": best_first, "best_first_bucket": best_first_bucket,
           "breadth_first": breadth_first, "search_scan": search_scan,
           "search_plus": search_plus, "sight": sight,
           "pair_insert": pairheap.pair_insert, "pair_set": pairheap.pair_set,
           "pair_update": pairheap.pair_update, "pair_remove": pairheap.pair_remove,
           "flood": flood, "direct_reachable": direct_reachable,
           "euclid_loop": bestfirst.euclid_loop, "any_loop": bestfirst.any_loop,
           "dijkstra_loop": bestfirst.dijkstra_loop, "euclid_batch": batch.euclid_batch,
           "any_batch": batch.any_batch, "dijkstra_batch": batch.dijkstra_batch}
print(json.dumps({name: len(k.signatures) for name, k in kernels.items()}))
"""

#: Each reached by some call above; the grid's frontier (heap or buckets) is the
#: searches' choice, so those two are checked apart.
FRONTIERS = ["best_first", "best_first_bucket"]
KERNELS = ["breadth_first", "search_scan", "search_plus", "sight", "pair_insert", "pair_set",
           "pair_update", "pair_remove", "flood", "direct_reachable", "euclid_loop", "any_loop",
           "dijkstra_loop", "euclid_batch", "any_batch", "dijkstra_batch"]


@pytest.fixture(scope="module")
def signatures() -> dict[str, int]:
    """Kernel name -> specialisations after every call path ran (a fresh process)."""
    if os.environ.get("NUMBA_DISABLE_JIT") == "1":
        pytest.skip("NUMBA_DISABLE_JIT=1: no compiled kernels to count")
    env = {**os.environ, "PYTHONPATH": str(SRC), "WAYFINDING_COMPILE_NOTICE": "0"}
    run = subprocess.run([sys.executable, "-c", CALLS], env=env, capture_output=True,
                         text=True, timeout=900)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_every_kernel_is_counted(signatures: dict[str, int]) -> None:
    assert sorted(signatures) == sorted(KERNELS + FRONTIERS)


def test_grid_best_first_compiled_once(signatures: dict[str, int]) -> None:
    counts = [signatures[kernel] for kernel in FRONTIERS]
    assert max(counts) == 1, counts  # the batch loop used to compile its own copy


@pytest.mark.parametrize("kernel", KERNELS)
def test_compiled_once(signatures: dict[str, int], kernel: str) -> None:
    assert signatures[kernel] == 1, f"{kernel}: {signatures[kernel]} specialisations"
