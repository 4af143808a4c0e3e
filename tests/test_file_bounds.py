"""What a small file may make us allocate is bounded by what it holds (issue 27 item 5).

Each file is loaded in a child process whose address space is capped 1 GiB above what it
uses after its imports (so a loader that believes a file's declared sizes fails with
MemoryError instead of taking the machine's memory); the child reports the outcome, its
peak memory growth and the time taken. Before, a 2 MB CSR landmarks file cost 2.2 GB, a
1 MB grid landmarks file 3.2 GB, a 17-byte DIMACS file 3.3 GB, and ``/dev/zero`` was read
until memory ran out.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import textwrap
import zipfile

import numpy as np
import pytest

import wayfinding as wf
from wayfinding.csr.landmarks import fingerprint as csr_fingerprint
from wayfinding.grid.landmarks import grid_fingerprint

from .test_file_validation import add_bomb

#: Sizes of the callers' own data, built the same way here and in the child.
GRID_SIDE = 1024
PATH_NODES = 2**20

CHILD = textwrap.dedent("""
    import json, resource, sys, time
    import numpy as np
    import wayfinding as wf
    from wayfinding.errors import WayfindingError
    from wayfinding.csr.landmarks import Landmarks
    from wayfinding.grid.landmarks import GridLandmarks
    from wayfinding.fields.flood import DistanceField
    from wayfinding.io.dimacs import read_dimacs
    from wayfinding.io.movingai import read_map, read_scenarios
    kind, path, side, nodes = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    if kind == "grid-landmarks":
        grid = wf.Grid(np.ones((side, side), bool), diagonal=True)
        load = lambda p: GridLandmarks.load(p, grid)
        tiny = wf.Grid(np.ones((3, 3), bool), diagonal=True)
        wf.landmarks(tiny, 2)  # imports and kernels before the clock
    elif kind == "csr-landmarks-graph":
        graph = wf.CSRGraph.from_edges(np.arange(nodes - 1), np.arange(1, nodes))
        graph.reverse()
        load = lambda p: Landmarks.load(p, graph)
    else:
        load = {"csr-landmarks": Landmarks.load, "field": DistanceField.load,
                "map": read_map, "scenarios": read_scenarios, "dimacs": read_dimacs}[kind]
    size = int(open("/proc/self/status").read().split("VmSize:")[1].split()[0]) * 1024
    cap = size + 2**30
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    begin = time.perf_counter()
    try:
        load(path)
        outcome = "loaded"
    except WayfindingError as error:
        outcome = str(error)
    except MemoryError:
        outcome = "MemoryError"
    grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    print(json.dumps([outcome, grown, time.perf_counter() - begin]))
""")


def load_in_child(kind: str, path: str) -> tuple[str, float, float]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    done = subprocess.run([sys.executable, "-c", CHILD, kind, str(path), str(GRID_SIDE),
                           str(PATH_NODES)], env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    outcome, grown_mb, seconds = json.loads(done.stdout)
    return outcome, grown_mb, seconds


def npy(array: np.ndarray) -> bytes:
    out = io.BytesIO()
    np.lib.format.write_array(out, array)
    return out.getvalue()


def bomb(path, members: dict[str, np.ndarray], name: str, shape: tuple[int, ...]):
    """An archive of ``members`` plus ``name``: zeros of ``shape`` deflated (~1000x)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for key, value in members.items():
            archive.writestr(f"{key}.npy", npy(value))
        add_bomb(archive, f"{name}.npy", shape)
    return path


@pytest.fixture(scope="module")
def bombs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bombs")
    files = {}
    # CSR landmarks without a graph: 16 landmarks of 2**23 nodes, two 1 GiB tables
    count, n = 16, 2**23
    files["csr-landmarks"] = bomb(
        folder / "csr.npz", {"nodes": np.arange(count, dtype=np.int64),
                             "meta": np.array([n, 7], dtype=np.int64),
                             "to_landmarks": np.zeros((count, 1))},
        "from_landmarks", (count, n))
    # ... and for the caller's graph (a path of 2**20 nodes): 64 landmarks of zeros
    path = wf.CSRGraph.from_edges(np.arange(PATH_NODES - 1), np.arange(1, PATH_NODES))
    files["csr-landmarks-graph"] = bomb(
        folder / "csr-graph.npz", {"nodes": np.arange(64, dtype=np.int64),
                                   "meta": np.array([PATH_NODES, csr_fingerprint(path)]),
                                   "to_landmarks": np.zeros((64, PATH_NODES))},
        "from_landmarks", (64, PATH_NODES))
    # grid landmarks of the caller's open 1024x1024 grid: 128 columns of zeros, 1 GiB
    grid = wf.Grid(np.ones((GRID_SIDE, GRID_SIDE), bool), diagonal=True)
    files["grid-landmarks"] = bomb(
        folder / "grid.npz", {"format_version": np.int64(1),
                              "fingerprint": np.str_(grid_fingerprint(grid)),
                              "shape": np.array([GRID_SIDE, GRID_SIDE]),
                              "directed": np.int64(0),
                              "locations": np.stack([np.arange(128) * 8,
                                                     np.arange(128) * 8], axis=1)},
        "table", (GRID_SIDE * GRID_SIDE, 128))
    # a distance field of 2**25 cells costing 0 (their parents, zeros too, are wrong)
    files["field"] = folder / "field.npz"
    with zipfile.ZipFile(files["field"], "w", zipfile.ZIP_DEFLATED) as archive:
        for key, value in {"format": np.array("wayfinding.DistanceField"),
                           "version": np.array(1), "max_cost": np.array(np.nan)}.items():
            archive.writestr(f"{key}.npy", npy(value))
        add_bomb(archive, "cost.npy", (4096, 8192))
        add_bomb(archive, "parent.npy", (4096, 8192), "<i8")
    for name, text in (("nodes", "p sp 200000000 0\n"), ("more", "p sp 1000000000000 0\n"),
                       ("arcs", "p sp 2 100000000000\na 1 2 3\n")):
        files[f"dimacs-{name}"] = folder / f"{name}.gr"
        files[f"dimacs-{name}"].write_text(text)
    return files


@pytest.mark.parametrize(("kind", "file", "match", "most_mb"), [
    ("csr-landmarks", "csr-landmarks", "member 'from_landmarks' would expand", 50),
    ("csr-landmarks-graph", "csr-landmarks-graph", "distances from landmark 0", 100),
    ("grid-landmarks", "grid-landmarks", "member 'table' would expand", 50),
    ("field", "field", r"parent 0 of cell \(0, 0\) is not one of its neighbours", 300),
    ("dimacs", "dimacs-nodes", "declares 200000000 nodes", 50),
    ("dimacs", "dimacs-more", "declares 1000000000000 nodes", 50),
    ("dimacs", "dimacs-arcs", "declares 100000000000 arcs", 50),
], ids=["csr-landmarks", "csr-landmarks-graph", "grid-landmarks", "field", "dimacs-nodes",
        "dimacs-more-nodes", "dimacs-arcs"])
def test_small_files_declaring_much_are_refused_without_the_memory(bombs, kind, file, match,
                                                                   most_mb):
    path = bombs[file]
    assert os.path.getsize(path) < 3_000_000
    outcome, grown_mb, _ = load_in_child(kind, path)
    assert str(path) in outcome and __import__("re").search(match, outcome), outcome
    assert grown_mb < most_mb


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
@pytest.mark.parametrize("kind", ["field", "map", "scenarios", "dimacs"])
def test_an_endless_file_is_refused(kind):
    outcome, grown_mb, _ = load_in_child(kind, "/dev/zero")
    assert "/dev/zero" in outcome and "MemoryError" not in outcome, outcome
    assert grown_mb < 300
