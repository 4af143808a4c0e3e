"""The README's pictures of the worlds beyond the square grid, made again from scratch.

Writes three PNG files (Pillow) into ``--out`` (default ``docs/images``):

- ``hex_path.png``: A* on a 40 x 24 hex map (odd-r, pointy-top hexes) with walls and
  costly hexes, the cost so far as a heat map;
- ``voxel_slice.png``: A* across the Warframe map ``Simple.3dmap`` (MovingAI 3-D
  benchmark, from ``--warframe``), the slice of the start drawn with the path projected
  onto it (a synthetic voxel grid of floors and pillars when the map is not there);
- ``torus_path.png``: A* on a 48 x 28 torus (8-way, both axes wrap) walled across the
  middle: the shortest path leaves the map at a corner and comes back at the opposite one.

    python benchmarks/world_pictures.py
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

import wayfinding as wf
from wayfinding.io.voxelmap import read_3dmap, read_3dscen

HERE = Path(__file__).resolve().parent


def _open_ends_and_draw(grid: wf.Grid, start: tuple, goal: tuple, file: Path,
                        scale: int) -> None:
    """Open the start and goal, search with A* and save the picture."""
    for end in (start, goal):
        grid.set_wall(end, False)
    result = wf.astar(grid, start, goal)
    image = wf.draw.render(grid, path=result.path, start=start, goal=goal,
                           cost_so_far=result.cost_so_far, scale=scale)
    image.save(file, optimize=True)


def hex_path(out: Path) -> None:
    rng = np.random.default_rng(11)
    passable = rng.random((24, 40)) > 0.22
    costs = np.where(rng.random((24, 40)) > 0.85, 5.0, 1.0)
    grid = wf.HexGrid(passable, costs)
    start, goal = grid.from_offset((1, 1)), grid.from_offset((38, 22))
    _open_ends_and_draw(grid, start, goal, out / "hex_path.png", 9)


def voxel_slice(out: Path, warframe: Path) -> None:
    source = warframe / "Simple.3dmap"
    if source.is_file() and source.stat().st_size:
        grid = read_3dmap(source)
        _, queries = read_3dscen(warframe / "Simple.3dmap.3dscen")
        query = max(queries[:500], key=lambda q: q.optimal_length)
        start, goal = query.start, query.goal
    else:
        cells = np.ones((20, 60, 60), bool)
        cells[::5, 5:55, 5:55] = False  # floors with holes
        cells[::5, 10:50:10, 10:50:10] = True
        grid = wf.VoxelGrid(cells)
        start, goal = (2, 2, 1), (57, 57, 18)
    result = wf.astar(grid, start, goal)
    image = wf.draw.render(grid, path=result.path, start=start, goal=goal,
                           cost_so_far=result.cost_so_far, z=start[2], scale=4)
    image.save(out / "voxel_slice.png", optimize=True)


def torus_path(out: Path) -> None:
    rng = np.random.default_rng(5)
    passable = rng.random((28, 48)) > 0.25
    passable[:, 20:28] = False  # a wall across the middle: the way round is the way
    grid = wf.Grid(passable, diagonal=True, wrap=(True, True))
    start, goal = (5, 4), (42, 23)
    _open_ends_and_draw(grid, start, goal, out / "torus_path.png", 10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(HERE.parent / "docs" / "images"))
    parser.add_argument("--warframe", default=str(HERE.parent / ".." / "shared" / "warframe"))
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    hex_path(out)
    voxel_slice(out, Path(args.warframe))
    torus_path(out)
    for name in ("hex_path.png", "voxel_slice.png", "torus_path.png"):
        print(out / name, (out / name).stat().st_size, "bytes")


if __name__ == "__main__":
    main()
