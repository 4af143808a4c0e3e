"""CSR kernels against the Bellman-Ford oracle on random graphs.

Random graphs include disconnected parts, self-loops, parallel edges, zero-cost edges and
unorderable labels; every search is compared with ``tests/reference.py``.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf

from ..reference import assert_valid_path, fewest_steps, shortest_costs


class Label:
    """A hashable label that cannot be ordered (``<`` raises TypeError)."""

    def __init__(self, name: int) -> None:
        self.name = name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Label) and other.name == self.name

    def __hash__(self) -> int:
        return hash(("Label", self.name))

    def __repr__(self) -> str:
        return f"Label({self.name})"


@st.composite
def graphs(draw, max_nodes=10):
    n = draw(st.integers(1, max_nodes))
    kind = draw(st.sampled_from(["int", "mixed", "object"]))
    if kind == "int":
        labels = list(range(n))
    elif kind == "mixed":
        labels = [str(i) if i % 2 else i for i in range(n)]
    else:
        labels = [Label(i) for i in range(n)]
    m = draw(st.integers(0, 3 * n))
    pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)),
                          min_size=m, max_size=m))
    costs = draw(st.lists(st.sampled_from([0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 7.25]),
                          min_size=m, max_size=m))
    directed = draw(st.booleans())
    sources = [labels[a] for a, _ in pairs]
    targets = [labels[b] for _, b in pairs]
    coords = draw(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)),
                           min_size=n, max_size=n))
    graph = wf.CSRGraph.from_edges(sources, targets, costs, nodes=labels,
                                   coordinates=np.array(coords, dtype=float),
                                   directed=directed)
    edges = {x: [] for x in labels}
    for s, t, c in zip(sources, targets, costs, strict=True):
        edges[s].append((t, c))
        if not directed:
            edges[t].append((s, c))
    return graph, edges, labels


def _check(result, edges, starts, goal, oracle):
    if goal in oracle:
        assert result.found
        assert math.isclose(result.cost, oracle[goal], abs_tol=1e-9)
        assert_valid_path(edges, result.path, starts, [goal], result.cost)
    else:
        assert not result.found and result.path is None and result.cost == math.inf


@given(graphs(), st.data())
def test_dijkstra_flood_matches_the_oracle(case, data):
    graph, edges, labels = case
    start = data.draw(st.sampled_from(labels))
    oracle = shortest_costs(edges, [start])
    r = wf.dijkstra(graph, start)
    assert set(r.cost_so_far) == set(oracle)
    for x, c in oracle.items():
        assert math.isclose(r.cost_so_far[x], c, abs_tol=1e-9)
        if x != start:
            assert_valid_path(edges, [*_walk(r.came_from, x)], [start], [x], r.cost_so_far[x])
    assert r.came_from[start] is None
    array = r.cost_so_far.array
    assert array.shape == (len(labels),)
    assert np.isinf(array).sum() == len(labels) - len(oracle)


def _walk(came_from, x):
    path = [x]
    while came_from[path[-1]] is not None:
        path.append(came_from[path[-1]])
    return reversed(path)


@given(graphs(), st.data())
def test_single_pair_searches_match_the_oracle(case, data):
    graph, edges, labels = case
    start = data.draw(st.sampled_from(labels))
    goal = data.draw(st.sampled_from(labels))
    oracle = shortest_costs(edges, [start])
    _check(wf.dijkstra(graph, start, goal), edges, [start], goal, oracle)
    _check(wf.astar(graph, start, goal), edges, [start], goal, oracle)
    _check(wf.bidirectional_dijkstra(graph, start, goal), edges, [start], goal, oracle)
    _check(wf.bidirectional_astar(graph, start, goal), edges, [start], goal, oracle)
    lm = wf.landmarks(graph, count=data.draw(st.integers(1, 4)))
    _check(wf.astar(graph, start, goal, heuristic=lm), edges, [start], goal, oracle)
    _check(wf.bidirectional_astar(graph, start, goal, heuristic=lm), edges, [start], goal,
           oracle)
    greedy = wf.greedy_best_first(graph, start, goal)
    assert greedy.found == (goal in oracle)
    if greedy.found:
        assert_valid_path(edges, greedy.path, [start], [goal], greedy.cost)


@given(graphs(), st.data())
def test_astar_with_an_array_heuristic_is_optimal(case, data):
    graph, edges, labels = case
    start = data.draw(st.sampled_from(labels))
    goal = data.draw(st.sampled_from(labels))
    reverse = {x: [] for x in labels}
    for u, out in edges.items():
        for v, c in out:
            reverse[v].append((u, c))
    to_goal = shortest_costs(reverse, [goal])
    # admissible but inconsistent: a random fraction of the true remaining cost
    fractions = data.draw(st.lists(st.sampled_from([0.0, 0.3, 1.0]), min_size=len(labels),
                                   max_size=len(labels)))
    h = np.array([to_goal.get(x, 0.0) * f for x, f in zip(labels, fractions, strict=True)])
    oracle = shortest_costs(edges, [start])
    _check(wf.astar(graph, start, goal, heuristic=h), edges, [start], goal, oracle)
    _check(wf.astar(graph, start, goal, heuristic=lambda a, b: 0.0), edges, [start], goal,
           oracle)


@given(graphs(), st.data())
def test_breadth_first_counts_steps(case, data):
    graph, edges, labels = case
    start = data.draw(st.sampled_from(labels))
    steps = fewest_steps(edges, [start])
    flood = wf.breadth_first_search(graph, start)
    assert {x: flood.cost_so_far[x] for x in flood.cost_so_far} == steps
    goal = data.draw(st.sampled_from(labels))
    r = wf.breadth_first_search(graph, start, goal)
    assert r.found == (goal in steps)
    if r.found:
        assert r.cost == steps[goal] == len(r.path) - 1


@given(graphs(), st.data())
def test_several_starts_and_goals(case, data):
    graph, edges, labels = case
    starts = data.draw(st.lists(st.sampled_from(labels), min_size=1, max_size=3))
    goals = data.draw(st.lists(st.sampled_from(labels), min_size=1, max_size=3))
    oracle = shortest_costs(edges, starts)
    reachable = [g for g in goals if g in oracle]
    for search in (wf.dijkstra, wf.astar):
        r = search(graph, list(starts), list(goals))
        assert r.found == bool(reachable)
        if r.found:
            assert math.isclose(r.cost, min(oracle[g] for g in reachable), abs_tol=1e-9)
            assert_valid_path(edges, r.path, starts, goals, r.cost)
    got = wf.csr.distances(graph, list(starts), goals)
    assert got.tolist() == pytest.approx([oracle.get(g, math.inf) for g in goals])


@given(graphs(), st.data())
def test_max_cost_and_budgets(case, data):
    graph, edges, labels = case
    start = data.draw(st.sampled_from(labels))
    limit = data.draw(st.sampled_from([0.0, 1.0, 2.5]))
    oracle = shortest_costs(edges, [start])
    r = wf.dijkstra(graph, start, max_cost=limit)
    assert set(r.cost_so_far) == {x for x, c in oracle.items() if c <= limit}
    budget = data.draw(st.integers(0, 3))
    r = wf.dijkstra(graph, start, max_expansions=budget)
    assert r.expanded <= budget
    goal = data.draw(st.sampled_from(labels))
    r = wf.astar(graph, start, goal, max_expansions=budget, partial=True)
    if r.path is not None:
        assert r.path[0] == start


def test_self_loops_and_parallel_edges_are_merged():
    g = wf.CSRGraph.from_edges(["a", "a", "a", "b"], ["a", "b", "b", "c"], [0.0, 5.0, 2.0, 1.0])
    assert g.edge_count == 2
    assert g.cost("a", "b") == 2.0
    assert wf.dijkstra(g, "a", "c").cost == 3.0


def test_unorderable_labels_with_ties():
    a, b, c, d = (Label(i) for i in range(4))
    g = wf.CSRGraph.from_edges([a, a, b, c], [b, c, d, d], [1.0, 1.0, 1.0, 1.0])
    assert wf.dijkstra(g, a, d).cost == 2.0
    assert wf.bidirectional_dijkstra(g, a, d).cost == 2.0
    assert wf.astar(g, [a, b], {d}).cost == 1.0


def test_tuple_labels_are_one_location_each():
    g = wf.CSRGraph.from_edges([(0, 0), (0, 1)], [(0, 1), (1, 1)])
    assert wf.dijkstra(g, (0, 0), (1, 1)).path == [(0, 0), (0, 1), (1, 1)]
    assert wf.dijkstra(g, (0, 0), lambda x: x == (1, 1)).goal == (1, 1)
