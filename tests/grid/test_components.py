"""Connected-component labels: against a plain BFS over grid.neighbors, caching, errors."""

from __future__ import annotations

from collections import deque

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wayfinding import CornerCutting, Grid, InvalidLocationError
from wayfinding.grid.components import component_labels, components, connected

from ..strategies import RULE_IDS, RULES


def oracle_partition(grid: Grid) -> set[frozenset]:
    """Components as sets of cells, by BFS over the public graph protocol."""
    seen: set = set()
    parts = set()
    for y in range(grid.height):
        for x in range(grid.width):
            if not grid.passable((x, y)) or (x, y) in seen:
                continue
            part = {(x, y)}
            frontier = deque([(x, y)])
            while frontier:
                current = frontier.popleft()
                for nxt in grid.neighbors(current):
                    if nxt not in part:
                        part.add(nxt)
                        frontier.append(nxt)
            seen |= part
            parts.add(frozenset(part))
    return parts


def partition_of(labels: np.ndarray) -> set[frozenset]:
    parts: dict[int, set] = {}
    for (y, x), label in np.ndenumerate(labels):
        if label >= 0:
            parts.setdefault(int(label), set()).add((x, y))
    return {frozenset(p) for p in parts.values()}


masks = st.integers(1, 9).flatmap(
    lambda h: st.integers(1, 9).flatmap(
        lambda w: st.lists(st.booleans(), min_size=h * w, max_size=h * w).map(
            lambda cells: np.array(cells, dtype=bool).reshape(h, w)
        )
    )
)


@pytest.mark.parametrize("rule", RULES, ids=RULE_IDS)
@given(mask=masks)
def test_labels_match_bfs_oracle(rule, mask):
    grid = Grid(mask, **rule)
    labels = components(grid)
    assert labels.shape == mask.shape and labels.dtype == np.int32
    assert ((labels == -1) == ~mask).all()
    assert partition_of(labels) == oracle_partition(grid)
    assert component_labels(grid).count == len(oracle_partition(grid))


def test_diagonal_squeeze_joins_only_when_corners_may_be_cut():
    picture = """
    .#
    #.
    """
    assert components(Grid.from_ascii(picture, diagonal=True))[1, 1] == 1
    always = Grid.from_ascii(picture, diagonal=True, corner_cutting=CornerCutting.ALWAYS)
    assert components(always)[1, 1] == 0


def test_labels_are_cached_until_an_edit():
    grid = Grid.from_ascii("...")
    first = components(grid)
    assert components(grid) is first
    assert connected(grid, (0, 0), (2, 0))
    grid.set_wall((1, 0))
    assert components(grid) is not first
    assert not connected(grid, (0, 0), (2, 0))
    grid.set_wall((1, 0), wall=False)
    assert connected(grid, (0, 0), (2, 0))


def test_labels_are_read_only():
    labels = components(Grid.from_ascii(".."))
    with pytest.raises(ValueError, match="read-only"):
        labels[0, 0] = 5


SPLIT = """
..#..
..#..
"""


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ((0, 0), (1, 1), True),
        ((0, 0), (4, 1), False),
        ([(0, 0), (3, 0)], (4, 1), True),
        ((0, 0), {(3, 0), (4, 1)}, False),
        (frozenset({(0, 0)}), [(1, 0), (4, 0)], True),
        ([], (0, 0), False),
        ((0, 0), set(), False),
    ],
)
def test_connected(a, b, expected):
    assert connected(Grid.from_ascii(SPLIT), a, b) is expected


@pytest.mark.parametrize(
    ("a", "b", "match"),
    [
        ((2, 0), (0, 0), r"start \(2, 0\) is a wall"),
        ((0, 0), (9, 0), r"goal \(9, 0\) is outside the 5x2 grid"),
        ([(0, 0), (0, 7)], (0, 0), r"start \(0, 7\) is outside"),
        ((0, 0), [(2, 1)], r"goal \(2, 1\) is a wall"),
        ((0.5, 0), (0, 0), r"start must be an \(x, y\) pair of integers"),
    ],
)
def test_connected_rejects_bad_locations(a, b, match):
    with pytest.raises(InvalidLocationError, match=match):
        connected(Grid.from_ascii(SPLIT), a, b)


def test_large_open_grid_is_one_component():
    grid = Grid(np.ones((300, 400), bool), diagonal=True)
    labels = components(grid)
    assert component_labels(grid).count == 1 and (labels == 0).all()
