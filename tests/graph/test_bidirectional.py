"""Bidirectional Dijkstra and A* on generic graphs that know their predecessors."""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding.api import bidirectional_astar, bidirectional_dijkstra
from wayfinding.errors import InvalidCostError, InvalidLocationError, InvalidParameterError
from wayfinding.graph import bidirectional
from wayfinding.graph.protocol import NetworkXGraph

from ..oracles import seeded_costs
from ..reference import assert_valid_path
from ..strategies import as_edges, examples, weighted_digraphs


class Label:
    """An unorderable location: the frontiers must never compare locations."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __repr__(self) -> str:
        return f"L{self.n}"


class Explicit:
    """A graph object of the protocol with a ``predecessors`` method."""

    def __init__(self, graph: dict) -> None:
        self.out = graph
        self.into: dict = {u: {} for u in graph}
        for u, targets in graph.items():
            for v, c in targets.items():
                self.into.setdefault(v, {})[u] = c

    def neighbors(self, location):
        return list(self.out.get(location, {}))

    def predecessors(self, location):
        return list(self.into.get(location, {}))

    def cost(self, a, b):
        return self.out[a][b]

    def __contains__(self, location):
        return location in self.into


def _as_digraph(graph):
    G = nx.DiGraph()
    G.add_nodes_from(graph)
    for u, targets in graph.items():
        for v, c in targets.items():
            G.add_edge(u, v, weight=c)
    return G


KINDS = {
    "simple": wf.SimpleGraph,
    "networkx": _as_digraph,
    "explicit": Explicit,
}


def _relabel(graph, labels):
    return {labels[u]: {labels[v]: c for v, c in out.items()} for u, out in graph.items()}


def _check(result, edges, start, goal):
    expected = seeded_costs(edges, {start: 0.0}).get(goal, math.inf)
    if expected == math.inf:
        assert result.path is None and result.cost == math.inf
        assert result.reason is wf.StopReason.EXHAUSTED
    else:
        assert math.isclose(result.cost, expected, abs_tol=1e-9)
        assert_valid_path(edges, result.path, [start], [goal], result.cost)
        assert result.found


@pytest.mark.parametrize("kind", list(KINDS))
@given(graph=weighted_digraphs(), data=st.data(), unorderable=st.booleans())
def test_bidirectional_dijkstra_equals_the_oracle(kind, graph, data, unorderable):
    if unorderable:
        labels = {u: Label(u) for u in graph}
        graph = _relabel(graph, labels)
    locations = list(graph)
    start = data.draw(st.sampled_from(locations))
    goal = data.draw(st.sampled_from(locations))
    result = bidirectional_dijkstra(KINDS[kind](graph), start, goal)
    _check(result, as_edges(graph), start, goal)


def _metric(edges, factor):
    """``factor`` x the true cost between any two locations (1000 when unreachable): a
    lower bound that is consistent in both arguments."""
    table = {a: seeded_costs(edges, {a: 0.0}) for a in edges}
    return lambda a, b: factor * table.get(a, {}).get(b, 1000.0 / max(factor, 1e-9))


@pytest.mark.parametrize("kind", list(KINDS))
@given(graph=weighted_digraphs(), data=st.data(), factor=st.floats(0.0, 1.0))
def test_bidirectional_astar_equals_the_oracle(kind, graph, data, factor):
    edges = as_edges(graph)
    start = data.draw(st.sampled_from(sorted(graph)))
    goal = data.draw(st.sampled_from(sorted(graph)))
    result = bidirectional_astar(KINDS[kind](graph), start, goal,
                                 heuristic=_metric(edges, factor))
    _check(result, edges, start, goal)


@given(graph=weighted_digraphs(), data=st.data())
def test_undirected_networkx_graphs_are_their_own_predecessors(graph, data):
    G = nx.Graph()
    G.add_nodes_from(graph)
    for u, targets in graph.items():
        for v, c in targets.items():
            G.add_edge(u, v, weight=c)
    edges = {u: [(v, d["weight"]) for v, d in G.adj[u].items()] for u in G}
    start = data.draw(st.sampled_from(sorted(graph)))
    goal = data.draw(st.sampled_from(sorted(graph)))
    _check(bidirectional_dijkstra(G, start, goal), edges, start, goal)


def test_meets_in_the_middle_and_settles_fewer_than_dijkstra():
    G = nx.grid_2d_graph(30, 30)
    one_way = wf.dijkstra(G, (0, 0), (29, 29))
    both_ways = bidirectional_dijkstra(G, (0, 0), (29, 29))
    assert both_ways.cost == one_way.cost == 58
    assert both_ways.expanded < one_way.expanded
    assert both_ways.extra["reached_backward"] > 0


def test_astar_potentials_settle_fewer_than_bidirectional_dijkstra():
    G = nx.grid_2d_graph(30, 30)
    plain = bidirectional_dijkstra(G, (0, 0), (29, 20))
    guided = bidirectional_astar(G, (0, 0), (29, 20), heuristic=wf.Heuristic.MANHATTAN)
    assert guided.cost == plain.cost == 49
    assert guided.expanded < plain.expanded


def test_directed_networkx_graph_reads_pred_and_the_chosen_attribute():
    G = nx.DiGraph()
    G.add_edge("a", "b", length=1.0)
    G.add_edge("b", "c", length=1.0)
    G.add_edge("c", "a", length=1.0)
    G.add_edge("a", "c", length=5.0)
    result = bidirectional_dijkstra(wf.as_graph(G, weight="length"), "a", "c")
    assert result.path == ["a", "b", "c"] and result.cost == 2.0
    assert bidirectional_dijkstra(wf.as_graph(G, weight="length"), "c", "b").cost == 2.0


def test_a_hidden_edge_is_skipped_by_both_searches():
    G = nx.DiGraph()
    G.add_edge(0, 1, toll=True, length=1.0)
    G.add_edge(1, 2, length=1.0)
    G.add_edge(0, 3, length=2.0)
    G.add_edge(3, 2, length=2.0)
    graph = wf.as_graph(G, weight=lambda u, v, d: None if d.get("toll") else d["length"])
    assert bidirectional_dijkstra(graph, 0, 2).path == [0, 3, 2]


def test_start_equal_to_goal_is_a_one_location_path():
    result = bidirectional_dijkstra(wf.SimpleGraph({"a": ["b"]}), "a", "a")
    assert result.path == ["a"] and result.cost == 0.0


def test_compiled_graphs_go_to_the_kernel():
    fast = wf.compile_graph(wf.SimpleGraph({"a": {"b": 1.0}, "b": {"c": 2.0}}), "a")
    assert bidirectional_dijkstra(fast, "a", "c").cost == 3.0
    assert bidirectional_astar(fast, "a", "c").path == ["a", "b", "c"]


# ---------------------------------------------------------------------- errors
def test_a_graph_without_predecessors_is_refused_with_advice():
    with pytest.raises(InvalidParameterError,
                       match=r"bidirectional search needs the edges into a location: give a "
                             r"graph with a predecessors\(location\) method .*FunctionGraph"):
        bidirectional_dijkstra(lambda n: [n + 1], 0, 5)


def test_a_graph_that_says_it_is_undirected_uses_its_neighbours():
    class Ring:
        def neighbors(self, n):
            return [(n + 1) % 6, (n - 1) % 6]

        def is_directed(self):
            return False

    assert bidirectional_dijkstra(Ring(), 0, 4).cost == 2.0


@pytest.mark.parametrize("search", [bidirectional_dijkstra, bidirectional_astar])
def test_missing_start_and_goal_raise(search):
    graph = wf.SimpleGraph({"a": ["b"]})
    with pytest.raises(InvalidLocationError, match=r"start 'z' is not in the graph"):
        search(graph, "z", "b")
    with pytest.raises(InvalidLocationError, match=r"goal 'q' is not in the graph"):
        search(graph, "a", "q")


@pytest.mark.parametrize("goal", [["b", "c"], None, lambda x: True])
def test_one_goal_location_only(goal):
    with pytest.raises(InvalidParameterError, match=r"bidirectional search takes one goal"):
        bidirectional_dijkstra(wf.SimpleGraph({"a": ["b"], "b": ["c"]}), "a", goal)


@pytest.mark.parametrize(("value", "match"), [
    ("5", r"cost of edge 'b' -> 'c' must be a number \(or None to hide the edge\), got '5'"),
    (-1.0, r"cost of edge 'b' -> 'c' must be finite and >= 0, got -1\.0"),
    (math.nan, r"cost of edge 'b' -> 'c' must be finite and >= 0, got nan"),
])
def test_a_bad_cost_names_the_edge_in_its_own_direction(value, match):
    G = nx.DiGraph()
    G.add_edge("a", "b", weight=1.0)
    G.add_edge("b", "c", weight=value)  # found by the backward search first
    with pytest.raises(InvalidCostError, match=match):
        bidirectional_dijkstra(G, "a", "c")


@pytest.mark.parametrize("value", [math.nan, -1.0, math.inf, "3"])
def test_a_bad_heuristic_value_raises(value):
    graph = wf.SimpleGraph({0: {1: 1.0}, 1: {2: 1.0}})
    with pytest.raises(InvalidParameterError, match=r"heuristic returned .* must return a "
                                                    r"finite number >= 0"):
        bidirectional_astar(graph, 0, 2, heuristic=lambda a, b: value if a != b else 0.0)


def test_a_heuristic_name_as_a_string_is_refused():
    with pytest.raises(InvalidParameterError, match=r"Heuristic\.MANHATTAN"):
        bidirectional_astar(wf.SimpleGraph({0: [1]}), 0, 1, heuristic="manhattan")


def _fields(result):
    return (result.path, result.cost, dict(result.came_from), dict(result.cost_so_far),
            result.expanded, result.reason, result.extra)


def _general(graph, start, goal, monkeypatch):
    with monkeypatch.context() as patched:
        patched.setattr(bidirectional, "_networkx_dijkstra", lambda *args: None)
        return bidirectional_dijkstra(graph, start, goal)


@st.composite
def tied_digraphs(draw):
    """Small dense digraphs with few distinct costs: many ties in both frontiers."""
    n = draw(st.integers(2, 8))
    return {u: {v: draw(st.sampled_from([0.0, 1.0, 1.0, 2.0]))
                for v in draw(st.lists(st.integers(0, n - 1), max_size=5, unique=True))}
            for u in range(n)}


@settings(max_examples=examples(200))  # quick; ties in the frontiers need many
@given(graph=st.one_of(weighted_digraphs(), tied_digraphs()), data=st.data(),
       directed=st.booleans())
def test_the_networkx_loop_equals_the_general_search(graph, data, directed):
    G = _as_digraph(graph) if directed else nx.Graph(_as_digraph(graph))
    start = data.draw(st.sampled_from(sorted(graph)))
    goal = data.draw(st.sampled_from(sorted(graph)))
    with pytest.MonkeyPatch.context() as monkeypatch:
        general = _general(G, start, goal, monkeypatch)
    if start != goal:
        fast = bidirectional._networkx_dijkstra(NetworkXGraph(G), start, goal)
        assert fast is not None
        assert _fields(fast) == _fields(general)
    assert _fields(bidirectional_dijkstra(G, start, goal)) == _fields(general)


@pytest.mark.parametrize("value", [None, "3", -1.0, math.nan, math.inf, True, 2,
                                   np.float64(2.0)], ids=repr)
def test_the_networkx_loop_steps_aside_for_unusual_steps(value, monkeypatch):
    G = nx.DiGraph()
    G.add_edge("a", "b", weight=1.0)
    G.add_edge("b", "c", weight=value)
    G.add_edge("a", "c", weight=5.0)
    fast = bidirectional._networkx_dijkstra(NetworkXGraph(G), "a", "c")
    assert (fast is None) is (type(value) is not int)

    def outcome(run):
        try:
            return _fields(run())
        except InvalidCostError as error:
            return str(error)

    assert outcome(lambda: bidirectional_dijkstra(G, "a", "c")) == outcome(
        lambda: _general(G, "a", "c", monkeypatch))
