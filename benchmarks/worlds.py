"""Compiled A* on every world, per expanded cell, against the square grid and the generic tier.

Worlds of one size (``--cells``, 2^18 by default: a 512 x 512 square grid with 8-way
moves, a 512 x 512 hex map, a 64 x 64 x 64 voxel grid with 26 neighbours, a 512 x 512
torus and a knight-move grid), ``--walls`` of their cells blocked at random (one seed).
The same number of queries on each (random pairs of one component, fixed seeds), run in
turns (query i on every world before query i + 1), so drifts in the machine's load hit
them alike. Prints per world: queries, mean expanded cells, time per query and per
expanded cell (CPU time of this process: the machine may be shared), the ratio of the
last to the square grid's, and the time per cell reached (a voxel has 26 neighbours to a
square cell's 8: each expansion reaches and pushes more cells).

Then the generic tier on the same worlds and queries (``--generic`` of them, a wrapper
with the world's ``neighbors``, ``cost`` and ``heuristic`` only, so the pure-Python engine
runs it): time per query against the compiled one's on the same queries.

    python benchmarks/worlds.py
    python benchmarks/worlds.py --cells 1048576 --queries 400 --generic 10
"""

from __future__ import annotations

import argparse
import math
import os
import time

import numpy as np

import wayfinding as wf


class Generic:
    """A world seen through its graph methods only: the generic tier serves it."""

    def __init__(self, grid: wf.Grid) -> None:
        self.neighbors = grid.neighbors
        self.cost = grid.cost
        self.heuristic = grid.heuristic


def worlds(cells: int, walls: float, seed: int) -> dict[str, wf.Grid]:
    side = round(math.sqrt(cells))
    cube = round(cells ** (1 / 3))
    rng = np.random.default_rng(seed)

    def open_(shape: tuple[int, ...]) -> np.ndarray:
        return rng.random(shape) >= walls

    knight = [(dx, dy, math.hypot(dx, dy)) for dx in (-2, -1, 1, 2) for dy in (-2, -1, 1, 2)
              if abs(dx) != abs(dy)]
    return {
        "square 8-way": wf.Grid(open_((side, side)), diagonal=True),
        "hex": wf.HexGrid(open_((side, side))),
        "voxel 26": wf.VoxelGrid(open_((cube, cube, cube))),
        "voxel 18": wf.VoxelGrid(open_((cube, cube, cube)), connectivity=18),
        "voxel 6": wf.VoxelGrid(open_((cube, cube, cube)), connectivity=6),
        "torus 8-way": wf.Grid(open_((side, side)), diagonal=True, wrap=(True, True)),
        "knight": wf.Grid(open_((side, side)), moves=knight),
    }


def queries(grid: wf.Grid, n: int, seed: int) -> list[tuple]:
    """``n`` pairs of open locations of the grid's largest component."""
    labels = grid.components()
    big = np.bincount(labels[labels >= 0]).argmax()
    cells = np.argwhere(labels == big)
    rng = np.random.default_rng(seed)
    picks = cells[rng.integers(len(cells), size=(n, 2))]
    layout = getattr(grid, "layout", None)

    def location(index: np.ndarray) -> tuple:
        coords = tuple(int(v) for v in index[::-1])  # [.., y, x] -> (x, y, ..)
        if isinstance(grid, wf.HexGrid):
            return wf.hex.from_offset(coords, layout)
        return coords

    return [(location(a), location(b)) for a, b in picks]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cells", type=int, default=1 << 18)
    parser.add_argument("--walls", type=float, default=0.2)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--generic", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    grids = worlds(args.cells, args.walls, args.seed)
    pairs = {name: queries(grid, args.queries, args.seed + i)
             for i, (name, grid) in enumerate(grids.items())}
    for name, grid in grids.items():  # compile and build each world's data, untimed
        wf.astar(grid, *pairs[name][0])
    seconds = dict.fromkeys(grids, 0.0)
    expanded = dict.fromkeys(grids, 0)
    reached = dict.fromkeys(grids, 0)
    load = os.getloadavg()[0]
    for i in range(args.queries):
        for name, grid in grids.items():
            t = time.process_time()
            result = wf.astar(grid, *pairs[name][i])
            seconds[name] += time.process_time() - t
            expanded[name] += result.expanded
            reached[name] += len(result.cost_so_far)
    print(f"A* on worlds of {args.cells} cells, {args.walls:.0%} walls, {args.queries} "
          f"queries each (load {load:.2f} before, {os.getloadavg()[0]:.2f} after)")
    print(f"{'world':<14} {'cells':>8} {'expanded':>9} {'reached':>8} {'us/query':>9} "
          f"{'ns/expanded':>12} {'vs square':>9} {'ns/reached':>11}")
    base = seconds["square 8-way"] / expanded["square 8-way"]
    for name, grid in grids.items():
        per = seconds[name] / max(1, expanded[name])
        print(f"{name:<14} {grid.passable_mask.size:>8} {expanded[name] / args.queries:>9.0f} "
              f"{reached[name] / args.queries:>8.0f} {seconds[name] / args.queries * 1e6:>9.1f} "
              f"{per * 1e9:>12.1f} {per / base:>8.2f}x "
              f"{seconds[name] / max(1, reached[name]) * 1e9:>11.1f}")
    if args.generic <= 0:
        return
    print(f"\ngeneric tier on the same worlds, first {args.generic} queries each "
          f"(load {os.getloadavg()[0]:.2f})")
    print(f"{'world':<14} {'compiled ms':>11} {'generic ms':>10} {'speed-up':>9}")
    for name, grid in grids.items():
        fast = slow = 0.0
        plain = Generic(grid)
        for start, goal in pairs[name][:args.generic]:
            t = time.process_time()
            a = wf.astar(grid, start, goal)
            fast += time.process_time() - t
            t = time.process_time()
            b = wf.astar(plain, start, goal)
            slow += time.process_time() - t
            assert math.isclose(a.cost, b.cost, rel_tol=1e-9), (name, start, goal)
        n = args.generic
        print(f"{name:<14} {fast / n * 1e3:>11.2f} {slow / n * 1e3:>10.1f} "
              f"{slow / fast:>8.0f}x")


if __name__ == "__main__":
    main()
