"""The one-shot loops of ``graph/fast.py`` against the resumable engine and the oracle.

Every answer of the fast path must equal the engine's in every field (path, cost,
``came_from``, ``cost_so_far``, expanded, reason), and the engine's must equal the oracle's
costs; on anything unusual the fast path steps aside and the engine answers (or raises) as
it would alone.
"""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding.errors import InvalidCostError, InvalidLocationError, InvalidParameterError
from wayfinding.graph import fast
from wayfinding.graph.engine import BestFirstSearch, Priority
from wayfinding.graph.protocol import NetworkXGraph, as_graph

from ..reference import assert_valid_path, shortest_costs
from ..strategies import as_edges, examples, weighted_digraphs


class Label:
    """A location that can be hashed and compared for equality but never ordered."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Label) and other.n == self.n

    def __hash__(self) -> int:
        return hash(("label", self.n))

    def __repr__(self) -> str:
        return f"Label({self.n})"


@st.composite
def tied_digraphs(draw):
    """Small dense digraphs whose few distinct costs make many ties in cost and priority
    (where the order of the frontier shows)."""
    n = draw(st.integers(2, 8))
    return {u: {v: draw(st.sampled_from([0.0, 0.5, 1.0, 1.0, 2.0]))
                for v in draw(st.lists(st.integers(0, n - 1), max_size=5, unique=True))}
            for u in range(n)}


GRAPHS = st.one_of(weighted_digraphs(), tied_digraphs())


def _relabel(graph, labels):
    return {labels[u]: {labels[v]: c for v, c in out.items()} for u, out in graph.items()}


def _forms(graph, kind):
    """The same edges as the graph the searches get: a SimpleGraph, or networkx."""
    if kind == "simple":
        return wf.SimpleGraph(graph)
    G = nx.DiGraph()
    G.add_nodes_from(graph)
    for u, out in graph.items():
        for v, c in out.items():
            G.add_edge(u, v, length=c)
    return as_graph(G, weight="length")


def _engine(graph, start, goal, heuristic=None, weight=1.0):
    priority = Priority.COST if heuristic is None else Priority.COST_PLUS_HEURISTIC
    search = BestFirstSearch(graph, start, goal, priority=priority, heuristic=heuristic,
                             weight=weight, track_partial=False)
    search.step()
    return search.result()


def _fields(result):
    return (result.path, result.cost, dict(result.came_from), dict(result.cost_so_far),
            result.expanded, result.reason, result.partial, result.goal)


def _outcome(run):
    try:
        return ("result", _fields(run()))
    except (InvalidCostError, InvalidParameterError, InvalidLocationError) as error:
        return ("raised", type(error), str(error))


def _to_goal(graph, goal, factor):
    """An admissible, consistent heuristic: ``factor`` x the true cost to ``goal``."""
    reverse = {u: [] for u in graph}
    for u, out in graph.items():
        for v, c in out.items():
            reverse.setdefault(v, []).append((u, c))
    to_goal = shortest_costs(reverse, [goal])
    return lambda a, b: factor * to_goal[a] if a in to_goal else 0.0


# ---------------------------------------------------------------------- equal answers
@settings(max_examples=examples(300))  # quick ones; ties in the frontier's order need many
@given(GRAPHS, st.data(), st.sampled_from(["simple", "networkx"]), st.booleans())
def test_fast_dijkstra_equals_the_engine_and_the_oracle(graph, data, kind, unorderable):
    nodes = sorted(graph)
    start = data.draw(st.sampled_from(nodes))
    goal = data.draw(st.sampled_from([*nodes, None]))
    oracle = shortest_costs(as_edges(graph), [start])
    if unorderable:  # ties (zero-cost edges, equal costs) must never compare locations
        labels = {n: Label(n) for n in graph}
        graph = _relabel(graph, labels)
        start, goal = labels[start], labels.get(goal)
        oracle = {labels[n]: c for n, c in oracle.items()}
    g = _forms(graph, kind)
    result = fast.dijkstra(g, start, goal)
    assert result is not None
    assert _fields(result) == _fields(_engine(g, start, goal))
    if goal is None:
        assert result.cost_so_far.keys() == oracle.keys()
        for location, cost in oracle.items():
            assert math.isclose(result.cost_so_far[location], cost, abs_tol=1e-9)
    elif goal in oracle:
        assert math.isclose(result.cost, oracle[goal], abs_tol=1e-9)
        edges = as_edges(graph)
        assert_valid_path(edges, result.path, [start], [goal], result.cost)
    else:
        assert result.path is None and result.cost == math.inf
        assert result.reason is wf.StopReason.EXHAUSTED


@settings(max_examples=examples(300))
@given(GRAPHS, st.data(), st.sampled_from(["simple", "networkx"]),
       st.sampled_from([0.0, 0.5, 1.0]), st.sampled_from([1.0, 1.5, 3]), st.booleans())
def test_fast_astar_equals_the_engine_and_the_oracle(graph, data, kind, factor, weight,
                                                     unorderable):
    nodes = sorted(graph)
    start, goal = data.draw(st.sampled_from(nodes)), data.draw(st.sampled_from(nodes))
    heuristic = _to_goal(graph, goal, factor)
    expected = shortest_costs(as_edges(graph), [start]).get(goal, math.inf)
    if unorderable:
        labels = {n: Label(n) for n in graph}
        back = {label: n for n, label in labels.items()}
        plain = heuristic
        graph = _relabel(graph, labels)
        start, goal = labels[start], labels[goal]

        def heuristic(a, b):
            return plain(back[a], back[b])

    g = _forms(graph, kind)
    result = fast.astar(g, start, goal, heuristic, weight)
    assert result is not None
    assert _fields(result) == _fields(_engine(g, start, goal, heuristic, weight))
    if expected == math.inf:
        assert result.path is None
    elif weight == 1.0:
        assert math.isclose(result.cost, expected, abs_tol=1e-9)
    else:
        assert result.cost <= weight * expected + 1e-9


def test_an_inconsistent_heuristic_reopens_locations_as_the_engine_does():
    G = nx.DiGraph()
    G.add_weighted_edges_from([("s", "a", 1.0), ("s", "b", 4.0), ("a", "b", 1.0),
                               ("b", "c", 1.0), ("c", "t", 5.0)])
    h = {"s": 0.0, "a": 7.0, "b": 0.0, "c": 0.0, "t": 0.0}.get  # admissible, inconsistent
    g = NetworkXGraph(G)
    result = fast.astar(g, "s", "t", lambda a, b: h(a), 1.0)
    assert result is not None and result.cost == 8.0 and result.expanded == 6
    assert _fields(result) == _fields(_engine(g, "s", "t", lambda a, b: h(a)))


def test_the_default_and_zero_heuristics_run_the_dijkstra_loop():
    G = nx.grid_2d_graph(4, 4)
    nx.set_edge_attributes(G, 1.0, "weight")
    g = NetworkXGraph(G)
    dijkstra = _fields(fast.dijkstra(g, (0, 0), (3, 2)))
    for zero in (wf.Heuristic.ZERO, wf.heuristics.zero):
        assert _fields(fast.astar(g, (0, 0), (3, 2), zero, 1.0)) == dijkstra
    assert _fields(wf.astar(G, (0, 0), (3, 2))) == dijkstra


def test_heuristic_members_are_their_functions():
    G = nx.grid_2d_graph(5, 5)
    nx.set_edge_attributes(G, 1.0, "weight")
    g = NetworkXGraph(G)
    member = fast.astar(g, (0, 0), (4, 3), wf.Heuristic.MANHATTAN, 1.0)
    assert _fields(member) == _fields(_engine(g, (0, 0), (4, 3), wf.Heuristic.MANHATTAN))
    assert member.cost == 7.0


def test_the_heuristic_is_asked_once_per_location_on_networkx_graphs():
    G = nx.DiGraph()
    G.add_weighted_edges_from([("a", "b", 1.0), ("a", "c", 10.0), ("b", "c", 1.0),
                               ("c", "d", 1.0)])
    asked = []

    def h(location, goal):
        asked.append(location)
        return 0.5 * (location != goal)

    assert wf.astar(G, "a", "d", heuristic=h).cost == 3.0
    assert asked[0] == "d"  # h(goal, goal) must be 0: asked once before the search
    assert sorted(asked[1:]) == ["a", "b", "c", "d"]


# ---------------------------------------------------------------------- stepping aside
def _networkx_with(value, name="weight"):
    G = nx.DiGraph()
    G.add_edge("s", "x", **{name: 5.0})
    G.add_edge("s", "y", **{name: 1.0})
    G.add_edge("y", "x", **{name: value})
    G.add_edge("x", "t", **{name: 1.0})
    return G


JUNK = [None, -3.0, math.nan, math.inf, "2", True, np.float64(2.0), np.float32(0.5), 2,
        -2, 1e308]


@pytest.mark.parametrize("value", JUNK, ids=repr)
@pytest.mark.parametrize("algorithm", ["dijkstra", "astar"])
def test_unusual_steps_give_exactly_the_engines_answer_or_error(value, algorithm):
    G = _networkx_with(value)
    G.add_edge("t", "u", weight=1e308)
    G.add_edge("u", "v", weight=1e308)  # a flood overflows here
    g = NetworkXGraph(G)
    heuristic = None if algorithm == "dijkstra" else (lambda a, b: 0.25)
    for goal in ("t", None) if algorithm == "dijkstra" else ("t",):
        public = _outcome(lambda goal=goal: getattr(wf, algorithm)(
            G, "s", goal, **({} if heuristic is None else {"heuristic": heuristic})))
        assert public == _outcome(lambda goal=goal: _engine(g, "s", goal, heuristic))


def test_none_hides_the_edge_and_junk_raises_naming_it():
    assert wf.dijkstra(_networkx_with(None), "s", "t").path == ["s", "x", "t"]
    with pytest.raises(InvalidCostError, match=r"edge 'y' -> 'x' must be a number .*'2'"):
        wf.astar(_networkx_with("2"), "s", "t", heuristic=lambda a, b: 0.0)
    with pytest.raises(InvalidCostError, match=r"edge 'y' -> 'x' must be finite and >= 0"):
        wf.dijkstra(_networkx_with(-3.0), "s", "t")


def test_int_steps_stay_on_the_fast_path_and_costs_are_floats():
    G = _networkx_with(2)
    result = fast.dijkstra(NetworkXGraph(G), "s", "t")
    assert result is not None and result.cost == 4.0
    assert all(type(c) is float for c in result.cost_so_far.values())


@pytest.mark.parametrize("value", [None, "2", np.float64(2.0), -1.0], ids=repr)
def test_the_fast_path_steps_aside_for_unusual_steps(value):
    assert fast.dijkstra(NetworkXGraph(_networkx_with(value)), "s", "t") is None


def test_an_attribute_named_otherwise_is_never_silently_cost_1():
    G = _networkx_with(1.0, name="length")
    with pytest.raises(InvalidCostError, match=r"has no 'weight' attribute but has numeric "
                                               r"attributes \['length'\]"):
        wf.astar(G, "s", "t", heuristic=lambda a, b: 0.0)
    assert wf.dijkstra(as_graph(G, weight="length"), "s", "t").cost == 3.0


def test_weight_functions_returning_none_hide_edges_through_the_engine():
    G = _networkx_with(1.0)
    g = as_graph(G, weight=lambda u, v, d: None if (u, v) == ("y", "x") else d["weight"])
    assert fast.dijkstra(g, "s", "t") is None
    assert wf.dijkstra(g, "s", "t").path == ["s", "x", "t"]
    bad = as_graph(G, weight=lambda u, v, d: "far" if (u, v) == ("y", "x") else 1.0)
    with pytest.raises(InvalidCostError, match=r"edge 'y' -> 'x' must be a number"):
        wf.astar(bad, "s", "t", heuristic=lambda a, b: 0.0)


@pytest.mark.parametrize("h", [-1.0, math.nan, math.inf, "near", np.float64(0.5), True],
                         ids=repr)
def test_unusual_estimates_give_exactly_the_engines_answer_or_error(h):
    G = _networkx_with(1.0)
    g = NetworkXGraph(G)
    for first in (True, False):  # at the start, or at a location reached later

        def heuristic(a, b, first=first):
            return h if (a == "s") == first else 0.0

        assert _outcome(lambda heuristic=heuristic: wf.astar(G, "s", "t", heuristic=heuristic)) \
            == _outcome(lambda heuristic=heuristic: _engine(g, "s", "t", heuristic))


@pytest.mark.parametrize("algorithm", [wf.dijkstra, wf.astar])
@pytest.mark.parametrize("role", ["start", "goal"])
def test_a_missing_start_or_goal_raises(algorithm, role):
    G = _networkx_with(1.0)
    start, goal = ("nowhere", "t") if role == "start" else ("s", "nowhere")
    with pytest.raises(InvalidLocationError, match=rf"{role} 'nowhere' is not in the graph"):
        algorithm(G, start, goal)


def test_an_unreachable_goal_is_a_normal_answer():
    G = _networkx_with(1.0)
    G.add_node("island")
    g = NetworkXGraph(G)
    result = fast.astar(g, "s", "island", lambda a, b: 0.0 + (a == "x"), 1.0)
    assert result is not None and result.path is None and result.cost == math.inf
    assert _fields(result) == _fields(_engine(g, "s", "island", lambda a, b: 0.0 + (a == "x")))


@pytest.mark.parametrize("call", [
    lambda g: fast.dijkstra(g, ["s", "y"], "t"),               # several starts
    lambda g: fast.dijkstra(g, "s", ["t", "x"]),               # several goals
    lambda g: fast.dijkstra(g, "s", lambda n: n == "t"),       # a predicate
    lambda g: fast.astar(g, "s", None, lambda a, b: 0.5, 1.0),  # no goal
    lambda g: fast.astar(g, "s", "t", lambda a, b: 0.5, math.inf),
    lambda g: fast.astar(g, "s", "t", lambda a, b: 0.5, np.float64(1.0)),
    lambda g: fast.astar(g, "s", "t", "manhattan", 1.0),
])
def test_the_fast_path_leaves_other_problems_to_the_engine(call):
    assert call(NetworkXGraph(_networkx_with(1.0))) is None


@pytest.mark.parametrize("graph", [
    NetworkXGraph(nx.MultiDiGraph(_networkx_with(1.0))),
    NetworkXGraph(_networkx_with(1.0), weight=None),
    wf.SimpleGraph({"s": ["x"], "x": {"t": 1.0}}),  # neighbour lists: unit costs
    wf.as_graph(lambda n: ["t"] if n == "s" else []),
])
def test_other_graphs_are_left_to_the_engine(graph):
    assert fast.dijkstra(graph, "s", "t") is None
    assert wf.dijkstra(graph, "s", "t").path[-1] == "t"


def test_simple_graph_overflow_raises_through_the_engine():
    graph = wf.SimpleGraph({0: {1: 1e308}, 1: {2: 1e308}, 2: {}})
    assert fast.dijkstra(graph, 0, 2) is None
    with pytest.raises(InvalidCostError, match=r"overflows"):
        wf.astar(graph, 0, 2, heuristic=lambda a, b: 0.5 * (a != b))


def test_a_start_that_is_itself_a_frozenset_location():
    here, there = frozenset({1, 2}), frozenset({3})
    graph = wf.SimpleGraph({here: {there: 1.5}})
    result = fast.dijkstra(graph, [here], [there])  # a frozenset alone means several
    assert result is not None and result.path == [here, there] and result.cost == 1.5
    assert _fields(result) == _fields(_engine(graph, [here], [there]))


# ---------------------------------------------------------------------- one start, one goal
@pytest.mark.parametrize("start, goal", [
    ("s", "t"), (["s"], "t"), ({"s"}, frozenset({"t"})), ("s", ["t"]), (["s"], {"t"}),
], ids=repr)
@pytest.mark.parametrize("kind", ["networkx", "simple"])
def test_one_start_and_goal_in_any_spelling_take_the_fast_path(start, goal, kind):
    G = _networkx_with(1.0)
    g = NetworkXGraph(G) if kind == "networkx" else wf.SimpleGraph(
        {u: {v: d["weight"] for v, d in G.adj[u].items()} for u in G})
    for result, engine in [
        (fast.dijkstra(g, start, goal), _engine(g, start, goal)),
        (fast.astar(g, start, goal, lambda a, b: 0.5 * (a != b), 1.0),
         _engine(g, start, goal, lambda a, b: 0.5 * (a != b))),
    ]:
        assert result is not None and result.path == ["s", "y", "x", "t"]
        assert _fields(result) == _fields(engine)


@pytest.mark.parametrize("kind", ["networkx", "simple"])
def test_an_unhashable_start_raises_as_in_the_engine(kind):
    G = _networkx_with(1.0)
    g = NetworkXGraph(G) if kind == "networkx" else wf.SimpleGraph({"s": {"t": 1.0}})
    start = ("s", ["not hashable"])
    assert fast.dijkstra(g, start, "t") is None
    raised = []
    for run in (lambda: wf.dijkstra(g, start, "t"), lambda: _engine(g, start, "t")):
        with pytest.raises((TypeError, InvalidLocationError)) as error:
            run()
        raised.append((type(error.value), str(error.value)))
    assert raised[0] == raised[1]


def test_a_simple_graph_holding_none_as_a_location_is_left_to_the_engine():
    # came_from marks a start by None: the fast path's walk back would stop at the location
    graph = wf.SimpleGraph({0: {None: 1.0}, None: {2: 1.0}, 2: {}})
    assert fast.dijkstra(graph, 0, 2) is None
    assert fast.astar(graph, 0, 2, lambda a, b: 0.0 + (a == 0), 1.0) is None
