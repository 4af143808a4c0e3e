"""A paused search and an edited grid (issue 28 item 3): ``stale``, ``restart`` and the
components shortcut."""

from __future__ import annotations

import pytest

import wayfinding as wf
from wayfinding.grid.resumable import GridAStarSearch

CORRIDOR = """
..........
#########.
..........
"""
START, GOAL, GAP = (0, 0), (0, 2), (9, 1)


def _search(kind, grid, start=START, goal=GOAL):
    if kind == "AStarSearch":
        return wf.AStarSearch(grid, start, goal)
    if kind == "GridAStarSearch":
        return GridAStarSearch(grid, start, goal)
    return GridAStarSearch(grid, start, lambda cell: cell == goal)  # the generic engine


KINDS = ["AStarSearch", "GridAStarSearch", "predicate_goal"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_wall_on_the_only_route_makes_the_search_stale(kind):
    grid = wf.Grid.from_ascii(CORRIDOR)
    search = _search(kind, grid)
    assert not search.step(max_expansions=3) and not search.stale
    grid.set_wall(GAP)
    assert search.stale
    while not search.step(max_expansions=3):
        pass
    assert GAP in search.result.path and search.stale  # the old version's answer, flagged


@pytest.mark.parametrize("kind", KINDS)
def test_restart_searches_the_grid_as_it_is_now(kind):
    grid = wf.Grid.from_ascii(CORRIDOR)
    search = _search(kind, grid)
    search.step(max_expansions=3)
    grid.set_wall(GAP)
    search.restart()
    assert (not search.stale and search.expanded == 0 and search.result is None) \
        or search.done
    while not search.step(max_expansions=3):
        pass
    assert search.result.path is None and not search.stale
    assert search.result.reason in (wf.StopReason.DISCONNECTED, wf.StopReason.EXHAUSTED)


@pytest.mark.parametrize("kind", ["AStarSearch", "GridAStarSearch"])
def test_an_unreachable_goal_ends_at_once(kind):
    grid = wf.Grid.from_ascii(CORRIDOR.replace("#########.", "##########"))
    search = _search(kind, grid)
    assert search.done and search.step(max_expansions=1)
    assert search.result.reason is wf.StopReason.DISCONNECTED and search.result.path is None
    assert search.expanded == 0 and search.partial_path() == [START]


def test_a_graph_without_versions_is_never_stale_and_restarts():
    graph = wf.SimpleGraph({"a": {"b": 1.0}, "b": {"c": 1.0}, "c": {}})
    search = wf.AStarSearch(graph, "a", "c")
    search.step(max_expansions=1)
    assert not search.stale and search.expanded == 1
    search.restart()
    assert search.expanded == 0 and search.step() and search.result.path == ["a", "b", "c"]
