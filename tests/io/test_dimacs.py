"""DIMACS .gr / .co reading and writing."""

from __future__ import annotations

import numpy as np
import pytest

import wayfinding as wf
from wayfinding.errors import MapFormatError
from wayfinding.io import dimacs

GR = "\ufeffc sample\r\np sp 4 4\r\n\r\na 1 2 3\na 2 3 4  \na 3 1 1\na 1 3 9\n"
CO = "c coords\np aux sp co 4\nv 1 0 0\nv 2 3000000 0\nv 3 3000000 4000000\nv 4 -1 -1\n"


def test_read_write_round_trip(tmp_path):
    (tmp_path / "g.gr").write_bytes(GR.encode("utf-8"))
    (tmp_path / "g.co").write_text(CO)
    g = dimacs.read_dimacs(tmp_path / "g.gr", tmp_path / "g.co", coordinate_scale=1e-6)
    assert g.node_count == 4 and g.edge_count == 4
    assert wf.astar(g, 0, 2).cost == 7.0
    assert g.coordinates[2].tolist() == [3.0, 4.0]
    dimacs.write_dimacs(g, tmp_path / "h.gr", tmp_path / "h.co", coordinate_scale=1e-6)
    h = dimacs.read_dimacs(tmp_path / "h.gr", tmp_path / "h.co", coordinate_scale=1e-6)
    assert np.array_equal(h.indptr, g.indptr) and np.array_equal(h.costs, g.costs)
    assert np.allclose(h.coordinates, g.coordinates)


def test_decimal_costs_round_trip():
    g = wf.CSRGraph.from_edges(np.array([0]), np.array([1]), [2.5])
    assert dimacs.parse_gr(dimacs.format_gr(g)).costs.tolist() == [2.5]
    with pytest.raises(MapFormatError, match="no coordinates to write"):
        dimacs.format_co(g)


@pytest.mark.parametrize("text, match", [
    ("a 1 2 3\n", "line 1: an arc before the problem line"),
    ("p sp 2 1\np sp 2 1\n", "line 2: a second problem line"),
    ("p sp 2\n", "line 1: expected a problem line 'p sp'"),
    ("p sp 2 -1\n", "line 1: counts must be >= 0"),
    ("p sp x 1\n", "line 1: a count must be a whole number, got 'x'"),
    ("p sp 2 1\na 1 2\n", "line 2: an arc is 'a U V W'"),
    ("p sp 2 1\na 1 3 1\n", "line 2: node 3 is outside 1..2"),
    ("p sp 2 1\na 1 2 -4\n", "line 2: an arc cost must be >= 0"),
    ("p sp 2 1\na 1 2 nan\n", "line 2: an arc cost must be finite"),
    ("p sp 2 1\na 1 2 w\n", "line 2: an arc cost must be a number, got 'w'"),
    ("p sp 2 1\nx 1 2 1\n", "line 2: unknown line type 'x'"),
    ("p sp 2 2\na 1 2 1\n", "announces 2 arcs, found 1"),
    ("c nothing\n", "no problem line 'p sp N M'"),
])
def test_gr_errors_name_file_and_line(text, match):
    with pytest.raises(MapFormatError, match=match):
        dimacs.parse_gr(text, "roads.gr")


@pytest.mark.parametrize("text, match", [
    ("v 1 0 0\n", "line 1: a node before the problem line"),
    ("p aux sp co 1\np aux sp co 1\n", "line 2: a second problem line"),
    ("p aux sp co 1\nv 1 0\n", "line 2: a node is 'v ID X Y'"),
    ("p aux sp co 1\nv 2 0 0\n", "line 2: node 2 is outside 1..1"),
    ("p aux sp co 1\nv 1 0 0\nv 1 0 0\n", "line 3: node 1 has coordinates twice"),
    ("p aux sp co 2\nv 1 0 0\n", "node 2 has no coordinates"),
    ("p aux sp co 1\nq 1 0 0\n", "line 2: unknown line type 'q'"),
    ("c\n", "no problem line 'p aux sp co N'"),
])
def test_co_errors_name_file_and_line(text, match):
    with pytest.raises(MapFormatError, match="roads.co.*" + match):
        dimacs.parse_co(text, "roads.co")


@pytest.mark.parametrize(("parse", "text", "match"), [
    (dimacs.parse_gr, "p sp 200000000 0\n", r"declares 200000000 nodes, more than this file "
                                            r"can hold \(at most 65553\)"),
    (dimacs.parse_gr, "p sp 1000000000000 0\n", "declares 1000000000000 nodes"),
    (dimacs.parse_gr, "p sp 2 100000000000\na 1 2 3\n", "declares 100000000000 arcs"),
    (dimacs.parse_co, "p aux sp co 1000000000000\nv 1 0 0\n", "declares 1000000000000 nodes"),
    (dimacs.parse_co, "p aux sp co 3\nv 1 0 0\n", r"declares 3 nodes.*\(at most 2\) \(each "),
], ids=["gr-nodes", "gr-more-nodes", "gr-arcs", "co-nodes", "co-few"])
def test_problem_lines_declaring_more_than_the_file_holds_are_refused(parse, text, match):
    # issue 27 item 5: a 17-byte file 'p sp 200000000 0' cost 3.3 GB and 6 s; 'p sp
    # 1000000000000 0' raised MemoryError
    with pytest.raises(MapFormatError, match=rf"x, line 1: .*{match}"):
        parse(text, "x")


def test_isolated_nodes_within_the_spare_count_are_fine():
    g = dimacs.parse_gr("p sp 1000 1\na 1 2 3\n")
    assert g.node_count == 1000 and wf.dijkstra(g, 0, 999).path is None


@pytest.mark.parametrize("content", [b"p sp 2 1\na 1 2 3\n\x00", b"\x00" * 10])
def test_a_file_holding_a_nul_byte_is_no_text(tmp_path, content):
    (tmp_path / "g.gr").write_bytes(content)
    with pytest.raises(MapFormatError, match=r"g\.gr: holds a NUL byte at offset \d+: not a "
                                             "text file"):
        dimacs.read_dimacs(tmp_path / "g.gr")
