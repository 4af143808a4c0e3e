"""``wayfinding bench --workers N`` / ``--scheduler ADDRESS``: the same verdicts and table
as one process, and clear failures."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from wayfinding.bench import registry
from wayfinding.bench.cli import main

DATA = Path(__file__).resolve().parents[1] / "data"
SCENARIOS = DATA / "scenarios"
SAME = ("algorithm", "map", "scenario_file", "line", "start", "goal", "cost", "status",
        "expanded", "problem")


def _bench(capsys, tmp_path: Path, name: str, *argv: str) -> tuple[int, str, str, dict]:
    report = tmp_path / f"{name}.json"
    code = main([str(SCENARIOS), "--maps", str(DATA), "--no-progress", "--json", str(report),
                 *argv])
    out, err = capsys.readouterr()
    return code, out, err, json.loads(report.read_text()) if report.exists() else {}


def _counts(out: str) -> list[list[str]]:
    """The table without its time columns."""
    return [line.split()[:4] + line.split()[-1:] for line in out.splitlines()]


@pytest.mark.parametrize("algorithms", [["--algorithm", "astar"],
                                        ["--compare", "jps,subgoal_ch,dijkstra"]])
def test_a_scheduler_gives_the_verdicts_of_one_process(capsys, tmp_path, cluster, algorithms):
    code, out, err, alone = _bench(capsys, tmp_path, "alone", *algorithms)
    assert code == 0, err
    code, dask_out, err, on_dask = _bench(capsys, tmp_path, "dask", *algorithms,
                                          "--scheduler", cluster.scheduler_address)
    assert code == 0, err
    if algorithms[0] == "--algorithm":
        assert _counts(dask_out) == _counts(out)
    assert [[q[k] for k in SAME] for q in on_dask["queries"]] == [
        [q[k] for k in SAME] for q in alone["queries"]]
    assert {q["status"] for q in on_dask["queries"]} == {"optimal"}
    for m_alone, m_dask in zip(alone["maps"], on_dask["maps"], strict=True):
        assert (m_dask["map"], m_dask["width"], m_dask["height"]) == (
            m_alone["map"], m_alone["width"], m_alone["height"])
        assert set(m_dask["preprocessing"]) == set(m_alone["preprocessing"])
    assert {k: v for k, v in on_dask["total"][on_dask["baseline"]].items()
            if not k.endswith("_us")} == {k: v for k, v in alone["total"][alone["baseline"]].items()
                                         if not k.endswith("_us")}


def test_workers_start_a_local_cluster(capsys, tmp_path):
    code, out, err, found = _bench(capsys, tmp_path, "local", "--workers", "2", "--sample", "20")
    assert code == 0, err
    assert out.splitlines()[-1].split()[:4] == ["total", "60", "60", "0"]
    assert found["total"]["astar"]["optimal"] == 60


def test_a_bad_scheduler_address_exits_2(capsys, tmp_path):
    code, out, err, _ = _bench(capsys, tmp_path, "bad", "--scheduler", "tcp://127.0.0.1:9")
    assert code == 2 and out == ""
    assert "wayfinding bench: error: no Dask scheduler answered at 'tcp://127.0.0.1:9'" in err


def test_an_algorithm_without_a_batch_method_exits_2(capsys, tmp_path, cluster):
    registry.register("astar-w2", registry._public("astar", weight=2.0))
    try:
        code, _, err, _ = _bench(capsys, tmp_path, "w2", "--algorithm", "astar-w2",
                                 "--scheduler", cluster.scheduler_address)
    finally:
        del registry.ALGORITHMS["astar-w2"]
    assert code == 2
    assert "algorithm 'astar-w2' has no batch method to run on Dask" in err


def test_workers_and_scheduler_exclude_each_other(capsys):
    with pytest.raises(SystemExit) as stop:
        main([str(SCENARIOS), "--workers", "2", "--scheduler", "tcp://127.0.0.1:9"])
    assert stop.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_without_dask_the_error_names_the_extra(capsys, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    code, _, err, _ = _bench(capsys, tmp_path, "none", "--workers", "2")
    assert code == 2
    assert 'pip install "wayfinding[distributed]"' in err


@pytest.mark.parametrize("other", ["jps", "subgoal_ch"])
def test_an_algorithm_that_cannot_serve_a_map_is_skipped_there(capsys, tmp_path, cluster,
                                                               other):
    """As in one process: water is a terrain class of its own, which jps and the prepared
    grid do not serve; they are skipped on that map with a note, and the run goes on."""
    (tmp_path / "water.map").write_text(
        "type octile\nheight 3\nwidth 5\nmap\n..WW.\n..WW.\n.....\n")
    (tmp_path / "water.map.scen").write_text(
        "version 1\n0\twater.map\t5\t3\t0\t0\t4\t0\t7.41421356\n")
    code = main([str(tmp_path), "--no-progress", "--compare", f"astar,{other}",
                 "--scheduler", cluster.scheduler_address])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert f"{other}: skipped on water.map, which it does not serve (UnsupportedGridError:" \
        in out
