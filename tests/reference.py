"""Slow, obviously correct oracles that every fast path is checked against.

Nothing here shares code with the library: grid moves are worked out again from the
arrays, and shortest paths come from Bellman-Ford relaxation to a fixed point.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Hashable, Iterable, Mapping, Sequence

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
