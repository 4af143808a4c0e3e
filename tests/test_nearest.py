"""``wf.nearest_nodes`` against a brute-force search (great-circle and plane)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding.errors import InvalidParameterError

pytest.importorskip("scipy")


def _haversine(a, b):
    la1, la2 = math.radians(a[1]), math.radians(b[1])
    h = (math.sin((la2 - la1) / 2) ** 2
         + math.cos(la1) * math.cos(la2) * math.sin(math.radians(b[0] - a[0]) / 2) ** 2)
    return 2 * 6371008.8 * math.asin(math.sqrt(min(1.0, h)))


lon = st.floats(-180, 180)
lat = st.floats(-89.9, 89.9)


@given(st.lists(st.tuples(lon, lat), min_size=1, max_size=30, unique=True),
       st.lists(st.tuples(lon, lat), min_size=1, max_size=10))
def test_great_circle_nearest_matches_brute_force(nodes, points):
    g = wf.CSRGraph.from_edges([0], [0], nodes=range(len(nodes)), coordinates=nodes,
                               metric=wf.Metric.GREAT_CIRCLE)
    found, metres = wf.nearest_nodes(g, points, return_distance=True)
    for p, i, d in zip(points, found.tolist(), metres.tolist(), strict=True):
        best = min(_haversine(p, q) for q in nodes)
        assert _haversine(p, nodes[i]) == pytest.approx(best, rel=1e-6, abs=1e-3)
        assert d == pytest.approx(best, rel=1e-6, abs=1e-3)


def test_across_the_date_line():
    g = wf.CSRGraph.from_edges([0], [1], coordinates=[(179.9, 0.0), (170.0, 0.0)],
                               metric=wf.Metric.GREAT_CIRCLE)
    assert wf.nearest_nodes(g, (-179.9, 0.0)).tolist() == [0]


def test_plane_labels_and_distance():
    g = wf.CSRGraph.from_edges([10, 20], [20, 30], coordinates={10: (0, 0), 20: (3, 4),
                                                                   30: (9, 9)})
    nodes, dist = wf.nearest_nodes(g, np.array([[0.0, 1.0], [3.0, 3.0]]), return_distance=True)
    assert nodes.dtype == np.int64 and nodes.tolist() == [10, 20]
    assert dist.tolist() == [1.0, 1.0]


@pytest.mark.parametrize(("graph", "points", "message"), [
    (wf.CSRGraph.from_edges([0], [1]), [(0, 0)], "coordinates"),
    (wf.CSRGraph.from_edges([0], [1], coordinates=[(0, 0), (1, 1)]), [(0, 0, 0)], r"\(N, 2\)"),
    (wf.CSRGraph.from_edges([0], [1], coordinates=[(0, 0), (1, 1)]), [(0, math.nan)],
     "finite"),
    (wf.CSRGraph.from_edges([0], [1], coordinates=[(0, 0), (1, 1)]), "here", "pairs"),
])
def test_errors(graph, points, message):
    with pytest.raises(InvalidParameterError, match=message):
        wf.nearest_nodes(graph, points)
