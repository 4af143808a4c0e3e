"""Kernels' helpers shared by the grid searches: may a step be taken, is a cell a goal.

``moves`` is the move table of :mod:`wayfinding.grid.flat` (rows ``(offset, corner_a,
corner_b, dx, dy)``, diagonals from row 4); ``passable`` the padded flat grid. All
``inline="always"``: a kernel's loop pays no call.
"""

from __future__ import annotations

from numba import njit

from ..._kernels.codes import RULE_ALWAYS, RULE_NEVER


@njit(cache=True, nogil=True, inline="always")
def blocked(passable, u, k, moves, rule, code, classes):  # pragma: no cover - numba
    """True when move ``k`` from cell ``u`` is not allowed.

    With ``classes`` (a compile-time constant) a step needs the terrain class ``code`` of
    ``u`` at both ends and at the orthogonal cells the corner rule checks; without, only
    that these cells are open (nonzero).
    """
    v = u + moves[k, 0]
    if classes:
        if passable[v] != code:
            return True
    elif passable[v] == 0:
        return True
    if k >= 4 and rule != RULE_ALWAYS:
        a = passable[u + moves[k, 1]]
        b = passable[u + moves[k, 2]]
        if classes:
            if rule == RULE_NEVER:
                return a != code or b != code
            return a != code and b != code
        if rule == RULE_NEVER:
            return a == 0 or b == 0
        return a == 0 and b == 0
    return False


@njit(cache=True, nogil=True, inline="always")
def mark_goals(goals, n_goals, goal_mark, gen):  # pragma: no cover - numba
    """Stamp the goals with ``gen`` when there are several (one is compared directly)."""
    if n_goals > 1:
        for i in range(n_goals):
            goal_mark[goals[i]] = gen


@njit(cache=True, nogil=True, inline="always")
def is_goal(u, n_goals, goal0, goal_mark, gen):  # pragma: no cover - numba
    """True when cell ``u`` is a goal (``goal0``: the first goal)."""
    if n_goals == 1:
        return u == goal0
    return n_goals > 1 and goal_mark[u] == gen
