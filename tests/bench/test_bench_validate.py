"""The independent path checker catches every kind of invalid path."""

from __future__ import annotations

import math
import re
from typing import Any

import numpy as np
import pytest

from wayfinding.bench.validate import SQRT2, check_path, costs_agree

Loc = tuple[int, int]

# x: 0123
#    ....   y=0
#    .#..   y=1
#    ....   y=2
PASSABLE = np.array(
    [
        [True, True, True, True],
        [True, False, True, True],
        [True, True, True, True],
    ]
)


@pytest.mark.parametrize(
    ("start", "goal", "path", "cost"),
    [
        pytest.param((0, 0), (0, 0), [(0, 0)], 0.0, id="start-is-goal"),
        pytest.param((0, 0), (3, 0), [(0, 0), (1, 0), (2, 0), (3, 0)], 3.0, id="straight"),
        pytest.param((2, 0), (3, 1), [(2, 0), (3, 1)], SQRT2, id="one-diagonal"),
        pytest.param((0, 0), (3, 2), [(0, 0), (1, 0), (2, 0), (3, 1), (3, 2)], 3 + SQRT2,
                     id="mixed"),
        pytest.param((0, 0), (2, 2), [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)], 4.0,
                     id="around-the-wall"),
        pytest.param((0, 0), (0, 0), [(0, 0), (1, 0), (0, 0)], 2.0, id="detour-back-to-start"),
        pytest.param((0, 0), (1, 0), np.array([[0, 0], [1, 0]]), 1.0, id="numpy-path"),
        pytest.param((0, 0), (1, 0), [(np.int64(0), np.int32(0)), (1, 0)], 1.0,
                     id="numpy-ints"),
    ],
)
def test_valid_paths(start: Loc, goal: Loc, path: Any, cost: float) -> None:
    check = check_path(PASSABLE, start, goal, path)
    assert check.valid, check.problem
    assert check.problem is None
    assert check.cost == pytest.approx(cost, abs=1e-12)


@pytest.mark.parametrize(
    ("start", "goal", "path", "problem"),
    [
        pytest.param((0, 0), (3, 0), None, r"no path returned", id="none"),
        pytest.param((0, 0), (3, 0), [], r"non-empty sequence of \(x, y\) pairs", id="empty"),
        pytest.param((0, 0), (3, 0), [0, 1, 2], r"non-empty sequence of \(x, y\) pairs",
                     id="flat"),
        pytest.param((0, 0), (3, 0), [(0, 0, 0)], r"non-empty sequence", id="triples"),
        pytest.param((0, 0), (3, 0), [(0, 0), "ab"], r"not a sequence of \(x, y\) pairs",
                     id="garbage"),
        pytest.param((0, 0), (3, 0), [(1, 0), (2, 0), (3, 0)],
                     r"starts at \(1, 0\), not at the start \(0, 0\)", id="wrong-start"),
        pytest.param((0, 0), (3, 0), [(0, 0), (1, 0), (2, 0)],
                     r"ends at \(2, 0\), not at the goal \(3, 0\)", id="wrong-goal"),
        pytest.param((0, 0), (3, 0), [(0, 0), (2, 0), (3, 0)],
                     r"step 1: \(0, 0\) -> \(2, 0\) is not a move to a neighbouring cell",
                     id="jump"),
        pytest.param((0, 0), (3, 0), [(0, 0), (0, 0), (1, 0), (2, 0), (3, 0)],
                     r"step 1: \(0, 0\) -> \(0, 0\) is not a move", id="standing-still"),
        pytest.param((0, 0), (0, 2), [(0, 0), (1, 1), (0, 2)], r"step 1: \(1, 1\) is a wall",
                     id="wall"),
        pytest.param((0, 0), (0, 2), [(0, 0), (-1, 1), (0, 2)],
                     r"step 1: \(-1, 1\) is outside the 4x3 map", id="outside"),
        pytest.param((1, 0), (2, 1), [(1, 0), (2, 1)],
                     r"step 1: diagonal \(1, 0\) -> \(2, 1\) cuts the corner of the wall at "
                     r"\(1, 1\)", id="corner-cut-vertical"),
        pytest.param((0, 1), (1, 2), [(0, 1), (1, 2)],
                     r"step 1: diagonal \(0, 1\) -> \(1, 2\) cuts the corner of the wall at "
                     r"\(1, 1\)", id="corner-cut-horizontal"),
        pytest.param((2, 2), (2, 0), [(2, 2), (2, 1), (1, 0), (2, 0)],
                     r"step 2: diagonal \(2, 1\) -> \(1, 0\) cuts the corner", id="corner-later"),
    ],
)
def test_invalid_paths(start: Loc, goal: Loc, path: Any, problem: str) -> None:
    check = check_path(PASSABLE, start, goal, path)
    assert not check.valid
    assert check.cost == math.inf
    assert check.problem is not None
    assert re.search(problem, check.problem), check.problem


@pytest.mark.parametrize(
    ("reported", "recomputed", "agree"),
    [
        (3 + SQRT2, SQRT2 + 3, True),
        (1000 * SQRT2, sum([SQRT2] * 1000), True),
        (3.0, 3.0001, False),
        (2 + SQRT2, 3.0, False),
        (math.inf, 3.0, False),
        (math.nan, 3.0, False),
    ],
)
def test_costs_agree(reported: float, recomputed: float, agree: bool) -> None:
    assert costs_agree(reported, recomputed) is agree
