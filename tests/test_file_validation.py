"""Loaders validate before they trust: damaged, tampered and oversized files are refused.

PreparedGrid.load raises StaleDataError and DistanceField.load MapFormatError, naming
the file and what is wrong; archives that would expand to gigabytes are refused from
their headers, quickly and without the memory (measured in a subprocess).
"""

from __future__ import annotations

import io
import json
import math
import os
import subprocess
import sys
import textwrap
import zipfile
import zlib

import numpy as np
import pytest

import wayfinding as wf
from wayfinding.errors import MapFormatError, StaleDataError
from wayfinding.fields.flood import DistanceField
from wayfinding.grid.prepared import PreparedGrid, prepare

ROOMS = """
....................
.######..#####..###.
.#....#..#...#..#...
.#....####...####.#.
.#................#.
.######..#####..###.
....................
"""


def rooms():
    return wf.Grid.from_ascii(ROOMS, diagonal=True)


@pytest.fixture(scope="module")
def prepared_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("prepared") / "rooms.prepared"
    prepare(rooms()).save(path)
    return path


@pytest.fixture(scope="module")
def field_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("field") / "rooms.npz"
    wf.flood(rooms(), (0, 0)).save(path)
    return path


def arrays_of(path):
    with np.load(path) as data:
        return {key: data[key] for key in data.files}


def rewrite(path, arrays, compressed=False):
    with open(path, "wb") as handle:
        (np.savez_compressed if compressed else np.savez)(handle, **arrays)
    return path


# ---------------------------------------------------------------- prepared grids
def test_truncated_prepared_file_names_the_file(prepared_file, tmp_path):
    bad = tmp_path / "cut.prepared"
    bad.write_bytes(prepared_file.read_bytes()[:-200])
    with pytest.raises(StaleDataError, match=r"cut\.prepared' is not a prepared-grid file: "
                                             r"not a readable \.npz archive"):
        PreparedGrid.load(bad, rooms())


def test_bit_flip_in_prepared_data_is_caught_by_the_crc(prepared_file, tmp_path):
    data = bytearray(prepared_file.read_bytes())
    at = data.index(b"label_hd.npy") + 200  # inside the stored array
    data[at] ^= 0x10
    bad = tmp_path / "flipped.prepared"
    bad.write_bytes(bytes(data))
    with pytest.raises(StaleDataError, match=r"flipped\.prepared.*member 'label_hd' is "
                                             "damaged.*CRC"):
        PreparedGrid.load(bad, rooms())


def test_prepared_file_with_an_unknown_member_is_refused(prepared_file, tmp_path):
    arrays = arrays_of(prepared_file)
    arrays["payload"] = np.zeros(10)
    bad = rewrite(tmp_path / "extra.prepared", arrays)
    with pytest.raises(StaleDataError, match=r"unexpected member 'payload\.npy'"):
        PreparedGrid.load(bad, rooms())


def _shortcut(arrays):
    return int(np.flatnonzero(arrays["up_low"] >= 0)[0])


@pytest.mark.parametrize(("change", "match"), [
    (lambda a: a["up_to"].__setitem__(0, 10**6), "upward edge 0 of node .* not above it"),
    (lambda a: a["up_from"].__setitem__(3, a["up_from"][3] + 1),
     "upward edge 3 is listed under node"),
    (lambda a: a["up_low"].__setitem__(_shortcut(a), _shortcut(a)),
     "does not unpack into two edges below it"),
    (lambda a: a["up_w"].__setitem__(0, math.nan), "weight that is not its length"),
    (lambda a: a["label_hd"].__setitem__((0, 0), 1e12), "hub out of range or out of order"),
    (lambda a: a["label_hd"].__setitem__((1, 1), math.inf), "distance that is not a number"),
    (lambda a: a["label_hd"].__setitem__((1, 1), a["label_hd"][1, 1] + 1),
     "distance that is not its path's length"),
    (lambda a: a["label_edge"].__setitem__(1, 2**31 - 1), "edge that does not lead to its "
                                                           "hub"),
    (lambda a: a["label_start"].__setitem__(2, 10**6), "label_start must run from 0"),
    (lambda a: a["up_start"].__setitem__(1, -5), "up_start must run from 0"),
    (lambda a: a.__setitem__("core_start", np.zeros(3, dtype=np.int64)),
     "core node 1 owns upward edges"),
    (lambda a: a.__setitem__("cells", a["cells"][::-1] + 1), "cells are not the grid's"),
    (lambda a: a.__setitem__("up_to", a["up_to"][:-1]), "arrays of different lengths"),
    (lambda a: a.__setitem__("up_to", a["up_to"].astype(np.int64)),
     "member 'up_to' has dtype int64, expected int32"),
    (lambda a: a.__setitem__("label_hd", np.asfortranarray(a["label_hd"])),
     "member 'label_hd' is in Fortran order"),
    (lambda a: a.__setitem__("cells", a["cells"].astype(">i8")), "member 'cells' has dtype"),
    (lambda a: a.__setitem__("edges", np.array([1, "x"], dtype=object)),
     "member 'edges' has dtype object"),
], ids=["up_to", "up_from", "shortcut-cycle", "nan-weight", "hub", "inf-distance",
        "label-distance", "label-edge", "label_start", "up_start", "core", "cells",
        "lengths", "dtype", "fortran", "byte-order", "object"])
def test_tampered_prepared_files_are_refused(prepared_file, tmp_path, change, match):
    arrays = arrays_of(prepared_file)
    change(arrays)
    bad = rewrite(tmp_path / "tampered.prepared", arrays)
    with pytest.raises(StaleDataError, match=match):
        PreparedGrid.load(bad, rooms())


def test_consistently_tampered_labels_still_give_valid_optimal_paths(prepared_file,
                                                                     tmp_path):
    # every label keeps only the node itself: well formed, but no hub in common
    arrays = arrays_of(prepared_file)
    last = np.diff(arrays["label_start"]).cumsum() - 1
    arrays["label_hd"], arrays["label_edge"] = (arrays["label_hd"][last],
                                                arrays["label_edge"][last])
    arrays["label_start"] = np.arange(last.shape[0] + 1, dtype=np.int64)
    grid = rooms()
    loaded = PreparedGrid.load(rewrite(tmp_path / "bare.prepared", arrays), grid)
    result = loaded.search((0, 0), (19, 6))
    assert result.cost == pytest.approx(wf.astar(grid, (0, 0), (19, 6)).cost)
    assert loaded.fallbacks == 1


# ---------------------------------------------------------------- distance fields
@pytest.mark.parametrize(("change", "match"), [
    (lambda c, p: p.__setitem__((0, 3), 0), r"parent 0 of cell \(3, 0\) is not one of its "
                                           "neighbours"),
    (lambda c, p: p.__setitem__((0, 1), 1), r"parent 1 of cell \(1, 0\) is not one of its "
                                           "neighbours"),
    (lambda c, p: p.__setitem__((0, 1), 21), r"parent 21 of cell \(1, 0\) was not reached"),
    (lambda c, p: c.__setitem__((0, 2), 0.5), r"parent 1 of cell \(2, 0\) costs more"),
    (lambda c, p: (c.__setitem__((0, 2), 1.0), p.__setitem__((0, 1), 2)),
     r"the parent links from cell \(1, 0\) form a cycle"),
], ids=["far", "itself", "unreached", "dearer", "cycle"])
def test_tampered_grid_fields_are_refused(field_file, tmp_path, change, match):
    arrays = arrays_of(field_file)
    change(arrays["cost"], arrays["parent"])
    bad = rewrite(tmp_path / "bad.npz", arrays, compressed=True)
    with pytest.raises(MapFormatError, match=match):
        DistanceField.load(bad)


def test_field_with_an_unknown_member_is_refused(field_file, tmp_path):
    arrays = arrays_of(field_file)
    arrays["evil"] = np.zeros(3)
    with pytest.raises(MapFormatError, match=r"bad\.npz: unexpected member 'evil\.npy'"):
        DistanceField.load(rewrite(tmp_path / "bad.npz", arrays, compressed=True))


@pytest.mark.parametrize(("cells", "match"), [
    ([["a", 0, "b"], ["b", 0, "a"]], "the parent links from 'a' form a cycle"),
    ([["a", "NaN", None]], "cost nan of 'a' is not a finite number"),
    ([["a", 5, None], ["b", 1, "a"]], "parent 'a' of 'b' costs more than it"),
], ids=["cycle", "nan", "dearer"])
def test_tampered_graph_fields_are_refused(tmp_path, cells, match):
    path = tmp_path / "graph.json"
    path.write_text(json.dumps({"format": "wayfinding.DistanceField", "version": 1,
                                "max_cost": None, "cells": cells}).replace('"NaN"', "NaN"))
    with pytest.raises(MapFormatError, match=match):
        DistanceField.load(path)


# ---------------------------------------------------------------- memory bombs
class _Repeat:
    """Stand-in for zipfile's compressor: zeros compressed once, the block repeated.

    Each block ends with a full flush, so blocks decompress independently and a stream
    of them is valid: a gigabyte of zeros is written in a second or two."""

    def __init__(self, chunk: bytes) -> None:
        self.chunk = chunk
        self.block = self._once(chunk)

    @staticmethod
    def _once(data) -> bytes:
        compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
        return compressor.compress(data) + compressor.flush(zlib.Z_FULL_FLUSH)

    def compress(self, data) -> bytes:
        return self.block if data is self.chunk else self._once(data)

    def flush(self) -> bytes:
        return zlib.compressobj(9, zlib.DEFLATED, -15).flush()


def add_bomb(archive: zipfile.ZipFile, name: str, shape: tuple[int, ...],
             descr: str = "<f8") -> None:
    """A deflated member of ``shape`` (float64 unless ``descr`` says otherwise), all zeros
    (1.15 GB in about 1.1 MB)."""
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(
        header, {"descr": descr, "fortran_order": False, "shape": shape})
    chunk = bytes(1 << 24)
    left = math.prod(shape) * np.dtype(descr).itemsize
    info = zipfile.ZipInfo(name)
    info.compress_type = zipfile.ZIP_DEFLATED
    original = zipfile._get_compressor
    zipfile._get_compressor = lambda *args, **kwargs: _Repeat(chunk)
    try:
        with archive.open(info, "w", force_zip64=True) as member:
            member.write(header.getvalue())
            while left:
                piece = chunk if left >= len(chunk) else bytes(left)
                member.write(piece)
                left -= len(piece)
    finally:
        zipfile._get_compressor = original


def bomb_file(path, arrays, name, shape):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for key, value in arrays.items():
            if f"{key}.npy" != name:
                buffer = io.BytesIO()
                np.lib.format.write_array(buffer, value)
                archive.writestr(f"{key}.npy", buffer.getvalue())
        add_bomb(archive, name, shape)
    return path


LOAD_AND_MEASURE = textwrap.dedent("""
    import json, resource, sys, time
    import wayfinding as wf
    from wayfinding.errors import WayfindingError
    from wayfinding.grid.prepared import PreparedGrid
    from wayfinding.fields.flood import DistanceField
    kind, good, bad, ascii = sys.argv[1:5]
    grid = wf.Grid.from_ascii(ascii, diagonal=True)
    load = ((lambda p: PreparedGrid.load(p, grid)) if kind == "prepared"
            else DistanceField.load)
    load(good)  # warm up: imports, compiled kernels
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    begin = time.perf_counter()
    try:
        load(bad)
        outcome = "loaded"
    except WayfindingError as error:
        outcome = str(error)
    except MemoryError:
        outcome = "MemoryError"
    grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    print(json.dumps([outcome, grown, time.perf_counter() - begin]))
""")


@pytest.mark.parametrize(("kind", "name", "shape", "match"), [
    ("prepared", "label_hd.npy", (72_000_000, 2), "member 'label_hd' declares"),
    ("prepared", "zzz.npy", (144_000_000,), "unexpected member 'zzz.npy'"),
    ("field", "cost.npy", (12_000, 12_000), "member 'cost' declares"),
    ("field", "junk.npy", (144_000_000,), "unexpected member 'junk.npy'"),
], ids=["prepared-member", "prepared-extra", "field-member", "field-extra"])
def test_small_file_hiding_a_gigabyte_is_refused_quickly(prepared_file, field_file,
                                                         tmp_path, kind, name, shape, match):
    good = prepared_file if kind == "prepared" else field_file
    bad = bomb_file(tmp_path / f"bomb.{kind}", arrays_of(good), name, shape)
    assert os.path.getsize(bad) < 2_000_000
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    done = subprocess.run([sys.executable, "-c", LOAD_AND_MEASURE, kind, str(good),
                           str(bad), ROOMS], env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    outcome, grown_mb, seconds = json.loads(done.stdout)
    assert str(bad) in outcome and match in outcome
    assert grown_mb < 50
    assert seconds < 2


# ---------------------------------------------------------------- the query kernel's guards
GUARDED_QUERIES = textwrap.dedent("""
    import json, sys
    import numpy as np
    import wayfinding as wf
    from wayfinding.grid.prepared import parts
    from wayfinding.grid.prepared import PreparedGrid, PrepareMethod, prepare
    grid = wf.Grid.from_ascii(sys.argv[1], diagonal=True)
    good = prepare(grid)
    hierarchy = good._hierarchy._replace(up_low=good._hierarchy.up_low.copy())
    shortcuts = hierarchy.up_low >= 0
    edges = np.arange(hierarchy.up_low.shape[0], dtype=np.int32)
    hierarchy.up_low[shortcuts] = edges[shortcuts]  # each shortcut unpacks into itself
    _, subgoal_id, _, clear = parts.subgoal_arrays(grid)
    subgoal_id[good._cells] = np.arange(good._cells.shape[0], dtype=np.int32)
    bad = PreparedGrid(grid, PrepareMethod.SUBGOAL_CH, 1.0, subgoal_id, clear, good._cells,
                       hierarchy, 0.0, n_edges=good.edges)
    cells = [(x, y) for y in range(grid.height) for x in range(grid.width)
             if grid.passable_mask[y, x]]
    same = 0
    for a in cells[::7]:
        for b in cells[::11]:
            same += abs(bad.search(a, b).cost - good.search(a, b).cost) < 1e-9
    print(json.dumps([bad.fallbacks, same, len(cells[::7]) * len(cells[::11])]))
""")


def test_query_kernel_stops_on_shortcuts_that_never_end():
    # data that passed no check (built in memory): the kernel must not write past its
    # buffers or loop forever; such queries fall back to jps and stay optimal
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    done = subprocess.run([sys.executable, "-c", GUARDED_QUERIES, ROOMS], env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    fallbacks, same, total = json.loads(done.stdout)
    assert fallbacks > 0 and same == total
