"""CSRGraph builders, landmarks files and every error path of the CSR tier."""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest

import wayfinding as wf
from wayfinding.errors import (
    InvalidCostError,
    InvalidLocationError,
    InvalidParameterError,
    StaleDataError,
)


def scipy_sparse():
    return pytest.importorskip("scipy.sparse")


def trap():
    """The first node settled by both searches (m) is not on the shortest path."""
    return wf.CSRGraph.from_edges(["s", "x", "y", "s", "m"], ["x", "y", "t", "m", "t"],
                                  [2.0, 2.0, 2.0, 3.5, 3.5])


def test_bidirectional_does_not_stop_at_the_first_meeting():
    g = trap()
    for r in (wf.bidirectional_dijkstra(g, "s", "t"), wf.bidirectional_astar(g, "s", "t")):
        assert r.cost == 6.0 and r.path == ["s", "x", "y", "t"]
    assert wf.bidirectional_dijkstra(g, "t", "s").path is None
    assert wf.bidirectional_dijkstra(g, "s", "s").path == ["s"]


def test_from_networkx_weights_and_multigraphs():
    G = nx.MultiDiGraph()
    G.add_edge("a", "b", length=5.0)
    G.add_edge("a", "b", length=2.0)
    G.add_edge("b", "c", length=1.0, closed=True)
    G.add_edge("b", "c", length=9.0)
    G.add_node("lonely")
    g = wf.CSRGraph.from_networkx(G, weight="length")
    assert g.node_count == 4 and wf.dijkstra(g, "a", "c").cost == 3.0
    open_only = wf.CSRGraph.from_networkx(
        G, weight=lambda u, v, d: None if d.get("closed") else d["length"])
    assert wf.dijkstra(open_only, "a", "c").cost == 11.0
    unit = wf.CSRGraph.from_networkx(nx.path_graph(3))
    assert unit.labels is None and wf.dijkstra(unit, 2, 0).cost == 2.0


@pytest.mark.parametrize(("kind", "directed"), [
    (nx.Graph, False), (nx.MultiGraph, False), (nx.DiGraph, True), (nx.MultiDiGraph, True)])
def test_from_networkx_reads_directedness_as_networkx_does(kind, directed):
    G = kind([(0, 1, {"weight": 2.0}), (1, 2, {"weight": 3.0})])
    g = wf.CSRGraph.from_networkx(G)
    assert g.directed is directed and f"directed={directed}" in repr(g)
    assert g.edge_count == (2 if directed else 4)
    assert wf.dijkstra(g, 2, 0).cost == (math.inf if directed else 5.0)
    if not directed:
        assert g.reverse() is g  # the undirected graph's arrays serve both ways


def test_from_networkx_coordinates_attribute():
    G = nx.DiGraph()
    G.add_node("p", pos=(0.0, 0.0))
    G.add_node("q", pos=(3.0, 4.0))
    G.add_edge("p", "q", weight=10.0)
    g = wf.CSRGraph.from_networkx(G, coordinates="pos")
    assert g.heuristic_scale() == pytest.approx(2.0)
    G.add_node("r")
    with pytest.raises(InvalidParameterError, match="node 'r' has no 'pos'"):
        wf.CSRGraph.from_networkx(G, coordinates="pos")


def test_from_scipy_keeps_explicit_zeros_as_edges():
    m = scipy_sparse().csr_matrix((np.array([0.0, 2.0]), (np.array([0, 1]), np.array([1, 2]))),
                                shape=(3, 3))
    g = wf.CSRGraph.from_scipy(m)
    assert g.edge_count == 2 and wf.dijkstra(g, 0, 2).cost == 2.0
    m.eliminate_zeros()
    assert wf.dijkstra(wf.CSRGraph.from_scipy(m), 0, 2).path is None
    dense = np.array([[0.0, np.inf], [1.0, 0.0]])
    assert wf.CSRGraph.from_scipy(dense).edge_count == 1


def test_compile_graph_explores_from_the_starts():
    slow = wf.SimpleGraph({"a": {"b": 1.0}, "b": {"c": 2.0}, "z": {"a": 1.0}})
    fast = wf.compile_graph(slow, "a")
    assert "z" not in fast and fast.node_count == 3
    assert wf.dijkstra(fast, "a", "c").cost == 3.0
    grid = wf.Grid.from_ascii("...\n.#.\n...")
    fast = wf.compile_graph(grid, (0, 0), coordinates=lambda xy: xy)
    assert wf.astar(fast, (0, 0), (2, 2)).cost == wf.astar(grid, (0, 0), (2, 2)).cost


def test_great_circle_heuristic_is_admissible():
    coords = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
    g = wf.CSRGraph.from_edges([0, 1, 2, 0], [1, 2, 3, 3], [111.2, 111.2, 111.2, 500.0],
                               coordinates=coords, metric=wf.Metric.GREAT_CIRCLE)
    assert wf.astar(g, 0, 3).cost == wf.dijkstra(g, 0, 3).cost == pytest.approx(333.6)
    assert wf.bidirectional_astar(g, 0, 3).cost == pytest.approx(333.6)


def test_result_arrays_and_graph_protocol():
    g = wf.CSRGraph.from_edges(["a", "b"], ["b", "c"], [1.0, 2.0])
    r = wf.dijkstra(g, "a", "b")
    assert r.came_from.array.tolist()[:2] == [-1, 0]
    assert "c" not in r.cost_so_far and "nowhere" not in r.cost_so_far
    with pytest.raises(KeyError):
        r.cost_so_far["nowhere"]
    assert g.neighbors("a") == ["b"] and g.cost("b", "c") == 2.0
    assert wf.dijkstra(wf.as_graph(g), "a", "c").cost == 3.0  # generic tier on a CSRGraph
    assert not g.costs.flags.writeable
    assert g.reverse().reverse() is g


def test_a_graph_with_the_same_arcs_both_ways_is_its_own_reverse():
    """Backward searches share an undirected graph's arrays; a graph with one arc whose
    cost differs the other way round gets a reverse of its own, with that arc turned."""
    undirected = wf.CSRGraph.from_edges([0, 1, 2], [1, 2, 0], [1.0, 2.0, 4.0],
                                        directed=False)
    assert undirected.reverse() is undirected
    assert wf.bidirectional_dijkstra(undirected, 0, 2).cost == 3.0
    uneven = wf.CSRGraph.from_edges([0, 1, 1, 2, 2, 0], [1, 0, 2, 1, 0, 2],
                                    [1.0, 1.0, 2.0, 2.0, 4.0, 3.5])
    rev = uneven.reverse()
    assert rev is not uneven and rev.reverse() is uneven
    assert rev.cost(2, 0) == 3.5 and rev.cost(0, 2) == 4.0
    assert wf.bidirectional_dijkstra(uneven, 0, 2).cost == 3.0
    assert wf.bidirectional_dijkstra(uneven, 2, 0).cost == 3.0


@pytest.mark.parametrize("costs, match", [
    ([1.0, -1.0], r"edge 'b' -> 'c' .* got -1.0"),
    ([math.nan, 1.0], r"edge 'a' -> 'b' .* got nan"),
    ([1.0, math.inf], r"edge 'b' -> 'c' .* got inf"),
])
def test_bad_costs_name_the_edge(costs, match):
    with pytest.raises(InvalidCostError, match=match):
        wf.CSRGraph.from_edges(["a", "b"], ["b", "c"], costs)


def test_bad_costs_from_every_builder():
    with pytest.raises(InvalidCostError, match="edge 1 -> 2"):
        wf.CSRGraph.from_networkx(nx.DiGraph([(1, 2, {"weight": -3})]))
    with pytest.raises(InvalidCostError, match="must be a number, got 'x'"):
        wf.CSRGraph.from_networkx(nx.DiGraph([(1, 2, {"weight": "x"})]))
    with pytest.raises(InvalidCostError, match="edge 0 -> 1"):
        wf.CSRGraph.from_scipy(np.array([[0.0, -1.0], [0.0, 0.0]]))
    with pytest.raises(InvalidCostError, match="edge 1 -> 0"):
        wf.CSRGraph.from_scipy(scipy_sparse().csr_matrix(np.array([[0.0, 0.0], [-2.0, 0.0]])))
    with pytest.raises(InvalidCostError, match="edge 'a' -> 'b'"):
        wf.compile_graph(wf.SimpleGraph({"a": {"b": -1.0}}), "a")
    with pytest.raises(InvalidCostError, match=r"edge 0 -> 1 \(node numbers\)"):
        wf.CSRGraph(np.array([0, 1, 1]), np.array([1]), np.array([-1.0]))
    with pytest.raises(InvalidCostError, match="costs must be numbers"):
        wf.CSRGraph.from_edges(["a"], ["b"], ["cheap"])


@pytest.mark.parametrize("build", [
    lambda: wf.CSRGraph.from_edges([0, 1, 2], [1, 2, 3], [1e308, 1e308, 1e308]),
    lambda: wf.CSRGraph.from_networkx(nx.DiGraph([(0, 1, {"weight": 1e308}),
                                                  (1, 2, {"weight": 1e308})])),
    lambda: wf.CSRGraph(np.array([0, 1, 2, 2]), np.array([1, 2]), np.array([1e308, 9e307])),
    lambda: wf.compile_graph(wf.SimpleGraph({0: {1: 1e308}, 1: {2: 1e308}}), 0),
], ids=["from_edges", "from_networkx", "arrays", "compile_graph"])
def test_costs_whose_path_sums_could_overflow_are_refused(build):
    # issue 27 item 7: dijkstra/astar said FOUND with cost inf, bidirectional and prepared
    # search said no path; like the generic tier (InvalidCostError), refuse at build time
    with pytest.raises(InvalidCostError, match=r"could cost more than 1e\+300"):
        build()


def test_large_costs_below_the_limit_answer_alike_everywhere():
    g = wf.CSRGraph.from_edges([0, 1, 2, 0], [1, 2, 3, 3], [1e299, 1e299, 1e299, 5e299])
    answers = [wf.dijkstra(g, 0, 3), wf.astar(g, 0, 3), wf.bidirectional_dijkstra(g, 0, 3),
               wf.prepare(g).search(0, 3)]
    assert [(r.path, r.cost) for r in answers] == [([0, 1, 2, 3], 3e299)] * 4


def test_bad_shapes_and_labels():
    with pytest.raises(InvalidParameterError, match="2 sources but 1 targets"):
        wf.CSRGraph.from_edges([1, 2], [3])
    with pytest.raises(InvalidParameterError, match="one cost per edge"):
        wf.CSRGraph.from_edges([1, 2], [2, 3], [1.0])
    with pytest.raises(InvalidParameterError, match="node 'a' is listed twice"):
        wf.CSRGraph.from_edges(["a"], ["b"], nodes=["a", "b", "a"])
    with pytest.raises(InvalidLocationError, match="uses 'c', which is not in nodes"):
        wf.CSRGraph.from_edges(["a"], ["c"], nodes=["a", "b"])
    with pytest.raises(InvalidParameterError, match="indptr"):
        wf.CSRGraph(np.array([1, 0]), np.array([], dtype=int), np.array([]))
    with pytest.raises(InvalidParameterError, match="indptr ends at 1"):
        wf.CSRGraph(np.array([0, 1]), np.array([0, 0]), np.array([1.0]))
    with pytest.raises(InvalidParameterError, match=r"indices must lie in 0\.\.1"):
        wf.CSRGraph(np.array([0, 1, 1]), np.array([5]), np.array([1.0]))
    with pytest.raises(InvalidParameterError, match="labels must be distinct"):
        wf.CSRGraph(np.array([0, 0, 0]), np.array([], dtype=int), np.array([]), ["a", "a"])
    with pytest.raises(InvalidParameterError, match="3 labels for 2 nodes"):
        wf.CSRGraph(np.array([0, 0, 0]), np.array([], dtype=int), np.array([]), "abc")
    with pytest.raises(InvalidParameterError, match="metric must be a Metric"):
        wf.CSRGraph(np.array([0]), np.array([], dtype=int), np.array([]), metric="euclid")
    with pytest.raises(InvalidParameterError, match="expected a networkx graph"):
        wf.CSRGraph.from_networkx({1: [2]})
    with pytest.raises(InvalidParameterError, match="weight must be an edge attribute"):
        wf.CSRGraph.from_networkx(nx.Graph(), weight=3)
    with pytest.raises(InvalidParameterError, match="square matrix, got shape"):
        wf.CSRGraph.from_scipy(np.zeros((2, 3)))
    with pytest.raises(InvalidParameterError, match="square matrix, got shape"):
        wf.CSRGraph.from_scipy(scipy_sparse().csr_matrix(np.zeros((2, 3))))
    with pytest.raises(InvalidParameterError, match="scipy sparse matrix or a numpy array"):
        wf.CSRGraph.from_scipy([[0, 1], [1, 0]])


def test_bad_coordinates():
    with pytest.raises(InvalidParameterError, match=r"shape \(2, 2\), got \(1, 2\)"):
        wf.CSRGraph.from_edges([0], [1], coordinates=[(0, 0)])
    with pytest.raises(InvalidParameterError, match="must be finite"):
        wf.CSRGraph.from_edges([0], [1], coordinates=[(0, 0), (math.nan, 0)])
    with pytest.raises(InvalidParameterError, match="no coordinates for node 'b'"):
        wf.CSRGraph.from_edges(["a"], ["b"], coordinates={"a": (0, 0)})
    with pytest.raises(InvalidParameterError, match=r"\(lon, lat\) in degrees"):
        wf.CSRGraph.from_edges([0], [1], coordinates=[(0, 0), (0, 95)],
                               metric=wf.Metric.GREAT_CIRCLE)
    with pytest.raises(InvalidParameterError, match="has no coordinates"):
        wf.CSRGraph.from_edges([0], [1]).heuristic_scale()


def test_bad_queries():
    g = wf.CSRGraph.from_edges(["a", "b"], ["b", "c"], [1.0, 2.0])
    with pytest.raises(InvalidLocationError, match="'q' is not a node"):
        wf.dijkstra(g, "q", "a")
    with pytest.raises(InvalidLocationError, match="'q' is not a node"):
        wf.astar(g, "a", "q")
    with pytest.raises(InvalidLocationError, match="start is an empty collection"):
        wf.dijkstra(g, [], "a")
    with pytest.raises(InvalidLocationError, match=r"7 is not a node .*0..2"):
        wf.dijkstra(wf.CSRGraph.from_edges([0, 1], [1, 2]), 7)
    with pytest.raises(InvalidParameterError, match="greedy_best_first needs a heuristic"):
        wf.greedy_best_first(g, "a", "c")
    with pytest.raises(InvalidParameterError, match=r"shape \(3,\), got \(2,\)"):
        wf.astar(g, "a", "c", heuristic=np.zeros(2))
    with pytest.raises(InvalidParameterError, match="must be >= 0"):
        wf.astar(g, "a", "c", heuristic=np.array([0.0, -1.0, 0.0]))
    with pytest.raises(InvalidParameterError, match="heuristic must be None"):
        wf.astar(g, "a", "c", heuristic="euclid")
    with pytest.raises(InvalidParameterError, match="weight must be finite"):
        wf.astar(g, "a", "c", weight=-1.0)
    with pytest.raises(InvalidParameterError, match="weight must be a number"):
        wf.astar(g, "a", "c", weight=None)
    with pytest.raises(InvalidParameterError, match="max_cost must be finite"):
        wf.dijkstra(g, "a", max_cost=math.nan)
    with pytest.raises(InvalidParameterError, match="max_expansions must be a whole"):
        wf.dijkstra(g, "a", max_expansions=1.5)
    assert wf.bidirectional_dijkstra(wf.SimpleGraph({"a": ["b"]}), "a", "b").cost == 1.0
    with pytest.raises(InvalidParameterError, match="needs a CSRGraph"):
        wf.csr.bidirectional_dijkstra(wf.SimpleGraph({"a": ["b"]}), "a", "b")
    with pytest.raises(InvalidParameterError, match="bidirectional_astar takes heuristic"):
        wf.bidirectional_astar(g, "a", "c", heuristic=np.zeros(3))
    with pytest.raises(InvalidLocationError, match="start 'q' is not in the graph"):
        wf.compile_graph(wf.SimpleGraph({"a": ["b"]}), "q")


def test_budgets_report_their_reason():
    g = wf.CSRGraph.from_edges(np.arange(99), np.arange(1, 100))
    r = wf.dijkstra(g, 0, 99, max_expansions=10)
    assert r.reason is wf.StopReason.MAX_EXPANSIONS and r.expanded == 10 and r.path is None
    r = wf.dijkstra(g, 0, 99, max_cost=5.0)
    assert r.reason is wf.StopReason.MAX_COST
    r = wf.astar(g, 0, 99, max_expansions=10, partial=True, heuristic=np.zeros(100))
    assert r.partial and r.path[0] == 0
    r = wf.dijkstra(g, 0, 99, max_seconds=60.0)
    assert r.cost == 99.0


def test_heap_grows_on_a_dense_graph():
    n = 300
    src, dst = np.meshgrid(np.arange(n), np.arange(n))
    costs = np.abs(src - dst).astype(float).ravel() + 1.0
    g = wf.CSRGraph.from_edges(src.ravel(), dst.ravel(), costs)
    assert wf.dijkstra(g, 0, n - 1).cost == n
    assert wf.bidirectional_dijkstra(g, 0, n - 1).cost == n
    r = wf.astar(g, 0, n - 1, heuristic=np.zeros(n), max_expansions=50)
    assert r.expanded == 50


def test_landmarks_save_load_and_validation(tmp_path):
    g = trap()
    lm = wf.landmarks(g, count=3)
    path = tmp_path / "lm.npz"
    lm.save(path)
    back = wf.Landmarks.load(path, g)
    assert np.array_equal(back.from_landmarks, lm.from_landmarks)
    assert wf.astar(g, "s", "t", heuristic=back).cost == 6.0
    other = wf.CSRGraph.from_edges(["s", "x"], ["x", "t"])
    with pytest.raises(StaleDataError, match="built for another graph"):
        wf.astar(other, "s", "t", heuristic=lm)
    with pytest.raises(StaleDataError, match="built for another graph"):
        wf.Landmarks.load(path, other)
    with pytest.raises(InvalidParameterError, match="count must be a whole number"):
        wf.landmarks(g, count=0)
    with pytest.raises(InvalidParameterError, match="need a CSRGraph"):
        wf.landmarks(wf.SimpleGraph({}), count=2)
    with pytest.raises(InvalidParameterError, match="without nodes"):
        wf.landmarks(wf.CSRGraph.from_edges([], []), count=2)


def test_edge_lookups_and_number_labels():
    g = wf.CSRGraph.from_edges(np.array([0, 1]), np.array([1, 2]), [1.0, 2.0])
    assert g.index(1.0) == 1 and g.index(np.int64(2)) == 2 and 1 in g and 3 not in g
    with pytest.raises(InvalidLocationError, match="no edge 2 -> 0"):
        g.cost(2, 0)
    with pytest.raises(InvalidLocationError, match="not a node"):
        g.index(1.5)
    shifted = wf.CSRGraph.from_edges(np.array([10, 20]), np.array([20, 30]))
    assert shifted.labels.tolist() == [10, 20, 30]
    assert wf.dijkstra(shifted, 10, 30).path == [10, 20, 30]


def test_landmark_estimate_is_a_lower_bound():
    g = trap()
    lm = wf.landmarks(g, count=5)
    flood = {x: wf.dijkstra(g, x).cost_so_far.array for x in "sxymt"}
    for a in "sxymt":
        for b in "sxymt":
            ia, ib = g.index(a), g.index(b)
            assert lm.estimate(ia, ib) <= flood[a][ib] + 1e-12
    assert repr(lm) == "Landmarks(count=5, nodes=5)"
