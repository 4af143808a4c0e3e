"""Text drawing and the command line."""

from __future__ import annotations

import subprocess
import sys

import wayfinding as wf
from wayfinding.cli import main
from wayfinding.draw import draw_grid
from wayfinding.examples import FOREST_GOAL, FOREST_START, diagram1_grid, forest_grid


def test_draw_grid_shows_walls_path_start_and_goal():
    forest = forest_grid()
    result = wf.astar(forest, FOREST_START, FOREST_GOAL)
    picture = draw_grid(forest, width=2, path=result.path, start=FOREST_START, goal=FOREST_GOAL)
    rows = picture.splitlines()
    assert rows[0] == "_" * 20 and rows[-1] == "~" * 20
    assert rows[1 + 7].startswith(". ######")
    assert rows[1 + 4][2] == "A" and rows[1 + 5][16] == "Z"
    assert sum(row.count("*") for row in rows) == len(result.path) - 2


def test_draw_grid_arrows_point_back_along_came_from():
    grid = wf.SquareGrid(3, 3, diagonal=True)
    result = wf.breadth_first_search(grid, (1, 1))
    rows = draw_grid(grid, width=1, came_from=result.came_from).splitlines()[1:-1]
    assert rows == ["↘v↙", ">.<", "↗^↖"]


def test_draw_grid_numbers_from_cost_so_far():
    grid = wf.SquareGrid(3, 1)
    rows = draw_grid(grid, width=4, cost_so_far={(0, 0): 0, (1, 0): 1.5, (2, 0): float("inf")})
    assert rows.splitlines()[1] == "0   1.5 ∞"


def test_draw_grid_of_the_texts_diagram():
    picture = draw_grid(diagram1_grid(), width=2)
    assert picture.splitlines()[1].count("##") == 2


def test_demo_prints_every_example(capsys):
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    assert "Path A -> E: A -> B -> D -> E (3 steps)" in out
    assert "30x15 grid" in out
    assert "Dijkstra on the forest grid" in out and "A* on the forest grid" in out
    assert "cost 16" in out


def test_no_command_prints_help_and_fails(capsys):
    assert main([]) == 2
    assert "usage: wayfinding" in capsys.readouterr().err


def test_python_dash_m_runs_the_cli():
    out = subprocess.run([sys.executable, "-m", "wayfinding", "demo"], capture_output=True,
                         text=True, check=True).stdout
    assert out.startswith("== Breadth-first search on the graph A..E")
