"""The directed contraction hierarchy (``wayfinding.hierarchy.directed``) against the
oracle, with and without an uncontracted core."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wayfinding._kernels.codes import (
    H_EUCLIDEAN,
    H_GREAT_CIRCLE,
    STATUS_EXHAUSTED,
    STATUS_FOUND,
)
from wayfinding.csr._kernels.heuristic import distance
from wayfinding.hierarchy import build_directed
from wayfinding.hierarchy._kernels.updown import updown
from wayfinding.hierarchy.ordering import dissection_rank

from ..reference import shortest_costs
from ..strategies import examples


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


def _query(h, s, t, goal=None):
    n = h.n
    goal = (h.core, *((np.zeros((0, 2)), 0, 0.0) if goal is None else goal))
    inverse = np.empty(n, dtype=np.int64)
    inverse[h.order] = np.arange(n)
    stamps = [np.zeros(n, np.int64) for _ in range(2)]
    work = (stamps[0], np.zeros(n), np.zeros(n, np.int64), np.zeros(n), stamps[1],
            np.zeros(n), np.zeros(n, np.int64), np.zeros(n), np.zeros(4 * n + 64),
            np.zeros(4 * n + 64, np.int64), np.zeros(4 * n + 64),
            np.zeros(4 * n + 64, np.int64),
            np.zeros(6 * n + 64, np.int64), np.zeros(n + 8))
    status, cost, k, _settled = updown(*h.query_arrays(), *goal, inverse[s], inverse[t], 1,
                                       *work)
    return status, cost, h.order[work[-2][:k]].tolist(), work[-1][:k].tolist()


#: (core_degree, work_limit, eager_degree): no core, cores by degree and by work, and
#: neighbours' priorities estimated again at once or only when they come first.
SETTINGS = [(1_000_000, None, None), (4, None, None), (1, None, None), (1_000_000, 0, None),
            (1_000_000, 60, None), (1_000_000, None, 0), (1_000_000, None, 3)]


@settings(max_examples=examples(150), deadline=None)
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
    assert 8 <= spent.core <= 10 and full.core == 0  # the core's last node may have no up arc
    for h in (spent, full):
        status, cost, path, _costs = _query(h, 0, 9)
        assert status == STATUS_FOUND and cost == 9.0 and path == list(range(10))
        assert _query(h, 9, 0)[0] == STATUS_EXHAUSTED


@settings(max_examples=examples(100), deadline=None)
@given(digraphs(), st.randoms(use_true_random=False))
def test_queries_equal_the_oracle_when_contracted_in_another_layout(case, rng):
    # the contraction works on the graph renumbered by ``layout`` and maps its answer back
    n, tails, heads, weights = case
    layout = list(range(n))
    rng.shuffle(layout)
    h = build_directed(n, tails, heads, weights, layout=np.array(layout))
    edges = {v: [] for v in range(n)}
    for a, b, w in zip(tails.tolist(), heads.tolist(), weights.tolist(), strict=True):
        edges[a].append((b, w))
    for s in range(n):
        oracle = shortest_costs(edges, [s])
        for t in range(n):
            if s != t:
                status, cost, path, _costs = _query(h, s, t)
                assert status == (STATUS_FOUND if t in oracle else STATUS_EXHAUSTED)
                if t in oracle:
                    assert math.isclose(cost, oracle[t], abs_tol=1e-9)
                    assert path[0] == s and path[-1] == t


@settings(max_examples=examples(100), deadline=None)
@given(digraphs(), st.booleans(), st.integers(1, 4))
def test_a_dissection_order_is_a_permutation(case, with_coordinates, leaf):
    n, tails, heads, _weights = case
    coordinates = np.random.default_rng(n).random((n, 2)) if with_coordinates else None
    rank = dissection_rank(n, tails, heads, coordinates, leaf=leaf)
    assert rank.dtype == np.int64 and sorted(rank.tolist()) == list(range(n))


def _grid_edges(k):
    ids = np.arange(k * k).reshape(k, k)
    right = (ids[:, :-1].ravel(), ids[:, 1:].ravel())
    down = (ids[:-1, :].ravel(), ids[1:, :].ravel())
    return np.concatenate([right[0], down[0]]), np.concatenate([right[1], down[1]])


def _parts(k, removed, tails, heads):
    """Sizes of the connected parts of the k x k grid without ``removed`` nodes."""
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import connected_components

    keep = ~np.isin(tails, removed) & ~np.isin(heads, removed)
    m = coo_matrix((np.ones(int(keep.sum())), (tails[keep], heads[keep])),
                   shape=(k * k, k * k))
    _count, labels = connected_components(m, directed=False)
    labels = np.delete(labels, removed)
    return sorted(np.bincount(labels)[np.bincount(labels) > 0].tolist())


@pytest.mark.parametrize("with_coordinates", [True, False])
def test_the_top_of_a_dissection_order_separates_a_grid_in_halves(with_coordinates):
    k = 16
    tails, heads = _grid_edges(k)
    ys, xs = np.divmod(np.arange(k * k), k)
    coordinates = np.stack([xs, ys], 1).astype(float) if with_coordinates else None
    rank = dissection_rank(k * k, tails, heads, coordinates, leaf=1)
    # the first cut's separator: the nodes ranked above everything else of the grid
    top = np.argsort(rank)[::-1]
    for size in range(1, 3 * k):
        parts = _parts(k, top[:size], tails, heads)
        if len(parts) > 1:
            break
    assert size <= 2 * k  # one column (coordinates) or one breadth-first level
    assert len(parts) == 2 and min(parts) >= (k * k - size) // 2 - k


def test_a_path_is_cut_in_its_middle_first():
    rank = dissection_rank(9, np.arange(8), np.arange(1, 9), leaf=1)
    assert int(np.argmax(rank)) in (3, 4, 5)
    with_xy = dissection_rank(9, np.arange(8), np.arange(1, 9),
                              np.stack([np.arange(9.0), np.zeros(9)], 1), leaf=1)
    assert int(np.argmax(with_xy)) in (3, 4, 5)


@st.composite
def placed_digraphs(draw):
    """``(n, tails, heads, weights, coords, code)``: arcs costing at least the distance
    between their ends (straight-line or great-circle), zero-cost arcs between nodes in
    one place, self-loops and parallel arcs."""
    n = draw(st.integers(2, 16))
    code = draw(st.sampled_from([H_EUCLIDEAN, H_GREAT_CIRCLE]))
    places = draw(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=n,
                           max_size=n))
    coords = np.array(places, dtype=float)
    m = draw(st.integers(0, 4 * n))
    ends = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)),
                         min_size=m, max_size=m))
    factors = draw(st.lists(st.sampled_from([1.0, 1.0, 1.25, 3.0]), min_size=m, max_size=m))
    tails = np.array([a for a, _ in ends], np.int64)
    heads = np.array([b for _, b in ends], np.int64)
    weights = np.array([distance(code, coords, a, b) * f
                        for (a, b), f in zip(ends, factors, strict=True)])
    return n, tails, heads, weights, coords, code


@settings(max_examples=examples(150), deadline=None)
@given(placed_digraphs(), st.sampled_from(SETTINGS[:5]))
def test_goal_directed_queries_equal_the_oracle(case, setting):
    n, tails, heads, weights, coords, code = case
    core_degree, work_limit, _eager = setting
    h = build_directed(n, tails, heads, weights, core_degree=core_degree,
                       work_limit=work_limit)
    goal = (np.ascontiguousarray(coords[h.order]), code, 1.0 - 1e-9)
    _check_against_oracle(h, n, tails, heads, weights, goal)


def _both_ways(tails, heads, weights):
    return (np.concatenate([tails, heads]), np.concatenate([heads, tails]),
            np.concatenate([weights, weights]))


def _check_against_oracle(h, n, tails, heads, weights, goal=None):
    """Every query of ``h`` (goal-directed by ``goal`` when given) against the oracle."""
    edges = {v: [] for v in range(n)}
    for a, b, w in zip(tails.tolist(), heads.tolist(), weights.tolist(), strict=True):
        edges[a].append((b, w))
    for s in range(n):
        oracle = shortest_costs(edges, [s])
        for t in range(n):
            if s != t:
                status, cost, path, costs = _query(h, s, t, goal)
                assert status == (STATUS_FOUND if t in oracle else STATUS_EXHAUSTED)
                if t in oracle:
                    assert math.isclose(cost, oracle[t], rel_tol=1e-9, abs_tol=1e-9)
                    assert path[0] == s and path[-1] == t and len(set(path)) == len(path)
                    assert math.isclose(costs[-1], cost, rel_tol=1e-9, abs_tol=1e-9)


def _arc_set(h):
    """Every arc of the hierarchy as (tail, head, cost) in the graph's numbers (an arc of
    the core, listed both ways, once)."""
    arcs = set()
    for start, to, w, up in ((h.up_start, h.up_to, h.up_w, True),
                             (h.down_start, h.down_to, h.down_w, False)):
        owners = np.repeat(np.arange(h.n), np.diff(start))
        for x, y, c in zip(owners.tolist(), to.tolist(), w.tolist(), strict=True):
            u, v = (x, y) if up else (y, x)
            arcs.add((int(h.order[u]), int(h.order[v]), c))
    return sorted(arcs)


@settings(max_examples=examples(150), deadline=None)
@given(digraphs(), st.sampled_from(SETTINGS))
def test_an_undirected_graph_keeps_every_arc_both_ways(case, setting):
    # each arc with its reverse at the same cost: the contraction answers each pair of
    # neighbours once for both ways, so every shortcut comes with its reverse
    n, tails, heads, weights = case
    tails, heads, weights = _both_ways(tails, heads, weights)
    core_degree, work_limit, eager_degree = setting
    h = build_directed(n, tails, heads, weights, core_degree=core_degree,
                       work_limit=work_limit, eager_degree=eager_degree)
    arcs = _arc_set(h)
    assert arcs == sorted((b, a, w) for a, b, w in arcs)
    _check_against_oracle(h, n, tails, heads, weights)


@settings(max_examples=examples(150), deadline=None)
@given(placed_digraphs(), st.booleans(), st.integers(0, 3), st.randoms(use_true_random=False))
def test_aimed_witness_searches_keep_answers_exact(case, undirected, first_settle, rng):
    # first_settle 0 .. 3: the aimed A* searches find (or miss) most witnesses
    n, tails, heads, weights, coords, code = case
    if undirected:
        tails, heads, weights = _both_ways(tails, heads, weights)
    layout = list(range(n))
    rng.shuffle(layout)
    h = build_directed(n, tails, heads, weights, layout=np.array(layout),
                       aim=(coords, code, 1.0 - 1e-9), first_settle=first_settle)
    _check_against_oracle(h, n, tails, heads, weights)


def test_aimed_searches_find_the_witnesses_a_plain_one_finds(monkeypatch):
    # a 12 x 12 grid of unit arcs both ways: settling one node per plain search leaves
    # the witnesses to the aimed searches, which find them (no more shortcuts than plain
    # searches of 500 nodes); plain searches of one node add many more
    from wayfinding.hierarchy._kernels import directed as kernels

    k = 12
    tails, heads = _grid_edges(k)
    tails, heads, weights = _both_ways(tails, heads, np.ones(tails.shape[0]))
    ys, xs = np.divmod(np.arange(k * k), k)
    coords = np.stack([xs, ys], 1).astype(float)
    plain = build_directed(k * k, tails, heads, weights)
    aimed = build_directed(k * k, tails, heads, weights, aim=(coords, H_EUCLIDEAN, 1.0),
                           first_settle=1)
    unaimed = build_directed(k * k, tails, heads, weights, aim=(coords, 0, 0.0),
                             first_settle=1)
    assert aimed.shortcuts <= plain.shortcuts
    assert _arc_set(unaimed) == _arc_set(plain)  # code 0: no aim, first_settle unused
    monkeypatch.setattr(kernels, "SETTLE", 1)
    short = build_directed(k * k, tails, heads, weights)
    assert short.shortcuts > 2 * aimed.shortcuts
    _check_against_oracle(aimed, k * k, tails, heads, weights)


@pytest.mark.parametrize("work_limit", [0, 60_000, 150_000, None])
@pytest.mark.parametrize("aimed", [False, True])
def test_queries_across_a_large_core_equal_dijkstra(work_limit, aimed):
    # points joined to their 5 nearest neighbours both ways: budgets that leave every node,
    # most nodes or a few of them in the core; queries with and without goal direction
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import dijkstra
    from scipy.spatial import cKDTree

    n = 600
    rng = np.random.default_rng(5)
    xy = rng.random((n, 2))
    dist, near = cKDTree(xy).query(xy, k=6)
    tails = np.repeat(np.arange(n), 5)
    heads, weights = near[:, 1:].ravel(), dist[:, 1:].ravel()
    tails, heads, weights = _both_ways(tails, heads, weights)
    aim = (xy, H_EUCLIDEAN, 1.0 - 1e-9) if aimed else None
    h = build_directed(n, tails, heads, weights, work_limit=work_limit, aim=aim)
    assert (h.core > n // 2) if work_limit == 0 else (h.core < n)
    assert (h.core > 0) == (work_limit is not None)
    by = np.lexsort((weights, heads, tails))  # the cheapest of parallel arcs (scipy sums)
    first = np.unique(tails[by] * n + heads[by], return_index=True)[1]
    keep = by[first]
    exact = dijkstra(csr_matrix((weights[keep], (tails[keep], heads[keep])), shape=(n, n)),
                     indices=range(40))
    for goal in (None, (np.ascontiguousarray(xy[h.order]), H_EUCLIDEAN, 1.0 - 1e-9)):
        for s in range(40):
            for t in rng.integers(0, n, 15).tolist():
                if s == t:
                    continue
                status, cost, path, costs = _query(h, s, t, goal)
                assert status == STATUS_FOUND and math.isclose(cost, exact[s, t],
                                                               rel_tol=1e-9)
                assert path[0] == s and path[-1] == t
                assert math.isclose(costs[-1], cost, rel_tol=1e-9)


@settings(max_examples=examples(100), deadline=None)
@given(st.integers(1, 12).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.integers(0, n - 1), max_size=40))))
def test_grouped_is_a_stable_counting_sort(case):
    from wayfinding.hierarchy._kernels.levels import grouped

    n, keys = case
    keys = np.array(keys, dtype=np.int64)
    start, order = grouped(keys, n)
    assert order.tolist() == np.argsort(keys, kind="stable").tolist()
    assert start.tolist() == [0, *np.cumsum(np.bincount(keys, minlength=n)).tolist()]


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 4), st.booleans()), max_size=12),
       st.randoms(use_true_random=False))
def test_compacted_pools_keep_every_list(lists, rng):
    """Lists laid out in any order with gaps (moved lists' old room) slide to the front
    in their order, each keeping its contents and room; lists of no room are freed."""
    from wayfinding.hierarchy._kernels.common import compact

    n = len(lists)
    cap = np.array([c + k for c, k, _ in lists], dtype=np.int64)
    length = np.array([c for c, _, _ in lists], dtype=np.int64)
    cap[[not live for _, _, live in lists]] = 0  # contracted nodes
    length[cap == 0] = 0
    places = list(range(n))
    rng.shuffle(places)
    start = np.zeros(n, dtype=np.int64)
    used = 0
    for v in places:
        used += rng.randint(0, 3)  # a gap
        start[v] = used
        used += max(cap[v], 1)
    to = np.full(used + 1, -1, dtype=np.int32)
    w = np.zeros(used + 1)
    arc = np.full(used + 1, -1, dtype=np.int32)
    for v in range(n):
        for k in range(length[v]):
            to[start[v] + k], w[start[v] + k], arc[start[v] + k] = v, 10 * v + k, 100 * v + k
    before = start.copy()
    fill = compact(to, w, arc, start, length, cap)
    assert fill == cap.sum()
    live = sorted((v for v in range(n) if cap[v]), key=lambda v: before[v])
    assert [int(start[v]) for v in live] == np.cumsum([0] + [cap[v] for v in live])[:-1].tolist()
    for v in live:
        got = slice(start[v], start[v] + length[v])
        assert to[got].tolist() == [v] * length[v]
        assert w[got].tolist() == [10 * v + k for k in range(length[v])]
        assert arc[got].tolist() == [100 * v + k for k in range(length[v])]


@given(digraphs(), st.data())
def test_two_arc_witnesses_are_every_path_of_at_most_two_arcs(graph, data):
    """The quick estimates' scan (``directed_parts.two_arc_witnesses``) marks exactly the
    targets reached from ``u`` by one or two arcs avoiding ``x`` within their bound."""
    from wayfinding.hierarchy._kernels.directed_parts import two_arc_witnesses

    n, tails, heads, weights = graph
    u = data.draw(st.integers(0, n - 1))
    x = data.draw(st.integers(0, n - 1))
    bounds = np.array(data.draw(st.lists(st.sampled_from([-1.0, 0.0, 1.0, 2.5, 4.0, 9.0]),
                                         min_size=n, max_size=n)))
    by_tail = np.argsort(tails, kind="stable")  # lists laid out as the contraction's pools
    o_to, o_w = heads[by_tail].astype(np.int32), weights[by_tail]
    o_len = np.bincount(tails, minlength=n).astype(np.int64)
    o_start = np.concatenate([[0], np.cumsum(o_len)[:-1]]).astype(np.int64)
    generation = 3
    mark = np.where(bounds >= 0, generation, 0).astype(np.int64)
    via_of = bounds.copy()
    seen_at = np.zeros(n, np.int64)
    limit = max(bounds.max(), 0.0)
    work = two_arc_witnesses(u, x, limit, o_start, o_len, o_to, o_w, mark, via_of, seen_at,
                             generation)
    out = {v: [(int(o_to[i]), float(o_w[i])) for i in range(o_start[v], o_start[v] + o_len[v])]
           for v in range(n)}
    best = {}
    for y, d in out[u]:
        if y == x:
            continue
        best[y] = min(best.get(y, math.inf), d)
        for z, e in out[y]:
            best[z] = min(best.get(z, math.inf), d + e)
    expected = {z for z in range(n) if bounds[z] >= 0 and best.get(z, math.inf) <= bounds[z]}
    assert {z for z in range(n) if seen_at[z] == generation} == expected
    assert work >= o_len[u]


def test_a_stop_flag_of_another_type_is_refused():
    """One stop flag type (run_stoppable's int64) everywhere: a uint8 flag compiled the
    contraction kernel a second time (tens of seconds)."""
    from wayfinding.hierarchy.directed import contract

    tails, heads = np.array([0, 1]), np.array([1, 2])
    with pytest.raises(TypeError, match="stop must be an int64 flag"):
        contract(3, tails, heads, np.ones(2), np.zeros(1, dtype=np.uint8))
