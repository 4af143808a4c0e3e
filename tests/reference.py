"""Slow, obviously correct oracles that every fast path is checked against.

Nothing here shares code with the library: grid moves are worked out again from the
arrays, and shortest paths come from Bellman-Ford relaxation to a fixed point.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

import numpy as np

Edges = dict[Hashable, list[tuple[Hashable, float]]]

SQRT2 = math.sqrt(2.0)


def grid_edges(
    passable: np.ndarray,
    costs: np.ndarray | None = None,
    *,
    diagonal: bool = False,
    straight_cost: float = 1.0,
    diagonal_cost: float = SQRT2,
    corner_cutting: str = "never",
) -> Edges:
    """Every step of a grid as an explicit edge list ``{(x, y): [((x2, y2), cost), ...]}``.

    ``corner_cutting`` is ``"never"``, ``"one_free"`` or ``"always"``.
    """
    h, w = passable.shape

    def free(x: int, y: int) -> bool:
        return 0 <= x < w and 0 <= y < h and bool(passable[y, x])

    edges: Edges = {}
    for y in range(h):
        for x in range(w):
            if not free(x, y):
                continue
            out = []
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    if (dx, dy) == (0, 0) or not free(x + dx, y + dy):
                        continue
                    is_diagonal = dx != 0 and dy != 0
                    if is_diagonal:
                        if not diagonal:
                            continue
                        n_free = int(free(x + dx, y)) + int(free(x, y + dy))
                        if corner_cutting == "never" and n_free < 2:
                            continue
                        if corner_cutting == "one_free" and n_free < 1:
                            continue
                    length = diagonal_cost if is_diagonal else straight_cost
                    enter = 1.0 if costs is None else float(costs[y + dy, x + dx])
                    out.append(((x + dx, y + dy), length * enter))
            edges[(x, y)] = out
    return edges


def shortest_costs(
    edges: Edges, starts: Iterable[Hashable] | Mapping[Hashable, float]
) -> dict[Hashable, float]:
    """Cheapest cost from any start to every reachable location (Bellman-Ford).

    ``starts`` may map each start to its initial cost (0 otherwise).
    """
    dist = dict(starts) if isinstance(starts, Mapping) else {s: 0.0 for s in starts}
    changed = True
    while changed:
        changed = False
        for u, out in edges.items():
            if u not in dist:
                continue
            for v, c in out:
                if dist[u] + c < dist.get(v, math.inf) - 1e-12:
                    dist[v] = dist[u] + c
                    changed = True
    return dist


def fewest_steps(edges: Edges, starts: Iterable[Hashable]) -> dict[Hashable, float]:
    """Fewest steps from any start to every reachable location."""
    unit = {u: [(v, 1.0) for v, _ in out] for u, out in edges.items()}
    return shortest_costs(unit, starts)


def path_cost(edges: Edges, path: Sequence[Hashable]) -> float:
    """Cost of ``path`` along ``edges``; raises AssertionError on a step that is no edge."""
    total = 0.0
    for a, b in itertools.pairwise(path):
        steps = [c for v, c in edges.get(a, []) if v == b]
        assert steps, f"step {a!r} -> {b!r} is not an edge"
        total += min(steps)
    return total


def assert_valid_path(
    edges: Edges, path: Sequence[Hashable], starts: Iterable[Hashable], goals: Iterable[Hashable],
    cost: float,
) -> None:
    """The path starts at a start, ends at a goal, follows edges and costs ``cost``."""
    assert path, "empty path"
    assert path[0] in set(starts), f"path starts at {path[0]!r}"
    assert path[-1] in set(goals), f"path ends at {path[-1]!r}"
    assert math.isclose(path_cost(edges, path), cost, rel_tol=1e-9, abs_tol=1e-9), (
        f"path costs {path_cost(edges, path)} but the result says {cost}"
    )


# ---------------------------------------------------------------------- several paths
def simple_paths(edges: Edges, start: Hashable, goals: Iterable[Hashable]
                 ) -> list[tuple[list[Hashable], float]]:
    """Every loopless path from ``start`` that ends at its first goal, with its cost
    (depth-first enumeration of all of them: small graphs only)."""
    goal_set = set(goals)
    found: list[tuple[list[Hashable], float]] = []

    def walk(path: list[Hashable], cost: float) -> None:
        here = path[-1]
        if here in goal_set:
            found.append((list(path), cost))
            return
        for v, c in edges.get(here, []):
            if v not in path:
                path.append(v)
                walk(path, cost + c)
                path.pop()

    walk([start], 0.0)
    return found


def k_cheapest_costs(edges: Edges, start: Hashable, goal: Hashable, k: int) -> list[float]:
    """The costs of the ``k`` cheapest loopless paths (all of them if fewer)."""
    return sorted(cost for _, cost in simple_paths(edges, start, [goal]))[:k]


def optimal_paths(edges: Edges, start: Hashable, goals: Iterable[Hashable]
                  ) -> set[tuple[Hashable, ...]]:
    """Every loopless path from ``start`` to its first goal whose cost is the least (within
    a relative 1e-9)."""
    paths = simple_paths(edges, start, goals)
    if not paths:
        return set()
    best = min(cost for _, cost in paths)
    return {tuple(p) for p, cost in paths if cost <= best + 1e-9 * max(1.0, abs(best))}


def signed_costs(edges: Edges, starts: Iterable[Hashable]) -> dict[Hashable, float] | None:
    """Cheapest costs from ``starts`` with negative edge costs allowed (Bellman-Ford by
    passes); None when a negative cycle is reachable (a pass after the n-th still
    relaxes)."""
    dist = {s: 0.0 for s in starts}
    n = len(set(edges) | {v for out in edges.values() for v, _ in out} | set(dist))
    for _ in range(n + 1):
        changed = False
        for u, out in edges.items():
            if u not in dist:
                continue
            for v, c in out:
                if dist[u] + c < dist.get(v, math.inf) - 1e-9:
                    dist[v] = dist[u] + c
                    changed = True
        if not changed:
            return dist
    return None


def count_first_goal_paths(edges: Edges, start: Hashable, goals: Iterable[Hashable]) -> int:
    """How many paths (loopless: in a graph without cycles every path is) lead from
    ``start`` to a goal, ending at the first goal met."""
    return len(simple_paths(edges, start, goals))


def segment_cells(a: tuple[int, int], b: tuple[int, int]) -> dict[tuple[int, int], Any]:
    """Every cell (a unit square centred on integer ``(x, y)``) that the closed segment
    between the centres of ``a`` and ``b`` touches, with the fraction of the way along
    the segment where it first does, by exact clipping of the segment against each
    square of the bounding box (Liang-Barsky with fractions)."""
    from fractions import Fraction

    (x0, y0), (x1, y1) = a, b
    cells = {}
    for x in range(min(x0, x1) - 1, max(x0, x1) + 2):
        for y in range(min(y0, y1) - 1, max(y0, y1) + 2):
            lo, hi = Fraction(0), Fraction(1)
            inside = True
            for p, q in ((x0 - x1, x0 - (x - Fraction(1, 2))),
                         (x1 - x0, (x + Fraction(1, 2)) - x0),
                         (y0 - y1, y0 - (y - Fraction(1, 2))),
                         (y1 - y0, (y + Fraction(1, 2)) - y0)):
                if p == 0:
                    if q < 0:
                        inside = False
                    continue
                t = Fraction(q) / p
                if p < 0:
                    lo = max(lo, t)
                else:
                    hi = min(hi, t)
            if inside and lo <= hi:
                cells[x, y] = lo
    return cells


# ---------------------------------------------------------------------- other worlds
# Each world's steps worked out again from its definition, without the library.

def _wrapped(x: int, y: int, w: int, h: int, wrap: tuple[bool, bool]) -> tuple[int, int] | None:
    if wrap[0]:
        x %= w
    if wrap[1]:
        y %= h
    return (x, y) if 0 <= x < w and 0 <= y < h else None


def hex_axial(col: int, row: int, layout: str) -> tuple[int, int]:
    """Axial ``(q, r)`` of an offset ``(col, row)`` (the Red Blob formulas, written again)."""
    if layout in ("odd-r", "even-r"):
        half = (row - (row % 2)) // 2 if layout == "odd-r" else (row + (row % 2)) // 2
        return (col - half, row)
    half = (col - (col % 2)) // 2 if layout == "odd-q" else (col + (col % 2)) // 2
    return (col, row - half)


def hex_offset(q: int, r: int, layout: str) -> tuple[int, int]:
    """Offset ``(col, row)`` of an axial ``(q, r)``."""
    if layout in ("odd-r", "even-r"):
        half = (r - (r % 2)) // 2 if layout == "odd-r" else (r + (r % 2)) // 2
        return (q + half, r)
    half = (q - (q % 2)) // 2 if layout == "odd-q" else (q + (q % 2)) // 2
    return (q, r + half)


def hex_edges(passable: np.ndarray, costs: np.ndarray | None, layout: str,
              wrap: tuple[bool, bool] = (False, False)) -> Edges:
    """Edges of a hex map (array ``[row, col]`` in ``layout``), keyed by axial ``(q, r)``.

    A neighbour is one of the six cube directions; on a wrapped map the neighbour's
    offset is taken modulo the map's size.
    """
    h, w = passable.shape
    cube_steps = [(1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1)]
    edges: Edges = {}
    for row in range(h):
        for col in range(w):
            if not passable[row, col]:
                continue
            q, r = hex_axial(col, row, layout)
            out = []
            for dx, _dy, dz in cube_steps:  # cube (x, y, z) with q = x, r = z
                ncol, nrow = hex_offset(q + dx, r + dz, layout)
                cell = _wrapped(ncol, nrow, w, h, wrap)
                if cell is None or not passable[cell[1], cell[0]]:
                    continue
                enter = 1.0 if costs is None else float(costs[cell[1], cell[0]])
                out.append((hex_axial(cell[0], cell[1], layout), enter))
            edges[(q, r)] = out
    return edges


def voxel_edges(passable: np.ndarray, costs: np.ndarray | None, connectivity: int,
                rule: str = "never") -> Edges:
    """Edges of a voxel grid (array ``[z, y, x]``), keyed by ``(x, y, z)``.

    ``rule="never"``: a diagonal step needs every voxel of the box spanned by the step
    open (the 3-D benchmark rule); ``"always"``: only the target.
    """
    d_, h, w = passable.shape

    def free(x: int, y: int, z: int) -> bool:
        return 0 <= x < w and 0 <= y < h and 0 <= z < d_ and bool(passable[z, y, x])

    edges: Edges = {}
    for z, y, x in itertools.product(range(d_), range(h), range(w)):
        if not passable[z, y, x]:
            continue
        out = []
        for dx, dy, dz in itertools.product((-1, 0, 1), repeat=3):
            axes = abs(dx) + abs(dy) + abs(dz)
            if axes == 0 or (connectivity == 6 and axes > 1) or (
                    connectivity == 18 and axes > 2):
                continue
            box = itertools.product(*[(0, c) if c else (0,) for c in (dx, dy, dz)])
            if rule == "never" and not all(free(x + a, y + b, z + c) for a, b, c in box):
                continue
            if not free(x + dx, y + dy, z + dz):
                continue
            enter = 1.0 if costs is None else float(costs[z + dz, y + dy, x + dx])
            out.append(((x + dx, y + dy, z + dz), math.sqrt(axes) * enter))
        edges[(x, y, z)] = out
    return edges


def wrapped_grid_edges(passable: np.ndarray, costs: np.ndarray | None,
                       moves: Sequence[tuple[int, int, float]], rule: str,
                       wrap: tuple[bool, bool] = (False, False)) -> Edges:
    """Edges of a square grid with the moves ``(dx, dy, length)``, keyed by ``(x, y)``.

    A move is allowed when the straight segment between the two cell centres sees
    through (:func:`tests.oracles.sees` on the map tiled 3 x 3 when it wraps, so that the
    segment crosses the border as it would on a cylinder or torus).
    """
    from .oracles import sees

    h, w = passable.shape
    tiled = np.tile(passable, (3, 3)) if any(wrap) else passable
    if any(wrap):  # cells beyond a border that does not wrap are walls
        if not wrap[0]:
            tiled[:, :w] = False
            tiled[:, 2 * w:] = False
        if not wrap[1]:
            tiled[:h, :] = False
            tiled[2 * h:, :] = False
    shift_x, shift_y = (w, h) if any(wrap) else (0, 0)
    edges: Edges = {}
    for y in range(h):
        for x in range(w):
            if not passable[y, x]:
                continue
            out = []
            for dx, dy, length in moves:
                tx, ty = x + dx + shift_x, y + dy + shift_y
                if not (0 <= tx < tiled.shape[1] and 0 <= ty < tiled.shape[0]):
                    continue
                if not sees(tiled, (x + shift_x, y + shift_y), (tx, ty), rule):
                    continue
                cell = _wrapped(x + dx, y + dy, w, h, wrap)
                assert cell is not None
                enter = 1.0 if costs is None else float(costs[cell[1], cell[0]])
                out.append((cell, length * enter))
            edges[(x, y)] = out
    return edges
