"""Kernel: connected-component labels of a padded flat grid.

Inputs are the padded ``passable`` array of :class:`~wayfinding.grid.grid.FlatGrid`
(one blocked border cell on every side, so no bounds checks) and the flat offsets of the
steps to follow. The work comes in slices (a 10k x 10k grid takes seconds), so the
caller can let Python handle Ctrl-C between them.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .steps import cell_at, parity_base, world_target, world_target_once
from .worlds import decode

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


#: ``state`` slots of :func:`patch_cell`: next unused label, number of components, last
#: generation stamped in ``stamp``.
P_NEXT, P_COUNT, P_GEN = 0, 1, 2


@njit(cache=True, nogil=True)
def _relabel(codes, offsets, labels, seed, old, new, stack):  # pragma: no cover
    """Give every open cell of component ``old`` (the one holding ``seed``) label ``new``."""
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


@njit(cache=True, inline="always")
def _joined_around(labels, codes, offsets, cell, old):  # pragma: no cover
    """True when the open neighbours of ``cell`` (label ``old``; 4 straight steps
    ``offsets``: +x, -x, -y, +y) are joined by straight steps through the eight cells
    around it: going round the ring, every open neighbour is reached from the previous
    one through an open corner, but for one gap at most."""
    # the ring in order: +x, corner, +y, corner, -x, corner, -y, corner
    ring = (offsets[0], offsets[0] + offsets[3], offsets[3], offsets[3] + offsets[1],
            offsets[1], offsets[1] + offsets[2], offsets[2], offsets[2] + offsets[0])
    gaps = 0
    for j in range(8):
        a = cell + ring[j]
        b = cell + ring[(j + 1) % 8]
        a_open = labels[a] == old and codes[a] != 0
        b_open = labels[b] == old and codes[b] != 0
        if a_open and not b_open:
            gaps += 1  # an arc of open ring cells ends here
    return gaps <= 1


@njit(cache=True, nogil=True)
def patch_cell(codes, was_open, offsets, labels, sizes, cell, state, in_place,
               stamp):  # pragma: no cover
    """Bring the labels up to date after ``cell`` was opened or closed.

    Parameters (inputs)
    -------------------
    codes : uint8[n], the padded class codes as they are now (0 on walls) at ``cell`` and
        at every cell edited before it; cells edited after it keep their old codes.
    was_open : bool, whether ``cell`` was open before.
    offsets : int64[k], flat offsets of the steps to follow (as :func:`label_slice`).
    cell : int, the padded flat index of the edited cell.
    in_place : bool, True when ``labels`` is shared with older grid versions: then only
        the edits that change no open cell's label but ``cell``'s are done (returns True),
        and the others change nothing (returns False: copy ``labels`` and call again).

    In/out
    ------
    labels : int32[n], exact component labels (any numbering: two open cells are
        connected exactly when their labels are equal). Only entries of open cells mean
        anything: a closed cell keeps its last label (readers of an older version
        sharing the array may still need it), and an entry is written in place only
        while it is -1 (open in no version sharing the array) or already right.
    sizes : int64[m], open cells per label; room for ``state[P_NEXT] + offsets.shape[0]``.
    state : int64[3], ``P_*`` slots.
    stamp : int64[n], scratch for the floods (generation-stamped, never cleared).

    Opening a cell joins the components of its open neighbours: the smaller ones take the
    largest's label (a flood over each smaller one). Closing one may split its component:
    a flood from each open neighbour runs, one cell each in turn; floods that meet are
    joined, and as soon as at most one group of floods is still running, every group
    whose floods all ended is a component of its own (new label) and the one running
    keeps the old label. The work is about the number of neighbours times the size of the
    parts split off: a cell in an open area costs a few steps.
    """
    code = codes[cell]
    n_steps = offsets.shape[0]
    if code != 0 and not was_open:  # opened
        best = -1
        several = False
        for k in range(n_steps):
            nxt = cell + offsets[k]
            lab = labels[nxt]
            if codes[nxt] == code and lab >= 0:
                if best >= 0 and lab != best:
                    several = True
                if best < 0 or sizes[lab] > sizes[best]:
                    best = lab
        entry = labels[cell]
        if in_place and (several or (entry != -1 and entry != best)):
            return False
        if best < 0:
            best = state[P_NEXT]
            state[P_NEXT] += 1
            sizes[best] = 0
            state[P_COUNT] += 1
        if several:
            stack = np.empty(labels.shape[0], dtype=np.int32)
            for k in range(n_steps):
                nxt = cell + offsets[k]
                lab = labels[nxt]
                if lab >= 0 and lab != best and codes[nxt] == code:
                    _relabel(codes, offsets, labels, nxt, lab, best, stack)
                    sizes[best] += sizes[lab]
                    sizes[lab] = 0
                    state[P_COUNT] -= 1
        labels[cell] = best
        sizes[best] += 1
        return True
    if code != 0 or not was_open:
        return True  # unchanged
    old = labels[cell]
    seeds = np.empty(n_steps, dtype=np.int64)
    k_seeds = 0
    for k in range(n_steps):
        nxt = cell + offsets[k]
        if labels[nxt] == old and codes[nxt] != 0:
            seeds[k_seeds] = nxt
            k_seeds += 1
    if k_seeds > 1 and n_steps == 4 and _joined_around(labels, codes, offsets, cell, old):
        k_seeds = 1  # the open neighbours meet around the cell: no split, no flood
    split = False
    queues = np.empty((k_seeds, 0), dtype=np.int32)
    tails = np.ones(k_seeds, dtype=np.int64)
    parent = np.arange(k_seeds)
    running = -1
    if k_seeds > 1:
        queues = np.empty((k_seeds, labels.shape[0]), dtype=np.int32)
        heads = np.zeros(k_seeds, dtype=np.int64)
        base = state[P_GEN] + 1
        state[P_GEN] += k_seeds
        for g in range(k_seeds):
            queues[g, 0] = seeds[g]
            stamp[seeds[g]] = base + g
        stamp[cell] = base + k_seeds  # closed now: no flood passes it
        state[P_GEN] += 1
        while True:
            for g in range(k_seeds):
                if heads[g] == tails[g]:
                    continue
                current = queues[g, heads[g]]
                heads[g] += 1
                for k in range(n_steps):
                    nxt = current + offsets[k]
                    if labels[nxt] != old or codes[nxt] == 0:
                        continue
                    mark = stamp[nxt] - base
                    if mark < 0 or mark > k_seeds:
                        stamp[nxt] = base + g
                        queues[g, tails[g]] = nxt
                        tails[g] += 1
                    elif mark < k_seeds and mark != g:
                        a, b = _root(parent, g), _root(parent, mark)
                        if a != b:
                            parent[max(a, b)] = min(a, b)
            # a group runs while one of its floods does; stop when one group (or none) runs
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
        for g in range(k_seeds):
            if _root(parent, g) != _root(parent, 0):
                split = True
    if split and in_place:
        return False
    sizes[old] -= 1
    if sizes[old] == 0:
        state[P_COUNT] -= 1
    if not in_place:
        labels[cell] = -1
    if not split:
        return True
    keeper = running if running >= 0 else _root(parent, 0)
    new_label = np.full(k_seeds, -1, dtype=np.int64)
    for g in range(k_seeds):
        r = _root(parent, g)
        if r != keeper and new_label[r] < 0:
            new_label[r] = state[P_NEXT]
            state[P_NEXT] += 1
            sizes[new_label[r]] = 0
            state[P_COUNT] += 1
    for g in range(k_seeds):
        r = _root(parent, g)
        if r != keeper:
            target = new_label[r]
            for i in range(tails[g]):
                labels[queues[g, i]] = target
            sizes[target] += tails[g]
            sizes[old] -= tails[g]
    return True


@njit(cache=True, nogil=True)
def renumber(labels, codes, top):  # pragma: no cover
    """``labels`` (values below ``top``) of the open cells (``codes`` nonzero) numbered 0,
    1, ... in the order of each label's first cell, as :func:`label_slice` numbers them;
    -1 on walls."""
    out = np.empty_like(labels)
    mapping = np.full(top, -1, dtype=np.int32)
    count = 0
    for i in range(labels.shape[0]):
        lab = labels[i]
        if lab < 0 or codes[i] == 0:
            out[i] = -1
        else:
            if mapping[lab] < 0:
                mapping[lab] = count
                count += 1
            out[i] = mapping[lab]
    return out


@njit(cache=True, nogil=True)
def label_world_slice(passable, moves, extras, n_moves, rule, stride, plane, parity, checked,
                      width, height, wrap_x, wrap_y, symmetric, labels, frontier, state,
                      budget):  # pragma: no cover - numba
    """:func:`label_slice` for any world: the steps are those of the move table
    (:mod:`wayfinding.grid.flat`: hex maps' two sets, voxels' further checks, long moves,
    wrap-around) under its corner rule, one terrain class. Without ``symmetric`` (a move
    set with one-way moves) a cell is also joined to the cells that step to it, so the
    labels are the *weakly* connected components: cells of two labels are never joined
    by a path. Same state and slices as :func:`label_slice`."""
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
            ux, uy, _ = decode(current, stride, plane)
            base = parity_base(parity, ux, uy, n_moves)
            for k in range(base, base + n_moves):
                nxt = world_target(passable, current, ux, uy, k, moves, extras, rule, stride,
                                   width, height, wrap_x, wrap_y, checked, 1, False)
                if nxt >= 0 and labels[nxt] < 0:
                    labels[nxt] = count - 1
                    frontier[top] = nxt
                    top += 1
                if not symmetric:  # the cell a move k would come from
                    src = cell_at(ux - moves[k, 3], uy - moves[k, 4], stride, width, height,
                                  wrap_x, wrap_y)
                    if src >= 0 and passable[src] != 0 and labels[src] < 0:
                        sx, sy, _ = decode(src, stride, plane)
                        if world_target_once(passable, src, sx, sy, k, moves, extras, rule,
                                             stride, width, height, wrap_x, wrap_y, checked,
                                             1, False) == current:
                            labels[src] = count - 1
                            frontier[top] = src
                            top += 1
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
