"""Depth-first search, breadth-first search's depth limit and neighbour order, iterative
deepening, IDA*, fringe and beam search, bidirectional BFS and lazy reachability on the
generic tier, against the oracles and networkx on random weighted digraphs."""

from __future__ import annotations

import itertools
import math

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf

from ..reference import assert_valid_path, fewest_steps, shortest_costs
from ..strategies import as_edges, endpoints, networkx_digraph, weighted_digraphs


def _reverse(edges):
    back = {}
    for u, out in edges.items():
        for v, c in out:
            back.setdefault(v, []).append((u, c))
    return back


@given(weighted_digraphs(), st.data(), st.one_of(st.none(), st.integers(1, 4)),
       st.booleans())
def test_depth_first_search_visits_as_networkx(graph, data, depth_limit, backwards):
    start = data.draw(st.sampled_from(sorted(graph)))
    order = (lambda vs: sorted(vs, reverse=True)) if backwards else None
    result = wf.depth_first_search(wf.SimpleGraph(graph), start, depth_limit=depth_limit,
                                   sort_neighbors=order)
    theirs = list(nx.dfs_preorder_nodes(networkx_digraph(graph), start, depth_limit=depth_limit,
                                        sort_neighbors=order))
    assert list(result.came_from) == theirs
    assert result.reason is wf.StopReason.EXHAUSTED


def test_depth_limit_zero_visits_only_the_start():
    # networkx's dfs_preorder_nodes expands the source even with depth_limit=0
    g = wf.SimpleGraph({0: [1], 1: [2]})
    assert list(wf.depth_first_search(g, 0, depth_limit=0).came_from) == [0]
    assert list(wf.breadth_first_search(g, 0, depth_limit=0).came_from) == [0]


@given(weighted_digraphs(), st.data())
def test_depth_first_search_finds_a_valid_path(graph, data):
    start, goal = endpoints(graph, data)
    edges = as_edges(graph)
    result = wf.depth_first_search(wf.SimpleGraph(graph), start, goal)
    reachable = fewest_steps(edges, [start])
    if goal in reachable:
        unit = {u: [(v, 1.0) for v, _ in out] for u, out in edges.items()}
        assert_valid_path(unit, result.path, [start], [goal], result.cost)
    else:
        assert result.path is None


@given(weighted_digraphs(), st.data(), st.integers(0, 4), st.booleans())
def test_breadth_first_search_depth_limit_and_order_as_networkx(graph, data, limit,
                                                                  backwards):
    start = data.draw(st.sampled_from(sorted(graph)))
    order = (lambda vs: sorted(vs, reverse=True)) if backwards else None
    result = wf.breadth_first_search(wf.SimpleGraph(graph), start, depth_limit=limit,
                                     sort_neighbors=order)
    theirs = [start, *(v for _, v in nx.bfs_edges(networkx_digraph(graph), start, depth_limit=limit,
                                                  sort_neighbors=order))]
    assert list(result.came_from) == theirs
    steps = fewest_steps(as_edges(graph), [start])
    assert {v for v, d in steps.items() if d <= limit} == set(result.came_from)


@given(weighted_digraphs(), st.data())
def test_iddfs_and_bidirectional_bfs_take_the_fewest_steps(graph, data):
    start, goal = endpoints(graph, data)
    expected = fewest_steps(as_edges(graph), [start]).get(goal, math.inf)
    g = wf.SimpleGraph(graph)
    for result in (wf.iddfs(g, start, goal), wf.bidirectional_bfs(g, start, goal)):
        assert result.cost == expected
        if result.path is not None:
            assert len(result.path) == expected + 1 and result.path[-1] == goal
    if goal in nx.descendants(networkx_digraph(graph), start) | {start}:
        assert len(nx.bidirectional_shortest_path(networkx_digraph(graph), start, goal)) == \
            expected + 1


@given(weighted_digraphs(), st.data(), st.floats(0.0, 1.0))
def test_idastar_and_fringe_search_are_optimal(graph, data, factor):
    start, goal = endpoints(graph, data)
    edges = as_edges(graph)
    expected = shortest_costs(edges, [start]).get(goal, math.inf)
    to_goal = shortest_costs(_reverse(edges), [goal])

    def h(a, b):
        return factor * to_goal.get(a, 0.0)  # admissible and consistent

    g = wf.SimpleGraph(graph)
    for result in (wf.idastar(g, start, goal, heuristic=h),
                   wf.fringe_search(g, start, goal, heuristic=h)):
        assert result.cost == pytest.approx(expected) or result.cost == expected
        if result.path is not None:
            assert_valid_path(edges, result.path, [start], [goal], result.cost)


@given(weighted_digraphs(), st.data(), st.integers(1, 4))
def test_beam_search_paths_are_valid_and_optimal_with_a_wide_beam(graph, data, width):
    start, goal = endpoints(graph, data)
    edges = as_edges(graph)
    g = wf.SimpleGraph(graph)
    narrow = wf.beam_search(g, start, goal, beam_width=width)
    if narrow.path is not None:
        assert_valid_path(edges, narrow.path, [start], [goal], narrow.cost)
    wide = wf.beam_search(g, start, goal, beam_width=100)
    assert wide.cost == pytest.approx(shortest_costs(edges, [start]).get(goal, math.inf)) \
        or wide.cost == math.inf == shortest_costs(edges, [start]).get(goal, math.inf)


@given(weighted_digraphs(), st.data())
def test_reach_iterators_in_breadth_first_and_cost_order(graph, data):
    starts = data.draw(st.lists(st.sampled_from(sorted(graph)), min_size=1, max_size=2))
    edges = as_edges(graph)
    steps = fewest_steps(edges, starts)
    order = list(wf.bfs_reach(wf.SimpleGraph(graph), starts))
    assert sorted(order) == sorted(steps) and len(order) == len(set(order))
    assert [steps[v] for v in order] == sorted(steps[v] for v in order)
    costs = shortest_costs(edges, starts)
    items = list(wf.dijkstra_reach(wf.SimpleGraph(graph), starts))
    assert {item.location for item in items} == set(costs)
    for item in items:
        assert item.cost == pytest.approx(costs[item.location])
        if item.parent is not None:
            assert item.cost == pytest.approx(costs[item.parent] + graph[item.parent][
                item.location])
    assert all(a.cost <= b.cost for a, b in itertools.pairwise(items))


def test_reach_is_lazy():
    seen = []

    def neighbors(n):
        seen.append(n)
        return [n + 1]

    first = list(zip(range(3), wf.bfs_reach(neighbors, 0), strict=False))
    assert [v for _, v in first] == [0, 1, 2] and len(seen) <= 3
    assert next(wf.dijkstra_reach(neighbors, 0)).location == 0


@pytest.mark.parametrize(("call", "message"), [
    (lambda g: wf.k_shortest_paths(g, "a", "c", 0), "k must be a whole number >= 1, got 0"),
    (lambda g: wf.k_shortest_paths(g, "a", "c", 1.5), "k must be a whole number"),
    (lambda g: wf.k_shortest_paths(g, "a", None, 2), "k shortest paths need a goal"),
    (lambda g: wf.beam_search(g, "a", "c", beam_width=0), "beam_width must be a whole"),
    (lambda g: wf.depth_first_search(g, "a", depth_limit=-1), "depth_limit must be finite"),
    (lambda g: wf.breadth_first_search(g, "a", depth_limit=0.5), "depth_limit must be a "
                                                                   "whole number"),
    (lambda g: wf.depth_first_search(g, "a", sort_neighbors="sorted"), "sort_neighbors must"),
    (lambda g: wf.iddfs(g, "a", None), "iddfs needs a goal"),
    (lambda g: wf.idastar(g, "a", None), "idastar needs a goal"),
    (lambda g: wf.fringe_search(g, "a", None), "fringe_search needs a goal"),
    (lambda g: wf.count_paths(g, "a", None), "count_paths needs a goal"),
    (lambda g: wf.iddfs(g, "a", "c", max_depth=-2), "max_depth must be finite"),
    (lambda g: wf.idastar(g, "a", "c", max_seconds=-1), "max_seconds must be finite"),
])
def test_bad_arguments_raise_naming_them(call, message):
    g = wf.SimpleGraph({"a": ["b"], "b": ["c"]})
    with pytest.raises(wf.WayfindingError, match=message):
        call(g)


@pytest.mark.parametrize("call", [
    lambda g: wf.depth_first_search(g, "zz", "a"),
    lambda g: wf.iddfs(g, "zz", "a"),
    lambda g: wf.idastar(g, "a", "zz"),
    lambda g: wf.fringe_search(g, "zz", "a"),
    lambda g: wf.beam_search(g, "a", "zz", beam_width=2),
    lambda g: wf.bidirectional_bfs(g, "a", "zz"),
    lambda g: wf.k_shortest_paths(g, "zz", "a", 2),
    lambda g: wf.all_shortest_paths(g, "a", "zz"),
    lambda g: wf.count_paths(g, "zz", "a"),
    lambda g: wf.bellman_ford(g, "zz"),
    lambda g: wf.johnson(g, ["zz"]),
    lambda g: list(wf.bfs_reach(g, "zz")),
])
def test_a_location_not_in_the_graph_raises(call):
    with pytest.raises(wf.InvalidLocationError, match="'zz' is not in the graph"):
        call(wf.SimpleGraph({"a": ["b"], "b": ["c"]}))


def test_budgets_stop_the_long_searches_with_their_reason():
    grid = wf.SquareGrid(30, 30)
    for result in (wf.idastar(grid, (0, 0), (29, 29), max_expansions=50),
                   wf.fringe_search(grid, (0, 0), (29, 29), max_expansions=50),
                   wf.iddfs(grid, (0, 0), (29, 29), max_expansions=50),
                   wf.depth_first_search(grid, (0, 0), (29, 29), max_expansions=5),
                   wf.all_shortest_paths(grid, (0, 0), (29, 29), max_expansions=5)):
        assert result.path is None and result.reason is wf.StopReason.MAX_EXPANSIONS
    k = wf.k_shortest_paths(wf.as_graph(lambda n: [n + 1, n + 2] if n < 40 else []), 0, 40,
                            50, max_expansions=100)
    assert k.reason is wf.StopReason.MAX_EXPANSIONS and 0 < len(k) < 50
    assert wf.bellman_ford(grid, (0, 0), max_seconds=0).reason is wf.StopReason.MAX_SECONDS


def test_johnson_needs_sources_on_a_graph_that_cannot_list_them():
    with pytest.raises(wf.InvalidParameterError, match="johnson needs sources="):
        wf.johnson(lambda n: [n + 1] if n < 3 else [])
    assert wf.johnson(lambda n: [n + 1] if n < 3 else [], [0])[0].cost_so_far[3] == 3.0


def test_bidirectional_searches_on_grids_walk_the_steps_backwards():
    grid = wf.Grid.from_ascii("..3..\n.#.#.\n.....", diagonal=True)
    expected = wf.dijkstra(grid, (0, 0), (4, 2)).cost
    assert wf.bidirectional_dijkstra(grid, (0, 0), (4, 2)).cost == pytest.approx(expected)
    assert wf.bidirectional_astar(grid, (0, 0), (4, 2)).cost == pytest.approx(expected)

    class OneWay(wf.Grid):
        def neighbors(self, location):
            return [n for n in super().neighbors(location) if n[0] >= location[0]]

    with pytest.raises(wf.InvalidParameterError, match="give it a predecessors"):
        wf.bidirectional_dijkstra(OneWay(grid.passable_mask), (0, 0), (4, 0))
