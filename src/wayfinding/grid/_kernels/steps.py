"""Kernel helper: may a move be taken from a cell of a padded flat grid (corner rules).

Moves are rows of the grid's move table (:class:`wayfinding.grid._engine.Plan`,
``moves[k, 0:3]`` = flat offsets of the step and of the two orthogonal cells a diagonal
step passes; moves 0..3 are straight, 4..7 diagonal). Used by the kernels of fields,
replanning, any-angle search and turn costs.
"""

from __future__ import annotations

from numba import njit

from ..._kernels.codes import RULE_ALWAYS, RULE_NEVER

__all__ = ["step_allowed"]


@njit(cache=True, nogil=True, inline="always")
def step_allowed(passable, u, k, moves, rule):  # pragma: no cover - numba
    """True when move ``k`` from padded cell ``u`` lands on a passable cell and the corner
    rule allows it. Whether ``u`` itself is passable is the caller's business.

    The rule is symmetric: move ``k`` from ``u`` to ``v`` exists exactly when the opposite
    move from ``v`` to ``u`` does (both pass the same two orthogonal cells).
    """
    if passable[u + moves[k, 0]] == 0:
        return False
    if k < 4 or rule == RULE_ALWAYS:
        return True
    a = passable[u + moves[k, 1]]
    b = passable[u + moves[k, 2]]
    if rule == RULE_NEVER:
        return a != 0 and b != 0
    return a != 0 or b != 0
