"""Derived data patched after small edits answers exactly as a fresh grid (issue 12, item 3)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding import Grid
from wayfinding.grid.components import component_labels, components, connected
from wayfinding.grid.derived import Derived
from wayfinding.grid.jps import scan_bitmaps

from ..strategies import RULE_IDS, RULES, examples

cells = st.tuples(st.integers(0, 7), st.integers(0, 6))
#: One step of a session: toggle a cell, set walls, set a cost, or ask something.
steps = st.one_of(
    st.tuples(st.just("toggle"), cells),
    st.tuples(st.just("walls"), st.lists(cells, max_size=4), st.booleans()),
    st.tuples(st.just("cost"), cells, st.sampled_from([1.0, 2.0, 5.0])),
    st.tuples(st.just("search"), cells, cells),
    st.tuples(st.just("components")),
)


def _fresh(grid: Grid) -> Grid:
    return Grid(grid.passable_mask, grid.costs, diagonal=grid.diagonal,
                corner_cutting=grid.corner_cutting, classes=grid.classes)


def _same_search(grid: Grid, a, b) -> None:
    if not (grid.passable(a) and grid.passable(b)):
        return
    fresh = _fresh(grid)
    for search in (wf.astar, wf.dijkstra):
        got, want = search(grid, a, b), search(fresh, a, b)
        assert got.reason == want.reason and got.expanded == want.expanded
        assert got.cost == want.cost or math.isclose(got.cost, want.cost)
    assert connected(grid, a, b) == connected(fresh, a, b)
    try:
        want = wf.jps(fresh, a, b)
    except wf.UnsupportedGridError:
        return
    got = wf.jps(grid, a, b)
    assert got.reason == want.reason and got.expanded == want.expanded
    assert got.cost == want.cost or math.isclose(got.cost, want.cost)


def _run(grid: Grid, session: list) -> None:
    components(grid)  # built once, then patched
    for step in session:
        if step[0] == "toggle":
            grid.set_wall(step[1], wall=grid.passable(step[1]))
        elif step[0] == "walls":
            grid.set_walls(step[1], wall=step[2])
        elif step[0] == "cost":
            grid.set_cost(step[1], step[2])
        elif step[0] == "search":
            _same_search(grid, step[1], step[2])
        else:
            fresh = _fresh(grid)
            np.testing.assert_array_equal(components(grid), components(fresh))
            assert component_labels(grid).count == component_labels(fresh).count
    np.testing.assert_array_equal(components(grid), components(_fresh(grid)))


@pytest.mark.parametrize("rule", RULES, ids=RULE_IDS)
@settings(max_examples=examples(60), deadline=None)
@given(mask=st.lists(st.booleans(), min_size=56, max_size=56),
       session=st.lists(steps, max_size=25))
def test_edit_sessions_answer_as_a_fresh_grid(rule, mask, session):
    grid = Grid(np.array(mask, dtype=bool).reshape(7, 8), np.ones((7, 8)), **rule)
    _run(grid, session)


@settings(max_examples=examples(40), deadline=None)
@given(mask=st.lists(st.booleans(), min_size=56, max_size=56),
       classes=st.lists(st.integers(0, 1), min_size=56, max_size=56),
       session=st.lists(steps, max_size=25))
def test_edit_sessions_with_terrain_classes(mask, classes, session):
    grid = Grid(np.array(mask, dtype=bool).reshape(7, 8), np.ones((7, 8)), diagonal=True,
                classes=np.array(classes).reshape(7, 8))
    _run(grid, session)


def test_closing_a_corridor_cell_splits_and_reopening_joins():
    grid = Grid.from_ascii("""
    ....#....
    ....#....
    .........
    """)
    assert connected(grid, (0, 0), (8, 0))
    grid.set_wall((4, 2))
    assert not connected(grid, (0, 0), (8, 0))
    assert wf.astar(grid, (0, 0), (8, 0)).reason is wf.StopReason.DISCONNECTED
    assert wf.astar(grid, (0, 0), (8, 0)).expanded == 0
    assert component_labels(grid).count == 2
    assert components(grid).tolist()[0] == [0, 0, 0, 0, -1, 1, 1, 1, 1]
    grid.set_wall((4, 2), wall=False)
    assert connected(grid, (0, 0), (8, 0)) and component_labels(grid).count == 1
    assert wf.astar(grid, (0, 0), (8, 0)).cost == 12.0


def test_small_edits_patch_the_labels_instead_of_labelling_again():
    grid = Grid(np.ones((30, 30), dtype=bool))
    first = component_labels(grid)
    grid.set_wall((10, 10))  # an open area: the neighbours stay joined
    patched = component_labels(grid)
    assert not patched.in_order and patched.count == 1
    assert np.shares_memory(patched.flat, first.flat)  # nothing but a closed cell changed
    grid.set_walls([(x, 5) for x in range(30)])  # cuts the grid in two: labelled afresh?
    assert component_labels(grid).count == 2
    assert components(grid)[0, 0] == 0 and components(grid)[29, 29] == 1


def test_an_old_version_keeps_its_labels_after_a_split():
    grid = Grid.from_ascii("...")
    old = component_labels(grid)
    grid.set_wall((1, 0))
    new = component_labels(grid)
    assert old.labels[0, 0] == old.labels[0, 2]  # the older version is unchanged
    assert new.labels[0, 0] != new.labels[0, 2]


def test_patches_are_used_only_for_logged_small_edits():
    calls = []

    def build(grid: Grid) -> int:
        calls.append("build")
        return int(grid.passable_mask.sum())

    def patch(grid: Grid, old: int, edits) -> int:
        calls.append(("patch", [(e.kind.name, e.cells) for e in edits]))
        return int(grid.passable_mask.sum())

    key = Derived("open cells", build, patch)
    grid = Grid(np.ones((3, 3), dtype=bool))
    assert grid.derived(key) == 9
    grid.set_wall((1, 1))
    grid.set_cost((0, 0), 2.0)  # makes the grid weighted: no record
    assert grid.derived(key) == 8
    grid.set_wall((0, 1))
    grid.set_cost((0, 0), 3.0)
    assert grid.derived(key) == 7
    grid.set_passable(np.ones((3, 3), dtype=bool))
    assert grid.derived(key) == 9
    assert calls == ["build", "build",
                     ("patch", [("WALLS", ((0, 1),)), ("COSTS", ((0, 0),))]), "build"]


@pytest.mark.parametrize("weighted", [False, True])
def test_a_patched_search_plan_keeps_the_default_heuristic_of_a_fresh_one(weighted):
    """Wall edits patch the plan; its default heuristic is that of the grid as it is now
    (on a weighted grid the scale follows the cheapest open cell, which a wall edit can
    open or close; an unweighted grid keeps the old one)."""
    from wayfinding.grid import _engine
    from wayfinding.grid.spec import default_spec

    costs = np.array([[4.0, 4.0, 2.0], [4.0, 4.0, 4.0]]) if weighted else None
    grid = Grid(np.array([[True, True, False], [True, True, True]]), costs=costs,
                diagonal=True)
    before = _engine.plan(grid)
    for cell, wall in (((2, 0), False), ((0, 0), True), ((2, 0), True)):
        grid.set_wall(cell, wall=wall)
        plan = _engine.plan(grid)
        assert plan is not before and plan.version == grid.version  # patched, not stale
        assert plan.default == default_spec(grid) == default_spec(grid.copy())
        before = plan
    assert plan.default.scale == 4.0 if weighted else plan.default.scale == 1.0
    fresh = _engine.plan(grid.copy())
    for name in _engine.Plan.__slots__:  # every field carried over or renewed
        if name == "table":  # the move table: a tuple of arrays
            assert all(np.array_equal(a, b) for a, b in zip(plan.table, fresh.table,
                                                            strict=True))
        elif name not in ("params", "default", "flat", "passable", "labels", "moves",
                          "version", "lengths"):
            assert getattr(plan, name) == getattr(fresh, name), name
    np.testing.assert_array_equal(plan.passable, fresh.passable)
    np.testing.assert_array_equal(plan.moves, fresh.moves)


def test_jump_point_bitmaps_patched_equal_fresh_ones():
    rng = np.random.default_rng(3)
    grid = Grid(rng.random((37, 70)) < 0.7, diagonal=True)
    first = scan_bitmaps(grid).copy()
    for i in range(120):
        cell = (int(rng.integers(70)), int(rng.integers(37)))
        grid.set_wall(cell, wall=grid.passable(cell))
        if i % 7 == 0:
            grid.set_walls([(int(rng.integers(70)), int(rng.integers(37))) for _ in range(3)])
        np.testing.assert_array_equal(scan_bitmaps(grid), scan_bitmaps(grid.copy()))
    assert (scan_bitmaps(grid) != first).any()


def _partition(labels: np.ndarray, mask: np.ndarray) -> set[frozenset]:
    parts: dict[int, set] = {}
    for (y, x), label in np.ndenumerate(labels):
        if mask[y, x]:
            parts.setdefault(int(label), set()).add((x, y))
    return {frozenset(p) for p in parts.values()}


@pytest.mark.parametrize("rule", RULES, ids=RULE_IDS)
def test_labels_held_by_an_older_version_stay_right_for_it(rule):
    """Patches share the label array while they can: a search that took the labels of
    an older version must still read that version's answer at its open cells."""
    grid = Grid(np.ones((5, 5), dtype=bool), **rule)
    old, snapshot = component_labels(grid), grid.copy()
    ring = [(x, y) for x in (1, 2, 3) for y in (1, 2, 3) if (x, y) != (2, 2)]
    grid.set_wall((2, 2))  # no split: shared
    assert np.shares_memory(component_labels(grid).flat, old.flat)
    grid.set_walls(ring)
    assert np.shares_memory(component_labels(grid).flat, old.flat)
    grid.set_wall((2, 2), wall=False)  # isolated now: a new label, not written into old
    assert component_labels(grid).count == 2
    mask = snapshot.passable_mask
    assert _partition(old.labels, mask) == _partition(components(snapshot), mask)
    assert old.labels[2, 2] == old.labels[0, 0]
