"""Grids edited by one thread while others search (issue: trust under faults).

The contract (see :class:`wayfinding.Grid`): edits are atomic; derived data (flat arrays,
plans, component labels) is built under the grid's lock and stamped with the version it
was built from, so data built while an edit waits is never kept as current; a search that
starts after an edit returns sees the edited grid.
"""

from __future__ import annotations

import itertools
import random
import threading

import numpy as np
import pytest

import wayfinding as wf


def _wall_with_gap(width: int, height: int, gap: int) -> np.ndarray:
    passable = np.ones((height, width), dtype=bool)
    passable[:, width // 2] = False
    passable[gap, width // 2] = True
    return passable


class _PausingGrid(wf.Grid):
    """A grid whose flat-array build pauses until told (or 0.5 s), to place an edit
    exactly inside a build of derived data."""

    building: threading.Event
    edited: threading.Event

    def _build_flat(self):  # type: ignore[override]
        flat = super()._build_flat()
        self.building.set()
        self.edited.wait(0.5)
        return flat


def test_an_edit_during_a_build_never_leaves_stale_data_current():
    grid = _PausingGrid(_wall_with_gap(40, 30, gap=15), diagonal=True)
    grid.building, grid.edited = threading.Event(), threading.Event()
    start, goal = (0, 15), (39, 15)
    first: list[object] = []

    def search() -> None:
        try:
            first.append(wf.astar(grid, start, goal))
        except BaseException as error:  # pragma: no cover - reported below
            first.append(error)

    searcher = threading.Thread(target=search)
    searcher.start()
    assert grid.building.wait(30)
    grid.set_wall((20, 15))  # close the only gap while the search builds its data
    grid.edited.set()
    searcher.join(30)
    assert first, "the first search did not finish"
    # that search answers for the grid before the edit (a path through the gap) or, when
    # the edit took the lock before its next piece of derived data (component labels),
    # for the grid after it (no path): either is a grid that existed, never a mix
    result = first[0]
    assert isinstance(result, wf.SearchResult), result
    if result.found:
        assert (20, 15) in result.path  # through the gap as it was
    else:
        assert result.reason in (wf.StopReason.DISCONNECTED, wf.StopReason.EXHAUSTED)
    after = wf.astar(grid, start, goal)
    fresh = wf.astar(wf.Grid(grid.passable_mask, diagonal=True), start, goal)
    assert fresh.path is None
    assert after.path is None, "the edit was lost: a stale cache was kept as current"
    assert not wf.connected(grid, start, goal)


def _valid(grid: wf.Grid, path: list[tuple[int, int]]) -> bool:
    return all(grid.passable(p) for p in path) and all(
        max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in itertools.pairwise(path))


@pytest.mark.parametrize("seed", [1, 2])
def test_racing_edits_and_searches_agree_with_a_fresh_grid(seed):
    """Threads search while another moves the gap in a wall. After each edit, once every
    search that was running during it has finished, the grid answers as a fresh copy of
    it does; at the end every kind of query agrees with a fresh copy."""
    rng = random.Random(seed)
    width, height = 240, 160
    grid = wf.Grid(_wall_with_gap(width, height, gap=0), diagonal=True)
    start, goal = (0, height // 2), (width - 1, height // 2)
    stop = threading.Event()
    errors: list[BaseException] = []
    rounds = [0, 0, 0]

    def search(me: int) -> None:
        try:
            while not stop.is_set():
                result = wf.astar(grid, start, goal)
                assert result.path is None or (result.path[0] == start
                                                and result.path[-1] == goal)
                wf.dijkstra(grid, start, goal, max_expansions=500)
                wf.connected(grid, start, goal)
                rounds[me] += 1
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)
            stop.set()

    def settle() -> None:
        """Wait until every searcher has begun and finished a whole round since now."""
        seen = list(rounds)
        while not stop.is_set() and any(r < s + 2 for r, s in zip(rounds, seen, strict=True)):
            stop.wait(0.001)

    searchers = [threading.Thread(target=search, args=(i,)) for i in range(3)]
    for thread in searchers:
        thread.start()
    stale = 0
    try:
        for _ in range(60):
            gap = rng.randrange(height)
            passable = _wall_with_gap(width, height, gap)
            if rng.random() < 0.3:
                passable[gap, width // 2] = False  # sometimes no gap at all
            grid.set_passable(passable)
            grid.set_wall((rng.randrange(width // 2), rng.randrange(height)), rng.random() < .5)
            settle()
            fresh = wf.Grid(grid.passable_mask, diagonal=True)
            if wf.connected(grid, start, goal) != wf.connected(fresh, start, goal) or (
                    wf.astar(grid, start, goal).cost != wf.astar(fresh, start, goal).cost):
                stale += 1
    finally:
        stop.set()
        for thread in searchers:
            thread.join(30)
    assert not errors, errors[0]
    assert stale == 0, f"{stale} edits were answered with data of an older grid"
    fresh = wf.Grid(grid.passable_mask, diagonal=True)
    for a, b in [(start, goal), ((1, 1), (width - 2, height - 2))]:
        if not (grid.passable(a) and grid.passable(b)):
            continue
        got, want = wf.astar(grid, a, b), wf.astar(fresh, a, b)
        assert got.cost == pytest.approx(want.cost)
        assert got.path is None or _valid(fresh, got.path)
        assert wf.connected(grid, a, b) == wf.connected(fresh, a, b)
        assert wf.jps(grid, a, b).cost == pytest.approx(want.cost)
    np.testing.assert_array_equal(grid.components(), fresh.components())


def test_edits_from_several_threads_are_all_kept():
    grid = wf.Grid(np.ones((50, 50), dtype=bool))
    cells = [(x, y) for x in range(50) for y in range(50) if (x + y) % 3 == 0]

    def edit(part: list[tuple[int, int]]) -> None:
        for cell in part:
            grid.set_wall(cell)
            grid.components()

    threads = [threading.Thread(target=edit, args=(cells[i::4],)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert grid.walls == frozenset(cells)
    assert grid.version == len(cells)
    np.testing.assert_array_equal(grid.components(), wf.Grid(grid.passable_mask).components())
