"""Negative edge costs: Bellman-Ford and Johnson take them; every other search refuses them
with the InvalidCostError it gives for any bad cost, on every kind of graph."""

from __future__ import annotations

import networkx as nx
import pytest

import wayfinding as wf

EDGES = {"a": {"b": 1.0, "c": 4.0}, "b": {"c": -2.0}}


def _graphs():
    G = nx.DiGraph()
    for u, out in EDGES.items():
        for v, c in out.items():
            G.add_edge(u, v, weight=c)
    return [wf.SimpleGraph(EDGES, negative_costs=True), G,
            wf.as_graph(lambda n: list(EDGES.get(n, {})), lambda u, v: EDGES[u][v])]


SEARCHES = {
    "dijkstra": lambda g: wf.dijkstra(g, "a", "c"),
    "dijkstra flood": lambda g: wf.dijkstra(g, "a"),
    "astar": lambda g: wf.astar(g, "a", "c"),
    "astar with budgets": lambda g: wf.astar(g, "a", "c", max_expansions=10, partial=True),
    "AStarSearch": lambda g: wf.AStarSearch(g, "a", "c").step(),
    "k_shortest_paths": lambda g: wf.k_shortest_paths(g, "a", "c", 2),
    "shortest_simple_paths": lambda g: list(wf.shortest_simple_paths(g, "a", "c")),
    "all_shortest_paths": lambda g: wf.all_shortest_paths(g, "a", "c"),
    "dijkstra_reach": lambda g: list(wf.dijkstra_reach(g, "a")),
    "idastar": lambda g: wf.idastar(g, "a", "c"),
    "fringe_search": lambda g: wf.fringe_search(g, "a", "c"),
    "beam_search": lambda g: wf.beam_search(g, "a", "c", beam_width=3),
    "compile_graph": lambda g: wf.compile_graph(g, "a"),
}


@pytest.mark.parametrize("graph", _graphs(), ids=["SimpleGraph", "networkx", "functions"])
@pytest.mark.parametrize("search", list(SEARCHES))
def test_every_other_search_refuses_a_negative_cost(graph, search):
    with pytest.raises(wf.InvalidCostError, match=r"'b' -> 'c' must be finite and >= 0, got "
                                                  r"-2(\.0)?"):
        SEARCHES[search](graph)


def test_greedy_best_first_refuses_the_negative_cost_it_takes():
    # (a step that leads nowhere cheaper is passed over unread, as for any bad cost)
    g = wf.SimpleGraph({"a": {"b": -2.0}}, negative_costs=True)
    with pytest.raises(wf.InvalidCostError, match=r"'a' -> 'b' must be finite and >= 0"):
        wf.greedy_best_first(g, "a", "b", heuristic=lambda u, v: 0.0)


def test_bidirectional_searches_refuse_a_negative_cost():
    for graph in _graphs()[:2]:
        for search in (wf.bidirectional_dijkstra, wf.bidirectional_astar):
            with pytest.raises(wf.InvalidCostError, match="must be finite and >= 0"):
                search(graph, "a", "c")


@pytest.mark.parametrize("graph", _graphs(), ids=["SimpleGraph", "networkx", "functions"])
def test_bellman_ford_and_johnson_take_negative_costs(graph):
    result = wf.bellman_ford(graph, "a", "c")
    assert result.path == ["a", "b", "c"] and result.cost == -1.0
    assert wf.johnson(graph, ["a"])["a"].cost_so_far["c"] == -1.0


def test_searches_that_ignore_costs_take_them_too():
    g = wf.SimpleGraph(EDGES, negative_costs=True)
    assert wf.breadth_first_search(g, "a", "c").cost == 1.0
    assert wf.depth_first_search(g, "a", "c").path == ["a", "b", "c"]
    assert wf.count_paths(g, "a", "c") == 2


def test_a_simple_graph_refuses_negative_costs_unless_asked():
    with pytest.raises(wf.InvalidCostError, match=r"'b' -> 'c' must be finite and >= 0, got "
                                                  r"-2\.0 \(bellman_ford and johnson take "
                                                  r"negative costs: SimpleGraph\(\.\.\., "
                                                  r"negative_costs=True\)\)"):
        wf.SimpleGraph(EDGES)
    with pytest.raises(wf.InvalidCostError, match=r"must be finite and >= 0, got nan$"):
        wf.SimpleGraph({"a": {"b": float("nan")}}, negative_costs=True)


def test_a_negative_cycle_is_an_error_naming_it():
    g = wf.SimpleGraph({"s": {"a": 1}, "a": {"b": 2}, "b": {"c": -1}, "c": {"a": -3}},
                       negative_costs=True)
    with pytest.raises(wf.NegativeCycleError,
                       match=r"negative cycle 'a' -> 'b' -> 'c' -> 'a' \(total cost -2\.0\)"
                       ) as caught:
        wf.bellman_ford(g, "s")
    assert isinstance(caught.value, wf.WayfindingError) and isinstance(caught.value,
                                                                       ValueError)
    assert caught.value.cycle == ["a", "b", "c", "a"] and caught.value.cost == -2.0
    assert wf.find_negative_cycle(g, "s") == ["a", "b", "c", "a"]
    assert wf.find_negative_cycle(g, "c") == ["c", "a", "b", "c"]
    with pytest.raises(wf.NegativeCycleError, match="negative cycle"):
        wf.johnson(g)
    assert wf.bellman_ford(wf.SimpleGraph({"x": ["y"]}), "x").cost_so_far["y"] == 1.0


def test_a_negative_cycle_out_of_reach_does_not_matter():
    g = wf.SimpleGraph({"s": {"t": 1}, "a": {"b": -1}, "b": {"a": -1}}, negative_costs=True)
    assert wf.bellman_ford(g, "s", "t").cost == 1.0
    assert wf.find_negative_cycle(g, "s") is None


def test_rows_edited_in_place_take_negative_costs_only_where_the_graph_does():
    g = wf.SimpleGraph(negative_costs=True)
    g.edges = {"a": {"b": 1.0}}
    assert not g.has_negative_costs and wf.dijkstra(g, "a", "b").cost == 1.0
    g.edges["b"] = {"c": -2.0}
    g.edges.update({"a": {"b": 1.0, "c": 4.0}})
    assert g.has_negative_costs
    assert wf.bellman_ford(g, "a", "c").path == ["a", "b", "c"]
    with pytest.raises(wf.InvalidCostError, match=r"'b' -> 'c' must be finite and >= 0"):
        wf.dijkstra(g, "a", "c")
    del g.edges["b"]
    assert not g.has_negative_costs and wf.dijkstra(g, "a", "c").cost == 4.0
    plain = wf.SimpleGraph({"a": {"b": 1.0}})
    with pytest.raises(wf.InvalidCostError, match=r"'b' -> 'c' must be finite and >= 0, got "
                                                  r"-2\.0 \(bellman_ford and johnson take"):
        plain.edges["b"] = {"c": -2.0}
    assert "b" not in plain.edges
