"""Flood fields: against dijkstra and the oracle on random grids and graphs; save/load."""

from __future__ import annotations

import json
import math

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding.errors import (
    InvalidCostError,
    InvalidLocationError,
    InvalidParameterError,
    MapFormatError,
)
from wayfinding.fields import DistanceField, flood
from wayfinding.graph.protocol import FunctionGraph

from ..oracles import seeded_costs
from ..reference import assert_valid_path, shortest_costs
from ..strategies import as_edges, grid_cases, weighted_digraphs


@given(grid_cases(), st.data())
def test_cost_to_equals_dijkstra_for_every_cell(case, data):
    start = data.draw(st.sampled_from(case.cells))
    field = flood(case.grid, start)
    result = wf.dijkstra(case.grid, start)
    for y in range(case.grid.height):
        for x in range(case.grid.width):
            expected = result.cost_so_far.get((x, y), math.inf)
            got = field.cost_to((x, y))
            assert got == expected or math.isclose(got, expected, rel_tol=1e-9)


@given(grid_cases(), st.data())
def test_seeded_flood_matches_oracle_and_paths_are_valid(case, data):
    seeds = data.draw(st.dictionaries(st.sampled_from(case.cells),
                                      st.floats(-20, 20, allow_nan=False), min_size=1,
                                      max_size=4))
    field = flood(case.grid, seeds)
    expected = seeded_costs(case.edges, seeds)
    for y in range(case.grid.height):
        for x in range(case.grid.width):
            cell = (x, y)
            if cell not in expected:
                assert field.cost_to(cell) == math.inf and field.path_to(cell) is None
                assert cell not in field.reachable
                continue
            assert math.isclose(field.cost_to(cell), expected[cell], rel_tol=1e-9,
                                abs_tol=1e-9)
            path = field.path_to(cell)
            assert path[0] in seeds and cell in field.reachable
            assert_valid_path(case.edges, path, seeds, [cell],
                              field.cost_to(cell) - seeds[path[0]])
    assert len(field.reachable) == len(expected)


@given(grid_cases(), st.data())
def test_max_cost_leaves_dearer_cells_unreached(case, data):
    start = data.draw(st.sampled_from(case.cells))
    limit = data.draw(st.floats(0, 30))
    field = flood(case.grid, start, max_cost=limit)
    expected = shortest_costs(case.edges, [start])
    for cell, cost in expected.items():
        if cost <= limit - 1e-9:
            assert math.isclose(field.cost_to(cell), cost, rel_tol=1e-9, abs_tol=1e-9)
        elif cost > limit + 1e-9:
            assert field.cost_to(cell) == math.inf


@given(grid_cases(), st.data())
def test_as_array_matches_cost_to(case, data):
    starts = data.draw(st.lists(st.sampled_from(case.cells), min_size=1, max_size=3))
    field = flood(case.grid, starts)
    array = field.as_array()
    assert array.shape == case.grid.shape and array.dtype == np.float64
    for y in range(case.grid.height):
        for x in range(case.grid.width):
            assert array[y, x] == field.cost_to((x, y))


@given(weighted_digraphs(), st.data())
def test_generic_graph_flood_matches_oracle(graph, data):
    seeds = data.draw(st.dictionaries(st.sampled_from(sorted(graph)),
                                      st.floats(-5, 5, allow_nan=False), min_size=1,
                                      max_size=3))
    field = flood(wf.SimpleGraph(graph), seeds)
    edges = as_edges(graph)
    expected = seeded_costs(edges, seeds)
    assert set(field.reachable) == set(expected)
    for location, cost in expected.items():
        assert math.isclose(field.cost_to(location), cost, rel_tol=1e-9, abs_tol=1e-9)
        path = field.path_to(location)
        assert_valid_path(edges, path, seeds, [location], field.cost_to(location)
                          - seeds[path[0]])


def test_generic_flood_with_unorderable_locations():
    a, b, c = object(), object(), object()
    field = flood(wf.SimpleGraph({a: {b: 1.0, c: 1.0}, b: {c: 0.0}}), a)
    assert field.cost_to(c) == 1.0 and field.path_to(b) == [a, b]


def test_networkx_and_function_graphs():
    g = nx.Graph()
    g.add_edge("x", "y", weight=2.5)
    assert flood(g, "x").cost_to("y") == 2.5
    field = flood(lambda n: [n + 1] if n < 5 else [], 0)
    assert field.cost_to(5) == 5.0 and field.path_to(2) == [0, 1, 2]


def test_flee_map_by_scaling_and_reflooding():
    grid = wf.Grid.from_ascii("""
    .........
    .#######.
    .........
    """)
    player = (4, 2)
    toward = flood(grid, player)
    flee = flood(grid, toward.scaled(-1.2))
    # every cell's flee value is at most its own scaled value, and no more than one step
    # worse than a neighbour's (it is a flood)
    for cell in toward.reachable:
        assert flee.cost_to(cell) <= -1.2 * toward.cost_to(cell) + 1e-12
        for nxt in grid.neighbors(cell):
            assert flee.cost_to(cell) <= flee.cost_to(nxt) + 1.0 + 1e-12
    assert flee.path_to((0, 0)) is not None


def test_scaled_field_is_all_starts():
    field = flood(wf.Grid.from_ascii("..."), (0, 0)).scaled(2)
    assert field.cost_to((2, 0)) == 4.0 and field.path_to((2, 0)) == [(2, 0)]


def test_reachable_is_a_set_like_view():
    field = flood(wf.Grid.from_ascii(".#."), (0, 0))
    assert set(field.reachable) == {(0, 0)}
    assert field.reachable & {(0, 0), (2, 0)} == {(0, 0)}
    assert (5, 5) not in field.reachable and "no" not in field.reachable


@pytest.mark.parametrize("diagonal", [False, True])
def test_grid_save_load_round_trip(tmp_path, diagonal):
    grid = wf.Grid.from_ascii("""
    ..5.
    .#..
    ....
    """, diagonal=diagonal)
    field = flood(grid, {(0, 0): 0.0, (3, 2): -1.5}, max_cost=6)
    name = tmp_path / "field.bin"
    field.save(name)
    back = DistanceField.load(name)
    assert np.array_equal(back.as_array(), field.as_array())
    assert back.max_cost == 6.0 and back.kind == "grid"
    for cell in field.reachable:
        assert back.path_to(cell) == field.path_to(cell)


ROOM = """
..5.
.#..
....
"""


def test_load_takes_the_grid_as_every_other_loader_does(tmp_path):
    grid = wf.Grid.from_ascii(ROOM)
    flood(grid, (0, 0)).save(tmp_path / "field.npz")
    back = DistanceField.load(tmp_path / "field.npz", grid)
    assert back.cost_to((3, 2)) == flood(grid, (0, 0)).cost_to((3, 2))
    assert DistanceField.load(tmp_path / "field.npz").cost_to((3, 2)) == back.cost_to((3, 2))


@pytest.mark.parametrize(("other", "error", "match"), [
    ("......", wf.StaleDataError, r"field\.npz' holds a field of a 4x3 grid, not of this 6x1"),
    (ROOM.replace(".#..", "##.."), wf.StaleDataError,
     r"reaches \(0, 1\), a wall on this grid"),
    (None, InvalidParameterError, "holds a field of a grid; pass the Grid it was flooded"),
], ids=["size", "wall", "not-a-grid"])
def test_load_refuses_a_field_of_another_grid(tmp_path, other, error, match):
    flood(wf.Grid.from_ascii(ROOM), (0, 0)).save(tmp_path / "field.npz")
    graph = wf.SimpleGraph({"a": ["b"]}) if other is None else wf.Grid.from_ascii(other)
    with pytest.raises(error, match=match):
        DistanceField.load(tmp_path / "field.npz", graph)


def test_load_checks_a_graph_field_against_its_graph(tmp_path):
    graph = wf.SimpleGraph({"a": {"b": 2.0}, "b": {"c": 1.0}})
    flood(graph, "a").save(tmp_path / "field.json")
    assert DistanceField.load(tmp_path / "field.json", graph).cost_to("c") == 3.0
    with pytest.raises(wf.StaleDataError, match=r"reaches 'c', which is not in this graph"):
        DistanceField.load(tmp_path / "field.json", wf.SimpleGraph({"a": ["b"]}))
    with pytest.raises(InvalidParameterError, match="holds a field of a graph, not of a Grid"):
        DistanceField.load(tmp_path / "field.json", wf.Grid.from_ascii(ROOM))


def test_graph_save_load_round_trip(tmp_path):
    graph = wf.SimpleGraph({("a", 1): {"b": 2.0}, "b": {3: 1.0, (("n",), 2.5): 4.0},
                            3: {True: 1.0}})
    field = flood(graph, ("a", 1))
    name = tmp_path / "field.json"
    field.save(name)
    back = DistanceField.load(name)
    assert dict(zip(back.reachable, map(back.cost_to, back.reachable), strict=True)) == \
        dict(zip(field.reachable, map(field.cost_to, field.reachable), strict=True))
    assert back.path_to(True) == [("a", 1), "b", 3, True]
    assert back.max_cost is None and back.kind == "graph"


def test_as_array_needs_a_grid():
    with pytest.raises(InvalidParameterError, match=r"as_array\(\) needs a field computed"):
        flood(wf.SimpleGraph({1: [2]}), 1).as_array()


@pytest.mark.parametrize(("starts", "error", "match"), [
    ((9, 9), InvalidLocationError, r"start \(9, 9\) is outside the 3x1 grid"),
    ((1, 0), InvalidLocationError, r"start \(1, 0\) is a wall"),
    ([], InvalidLocationError, "start is an empty collection"),
    ({(0, 0): math.nan}, InvalidCostError, r"initial cost of \(0, 0\) must be finite"),
    ({(0, 0): "x"}, InvalidCostError, r"initial cost of \(0, 0\) must be a number"),
    ((0.5, 0), InvalidLocationError, "start must be an"),
])
def test_bad_starts(starts, error, match):
    with pytest.raises(error, match=match):
        flood(wf.Grid.from_ascii(".#."), starts)


@pytest.mark.parametrize("max_cost", [-1, math.inf, "3"])
def test_bad_max_cost(max_cost):
    with pytest.raises(InvalidParameterError, match="max_cost must be"):
        flood(wf.Grid.from_ascii("..."), (0, 0), max_cost=max_cost)


def test_bad_scale_factor():
    with pytest.raises(InvalidParameterError, match="factor must be a finite number"):
        flood(wf.Grid.from_ascii("..."), (0, 0)).scaled(math.nan)


@pytest.mark.parametrize("graph", [wf.Grid.from_ascii("..."),
                                   wf.SimpleGraph({0: {1: 1.0}, 1: {2: 1.0}})],
                         ids=["grid", "graph"])
@pytest.mark.parametrize("factor", [1e308, -1e308, 1e300])
def test_scaled_costs_that_would_overflow_are_refused(graph, factor):
    # issue 27 item 10: reached cells silently became inf (unreached) or -inf
    field = flood(graph, 0 if isinstance(graph, wf.SimpleGraph) else (0, 0))
    with pytest.raises(InvalidParameterError, match=r"factor .* makes costs up to .*e\+30"):
        field.scaled(factor)
    assert field.scaled(1e299).cost_to(2 if isinstance(graph, wf.SimpleGraph) else (2, 0)) \
        == 2e299


@pytest.mark.parametrize("weight", [1 + 2j, np.complex128(1 + 2j), "5", b"5"])
@pytest.mark.parametrize("kind", ["networkx", "function", "networkx-reverse"])
def test_costs_that_are_not_real_numbers_are_refused_by_graph_floods(weight, kind):
    # issue 27 item 10: a complex weight through as_graph raised TypeError (numpy's
    # complex was compared by its real part, with a warning)
    G = nx.DiGraph([(0, 1, {"weight": weight}), (1, 2, {"weight": 1.0})])
    with pytest.raises(InvalidCostError, match=r"edge 0 -> 1 must be a number"):
        if kind == "networkx":
            flood(wf.as_graph(G), 0)
        elif kind == "function":
            flood(wf.as_graph(lambda n: [n + 1] if n < 2 else [], lambda a, b: weight), 0)
        else:
            wf.flow_field(G, 2)


def test_graph_floods_skip_hidden_edges_and_refuse_overflowing_sums():
    hidden = wf.as_graph(lambda n: [n + 1] if n < 2 else [], lambda a, b: None if a else 1.0)
    assert flood(hidden, 0).cost_to(1) == 1.0 and flood(hidden, 0).cost_to(2) == math.inf
    huge = wf.SimpleGraph({0: {1: 1.5e308}, 1: {2: 1.5e308}})
    with pytest.raises(InvalidCostError, match="the cost of the path to 2 overflows"):
        flood(huge, 0)


def test_field_of_another_grid_as_seeds():
    field = flood(wf.Grid.from_ascii("..."), (0, 0))
    with pytest.raises(InvalidParameterError, match="covers a 3x1 grid, not this 2x1 grid"):
        flood(wf.Grid.from_ascii(".."), field)
    with pytest.raises(InvalidLocationError, match=r"start \(1, 0\) of the field is a wall"):
        flood(wf.Grid.from_ascii(".#."), field)
    with pytest.raises(InvalidParameterError, match="cannot seed a generic graph"):
        flood(wf.SimpleGraph({1: [2]}), field)


def test_graph_start_not_in_graph_and_bad_edge_cost():
    with pytest.raises(InvalidLocationError, match="start 'z' is not in the graph"):
        flood(wf.SimpleGraph({"a": ["b"]}), "z")
    with pytest.raises(InvalidCostError, match="must be finite and >= 0, got -1"):
        flood(FunctionGraph(lambda n: [n + 1], lambda a, b: -1), 0)


def test_cost_to_off_the_grid():
    with pytest.raises(InvalidLocationError, match=r"location \(3, 0\) is outside"):
        flood(wf.Grid.from_ascii("..."), (0, 0)).cost_to((3, 0))


def test_save_rejects_locations_json_cannot_hold(tmp_path):
    with pytest.raises(InvalidParameterError, match="cannot save location b'x' as JSON"):
        flood(wf.SimpleGraph({b"x": [2]}), b"x").save(tmp_path / "f")
    with pytest.raises(InvalidParameterError, match="cannot save location nan"):
        flood(wf.SimpleGraph({math.nan: [2]}), math.nan).save(tmp_path / "g")


@pytest.mark.parametrize(("content", "match"), [
    (b"not json at all", "neither .npz nor JSON"),
    (b'{"format": "other"}', "not a saved wayfinding.DistanceField"),
    (b'{"format": "wayfinding.DistanceField", "version": 7}', "unknown file version 7"),
    (b'{"format": "wayfinding.DistanceField", "version": 1, "cells": [[[1], 0, null]]}',
     "malformed cells"),
    (b'{"format": "wayfinding.DistanceField", "version": 1, "cells": [[1, 0, 2]]}',
     "parent 2 is not a reached location"),
])
def test_load_rejects_bad_json(tmp_path, content, match):
    name = tmp_path / "bad"
    name.write_bytes(content)
    with pytest.raises(MapFormatError, match=match):
        DistanceField.load(name)


@pytest.mark.parametrize(("arrays", "match"), [
    ({"cost": np.zeros((2, 2))}, "missing"),
    ({"format": np.array("wayfinding.DistanceField"), "version": np.array(2),
      "cost": np.zeros((1, 1)), "parent": np.zeros((1, 1)), "max_cost": np.array(1.0)},
     "unknown file version 2"),
    ({"format": np.array("wayfinding.DistanceField"), "version": np.array(1),
      "cost": np.zeros((1, 2)), "parent": np.full((1, 1), -1), "max_cost": np.array(1.0)},
     r"member .parent. has shape \(1, 1\), expected \(1, 2\)"),
    ({"format": np.array("wayfinding.DistanceField"), "version": np.array(1),
      "cost": np.zeros((0, 3)), "parent": np.full((0, 3), -1), "max_cost": np.array(1.0)},
     "must be a non-empty 2-D shape"),
    ({"format": np.array("wayfinding.DistanceField"), "version": np.array(1),
      "cost": np.array([[0.0, math.nan]]), "parent": np.full((1, 2), -1),
      "max_cost": np.array(1.0)}, "costs must be numbers or"),
    ({"format": np.array("wayfinding.DistanceField"), "version": np.array(1),
      "cost": np.zeros((1, 2)), "parent": np.array([[-1, 5]]),
      "max_cost": np.array(1.0)}, r"bad parent 5 at cell \(1, 0\)"),
])
def test_load_rejects_bad_npz(tmp_path, arrays, match):
    name = tmp_path / "bad.npz"
    np.savez(name, **arrays)
    with pytest.raises(MapFormatError, match=match):
        DistanceField.load(name)


def test_load_rejects_broken_zip(tmp_path):
    name = tmp_path / "broken.npz"
    name.write_bytes(b"PK\x03\x04 truncated")
    with pytest.raises(MapFormatError, match=r"not a readable \.npz archive"):
        DistanceField.load(name)


def test_saved_graph_file_is_plain_json(tmp_path):
    flood(wf.SimpleGraph({"a": {"b": 1.5}}), "a").save(tmp_path / "f.json")
    document = json.loads((tmp_path / "f.json").read_text())
    assert document["cells"] == [["a", 0.0, None], ["b", 1.5, "a"]]


def test_repr():
    assert repr(flood(wf.Grid.from_ascii("..#"), (0, 0))) == \
        "DistanceField(kind='grid', reachable=2, max_cost=None)"


def test_a_partial_field_stays_partial_through_a_file(tmp_path):
    import numpy as np

    import wayfinding as wf

    grid = wf.Grid(np.ones((60, 60), dtype=bool))
    partial = wf.flood(grid, (0, 0), max_seconds=0)
    assert not partial.complete
    partial.save(tmp_path / "partial.npz")
    assert not wf.DistanceField.load(tmp_path / "partial.npz").complete
    whole = wf.flood(grid, (0, 0))
    whole.save(tmp_path / "whole.npz")
    assert wf.DistanceField.load(tmp_path / "whole.npz").complete
    graph = wf.SimpleGraph({"a": ["b"]})
    field = wf.flood(graph, "a", max_seconds=0)
    field.save(tmp_path / "graph.json")
    assert wf.DistanceField.load(tmp_path / "graph.json").complete is field.complete


@pytest.mark.parametrize(("cost", "parent", "expected"), [
    ([[0.0, 1.0, 1.0]], [[-1, 2, 1]], "the parent links from cell (1, 0) form a cycle"),
    ([[1.0, 1.0, 1.0, 0.0]], [[1, 2, 1, -1]], "the parent links from cell (0, 0) form a cycle"),
    ([[0.0, 1.0], [1.0, 1.4]], [[-1, 0], [0, 1]], None),
    ([[2.0, 2.0], [2.0, 2.0]], [[1, 3], [-1, 2]], None),  # ties that end at a root
], ids=["two-cells", "chain-into-cycle", "tree", "tied-tree"])
def test_grid_field_cycles_are_found(cost, parent, expected):
    from wayfinding.fields._fieldio import check_grid_field

    assert check_grid_field(np.array(cost), np.array(parent), math.nan) == expected
