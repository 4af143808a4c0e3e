"""Kernel: connected-component labels of a padded flat grid.

Inputs are the padded ``passable`` array of :class:`~wayfinding.grid.grid.FlatGrid`
(one blocked border cell on every side, so no bounds checks) and the flat offsets of the
steps to follow. The work comes in slices (a 10k x 10k grid takes seconds), so the
caller can let Python handle Ctrl-C between them.
"""

from __future__ import annotations

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
