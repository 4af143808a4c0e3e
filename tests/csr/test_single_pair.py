"""The CSR tier's single-pair fast path, its cached heuristic values and ``targets=``.

Every answer is checked against the Bellman-Ford oracle (``tests/reference.py``) or
against the general path of the same search (several starts given as a list), which
parses everything and builds its kernel inputs afresh.
"""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding.errors import InvalidLocationError, InvalidParameterError

from ..reference import assert_valid_path, shortest_costs
from .test_properties import graphs


def _same(a, b):
    assert a.path == b.path
    assert a.cost == b.cost
    assert a.reason is b.reason
    assert a.expanded == b.expanded
    assert dict(a.cost_so_far) == dict(b.cost_so_far)
    assert dict(a.came_from) == dict(b.came_from)


@given(graphs(), st.data())
def test_the_one_pair_fast_path_answers_as_the_general_path(case, data):
    graph, edges, labels = case
    start = data.draw(st.sampled_from(labels))
    goal = data.draw(st.sampled_from(labels))
    for search in (wf.dijkstra, wf.astar, wf.greedy_best_first):
        _same(search(graph, start, goal), search(graph, [start], [goal]))
    oracle = shortest_costs(edges, [start])
    r = wf.astar(graph, start, goal)
    assert r.found == (goal in oracle)
    if r.found:
        assert math.isclose(r.cost, oracle[goal], abs_tol=1e-9)
        assert_valid_path(edges, r.path, [start], [goal], r.cost)
        assert r.goal == goal and r.partial is False


def test_tuple_and_string_labels_take_the_fast_path_too():
    g = wf.CSRGraph.from_edges([(0, 0), (0, 1), (0, 0)], [(0, 1), (1, 1), (1, 1)],
                               [1.0, 1.0, 3.0], coordinates=[(0, 0), (0, 1), (1, 1)])
    for search in (wf.dijkstra, wf.astar):
        r = search(g, (0, 0), (1, 1))
        assert (r.path, r.cost) == ([(0, 0), (0, 1), (1, 1)], 2.0)
        _same(r, search(g, [(0, 0)], [(1, 1)]))
    s = wf.CSRGraph.from_edges("ab", "bc", [2.0, 0.5])
    assert wf.dijkstra(s, "a", "c").path == ["a", "b", "c"]
    with pytest.raises(InvalidLocationError, match="'z' is not a node"):
        wf.dijkstra(s, "a", "z")


def test_fast_path_results_do_not_share_the_workspace():
    g = wf.CSRGraph.from_edges([0, 1, 2], [1, 2, 3], coordinates=[(i, 0) for i in range(4)])
    first = wf.astar(g, 0, 3)
    seen = dict(first.cost_so_far), dict(first.came_from)
    assert wf.astar(g, 3, 0).path is None  # new searches in the same workspace
    assert wf.dijkstra(g, 1, 2).path == [1, 2]
    assert (dict(first.cost_so_far), dict(first.came_from)) == seen
    assert first.path == [0, 1, 2, 3] and first.cost_so_far.array.tolist() == [0, 1, 2, 3]


def _star(leaves: int) -> wf.CSRGraph:
    """A hub joined both ways to ``leaves`` nodes on a circle (the hub's expansion
    overflows the smallest frontier: the kernel stops, the heap grows, it goes on)."""
    angles = np.linspace(0.0, 2 * np.pi, leaves, endpoint=False)
    coords = np.vstack([[0.0, 0.0], np.stack([np.cos(angles), np.sin(angles)], 1)])
    hub = np.zeros(leaves, dtype=np.int64)
    leaf = np.arange(1, leaves + 1)
    lengths = np.ones(leaves) * 1.5
    return wf.CSRGraph.from_edges(np.concatenate([hub, leaf]), np.concatenate([leaf, hub]),
                                  np.concatenate([lengths, lengths]), coordinates=coords,
                                  nodes=range(leaves + 1))


@pytest.mark.parametrize("leaves", [3000])
def test_heuristic_values_survive_a_growing_frontier(leaves):
    g = _star(leaves)
    r = wf.astar(g, 1, leaves // 2)
    assert r.cost == 3.0 and r.path == [1, 0, leaves // 2]
    limited = wf.astar(g, 1, leaves // 2, max_seconds=60.0)  # the general path
    _same(r, limited)
    batch = wf.batch.astar(g, np.array([1, 2]), np.array([leaves // 2, leaves]))
    assert batch.costs.tolist() == [3.0, 3.0]
    assert batch.path(0).tolist() == [1, 0, leaves // 2]


def test_dijkstra_partial_path_is_the_start_when_the_budget_is_spent():
    g = wf.CSRGraph.from_edges([0, 1], [1, 2])
    r = wf.dijkstra(g, 0, 2, max_expansions=0, partial=True)
    assert r.path == [0] and r.partial and r.reason is wf.StopReason.MAX_EXPANSIONS


# ------------------------------------------------------------------ targets
@given(graphs(), st.data())
def test_targets_settle_every_target_then_stop(case, data):
    graph, edges, labels = case
    starts = data.draw(st.lists(st.sampled_from(labels), min_size=1, max_size=2))
    targets = data.draw(st.lists(st.sampled_from(labels), min_size=1, max_size=4))
    oracle = shortest_costs(edges, starts)
    r = wf.dijkstra(graph, list(starts), targets=list(targets))
    reached = [t for t in targets if t in oracle]
    for t in reached:
        assert math.isclose(r.cost_so_far[t], oracle[t], abs_tol=1e-9)
    if len(reached) == len(targets):
        farthest = max(oracle[t] for t in targets)
        assert r.found and r.reason is wf.StopReason.FOUND
        assert r.goal in targets and math.isclose(r.cost, farthest, abs_tol=1e-9)
        assert_valid_path(edges, r.path, starts, [r.goal], r.cost)
        # early exit: only locations no costlier than the farthest target were settled
        assert r.expanded <= sum(1 for c in oracle.values() if c <= farthest + 1e-9)
    else:
        assert not r.found and r.path is None and r.cost == math.inf
        assert r.reason is wf.StopReason.EXHAUSTED


@given(graphs(), st.data())
def test_targets_agree_with_the_generic_tier(case, data):
    graph, edges, labels = case
    start = data.draw(st.sampled_from(labels))
    targets = data.draw(st.lists(st.sampled_from(labels), min_size=1, max_size=3))
    simple = wf.SimpleGraph({u: {v: c for v, c in sorted(out, key=lambda e: -e[1])}
                             for u, out in edges.items()})
    ours, generic = (wf.dijkstra(g, start, targets=targets) for g in (graph, simple))
    assert ours.found == generic.found
    assert ours.cost == pytest.approx(generic.cost)
    for t in targets:
        assert (t in ours.cost_so_far) == (t in generic.cost_so_far)
        if t in ours.cost_so_far:
            assert ours.cost_so_far[t] == pytest.approx(generic.cost_so_far[t])


def test_targets_with_max_cost_stop_at_the_budget():
    g = wf.CSRGraph.from_edges("abc", "bcd", [1.0, 2.0, 3.0])
    r = wf.dijkstra(g, "a", targets=["b", "d"], max_cost=4.0)
    assert r.path is None and r.reason is wf.StopReason.MAX_COST
    assert r.cost_so_far["b"] == 1.0 and "d" not in r.cost_so_far


def test_one_target_is_a_location():
    g = wf.CSRGraph.from_edges([(0, 0), (0, 1)], [(0, 1), (1, 1)])
    r = wf.dijkstra(g, (0, 0), targets=(1, 1))
    assert r.path == [(0, 0), (0, 1), (1, 1)]


def test_targets_on_a_grid_and_on_networkx():
    grid = wf.SquareGrid(4, 3)
    r = wf.dijkstra(grid, (0, 0), targets=[(3, 2), (1, 0)])
    assert r.goal == (3, 2) and r.cost_so_far[(1, 0)] == 1.0
    G = nx.path_graph(6)
    r = wf.dijkstra(G, 0, targets={1, 3})
    assert r.path == [0, 1, 2, 3] and 5 not in r.cost_so_far


@pytest.mark.parametrize(("graph", "start"), [
    (wf.CSRGraph.from_edges("ab", "bc"), "a"), (nx.path_graph(3), 0),
    (wf.SquareGrid(3, 3), (0, 0))])
def test_targets_errors(graph, start):
    with pytest.raises(InvalidLocationError, match="targets is an empty collection"):
        wf.dijkstra(graph, start, targets=[])
    with pytest.raises(InvalidParameterError, match="targets must be locations"):
        wf.dijkstra(graph, start, targets=lambda x: True)
    with pytest.raises(InvalidParameterError, match="give a goal or targets, not both"):
        wf.dijkstra(graph, start, start, targets=[start])
    if not isinstance(graph, wf.Grid):
        with pytest.raises(InvalidLocationError, match="'zz' is not"):
            wf.dijkstra(graph, start, targets=["zz"])


@pytest.mark.parametrize("mode", [0, 1, 2])
@pytest.mark.parametrize("code", [0, 1, 2, 3, 4, 5])
@pytest.mark.parametrize("n_goals", [0, 1, 2])
def test_the_plan_names_the_loop_the_kernel_module_picks(mode, code, n_goals):
    from wayfinding._kernels import codes as C
    from wayfinding.csr._kernels.bestfirst import any_loop, dijkstra_loop, euclid_loop, loop_for
    from wayfinding.csr.inputs import loop_index

    iparams = np.array([mode, code, n_goals, 0, 0, C.GOALS_ANY], dtype=np.int64)
    loops = (dijkstra_loop, euclid_loop, any_loop)
    assert loops[loop_index(mode, code, n_goals)] is loop_for(iparams)


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("method", ["astar", "dijkstra"])
def test_a_search_paused_every_few_expansions_ends_as_one_run(seed, method):
    """The kernel resumes from its arrays alone: a search cut into slices of 3 expansions
    (the frontier's keys lowered in place between slices, so the heap's slots must
    survive) gives the one-run answer field for field."""
    from wayfinding._kernels import codes as C
    from wayfinding.csr import inputs, workspace
    from wayfinding.csr.search import _loops

    rng = np.random.default_rng(seed)
    points = rng.random((300, 2))
    near = np.argsort(((points[:, None] - points[None]) ** 2).sum(-1), axis=1)[:, 1:6]
    src = np.repeat(np.arange(300), 5)
    dst = near.ravel()
    cost = np.hypot(*(points[src] - points[dst]).T)
    g = wf.CSRGraph.from_edges(src, dst, cost, coordinates=points, directed=False)
    s, t = 0, int(np.argmax(np.hypot(*(points - points[0]).T)))
    whole = getattr(wf, method)(g, s, t)
    mode = C.MODE_ASTAR if method == "astar" else C.MODE_COST
    coords, harray, lm_from, lm_to, iparams, fparams, loop = inputs.common_plan(g, mode)
    ws = workspace.acquire(g.node_count)
    try:
        side = ws.forward
        ws.start[0], ws.goal[0] = s, t
        ws.state[C.S_GEN] = ws.next_generation()
        ws.state[C.S_STATUS] = C.STATUS_NEW
        slices = 0
        while True:
            status = _loops()[loop](
                g.indptr, g.indices, g.costs, coords, harray, lm_from, lm_to, iparams,
                fparams, ws.start, ws.goal, side.stamp, side.g, side.parent, side.goal_mark,
                side.touched, side.hcache, side.heap_key, side.heap_node, side.heap_pos,
                ws.state, ws.fstate, 3)
            slices += 1
            if status == C.STATUS_HEAP_FULL:
                side.grow_heap()
            elif status != C.STATUS_PAUSED:
                break
        assert status == C.STATUS_FOUND and slices > 10
        assert int(ws.state[C.S_EXPANDED]) == whole.expanded
        assert float(side.g[t]) == whole.cost
        path = [t]
        while side.parent[path[-1]] >= 0:
            path.append(int(side.parent[path[-1]]))
        assert path[::-1] == whole.path
    finally:
        workspace.release(ws)
