"""Hypothesis strategies shared by the property tests: random digraphs and grids."""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from typing import Any

import numpy as np
from hypothesis import strategies as st

from wayfinding import CornerCutting, Grid

from .reference import Edges, grid_edges

#: The four movement rules, and their test ids.
RULES = [
    {"diagonal": False},
    {"diagonal": True, "corner_cutting": CornerCutting.NEVER},
    {"diagonal": True, "corner_cutting": CornerCutting.ONE_FREE},
    {"diagonal": True, "corner_cutting": CornerCutting.ALWAYS},
]
RULE_IDS = ["4way", "8way-never", "8way-one-free", "8way-always"]

COSTS = st.one_of(st.integers(0, 9).map(float), st.floats(0.0, 10.0, allow_nan=False))


@st.composite
def weighted_digraphs(draw: st.DrawFn) -> dict[int, dict[int, float]]:
    """``{u: {v: cost}}`` on locations ``0..n-1`` (n from 1 to 10)."""
    n = draw(st.integers(1, 10))
    edges: dict[int, dict[int, float]] = {}
    for u in range(n):
        targets = draw(st.lists(st.integers(0, n - 1), max_size=4, unique=True))
        edges[u] = {v: draw(COSTS) for v in targets}
    return edges


def as_edges(graph: dict[int, dict[int, float]]) -> Edges:
    return {u: list(out.items()) for u, out in graph.items()}


@dataclass
class GridCase:
    grid: Grid
    edges: Edges
    cells: list[tuple[int, int]]


@st.composite
def grid_cases(draw: st.DrawFn, *, weighted: bool | None = None,
               diagonal: bool | None = None) -> GridCase:
    """A random grid under random movement rules, with its oracle edge list."""
    h = draw(st.integers(1, 8))
    w = draw(st.integers(1, 8))
    density = draw(st.sampled_from([0.0, 0.2, 0.35, 0.5]))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    passable = rng.random((h, w)) >= density
    passable[rng.integers(h), rng.integers(w)] = True
    if weighted is None:
        weighted = draw(st.booleans())
    costs = rng.integers(0, 10, size=(h, w)).astype(float) if weighted else None
    if costs is not None and draw(st.booleans()):
        costs = costs + rng.random((h, w))
    if diagonal is None:
        diagonal = draw(st.booleans())
    straight, diag = draw(st.sampled_from([(1.0, math.sqrt(2)), (10.0, 14.0), (1.0, 1.0),
                                           (2.0, 5.0)]))
    rule = draw(st.sampled_from(list(CornerCutting)))
    grid = Grid(passable, costs, diagonal=diagonal, straight_cost=straight, diagonal_cost=diag,
                corner_cutting=rule)
    edges = grid_edges(passable, costs, diagonal=diagonal, straight_cost=straight,
                       diagonal_cost=diag, corner_cutting=rule.value)
    ys, xs = np.nonzero(passable)
    cells = list(zip(xs.tolist(), ys.tolist(), strict=True))
    return GridCase(grid, edges, cells)


#: Examples per property test in this run: the hypothesis profile's (conftest.py), which
#: ``WAYFINDING_EXAMPLES`` sets (60 by default; 6 in the no-JIT runs of test_kernels_nojit).
EXAMPLES = int(os.environ.get("WAYFINDING_EXAMPLES", "60"))


def examples(n: int) -> int:
    """``max_examples`` for a test that wants ``n`` in a default run, scaled as the profile
    is (a tenth in the no-JIT runs, where every kernel runs as plain Python)."""
    return max(1, n * EXAMPLES // 60)


def endpoints(graph: dict, data: st.DataObject) -> tuple[int, int]:
    """A start and a goal drawn from the locations of a ``weighted_digraphs`` graph."""
    return data.draw(st.sampled_from(sorted(graph))), data.draw(st.sampled_from(sorted(graph)))


def networkx_digraph(graph: dict[int, dict[int, float]]) -> Any:
    """A ``weighted_digraphs`` graph as a networkx DiGraph with ``weight`` attributes."""
    import networkx as nx

    G = nx.DiGraph()
    G.add_nodes_from(graph)
    G.add_weighted_edges_from((u, v, c) for u, out in graph.items() for v, c in out.items())
    return G


# ---------------------------------------------------------------------- other worlds
HEX_LAYOUTS = ["odd-r", "even-r", "odd-q", "even-q"]


def _open_cells(draw: st.DrawFn, shape: tuple[int, ...]) -> tuple[np.ndarray, np.random.Generator]:
    density = draw(st.sampled_from([0.0, 0.2, 0.35, 0.5]))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    passable = rng.random(shape) >= density
    passable[tuple(rng.integers(n) for n in shape)] = True
    return passable, rng


def _costs(draw: st.DrawFn, rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray | None:
    if not draw(st.booleans()):
        return None
    costs = rng.integers(0, 10, size=shape).astype(float)
    if draw(st.booleans()):
        costs = costs + rng.random(shape)
    return costs


def _cells_of(grid) -> list:
    return list(grid.locations())


@st.composite
def hex_cases(draw: st.DrawFn) -> GridCase:
    """A random hex map (any layout, walls, costs, wrap) with its oracle edge list."""
    from wayfinding import HexGrid, HexLayout

    from .reference import hex_edges

    layout = draw(st.sampled_from(HEX_LAYOUTS))
    member = {"odd-r": HexLayout.ODD_R, "even-r": HexLayout.EVEN_R,
              "odd-q": HexLayout.ODD_Q, "even-q": HexLayout.EVEN_Q}[layout]
    h, w = draw(st.integers(1, 7)), draw(st.integers(1, 7))
    wx, wy = draw(st.booleans()), draw(st.booleans())
    even_x, even_y = (not member.rows), member.rows
    wx = wx and w >= 3 and (w % 2 == 0 or not even_x)
    wy = wy and h >= 3 and (h % 2 == 0 or not even_y)
    passable, rng = _open_cells(draw, (h, w))
    costs = _costs(draw, rng, (h, w))
    grid = HexGrid(passable, costs, layout=member, wrap=(wx, wy))
    return GridCase(grid, hex_edges(passable, costs, layout, (wx, wy)), _cells_of(grid))


@st.composite
def voxel_cases(draw: st.DrawFn) -> GridCase:
    """A random voxel grid (6, 18 or 26 neighbours, both corner rules) with its oracle."""
    from wayfinding import VoxelGrid

    from .reference import voxel_edges

    shape = (draw(st.integers(1, 4)), draw(st.integers(1, 4)), draw(st.integers(1, 4)))
    connectivity = draw(st.sampled_from([6, 18, 26]))
    rule = draw(st.sampled_from([CornerCutting.NEVER, CornerCutting.ALWAYS]))
    passable, rng = _open_cells(draw, shape)
    costs = _costs(draw, rng, shape)
    grid = VoxelGrid(passable, costs, connectivity=connectivity, corner_cutting=rule)
    return GridCase(grid, voxel_edges(passable, costs, connectivity, rule.value),
                    _cells_of(grid))


#: Move sets for square grids: the 8 knight moves, the 16- and 32-neighbourhoods.
KNIGHT = [(dx, dy, math.hypot(dx, dy)) for dx in (-2, -1, 1, 2) for dy in (-2, -1, 1, 2)
          if abs(dx) != abs(dy)]
NEIGHBOURHOOD_16 = [(dx, dy, math.hypot(dx, dy)) for dx in range(-2, 3) for dy in range(-2, 3)
                    if (dx, dy) != (0, 0) and math.gcd(dx, dy) == 1]
NEIGHBOURHOOD_32 = [(dx, dy, math.hypot(dx, dy)) for dx in range(-3, 4) for dy in range(-3, 4)
                    if (dx, dy) != (0, 0) and math.gcd(dx, dy) == 1]


@st.composite
def move_sets(draw: st.DrawFn) -> list[tuple[int, int, float]]:
    """A random list of moves ``(dx, dy, cost)`` (reach 3), sometimes one-way only."""
    offsets = draw(st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3)).filter(
        lambda d: d != (0, 0)), min_size=1, max_size=8, unique=True))
    if draw(st.booleans()):  # both ways
        offsets = list(dict.fromkeys(offsets + [(-dx, -dy) for dx, dy in offsets]))
    costs = draw(st.lists(st.floats(0.25, 5.0), min_size=len(offsets), max_size=len(offsets)))
    return [(dx, dy, c) for (dx, dy), c in zip(offsets, costs, strict=True)]


@st.composite
def square_world_cases(draw: st.DrawFn, *, custom: bool | None = None) -> GridCase:
    """A random square grid with moves of its own or the 4/8-way ones, wrapped or not."""
    from .reference import wrapped_grid_edges

    if custom is None:
        custom = draw(st.booleans())
    rule = draw(st.sampled_from(list(CornerCutting)))
    if custom:
        moves = draw(st.one_of(move_sets(), st.sampled_from([KNIGHT, NEIGHBOURHOOD_16,
                                                             NEIGHBOURHOOD_32])))
    else:
        diagonal = draw(st.booleans())
        moves = [(dx, dy, math.sqrt(2) if dx and dy else 1.0)
                 for dx, dy in ((1, 0), (-1, 0), (0, -1), (0, 1), (1, -1), (-1, -1), (1, 1),
                                (-1, 1))[:8 if diagonal else 4]]
    reach = max(max(abs(dx), abs(dy)) for dx, dy, _ in moves)
    h, w = draw(st.integers(1, 8)), draw(st.integers(1, 8))
    wrap = (draw(st.booleans()) and w >= 2 * reach + 1,
            draw(st.booleans()) and h >= 2 * reach + 1)
    passable, rng = _open_cells(draw, (h, w))
    costs = _costs(draw, rng, (h, w))
    if custom:
        grid = Grid(passable, costs, moves=moves, corner_cutting=rule, wrap=wrap)
    else:
        grid = Grid(passable, costs, diagonal=len(moves) == 8, corner_cutting=rule, wrap=wrap)
    edges = wrapped_grid_edges(passable, costs, moves, rule.value, wrap)
    return GridCase(grid, edges, _cells_of(grid))


def world_cases() -> st.SearchStrategy[GridCase]:
    """Any world: hex, voxel, or square with wrap-around and/or moves of its own."""
    return st.one_of(hex_cases(), voxel_cases(), square_world_cases())
