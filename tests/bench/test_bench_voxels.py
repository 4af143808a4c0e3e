"""``wayfinding bench`` on 3-D voxel scenarios (``.3dmap`` / ``.3dscen``): every path
checked independently, costs compared with the file's optima; the Warframe maps of
../shared/warframe sampled when they are there (the full run: benchmarks/warframe.py)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest

import wayfinding as wf
from wayfinding.bench.cli import main
from wayfinding.bench.voxels import VoxelChecker, check_voxel_path, voxel_components
from wayfinding.io.voxelmap import parse_3dmap

WARFRAME = Path(os.environ.get("WAYFINDING_SHARED", Path(__file__).resolve().parents[2] / ".."
                               / "shared")) / "warframe"

MAP = "voxel 3 2 2\n1 0 0\n1 1 0\n"  # a wall across x = 1 at z = 0
SCEN = ("version 1\nm.3dmap\n"
        "0 0 0 2 0 0 4.00000000 2.0\n"  # up, over the wall, down: no diagonal fits
        "0 0 0 0 1 1 1.41421356 1.0\n")


def _write(folder: Path, scen: str = SCEN) -> Path:
    (folder / "m.3dmap").write_text(MAP)
    (folder / "m.3dmap.3dscen").write_text(scen)
    return folder


def test_optimum_of_the_tiny_map():
    grid = parse_3dmap(MAP)
    assert wf.dijkstra(grid, (0, 0, 0), (2, 0, 0)).cost == 4.0


def test_bench_checks_voxel_scenarios(tmp_path, capsys):
    folder = _write(tmp_path)
    report = tmp_path / "r.json"
    code = main([str(folder), "--no-progress", "--json", str(report), "--algorithm",
                 "dijkstra"])
    assert code == 0, capsys.readouterr()
    total = json.loads(report.read_text())["total"]["dijkstra"]
    assert (total["queries"], total["optimal"]) == (2, 2)


def test_bench_reports_a_wrong_optimum(tmp_path, capsys):
    folder = _write(tmp_path, SCEN.replace("4.00000000", "3.41421356"))
    assert main([str(folder), "--no-progress"]) == 1
    out, err = capsys.readouterr()
    assert "cost 4.00000000 but the optimum is 3.41421356" in out + err


@pytest.mark.parametrize("path, problem", [
    (None, "no path returned"),
    ([(0, 0, 0), (2, 0, 0)], "not a move to a neighbouring voxel"),
    ([(0, 0, 0), (1, 0, 1), (2, 0, 0)], "passes the blocked voxel (1, 0, 0)"),
    ([(0, 0, 0), (1, 0, 0), (2, 0, 0)], "(1, 0, 0) is outside the map or blocked"),
    ([(0, 0, 1), (1, 0, 1)], "starts at (0, 0, 1)"),
    ([(0, 0, 0), (0, 0, 1)], "ends at (0, 0, 1)"),
    ([(0, 0)], "non-empty sequence of (x, y, z)"),
])
def test_the_check_finds_bad_paths(path, problem):
    passable = parse_3dmap(MAP).passable_mask
    check = check_voxel_path(passable, (0, 0, 0), (2, 0, 0), path)
    assert not check.valid and problem in check.problem


def test_checker_components_and_mismatch():
    passable = np.ones((1, 1, 3), bool)
    passable[0, 0, 1] = False
    checker = VoxelChecker(passable)
    assert not checker.connected((0, 0, 0), (2, 0, 0))
    assert checker.mismatch((1, 0, 0), (2, 0, 0)).endswith("(1, 0, 0) is blocked")
    assert checker.mismatch((0, 0, 0), (5, 0, 0)).endswith("(5, 0, 0) is off it")
    assert voxel_components(passable).tolist() == [[[1, 0, 2]]]


@pytest.mark.skipif(not (WARFRAME / "Simple.3dmap").is_file() or
                    (WARFRAME / "Simple.3dmap").stat().st_size == 0,
                    reason=f"the Warframe 3-D maps are not at {WARFRAME}")
@pytest.mark.parametrize("algorithm", ["astar", "dijkstra"])
def test_sampled_warframe_scenarios_are_optimal(tmp_path, capsys, algorithm):
    report = tmp_path / "r.json"
    code = main([str(WARFRAME / "Simple.3dmap.3dscen"), "--maps", str(WARFRAME), "--sample",
                 "10", "--algorithm", algorithm, "--json", str(report), "--no-progress"])
    assert code == 0, capsys.readouterr()
    total = json.loads(report.read_text())["total"][algorithm]
    assert (total["queries"], total["optimal"]) == (10, 10)
