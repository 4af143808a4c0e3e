"""Fuzz the file loaders: thousands of corrupted prepared-grid, distance-field and
landmarks (grid and CSR) files.

Each file is loaded and used in a subprocess (tests/file_worker.py, a few batches, its
address space capped 1 GiB above its size after warm-up): the process must not crash,
every answer must be a WayfindingError naming the file or a valid path (checked without
the library; with landmarks, an optimal one: their lower bounds must be admissible), and
memory must stay bounded. Corruptions are
random byte damage (bit flips, truncation, junk) and array-level ones written as proper
archives: shuffled, out-of-range and non-finite values, swapped, missing, extra and
retyped members, huge declared shapes, and consistent tampering (scaled weights, label
entries removed with the offsets kept right, parents moved to neighbours, tied cycles,
landmark distances scaled by 10 or 0.5 or one of them moved).
"""

from __future__ import annotations

import io
import json
import math
import os
import subprocess
import sys
import warnings
import zipfile

import numpy as np
import pytest

import wayfinding as wf
import wayfinding.grid.prepared.prepared as prepared_module
from wayfinding.grid.prepared import prepare

WORKER = os.path.join(os.path.dirname(__file__), "file_worker.py")
ROOMS = [
    "....................",
    ".######..#####..###.",
    ".#....#..#...#..#...",
    ".#....####...####.#.",
    ".#................#.",
    ".######..#####..###.",
    "....................",
    ".##.##.##.##.##.##..",
    "....................",
    "..#....#....#....#..",
]


def random_rows(rng: np.random.Generator, width: int, height: int, density: float):
    walls = rng.random((height, width)) < density
    return ["".join("#" if wall else "." for wall in row) for row in walls]


def grid_of(rows):
    return wf.Grid.from_ascii("\n".join(rows), diagonal=True)


def queries(rng, rows, count=6):
    cells = [(x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c != "#"]
    grid = grid_of(rows)
    pairs, optima = [], []
    for _ in range(count):
        a, b = (cells[i] for i in rng.choice(len(cells), 2, replace=False))
        pairs.append([a, b])
        optima.append(wf.astar(grid, a, b).cost)
    return pairs, optima


def arrays_of(path):
    with np.load(path) as data:
        return {key: data[key] for key in data.files}


def huge_member(name: str, shape: tuple[int, ...]) -> bytes:
    """A .npy member whose header declares ``shape`` (float64) over a few bytes."""
    out = io.BytesIO()
    np.lib.format.write_array_header_1_0(
        out, {"descr": "<f8", "fortran_order": False, "shape": shape})
    return out.getvalue() + bytes(64)


def write_arrays(path, arrays, compressed, extra=None):
    with open(path, "wb") as handle:  # a name: numpy would add ".npz"
        (np.savez_compressed if compressed else np.savez)(handle, **arrays)
    if extra is not None:
        with warnings.catch_warnings(), zipfile.ZipFile(path, "a") as archive:
            warnings.simplefilter("ignore")  # a duplicate name is one of the corruptions
            archive.writestr(extra[0], extra[1])


INT_VALUES = (-1, -2, 0, 1, 2**31 - 1, -(2**31))
FLOAT_VALUES = (math.nan, math.inf, -math.inf, -1.0, 0.0, 1e308, 0.5)


def array_corruption(rng, base, n, compressed, kind):
    """One array-level corruption of ``base`` (dict of arrays): (arrays, extra, how)."""
    arrays = {key: value.copy() for key, value in base.items()}
    keys = [key for key, value in arrays.items() if value.ndim >= 1 and value.size]
    choice = int(rng.integers(11))
    key = str(rng.choice(keys))
    value = arrays[key]
    extra = None
    if choice == 0:
        arrays[key] = rng.permutation(value)
        how = f"shuffled {key}"
    elif choice in (1, 2):
        flat = value.reshape(-1)
        picks = rng.integers(flat.size, size=int(rng.integers(1, 4)))
        if flat.dtype.kind == "f":
            options = (*FLOAT_VALUES, *(flat[picks] * 2), n, n - 1)
        else:
            options = (*INT_VALUES, n, n - 1, n + 1, *(flat[picks] + 1))
        flat[picks] = rng.choice(np.array(options, dtype=flat.dtype), size=picks.size)
        how = f"values changed in {key}"
    elif choice == 3:
        other = str(rng.choice([k for k in keys if k != key]))
        arrays[key], arrays[other] = arrays[other], arrays[key]
        how = f"swapped {key} and {other}"
    elif choice == 4:
        del arrays[key]
        how = f"dropped {key}"
    elif choice == 5:
        extra = (str(rng.choice(["extra.npy", "notes.txt", f"{key}.npy"])), bytes(100))
        how = f"extra member {extra[0]}"
    elif choice == 6:
        with np.errstate(invalid="ignore", over="ignore"):
            arrays[key] = value.astype(rng.choice([np.int64, np.float32, np.int16,
                                                    np.uint32, np.float64, np.int32]))
        how = f"{key} retyped"
    elif choice == 7:
        cut = int(rng.integers(value.shape[0] + 3))
        arrays[key] = (value[:cut] if cut <= value.shape[0]
                       else np.concatenate([value, value[: cut - value.shape[0]]]))
        how = f"{key} resized to {cut}"
    elif choice == 8:
        extra = (f"{key}.npy", huge_member(key, (10 ** 9, *value.shape[1:])))
        del arrays[key]
        how = f"{key} declares a huge shape"
    elif choice == 9:
        arrays[key] = np.array([1, "x"], dtype=object)
        how = f"{key} holds objects"
    else:
        arrays, how = consistent_tampering(rng, arrays, kind)
    return arrays, extra, how


def consistent_tampering(rng, arrays, kind):
    """Changes that keep the arrays well formed (and some of the checks satisfied)."""
    if kind.endswith("landmarks"):
        tables = ["table"] if kind == "grid-landmarks" else ["from_landmarks", "to_landmarks"]
        which = int(rng.integers(3))
        if which < 2:  # every distance scaled (x10 made A* answer 67.0 for 36.0)
            factor = (10.0, 0.5)[which]
            for key in tables:
                arrays[key] = arrays[key] * factor
            return arrays, f"distances scaled by {factor}"
        key = str(rng.choice(tables))
        finite = np.flatnonzero(np.isfinite(arrays[key]) & (arrays[key] != 0))
        arrays[key].reshape(-1)[rng.choice(finite)] += float(rng.choice([1.0, -0.5]))
        return arrays, f"one distance of {key} moved"
    if kind == "field":
        cost, parent = arrays["cost"], arrays["parent"]
        h, w = cost.shape
        reached = np.argwhere(np.isfinite(cost))
        y, x = reached[rng.integers(len(reached))]
        dy, dx = rng.integers(-1, 2, size=2)
        ny, nx = min(max(y + dy, 0), h - 1), min(max(x + dx, 0), w - 1)
        which = int(rng.integers(4))
        if which == 0:
            parent[y, x] = ny * w + nx
            return arrays, "parent moved to a neighbour"
        if which == 1:  # a two-cell cycle of equal cost
            cost[ny, nx] = cost[y, x]
            parent[y, x], parent[ny, nx] = ny * w + nx, y * w + x
            return arrays, "tied cycle"
        if which == 2:
            parent[:] = -1
            return arrays, "every cell a start"
        cost[y, x] = cost[y, x] - 1.5
        return arrays, "cost lowered"
    which = int(rng.integers(3))
    if which == 0:
        for key in ("up_w", "core_w"):
            arrays[key] = arrays[key] * 2
        arrays["label_hd"][:, 1] *= 2
        return arrays, "weights doubled"
    if which == 1 and arrays["up_low"].size:
        shortcuts = np.flatnonzero(arrays["up_low"] >= 0)
        if shortcuts.size:
            e = rng.choice(shortcuts)
            arrays["up_low"][e], arrays["up_high"][e] = arrays["up_high"][e], arrays[
                "up_low"][e]
            return arrays, "shortcut halves swapped"
    # drop label entries nobody's chain needs, keeping label_start right
    start, hd, edge = arrays["label_start"], arrays["label_hd"], arrays["label_edge"]
    keep = np.ones(hd.shape[0], bool)
    keep[rng.integers(hd.shape[0], size=max(1, hd.shape[0] // 4))] = False
    keep[np.diff(start) .cumsum() - 1] = True  # every node keeps itself
    owner = np.repeat(np.arange(start.shape[0] - 1), np.diff(start))
    arrays["label_start"] = np.concatenate(([0], np.bincount(
        owner[keep], minlength=start.shape[0] - 1).cumsum())).astype(np.int64)
    arrays["label_hd"], arrays["label_edge"] = hd[keep], edge[keep]
    return arrays, "label entries dropped"


def byte_corruption(rng, data: bytes):
    data = bytearray(data)
    choice = int(rng.integers(4))
    if choice == 0:
        for _ in range(int(rng.integers(1, 17))):
            i = int(rng.integers(len(data)))
            data[i] ^= 1 << int(rng.integers(8))
        return bytes(data), "bit flips"
    if choice == 1:
        return bytes(data[: int(rng.integers(len(data)))]), "truncated"
    if choice == 2:
        i = int(rng.integers(len(data)))
        j = min(len(data), i + int(rng.integers(1, 200)))
        data[i:j] = rng.integers(256, size=j - i, dtype=np.uint8).tobytes()
        return bytes(data), "junk written"
    return bytes(data) + rng.integers(256, size=50, dtype=np.uint8).tobytes(), "junk appended"


def road_graph(rng):
    """A random undirected CSR graph of 60 nodes, and its manifest entry (edges, queries
    and optima for the worker, which builds the same graph)."""
    n = 60
    src, dst = rng.integers(n, size=200).tolist(), rng.integers(n, size=200).tolist()
    costs = rng.integers(1, 12, size=200).astype(float).tolist()
    graph = wf.CSRGraph.from_edges(src, dst, costs, nodes=range(n), directed=False)
    pairs = [[int(a), int(b)] for a, b in rng.integers(n, size=(8, 2))]
    optima = [wf.dijkstra(graph, a, b).cost for a, b in pairs]
    return graph, {"n": n, "edges": [src, dst, costs], "queries": pairs, "optima": optima}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    rng = np.random.default_rng(20261123)
    folder = tmp_path_factory.mktemp("fuzz")
    grids = {"rooms": ROOMS, "random": random_rows(rng, 18, 14, 0.25),
             "open": random_rows(rng, 12, 10, 0.1)}
    manifest = {"grids": {}, "files": [], "warm_up": []}
    for name, rows in grids.items():
        pairs, optima = queries(rng, rows)
        manifest["grids"][name] = {"rows": rows, "queries": pairs, "optima": optima}
    bases = []  # (kind, grid, path of the good file, compressed)
    for name, limit in (("rooms", None), ("random", None), ("open", -1)):
        old = prepared_module.MAX_HIERARCHY_EDGES
        if limit is not None:  # no hierarchy: every subgoal in the core
            prepared_module.MAX_HIERARCHY_EDGES = limit
        try:
            prepared = prepare(grid_of(grids[name]))
        finally:
            prepared_module.MAX_HIERARCHY_EDGES = old
        path = folder / f"{name}.prepared"
        prepared.save(path)
        bases.append(("prepared", name, path, False, prepared.subgoals))
    for name, starts, diagonal, limit in (("rooms", [(0, 0)], True, None),
                                          ("random", None, False, None),
                                          ("open", None, True, 6.0)):
        rows = grids[name]
        grid = wf.Grid.from_ascii("\n".join(rows), diagonal=diagonal)
        if starts is None:
            cells = [(x, y) for y, row in enumerate(rows) for x, c in enumerate(row)
                     if c != "#"]
            starts = [cells[0], cells[-1]]
        path = folder / f"{name}.field.npz"
        wf.flood(grid, starts, max_cost=limit).save(path)
        bases.append(("field", name, path, True, len(rows) * len(rows[0])))
    for name in ("rooms", "random"):
        path = folder / f"{name}.landmarks.npz"
        wf.landmarks(grid_of(grids[name]), count=4).save(path)
        bases.append(("grid-landmarks", name, path, True, len(grids[name][0])))
    graph, manifest["graph"] = road_graph(rng)
    path = folder / "graph.landmarks.npz"
    wf.landmarks(graph, count=5).save(path)
    bases.append(("csr-landmarks", "graph", path, True, graph.node_count))
    for kind, name, path, _compressed, _n in bases:
        manifest["warm_up"].append({"kind": kind, "grid": name, "path": str(path)})
    count = 0
    for round_ in range(280):
        for kind, name, path, compressed, n in bases:
            target = folder / f"{count:05d}.{'prepared' if kind == 'prepared' else 'npz'}"
            count += 1
            if round_ % 3 == 0:
                data, how = byte_corruption(rng, path.read_bytes())
                target.write_bytes(data)
            else:
                arrays, extra, how = array_corruption(rng, arrays_of(path), n, compressed,
                                                      kind)
                write_arrays(target, arrays, compressed, extra)
            manifest["files"].append({"kind": kind, "grid": name, "path": str(target),
                                      "how": how})
    return folder, manifest


def run_batches(folder, manifest, batches):
    files = manifest["files"]
    results = []
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    for b in range(batches):
        part = dict(manifest, files=files[b::batches])
        name, out = folder / f"manifest{b}.json", folder / f"result{b}.json"
        name.write_text(json.dumps(part))
        done = subprocess.run([sys.executable, WORKER, str(name), str(out)], env=env,
                              capture_output=True, text=True, timeout=600)
        last = done.stderr.strip().splitlines()[-3:]
        assert done.returncode == 0, f"worker exit {done.returncode}; last lines: {last}"
        results.append(json.loads(out.read_text()))
    return results


def test_corrupted_files_never_crash_nor_give_invalid_paths(corpus):
    folder, manifest = corpus
    assert len(manifest["files"]) >= 2000
    kinds = {item["kind"] for item in manifest["files"]}
    assert kinds == {"prepared", "field", "grid-landmarks", "csr-landmarks"}
    results = run_batches(folder, manifest, batches=3)
    invalid = [line for result in results for line in result["invalid"]]
    assert invalid == []
    counts: dict[str, int] = {}
    for result in results:
        for outcome, k in result["counts"].items():
            counts[outcome] = counts.get(outcome, 0) + k
    assert "other exception" not in counts
    assert counts.get("refused", 0) >= 1000  # most corruptions are caught at load time
    assert max(result["rss_growth_mb"] for result in results) < 150
