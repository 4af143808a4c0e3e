"""Slow, independent oracles for the game-loop tests: fields, replan, anyangle, turns
(nothing shared with the library).

Costs come from Bellman-Ford relaxation over the explicit edge lists of
:func:`tests.reference.grid_edges`; line of sight from an exact (``Fraction``) walk of
the segment between two cell centres.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from fractions import Fraction
from itertools import pairwise

import numpy as np

from .reference import Edges, shortest_costs


def seeded_costs(edges: Edges, seeds: dict[Hashable, float]) -> dict[Hashable, float]:
    """Least ``initial[s] + cost(s -> v)`` over the seeds, for every reachable ``v``."""
    return shortest_costs(edges, seeds)


def reversed_edges(edges: Edges) -> Edges:
    """The same edges pointing the other way (costs kept)."""
    result: Edges = {u: [] for u in edges}
    for u, out in edges.items():
        for v, c in out:
            result.setdefault(v, []).append((u, c))
    return result


def turn_costs(edges: Edges, start: Hashable, turn_cost: float) -> dict[Hashable, float]:
    """Least cost to every cell when each change of step direction costs ``turn_cost``.

    Bellman-Ford over explicit ``(cell, heading)`` states; the start has no heading.
    """
    dist: dict[tuple, float] = {(start, None): 0.0}
    changed = True
    while changed:
        changed = False
        for (u, heading), du in list(dist.items()):
            for v, c in edges.get(u, []):
                step = (v[0] - u[0], v[1] - u[1])
                new = du + c + (turn_cost if heading is not None and heading != step else 0.0)
                if new < dist.get((v, step), math.inf) - 1e-12:
                    dist[(v, step)] = new
                    changed = True
    best: dict[Hashable, float] = {}
    for (cell, _), value in dist.items():
        best[cell] = min(value, best.get(cell, math.inf))
    return best


def count_turns(path: list[tuple[int, int]]) -> int:
    steps = [(b[0] - a[0], b[1] - a[1]) for a, b in pairwise(path)]
    return sum(1 for s, t in pairwise(steps) if s != t)


def sees(passable: np.ndarray, a: tuple[int, int], b: tuple[int, int], rule: str) -> bool:
    """Exact line of sight between cell centres (``rule``: never, one_free, always).

    Breakpoints are where the segment crosses a grid line ``x = k + 1/2`` or
    ``y = k + 1/2``; between two breakpoints the segment is inside one cell, which must be
    passable; a breakpoint on both kinds of line at once is a corner, checked by ``rule``.
    """
    h, w = passable.shape

    def free(x: int, y: int) -> bool:
        return 0 <= x < w and 0 <= y < h and bool(passable[y, x])

    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    xs: set[Fraction] = set()
    ys: set[Fraction] = set()
    for k in range(min(ax, bx), max(ax, bx)):
        xs.add(Fraction(2 * k + 1 - 2 * ax, 2 * dx))
    for k in range(min(ay, by), max(ay, by)):
        ys.add(Fraction(2 * k + 1 - 2 * ay, 2 * dy))
    ts = sorted(xs | ys | {Fraction(0), Fraction(1)})
    if not free(ax, ay):
        return False
    for t0, t1 in pairwise(ts):
        mid = (t0 + t1) / 2
        x = ax + mid * dx
        y = ay + mid * dy
        if not free(math.floor(x + Fraction(1, 2)), math.floor(y + Fraction(1, 2))):
            return False
    for t in xs & ys:
        cx = ax + t * dx  # a half-integer corner
        cy = ay + t * dy
        before = (math.floor(cx - Fraction(1, 2) * _sign(dx) + Fraction(1, 2)),
                  math.floor(cy - Fraction(1, 2) * _sign(dy) + Fraction(1, 2)))
        side_a = free(before[0] + _sign(dx), before[1])
        side_b = free(before[0], before[1] + _sign(dy))
        if rule == "never" and not (side_a and side_b):
            return False
        if rule == "one_free" and not (side_a or side_b):
            return False
    return True


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)
