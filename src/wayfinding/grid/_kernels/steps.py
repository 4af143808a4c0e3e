"""Kernels' helpers shared by the grid kernels: may a step be taken, is a cell a goal.

``moves`` is the move table of :mod:`wayfinding.grid.flat` (rows ``(offset, corner_a,
corner_b, dx, dy)``, diagonals from row 4); ``passable`` the padded flat grid. All but
:func:`mark_goals` are ``inline="always"``: a kernel's loop pays no call. ``mark_goals``
runs once per search, so it is compiled once and called: numba's inlining copies the
callee's IR into every kernel at every site, and the first A* with an empty cache
compiles faster without these copies (``benchmarks/NOTES.md``, "Grid best-first").
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
def is_goal(u, n_goals, goal0, goal_mark, gen, su=-1):  # pragma: no cover - numba
    """True when cell ``u`` is a goal (``goal0``: the first goal); ``su``: the slot of
    ``u`` in ``goal_mark`` when it is not ``u`` (paged search state)."""
    if n_goals == 1:
        return u == goal0
    return n_goals > 1 and goal_mark[u if su < 0 else su] == gen


# ---------------------------------------------------------------- every world
# Worlds beyond the square grid (wayfinding.grid.flat): a move's further checks in
# ``extras``, hex maps' two sets of moves, voxels' third coordinate, and the *checked*
# worlds (long moves, moves of a grid's own, wrap-around) whose targets come from
# coordinates.


@njit(cache=True, nogil=True, inline="always")
def extras_blocked(passable, u, k, moves, extras, code, classes):  # pragma: no cover
    """True when one of move ``k``'s further checks fails: an ``extras`` row ``(a, b, ...)``
    needs cell ``u + a`` or cell ``u + b`` open (of class ``code`` with ``classes``)."""
    first = moves[k, 6]
    for e in range(first, first + moves[k, 7]):
        a = passable[u + extras[e, 0]]
        b = passable[u + extras[e, 1]]
        if classes:
            if a != code and b != code:
                return True
        elif a == 0 and b == 0:
            return True
    return False


@njit(cache=True, nogil=True, inline="always")
def parity_base(parity, ux, uy, n_moves):  # pragma: no cover - numba
    """First row of the set of moves of the cell at padded ``(ux, uy)`` (0 but on hex
    maps, whose even and odd rows or columns have moves of their own)."""
    if parity == 0:
        return 0
    return ((ux if parity == 1 else uy) & 1) * n_moves


@njit(cache=True, nogil=True, inline="always")
def cell_at(x, y, stride, width, height, wrap_x, wrap_y):  # pragma: no cover - numba
    """Flat index of padded ``(x, y)`` after wrapping the wrapped axes (``wrap_x``,
    ``wrap_y``: their sizes, 0 when not wrapped), or -1 outside the grid."""
    if wrap_x:
        x = (x - 1) % wrap_x + 1
    elif x < 1 or x > width:
        return -1
    if wrap_y:
        y = (y - 1) % wrap_y + 1
    elif y < 1 or y > height:
        return -1
    return y * stride + x


@njit(cache=True, nogil=True, inline="always")
def checked_target(passable, ux, uy, k, moves, extras, rule, stride, width, height, wrap_x,
                   wrap_y):  # pragma: no cover - numba
    """The cell move ``k`` leads to from the cell at padded ``(ux, uy)`` of a checked
    world (2-D, one terrain class), or -1 when the move is not allowed: its target and
    every cell it looks at are found from coordinates, bounds-checked and wrapped."""
    v = cell_at(ux + moves[k, 3], uy + moves[k, 4], stride, width, height, wrap_x, wrap_y)
    if v < 0 or passable[v] == 0:
        return -1
    if rule != RULE_ALWAYS and (moves[k, 8] != 0 or moves[k, 9] != 0 or moves[k, 10] != 0
                                or moves[k, 11] != 0):
        a = cell_at(ux + moves[k, 8], uy + moves[k, 9], stride, width, height, wrap_x, wrap_y)
        b = cell_at(ux + moves[k, 10], uy + moves[k, 11], stride, width, height, wrap_x,
                    wrap_y)
        open_a = a >= 0 and passable[a] != 0
        open_b = b >= 0 and passable[b] != 0
        if rule == RULE_NEVER:
            if not (open_a and open_b):
                return -1
        elif not (open_a or open_b):
            return -1
    first = moves[k, 6]
    for e in range(first, first + moves[k, 7]):
        a = cell_at(ux + extras[e, 2], uy + extras[e, 3], stride, width, height, wrap_x,
                    wrap_y)
        b = cell_at(ux + extras[e, 4], uy + extras[e, 5], stride, width, height, wrap_x,
                    wrap_y)
        if not ((a >= 0 and passable[a] != 0) or (b >= 0 and passable[b] != 0)):
            return -1
    return v


@njit(cache=True, nogil=True, inline="always")
def world_target(passable, u, ux, uy, k, moves, extras, rule, stride, width, height, wrap_x,
                 wrap_y, checked, code, classes):  # pragma: no cover - numba
    """The cell move ``k`` from ``u`` (at padded ``(ux, uy)``) leads to, or -1 when the
    move is not allowed, in any world: :func:`checked_target` in a checked one, else the
    flat offset, :func:`blocked` and :func:`extras_blocked`."""
    if checked:
        return checked_target(passable, ux, uy, k, moves, extras, rule, stride, width, height,
                              wrap_x, wrap_y)
    if blocked(passable, u, k, moves, rule, code, classes):
        return -1
    if moves[k, 7] > 0 and extras_blocked(passable, u, k, moves, extras, code, classes):
        return -1
    return u + moves[k, 0]


@njit(cache=True, nogil=True)
def world_target_once(passable, u, ux, uy, k, moves, extras, rule, stride, width, height,
                      wrap_x, wrap_y, checked, code, classes):  # pragma: no cover - numba
    """:func:`world_target` compiled once and called, where a kernel needs a second copy
    off its hot path (each inlined copy costs the kernel its compile time)."""
    return world_target(passable, u, ux, uy, k, moves, extras, rule, stride, width, height,
                        wrap_x, wrap_y, checked, code, classes)


@njit(cache=True, nogil=True, inline="always")
def table_target(passable, u, ux, uy, k, table, code, classes):  # pragma: no cover
    """:func:`world_target` with the fields of a move table
    (:class:`wayfinding.grid.flat.MoveTable`)."""
    return world_target(passable, u, ux, uy, k, table.moves, table.extras, table.rule,
                        table.stride, table.width, table.height, table.wrap_x, table.wrap_y,
                        table.checked, code, classes)


@njit(cache=True, nogil=True, inline="always")
def flood_step(passable, u, ux, uy, k, table, reverse, code, classes):  # pragma: no cover
    """The cell a flood reaches from ``u`` (at padded ``(ux, uy)``) by move ``k``: the
    move's target forwards; in reverse the cell that move ``k`` leads from *to* ``u``
    (the same cell but for one-way moves, whose reverse is not a move), or -1."""
    forward = not reverse or table.symmetric
    src, sx, sy = u, ux, uy
    if not forward:
        src = cell_at(ux - table.moves[k, 3], uy - table.moves[k, 4], table.stride,
                      table.width, table.height, table.wrap_x, table.wrap_y)
        if src < 0 or passable[src] == 0:
            return -1
        sx = src % table.stride
        sy = src // table.stride
    # one inlined table_target for both ways (two copies doubled the floods' compile)
    v = table_target(passable, src, sx, sy, k, table, code, classes)
    if forward:
        return v
    return src if v == u else -1


@njit(cache=True, nogil=True, inline="always")
def around_bits(passable, u, around):  # pragma: no cover - numba
    """Bit ``j`` set when cell ``u + around[j]`` is open: a masked world's neighbourhood,
    read once per expansion (see :class:`wayfinding.grid.flat.MoveTable`)."""
    bits = 0
    for j in range(around.shape[0]):
        if passable[u + around[j]] != 0:
            bits |= 1 << j
    return bits
