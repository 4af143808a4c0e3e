"""Landmarks (ALT) on grids: wf.landmarks(grid) and wf.astar(grid, ..., heuristic=lm).

Distances, bounds and search costs are compared with Bellman-Ford over the explicit edge
lists of ``tests/reference.py`` (terrain classes: the union of the edges of each class's
cells, which is what the class rule says), on random grids under every movement rule.
"""

from __future__ import annotations

import math
import zipfile

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding._archive import MAX_RATIO
from wayfinding.grid._kernels.bestfirst import alt_estimate, goal_landmarks
from wayfinding.grid.alt import search_inputs
from wayfinding.grid.landmarks import GridLandmarks
from wayfinding.io.movingai import parse_map

from ..oracles import reversed_edges
from ..reference import assert_valid_path, grid_edges, shortest_costs
from ..strategies import GridCase, examples, grid_cases


@st.composite
def cases(draw: st.DrawFn) -> tuple[GridCase, bool]:
    """A grid case of tests/strategies.py, sometimes with two terrain classes."""
    case = draw(grid_cases())
    if not draw(st.booleans()):
        return case, False
    grid = case.grid
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    classes = (rng.random(grid.shape) < 0.4).astype(np.uint8)
    m = grid.movement
    passable = grid.passable_mask
    options = dict(diagonal=m.diagonal, straight_cost=m.straight_cost,
                   diagonal_cost=m.diagonal_cost)
    edges = {}
    for code in (0, 1):
        edges.update(grid_edges(passable & (classes == code), grid.costs,
                                corner_cutting=m.corner_cutting.value, **options))
    grid = wf.Grid(passable, grid.costs, classes=classes, corner_cutting=m.corner_cutting,
                   **options)
    return GridCase(grid, edges, case.cells), True


def kernel_bound(grid: wf.Grid, lm, a, b) -> float:
    """The heuristic the A* kernel computes from ``a`` to goal ``b``."""
    _, spec, _, _ = search_inputs(grid, lm, 1.0)
    stride = grid.width + 2
    cell_a = (a[1] + 1) * stride + a[0] + 1
    goals = np.array([(b[1] + 1) * stride + b[0] + 1], dtype=np.int64)
    table = lm.table.reshape(-1)
    columns = lm.table.shape[1]
    rows, active, count = goal_landmarks(table, lm.index, columns, goals, 1)
    goal_xy = np.array([[b[0] + 1, b[1] + 1]], dtype=np.int64)
    return alt_estimate(table, lm.index, columns, not lm.directed, cell_a, a[0] + 1, a[1] + 1,
                        rows, active, count, goal_xy, 1, spec.d, spec.d2, spec.scale)


@settings(max_examples=examples(40), deadline=None)
@given(cases(), st.integers(1, 4), st.data())
def test_bounds_are_admissible_and_consistent_and_astar_optimal(given_case, count, data):
    case, _ = given_case
    grid, edges = case.grid, case.edges
    lm = wf.landmarks(grid, count=count)
    assert 1 <= lm.count <= count
    truth = {a: shortest_costs(edges, [a]) for a in case.cells}
    for a in case.cells:
        for b in case.cells:
            d = truth[a].get(b, math.inf)
            assert lm.estimate(a, b) <= d + 1e-9
            assert kernel_bound(grid, lm, a, b) <= d + 1e-9
    goal = data.draw(st.sampled_from(case.cells))
    h = {a: kernel_bound(grid, lm, a, goal) for a in case.cells}
    for a, out in edges.items():
        for b, c in out:
            assert h[a] <= c + h[b] + 1e-9  # consistent: no cell is expanded twice
    start = data.draw(st.sampled_from(case.cells))
    result = wf.astar(grid, start, goal, heuristic=lm)
    if goal not in truth[start]:
        assert result.path is None
        return
    assert result.cost == pytest.approx(truth[start][goal], abs=1e-9)
    assert result.cost == pytest.approx(wf.astar(grid, start, goal).cost, abs=1e-9)
    assert_valid_path(edges, result.path, [start], [goal], result.cost)


@settings(max_examples=examples(25), deadline=None)
@given(cases(), st.data())
def test_stored_distances_are_the_oracle_distances(given_case, data):
    case, _ = given_case
    grid, edges = case.grid, case.edges
    lm = wf.landmarks(grid, count=data.draw(st.integers(1, 3)))
    costs = grid.costs
    varying = costs is not None and np.ptp(costs[grid.passable_mask]) > 0
    assert lm.directed == bool(varying)
    backward = reversed_edges(edges)
    for i, (x, y) in enumerate(lm.locations):
        away = shortest_costs(edges, [(x, y)])
        toward = shortest_costs(backward, [(x, y)])
        for a in case.cells:
            assert lm.from_landmarks[i, a[1], a[0]] == pytest.approx(away.get(a, math.inf))
            assert lm.to_landmarks[i, a[1], a[0]] == pytest.approx(toward.get(a, math.inf))


@settings(max_examples=examples(25), deadline=None)
@given(cases(), st.floats(1.0, 3.0), st.data())
def test_weighted_budgets_partial_and_several_goals(given_case, weight, data):
    case, _ = given_case
    grid, edges = case.grid, case.edges
    lm = wf.landmarks(grid, count=2)
    start = data.draw(st.sampled_from(case.cells))
    goals = data.draw(st.lists(st.sampled_from(case.cells), min_size=1, max_size=3,
                               unique=True))
    truth = shortest_costs(edges, [start])
    best = min((truth.get(g, math.inf) for g in goals), default=math.inf)
    result = wf.astar(grid, start, list(goals), heuristic=lm, weight=weight)
    plain = wf.astar(grid, start, list(goals))
    if best == math.inf:
        assert result.path is None and plain.path is None
    else:
        assert result.cost <= weight * best + 1e-9
        assert_valid_path(edges, result.path, [start], goals, result.cost)
        if weight == 1.0:
            assert result.cost == pytest.approx(best)
    stopped = wf.astar(grid, start, goals[0], heuristic=lm, max_expansions=1, partial=True)
    assert stopped.expanded <= 1
    if stopped.path is not None:
        assert stopped.path[0] == start
        assert_valid_path(edges, stopped.path, [start], [stopped.path[-1]], stopped.cost)
    capped = wf.astar(grid, start, goals[0], heuristic=lm, max_cost=0.0)
    assert capped.path is None or capped.cost == 0.0


def test_alt_expands_fewer_cells_than_octile_behind_a_long_wall():
    rows = ["".join("#" if x == 15 and y < 29 else "." for x in range(30)) for y in range(30)]
    grid = wf.Grid.from_ascii("\n".join(rows), diagonal=True)
    lm = wf.landmarks(grid, count=4)
    plain = wf.astar(grid, (10, 0), (20, 0))
    alt = wf.astar(grid, (10, 0), (20, 0), heuristic=lm)
    assert alt.cost == pytest.approx(plain.cost)
    assert alt.expanded * 3 < plain.expanded  # 120 against 458


def test_components_share_the_landmarks_by_size_and_pockets_get_none():
    text = "\n".join(["......#......#.#.#",
                      "......#......#####",
                      "......#......#.#.#"])
    grid = wf.Grid.from_ascii(text)
    lm = wf.landmarks(grid, count=4)
    xs = sorted(x for x, _ in lm.locations)
    assert len(xs) == 4
    assert sum(x < 6 for x in xs) == 2 and sum(7 <= x < 13 for x in xs) == 2
    r = wf.astar(grid, (14, 0), (14, 0), heuristic=lm)  # a pocket without landmarks
    assert r.cost == 0.0
    assert wf.astar(grid, (0, 0), (12, 2), heuristic=lm).path is None


def test_terrain_classes_get_their_own_floods():
    passable = np.ones((3, 5), bool)
    classes = np.zeros((3, 5), np.uint8)
    classes[:, 3:] = 1
    grid = wf.Grid(passable, diagonal=True, classes=classes)
    lm = wf.landmarks(grid, count=3)
    assert np.isinf(lm.from_landmarks[0][classes != classes[lm.locations[0][::-1]]]).all()
    assert wf.astar(grid, (0, 0), (2, 2), heuristic=lm).cost == pytest.approx(2 * math.sqrt(2))
    assert wf.astar(grid, (0, 0), (4, 2), heuristic=lm).path is None


def test_nbytes_and_repr():
    grid = wf.Grid.from_ascii("...\n...")
    lm = wf.landmarks(grid, count=2)
    assert lm.nbytes == 6 * 2 * 8 + 5 * 4 * 4  # a row per open cell, an index per cell
    assert "count=2" in repr(lm) and "directed=False" in repr(lm)
    weighted = wf.Grid(np.ones((2, 3), bool), [[1, 2, 3], [1, 1, 1]])
    assert wf.landmarks(weighted, count=2).nbytes == 6 * 4 * 8 + 5 * 4 * 4


# ---------------------------------------------------------------------- stale data
def test_an_edited_grid_refuses_its_landmarks_until_it_is_back():
    grid = wf.Grid.from_ascii("....\n....\n....")
    lm = wf.landmarks(grid, count=2)
    grid.set_wall((1, 1))
    with pytest.raises(wf.errors.StaleDataError, match="edited after its landmarks"):
        wf.astar(grid, (0, 0), (3, 2), heuristic=lm)
    grid.set_wall((1, 1), wall=False)
    assert wf.astar(grid, (0, 0), (3, 2), heuristic=lm).cost == 5.0
    grid.set_cost((2, 2), 4.0)
    with pytest.raises(wf.errors.StaleDataError, match="version"):
        wf.astar(grid, (0, 0), (3, 2), heuristic=lm)


def test_another_grid_refuses_them_and_a_copy_takes_them():
    grid = wf.Grid.from_ascii("....\n....", diagonal=True)
    lm = wf.landmarks(grid, count=2)
    assert wf.astar(grid.copy(), (0, 0), (3, 1), heuristic=lm).cost == pytest.approx(
        2 + math.sqrt(2))
    other = wf.Grid.from_ascii("....\n....", diagonal=False)
    with pytest.raises(wf.errors.StaleDataError, match="another grid"):
        wf.astar(other, (0, 0), (3, 1), heuristic=lm)


# ---------------------------------------------------------------------- files
@pytest.fixture
def saved(tmp_path):
    grid = wf.Grid(np.ones((4, 5), bool), np.arange(20.0).reshape(4, 5) % 3 + 1,
                   diagonal=True)
    grid.set_wall((2, 1))
    lm = wf.landmarks(grid, count=3)
    path = tmp_path / "lm.npz"
    lm.save(path)
    return grid, lm, path


def test_save_and_load_round_trip(saved):
    grid, lm, path = saved
    back = GridLandmarks.load(path, grid)
    assert back.locations == lm.locations and back.directed and lm.directed
    assert np.array_equal(back.table, lm.table)
    for goal in [(4, 3), (0, 3), (3, 0)]:
        assert wf.astar(grid, (0, 0), goal, heuristic=back).cost == pytest.approx(
            wf.astar(grid, (0, 0), goal).cost)


def test_load_refuses_a_file_of_another_grid(saved):
    grid, _, path = saved
    edited = grid.copy()
    edited.set_wall((0, 3))
    with pytest.raises(wf.errors.StaleDataError, match="another grid"):
        GridLandmarks.load(path, edited)


def _rewrite(path, **changes):
    with np.load(path) as archive:
        members = {name: archive[name] for name in archive.files}
    members.update(changes)
    with open(path, "wb") as handle:
        np.savez(handle, **members)


@pytest.mark.parametrize(("change", "message"), [
    ("too_far", "exceeds a neighbour"),
    ("too_far_back", "distance to a landmark exceeds"),
    ("nan", "NaN"),
    ("minus_inf", "infinity"),
    ("version", "format version 9"),
    ("landmark_on_wall", "on a wall"),
    ("columns", "has shape"),
])
def test_load_refuses_damaged_tables(saved, change, message):
    grid, lm, path = saved
    table = lm.table.copy()
    n = lm.count
    edits = {}
    if change == "too_far":
        table[lm.index[26], 0] += 100.0  # cell (4, 2)
    elif change == "too_far_back":
        table[lm.index[26], n] -= 100.0
    elif change == "nan":
        table[3, 1] = np.nan
    elif change == "minus_inf":
        table[3, 1] = -np.inf
    elif change == "version":
        edits["format_version"] = np.int64(9)
    elif change == "landmark_on_wall":
        edits["locations"] = np.array([[2, 1]] * n, dtype=np.int64)
    elif change == "columns":
        table = table[:, :n]
    _rewrite(path, table=table, **edits)
    with pytest.raises(wf.errors.StaleDataError, match=message):
        GridLandmarks.load(path, grid)


def test_load_refuses_what_is_no_landmarks_file(tmp_path, saved):
    grid, _, _ = saved
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip")
    with pytest.raises(wf.errors.StaleDataError, match="not a grid landmarks file"):
        GridLandmarks.load(bad, grid)
    other = tmp_path / "other.npz"
    np.savez(other, table=np.zeros(3))
    with pytest.raises(wf.errors.StaleDataError, match="missing"):
        GridLandmarks.load(other, grid)


# ---------------------------------------------------------------------- errors
@pytest.mark.parametrize("count", [0, -1, 1.5, True, "4", None])
def test_count_must_be_a_whole_number(count):
    with pytest.raises(wf.errors.InvalidParameterError, match="count must be a whole number"):
        wf.landmarks(wf.Grid.from_ascii(".."), count=count)


def test_a_grid_without_open_cells_has_none():
    with pytest.raises(wf.errors.InvalidParameterError, match="without open cells"):
        wf.landmarks(wf.Grid.from_ascii("##"))


def test_a_goal_predicate_or_grid_subclass_is_refused():
    grid = wf.Grid.from_ascii("...")
    lm = wf.landmarks(grid, count=1)
    with pytest.raises(wf.errors.InvalidParameterError, match="goal predicate"):
        wf.astar(grid, (0, 0), lambda loc: loc == (2, 0), heuristic=lm)

    class Own(wf.Grid):
        def cost(self, a, b):
            return 2.0

    own = Own(np.ones((1, 3), bool))
    with pytest.raises(wf.errors.InvalidParameterError, match="rules of its own"):
        wf.astar(own, (0, 0), (2, 0), heuristic=lm)
    with pytest.raises(wf.errors.UnsupportedGridError, match="landmarks"):
        wf.landmarks(own)


def test_landmarks_of_a_graph_do_not_serve_a_grid():
    graph = wf.CSRGraph.from_edges([0, 1], [1, 2], directed=False)
    with pytest.raises(wf.errors.InvalidParameterError, match="Landmarks"):
        wf.astar(wf.Grid.from_ascii("..."), (0, 0), (2, 0), heuristic=wf.landmarks(graph))


def test_a_weight_that_would_overflow_is_refused():
    grid = wf.Grid.from_ascii("....")
    lm = wf.landmarks(grid, count=1)
    with pytest.raises(wf.errors.InvalidParameterError, match="too large"):
        wf.astar(grid, (0, 0), (3, 0), heuristic=lm, weight=1e300)


def _rooms(side: int = 8, room: int = 6) -> wf.Grid:
    """side x side rooms of room x room cells, walled apart: side**2 components."""
    passable = np.zeros((side * (room + 1), side * (room + 1)), bool)
    for y in range(side):
        for x in range(side):
            passable[y * (room + 1):y * (room + 1) + room, x * (room + 1):x * (room + 1) + room] \
                = True
    return wf.Grid(passable, diagonal=True)


@pytest.mark.parametrize("make", [
    lambda: _rooms(),
    lambda: parse_map("type octile\nheight 4\nwidth 8\nmap\n..WWW...\n.SWWW.T.\n..WW@...\n"
                      "SS......\n"),
    lambda: wf.Grid.from_ascii("..#...\n.#..#.\n...#..", diagonal=True,
                               corner_cutting=wf.CornerCutting.ALWAYS),
    lambda: wf.Grid.from_ascii("..#...\n.#..#.\n...#..", diagonal=False),
    lambda: wf.Grid(np.ones((5, 7), bool), np.arange(35.0).reshape(5, 7) % 4 + 1),
], ids=["64-rooms", "terrain-classes", "corners-always", "4-way", "weighted"])
def test_files_of_every_kind_of_grid_load_back(tmp_path, make):
    grid = make()
    lm = wf.landmarks(grid, count=64)
    lm.save(tmp_path / "lm.npz")
    back = GridLandmarks.load(tmp_path / "lm.npz", grid)
    assert back.locations == lm.locations and np.array_equal(back.table, lm.table)


def test_a_table_of_mostly_inf_loads_though_it_deflates_beyond_the_bound(tmp_path):
    # the loader bounds the table's expansion except where it must be inf (outside a
    # landmark's component): one landmark per room makes a table of mostly inf
    grid = _rooms()
    wf.landmarks(grid, count=64).save(tmp_path / "lm.npz")
    with zipfile.ZipFile(tmp_path / "lm.npz") as archive:
        info = archive.getinfo("table.npy")
    assert info.file_size > MAX_RATIO * info.compress_size
    assert GridLandmarks.load(tmp_path / "lm.npz", grid).count == 64


def test_a_landmark_listed_twice_is_refused(saved):
    grid, lm, path = saved
    _rewrite(path, locations=np.array([lm.locations[0]] * lm.count, dtype=np.int64))
    with pytest.raises(wf.errors.StaleDataError, match="a landmark is listed twice"):
        GridLandmarks.load(path, grid)


def test_distances_beyond_a_landmarks_component_are_refused(tmp_path):
    grid = _rooms(side=2, room=3)
    lm = wf.landmarks(grid, count=2)
    table = lm.table.copy()
    table[np.isinf(table)] = 1e6  # finite where the landmark cannot reach: no lower bound
    lm.save(tmp_path / "lm.npz")
    _rewrite(tmp_path / "lm.npz", table=table)
    with pytest.raises(wf.errors.StaleDataError, match="finite outside its component"):
        GridLandmarks.load(tmp_path / "lm.npz", grid)
