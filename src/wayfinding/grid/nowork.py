"""The answer of a grid search given no time at all (``max_seconds=0``): no work.

A budget of 0 promises no work, and on a large grid even the set-up of a search (the
per-version flat arrays and move tables, O(cells) on a fresh grid or after an edit) is
work: seconds on a large fresh grid (``benchmarks/NOTES.md``, "Batches and Python-side
costs"). So a search with ``max_seconds=0`` checks its
starts and goals (bad input raises as always) and answers at once, as a search stopped
before its first expansion: the starts reached at cost 0, nothing expanded, reason
``MAX_SECONDS``, and with ``partial=True`` the path ``[start]``.

Examples
--------
>>> import wayfinding as wf
>>> r = wf.astar(wf.Grid.from_ascii('...'), (0, 0), (2, 0), max_seconds=0, partial=True)
>>> r.path, r.reason.name, r.expanded, dict(r.cost_so_far)
([(0, 0)], 'MAX_SECONDS', 0, {(0, 0): 0.0})
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .._inputs import check_budget, starts_of
from ..heuristics import check_heuristic
from ..result import SearchResult, StopReason
from .grid import Grid
from .views import CameFromView, CostSoFarView, ReachedCells

__all__ = ["no_work", "zero_budget"]


def zero_budget(grid: Grid, max_seconds: Any, goal_list: list[Any] | None,
                heuristic: Any = None) -> bool:
    """True when a compiled search of ``grid`` is given ``max_seconds=0`` (checked, as is
    the kind of ``heuristic``): it answers by :func:`no_work` before any set-up."""
    if goal_list is None or not (grid.compiled and grid.standard):
        return False  # the generic tier serves it, and keeps its own zero budget
    if check_budget("max_seconds", max_seconds) != 0:
        return False
    check_heuristic(heuristic)
    return True


def no_work(grid: Grid, start: Any, goal_list: list[Any], partial: bool) -> SearchResult:
    """The result of a search from ``start`` to ``goal_list`` that may do no work (after
    checking both: InvalidLocationError as any search raises)."""
    starts = list(dict.fromkeys(grid.check_location(s, "start") for s in starts_of(start)))
    for goal in goal_list:
        grid.check_location(goal, "goal")
    xy = np.array(starts, dtype=np.int64).reshape(-1, 2)
    cells = ((xy[:, 1] + 1) * (grid.width + 2) + xy[:, 0] + 1).astype(np.int32)
    reached = ReachedCells(cells, np.zeros(len(starts)), np.full(len(starts), -1, np.int32),
                           grid.width, grid.height)
    path = [starts[0]] if partial and goal_list else None
    return SearchResult(path, 0.0 if path else math.inf, CameFromView(reached),
                        CostSoFarView(reached), 0, StopReason.MAX_SECONDS, path is not None,
                        None if path is None else path[0])
