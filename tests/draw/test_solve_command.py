"""The ``wayfinding solve`` command."""

from __future__ import annotations

import pytest

import wayfinding as wf
from wayfinding.cli import main
from wayfinding.io.movingai import read_map

DAO = "tests/data/maps/dao/den009d.map"


@pytest.fixture
def ascii_map(tmp_path):
    path = tmp_path / "forest.txt"
    path.write_text("......\n.##5..\n...5..\n......\n")
    return path


def test_solve_prints_cost_length_expanded_and_time(ascii_map, capsys):
    assert main(["solve", str(ascii_map), "--from", "0,0", "--to", "5,3"]) == 0
    out = capsys.readouterr().out
    expected = wf.astar(wf.Grid.from_ascii(ascii_map.read_text()), (0, 0), (5, 3))
    assert f"cost {expected.cost:g}, length {len(expected.path)} cells, " in out
    assert f"expanded {expected.expanded}, time " in out and " ms (found)" in out


def test_solve_text_drawing(ascii_map, capsys):
    assert main(["solve", str(ascii_map), "--from", "0,0", "--to", "5,3", "--text",
                 "--algorithm", "dijkstra"]) == 0
    rows = capsys.readouterr().out.splitlines()
    picture = rows[rows.index("______") + 1:rows.index("~~~~~~")]
    assert picture[0][0] == "A" and picture[3][5] == "Z" and picture[1][1:3] == "##"
    assert sum(row.count("*") for row in picture) > 0


@pytest.mark.parametrize("algorithm", ["astar", "jps", "prepared", "dijkstra", "bfs"])
def test_solve_movingai_map_matches_the_library(algorithm, capsys):
    grid = read_map(DAO)
    free = list(zip(*reversed(grid.passable_mask.nonzero()), strict=True))
    start, goal = free[0], free[-1]
    args = ["solve", DAO, "--from", f"{start[0]},{start[1]}", "--to", f"{goal[0]},{goal[1]}",
            "--algorithm", algorithm]
    assert main(args) == 0
    cost = wf.astar(grid, start, goal).cost if algorithm != "bfs" else \
        wf.breadth_first_search(grid, start, goal).cost
    assert f"cost {cost:g}," in capsys.readouterr().out


def test_solve_writes_a_png(ascii_map, tmp_path, capsys):
    from PIL import Image

    out = tmp_path / "result.png"
    assert main(["solve", str(ascii_map), "--from", "0,0", "--to", "5,3", "--png", str(out),
                 "--scale", "12"]) == 0
    assert f"wrote {out}" in capsys.readouterr().out
    picture = Image.open(out)
    assert picture.format == "PNG" and picture.size == (72 + 70, 60)  # cells and colour bar


def test_no_path_exits_1(tmp_path, capsys):
    path = tmp_path / "cut.txt"
    path.write_text("..#..\n")
    assert main(["solve", str(path), "--from", "0,0", "--to", "4,0"]) == 1
    assert "cost inf" in capsys.readouterr().out


@pytest.mark.parametrize(("args", "message"), [
    (["--from", "9,9", "--to", "0,0"], "wayfinding solve: error: .*9, 9"),
    (["--from", "1,1", "--to", "0,0"], "wayfinding solve: error: .*wall"),
])
def test_bad_query_is_an_error_message(ascii_map, capsys, args, message):
    assert main(["solve", str(ascii_map), *args]) == 2
    err = capsys.readouterr().err
    assert __import__("re").search(message, err), err


def test_missing_file_is_an_error_message(tmp_path, capsys):
    assert main(["solve", str(tmp_path / "nope.map"), "--from", "0,0", "--to", "1,1"]) == 2
    assert "No such file" in capsys.readouterr().err


def test_a_file_that_is_no_text_is_an_error_message(tmp_path, capsys):
    # issue 27 item 5: the whole file was read first (/dev/zero: until memory ran out)
    (tmp_path / "zeros.map").write_bytes(b"..\n" + bytes(1000))
    assert main(["solve", str(tmp_path / "zeros.map"), "--from", "0,0", "--to", "1,0"]) == 2
    assert "holds a NUL byte at offset 3: not a text file" in capsys.readouterr().err


def test_bad_cell_syntax_is_a_usage_error(ascii_map, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["solve", str(ascii_map), "--from", "0;0", "--to", "1,1"])
    assert stop.value.code == 2
    assert "expected X,Y (two integers), got '0;0'" in capsys.readouterr().err
