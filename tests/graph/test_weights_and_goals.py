"""networkx ``weight=``, cost functions (None hides an edge), missing goals and goal lists."""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest

import wayfinding as wf
from wayfinding.errors import InvalidCostError, InvalidLocationError, InvalidParameterError
from wayfinding.examples import example_graph

SEARCHES = [wf.astar, wf.dijkstra, wf.greedy_best_first, wf.breadth_first_search]
WEIGHTED = [wf.astar, wf.dijkstra]


def _kwargs(algorithm):
    return {"heuristic": lambda a, b: 0.0} if algorithm is wf.greedy_best_first else {}


def osmnx_style():
    """A street graph as osmnx builds it: a MultiDiGraph whose costs are in ``length``."""
    G = nx.MultiDiGraph()
    G.add_edge("a", "b", osmid=11, length=120.0, name="High St", oneway=False)
    G.add_edge("a", "b", osmid=12, length=90.5, name="Back Lane", oneway=False)  # parallel
    G.add_edge("b", "c", osmid=13, length=40.0, oneway=True)
    G.add_edge("a", "c", osmid=14, length=400.0, oneway=True)
    G.add_edge("c", "d", osmid=15, length=10.0, oneway=True)
    return G


# ---------------------------------------------------------------------- weight=
@pytest.mark.parametrize("algorithm", WEIGHTED)
def test_networkx_attribute_named_otherwise_is_never_silently_cost_1(algorithm):
    with pytest.raises(InvalidCostError,
                       match=r"edge 'a' -> '\w' has no 'weight' attribute but has numeric "
                             r"attributes \['length', 'osmid'\].*weight='length'"):
        algorithm(osmnx_style(), "a", "d")


@pytest.mark.parametrize("algorithm", WEIGHTED)
def test_as_graph_weight_names_the_attribute_like_networkx(algorithm):
    G = osmnx_style()
    expected = nx.dijkstra_path_length(G, "a", "d", weight="length")
    result = algorithm(wf.as_graph(G, weight="length"), "a", "d")
    assert result.cost == pytest.approx(expected) == 140.5
    assert result.path == nx.dijkstra_path(G, "a", "d", weight="length")


def test_flood_and_flow_field_take_the_chosen_attribute():
    G = osmnx_style()
    streets = wf.as_graph(G, weight="length")
    assert wf.flood(streets, "a").cost_to("d") == 140.5
    assert wf.flow_field(streets, "d").cost_from("a") == 140.5
    assert wf.flow_field(streets, "d").path_from("a") == ["a", "b", "c", "d"]


def test_multigraph_takes_the_cheapest_parallel_edge():
    result = wf.dijkstra(wf.as_graph(osmnx_style(), weight="length"), "a", "b")
    assert result.cost == 90.5


def test_weight_function_none_hides_the_edge_as_in_networkx():
    G = nx.DiGraph()
    G.add_edge(0, 1, length=1.0, toll=True)
    G.add_edge(1, 3, length=1.0)
    G.add_edge(0, 2, length=2.0)
    G.add_edge(2, 3, length=2.0)

    def no_tolls(u, v, data):
        return None if data.get("toll") else data["length"]

    expected = nx.dijkstra_path_length(G, 0, 3, weight=no_tolls)
    result = wf.dijkstra(wf.as_graph(G, weight=no_tolls), 0, 3)
    assert result.cost == expected == 4.0
    assert result.path == [0, 2, 3]


def test_weight_function_on_a_multigraph_sees_each_parallel_edge():
    seen = []

    def length(u, v, data):
        seen.append(data["osmid"])
        return None if data["osmid"] == 12 else data["length"]  # hide the cheap lane

    result = wf.dijkstra(wf.as_graph(osmnx_style(), weight=length), "a", "b")
    assert result.cost == 120.0
    assert {11, 12} <= set(seen)


def test_weight_none_counts_one_per_edge():
    G = osmnx_style()
    result = wf.dijkstra(wf.as_graph(G, weight=None), "a", "d")
    assert result.cost == nx.shortest_path_length(G, "a", "d") == 2


def test_edges_without_numeric_attributes_cost_1_as_in_networkx():
    G = nx.Graph()
    G.add_edge("x", "y", colour="red")
    G.add_edge("y", "z")
    assert wf.dijkstra(G, "x", "z").cost == nx.dijkstra_path_length(G, "x", "z") == 2


def test_networkx_weight_attribute_still_used_by_default():
    G = nx.DiGraph()
    G.add_edge(0, 1, weight=2.5, osmid=4)
    assert wf.astar(G, 0, 1).cost == 2.5


def test_as_graph_with_a_cost_function_for_a_networkx_graph_is_refused():
    with pytest.raises(InvalidParameterError,
                       match=r"cost= is for a graph given as a neighbors function; for a "
                             r"networkx graph give weight="):
        wf.as_graph(osmnx_style(), lambda a, b: 1.0)


def test_weight_is_only_for_networkx_graphs():
    with pytest.raises(InvalidParameterError, match=r"weight= is only for networkx graphs"):
        wf.as_graph(example_graph(), weight="length")


@pytest.mark.parametrize("weight", [5, 2.5, ["length"]])
def test_weight_must_be_a_name_a_function_or_none(weight):
    with pytest.raises(InvalidParameterError, match=r"weight must be an edge attribute name"):
        wf.as_graph(osmnx_style(), weight=weight)


@pytest.mark.parametrize("weight", ["length", lambda u, v, d: 1.0])
def test_astar_weight_is_the_heuristic_weight_and_says_so(weight):
    with pytest.raises(InvalidParameterError,
                       match=r"heuristic weight of weighted A\*.*wf\.as_graph\(G, weight="):
        wf.astar(osmnx_style(), "a", "d", weight=weight)


@pytest.mark.parametrize(("value", "match"), [
    ("5", r"cost of edge 'a' -> 'b' must be a number \(or None to hide the edge\), got '5'"),
    (True, r"cost of edge 'a' -> 'b' must be a number .*got True"),
    (-1.0, r"cost of edge 'a' -> 'b' must be finite and >= 0, got -1\.0"),
    (math.nan, r"cost of edge 'a' -> 'b' must be finite and >= 0, got nan"),
])
def test_networkx_attribute_that_is_not_a_cost_names_the_edge(value, match):
    G = nx.DiGraph()
    G.add_edge("a", "b", weight=value)
    with pytest.raises(InvalidCostError, match=match):
        wf.dijkstra(G, "a", "b")


# ---------------------------------------------------------------------- cost functions
def line(n):
    return [n + 1, n + 2] if n < 6 else []


@pytest.mark.parametrize("algorithm", WEIGHTED)
def test_cost_function_returning_none_hides_the_edge(algorithm):
    graph = wf.as_graph(line, lambda a, b: None if b - a == 2 else 1)
    assert algorithm(graph, 0, 4).path == [0, 1, 2, 3, 4]


@pytest.mark.parametrize(("value", "match"), [
    ("x", r"cost of edge 0 -> 1 must be a number \(or None to hide the edge\), got 'x'"),
    ([1], r"cost of edge 0 -> 1 must be a number .*got \[1\]"),
    (-2, r"cost of edge 0 -> 1 must be finite and >= 0, got -2"),
    (math.inf, r"cost of edge 0 -> 1 must be finite and >= 0, got inf"),
])
@pytest.mark.parametrize("algorithm", WEIGHTED)
def test_cost_function_returning_a_non_number_raises_naming_the_edge(algorithm, value, match):
    graph = wf.as_graph(line, lambda a, b: value)
    with pytest.raises(InvalidCostError, match=match):
        algorithm(graph, 0, 4)


def test_cost_function_may_return_ints_and_numpy_numbers():
    graph = wf.as_graph(line, lambda a, b: np.float32(0.5) if b - a == 1 else 3)
    assert wf.dijkstra(graph, 0, 4).cost == 2.0


def test_graph_object_whose_cost_method_returns_none_hides_the_edge():
    class Doors:
        def neighbors(self, location):
            return {"hall": ["kitchen", "vault"], "kitchen": ["vault"]}.get(location, [])

        def cost(self, a, b):
            return None if (a, b) == ("hall", "vault") else 1.0

    assert wf.dijkstra(Doors(), "hall", "vault").path == ["hall", "kitchen", "vault"]


# ---------------------------------------------------------------------- missing goals
@pytest.mark.parametrize("algorithm", SEARCHES)
def test_goal_not_in_the_graph_raises_like_a_missing_start(algorithm):
    with pytest.raises(InvalidLocationError, match=r"goal 'Q' is not in the graph"):
        algorithm(example_graph(), "A", "Q", **_kwargs(algorithm))


@pytest.mark.parametrize("algorithm", SEARCHES)
def test_goal_not_in_a_networkx_graph_raises(algorithm):
    with pytest.raises(InvalidLocationError, match=r"goal 99 is not in the graph"):
        algorithm(nx.path_graph(4), 0, 99, **_kwargs(algorithm))


@pytest.mark.parametrize("algorithm", SEARCHES)
def test_a_goal_list_is_several_goals_and_the_message_says_so(algorithm):
    G = nx.grid_2d_graph(10, 10)
    with pytest.raises(InvalidLocationError,
                       match=r"goal 7 is not in the graph \(\[7, 4\] was read as 2 goals: a "
                             r"list, set or frozenset means several goals"):
        algorithm(G, (0, 0), [7, 4], **_kwargs(algorithm))


def test_goal_list_of_locations_in_the_graph_still_works():
    G = nx.grid_2d_graph(10, 10)
    assert wf.dijkstra(G, (0, 0), [(7, 4), (1, 1)]).goal == (1, 1)


def test_graphs_that_cannot_tell_still_search_for_any_goal():
    result = wf.dijkstra(wf.as_graph(line), 0, 99)
    assert result.path is None and result.reason is wf.StopReason.EXHAUSTED


def test_start_list_not_in_the_graph_explains_the_list():
    with pytest.raises(InvalidLocationError, match=r"start 7 is not in the graph \(\[7, 4\] was "
                                                   r"read as 2 starts"):
        wf.dijkstra(nx.grid_2d_graph(10, 10), [7, 4], (0, 0))


# ---------------------------------------------------------------------- goal lists on grids
@pytest.mark.parametrize("algorithm", SEARCHES)
def test_grid_goal_given_as_a_list_of_two_ints_is_explained(algorithm):
    grid = wf.SquareGrid(10, 10)
    with pytest.raises(InvalidLocationError,
                       match=r"goal \[7, 4\] is a list, which means several goals, but its item "
                             r"7 is not an \(x, y\) location: give one goal as a tuple \(7, 4\)"):
        algorithm(grid, (0, 0), [7, 4])


@pytest.mark.parametrize("algorithm", [wf.dijkstra, wf.breadth_first_search])
def test_grid_start_given_as_a_list_of_two_ints_is_explained(algorithm):
    with pytest.raises(InvalidLocationError, match=r"start \[0, 0\] is a list, which means "
                                                   r"several starts"):
        algorithm(wf.SquareGrid(10, 10), [0, 0], (3, 3))


def test_grid_goal_lists_of_locations_still_work():
    grid = wf.SquareGrid(10, 10)
    assert wf.astar(grid, (0, 0), [(7, 4), [1, 1]]).cost == 2.0
    assert wf.dijkstra(grid, [(0, 0), (9, 9)], {(8, 8)}).cost == 2.0


@pytest.mark.parametrize("weight", [1 + 2j, np.complex128(2j), "3", -1.0, math.nan])
@pytest.mark.parametrize("kind", ["networkx", "function"])
def test_cost_method_of_as_graph_refuses_what_is_not_a_cost(weight, kind):
    # issue 27 item 10: as_graph(...).cost handed a complex weight on (TypeError later)
    graph = (wf.as_graph(nx.DiGraph([("a", "b", {"weight": weight})])) if kind == "networkx"
             else wf.as_graph(lambda n: ["b"] if n == "a" else [], lambda a, b: weight))
    with pytest.raises(InvalidCostError, match="cost of edge 'a' -> 'b' must be"):
        graph.cost("a", "b")


def test_cost_method_of_as_graph_gives_floats():
    assert wf.as_graph(nx.DiGraph([("a", "b", {"weight": np.int64(3)})])).cost("a", "b") == 3.0
    assert type(wf.as_graph(lambda n: [], lambda a, b: 2).cost("a", "b")) is float
