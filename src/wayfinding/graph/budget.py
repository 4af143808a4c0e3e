"""Budgets of the generic searches that are not best-first (depth-first family, Yen,
Bellman-Ford, fringe and beam search): an expansion count and a deadline, checked once
per expansion (the clock every 64).

Examples
--------
>>> budget = Budget(max_expansions=2, max_seconds=None)
>>> budget.spent(1), budget.spent(2)
(None, <StopReason.MAX_EXPANSIONS: 'max_expansions'>)
>>> Budget(None, 0).spent(0)
<StopReason.MAX_SECONDS: 'max_seconds'>
"""

from __future__ import annotations

import sys
import time
from typing import Any

from .._inputs import check_budget
from ..result import SearchResult, StopReason, reconstruct_path

__all__ = ["Budget", "stop_at"]

_CLOCK_EVERY = 64


class Budget:
    """``max_expansions`` and ``max_seconds`` of one call (validated here: finite
    numbers >= 0 or None); the clock starts now."""

    __slots__ = ("_calls", "deadline", "limit")

    def __init__(self, max_expansions: Any, max_seconds: Any) -> None:
        limit = check_budget("max_expansions", max_expansions, integer=True)
        seconds = check_budget("max_seconds", max_seconds)
        self.limit = sys.maxsize if limit is None else limit
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self._calls = 0

    def spent(self, expanded: int) -> StopReason | None:
        """Why the search must stop now, having expanded ``expanded`` locations (None:
        go on)."""
        if expanded >= self.limit:
            return StopReason.MAX_EXPANSIONS
        if self.deadline is not None:
            self._calls -= 1
            if self._calls <= 0:
                self._calls = _CLOCK_EVERY
                if time.perf_counter() >= self.deadline:
                    return StopReason.MAX_SECONDS
        return None


def stop_at(node: Any, g: float, target: Any, starts: list[Any], came_from: dict[Any, Any],
            cost_so_far: dict[Any, float], expanded: int,
            budget: Budget) -> SearchResult | None:
    """The answer of a best-first search about to expand ``node`` (reached at cost ``g``):
    found when ``node`` is a goal (``target(node)``), stopped when ``budget`` is spent;
    None: expand it."""
    if target(node):
        path = reconstruct_path(came_from, starts, node)
        assert path is not None
        return SearchResult.reached(path, g, came_from, cost_so_far, expanded)
    if (reason := budget.spent(expanded)) is not None:
        return SearchResult.unreachable(reason, came_from, cost_so_far, expanded)
    return None
