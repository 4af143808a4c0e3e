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
