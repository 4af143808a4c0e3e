"""Kernels' helpers shared by the grid kernels: may a step be taken, is a cell a goal.

``moves`` is the move table of :mod:`wayfinding.grid.flat` (rows ``(offset, corner_a,
corner_b, dx, dy)``, diagonals from row 4); ``passable`` the padded flat grid. All but
:func:`mark_goals` are ``inline="always"``: a kernel's loop pays no call. ``mark_goals``
runs once per search, so it is compiled once and called: numba's inlining copies the
callee's IR into every kernel at every site, and the first A* with an empty cache
compiles 9% faster without these copies (with ``bestfirst.goal_landmarks``: 6.3 -> 5.7 s).
The searches use :func:`blocked`; the kernels of fields, replanning, any-angle search
and turn costs :func:`step_allowed`.
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
def step_allowed(passable, u, k, moves, rule):  # pragma: no cover - numba
    """True when move ``k`` from padded cell ``u`` lands on an open cell and the corner
    rule allows it (one terrain class). Whether ``u`` itself is open is the caller's
    business. The rule is symmetric: move ``k`` from ``u`` to ``v`` exists exactly when
    the opposite move from ``v`` to ``u`` does (both pass the same two orthogonal cells).
    """
    return not blocked(passable, u, k, moves, rule, 0, False)


@njit(cache=True, nogil=True, inline="always")
def step_cost(costs, weighted, lengths, k, u, v, reverse):  # pragma: no cover - numba
    """Cost of move ``k`` from ``u`` to ``v``: its length, times (``weighted``) the cost of
    the cell it enters, or with ``reverse`` (a flood walking steps backwards) of the cell
    it leaves, which is the cell the forward step enters."""
    if not weighted:
        return lengths[k]
    return lengths[k] * (costs[u] if reverse else costs[v])


@njit(cache=True, nogil=True)
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
