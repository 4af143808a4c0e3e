"""``wayfinding bench`` on terrain maps, its per-query output, and which files it opens."""

from __future__ import annotations

import csv
import heapq
import json
import math
from pathlib import Path

import numpy as np
import pytest

import wayfinding
from wayfinding.bench.cli import main
from wayfinding.cli import main as wayfinding_main

SQRT2 = math.sqrt(2.0)
DATA = Path(__file__).resolve().parents[1] / "data"
SECRET = "WAYFINDING_SECRET=hunter2"


def _bench(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main([*argv, "--no-progress"])
    out, err = capsys.readouterr()
    return code, out, err


# ---------------------------------------------------------------- a Warcraft III-style map
def _wc3_rows(seed: int = 3, width: int = 26, height: int = 20) -> list[str]:
    """Ground (. and G) with a lake (W), swamps (S) around it, trees (T) and rocks (@)."""
    rng = np.random.default_rng(seed)
    ys, xs = np.mgrid[0:height, 0:width]
    lake = ((xs - 15) / 7.0) ** 2 + ((ys - 9) / 5.5) ** 2 < 1.0
    lake |= (abs(xs - 5) <= 1) & (ys >= 3) & (ys <= 14)  # a river, apart from the lake
    shore = ((xs - 15) / 8.5) ** 2 + ((ys - 9) / 7.0) ** 2 < 1.0
    grid = np.where(rng.random((height, width)) < 0.5, ".", "G").astype("<U1")
    grid[shore & ~lake & (rng.random((height, width)) < 0.7)] = "S"
    grid[lake] = "W"
    grid[(rng.random((height, width)) < 0.08) & ~lake] = "T"
    grid[(rng.random((height, width)) < 0.04) & ~lake] = "@"
    grid[lake & (rng.random((height, width)) < 0.06)] = "T"  # islands of trees in the water
    return ["".join(row) for row in grid]


def _oracle(rows: list[str], start: tuple[int, int]) -> dict[tuple[int, int], float]:
    """Dijkstra by the benchmark's rule, on the characters: ground+swamp vs water."""
    kind = {".": 1, "G": 1, "S": 1, "W": 2}

    def cls(x: int, y: int) -> int:
        if 0 <= y < len(rows) and 0 <= x < len(rows[0]):
            return kind.get(rows[y][x], 0)
        return 0

    home = cls(*start)
    best = {start: 0.0}
    frontier = [(0.0, start)]
    while frontier:
        d, (x, y) = heapq.heappop(frontier)
        if d > best[(x, y)]:
            continue
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if (dx, dy) == (0, 0) or cls(x + dx, y + dy) != home:
                    continue
                if dx and dy and not (cls(x + dx, y) == home and cls(x, y + dy) == home):
                    continue
                nd = d + (SQRT2 if dx and dy else 1.0)
                if nd < best.get((x + dx, y + dy), math.inf) - 1e-12:
                    best[(x + dx, y + dy)] = nd
                    heapq.heappush(frontier, (nd, (x + dx, y + dy)))
    return best


def _wc3_files(folder: Path) -> tuple[int, int]:
    """Write wc3.map and wc3.map.scen; returns (water-to-water rows, mismatched rows)."""
    rows = _wc3_rows()
    height, width = len(rows), len(rows[0])
    (folder / "wc3.map").write_text(
        f"type octile\nheight {height}\nwidth {width}\nmap\n" + "\n".join(rows) + "\n")
    water = [(x, y) for y in range(height) for x in range(width) if rows[y][x] == "W"]
    ground = [(x, y) for y in range(height) for x in range(width) if rows[y][x] in ".GS"]
    lines = ["version 1"]
    n_water = 0
    for i, start in enumerate(water[::4]):
        reach = _oracle(rows, start)
        goal = water[(i * 37 + 11) % len(water)]
        if goal in reach and goal != start:
            lines.append(f"{n_water % 4}\twc3.map\t{width}\t{height}\t{start[0]}\t{start[1]}\t"
                         f"{goal[0]}\t{goal[1]}\t{reach[goal]:.8f}")
            n_water += 1
    for start, goal in zip(ground[::40], ground[17::40], strict=False):
        reach = _oracle(rows, start)
        if goal in reach:
            lines.append(f"0\twc3.map\t{width}\t{height}\t{start[0]}\t{start[1]}\t"
                         f"{goal[0]}\t{goal[1]}\t{reach[goal]:.8f}")
    trees = [(x, y) for y in range(height) for x in range(width) if rows[y][x] in "T@"]
    for tree in trees[:3]:  # generated for another version of the map: a tree at the start
        lines.append(f"0\twc3.map\t{width}\t{height}\t{tree[0]}\t{tree[1]}\t"
                     f"{ground[0][0]}\t{ground[0][1]}\t5")
    (folder / "wc3.map.scen").write_text("\n".join(lines) + "\n")
    return n_water, 3


@pytest.mark.parametrize("algorithm", ["astar", "dijkstra"])
def test_water_to_water_scenarios_get_their_optimum(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, algorithm: str
) -> None:
    n_water, n_misfit = _wc3_files(tmp_path)
    assert n_water >= 20
    report = tmp_path / "wc3.json"
    code, out, err = _bench(capsys, str(tmp_path / "wc3.map.scen"), "--algorithm", algorithm,
                            "--json", str(report))
    assert code == 0, err
    document = json.loads(report.read_text())
    total = document["total"][algorithm]
    assert total["mismatched"] == n_misfit
    assert total["invalid"] == total["not_optimal"] == 0
    assert total["optimal"] == total["queries"] >= n_water
    rows = document["queries"]
    water = [r for r in rows if r["line"] - 1 <= n_water]
    assert len(water) == n_water and all(r["status"] == "optimal" for r in water)
    misfits = [r for r in rows if r["status"] == "scenario does not match the map"]
    assert len(misfits) == n_misfit
    assert all(r["cost"] is None and "is not traversable" in r["problem"] for r in misfits)
    assert f"{n_misfit} scenarios do not match their map and were not run" in out


def test_csv_rows(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _wc3_files(tmp_path)
    table = tmp_path / "rows.csv"
    code, _, err = _bench(capsys, str(tmp_path / "wc3.map.scen"), "--compare", "astar,dijkstra",
                          "--csv", str(table))
    assert code == 0, err
    with open(table, newline="") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0]) == ["algorithm", "map", "scenario_file", "line", "bucket", "start_x",
                             "start_y", "goal_x", "goal_y", "optimum", "cost", "status", "us",
                             "expanded", "problem"]
    assert {r["algorithm"] for r in rows} == {"astar", "dijkstra"}
    first = rows[0]
    assert first["map"] == "wc3.map" and first["line"] == "2"
    assert float(first["cost"]) == pytest.approx(float(first["optimum"]), abs=1e-6)
    assert float(first["us"]) > 0 and first["status"] == "optimal"
    assert rows[-1]["cost"] == "" and rows[-1]["status"] == "scenario does not match the map"


# ---------------------------------------------------------------- symlinked map folders
def _tiny_map(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("type octile\nheight 1\nwidth 3\nmap\n...\n")


def test_maps_found_through_a_symlinked_folder(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    root = tmp_path / "maps"
    _tiny_map(tmp_path / "elsewhere" / "deep" / "tiny.map")  # a map set kept elsewhere
    (root / "sets").mkdir(parents=True)
    (root / "sets" / "wc3").symlink_to(tmp_path / "elsewhere" / "deep")  # linked in
    (root / "sets" / "loop").symlink_to(root)  # a link loop: must not hang
    (tmp_path / "link").symlink_to(root)  # --maps itself is a link
    scen = tmp_path / "scen" / "tiny.map.scen"
    scen.parent.mkdir()
    scen.write_text("version 1\n0\tsets/wc3/tiny.map\t3\t1\t0\t0\t2\t0\t2\n")
    code, out, err = _bench(capsys, str(scen), "--maps", str(tmp_path / "link"))
    assert code == 0, err
    scen.write_text("version 1\n0\tother/tiny.map\t3\t1\t0\t0\t2\t0\t2\n")  # by file name
    code, out, err = _bench(capsys, str(scen), "--maps", str(tmp_path / "link"))
    assert code == 0, err
    assert out.splitlines()[-1].split()[:4] == ["total", "1", "1", "0"]


def test_scenario_folders_are_searched_through_symlinks(capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path) -> None:
    _tiny_map(tmp_path / "real" / "tiny.map")
    (tmp_path / "real" / "tiny.map.scen").write_text(
        "version 1\n0\ttiny.map\t3\t1\t0\t0\t2\t0\t2\n")
    (tmp_path / "top").mkdir()
    (tmp_path / "top" / "linked").symlink_to(tmp_path / "real")
    (tmp_path / "top" / "loop").symlink_to(tmp_path / "top")
    code, out, err = _bench(capsys, str(tmp_path / "top"))
    assert code == 0, err
    assert out.splitlines()[-1].split()[:4] == ["total", "1", "1", "0"]


# ---------------------------------------------------------------- which files are opened
@pytest.fixture
def secret(tmp_path: Path) -> Path:
    """A file outside every folder maps may be read from."""
    path = tmp_path / "private" / "secret.map"
    path.parent.mkdir()
    path.write_text(SECRET + "\n")
    return path


def _scen(folder: Path, map_text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "evil.scen"
    path.write_text(f"version 1\n0\t{map_text}\t3\t1\t0\t0\t2\t0\t2\n")
    return path


def _refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = _bench(capsys, *argv)
    assert code == 2
    assert SECRET not in out + err and "hunter2" not in out + err
    return err


def test_absolute_map_path_outside_is_refused(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path, secret: Path) -> None:
    scen = _scen(tmp_path / "scen", str(secret))
    err = _refused(capsys, str(scen))
    assert "is refused: it leads outside the folders maps are read from" in err


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs /proc")
def test_proc_environ_is_not_read(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    scen = _scen(tmp_path / "scen", "/proc/self/environ")
    err = _refused(capsys, str(scen), "--maps", str(tmp_path))
    assert "is refused" in err
    assert "PATH=" not in err and "HOME=" not in err


def test_dot_dot_path_outside_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                         secret: Path) -> None:
    scen = _scen(tmp_path / "scen", "../private/secret.map")
    err = _refused(capsys, str(scen))
    assert "is refused" in err
    maps = tmp_path / "maps"
    maps.mkdir()
    err = _refused(capsys, str(scen), "--maps", str(maps))  # ../ out of --maps too
    assert "is refused" in err


def test_symlink_leading_outside_is_refused(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path, secret: Path) -> None:
    scen = _scen(tmp_path / "scen", "tiny.map")
    (tmp_path / "scen" / "tiny.map").symlink_to(secret)
    err = _refused(capsys, str(scen))
    assert "is refused" in err
    maps = tmp_path / "maps"
    maps.mkdir()
    (maps / "tiny.map").symlink_to(secret)  # not found by name under --maps either
    (tmp_path / "scen" / "tiny.map").unlink()
    _refused(capsys, str(scen), "--maps", str(maps))


def test_paths_that_stay_inside_are_read(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    _tiny_map(tmp_path / "scen" / "maps" / "tiny.map")
    (tmp_path / "scen" / "alias.map").symlink_to(tmp_path / "scen" / "maps" / "tiny.map")
    for written in ("maps/../maps/tiny.map", "alias.map",
                    str(tmp_path / "scen" / "maps" / "tiny.map")):
        scen = _scen(tmp_path / "scen", written)
        code, _, err = _bench(capsys, str(scen))
        assert code == 0, (written, err)


def test_a_malformed_map_is_quoted_short_and_escaped(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    folder = tmp_path / "scen"
    scen = _scen(folder, "bad.map")
    (folder / "bad.map").write_bytes(b"type octile\n\x1b[2J" + b"\x07" + b"Z" * 500 + b"\n")
    code, _, err = _bench(capsys, str(scen))
    assert code == 2
    assert "unexpected header line" in err
    assert "\x1b" not in err and "\x07" not in err  # escaped, no terminal control
    assert "\\x1b" in err
    assert "Z" * 60 not in err  # a short excerpt only


@pytest.mark.parametrize("name", [".netrc", "sub/.env", ".hidden/x.map", "notes.txt"])
def test_files_beside_a_scenario_that_are_not_maps_are_never_quoted(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str) -> None:
    # issue 27 item 6: the first line of .netrc or sub/.env was printed in the error
    folder = tmp_path / "scen"
    scen = _scen(folder, name)
    (folder / name).parent.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(f"{SECRET}\nmachine example.com password hunter2\n")
    err = _refused(capsys, str(scen))
    assert ("hidden files and folders are never read as maps" if "/." in "/" + name
            else "line 1 is not a MovingAI map header line") in err


def test_version_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        wayfinding_main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.startswith(f"wayfinding {wayfinding.__version__} (Python ")


def test_symlink_loops_in_scenario_arguments_end(tmp_path: Path) -> None:
    from wayfinding.bench.loading import _walk

    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "b").symlink_to(tmp_path)
    (tmp_path / "a" / "x.scen").write_text("")
    found, targets = _walk(tmp_path)
    assert [p.name for p in found] == ["x.scen"]
    assert targets == []  # the loop's target was entered already, as tmp_path
