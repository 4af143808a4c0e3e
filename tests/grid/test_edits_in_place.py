"""Derived arrays changed in place after edits (issue 12, item 3): only when nobody else can
see them, and always giving the answers of a fresh grid.

The store owns the arrays it builds (flat passable, component labels, jump-point bitmaps,
the A* plan) until any fetch other than a search's lease exposes them; a patch writes an
owned array in place only while no lease is held (``wayfinding.grid.derived``).
"""

from __future__ import annotations

import itertools
import math
import random
import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding import CornerCutting, Grid
from wayfinding.grid import _engine
from wayfinding.grid.components import COMPONENTS, component_labels, components
from wayfinding.grid.derived import Derived, DerivedStore, Edit, EditKind
from wayfinding.grid.jps import JPS_PLAN, SCAN_BITMAPS, scan_bitmaps

from ..reference import assert_valid_path, grid_edges, shortest_costs
from ..strategies import RULE_IDS, RULES, examples

RULE_NAMES = {CornerCutting.NEVER: "never", CornerCutting.ONE_FREE: "one_free",
              CornerCutting.ALWAYS: "always"}

cells = st.tuples(st.integers(0, 8), st.integers(0, 6))
#: A session of edits and searches that lease their data only (nothing is exposed).
steps = st.one_of(
    st.tuples(st.just("toggle"), cells),
    st.tuples(st.just("toggle"), cells),
    st.tuples(st.just("walls"), st.lists(cells, max_size=4), st.booleans()),
    st.tuples(st.just("search"), cells, cells),
    st.tuples(st.just("search"), cells, cells),
)


def _leased(grid: Grid, key: Derived):
    """``key``'s data as a search sees it (a lease, released at once: nothing exposed)."""
    store = grid._derived
    value = store.lease(grid, key)
    store.release()
    return value


def _edit(grid: Grid, step) -> bool:
    """Apply a ``toggle`` or ``walls`` step of a session; False for a ``search`` step."""
    if step[0] == "toggle":
        grid.set_wall(step[1], wall=grid.passable(step[1]))
    elif step[0] == "walls":
        grid.set_walls(step[1], wall=step[2])
    else:
        return False
    return True


def _oracle_cost(grid: Grid, a, b) -> float:
    edges = grid_edges(grid.passable_mask, grid.costs, diagonal=grid.diagonal,
                       corner_cutting=RULE_NAMES[grid.corner_cutting])
    return shortest_costs(edges, [a]).get(b, math.inf)


def _check_search(grid: Grid, a, b) -> None:
    """wf.astar, wf.dijkstra and wf.jps answer as the oracle and a fresh grid do."""
    if not (grid.passable(a) and grid.passable(b)):
        return
    want = _oracle_cost(grid, a, b)
    edges = grid_edges(grid.passable_mask, grid.costs, diagonal=grid.diagonal,
                       corner_cutting=RULE_NAMES[grid.corner_cutting])
    fresh = grid.copy()
    searches = [wf.astar, wf.dijkstra]
    if grid.corner_cutting is CornerCutting.NEVER or not grid.diagonal:
        searches.append(wf.jps)
    for search in searches:
        got = search(grid, a, b)
        assert got.cost == pytest.approx(want), (search.__name__, a, b)
        again = search(fresh, a, b)
        assert got.reason == again.reason and got.expanded == again.expanded
        if got.path is not None:
            assert_valid_path(edges, got.path, [a], [b], got.cost)


@pytest.mark.parametrize("rule", RULES, ids=RULE_IDS)
@settings(max_examples=examples(50), deadline=None)
@given(mask=st.lists(st.booleans(), min_size=63, max_size=63),
       session=st.lists(steps, max_size=30))
def test_leased_searches_after_edits_answer_as_the_oracle(rule, mask, session):
    """Edits and searches only: every array is patched in place, and every answer is
    the oracle's and a fresh grid's."""
    grid = Grid(np.array(mask, dtype=bool).reshape(7, 9), **rule)
    wf.astar(grid, (0, 0), (0, 0)) if grid.passable((0, 0)) else None
    for step in session:
        if not _edit(grid, step):
            _check_search(grid, step[1], step[2])
    fresh = grid.copy()
    np.testing.assert_array_equal(components(grid), components(fresh))
    if not grid.diagonal or grid.corner_cutting is CornerCutting.NEVER:
        np.testing.assert_array_equal(scan_bitmaps(grid), scan_bitmaps(fresh))


@settings(max_examples=examples(30), deadline=None)
@given(mask=st.lists(st.booleans(), min_size=63, max_size=63),
       classes=st.lists(st.integers(0, 1), min_size=63, max_size=63),
       session=st.lists(steps, max_size=25))
def test_leased_searches_with_terrain_classes(mask, classes, session):
    grid = Grid(np.array(mask, dtype=bool).reshape(7, 9), diagonal=True,
                classes=np.array(classes).reshape(7, 9))
    for step in session:
        if not _edit(grid, step):
            a, b = step[1], step[2]
            if grid.passable(a) and grid.passable(b):
                got, want = wf.astar(grid, a, b), wf.astar(grid.copy(), a, b)
                assert got.cost == want.cost or math.isclose(got.cost, want.cost)
                assert got.reason == want.reason and got.expanded == want.expanded
    np.testing.assert_array_equal(components(grid), components(grid.copy()))


def test_a_loop_of_edits_and_searches_changes_the_arrays_in_place():
    grid = Grid(np.ones((20, 30), dtype=bool), diagonal=True)
    wf.jps(grid, (0, 0), (29, 19))
    wf.astar(grid, (0, 0), (29, 19))  # its first look at the labels exposes them
    grid.set_wall((1, 1))
    wf.jps(grid, (0, 0), (29, 19))  # patched on copies, owned from now on
    wf.astar(grid, (0, 0), (29, 19))
    plan, astar_plan = _leased(grid, JPS_PLAN), _leased(grid, _engine.PLAN)
    for cell in [(5, 5), (6, 5), (5, 5), (10, 0), (10, 1)]:
        grid.set_wall(cell, wall=grid.passable(cell))
        assert wf.jps(grid, (0, 0), (29, 19)).cost == wf.jps(grid.copy(), (0, 0),
                                                                (29, 19)).cost
        wf.astar(grid, (0, 0), (29, 19))
        now = _leased(grid, JPS_PLAN)
        assert now.passable is plan.passable and now.bits is plan.bits
        assert now.labels is plan.labels
        assert _leased(grid, _engine.PLAN) is astar_plan
        assert astar_plan.version == grid.version and astar_plan.labels is plan.labels


@pytest.mark.parametrize("fetch", [
    lambda g: g.flat.passable,
    lambda g: component_labels(g).flat,
    lambda g: g.derived(COMPONENTS).labels,
    lambda g: scan_bitmaps(g),
    lambda g: g.derived(JPS_PLAN).bits,
    lambda g: g.derived(JPS_PLAN).passable,
    lambda g: _engine.plan(g).passable,
    lambda g: g.derived_at(g.version, SCAN_BITMAPS),
    lambda g: g.derived_if_built(SCAN_BITMAPS),
], ids=["flat", "labels", "label-view", "bitmaps", "plan-bits", "plan-passable",
        "astar-plan", "derived_at", "derived_if_built"])
def test_data_fetched_outside_a_search_never_changes(fetch):
    """Anything handed out (grid.flat, component_labels, grid.derived, ...) may be kept:
    later edits and searches copy instead of writing into it."""
    grid = Grid(np.ones((12, 14), dtype=bool), diagonal=True)
    wf.jps(grid, (0, 0), (13, 11))
    held = fetch(grid)
    snapshot = np.array(held, copy=True)
    for cell in [(4, 4), (4, 5), (4, 4), (0, 5), (1, 5)]:
        grid.set_wall(cell, wall=grid.passable(cell))
        wf.jps(grid, (0, 0), (13, 11))
        wf.astar(grid, (0, 0), (13, 11))
        np.testing.assert_array_equal(held, snapshot)
        assert wf.jps(grid, (0, 0), (13, 11)).cost == wf.jps(grid.copy(), (0, 0),
                                                                (13, 11)).cost


def test_labels_fetched_outside_a_search_stay_right_for_their_version():
    grid = Grid(np.ones((6, 6), dtype=bool))
    wf.jps(grid, (0, 0), (5, 5))
    held, snapshot = component_labels(grid), grid.copy()
    for x in range(6):
        grid.set_wall((x, 3))  # cut in two: relabelled (on a copy)
        wf.jps(grid, (0, 0), (5, 5))
    assert components(snapshot).max() == 0
    mask = snapshot.passable_mask
    assert np.unique(held.labels[mask]).size == 1


def test_arrays_a_search_leases_are_copied_by_patches_until_it_releases_them():
    """A search running on another thread holds a lease: an edit and a search meanwhile
    patch copies; once it is released, patches write in place again."""
    grid = Grid(np.ones((10, 10), dtype=bool))
    wf.jps(grid, (0, 0), (9, 9))
    store = grid._derived
    plan = store.lease(grid, JPS_PLAN)  # the search of the other thread
    passable, bits, labels = (plan.passable.copy(), plan.bits.copy(),
                              plan.labels.copy())
    grid.set_wall((3, 3))
    assert wf.jps(grid, (0, 0), (9, 9)).cost == wf.jps(grid.copy(), (0, 0), (9, 9)).cost
    newer = _leased(grid, JPS_PLAN)
    assert newer.passable is not plan.passable and newer.bits is not plan.bits
    np.testing.assert_array_equal(plan.passable, passable)
    np.testing.assert_array_equal(plan.bits, bits)
    np.testing.assert_array_equal(plan.labels, labels)
    store.release()
    grid.set_wall((3, 4))
    wf.jps(grid, (0, 0), (9, 9))
    assert _leased(grid, JPS_PLAN).bits is newer.bits  # owned, no lease: in place


def test_a_failed_search_releases_its_lease():
    grid = Grid(np.ones((4, 4), dtype=bool))
    with pytest.raises(wf.InvalidLocationError):
        wf.jps(grid, (0, 0), (9, 9))
    with pytest.raises(wf.InvalidLocationError):
        wf.astar(grid, (0, 0), (4, 0))
    with pytest.raises(wf.InvalidParameterError):
        wf.astar(grid, (0, 0), (3, 3), heuristic="manhattan")
    assert grid._derived._readers == []


def test_edits_record_each_cells_state_before():
    grid = Grid(np.array([[True, False, True]]))
    grid.set_wall((0, 0))
    grid.set_walls([(1, 0), (2, 0), (1, 0)], wall=False)
    grid.set_cost((0, 0), 2.0)  # the grid becomes weighted: no record
    grid.set_cost((1, 0), 3.0)
    assert grid._edits_since(0) is None
    assert grid._edits_since(1) is None
    assert grid._edits_since(3) == [Edit(EditKind.COSTS, ((1, 0),))]
    first, second = grid._log[1], grid._log[2]
    assert first == Edit(EditKind.WALLS, ((0, 0),), (True,))
    assert second == Edit(EditKind.WALLS, ((1, 0), (2, 0), (1, 0)), (False, True, True))


def test_labels_patched_from_several_edits_with_a_cell_given_twice():
    grid = Grid.from_ascii("""
    .....
    .....
    """)
    wf.astar(grid, (0, 0), (4, 1))
    grid.set_walls([(2, 0), (2, 1), (2, 0)])  # cut in two
    grid.set_wall((2, 1), wall=False)  # joined again, then cut again
    grid.set_wall((2, 1))
    assert wf.astar(grid, (0, 0), (4, 1)).reason is wf.StopReason.DISCONNECTED
    np.testing.assert_array_equal(components(grid), components(grid.copy()))


def test_the_store_owns_built_arrays_until_they_are_exposed():
    lock = threading.RLock()
    store = DerivedStore(lock)
    array = np.zeros(3)
    key = Derived("three zeros", lambda grid: store.own(key, array) or array)
    grid = Grid(np.ones((1, 1), dtype=bool))
    with lock:
        assert store.fetch(grid, key) is array
        assert store.owns(key, array) and store.writable(key, array) is array
        assert not store.owns(key, np.zeros(3))
        leased = store.lease(grid, key)
        assert leased is array and not store.owns(key, array)
        copy = store.writable(key, array)  # a lease is held: a copy, owned from now on
        assert copy is not array and not store.owns(key, array)
        store.release()
        assert store.owns(key, copy)
    assert store.get(grid, key) is array  # the entry still holds the original
    with lock:
        assert not store.owns(key, copy)  # exposed by get
        other = store.writable(key, array)
        assert other is not array and store.owns(key, other)


def test_plain_keys_expose_nothing():
    grid = Grid(np.ones((5, 5), dtype=bool), diagonal=True)
    wf.jps(grid, (0, 0), (4, 4))
    bits = _leased(grid, SCAN_BITMAPS)
    assert grid.min_cost == 1.0 and not grid.several_classes  # plain data
    grid.set_wall((2, 2))
    wf.jps(grid, (0, 0), (4, 4))
    assert _leased(grid, SCAN_BITMAPS) is bits


def test_searches_and_edits_from_several_threads_answer_as_a_fresh_grid():
    """Threads toggle walls and search (leases, patches in place or on copies, all at
    once); every path found is a path of the grid at some version, and once they stop
    the grid answers as a fresh copy."""
    width, height = 60, 40
    rng = np.random.default_rng(4)
    grid = Grid(rng.random((height, width)) < 0.8, diagonal=True)
    open_cells = [(int(x), int(y)) for y, x in zip(*np.nonzero(grid.passable_mask),
                                                   strict=True)]
    errors: list[BaseException] = []

    def work(seed: int) -> None:
        r = random.Random(seed)
        try:
            for i in range(150):
                cell = r.choice(open_cells)
                grid.set_wall(cell, wall=grid.passable(cell))
                a, b = r.choice(open_cells), r.choice(open_cells)
                search = wf.jps if i % 2 else wf.astar
                try:
                    result = search(grid, a, b)
                except wf.InvalidLocationError:
                    continue  # an end was closed meanwhile
                if result.path is not None:
                    path = result.path
                    assert path[0] == a and path[-1] == b
                    assert all(max(abs(p[0] - q[0]), abs(p[1] - q[1])) == 1
                               for p, q in itertools.pairwise(path))
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not errors, errors[0]
    assert grid._derived._readers == []
    fresh = grid.copy()
    r = random.Random(9)
    for _ in range(40):
        a, b = r.choice(open_cells), r.choice(open_cells)
        if grid.passable(a) and grid.passable(b):
            for search in (wf.jps, wf.astar):
                got, want = search(grid, a, b), search(fresh, a, b)
                assert got.cost == pytest.approx(want.cost)
                assert got.reason == want.reason
    np.testing.assert_array_equal(components(grid), components(fresh))
    np.testing.assert_array_equal(scan_bitmaps(grid), scan_bitmaps(fresh))
