"""CSR landmarks files are proven before a search trusts them (issue 27 item 5).

A landmark's row must be exactly its distances over the graph's arcs (Bellman's
equations: 0 at the landmark, elsewhere the least neighbour's distance plus the arc),
which proves the lower bounds admissible; before, a well-formed file whose distances were
multiplied by 10 was accepted and A* returned 67.0 where Dijkstra gives 36.0, and damaged
archives escaped as zipfile.BadZipFile, zlib.error or MemoryError.
"""

from __future__ import annotations

import io
import zipfile

import numpy as np
import pytest

import wayfinding as wf
from wayfinding.csr.landmarks import Landmarks
from wayfinding.errors import MapFormatError, StaleDataError


def road_graph(directed: bool = False) -> wf.CSRGraph:
    rng = np.random.default_rng(11)
    src, dst = rng.integers(40, size=160), rng.integers(40, size=160)
    return wf.CSRGraph.from_edges(src, dst, rng.integers(1, 9, size=160).astype(float),
                                  directed=directed)


@pytest.fixture
def saved(tmp_path):
    graph = road_graph()
    path = tmp_path / "lm.npz"
    wf.landmarks(graph, count=4).save(path)
    return graph, path


def arrays_of(path):
    with np.load(path) as data:
        return {key: data[key] for key in data.files}


def rewrite(path, arrays):
    with open(path, "wb") as handle:
        np.savez_compressed(handle, **arrays)
    return path


def npy(array) -> bytes:
    out = io.BytesIO()
    np.lib.format.write_array(out, array)
    return out.getvalue()


@pytest.mark.parametrize("factor", [10.0, 0.5, 1.0 + 1e-6])
@pytest.mark.parametrize("table", ["from_landmarks", "to_landmarks"])
def test_distances_that_are_not_the_graphs_are_refused(saved, tmp_path, factor, table):
    graph, path = saved
    arrays = arrays_of(path)
    arrays[table] = arrays[table] * factor
    bad = rewrite(tmp_path / "scaled.npz", arrays)
    direction = "from" if table == "from_landmarks" else "to"
    with pytest.raises(MapFormatError, match=rf"scaled\.npz: the distances {direction} "
                                             r"landmark \d+ \(node \d+\) are not the graph's"):
        Landmarks.load(bad, graph)
    unchecked = Landmarks.load(bad)  # no graph to prove them against: proven at first use
    with pytest.raises(MapFormatError, match=r"scaled\.npz: the distances"):
        wf.astar(graph, 0, 39, heuristic=unchecked)


@pytest.mark.parametrize("directed", [False, True])
def test_proven_files_give_the_optimal_costs(tmp_path, directed):
    graph = road_graph(directed)
    wf.landmarks(graph, count=6).save(tmp_path / "lm.npz")
    for loaded in (Landmarks.load(tmp_path / "lm.npz", graph),
                   Landmarks.load(tmp_path / "lm.npz")):
        costs = [wf.astar(graph, a, b, heuristic=loaded).cost for a in (0, 7) for b in (3, 39)]
        assert costs == [wf.dijkstra(graph, a, b).cost for a in (0, 7) for b in (3, 39)]


def test_a_file_of_another_graph_is_stale(saved):
    _, path = saved
    with pytest.raises(StaleDataError, match="built for another graph"):
        Landmarks.load(path, road_graph(directed=True))


@pytest.mark.parametrize(("change", "match"), [
    (lambda a: a.__setitem__("meta", np.array([1.0, 2.0])), "member 'meta' has dtype float64"),
    (lambda a: a.__setitem__("nodes", np.array([0, 99])), r"landmark nodes must lie in 0\.\.39"),
    (lambda a: a.__setitem__("nodes", np.array([0, 0, 1, 2])), "landmark nodes repeat"),
    (lambda a: a.__setitem__("nodes", np.array([None] * 4, dtype=object)),
     "member 'nodes' has dtype object"),
    (lambda a: a.__setitem__("to_landmarks", np.zeros((4, 39))),
     r"member 'to_landmarks' has shape \(4, 39\), expected \(4, 40\)"),
    (lambda a: a["from_landmarks"].__setitem__((1, 5), np.nan), "the distances from landmark 1"),
    (lambda a: a["from_landmarks"].__setitem__((0, 0), -1.0), "the distances from landmark 0"),
    (lambda a: a.__setitem__("extra", np.zeros(3)), "unexpected member 'extra.npy'"),
    (lambda a: a.pop("meta"), r"missing \['meta'\]"),
], ids=["meta-dtype", "node-range", "repeated", "objects", "shape", "nan", "negative",
        "extra", "missing"])
def test_malformed_files_are_refused(saved, tmp_path, change, match):
    graph, path = saved
    arrays = arrays_of(path)
    change(arrays)
    with pytest.raises(MapFormatError, match=match):
        Landmarks.load(rewrite(tmp_path / "bad.npz", arrays), graph)


def flipped(at):
    def damage(data: bytes) -> bytes:
        data = bytearray(data)
        data[at(bytes(data))] ^= 0xFF
        return bytes(data)
    return damage


@pytest.mark.parametrize(("damage", "match"), [
    (flipped(lambda data: data.index(b"PK\x01\x02") + 16), "damaged .*CRC"),  # the CRC
    (flipped(lambda data: data.index(b"from_landmarks.npy") + 80), "damaged|not a readable"),
    (flipped(lambda data: len(data) - 10), "not a readable .npz archive"),
    (flipped(lambda data: 3), "not a readable .npz archive|damaged"),
    (lambda data: b"not a zip", r"not a readable \.npz archive \(File is not a zip"),
], ids=["directory", "deflated-data", "end-record", "local-header", "not-a-zip"])
def test_a_damaged_file_is_a_map_format_error(saved, tmp_path, damage, match):
    graph, path = saved
    bad = tmp_path / "damaged.npz"
    bad.write_bytes(damage(path.read_bytes()))
    with pytest.raises(MapFormatError, match=r"damaged\.npz: .*" + match):
        Landmarks.load(bad, graph)


@pytest.mark.parametrize("shape", [(2**40,), (4, 2**40), (2**62, 2**62)])
def test_a_huge_declared_shape_is_refused_from_its_header(saved, tmp_path, shape):
    graph, path = saved
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(header, {"descr": "<f8", "fortran_order": False,
                                                  "shape": shape})
    bad = tmp_path / "huge.npz"
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(bad, "w") as target:
        for info in source.infolist():
            data = source.read(info.filename)
            if info.filename == "to_landmarks.npy":
                data = header.getvalue() + bytes(64)
            target.writestr(info.filename, data)
    with pytest.raises(MapFormatError, match=r"member 'to_landmarks' (declares|has) shape"):
        Landmarks.load(bad, graph)
    with pytest.raises(MapFormatError, match=r"member 'to_landmarks' (declares|has) shape"):
        Landmarks.load(bad)

