"""The directed contraction hierarchy (``wayfinding.hierarchy.directed``) against the
oracle, with and without an uncontracted core."""

from __future__ import annotations

import itertools
import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from wayfinding._kernels.codes import STATUS_EXHAUSTED, STATUS_FOUND
from wayfinding.hierarchy import build_directed
from wayfinding.hierarchy._kernels.updown import updown

from ..reference import shortest_costs


@st.composite
def digraphs(draw):
    """``(n, tails, heads, weights)``: arcs with self-loops, parallel and zero-cost arcs."""
    n = draw(st.integers(2, 20))
    m = draw(st.integers(0, 4 * n))
    tails = draw(st.lists(st.integers(0, n - 1), min_size=m, max_size=m))
    heads = draw(st.lists(st.integers(0, n - 1), min_size=m, max_size=m))
    weights = draw(st.lists(st.sampled_from([0.0, 0.5, 1.0, 2.0, 3.5]), min_size=m,
                            max_size=m))
    return n, np.array(tails, np.int64), np.array(heads, np.int64), np.array(weights)


def _query(h, s, t):
    n = h.n
    inverse = np.empty(n, dtype=np.int64)
    inverse[h.order] = np.arange(n)
    stamps = [np.zeros(n, np.int64) for _ in range(2)]
    work = (stamps[0], np.zeros(n), np.zeros(n, np.int64), stamps[1], np.zeros(n),
            np.zeros(n, np.int64), np.zeros(4 * n + 64), np.zeros(4 * n + 64, np.int64),
            np.zeros(4 * n + 64), np.zeros(4 * n + 64, np.int64),
            np.zeros(4 * n + 64, np.int64), np.zeros(n + 8))
    status, cost, k, _settled = updown(*h.query_arrays(), inverse[s], inverse[t], 1, *work)
    return status, cost, h.order[work[-2][:k]].tolist(), work[-1][:k].tolist()


#: (core_degree, work_limit, eager_degree): no core, cores by degree and by work, and
#: neighbours' priorities estimated again at once or only when they come first.
SETTINGS = [(1_000_000, None, None), (4, None, None), (1, None, None), (1_000_000, 0, None),
            (1_000_000, 60, None), (1_000_000, None, 0), (1_000_000, None, 3)]


@settings(max_examples=150, deadline=None)
@given(digraphs(), st.sampled_from(SETTINGS))
def test_queries_equal_the_oracle_with_any_core(case, setting):
    n, tails, heads, weights = case
    core_degree, work_limit, eager_degree = setting
    h = build_directed(n, tails, heads, weights, core_degree=core_degree,
                       work_limit=work_limit, eager_degree=eager_degree)
    edges = {v: [] for v in range(n)}
    for a, b, w in zip(tails.tolist(), heads.tolist(), weights.tolist(), strict=True):
        edges[a].append((b, w))
    best = {}
    for a, b, w in zip(tails.tolist(), heads.tolist(), weights.tolist(), strict=True):
        best[a, b] = min(best.get((a, b), math.inf), w)
    for s in range(n):
        oracle = shortest_costs(edges, [s])
        for t in range(n):
            if s == t:
                continue
            status, cost, path, costs = _query(h, s, t)
            if t not in oracle:
                assert status == STATUS_EXHAUSTED
                continue
            assert status == STATUS_FOUND and math.isclose(cost, oracle[t], abs_tol=1e-9)
            assert path[0] == s and path[-1] == t and len(set(path)) == len(path)
            steps = [best[a, b] for a, b in itertools.pairwise(path)]
            assert np.allclose(np.cumsum([0.0, *steps]), costs)
            assert math.isclose(costs[-1], cost, abs_tol=1e-9)


def test_a_spent_work_budget_leaves_the_rest_as_core():
    # a path 0 -> 1 -> ... -> 9: with no budget nothing is contracted (no shortcuts) and
    # queries cross the core; with the default budget every inner node is contracted
    tails, heads = np.arange(9), np.arange(1, 10)
    weights = np.ones(9)
    spent = build_directed(10, tails, heads, weights, work_limit=0)
    full = build_directed(10, tails, heads, weights)
    assert spent.shortcuts == 0 and full.shortcuts > 0
    for h in (spent, full):
        status, cost, path, _costs = _query(h, 0, 9)
        assert status == STATUS_FOUND and cost == 9.0 and path == list(range(10))
        assert _query(h, 9, 0)[0] == STATUS_EXHAUSTED
