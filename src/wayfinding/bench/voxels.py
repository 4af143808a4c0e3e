"""An independent check of a path in a 3-D voxel map, under the MovingAI 3-D benchmark's
rules (Brewer and Sturtevant, SoCS 2018), for ``wayfinding bench`` on ``.3dscen`` files.

The check works on the voxels' passability alone and shares no code with the searches: a
path is valid when it starts at the start, ends at the goal, every voxel is in the map
and open, every step moves to one of the 26 neighbours, and every voxel of the box a
step spans is open (for ``(1, 1, 0)`` the two voxels beside the edge it passes, for
``(1, 1, 1)`` all six other voxels of the cube). Its cost is recomputed as the sum of
``sqrt(axes moved)`` over the steps.

Examples
--------
>>> import numpy as np
>>> open_ = np.ones((2, 2, 2), bool)  # [z, y, x]
>>> check_voxel_path(open_, (0, 0, 0), (1, 1, 1), [(0, 0, 0), (1, 1, 1)]).valid
True
>>> open_[1, 0, 0] = False
>>> check_voxel_path(open_, (0, 0, 0), (1, 1, 1), [(0, 0, 0), (1, 1, 1)]).problem
'step 1: (0, 0, 0) -> (1, 1, 1) passes the blocked voxel (0, 0, 1)'
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from .validate import PathCheck, path_cells

__all__ = ["VoxelChecker", "check_voxel_path", "voxel_components"]


def _bad(problem: str) -> PathCheck:
    return PathCheck(False, math.inf, problem)


def check_voxel_path(passable: np.ndarray, start: tuple[int, int, int],
                     goal: tuple[int, int, int], path: Sequence[Any] | None) -> PathCheck:
    """Check ``path`` (``(x, y, z)`` voxels) against ``passable`` (bool[Z, Y, X])."""
    cells = path_cells(path, start, goal, "(x, y, z) triples")
    if isinstance(cells, PathCheck):
        return cells
    voxels = [tuple(int(v) for v in row) for row in cells.tolist()]
    depth, height, width = passable.shape

    def free(x: int, y: int, z: int) -> bool:
        return 0 <= x < width and 0 <= y < height and 0 <= z < depth and bool(
            passable[z, y, x])

    total = 0.0
    for i, here in enumerate(voxels):
        if not free(*here):
            return _bad(f"step {i}: {here} is outside the map or blocked")
        if i == 0:
            continue
        before = voxels[i - 1]
        d = tuple(b - a for a, b in zip(before, here, strict=True))
        if max(abs(c) for c in d) != 1:
            return _bad(f"step {i}: {before} -> {here} is not a move to a neighbouring voxel")
        for offset in itertools.product(*[(0, c) if c else (0,) for c in d]):
            cell = tuple(a + o for a, o in zip(before, offset, strict=True))
            if not free(*cell):
                return _bad(f"step {i}: {before} -> {here} passes the blocked voxel {cell}")
        total += math.sqrt(sum(1 for c in d if c))
    return PathCheck(True, total, None)


def voxel_components(passable: np.ndarray) -> np.ndarray:
    """Connected components of the open voxels (0 where blocked, 1, 2, ... elsewhere).

    Under the benchmark's rule every voxel of a diagonal step's box is open, so a step can
    be replaced by face steps: the components are those of the 6 face neighbours. With
    scipy installed its labelling is used (fast on maps of 10^8 voxels), else a plain
    flood; neither shares code with the library.
    """
    try:
        from scipy import ndimage
    except ImportError:  # pragma: no cover - scipy comes with the test extra
        return _flood_labels(passable)
    labels, _ = ndimage.label(passable)
    return labels


def _flood_labels(passable: np.ndarray) -> np.ndarray:
    depth, height, width = passable.shape
    labels = np.zeros(passable.shape, dtype=np.int64)
    label = 0
    for seed in zip(*np.nonzero(passable), strict=True):
        if labels[seed]:
            continue
        label += 1
        labels[seed] = label
        frontier = [seed]
        while frontier:
            z, y, x = frontier.pop()
            for dz, dy, dx in ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1),
                               (0, 0, -1)):
                n = (z + dz, y + dy, x + dx)
                if 0 <= n[0] < depth and 0 <= n[1] < height and 0 <= n[2] < width and \
                        passable[n] and not labels[n]:
                    labels[n] = label
                    frontier.append(n)
    return labels


class VoxelChecker:
    """The voxels of one map, with their components computed on first need (the
    interface of :class:`wayfinding.bench.runner.MapChecker`)."""

    def __init__(self, passable: np.ndarray) -> None:
        self.passable = passable
        self._labels: np.ndarray | None = None

    def check(self, start: Any, goal: Any, path: Any) -> PathCheck:
        """:func:`check_voxel_path` on this map."""
        return check_voxel_path(self.passable, start, goal, path)

    def connected(self, start: tuple[int, int, int], goal: tuple[int, int, int]) -> bool:
        """True when a path from ``start`` to ``goal`` exists (independent flood)."""
        if self._labels is None:
            self._labels = voxel_components(self.passable)
        a = self._labels[start[2], start[1], start[0]]
        return bool(a > 0 and a == self._labels[goal[2], goal[1], goal[0]])

    def mismatch(self, start: tuple[int, int, int], goal: tuple[int, int, int]) -> str | None:
        """Why a scenario does not fit the map (an end outside it or blocked), or None."""
        depth, height, width = self.passable.shape
        for role, (x, y, z) in (("start", start), ("goal", goal)):
            if not (0 <= x < width and 0 <= y < height and 0 <= z < depth):
                return f"the scenario does not match the map: its {role} {(x, y, z)} is off it"
            if not self.passable[z, y, x]:
                return f"the scenario does not match the map: its {role} {(x, y, z)} is blocked"
        return None
