"""Verdicts of the runner on hand-made results, and the independent component flood."""

from __future__ import annotations

import math
from collections import deque

import numpy as np
import pytest

from wayfinding.bench.loading import Query
from wayfinding.bench.runner import MapChecker, Stats, Status, evaluate
from wayfinding.bench.validate import SQRT2, check_path, component_labels, connected
from wayfinding.io.movingai import Scenario
from wayfinding.result import SearchResult, StopReason

# x: 0123
#    ..#.   y=0
#    ..#.   y=1
PASSABLE = np.array([[True, True, False, True], [True, True, False, True]])


def _query(start: tuple[int, int], goal: tuple[int, int], optimum: float) -> Query:
    return Query(Scenario(0, "m.map", 4, 2, start, goal, optimum), "m.scen", 2)


def _result(path: list[tuple[int, int]] | None, cost: float, partial: bool = False) -> SearchResult:
    reason = StopReason.FOUND if path is not None else StopReason.EXHAUSTED
    return SearchResult(path, cost, {}, {}, 7, reason, partial)


@pytest.mark.parametrize(
    ("start", "goal", "optimum", "path", "cost", "status", "problem"),
    [
        pytest.param((0, 0), (1, 1), 1.41421, [(0, 0), (1, 1)], SQRT2, Status.OPTIMAL, None,
                     id="optimal"),
        pytest.param((0, 0), (0, 0), 0.0, [(0, 0)], 0.0, Status.OPTIMAL, None,
                     id="start-is-goal"),
        pytest.param((0, 0), (3, 0), 0.0, None, math.inf, Status.OPTIMAL, None,
                     id="unreachable-confirmed"),
        pytest.param((0, 0), (1, 1), 1.41421, [(0, 0), (1, 0), (1, 1)], 2.0,
                     Status.NOT_OPTIMAL, "cost 2.00000000 but the optimum is 1.41421",
                     id="dearer"),
        pytest.param((0, 0), (1, 1), 2.0, [(0, 0), (1, 1)], SQRT2,
                     Status.NOT_OPTIMAL, "but the optimum is 2.0", id="cheaper"),
        pytest.param((0, 0), (3, 0), 5.0, None, math.inf, Status.NOT_OPTIMAL,
                     "not connected, but the scenario gives an optimum of 5.0",
                     id="scenario-wrongly-reachable"),
        pytest.param((0, 0), (1, 1), 1.41421, None, math.inf, Status.INVALID,
                     "no path returned, but start and goal are connected", id="missed-path"),
        pytest.param((0, 0), (1, 0), 0.0, [(0, 0), (1, 0)], 1.0, Status.NOT_OPTIMAL,
                     "marks the goal unreachable", id="scenario-wrongly-unreachable"),
        pytest.param((0, 0), (1, 0), 0.0, None, math.inf, Status.INVALID,
                     "no path returned, but start and goal are connected",
                     id="zero-optimum-but-connected"),
        pytest.param((0, 0), (3, 0), 0.0, None, 0.0, Status.INVALID,
                     "a cost of 0.0 instead of inf", id="no-path-with-finite-cost"),
        pytest.param((0, 0), (1, 1), 1.41421, [(0, 0), (1, 1)], 1.0, Status.INVALID,
                     "reported cost 1.0 but the path costs 1.414", id="cost-mismatch"),
        pytest.param((0, 0), (1, 1), 1.41421, [(0, 0), (2, 0), (1, 1)], 3.0, Status.INVALID,
                     "is a wall", id="through-wall"),
    ],
)
def test_verdicts(
    start: tuple[int, int], goal: tuple[int, int], optimum: float,
    path: list[tuple[int, int]] | None, cost: float, status: Status, problem: str | None,
) -> None:
    outcome = evaluate(_query(start, goal, optimum), MapChecker(PASSABLE), _result(path, cost),
                       1234)
    assert outcome.status is status, outcome.problem
    assert outcome.time_ns == 1234
    assert outcome.expanded == 7
    if problem is None:
        assert outcome.problem is None
    else:
        assert outcome.problem is not None and problem in outcome.problem


def test_partial_path_is_invalid() -> None:
    outcome = evaluate(_query((0, 0), (1, 1), 1.41421), MapChecker(PASSABLE),
                       _result([(0, 0), (1, 0)], 1.0, partial=True), 1)
    assert outcome.status is Status.INVALID
    assert outcome.problem == "the search returned a partial path"


def test_stats_of_outcomes() -> None:
    q = _query((0, 0), (1, 1), 1.41421)
    outcomes = [
        evaluate(q, MapChecker(PASSABLE), _result([(0, 0), (1, 1)], SQRT2), t)
        for t in (1000, 2000, 6000)
    ]
    outcomes.append(evaluate(q, MapChecker(PASSABLE), _result(None, math.inf), 3000))
    stats = Stats.of(outcomes)
    assert (stats.queries, stats.optimal, stats.invalid, stats.failed) == (4, 3, 1, 1)
    assert stats.median_us == 2.5
    assert stats.mean_us == 3.0
    assert stats.mean_expanded == 7.0
    assert set(stats.as_dict()) == {
        "queries", "optimal", "not_optimal", "invalid", "mismatched", "skipped", "median_us",
        "mean_us", "mean_expanded",
    }


def _naive_components(passable: np.ndarray) -> dict[tuple[int, int], int]:
    """8-way flood that checks the corner rule explicitly (no 4-way shortcut)."""
    height, width = passable.shape
    seen: dict[tuple[int, int], int] = {}
    label = 0
    for y in range(height):
        for x in range(width):
            if not passable[y, x] or (x, y) in seen:
                continue
            label += 1
            seen[(x, y)] = label
            frontier = deque([(x, y)])
            while frontier:
                cx, cy = frontier.popleft()
                for dx in (-1, 0, 1):
                    for dy in (-1, 0, 1):
                        nx, ny = cx + dx, cy + dy
                        if (dx, dy) == (0, 0) or not (0 <= nx < width and 0 <= ny < height):
                            continue
                        if not passable[ny, nx] or (nx, ny) in seen:
                            continue
                        if dx and dy and not (passable[cy, nx] and passable[ny, cx]):
                            continue
                        seen[(nx, ny)] = label
                        frontier.append((nx, ny))
    return seen


@pytest.mark.parametrize("seed", range(8))
def test_component_labels_match_an_8_way_flood(seed: int) -> None:
    rng = np.random.default_rng(seed)
    passable = rng.random((9, 13)) < 0.55
    labels = component_labels(passable)
    naive = _naive_components(passable)
    assert (labels > 0).tolist() == passable.tolist()
    cells = list(naive)
    for a in cells[::3]:
        for b in cells[::5]:
            assert connected(labels, a, b) == (naive[a] == naive[b])


def test_diagonal_only_contact_is_not_connected() -> None:
    labels = component_labels(np.array([[True, False], [False, True]]))
    assert not connected(labels, (0, 0), (1, 1))
    assert not connected(labels, (1, 0), (1, 0))  # a wall is connected to nothing


def test_check_path_keeps_to_one_terrain_class() -> None:
    passable = np.ones((2, 3), bool)
    classes = np.array([[0, 0, 1], [0, 0, 1]])
    assert check_path(passable, (0, 0), (1, 1), [(0, 0), (1, 1)], classes).valid
    step_in = check_path(passable, (1, 0), (2, 0), [(1, 0), (2, 0)], classes)
    assert step_in.problem == "step 1: (2, 0) is a wall or of another terrain class"
    cut = check_path(np.ones((2, 2), bool), (0, 0), (1, 1), [(0, 0), (1, 1)],
                     np.array([[0, 1], [0, 0]]))
    assert "(or of a cell of another terrain class)" in cut.problem
    labels = component_labels(passable, classes)
    assert labels[0, 0] == labels[1, 1] != labels[0, 2] == labels[1, 2]
