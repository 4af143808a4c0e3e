"""The explorer page in a real browser: headless Chromium driven by playwright.

``python3 dev.py test`` installs playwright (the ``test`` extra) and, as root, Debian's
``chromium`` when /usr/bin/chromium is missing; without them these tests are skipped
with the reason.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import numpy as np
import pytest

import wayfinding as wf
from wayfinding.io.movingai import read_map

CHROMIUM = os.environ.get("WAYFINDING_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

sync_api = pytest.importorskip("playwright.sync_api",
                               reason="playwright is missing: pip install -e '.[test]'")
if not Path(CHROMIUM).exists():
    pytest.skip(f"no browser at {CHROMIUM}: apt-get install chromium", allow_module_level=True)

WALL = [(16, y) for y in range(2, 18)]
FOREST = [(10, y) for y in range(5, 16)]
START, GOAL = (4, 4), (27, 15)


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, server_url):
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(120_000)  # the first search of a kind compiles its kernel
    page.goto(server_url + "/")
    page.wait_for_selector("body[data-ready=true]", timeout=20_000)
    yield page
    page.close()
    assert errors == []


class Canvas:
    """Mouse actions on a panel's canvas, in cells."""

    def __init__(self, page, key="a"):
        self.page = page
        self.box = page.locator(f"#canvas-{key}").bounding_box()
        self.zoom = page.evaluate("explorer.zoom")

    def at(self, cell):
        return (self.box["x"] + (cell[0] + 0.5) * self.zoom,
                self.box["y"] + (cell[1] + 0.5) * self.zoom)

    def drag(self, cells):
        self.page.mouse.move(*self.at(cells[0]))
        self.page.mouse.down()
        for cell in cells[1:]:
            self.page.mouse.move(*self.at(cell), steps=2)
        self.page.mouse.up()

    def click(self, cell):
        self.page.mouse.click(*self.at(cell))


def expected_grid():
    mask = np.ones((20, 32), dtype=bool)
    costs = np.ones((20, 32))
    for x, y in WALL:
        mask[y, x] = False
    for x, y in FOREST:
        costs[y, x] = 5
    return wf.Grid(mask, costs)


def run_to_end(page, key="a"):
    page.click("#run")
    page.wait_for_function(f"document.getElementById('cost-{key}').textContent !== '–'")
    page.click("#end")
    return page.inner_text(f"#cost-{key}")


def paint_the_map(page):
    canvas = Canvas(page)
    canvas.drag(WALL)
    page.check("input[name=tool][value=forest]")
    page.select_option("#forest-cost", "5")
    canvas.drag(FOREST)
    page.check("input[name=tool][value=start]")
    canvas.click(START)
    page.check("input[name=tool][value=goal]")
    canvas.click(GOAL)
    return canvas


def test_paint_run_astar_and_check_the_cost(page, tmp_path):
    paint_the_map(page)
    cells = page.evaluate("Array.from(explorer.cells)")
    grid = expected_grid()
    assert np.array_equal(np.array(cells).reshape(20, 32) == 0, ~grid.passable_mask)
    assert np.array_equal(np.where(np.array(cells) == 0, 1, cells).reshape(20, 32), grid.costs)
    assert page.evaluate("explorer.start") == list(START)
    page.select_option("#algorithm-a", "astar")
    shown = run_to_end(page)
    expected = wf.astar(grid, START, GOAL)
    assert float(shown) == pytest.approx(expected.cost, abs=1e-4)
    assert page.inner_text("#expanded-a") == str(expected.expanded)
    assert page.inner_text("#length-a") == str(len(expected.path))
    done, total = page.inner_text("#step-a").split(" / ")
    assert done == total and int(total) > 0
    shot = tmp_path / "explorer.png"
    page.screenshot(path=str(shot))
    keep = os.environ.get("WAYFINDING_SCREENSHOT")
    if keep:
        shutil.copy(shot, keep)
    check_screenshot(shot)


def check_screenshot(path):
    from PIL import Image

    pixels = np.asarray(Image.open(path).convert("RGB")).reshape(-1, 3)
    def count(colour):
        return int(np.all(pixels == colour, axis=1).sum())
    assert count((45, 45, 55)) > 16 * 100  # the wall cells
    assert count((215, 35, 35)) > 100  # the path
    assert count((20, 160, 60)) > 50  # the start disc
    assert len(np.unique(pixels, axis=0)) > 20  # not a blank page


def test_switch_algorithms_and_compare_side_by_side(page):
    paint_the_map(page)
    grid = expected_grid()
    optimum = wf.astar(grid, START, GOAL).cost
    for algorithm in ("dijkstra", "jps"):
        if algorithm == "jps":  # jps needs one cost everywhere: erase the forest
            page.check("input[name=tool][value=erase]")
            Canvas(page).drag(FOREST)
        page.select_option("#algorithm-a", algorithm)
        assert page.inner_text("#cost-a") == "–"  # a new choice clears the old result
        shown = float(run_to_end(page))
        if algorithm == "jps":
            plain = wf.Grid(grid.passable_mask.copy())
            assert shown == pytest.approx(wf.jps(plain, START, GOAL).cost, abs=1e-4)
            assert page.inner_text("#step-a") == "result only"
        else:
            assert shown == pytest.approx(optimum, abs=1e-4)
    page.check("#compare")
    page.select_option("#algorithm-a", "astar")
    page.select_option("#algorithm-b", "bfs")
    run_to_end(page, "a")
    page.wait_for_function("document.getElementById('cost-b').textContent !== '–'")
    plain = wf.Grid(grid.passable_mask.copy())
    assert float(page.inner_text("#cost-a")) == pytest.approx(wf.astar(plain, START, GOAL).cost)
    assert float(page.inner_text("#cost-b")) == wf.breadth_first_search(plain, START,
                                                                        GOAL).cost


def test_step_by_step_and_dragging_the_start(page):
    paint_the_map(page)
    page.locator("#speed").fill("0")  # two expansions a second
    page.click("#run")
    page.wait_for_function("document.getElementById('cost-a').textContent !== '–'")
    page.click("#pause")
    before = int(page.inner_text("#step-a").split(" / ")[0])
    page.click("#step")
    page.click("#step")
    assert int(page.inner_text("#step-a").split(" / ")[0]) == before + 2
    page.click("#end")
    canvas = Canvas(page)
    canvas.drag([START, (5, 5), (6, 6)])  # the start is dragged whatever the tool
    assert page.evaluate("explorer.start") == [6, 6]
    page.wait_for_function("document.getElementById('cost-a').textContent !== '–'")
    expected = wf.astar(expected_grid(), (6, 6), GOAL).cost
    assert float(page.inner_text("#cost-a")) == pytest.approx(expected, abs=1e-4)


def test_load_a_movingai_map(page):
    page.select_option("#map", "dao/den009d.map")
    page.wait_for_function("explorer.width === 50")
    grid = read_map(Path(__file__).parents[1] / "data/maps/dao/den009d.map")
    assert page.evaluate("explorer.height") == grid.height
    assert page.is_checked("#diagonal")
    start, goal = page.evaluate("explorer.start"), page.evaluate("explorer.goal")
    shown = float(run_to_end(page))
    assert shown == pytest.approx(wf.astar(grid, tuple(start), tuple(goal)).cost, abs=1e-4)


def test_a_hex_map_with_wrap_around(page):
    page.select_option("#world", "hex")
    page.select_option("#layout", "odd-q")
    page.check("#wrap-x")
    page.select_option("#algorithm-a", "dijkstra")
    start, goal = page.evaluate("explorer.start"), page.evaluate("explorer.goal")
    shown = run_to_end(page)
    grid = wf.HexGrid(np.ones((20, 32), bool), layout=wf.HexLayout.ODD_Q, wrap=(True, False))
    expected = wf.dijkstra(grid, grid.from_offset(tuple(start)), grid.from_offset(tuple(goal)))
    assert float(shown) == pytest.approx(expected.cost)
    # a click on a hexagon's centre paints that hex
    box = page.locator("#canvas-a").bounding_box()
    cx, cy = page.evaluate("centre(10, 5)")
    page.check("input[name=tool][value=wall]")
    page.mouse.click(box["x"] + cx, box["y"] + cy)
    assert page.evaluate("explorer.cells[5 * 32 + 10]") == 0
