"""``wayfinding bench`` end to end on the vendored maps, and its failure modes."""

from __future__ import annotations

import io
import json
import math
import re
import shutil
from pathlib import Path

import pytest

import wayfinding
from wayfinding.bench import registry
from wayfinding.bench.cli import main
from wayfinding.bench.report import Progress
from wayfinding.result import SearchResult, StopReason

DATA = Path(__file__).resolve().parents[1] / "data"
SCENARIOS = DATA / "scenarios"
KEYS = {"queries", "optimal", "not_optimal", "invalid", "mismatched", "skipped", "median_us",
        "mean_us", "mean_expanded"}
ROW_KEYS = {"algorithm", "map", "scenario_file", "line", "bucket", "start", "goal", "optimum",
            "cost", "status", "us", "expanded", "problem"}
DOC_KEYS = {"format", "library", "machine", "created", "algorithms", "baseline", "maps",
            "total", "queries"}


def _bench(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main([*argv, "--no-progress"])
    out, err = capsys.readouterr()
    return code, out, err


def test_bench_on_vendored_maps(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    report = tmp_path / "out.json"
    code, out, err = _bench(capsys, str(SCENARIOS), "--maps", str(DATA), "--sample", "40",
                            "--json", str(report))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "algorithm: astar"
    assert lines[1].split() == ["map", "queries", "optimal", "invalid", "median", "us", "mean",
                                "us", "mean", "expanded"]
    assert [line.split()[:4] for line in lines[2:]] == [
        ["maps/dao/den009d.map", "40", "40", "0"],
        ["maps/dao/den404d.map", "40", "40", "0"],
        ["maps/dao/lak307d.map", "40", "40", "0"],
        ["total", "120", "120", "0"],
    ]
    document = json.loads(report.read_text())
    assert set(document) == DOC_KEYS
    assert document["format"] == "wayfinding-bench/3"
    assert document["library"] == {"name": "wayfinding", "version": wayfinding.__version__}
    assert {"python", "numpy", "numba", "system", "machine", "processor", "cpus"} <= set(
        document["machine"])
    assert document["algorithms"] == ["astar"] and document["baseline"] == "astar"
    total = document["total"]["astar"]
    assert set(total) == KEYS
    assert [set(m) for m in document["maps"]] == [
        {"map", "file", "width", "height", "preprocessing", "results", "skipped"}] * 3
    den404d = document["maps"][1]
    assert den404d["map"] == "maps/dao/den404d.map"
    assert (den404d["width"], den404d["height"]) == (28, 34)
    assert set(den404d["preprocessing"]["astar"]) == {"seconds", "memory_bytes"}
    assert den404d["preprocessing"]["astar"]["seconds"] >= 0
    assert set(den404d["results"]["astar"]) == KEYS
    assert total["queries"] == 120
    assert total["optimal"] == 120
    assert total["invalid"] == total["not_optimal"] == total["mismatched"] == 0
    assert total["mean_expanded"] > 0
    assert total["median_us"] > 0
    rows = document["queries"]
    assert len(rows) == 120
    assert all(set(row) == ROW_KEYS for row in rows)
    row = rows[40]
    assert row["map"] == "maps/dao/den404d.map" and row["status"] == "optimal"
    assert row["cost"] == pytest.approx(row["optimum"], abs=1e-4)
    assert row["us"] > 0 and row["expanded"] > 0 and row["problem"] is None
    assert len(row["start"]) == 2 and len(row["goal"]) == 2
    assert row["scenario_file"].endswith("den404d.map.scen") and row["line"] >= 2


def test_bench_every_vendored_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _bench(capsys, str(SCENARIOS / "dao"), "--maps", str(DATA))
    assert code == 0, err
    assert out.splitlines()[-1].split()[:4] == ["total", "546", "546", "0"]


@pytest.mark.parametrize("algorithm", sorted(registry.ALGORITHMS))
def test_every_registered_algorithm_is_optimal_on_vendored_maps(
    capsys: pytest.CaptureFixture[str], algorithm: str
) -> None:
    code, out, err = _bench(capsys, str(SCENARIOS), "--maps", str(DATA), "--sample", "30",
                            "--algorithm", algorithm)
    assert code == 0, err
    assert out.splitlines()[0] == f"algorithm: {algorithm}"
    assert out.splitlines()[-1].split()[:4] == ["total", "90", "90", "0"]


def test_bench_through_the_main_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from wayfinding.cli import main as wayfinding_main

    scen = SCENARIOS / "dao" / "den404d.map.scen"
    code = wayfinding_main(["bench", str(scen), "--maps", str(DATA), "--sample", "3",
                            "--no-progress"])
    assert code == 0
    assert "maps/dao/den404d.map" in capsys.readouterr().out


def test_wrong_optimum_exits_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = (SCENARIOS / "dao" / "den404d.map.scen").read_text().splitlines()
    fields = lines[20].split("\t")
    fields[8] = f"{float(fields[8]) + 0.5:g}"
    lines[20] = "\t".join(fields)
    (tmp_path / "doctored.scen").write_text("\n".join(lines[:30]) + "\n")
    code, out, err = _bench(capsys, str(tmp_path / "doctored.scen"), "--maps", str(DATA))
    assert code == 1
    assert out.splitlines()[-1].split()[:4] == ["total", "29", "28", "0"]
    assert "astar: 1 queries failed" in err
    assert "doctored.scen:21:" in err
    assert "not optimal" in err


def _exact(printed: float) -> float:
    """The octile cost a + b * sqrt 2 that a %g-printed optimum stands for."""
    for b in range(400):
        a = round(printed - b * math.sqrt(2.0))
        if a >= 0 and abs(a + b * math.sqrt(2.0) - printed) < 1e-4:
            return a + b * math.sqrt(2.0)
    raise AssertionError(f"no octile cost near {printed}")


@pytest.mark.parametrize("decimals", [8, 2])
@pytest.mark.parametrize("newline", ["\r\n", "\n"], ids=["crlf", "lf"])
def test_wild_scenario_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, decimals: int, newline: str
) -> None:
    """den404d's scenarios as found in the wild: spaces, version 1.0, %.8f or %.2f."""
    rows = (SCENARIOS / "dao" / "den404d.map.scen").read_text().splitlines()[1:]
    out = ["version 1.0"]
    for row in rows[::5]:
        f = row.split("\t")
        f[1] = "some/old/folder/den404d.map"  # found by file name under --maps
        f[8] = f"{_exact(float(f[8])):.{decimals}f}"
        out.append(" ".join(f))
    path = tmp_path / "wild.scen"
    path.write_bytes((newline.join(out) + newline).encode())
    code, out_text, err = _bench(capsys, str(path), "--maps", str(DATA))
    assert code == 0, err
    assert out_text.splitlines()[-1].split()[:4] == ["total", "26", "26", "0"]
    assert "some/old/folder/den404d.map" in out_text


def test_start_equal_to_goal(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    shutil.copy(DATA / "maps" / "dao" / "den404d.map", tmp_path / "den404d.map")
    (tmp_path / "same.scen").write_text("version 1\n0\tden404d.map\t28\t34\t10\t10\t10\t10\t0\n")
    code, out, err = _bench(capsys, str(tmp_path / "same.scen"))
    assert code == 0, err
    assert out.splitlines()[-1].split()[:4] == ["total", "1", "1", "0"]


def test_compare_mode(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    report = tmp_path / "cmp.json"
    code, out, err = _bench(capsys, str(SCENARIOS), "--maps", str(DATA), "--sample", "10",
                            "--compare", "astar,dijkstra", "--json", str(report))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["map", "algorithm", "queries"]
    assert "speed-up" in lines[0]
    total_rows = [line.split() for line in lines if line.startswith(("total", "  "))][-2:]
    assert total_rows[0][:5] == ["total", "astar", "30", "30", "0"]
    assert total_rows[0][-2:] == ["1.00x", "1.00x"]
    assert total_rows[1][:4] == ["dijkstra", "30", "30", "0"]
    assert lines[-1] == "(speed-up: astar's time / the algorithm's time)"
    document = json.loads(report.read_text())
    assert set(document) == DOC_KEYS  # the same shape as for one algorithm
    assert document["baseline"] == "astar"
    assert document["algorithms"] == ["astar", "dijkstra"]
    for name in ("astar", "dijkstra"):
        assert set(document["total"][name]) == KEYS
        assert document["total"][name]["queries"] == 30
        assert set(document["maps"][0]["preprocessing"]) == {"astar", "dijkstra"}
    total = document["total"]
    assert total["dijkstra"]["mean_expanded"] >= total["astar"]["mean_expanded"]
    assert len(document["queries"]) == 60
    assert {r["algorithm"] for r in document["queries"]} == {"astar", "dijkstra"}


# ---------------------------------------------------------------- broken algorithms


def _corner_cutter(grid: wayfinding.Grid) -> registry.Query:
    """Returns A*'s path with the first two straight steps replaced by a diagonal."""
    def query(start: tuple[int, int], goal: tuple[int, int]) -> SearchResult:
        result = wayfinding.astar(grid, start, goal)
        path = list(result.path or [])
        for i in range(len(path) - 2):
            (ax, ay), (cx, cy) = path[i], path[i + 2]
            if abs(ax - cx) == 1 and abs(ay - cy) == 1 and not (
                grid.passable((cx, ay)) and grid.passable((ax, cy))
            ):
                del path[i + 1]
                break
        return SearchResult(path, result.cost, {}, {}, result.expanded)
    return query


def _liar(grid: wayfinding.Grid) -> registry.Query:
    def query(start: tuple[int, int], goal: tuple[int, int]) -> SearchResult:
        result = wayfinding.astar(grid, start, goal)
        return SearchResult(result.path, result.cost + 1, {}, {}, result.expanded)
    return query


def _nothing(grid: wayfinding.Grid) -> registry.Query:
    return lambda start, goal: SearchResult(None, math.inf, {}, {}, 0, StopReason.EXHAUSTED)


def _crash(grid: wayfinding.Grid) -> registry.Query:
    def query(start: tuple[int, int], goal: tuple[int, int]) -> SearchResult:
        raise RuntimeError("boom")
    return query


@pytest.mark.parametrize(
    ("factory", "problem"),
    [
        (_liar, "reported cost"),
        (_nothing, "no path returned"),
        (_crash, "the search raised RuntimeError: boom"),
    ],
    ids=["wrong-cost", "no-path", "raises"],
)
def test_broken_algorithm_is_invalid(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    factory: registry.Factory, problem: str,
) -> None:
    monkeypatch.setitem(registry.ALGORITHMS, "broken", factory)
    scen = SCENARIOS / "dao" / "den009d.map.scen"
    code, out, err = _bench(capsys, str(scen), "--maps", str(DATA), "--sample", "6",
                            "--algorithm", "broken")
    assert code == 1
    total = out.splitlines()[-1].split()
    assert total[:4] == ["total", "6", "0", "6"]
    assert problem in err


def test_corner_cutting_algorithm_is_caught(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(registry.ALGORITHMS, "cutter", _corner_cutter)
    scen = SCENARIOS / "dao" / "den009d.map.scen"
    code, _, err = _bench(capsys, str(scen), "--maps", str(DATA), "--algorithm", "cutter")
    assert code == 1
    assert "cuts the corner of the wall" in err


def test_unavailable_algorithm_exits_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def factory(grid: wayfinding.Grid) -> registry.Query:
        raise ImportError("no module named wayfinding.jps")

    monkeypatch.setitem(registry.ALGORITHMS, "jps-missing", factory)
    scen = SCENARIOS / "dao" / "den404d.map.scen"
    code, _, err = _bench(capsys, str(scen), "--maps", str(DATA), "--algorithm", "jps-missing")
    assert code == 2
    assert "algorithm 'jps-missing' cannot run: ImportError: no module named" in err


# ---------------------------------------------------------------- input errors


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["{scen}", "--algorithm", "nope"],
         r"unknown algorithm 'nope'; known: astar, dijkstra, jps"),
        (["{scen}", "--compare", "astar,nope"], r"unknown algorithm 'nope'"),
        (["{tmp}/missing.scen"], r"scenario file or folder '.*missing\.scen' does not exist"),
        (["{scen}", "--maps", "{tmp}/nowhere"], r"--maps folder '.*nowhere' does not exist"),
        (["{scen}", "--maps", "{tmp}"], r"map 'maps/dao/den404d\.map' named in .* not found"),
        (["{tmp}/bad.scen"], r"bad\.scen, line 2: expected 9 columns"),
        (["{tmp}/size.scen", "--maps", "{data}"],
         r"size\.scen:2: the scenario says 'maps/dao/den404d\.map' is 30x34, but .* is 28x34"),
        (["{scen}", "--maps", "{data}", "--json", "{tmp}/no/such/dir/x.json"],
         r"cannot write --json file"),
        (["{tmp}/digits.scen", "--maps", "{data}"],
         r"digits\.scen, line 2: bucket must be an integer of at most 18 digits"),
    ],
    ids=["unknown", "unknown-in-compare", "missing-scen", "missing-maps", "missing-map",
         "malformed", "size-mismatch", "json-unwritable", "5000-digit-bucket"],
)
def test_input_errors_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    (tmp_path / "bad.scen").write_text("version 1\n0 a.map 1 1\n")
    (tmp_path / "size.scen").write_text("version 1\n0 maps/dao/den404d.map 30 34 1 1 2 2 1\n")
    (tmp_path / "digits.scen").write_text(  # issue 27 item 10: was a ValueError, exit 1
        "version 1\n" + "7" * 5000 + " maps/dao/den404d.map 28 34 1 1 2 2 1\n")
    scen = SCENARIOS / "dao" / "den404d.map.scen"
    filled = [a.format(scen=scen, tmp=tmp_path, data=DATA) for a in argv]
    if "--json" in filled:
        filled += ["--sample", "2"]
    code, _, err = _bench(capsys, *filled)
    assert code == 2
    assert re.search(message, err), err
    assert err.startswith("wayfinding bench: error: ")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["x.scen", "--sample", "0"], r"--sample: expected a positive integer, got '0'"),
        (["x.scen", "--sample", "many"], r"expected a positive integer, got 'many'"),
        (["x.scen", "--compare", "astar"], r"two or more different algorithm names"),
        (["x.scen", "--compare", "astar,astar"], r"two or more different algorithm names"),
        (["x.scen", "--compare", "astar,dijkstra", "--algorithm", "astar"],
         r"not allowed with argument"),
        ([], r"the following arguments are required: SCEN_OR_DIR"),
    ],
)
def test_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert re.search(message, capsys.readouterr().err)


# ---------------------------------------------------------------- maps an algorithm cannot serve
WATER = "type octile\nheight 3\nwidth 5\nmap\n..WW.\n..WW.\n.....\n"


@pytest.mark.parametrize("other", ["jps", "subgoal_ch", "prepared_jps_plus"])
def test_compare_skips_an_algorithm_on_a_map_it_cannot_serve(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, other: str) -> None:
    """Water makes two terrain classes, which jump point search and the prepared grids do
    not serve: that algorithm is skipped on that map with a note; the run goes on."""
    shutil.copy(SCENARIOS / "dao" / "den009d.map.scen", tmp_path)
    (tmp_path / "water.map").write_text(WATER)
    (tmp_path / "water.map.scen").write_text(
        "version 1\n0\twater.map\t5\t3\t0\t0\t4\t0\t7.41421356\n")
    report = tmp_path / "out.json"
    code, out, err = _bench(capsys, str(tmp_path), "--maps", str(DATA), "--compare",
                            f"astar,{other}", "--sample", "5", "--json", str(report))
    assert code == 0, err
    assert f"{other}: skipped on water.map, which it does not serve (UnsupportedGridError: " \
        "this grid's open cells span 2 terrain classes" in out
    document = json.loads(report.read_text())
    assert document["total"]["astar"]["optimal"] == 6
    assert document["total"][other]["optimal"] == 5 and document["total"][other]["skipped"] == 1
    water = next(m for m in document["maps"] if m["map"] == "water.map")
    assert set(water["skipped"]) == {other}
    assert [q["status"] for q in document["queries"]
            if q["map"] == "water.map" and q["algorithm"] == other] == ["skipped"]


def test_one_algorithm_skipped_everywhere_is_not_a_failure(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "water.map").write_text(WATER)
    (tmp_path / "water.map.scen").write_text(
        "version 1\n0\twater.map\t5\t3\t0\t0\t4\t0\t7.41421356\n")
    code, out, err = _bench(capsys, str(tmp_path), "--algorithm", "jps")
    assert code == 0, err
    assert "jps: skipped on water.map, which it does not serve" in out


# ---------------------------------------------------------------- progress display


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_on_a_terminal() -> None:
    stream = _Tty()
    progress = Progress(10, stream)
    progress.every = 0.0
    progress(5, "maps/a.map")
    assert "[###############...............] 5/10" in stream.getvalue()
    assert "maps/a.map" in stream.getvalue()
    progress.close()
    assert stream.getvalue().endswith("\r")


def test_progress_in_logs_is_a_periodic_line() -> None:
    stream = io.StringIO()
    progress = Progress(10, stream)
    progress(5, "maps/a.map")
    assert stream.getvalue() == ""  # quiet for short runs
    progress.every = 0.0
    progress(1, "maps/a.map")
    assert stream.getvalue().startswith("bench: 6/10 searches (60%)")
    assert stream.getvalue().endswith("\n")
    progress.close()
    assert "\r" not in stream.getvalue()
