"""Subprocess of tests/test_file_fuzz.py: load and use many (corrupted) files.

Usage: ``python file_worker.py MANIFEST RESULT``. The manifest (JSON) lists grids as
ASCII text with queries and their optimal costs, a CSR graph as edge lists with its own,
and files with the kind and grid they belong to. After a warm-up the address space is
capped 1 GiB above the worker's size. For each file the worker loads it and, if that
works, searches it; every answer must be a WayfindingError or a valid path, checked here
cell by cell without the library (optimal with landmarks). The result (JSON) counts the
outcomes and lists every invalid answer; the peak memory growth after warm-up is reported
too. A crash shows as the exit code, and the last file named on stderr is the culprit.
"""

from __future__ import annotations

import itertools
import json
import math
import resource
import sys

import wayfinding as wf
from wayfinding.csr.landmarks import Landmarks
from wayfinding.errors import WayfindingError
from wayfinding.fields.flood import DistanceField
from wayfinding.grid.landmarks import GridLandmarks
from wayfinding.grid.prepared import PreparedGrid

SQRT2 = math.sqrt(2)


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def grid_path_problem(rows: list[str], path: list, start, goal, cost: float) -> str | None:
    """Why ``path`` is not an 8-way path without corner cutting from start to goal."""
    def free(x, y):
        return 0 <= y < len(rows) and 0 <= x < len(rows[0]) and rows[y][x] != "#"

    if not path or tuple(path[0]) != tuple(start) or tuple(path[-1]) != tuple(goal):
        return f"path does not run from {start} to {goal}"
    total = 0.0
    for (ax, ay), (bx, by) in itertools.pairwise(path):
        dx, dy = bx - ax, by - ay
        if max(abs(dx), abs(dy)) != 1 or not free(bx, by):
            return f"bad step {(ax, ay)} -> {(bx, by)}"
        if dx and dy and not (free(ax + dx, ay) and free(ax, ay + dy)):
            return f"corner cut at {(ax, ay)} -> {(bx, by)}"
        total += SQRT2 if dx and dy else 1.0
    if not math.isclose(total, cost, rel_tol=1e-9, abs_tol=1e-9):
        return f"cost {cost} but the path is {total} long"
    return None


def use_prepared(path: str, grid: wf.Grid, spec: dict) -> tuple[str, list[str]]:
    prepared = PreparedGrid.load(path, grid)
    problems = []
    outcome = "loaded"
    for (start, goal), best in zip(spec["queries"], spec["optima"], strict=True):
        try:
            result = prepared.search(tuple(start), tuple(goal))
        except WayfindingError:
            outcome = "search error"
            continue
        if result.path is None:
            if best != math.inf:
                problems.append(f"no path {start} -> {goal}, optimum {best}")
            continue
        problem = grid_path_problem(spec["rows"], result.path, start, goal, result.cost)
        if problem:
            problems.append(f"{start} -> {goal}: {problem}")
        elif result.cost > best + 1e-9:
            outcome = "longer path"
    return outcome, problems


def use_field(path: str, spec: dict) -> tuple[str, list[str]]:
    field = DistanceField.load(path)
    problems = []
    outcome = "loaded"
    width, height = len(spec["rows"][0]), len(spec["rows"])
    for y in range(height):
        for x in range(width):
            try:
                cost = field.cost_to((x, y))
                found = field.path_to((x, y))
            except WayfindingError:
                outcome = "search error"
                continue
            if found is None:
                if cost != math.inf:
                    problems.append(f"{(x, y)} costs {cost} but has no path")
                continue
            if tuple(found[-1]) != (x, y) or not math.isfinite(cost):
                problems.append(f"path to {(x, y)} ends at {found[-1]}, cost {cost}")
                continue
            costs = [field.cost_to(tuple(cell)) for cell in found]
            for (ax, ay), (bx, by) in itertools.pairwise(found):
                if max(abs(bx - ax), abs(by - ay)) != 1:
                    problems.append(f"path to {(x, y)} jumps {(ax, ay)} -> {(bx, by)}")
                    break
            if any(not math.isfinite(c) for c in costs) or any(
                    b < a for a, b in itertools.pairwise(costs)):
                problems.append(f"path to {(x, y)} has costs {costs}")
    return outcome, problems


def use_grid_landmarks(path: str, grid: wf.Grid, spec: dict) -> tuple[str, list[str]]:
    landmarks = GridLandmarks.load(path, grid)
    problems = []
    for (start, goal), best in zip(spec["queries"], spec["optima"], strict=True):
        result = wf.astar(grid, tuple(start), tuple(goal), heuristic=landmarks)
        if result.path is None and best == math.inf:
            continue
        problem = grid_path_problem(spec["rows"], result.path, start, goal, result.cost)
        if problem or not math.isclose(result.cost, best, rel_tol=1e-9):
            problems.append(f"{start} -> {goal}: {problem or result.cost} (optimum {best})")
    return "loaded", problems


def use_csr_landmarks(path: str, graph: wf.CSRGraph, spec: dict) -> tuple[str, list[str]]:
    landmarks = Landmarks.load(path, graph)
    problems = []
    for (start, goal), best in zip(spec["queries"], spec["optima"], strict=True):
        result = wf.astar(graph, start, goal, heuristic=landmarks)
        if result.cost != best:  # integer costs: exact
            problems.append(f"{start} -> {goal}: cost {result.cost}, optimum {best}")
    return "loaded", problems


def capped() -> None:
    """Cap the address space 1 GiB above its size now: a loader believing a file's sizes
    fails with MemoryError (counted as a crash) instead of taking the machine's memory."""
    with open("/proc/self/status") as status:
        size = int(status.read().split("VmSize:")[1].split()[0]) * 1024
    resource.setrlimit(resource.RLIMIT_AS, (size + 2**30, size + 2**30))


def main() -> None:
    manifest_name, result_name = sys.argv[1:3]
    with open(manifest_name) as handle:
        manifest = json.load(handle)
    grids = {key: wf.Grid.from_ascii("\n".join(spec["rows"]), diagonal=True)
             for key, spec in manifest["grids"].items()}
    spec = manifest["graph"]
    graph = wf.CSRGraph.from_edges(*spec["edges"], nodes=range(spec["n"]), directed=False)

    def use(item: dict) -> tuple[str, list[str]]:
        kind = item["kind"]
        if kind == "csr-landmarks":
            return use_csr_landmarks(item["path"], graph, manifest["graph"])
        spec = manifest["grids"][item["grid"]]
        if kind == "prepared":
            return use_prepared(item["path"], grids[item["grid"]], spec)
        if kind == "grid-landmarks":
            return use_grid_landmarks(item["path"], grids[item["grid"]], spec)
        return use_field(item["path"], spec)

    # warm up: compile and load one good file of each kind before measuring memory
    for item in manifest["warm_up"]:
        use(item)
    if sys.platform.startswith("linux"):
        capped()
    baseline = rss_mb()
    counts: dict[str, int] = {}
    invalid = []
    for item in manifest["files"]:
        print(item["path"], file=sys.stderr, flush=True)
        try:
            outcome, problems = use(item)
        except WayfindingError as error:
            outcome, problems = "refused", []
            if item["path"] not in str(error):
                problems = [f"the error does not name the file: {error}"]
        except Exception as error:
            outcome, problems = "other exception", [f"{type(error).__name__}: {error}"]
        counts[outcome] = counts.get(outcome, 0) + 1
        invalid.extend(f"{item['path']} ({item['how']}): {p}" for p in problems)
    with open(result_name, "w") as handle:
        json.dump({"counts": counts, "invalid": invalid,
                   "rss_growth_mb": rss_mb() - baseline}, handle)


if __name__ == "__main__":
    main()
