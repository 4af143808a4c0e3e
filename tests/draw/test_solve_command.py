"""The ``wayfinding solve`` command."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

import wayfinding as wf
from wayfinding.cli import main
from wayfinding.io.movingai import read_map

DATA = Path(__file__).resolve().parents[1] / "data"
DAO = str(DATA / "maps" / "dao" / "den009d.map")


@pytest.fixture
def ascii_map(tmp_path):
    path = tmp_path / "forest.txt"
    path.write_text("......\n.##5..\n...5..\n......\n")
    return path


TIMES = re.compile(r"^time: query (\d+\.\d+) ms(, preprocessing (\d+\.\d+) ms)?, kernels "
                   r"(\d+\.\d+) ms \(loaded or compiled once per process\)$", re.MULTILINE)


def test_solve_prints_cost_length_expanded_and_time(ascii_map, capsys):
    assert main(["solve", str(ascii_map), "--from", "0,0", "--to", "5,3"]) == 0
    out = capsys.readouterr().out
    expected = wf.astar(wf.Grid.from_ascii(ascii_map.read_text()), (0, 0), (5, 3))
    assert f"cost {expected.cost:g}, length {len(expected.path)} cells, " in out
    assert f"expanded {expected.expanded} (found)" in out
    times = TIMES.search(out)
    assert times is not None and times[2] is None, out  # no preprocessing for astar


def test_solve_prints_preprocessing_apart_from_the_query(capsys):
    assert main(["solve", DAO, "--from", "4,1", "--to", "5,2", "--algorithm", "prepared"]) == 0
    times = TIMES.search(capsys.readouterr().out)
    assert times is not None and float(times[3]) > 0.0


def test_time_inside_numba_is_counted_as_kernels_not_query(monkeypatch):
    """The search is made to spend 50 ms holding numba's compiler lock (as loading or
    compiling a kernel does): that time is reported as kernels, not as the query's."""
    from numba.core import event

    from wayfinding.web import algorithms

    real = algorithms.astar

    def loading_then_searching(*args, **kwargs):
        with event.trigger_event("numba:compiler_lock"):
            time.sleep(0.05)
        return real(*args, **kwargs)

    monkeypatch.setattr(algorithms, "astar", loading_then_searching)
    outcome = algorithms.solve(wf.SquareGrid(3, 3), (0, 0), (2, 2), algorithms.Algorithm.ASTAR)
    assert outcome.kernel_seconds >= 0.05 and outcome.preprocess_seconds == 0.0
    assert outcome.result.cost == 4.0


KERNEL_IMPORT = """
import sys, time
from wayfinding._kernelclock import KernelClock
assert "wayfinding.grid._kernels.bfs" not in sys.modules
with KernelClock() as clock:
    ready = clock.seconds
    began = time.perf_counter()
    import wayfinding.grid._kernels.bfs
    span = time.perf_counter() - began
    print(clock.seconds > ready, clock.outside(span) < span)
"""


def test_importing_a_kernel_module_counts_as_kernels():
    env = {**os.environ, "PYTHONPATH": str(Path(wf.__file__).resolve().parents[1])}
    run = subprocess.run([sys.executable, "-c", KERNEL_IMPORT], env=env, capture_output=True,
                         text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split() == ["True", "True"]


@pytest.mark.parametrize(("args", "message"), [
    (["--algorithm", "jps", "--heuristic", "manhattan"],
     "--heuristic is not used by jps; it is used by astar, weighted_astar, greedy"),
    (["--weight", "3"], "--weight is not used by astar; it is used by weighted_astar"),
    (["--algorithm", "dijkstra", "--turn-cost", "2"],
     "--turn-cost is not used by dijkstra; it is used by astar_turns"),
    (["--scale", "4"], "--scale is used with --png only"),
], ids=["heuristic-jps", "weight-astar", "turn-cost-dijkstra", "scale-without-png"])
def test_options_an_algorithm_ignores_are_refused(ascii_map, capsys, args, message):
    assert main(["solve", str(ascii_map), "--from", "0,0", "--to", "5,3", *args]) == 2
    out, err = capsys.readouterr()
    assert err == f"wayfinding solve: error: {message}\n" and out == ""


def test_diagonal_on_a_movingai_map_is_refused(capsys):
    assert main(["solve", DAO, "--from", "4,1", "--to", "5,2", "--diagonal"]) == 2
    assert "--diagonal is for ASCII maps; MovingAI maps are always 8-way" in \
        capsys.readouterr().err


@pytest.mark.parametrize("args", [
    ["--algorithm", "weighted_astar", "--weight", "3", "--heuristic", "octile"],
    ["--algorithm", "greedy", "--heuristic", "manhattan"],
    ["--algorithm", "astar_turns", "--turn-cost", "0.5"],
], ids=["weighted", "greedy", "turns"])
def test_options_an_algorithm_uses_are_accepted(ascii_map, capsys, args):
    assert main(["solve", str(ascii_map), "--from", "0,0", "--to", "5,3", *args]) == 0
    assert "(found)" in capsys.readouterr().out


def test_from_and_to_have_help_text(capsys):
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--from X,Y the start cell: column X, row Y" in out
    assert "--to X,Y the goal cell" in out


def test_an_unwritable_png_is_a_one_line_error(ascii_map, capsys):
    pytest.importorskip("PIL")
    code = main(["solve", str(ascii_map), "--from", "0,0", "--to", "5,3", "--png",
                 "/no/such/dir/x.png"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err == ("wayfinding solve: error: cannot write --png /no/such/dir/x.png: "
                   "no folder /no/such/dir\n")


@pytest.mark.parametrize(("content", "message"), [
    (b"hello\n%%%\n", r"garbage\.txt, line 1: unexpected character 'h' at column 1"),
    (b"..\xff\x00..\n", r"garbage\.txt: holds a NUL byte at offset 3: not a text file"),
], ids=["text", "binary"])
def test_a_garbage_map_file_is_named(tmp_path, capsys, content, message):
    path = tmp_path / "garbage.txt"
    path.write_bytes(content)
    assert main(["solve", str(path), "--from", "0,0", "--to", "1,0"]) == 2
    err = capsys.readouterr().err
    assert re.fullmatch(rf"wayfinding solve: error: .*{message}.*\n", err), err


@pytest.mark.parametrize(("argv", "status"), [
    (["demo"], 141),
    (["solve", DAO, "--from", "4,1", "--to", "44,31", "--text"], 141),
    (["bench", str(DATA / "scenarios" / "dao" / "den009d.map.scen"), "--maps", str(DATA),
      "--sample", "2", "--no-progress"], 141),
    (["warmup", "--help"], 0),
    (["--version"], 0),
], ids=["demo", "solve-text", "bench", "help", "version"])
def test_a_closed_pipe_ends_quietly(argv, status):
    """``wayfinding ... | head``: the reader closes the pipe first; no traceback, and the
    status a process stopped by SIGPIPE gets (141; argparse's own --help and --version
    drop what they cannot write and end with 0)."""
    env = {**os.environ, "PYTHONPATH": str(Path(wf.__file__).resolve().parents[1])}
    child = subprocess.Popen([sys.executable, "-m", "wayfinding", *argv], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    child.stdout.close()  # as head does after its lines, here before any is written
    err = child.stderr.read().decode()
    assert child.wait(timeout=600) == status, err
    assert err == ""


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
