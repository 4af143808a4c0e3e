"""Grids with terrain classes (Grid.classes): steps only within one class.

Every compiled search that honours classes is compared with a slow oracle written here
from the rule's text (no library code); the tools that cannot honour them must refuse.
"""

from __future__ import annotations

import heapq
import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding.errors import InvalidParameterError, UnsupportedGridError
from wayfinding.grid.components import components

from ..strategies import examples

SQRT2 = math.sqrt(2.0)


def oracle_steps(passable: np.ndarray, classes: np.ndarray, x: int, y: int):
    """(nx, ny, length) of every step from (x, y): 8-way, no corner cutting, one class."""
    h, w = passable.shape

    def ok(cx: int, cy: int) -> bool:
        return (0 <= cx < w and 0 <= cy < h and bool(passable[cy, cx])
                and classes[cy, cx] == classes[y, x])

    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if (dx, dy) == (0, 0) or not ok(x + dx, y + dy):
                continue
            if dx and dy and not (ok(x + dx, y) and ok(x, y + dy)):
                continue
            yield x + dx, y + dy, (SQRT2 if dx and dy else 1.0)


def oracle_costs(passable: np.ndarray, classes: np.ndarray, start: tuple[int, int],
                 unit: bool = False) -> dict[tuple[int, int], float]:
    """Dijkstra over oracle_steps (``unit``: every step costs 1, for BFS)."""
    best = {start: 0.0}
    frontier = [(0.0, start)]
    while frontier:
        d, (x, y) = heapq.heappop(frontier)
        if d > best[(x, y)]:
            continue
        for nx, ny, length in oracle_steps(passable, classes, x, y):
            nd = d + (1.0 if unit else length)
            if nd < best.get((nx, ny), math.inf) - 1e-12:
                best[(nx, ny)] = nd
                heapq.heappush(frontier, (nd, (nx, ny)))
    return best


def _valid(grid_passable, classes, path) -> bool:
    for (ax, ay), (bx, by) in itertools.pairwise(path):
        if (bx, by) not in {(x, y) for x, y, _ in oracle_steps(grid_passable, classes, ax, ay)}:
            return False
    return True


terrain_maps = st.integers(0, 2**32 - 1).map(lambda seed: _random_map(seed))


def _random_map(seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    h, w = rng.integers(2, 9, size=2)
    passable = rng.random((h, w)) < 0.85
    classes = (rng.random((h, w)) < 0.4).astype(np.uint8)  # blobs of "water"
    return passable, classes


@settings(max_examples=examples(60), deadline=None)
@given(terrain_maps, st.data())
def test_searches_follow_the_class_rule(case, data) -> None:
    passable, classes = case
    open_cells = [(int(x), int(y)) for y, x in np.argwhere(passable)]
    if not open_cells:
        return
    start = data.draw(st.sampled_from(open_cells))
    goal = data.draw(st.sampled_from(open_cells))
    grid = wf.Grid(passable, diagonal=True, classes=classes)
    truth = oracle_costs(passable, classes, start)
    steps = oracle_costs(passable, classes, start, unit=True)
    resumable = wf.AStarSearch(grid, start, goal)
    while not resumable.step(max_expansions=3):
        pass
    for result in (wf.astar(grid, start, goal), wf.dijkstra(grid, start, goal),
                   resumable.result):
        if goal not in truth:
            assert result.path is None
            continue
        assert result.cost == pytest.approx(truth[goal])
        assert result.path[0] == start and result.path[-1] == goal
        assert _valid(passable, classes, result.path)
    bfs = wf.breadth_first_search(grid, start, goal)
    assert (bfs.path is None) == (goal not in steps)
    if bfs.path is not None:
        assert len(bfs.path) - 1 == steps[goal]
        assert _valid(passable, classes, bfs.path)
    greedy = wf.greedy_best_first(grid, start, goal)
    assert (greedy.path is None) == (goal not in truth)
    if greedy.path is not None:
        assert _valid(passable, classes, greedy.path)
    flooded = wf.dijkstra(grid, start)
    assert set(flooded.cost_so_far) == set(truth)


@settings(max_examples=examples(60), deadline=None)
@given(terrain_maps)
def test_neighbors_and_components_follow_the_class_rule(case) -> None:
    passable, classes = case
    grid = wf.Grid(passable, diagonal=True, classes=classes)
    labels = components(grid)
    for y, x in np.argwhere(passable):
        x, y = int(x), int(y)
        expected = {(nx, ny) for nx, ny, _ in oracle_steps(passable, classes, x, y)}
        assert set(grid.neighbors((x, y))) == expected
        reach = oracle_costs(passable, classes, (x, y))
        same = {(int(cx), int(cy)) for cy, cx in np.argwhere(labels == labels[y, x])}
        assert same == set(reach)


def test_generic_tier_follows_the_class_rule() -> None:
    class Custom(wf.Grid):  # a subclass: the searches use neighbors() and cost()
        def cost(self, a, b):
            return super().cost(a, b)

    passable = np.ones((3, 4), bool)
    classes = np.array([[0, 0, 1, 1]] * 3)
    grid = Custom(passable, diagonal=True, classes=classes)
    assert wf.astar(grid, (0, 0), (3, 0)).path is None
    assert wf.astar(grid, (0, 0), (1, 2)).cost == pytest.approx(1 + SQRT2)


def test_diagonal_needs_both_orthogonal_cells_in_the_class() -> None:
    # (0,0) and (1,1) are ground, (1,0) is water: no diagonal; the way round is via (0,1).
    grid = wf.Grid(np.ones((2, 2), bool), diagonal=True, classes=[[0, 1], [0, 0]])
    result = wf.astar(grid, (0, 0), (1, 1))
    assert result.path == [(0, 0), (0, 1), (1, 1)]
    assert result.cost == 2.0


def test_one_class_grid_is_an_ordinary_grid() -> None:
    grid = wf.Grid(np.ones((2, 3), bool), diagonal=True, classes=np.full((2, 3), 3))
    assert not grid.several_classes
    assert wf.jps(grid, (0, 0), (2, 1)).cost == pytest.approx(1 + SQRT2)


def test_copy_keeps_classes_and_terrain() -> None:
    grid = wf.Grid(np.ones((1, 2), bool), classes=[[0, 1]], terrain=[["S", "W"]])
    twin = grid.copy()
    assert twin.classes.tolist() == [[0, 1]]
    assert twin.terrain.tobytes() == b"SW"
    assert twin.neighbors((0, 0)) == []


@pytest.mark.parametrize(
    ("classes", "message"),
    [
        ([[0, 300]], r"classes must be integers from 0 to 254"),
        ([[0.5, 1.0]], r"classes must be integers from 0 to 254, got dtype float64"),
        ([[0]], r"classes must have shape \(1, 2\) like passable, got \(1, 1\)"),
    ],
)
def test_bad_classes_are_refused(classes, message) -> None:
    with pytest.raises(InvalidParameterError, match=message):
        wf.Grid(np.ones((1, 2), bool), classes=classes)


@pytest.mark.parametrize(
    ("terrain", "message"),
    [
        ([["S"]], r"terrain must hold one character per cell in shape \(1, 2\)"),
        ([["S", "ab"]], r"one character per cell"),
        ([[300, 46]], r"terrain must be ASCII characters or codes 0\.\.127"),
    ],
)
def test_bad_terrain_is_refused(terrain, message) -> None:
    with pytest.raises(InvalidParameterError, match=message):
        wf.Grid(np.ones((1, 2), bool), terrain=terrain)


TWO_CLASSES = wf.Grid(np.ones((3, 4), bool), diagonal=True, classes=[[0, 0, 1, 1]] * 3)


@pytest.mark.parametrize(
    "call",
    [
        pytest.param(lambda g: wf.jps(g, (0, 0), (1, 1)), id="jps"),
        pytest.param(lambda g: wf.prepare(g), id="prepare"),
        pytest.param(lambda g: wf.flood(g, (0, 0)), id="flood"),
        pytest.param(lambda g: wf.flow_field(g, (0, 0)), id="flow_field"),
        pytest.param(lambda g: wf.DStarLite(g, (0, 0), (1, 1)), id="dstar_lite"),
        pytest.param(lambda g: wf.theta_star(g, (0, 0), (1, 1)), id="theta_star"),
        pytest.param(lambda g: wf.smooth_path(g, [(0, 0), (1, 1)]), id="smooth_path"),
        pytest.param(lambda g: wf.line_of_sight(g, (0, 0), (1, 1)), id="line_of_sight"),
        pytest.param(lambda g: wf.astar_turns(g, (0, 0), (1, 1)), id="astar_turns"),
    ],
)
def test_tools_that_cannot_follow_classes_refuse(call) -> None:
    with pytest.raises(UnsupportedGridError, match=r"span 2 terrain classes.*only astar"):
        call(TWO_CLASSES)
