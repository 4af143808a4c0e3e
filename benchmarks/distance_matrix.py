#!/usr/bin/env python3
"""Many-to-many costs on MovingAI maps: ``wf.distance_matrix`` against scipy.sparse.csgraph.

    PYTHONPATH=src python benchmarks/distance_matrix.py
    PYTHONPATH=src python benchmarks/distance_matrix.py --maps dao/ost100d --repeats 5

For each map (MovingAI rules: 8-way, diagonal sqrt 2, no corner cutting) and each case,
one run times ``wf.distance_matrix(grid, sources, targets)`` and
``scipy.sparse.csgraph.dijkstra(graph, indices=sources)`` on the same grid graph
(columns of the targets taken afterwards; scipy has no "stop once these targets are
settled"), best of ``--repeats``, and checks the matrices equal (to 1e-9). Cases:

- ``spread SxT``: S sources and T targets drawn over the whole map;
- ``near SxT``: sources and targets within 8 cells of one point (floods stop early);
- ``reverse SxT``: more sources than targets (wayfinding floods from the targets).

The ratio column is scipy's time over ours (above 1: we are faster).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as cm
from peers import MOVES, grid_edges

import wayfinding as wf


def best(repeats: int, call: Callable[[], Any]) -> tuple[float, Any]:
    times, out = [], None
    for _ in range(repeats):
        begin = time.perf_counter()
        out = call()
        times.append(time.perf_counter() - begin)
    return min(times), out


def cases(passable: np.ndarray, rng: np.random.Generator) -> dict[str, tuple[np.ndarray, ...]]:
    rc = np.argwhere(passable)

    def pick(pool: np.ndarray, n: int) -> np.ndarray:
        return wf.xy_from_rc(pool[rng.choice(len(pool), size=n, replace=len(pool) < n)])

    centre = rc[rng.integers(len(rc))]
    near = rc[np.abs(rc - centre).max(axis=1) <= 8]
    return {"spread 20x20": (pick(rc, 20), pick(rc, 20)),
            "near 100x100": (pick(near, 100), pick(near, 100)),
            "reverse 60x4": (pick(rc, 60), pick(rc, 4))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=cm.DEFAULT_DATA)
    parser.add_argument("--maps", default="dao/arena2,dao/ost100d,mazes/maze512-1-0")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    from scipy.sparse import csr_array
    from scipy.sparse.csgraph import dijkstra

    rng = np.random.default_rng(args.seed)
    rows = []
    for name in args.maps.split(","):
        set_name, map_name = name.split("/")
        grid = wf.io.movingai.read_map(cm.map_file(args.data, set_name, map_name))
        passable = np.asarray(grid.passable_mask)
        h, w = passable.shape
        u, v, weight = grid_edges(passable, MOVES)
        graph = csr_array((weight, (u, v)), shape=(h * w, h * w))
        first = wf.xy_from_rc(np.argwhere(passable)[:1])
        wf.distance_matrix(grid, first, first)  # compiles the kernel before timing
        for case, (sources, targets) in cases(passable, rng).items():
            ours_s, ours = best(args.repeats, lambda g=grid, s=sources, t=targets:
                                wf.distance_matrix(g, s, t))
            ids_s = sources[:, 1] * w + sources[:, 0]
            ids_t = targets[:, 1] * w + targets[:, 0]
            theirs_s, full = best(args.repeats, lambda m=graph, i=ids_s: dijkstra(m, indices=i))
            theirs = full[:, ids_t]
            same = bool(np.allclose(ours, theirs, rtol=0, atol=1e-9, equal_nan=False)
                        and np.array_equal(np.isinf(ours), np.isinf(theirs)))
            rows.append([name, case, cm.fmt(ours_s * 1e3, 2), cm.fmt(theirs_s * 1e3, 2),
                         cm.fmt(theirs_s / ours_s, 2), "yes" if same else "NO"])
    print(cm.table(["map", "case", "ours ms", "scipy ms", "scipy/ours", "equal"], rows,
                   [False, False, True, True, True, False]))


if __name__ == "__main__":
    main()
