"""Every kernel once more as plain Python (``NUMBA_DISABLE_JIT=1``).

Each group of test files runs in one subprocess with the JIT off and few hypothesis
examples, so the kernels' Python semantics (what coverage sees) are checked against the
same oracles. Tests that are slow without the JIT (dao maps, large grids, threads) are
left out. The runs start when the suite is collected (:mod:`tests.early`).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from .early import EARLY

ROOT = Path(__file__).resolve().parents[1]

GROUPS = {
    "grid searches": (["tests/grid/test_kernels.py", "tests/grid/test_landmarks.py"], None),
    "components, jps, prepared grids": (
        ["tests/grid/test_components.py", "tests/grid/test_jps.py",
         "tests/grid/test_prepared.py"], "not threads and not large"),
    "prepared-grid methods (first-move tables, JPS+)": (
        ["tests/grid/test_prepare_methods.py"],
        "not auto and not int16 and (table or jps_method or jps_plus)"),
    "fields, replanning, any-angle, turns": (
        ["tests/fields/test_flood.py", "tests/fields/test_flowfield.py",
         "tests/replan/test_dstar_lite.py", "tests/replan/test_changes.py",
         "tests/anyangle/test_sight.py", "tests/grid/test_turns.py"], "not dao"),
    "navigation meshes": (["tests/navmesh/test_oracle_grids.py", "tests/navmesh/test_mesh.py"],
                          "not fuzzed and not batch"),
    "several paths, negative costs, reachability, IDA*, corner-cutting jps": (
        ["tests/csr/test_several_paths.py", "tests/grid/test_several_paths.py"],
        "not large_graph and not grows_its_frames"),
    "csr and the toolkit": (
        ["tests/csr/test_properties.py", "tests/csr/test_build.py",
         "tests/hierarchy/test_directed.py", "tests/csr/test_prepared_queries.py",
         "tests/csr/test_single_pair.py", "tests/kernels"], None),
    "worlds (hex, voxel, wrap-around, moves of a grid's own; paged state)": (
        ["tests/grid/test_worlds.py", "tests/grid/test_worlds_properties.py",
         "tests/grid/test_worlds_tools.py", "tests/test_hex.py"], None),
}


def _command(group: str) -> list[str]:
    files, deselect = GROUPS[group]
    command = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *files]
    if deselect:
        command[-len(files):-len(files)] = ["-k", deselect]
    return command


def _options() -> dict:
    env = dict(os.environ, NUMBA_DISABLE_JIT="1", WAYFINDING_EXAMPLES="6")
    return {"cwd": ROOT, "env": env, "timeout": 900}


def start_early(item: pytest.Item) -> None:
    """Called by conftest.py: the group's run starts beside the rest of the suite."""
    group = item.callspec.params["group"]
    EARLY.submit(f"nojit {group}", _command(group), **_options())


@pytest.mark.parametrize("group", list(GROUPS))
def test_kernel_tests_pass_without_jit(group):
    run = EARLY.run(f"nojit {group}", _command(group), **_options())
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert " passed" in run.stdout
