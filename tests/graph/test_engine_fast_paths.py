"""The engine's fast paths: networkx adjacency read directly, the heuristic asked once per
location, steps checked closely when they improve a cost, partial tracking on request."""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding.errors import InvalidCostError
from wayfinding.graph.edges import edge_rows, reverse_rows
from wayfinding.graph.engine import BestFirstSearch, Priority
from wayfinding.graph.protocol import NetworkXGraph

from ..oracles import seeded_costs
from ..reference import assert_valid_path
from ..strategies import weighted_digraphs

NUMBER_KINDS = [float, int, np.float64, np.float32]


@given(graph=weighted_digraphs(), data=st.data(),
       kind=st.sampled_from(NUMBER_KINDS), name=st.sampled_from(["weight", "length"]))
def test_networkx_costs_of_any_number_type_under_any_attribute_equal_the_oracle(
        graph, data, kind, name):
    G = nx.DiGraph()
    G.add_nodes_from(graph)
    edges = {}
    for u, targets in graph.items():
        for v, c in targets.items():
            value = kind(round(c)) if kind is int else kind(c)
            G.add_edge(u, v, **{name: value})
            edges.setdefault(u, []).append((v, float(value)))
    start = data.draw(st.sampled_from(sorted(graph)))
    goal = data.draw(st.sampled_from(sorted(graph)))
    result = wf.dijkstra(wf.as_graph(G, weight=name), start, goal)
    expected = seeded_costs(edges, {start: 0.0}).get(goal, math.inf)
    assert result.cost == pytest.approx(expected, abs=1e-9) or result.cost == expected
    assert type(result.cost) is float
    assert all(type(c) is float for c in result.cost_so_far.values())
    if result.path is not None:
        assert_valid_path(edges, result.path, [start], [goal], result.cost)


def test_the_heuristic_is_asked_once_per_location():
    # 'c' is reached first over the costly edge, then improved over 'b': one question each
    graph = wf.SimpleGraph({"a": {"b": 1.0, "c": 10.0}, "b": {"c": 1.0}, "c": {"d": 1.0}})
    asked = []

    def h(location, goal):
        asked.append(location)
        return 0.0

    result = wf.astar(graph, "a", "d", heuristic=h)
    assert result.cost == 3.0
    assert asked[0] == "d"  # h(goal, goal) must be 0: asked once before the search
    assert sorted(asked[1:]) == ["a", "b", "c", "d"]


def test_a_bad_step_that_improves_a_cost_raises_even_after_the_location_was_reached():
    G = nx.DiGraph()
    G.add_edge("s", "x", weight=5.0)
    G.add_edge("s", "y", weight=1.0)
    G.add_edge("y", "x", weight=-3.0)  # would make x cheaper: never silently used
    with pytest.raises(InvalidCostError, match=r"cost of edge 'y' -> 'x' must be finite and "
                                               r">= 0, got -3\.0"):
        wf.dijkstra(G, "s", "x")


def test_overflowing_path_costs_raise():
    graph = wf.SimpleGraph({0: {1: 1e308}, 1: {2: 1e308}, 2: {}})
    with pytest.raises(InvalidCostError, match=r"the cost of the path to 2 overflows"):
        wf.dijkstra(graph, 0, 2)


def test_one_shot_searches_track_the_partial_path_only_when_asked():
    line = wf.SimpleGraph({i: [i + 1] for i in range(20)})
    asked = BestFirstSearch(line, 0, 20, priority=Priority.COST_PLUS_HEURISTIC,
                            heuristic=lambda a, b: abs(b - a))
    asked.step(max_expansions=4)
    assert asked.partial_path() == [0, 1, 2, 3, 4]
    result = wf.astar(line, 0, 20, heuristic=lambda a, b: abs(b - a), max_expansions=4,
                      partial=True)
    assert result.path == [0, 1, 2, 3, 4]


def test_networkx_rows_are_the_adjacency_dicts_themselves():
    G = nx.DiGraph()
    G.add_edge("a", "b", length=2.0)
    rows, attribute, _, _ = edge_rows(NetworkXGraph(G, weight="length"))
    assert rows("a") is G._adj["a"] and attribute == "length"
    back, _, _, _ = reverse_rows(NetworkXGraph(G, weight="length"))
    assert back("b") is G._pred["b"]


def test_simple_graph_knows_its_predecessors():
    g = wf.SimpleGraph({"a": {"c": 2.0}, "b": ["c", "a"]})
    assert sorted(g.predecessors("c")) == ["a", "b"]
    assert g.predecessors("a") == ["b"] and g.predecessors("b") == []
