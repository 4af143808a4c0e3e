"""The texts' ``SimpleGraph.edges`` edited in place (issue 28, item 1): assignments by
location, ``del``, ``update`` and ``clear`` change the graph (membership, costs,
predecessors); its neighbour lists cannot be edited in place and say so."""

from __future__ import annotations

import pytest

import wayfinding as wf


def test_simple_graph_as_the_texts_build_it():
    graph = wf.SimpleGraph()
    graph.edges = {"A": ["B"], "B": ["A", "C", "D"], "C": ["A"], "D": ["E", "A"],
                   "E": ["B"]}
    assert wf.breadth_first_search(graph, "A", "E").path == ["A", "B", "D", "E"]


def test_edges_assigned_by_location_take_effect():
    graph = wf.SimpleGraph({"A": ["B"], "B": []})
    graph.edges["B"] = ["C"]
    graph.edges["C"] = ["A"]
    assert "C" in graph and wf.breadth_first_search(graph, "C", "B").path == ["C", "A", "B"]
    assert sorted(graph.predecessors("A")) == ["C"]
    assert wf.bidirectional_dijkstra(graph, "A", "C").path == ["A", "B", "C"]


def test_edges_with_costs_assigned_by_location_take_effect():
    graph = wf.SimpleGraph({"a": {"b": 1.0}, "b": {"c": 1.0}})
    graph.edges["a"] = {"b": 1.0, "c": 5.0}
    assert graph.cost("a", "c") == 5.0 and wf.dijkstra(graph, "a", "c").cost == 2.0
    graph.edges.update({"b": {"c": 9.0}})
    assert wf.dijkstra(graph, "a", "c").cost == 5.0
    graph.edges["b"] = ["c"]  # a list: every step costs 1
    assert wf.dijkstra(graph, "a", "c").cost == 2.0


def test_deleting_edges_takes_effect():
    graph = wf.SimpleGraph({"A": ["B"], "B": ["C"], "C": []})
    del graph.edges["B"]
    assert wf.breadth_first_search(graph, "A", "C").path is None
    assert list(graph.neighbors("B")) == [] and graph.predecessors("C") == []
    graph.edges.clear()
    assert dict(graph.edges) == {} and "A" not in graph


@pytest.mark.parametrize("edit", [
    lambda targets: targets.append("C"),
    lambda targets: targets.extend(["C"]),
    lambda targets: targets.remove("B"),
    lambda targets: targets.insert(0, "C"),
], ids=["append", "extend", "remove", "insert"])
def test_neighbour_lists_are_not_edited_in_place(edit):
    graph = wf.SimpleGraph({"A": ["B"], "B": []})
    with pytest.raises(TypeError, match=r"graph.edges\['A'\] = \[...\]"):
        edit(graph.edges["A"])
    assert list(graph.neighbors("A")) == ["B"]


@pytest.mark.parametrize(("targets", "match"), [
    ("BC", "neighbours of 'A' must be a list or a dict"),
    ({"B": -1.0}, "cost of edge 'A' -> 'B'"),
], ids=["string", "negative-cost"])
def test_bad_edges_raise_and_change_nothing(targets, match):
    graph = wf.SimpleGraph({"A": ["B"], "B": []})
    with pytest.raises((wf.InvalidParameterError, wf.InvalidCostError), match=match):
        graph.edges["A"] = targets
    assert list(graph.neighbors("A")) == ["B"]
