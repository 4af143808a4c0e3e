"""Kernel: connected-component labels of a padded flat grid.

Inputs are the padded ``passable`` array of :class:`~wayfinding.grid.grid.FlatGrid`
(one blocked border cell on every side, so no bounds checks) and the flat offsets of the
steps to follow. The work comes in slices (a 10k x 10k grid takes seconds), so the
caller can let Python handle Ctrl-C between them.
"""

from __future__ import annotations

import numpy as np
from numba import njit

#: ``state`` slots of :func:`label_slice`: next seed, frontier size, components so far.
S_SEED, S_TOP, S_COUNT = 0, 1, 2


@njit(cache=True, nogil=True)
def label_slice(passable, offsets, labels, frontier, state, budget):  # pragma: no cover
    """Label the connected components of the passable cells, ``budget`` visits at a time.

    Parameters (inputs)
    -------------------
    passable : uint8[n], nonzero where passable (padded flat grid): the terrain class code,
        and only cells of equal codes are joined (1 everywhere on a one-class grid).
    offsets : int64[k], flat offsets of the steps to follow (4 straight, or 8 with the
        diagonals, without any corner check).
    budget : int, cells to visit (seeds scanned or labelled) before returning.

    In/out (owned by the caller, resumable)
    ---------------------------------------
    labels : int32[n], filled with -1 before the first call; afterwards the component
        number per cell (0, 1, ... in row-major order of each component's first cell),
        -1 for walls and the border.
    frontier : int32[n], the stack (each cell is pushed at most once).
    state : int64[3], zeros before the first call (``S_*`` slots).

    Returns True when every cell is labelled (then ``state[S_COUNT]`` is the number of
    components), False when the budget ran out first: call again to go on.
    """
    n = passable.shape[0]
    seed = state[S_SEED]
    top = state[S_TOP]
    count = state[S_COUNT]
    work = 0
    while True:
        while top > 0:
            if work >= budget:
                state[S_SEED] = seed
                state[S_TOP] = top
                state[S_COUNT] = count
                return False
            work += 1
            top -= 1
            current = frontier[top]
            code = passable[current]
            for k in range(offsets.shape[0]):
                nxt = current + offsets[k]
                if passable[nxt] == code and labels[nxt] < 0:
                    labels[nxt] = count - 1
                    frontier[top] = nxt
                    top += 1
        # the component being labelled (number count - 1) is complete: find a new seed
        while seed < n and (passable[seed] == 0 or labels[seed] >= 0):
            seed += 1
            work += 1
            if work >= budget:
                state[S_SEED] = seed
                state[S_TOP] = 0
                state[S_COUNT] = count
                return False
        if seed >= n:
            state[S_SEED] = seed
            state[S_TOP] = 0
            state[S_COUNT] = count
            return True
        labels[seed] = count
        count += 1
        frontier[0] = seed
        top = 1


#: ``state`` slots of :func:`patch_cell`: next unused label, number of components.
P_NEXT, P_COUNT = 0, 1


@njit(cache=True, nogil=True)
def _relabel(codes, offsets, labels, seed, old, new, stack):  # pragma: no cover
    """Give every cell of component ``old`` (the one holding ``seed``) label ``new``."""
    labels[seed] = new
    stack[0] = seed
    top = 1
    while top > 0:
        top -= 1
        current = stack[top]
        for k in range(offsets.shape[0]):
            nxt = current + offsets[k]
            if labels[nxt] == old and codes[nxt] != 0:
                labels[nxt] = new
                stack[top] = nxt
                top += 1


@njit(cache=True, nogil=True)
def _root(parent, g):  # pragma: no cover
    while parent[g] != g:
        g = parent[g]
    return g


@njit(cache=True, nogil=True)
def patch_cell(codes, offsets, labels, sizes, cell, state):  # pragma: no cover
    """Bring the labels up to date after ``cell`` was opened or closed.

    Parameters (inputs)
    -------------------
    codes : uint8[n], the padded class codes as they are now (0 on walls); every other
        cell whose code changed must still hold its old labels' state (walls -1).
    offsets : int64[k], flat offsets of the steps to follow (as :func:`label_slice`).
    cell : int, the padded flat index of the edited cell.

    In/out
    ------
    labels : int32[n], exact component labels of the grid before the edit (any numbering:
        equal labels exactly when connected), -1 on walls; updated in place.
    sizes : int64[m], cells per label; room for ``state[P_NEXT] + offsets.shape[0]``.
    state : int64[2], ``P_*`` slots.

    Opening a cell joins the components of its open neighbours: the smaller ones take the
    largest's label (a flood over each smaller one). Closing one may split its component:
    a flood from each open neighbour runs, one cell each in turn; floods that meet are
    joined, and as soon as at most one group of floods is still running, every group
    whose floods all ended is a component of its own (new label) and the one running
    keeps the old label. So the work is about the number of neighbours times the size of
    the parts split off, and a cell in an open area costs a few steps.
    """
    code = codes[cell]
    old = labels[cell]
    n_steps = offsets.shape[0]
    if code != 0 and old < 0:  # opened
        best = -1
        for k in range(n_steps):
            lab = labels[cell + offsets[k]]
            if lab >= 0 and codes[cell + offsets[k]] == code and (
                    best < 0 or sizes[lab] > sizes[best]):
                best = lab
        if best < 0:
            best = state[P_NEXT]
            state[P_NEXT] += 1
            sizes[best] = 0
            state[P_COUNT] += 1
        stack = np.empty(0, dtype=np.int32)
        for k in range(n_steps):
            nxt = cell + offsets[k]
            lab = labels[nxt]
            if lab >= 0 and lab != best and codes[nxt] == code:
                if stack.shape[0] == 0:
                    stack = np.empty(labels.shape[0], dtype=np.int32)
                _relabel(codes, offsets, labels, nxt, lab, best, stack)
                sizes[best] += sizes[lab]
                sizes[lab] = 0
                state[P_COUNT] -= 1
        labels[cell] = best
        sizes[best] += 1
        return
    if code != 0 or old < 0:
        return  # unchanged
    labels[cell] = -1  # closed
    sizes[old] -= 1
    if sizes[old] == 0:
        state[P_COUNT] -= 1
        return
    seeds = np.empty(n_steps, dtype=np.int64)
    k_seeds = 0
    for k in range(n_steps):
        nxt = cell + offsets[k]
        if labels[nxt] == old and codes[nxt] != 0:
            seeds[k_seeds] = nxt
            k_seeds += 1
    if k_seeds <= 1:
        return
    queues = np.empty((k_seeds, labels.shape[0]), dtype=np.int32)
    heads = np.zeros(k_seeds, dtype=np.int64)
    tails = np.ones(k_seeds, dtype=np.int64)
    parent = np.arange(k_seeds)
    for g in range(k_seeds):
        queues[g, 0] = seeds[g]
        labels[seeds[g]] = -2 - g
    while True:
        for g in range(k_seeds):
            if heads[g] == tails[g]:
                continue
            current = queues[g, heads[g]]
            heads[g] += 1
            for k in range(n_steps):
                nxt = current + offsets[k]
                lab = labels[nxt]
                if lab == old and codes[nxt] != 0:
                    labels[nxt] = -2 - g
                    queues[g, tails[g]] = nxt
                    tails[g] += 1
                elif lab <= -2 and lab != -2 - g:
                    a, b = _root(parent, g), _root(parent, -2 - lab)
                    if a != b:
                        parent[max(a, b)] = min(a, b)
        # a group is still running while one of its floods is; stop at one group
        running = -1
        several = False
        for g in range(k_seeds):
            if heads[g] < tails[g]:
                r = _root(parent, g)
                if running < 0:
                    running = r
                elif r != running:
                    several = True
        if not several:
            break
    keeper = running
    if keeper < 0:
        keeper = _root(parent, 0)
    new_label = np.full(k_seeds, -1, dtype=np.int64)
    for g in range(k_seeds):
        r = _root(parent, g)
        if r == keeper:
            continue
        if new_label[r] < 0:
            new_label[r] = state[P_NEXT]
            state[P_NEXT] += 1
            sizes[new_label[r]] = 0
            state[P_COUNT] += 1
    for g in range(k_seeds):
        r = _root(parent, g)
        target = old if r == keeper else new_label[r]
        for i in range(tails[g]):
            labels[queues[g, i]] = target
        if r != keeper:
            sizes[target] += tails[g]
            sizes[old] -= tails[g]


@njit(cache=True, nogil=True)
def renumber(labels, top):  # pragma: no cover
    """``labels`` (values below ``top``) numbered 0, 1, ... in the order of each label's
    first cell, as :func:`label_slice` numbers them; -1 stays -1."""
    out = np.empty_like(labels)
    mapping = np.full(top, -1, dtype=np.int32)
    count = 0
    for i in range(labels.shape[0]):
        lab = labels[i]
        if lab < 0:
            out[i] = -1
        else:
            if mapping[lab] < 0:
                mapping[lab] = count
                count += 1
            out[i] = mapping[lab]
    return out
