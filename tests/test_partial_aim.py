"""Partial paths of searches without a heuristic lead towards the goal (issue 28 item 2).

Dijkstra keeps no heuristic, so before the post-pass of :mod:`wayfinding._promising` its
partial path was the start alone on every tier.
"""

import math

import numpy as np
import pytest

import wayfinding as wf
from wayfinding._promising import lowest

START, GOAL = (0, 0), (29, 29)


class _Plain:
    """A generic-tier graph with its own heuristic (Manhattan)."""

    def __init__(self) -> None:
        self.grid = wf.SquareGrid(30, 30)

    def neighbors(self, location):
        return self.grid.neighbors(location)

    def heuristic(self, a, b):
        return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _graphs():
    square = wf.SquareGrid(30, 30)
    return {
        "square_grid": square,
        "grid_8way": wf.Grid(np.ones((30, 30), bool), diagonal=True),
        "csr_coordinates": wf.compile_graph(square, [START], coordinates=lambda v: v),
        "generic": _Plain(),
    }


@pytest.mark.parametrize("tier", ["square_grid", "grid_8way", "csr_coordinates", "generic"])
def test_dijkstra_partial_path_moves_towards_the_goal(tier):
    graph = _graphs()[tier]
    r = wf.dijkstra(graph, START, GOAL, max_expansions=50, partial=True)
    assert r.partial and r.reason is wf.StopReason.MAX_EXPANSIONS
    assert r.path[0] == START and len(r.path) > 1 and r.goal == r.path[-1]
    assert r.cost == r.cost_so_far[r.path[-1]]
    for a, b in zip(r.path, r.path[1:], strict=False):  # each step as the search made it
        assert r.came_from[b] == a

    def distance(location):
        dx, dy = abs(location[0] - GOAL[0]), abs(location[1] - GOAL[1])
        return max(dx, dy) + (math.sqrt(2) - 1) * min(dx, dy) if tier == "grid_8way" \
            else dx + dy if tier != "csr_coordinates" else math.hypot(dx, dy)

    best = min(distance(location) for location in r.cost_so_far)
    assert distance(r.path[-1]) == pytest.approx(best)


def test_several_goals_aim_at_the_nearest():
    r = wf.dijkstra(wf.SquareGrid(30, 30), (15, 0), [(0, 29), (29, 0)], max_expansions=20,
                    partial=True)
    assert r.path[-1][0] > 15 and r.path[-1][1] == 0


@pytest.mark.parametrize("tier", ["square_grid", "csr_coordinates", "generic"])
def test_without_partial_or_when_found_nothing_moves(tier):
    graph = _graphs()[tier]
    assert wf.dijkstra(graph, START, GOAL, max_expansions=50).path is None
    found = wf.dijkstra(graph, START, (1, 1), partial=True)
    assert not found.partial and found.path[-1] == (1, 1) and found.cost == 2.0


def test_a_graph_with_no_distance_keeps_the_start():
    graph = wf.SimpleGraph({0: [1], 1: [2], 2: [3], 3: []})
    r = wf.dijkstra(graph, 0, 3, max_expansions=2, partial=True)
    assert r.path == [0] and r.partial


def test_a_predicate_goal_keeps_the_search_answer():
    r = wf.dijkstra(wf.SquareGrid(30, 30), START, lambda v: v == GOAL, max_expansions=5,
                    partial=True)
    assert r.path == [START]


def test_lowest_breaks_ties_by_cost_and_ignores_nan():
    assert lowest(np.array([2.0, 1.0, 1.0]), np.array([0.0, 3.0, 2.0])) == 2
    assert lowest(np.array([np.nan, 5.0]), np.array([0.0, 1.0])) == 1


@pytest.mark.parametrize("search", [wf.dijkstra, wf.breadth_first_search])
def test_an_unreachable_goal_gives_the_nearest_reachable_cell(search):
    grid = wf.Grid.from_ascii("...#.\n...#.")
    r = search(grid, (0, 0), (4, 1), partial=True)
    assert r.reason is wf.StopReason.EXHAUSTED and r.partial and r.path[-1] == (2, 1)
    assert search(grid, (0, 0), (4, 1)).path is None
