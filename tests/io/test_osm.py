"""Road graphs from OpenStreetMap files (``wayfinding.io.osm``): profiles, intersections,
one-way rules, speeds, components, osmnx graphs, and damaged files."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import numpy as np
import pytest

import wayfinding as wf
from wayfinding.errors import InvalidCostError, InvalidParameterError, MapFormatError
from wayfinding.io import osm
from wayfinding.io.osm_profiles import Mode, Profile, Weight, parse_maxspeed

pytest.importorskip("osmium")

MONACO = Path(__file__).resolve().parents[2] / ".." / "shared" / "osm" / "monaco.osm.pbf"

#: Nodes 1..6 along a meridian (about 111.2 m apart), 7 off to the east.
NODES = {1: (7.420, 43.730), 2: (7.420, 43.731), 3: (7.420, 43.732), 4: (7.420, 43.733),
         5: (7.420, 43.734), 6: (7.420, 43.735), 7: (7.421, 43.732)}


def _xml(ways, nodes=NODES):
    """An OSM XML document: ``ways`` is a list of (node ids, tags)."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<osm version="0.6">']
    for i, (lon, lat) in nodes.items():
        lines.append(f'<node id="{i}" version="1" lat="{lat}" lon="{lon}"/>')
    for w, (refs, tags) in enumerate(ways, start=100):
        lines.append(f'<way id="{w}" version="1">')
        lines += [f'<nd ref="{r}"/>' for r in refs]
        lines += [f'<tag k="{k}" v="{v}"/>' for k, v in tags.items()]
        lines.append("</way>")
    lines.append("</osm>")
    return "\n".join(lines)


def _read(tmp_path, ways, *args, **kwargs):
    path = tmp_path / "map.osm"
    path.write_text(_xml(ways))
    return osm.read(path, *args, **kwargs)


def _arcs(graph):
    return sorted((a, b) for a in graph.labels.tolist() for b in graph.neighbors(a))


def test_intersections_are_the_nodes_shape_points_the_length(tmp_path):
    ways = [([1, 2, 3, 4, 5], {"highway": "residential"}), ([3, 7], {"highway": "service"})]
    g = _read(tmp_path, ways, weight=Weight.DISTANCE)
    assert g.labels.tolist() == [1, 3, 5, 7]  # 2 and 4 are shape points
    assert _arcs(g) == [(1, 3), (3, 1), (3, 5), (3, 7), (5, 3), (7, 3)]
    assert g.cost(1, 3) == pytest.approx(222.39, abs=0.05)
    assert g.metric is wf.Metric.GREAT_CIRCLE
    assert g.coordinates[1].tolist() == [7.420, 43.732]


def test_travel_time_from_maxspeed_or_the_class_default(tmp_path):
    ways = [([1, 2], {"highway": "residential"}),
            ([2, 3], {"highway": "residential", "maxspeed": "60"}),
            ([3, 4], {"highway": "residential", "maxspeed": "30 mph"})]
    g = _read(tmp_path, ways, "car")
    metres = g.cost(1, 2) * 30 / 3.6  # residential: 30 km/h
    assert metres == pytest.approx(111.19, abs=0.05)
    assert g.cost(2, 3) == pytest.approx(metres / (60 / 3.6), rel=1e-3)
    assert g.cost(3, 4) == pytest.approx(metres / (30 * 1.609344 / 3.6), rel=1e-3)


@pytest.mark.parametrize(("tags", "arcs"), [
    ({"oneway": "yes"}, [(1, 2)]),
    ({"oneway": "-1"}, [(2, 1)]),
    ({"oneway": "no"}, [(1, 2), (2, 1)]),
    ({"junction": "roundabout"}, [(1, 2)]),
    ({"highway": "motorway"}, [(1, 2)]),
    ({"highway": "motorway", "oneway": "no"}, [(1, 2), (2, 1)]),
])
def test_one_way_rules_for_cars(tmp_path, tags, arcs):
    g = _read(tmp_path, [([1, 2], {"highway": "primary", **tags})], "car")
    assert _arcs(g) == arcs


@pytest.mark.parametrize(("mode", "arcs"), [
    (Mode.CAR, [(1, 2)]), (Mode.BICYCLE, [(1, 2), (2, 1)]), (Mode.FOOT, [(1, 2), (2, 1)])])
def test_exemptions_and_walkers_ignore_one_way(tmp_path, mode, arcs):
    tags = {"highway": "residential", "oneway": "yes", "oneway:bicycle": "no"}
    assert _arcs(_read(tmp_path, [([1, 2], tags)], mode)) == arcs


@pytest.mark.parametrize(("tags", "car", "bicycle", "foot"), [
    ({"highway": "residential"}, True, True, True),
    ({"highway": "footway"}, False, False, True),
    ({"highway": "cycleway"}, False, True, True),
    ({"highway": "motorway"}, True, False, False),
    ({"highway": "residential", "access": "private"}, False, False, False),
    ({"highway": "service", "access": "private", "motor_vehicle": "permissive"},
     True, False, False),
    ({"highway": "service", "motor_vehicle": "private", "foot": "yes"}, False, True, True),
    ({"highway": "primary", "oneway": "reversible"}, False, False, True),
    ({"building": "yes"}, False, False, False),
])
def test_who_may_use_a_way(tags, car, bicycle, foot):
    assert [Profile.of(m).allows(tags) for m in Mode] == [car, bicycle, foot]


@pytest.mark.parametrize(("value", "kmh"), [
    ("50", 50.0), ("50;70", 50.0), ("20 mph", 32.18688), ("walk", 5.0), ("none", None),
    ("signals", None), ("DE:urban", None), ("0", None), (None, None)])
def test_maxspeed_values(value, kmh):
    assert parse_maxspeed(value) == (None if kmh is None else pytest.approx(kmh))


def test_a_custom_profile(tmp_path):
    horse = Profile({"bridleway": 10, "track": 8}, ("access", "horse"), False, False, "horse")
    ways = [([1, 2], {"highway": "bridleway"}), ([2, 3], {"highway": "residential"})]
    g = _read(tmp_path, ways, horse)
    assert g.labels.tolist() == [1, 2] and g.cost(1, 2) == pytest.approx(111.19 / (10 / 3.6),
                                                                          rel=1e-3)


def test_closed_ways_missing_nodes_and_parallel_ways(tmp_path):
    ways = [([1, 2, 7, 1], {"highway": "residential"}),  # a loop: 1 is used twice
            ([1, 3], {"highway": "residential"}),
            ([1, 3], {"highway": "residential", "maxspeed": "5"}),  # parallel, slower
            ([3, 99, 4, 5], {"highway": "residential"})]  # 99 has no location: split
    g = _read(tmp_path, ways, "car")
    assert sorted(g.labels.tolist()) == [1, 3, 4, 5]  # the loop's one arc is dropped
    assert g.cost(1, 3) == pytest.approx(222.39 / (30 / 3.6), rel=1e-3)  # the cheapest
    assert g.neighbors(1) == [3]
    assert 3 not in g.neighbors(4) and 5 in g.neighbors(4)


def test_largest_strongly_connected_component(tmp_path):
    ways = [([1, 2], {"highway": "residential"}), ([2, 3], {"highway": "residential"}),
            ([3, 4], {"highway": "residential", "oneway": "yes"}),
            ([4, 5], {"highway": "residential"})]
    assert _read(tmp_path, ways).node_count == 5
    assert _read(tmp_path, ways, largest=True).labels.tolist() == [1, 2, 3]


def test_no_routable_way_is_an_empty_graph(tmp_path):
    g = _read(tmp_path, [([1, 2], {"building": "yes"})])
    assert g.node_count == 0 and g.edge_count == 0


def test_bad_xml_is_a_map_format_error(tmp_path):
    path = tmp_path / "bad.osm"
    path.write_text(_xml([([1, 2], {"highway": "residential"})])[:300])
    with pytest.raises(MapFormatError, match=r"bad\.osm.*not a readable OpenStreetMap"):
        osm.read(path)


def test_garbage_pbf_is_a_map_format_error(tmp_path):
    path = tmp_path / "bad.osm.pbf"
    path.write_bytes(b"\x00\x00\x00\x0dnot a pbf at all" * 10)
    with pytest.raises(MapFormatError, match=r"bad\.osm\.pbf"):
        osm.read(path)


def test_missing_file(tmp_path):
    with pytest.raises(FileNotFoundError, match=r"nowhere\.osm"):
        osm.read(tmp_path / "nowhere.osm")


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"profile": "tank"}, "'tank'"), ({"profile": 3}, "Profile"),
    ({"weight": "time"}, "Weight")])
def test_bad_options(tmp_path, kwargs, message):
    path = tmp_path / "x.osm"
    path.write_text(_xml([]))
    with pytest.raises(InvalidParameterError, match=message):
        osm.read(path, **kwargs)


def _osmnx_graph(crs="epsg:4326"):
    G = nx.MultiDiGraph(crs=crs)
    for i, (x, y) in NODES.items():
        G.add_node(i * 1000, x=x, y=y)
    G.add_edge(1000, 2000, length=111.0, travel_time=10.0)
    G.add_edge(1000, 2000, length=150.0, travel_time=8.0)
    G.add_edge(2000, 1000, length=111.0, travel_time=10.0)
    G.add_edge(2000, 3000, length=111.0)
    return G


def test_from_osmnx_keeps_the_cheapest_parallel_edge():
    g = osm.from_osmnx(_osmnx_graph())
    assert g.cost(1000, 2000) == 8.0 and g.metric is wf.Metric.GREAT_CIRCLE
    assert 3000 not in g.neighbors(2000)  # no travel_time: left out
    assert osm.from_osmnx(_osmnx_graph(), "length").cost(1000, 2000) == 111.0
    assert wf.astar(g, 2000, 1000).cost == 10.0


def test_from_osmnx_projected_graph_is_planar():
    assert osm.from_osmnx(_osmnx_graph("EPSG:32632")).metric is wf.Metric.EUCLIDEAN


def test_from_osmnx_errors():
    G = _osmnx_graph()
    G.add_node(1, x=1.0)
    with pytest.raises(InvalidParameterError, match="node 1 has no 'x' and 'y'"):
        osm.from_osmnx(G)
    with pytest.raises(InvalidParameterError, match="networkx graph"):
        osm.from_osmnx([1, 2])
    G = _osmnx_graph()
    G.add_edge(1000, 3000, travel_time=-1.0)
    with pytest.raises(InvalidCostError, match=r"-1\.0"):
        osm.from_osmnx(G)


@pytest.mark.skipif(not MONACO.is_file(),
                    reason=f"OpenStreetMap sample not found at {MONACO} (../shared beside "
                           "the repository)")
def test_monaco_car_graph():
    """RoutingKit's ``osm_extract`` car graph has 850 nodes and 1,467 arcs (4 self-loops and
    12 parallel arcs among them); the difference is explained in ``io/osm.py``."""
    g = osm.read(MONACO, Mode.CAR)
    assert (g.node_count, g.edge_count) == (847, 1446)
    big = osm.read(MONACO, Mode.CAR, largest=True)
    assert big.node_count == 761
    prepared = wf.prepare(big)
    nodes = np.arange(0, big.node_count, 37)
    table = prepared.table(big.labels[nodes].astype(np.int64),
                           big.labels[nodes].astype(np.int64))
    assert np.isfinite(table).all()
    for i in (0, 5):
        flood = wf.dijkstra(big, big.label(nodes[i]))
        for j, v in enumerate(nodes.tolist()):
            assert table[i, j] == pytest.approx(flood.cost_so_far[big.label(v)])


def test_truncated_pbf_is_a_map_format_error(tmp_path):
    if not MONACO.is_file():
        pytest.skip(f"OpenStreetMap sample not found at {MONACO}")
    path = tmp_path / "cut.osm.pbf"
    path.write_bytes(MONACO.read_bytes()[:200_000])
    with pytest.raises(MapFormatError, match=r"cut\.osm\.pbf.*unexpected EOF"):
        osm.read(path)
