"""Cross-cutting checks: Grid subclasses, import cost, corrupt files, threads."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

import wayfinding as wf
from wayfinding.anyangle import line_of_sight, smooth_path, theta_star
from wayfinding.errors import (
    InvalidCostError,
    InvalidLocationError,
    InvalidParameterError,
    MapFormatError,
    UnsupportedGridError,
)
from wayfinding.fields import DistanceField, flood, flow_field
from wayfinding.grid.turns import astar_turns
from wayfinding.replan import DStarLite, path_blocked

ROOT = Path(__file__).resolve().parents[1]


class OneWay(wf.Grid):
    """A grid whose units may only move east (its own neighbours)."""

    def neighbors(self, location):
        x, y = location
        return [(x + 1, y)] if self.passable((x + 1, y)) else []


def test_flood_follows_a_subclass_own_rules():
    grid = OneWay(np.ones((1, 4), bool))
    field = flood(grid, (1, 0))
    assert field.cost_to((3, 0)) == 2.0 and field.cost_to((0, 0)) == float("inf")
    with pytest.raises(InvalidLocationError, match=r"start \(9, 0\) is outside"):
        flood(grid, (9, 0))


def test_flow_field_needs_predecessors_of_a_subclass():
    with pytest.raises(InvalidParameterError, match=r"knows its predecessors.*got OneWay"):
        flow_field(OneWay(np.ones((1, 4), bool)), (3, 0))


@pytest.mark.parametrize("call", [
    lambda g: DStarLite(g, (0, 0), (3, 0)),
    lambda g: theta_star(g, (0, 0), (3, 0)),
    lambda g: astar_turns(g, (0, 0), (3, 0), turn_cost=1),
    lambda g: smooth_path(g, [(0, 0), (1, 0)]),
    lambda g: line_of_sight(g, (0, 0), (3, 0)),
    lambda g: path_blocked(g, [(0, 0), (1, 0)]),
], ids=["dstar", "theta", "turns", "smooth", "sight", "blocked"])
def test_compiled_only_functions_refuse_subclass_rules(call):
    with pytest.raises(UnsupportedGridError, match="OneWay redefines neighbors"):
        call(OneWay(np.ones((1, 4), bool)))


def test_boolean_initial_cost():
    with pytest.raises(InvalidCostError, match=r"initial cost of \(0, 0\) must be a number"):
        flood(wf.Grid.from_ascii(".."), {(0, 0): True})


def test_bad_location_type_in_queries():
    flow = flow_field(wf.Grid.from_ascii(".."), (0, 0))
    with pytest.raises(InvalidLocationError, match=r"location must be an \(x, y\) pair"):
        flow.next_step("a")


def test_parent_cycles_in_loaded_files_are_reported(tmp_path):
    grid_file = tmp_path / "cycle.npz"
    np.savez(grid_file, format=np.array("wayfinding.DistanceField"), version=np.array(1),
             cost=np.zeros((1, 2)), parent=np.array([[1, 0]]), max_cost=np.array(np.nan))
    # refused when loaded (issue 15), no longer when a path is asked for
    with pytest.raises(MapFormatError, match=r"links from cell \(0, 0\) form a cycle"):
        DistanceField.load(grid_file)
    graph_file = tmp_path / "cycle.json"
    graph_file.write_text(json.dumps({"format": "wayfinding.DistanceField", "version": 1,
                                      "cells": [["a", 0, "b"], ["b", 0, "a"]]}))
    with pytest.raises(MapFormatError, match="links from 'a' form a cycle"):
        DistanceField.load(graph_file)


def test_importing_the_package_does_not_import_numba():
    code = ("import sys, wayfinding, wayfinding.fields, wayfinding.replan, "
            "wayfinding.anyangle, wayfinding.grid.turns; print('numba' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, env=dict(os.environ), timeout=120)
    assert run.stdout.strip() == "False", run.stderr


def test_flow_paths_from_several_threads_share_cell_names():
    rng = np.random.default_rng(7)
    passable = rng.random((40, 60)) > 0.2
    passable[0, 0] = True
    grid = wf.Grid(passable, diagonal=True)
    flow = flow_field(grid, (0, 0))
    units = list(flow.reachable)
    expected = {u: flow_field(grid.copy(), (0, 0)).path_from(u) for u in units[:50]}
    fresh = flow_field(grid, (0, 0))
    results: dict = {}

    def walk(offset: int) -> None:
        for u in units[offset::4] + units[:50]:
            results.setdefault(u, fresh.path_from(u))
            assert None not in results[u]

    threads = [threading.Thread(target=walk, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(results[u] == expected[u] for u in expected)
