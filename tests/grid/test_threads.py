"""Searches on one grid from several threads at once: every result is right.

Each thread has its own workspace and the kernels release the GIL, so the searches really
overlap; a shared buffer would show up as wrong costs, broken paths or mixed-up views.
"""

from __future__ import annotations

import threading

import numpy as np
import pytest

from wayfinding import Grid
from wayfinding.grid import search, workspace

from ..reference import assert_valid_path, grid_edges

N_THREADS = 6
QUERIES_PER_THREAD = 40


@pytest.fixture(scope="module")
def case():
    rng = np.random.default_rng(12)
    passable = rng.random((60, 80)) >= 0.3
    costs = rng.integers(1, 5, size=passable.shape).astype(float)
    grid = Grid(passable, costs, diagonal=True)
    ys, xs = np.nonzero(passable)
    cells = list(zip(xs.tolist(), ys.tolist(), strict=True))
    pairs = [(cells[i], cells[j]) for i, j in rng.integers(len(cells), size=(120, 2))]
    expected = {pair: search.astar(grid, *pair) for pair in pairs}
    edges = grid_edges(passable, costs, diagonal=True)
    return grid, pairs, expected, edges


def test_searches_from_many_threads_agree_with_one_thread(case):
    grid, pairs, expected, edges = case
    failures: list[str] = []
    barrier = threading.Barrier(N_THREADS)

    def work(seed: int) -> None:
        rng = np.random.default_rng(seed)
        barrier.wait()
        for k in rng.integers(len(pairs), size=QUERIES_PER_THREAD):
            start, goal = pairs[k]
            want = expected[(start, goal)]
            kind = k % 3
            if kind == 0:
                got = search.astar(grid, start, goal)
            elif kind == 1:
                got = search.dijkstra(grid, start, goal)
            else:
                got = search.astar(grid, start, goal, max_expansions=1_000_000, partial=True)
                if got.partial:  # unreachable: a path to the cell nearest the goal instead
                    goal = got.goal
                    want = expected.get((start, goal), got)
            if got.cost != pytest.approx(want.cost):
                failures.append(f"{start}->{goal}: cost {got.cost} != {want.cost}")
            elif got.path is not None:
                try:
                    assert_valid_path(edges, got.path, [start], [goal], got.cost)
                    assert got.cost_so_far[goal] == pytest.approx(got.cost)
                except AssertionError as error:
                    failures.append(f"{start}->{goal}: {error}")

    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(N_THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures, failures[:5]


def test_each_thread_has_its_own_workspace():
    seen: dict[int, workspace.Workspace] = {}

    def grab(i: int) -> None:
        ws = workspace.acquire(10)
        seen[i] = ws
        workspace.release(ws)

    threads = [threading.Thread(target=grab, args=(i,)) for i in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len({id(ws) for ws in seen.values()}) == 3


def test_a_search_inside_a_search_gets_a_private_workspace():
    outer = workspace.acquire(10)
    try:
        inner = workspace.acquire(10)
        assert inner is not outer and inner.busy
        workspace.release(inner)
    finally:
        workspace.release(outer)
    again = workspace.acquire(5)
    assert again is outer
    workspace.release(again)
