"""Kernel: bidirectional breadth-first search on a padded flat grid (see
:mod:`wayfinding.graph.bibfs` for why the first meeting gives the fewest steps).

A grid's steps are symmetric (move ``k`` from ``u`` to ``v`` exists exactly when the
opposite move from ``v`` to ``u`` does: :func:`~.steps.step_allowed`), so the backward
search from the goal walks the same moves as the forward one. Each round expands one
whole level of the side whose level is smaller.

Inputs: ``passable`` uint8[n] (terrain class code + 1 of each open cell, 0 on walls: a
step joins equal codes), ``moves``/``n_moves``/``rule`` (the move table of
:mod:`wayfinding.grid.flat`), ``s``, ``t`` padded cells. ``forward`` and ``backward`` =
``(stamp, g, parent, touched)`` (written; ``stamp[v] == 1`` marks a reached cell on
fresh zeroed arrays, ``g`` counts steps from that side's root, ``touched`` is the queue).

Returns ``(meet, expanded, n_forward, n_backward)``; ``meet`` -1 when there is no path.
"""

from __future__ import annotations

from numba import njit

from .steps import blocked

__all__ = ["bidirectional_bfs"]


@njit(cache=True, nogil=True)
def bidirectional_bfs(passable, moves, n_moves, rule, s, t, forward,
                      backward):  # pragma: no cover - numba
    """Fewest steps ``s -> t`` (module docstring)."""
    f_stamp, f_g, f_parent, f_touched = forward
    b_stamp, b_g, b_parent, b_touched = backward
    f_stamp[s] = 1
    f_g[s] = 0.0
    f_parent[s] = -1
    f_touched[0] = s
    b_stamp[t] = 1
    b_g[t] = 0.0
    b_parent[t] = -1
    b_touched[0] = t
    n_f = n_b = 1
    if s == t:
        return s, 0, 1, 1
    f_head = b_head = 0
    expanded = 0
    while f_head < n_f and b_head < n_b:
        backwards = n_f - f_head > n_b - b_head
        stamp, g, parent, touched = backward if backwards else forward
        other = f_stamp if backwards else b_stamp
        head = b_head if backwards else f_head
        count = n_b if backwards else n_f
        end = count
        meet = -1
        while head < end and meet < 0:
            u = touched[head]
            head += 1
            expanded += 1
            steps = g[u] + 1.0
            code = passable[u]
            for k in range(n_moves):
                v = u + moves[k, 0]
                if stamp[v] == 1 or blocked(passable, u, k, moves, rule, code, True):
                    continue
                stamp[v] = 1
                g[v] = steps
                parent[v] = u
                touched[count] = v
                count += 1
                if other[v] == 1:
                    meet = v
                    break
        if backwards:
            b_head, n_b = head, count
        else:
            f_head, n_f = head, count
        if meet >= 0:
            return meet, expanded, n_f, n_b
    return -1, expanded, n_f, n_b
