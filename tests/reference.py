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
