"""An independent check of a path on a MovingAI-rules grid.

The check works directly on the passability array and shares no code with the searches:
a path is valid when it starts at the start, ends at the goal, every cell is on the map
and passable, every step moves to one of the 8 neighbouring cells, and every diagonal step
has both orthogonal cells passable (no corner cutting). On a map with terrain classes
(ground and water under the benchmark's rule) every step also stays in one class: both
ends, and for a diagonal both orthogonal cells, are of the start's class. Its cost is
recomputed as ``straight steps + sqrt(2) * diagonal steps``.

Examples
--------
>>> import numpy as np
>>> passable = np.array([[True, True], [True, False]])
>>> check_path(passable, (0, 1), (1, 0), [(0, 1), (0, 0), (1, 0)])
PathCheck(valid=True, cost=2.0, problem=None)
>>> check_path(passable, (0, 1), (1, 0), [(0, 1), (1, 0)]).problem
'step 1: diagonal (0, 1) -> (1, 0) cuts the corner of the wall at (1, 1)'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

__all__ = [
    "SQRT2",
    "PathCheck",
    "check_path",
    "component_labels",
    "connected",
    "costs_agree",
    "path_cells",
]

SQRT2 = math.sqrt(2.0)


class PathCheck(NamedTuple):
    """The verdict on one path."""

    #: True when the path is a legal 8-way, no-corner-cutting walk from start to goal.
    valid: bool
    #: Recomputed cost (straight steps + sqrt 2 per diagonal); ``inf`` when invalid.
    cost: float
    #: What is wrong, naming the step and cells; ``None`` when valid.
    problem: str | None


def _bad(problem: str) -> PathCheck:
    return PathCheck(False, math.inf, problem)


def path_cells(path: Sequence[Any] | None, start: Sequence[int], goal: Sequence[int],
               what: str) -> np.ndarray | PathCheck:
    """``path`` as int64[L, len(start)] (the 2-D and 3-D checks share it), or the
    :class:`PathCheck` refusing it: no path, not integers, empty or of other rows (``what``
    names the rows: ``"(x, y) pairs"``), or not from ``start`` to ``goal``.

    >>> path_cells([(0, 0), (1, 0)], (0, 0), (1, 0), "(x, y) pairs").tolist()
    [[0, 0], [1, 0]]
    >>> path_cells([(0, 0)], (0, 0), (1, 0), "(x, y) pairs").problem
    'the path ends at (0, 0), not at the goal (1, 0)'
    """
    if path is None:
        return _bad("no path returned")
    try:
        cells = np.asarray(path, dtype=np.int64)
    except (TypeError, ValueError):
        return _bad(f"the path is not a sequence of {what} of integers")
    if cells.ndim != 2 or cells.shape[1] != len(start) or len(cells) == 0:
        return _bad(f"the path must be a non-empty sequence of {what}, got {path!r:.60}")
    first, last = tuple(int(v) for v in cells[0]), tuple(int(v) for v in cells[-1])
    if first != tuple(start):
        return _bad(f"the path starts at {first}, not at the start {tuple(start)}")
    if last != tuple(goal):
        return _bad(f"the path ends at {last}, not at the goal {tuple(goal)}")
    return cells


def check_path(
    passable: np.ndarray,
    start: tuple[int, int],
    goal: tuple[int, int],
    path: Sequence[Any] | None,
    classes: np.ndarray | None = None,
) -> PathCheck:
    """Check ``path`` against the map ``passable`` (bool[H, W], indexed ``[y, x]``).

    Parameters
    ----------
    passable : numpy.ndarray of bool, shape (H, W)
        True where a unit may stand.
    classes : numpy.ndarray of int, shape (H, W), optional
        Terrain class of each cell: every cell of the path, and the orthogonal cells of
        each diagonal step, must be of the start's class. None: one class.
    start, goal : tuple of int
        ``(x, y)`` the path must begin and end at (they may be equal: a one-cell path).
    path : sequence of (x, y), or None
        The path to check, start and goal included.

    Returns
    -------
    PathCheck
        ``valid``, the recomputed ``cost``, and the first ``problem`` found.

    Examples
    --------
    >>> import numpy as np
    >>> check_path(np.ones((1, 1), bool), (0, 0), (0, 0), [(0, 0)]).cost
    0.0
    >>> check_path(np.ones((1, 3), bool), (0, 0), (2, 0), [(0, 0), (2, 0)]).problem
    'step 1: (0, 0) -> (2, 0) is not a move to a neighbouring cell'
    """
    cells = path_cells(path, start, goal, "(x, y) pairs")
    if isinstance(cells, PathCheck):
        return cells
    xs, ys = cells[:, 0], cells[:, 1]
    height, width = passable.shape
    inside = (xs >= 0) & (xs < width) & (ys >= 0) & (ys < height)
    if not inside.all():
        i = int(np.argmin(inside))
        return _bad(f"step {i}: {_cell(xs, ys, i)} is outside the {width}x{height} map")
    if classes is not None:
        # one class: as if the cells of every other class were walls
        passable = passable & (classes == classes[ys[0], xs[0]])
    on_floor = passable[ys, xs]
    if not on_floor.all():
        i = int(np.argmin(on_floor))
        what = "a wall" if classes is None else "a wall or of another terrain class"
        return _bad(f"step {i}: {_cell(xs, ys, i)} is {what}")
    dx, dy = np.diff(xs), np.diff(ys)
    adjacent = np.maximum(np.abs(dx), np.abs(dy)) == 1
    if not adjacent.all():
        i = int(np.argmin(adjacent))
        return _bad(
            f"step {i + 1}: {_cell(xs, ys, i)} -> {_cell(xs, ys, i + 1)} "
            "is not a move to a neighbouring cell"
        )
    diagonal = (dx != 0) & (dy != 0)
    # Both orthogonal cells of a diagonal step: (x + dx, y) and (x, y + dy).
    side_a = passable[ys[:-1], xs[:-1] + dx]
    side_b = passable[ys[:-1] + dy, xs[:-1]]
    cut = diagonal & ~(side_a & side_b)
    if cut.any():
        i = int(np.argmax(cut))
        x, y = int(xs[i]), int(ys[i])
        wall = (x + int(dx[i]), y) if not side_a[i] else (x, y + int(dy[i]))
        return _bad(
            f"step {i + 1}: diagonal {_cell(xs, ys, i)} -> {_cell(xs, ys, i + 1)} "
            f"cuts the corner of the wall at {wall}"
            + ("" if classes is None else " (or of a cell of another terrain class)")
        )
    n_diagonal = int(diagonal.sum())
    n_straight = len(dx) - n_diagonal
    return PathCheck(True, n_straight + SQRT2 * n_diagonal, None)


def connected(labels: np.ndarray, start: tuple[int, int], goal: tuple[int, int]) -> bool:
    """True when ``start`` and ``goal`` are passable and in one component of ``labels``.

    Examples
    --------
    >>> labels = component_labels(np.array([[True, False, True]]))
    >>> connected(labels, (0, 0), (2, 0)), connected(labels, (0, 0), (0, 0))
    (False, True)
    """
    a = labels[start[1], start[0]]
    return bool(a > 0 and a == labels[goal[1], goal[0]])


def component_labels(passable: np.ndarray, classes: np.ndarray | None = None) -> np.ndarray:
    """Connected components of the passable cells (0 on walls, 1, 2, ... elsewhere).

    Under the MovingAI rule a diagonal step needs both orthogonal cells passable (and of
    its class), so it can always be replaced by two straight steps: the components are
    those of 4-way movement within a terrain class (``classes``, None: one class). A
    plain flood, sharing no code with the library.

    Examples
    --------
    >>> component_labels(np.array([[True, False], [False, True]])).tolist()
    [[1, 0], [0, 2]]
    """
    height, width = passable.shape
    stride = width + 2
    free = np.zeros((height + 2, stride), dtype=bool)
    free[1:-1, 1:-1] = passable
    flat_free = free.ravel().tolist()
    kind = np.zeros((height + 2, stride), dtype=np.int64)
    if classes is not None:
        kind[1:-1, 1:-1] = classes
    flat_kind = kind.ravel().tolist()
    labels = [0] * len(flat_free)
    steps = (1, -1, stride, -stride)
    label = 0
    for seed in np.flatnonzero(free.ravel()).tolist():
        if labels[seed]:
            continue
        label += 1
        labels[seed] = label
        frontier = [seed]
        while frontier:
            current = frontier.pop()
            for step in steps:
                nxt = current + step
                if flat_free[nxt] and not labels[nxt] and flat_kind[nxt] == flat_kind[current]:
                    labels[nxt] = label
                    frontier.append(nxt)
    grid = np.array(labels, dtype=np.int32).reshape(height + 2, stride)
    return grid[1:-1, 1:-1].copy()


def costs_agree(reported: float, recomputed: float) -> bool:
    """True when a search's reported cost equals the recomputed one up to float error.

    Examples
    --------
    >>> costs_agree(1 + SQRT2, SQRT2 + 1), costs_agree(3.0, 3.001)
    (True, False)
    """
    return abs(float(reported) - recomputed) <= 1e-9 * max(1.0, abs(recomputed))


def _cell(xs: np.ndarray, ys: np.ndarray, i: int) -> tuple[int, int]:
    return (int(xs[i]), int(ys[i]))
