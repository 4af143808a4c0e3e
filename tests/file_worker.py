"""Subprocess of tests/test_file_fuzz.py: load and use many (corrupted) files.

Usage: ``python file_worker.py MANIFEST RESULT``. The manifest (JSON) lists grids as
ASCII text with queries and their optimal costs, and files with the kind and grid they
belong to. For each file the worker loads it and, if that works, searches it; every
answer must be a WayfindingError or a valid path, checked here cell by cell without the
library. The result (JSON) counts the outcomes and lists every invalid answer; the peak
memory growth after warm-up is reported too. A crash shows as the exit code, and the last
file named on stderr is the culprit.
"""

from __future__ import annotations

import itertools
import json
import math
import resource
import sys

import wayfinding as wf
from wayfinding.errors import WayfindingError
from wayfinding.fields.flood import DistanceField
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


def main() -> None:
    manifest_name, result_name = sys.argv[1:3]
    with open(manifest_name) as handle:
        manifest = json.load(handle)
    grids = {key: wf.Grid.from_ascii("\n".join(spec["rows"]), diagonal=True)
             for key, spec in manifest["grids"].items()}
    # warm up: compile and load one good file of each kind before measuring memory
    for item in manifest["warm_up"]:
        if item["kind"] == "prepared":
            use_prepared(item["path"], grids[item["grid"]], manifest["grids"][item["grid"]])
        else:
            use_field(item["path"], manifest["grids"][item["grid"]])
    baseline = rss_mb()
    counts: dict[str, int] = {}
    invalid = []
    for item in manifest["files"]:
        print(item["path"], file=sys.stderr, flush=True)
        spec = manifest["grids"][item["grid"]]
        try:
            if item["kind"] == "prepared":
                outcome, problems = use_prepared(item["path"], grids[item["grid"]], spec)
            else:
                outcome, problems = use_field(item["path"], spec)
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
