"""Kernel: copy a finished grid search out of its workspace (for BFS and best-first alike).

Only the cells the search reached are copied (``touched`` lists them), never the whole
grid, so a result costs O(cells reached) however big the grid and the workspace are.
"""

from __future__ import annotations

from numba import njit

from ..._kernels.pages import slot


@njit(cache=True, nogil=True)
def extract(g, parent, touched, n_touched, end, stride, cells, cell_g, cell_parent,
            path, pages):  # pragma: no cover - numba
    """Copy a finished search out of its workspace: O(reached cells), never O(grid).

    Writes compact copies of the first ``n_touched`` reached cells (padded flat indices)
    into ``cells``, their g into ``cell_g`` and their parent cells (-1 for starts) into
    ``cell_parent``, and the path from a start to ``end`` as unpadded x and y rows into
    ``path[:, :L]`` (int64[2, m]). Returns ``L`` (0 when ``end`` is -1), or ``-L`` when
    the path needs more than ``m`` columns (nothing of it written: call again with room).
    The caller allocates every output: a kernel that allocated and returned four arrays
    took far longer to compile (``benchmarks/NOTES.md``, "Grid best-first").
    ``pages``: the page table of paged search state (:mod:`wayfinding._kernels.pages`:
    ``g`` and ``parent`` hold slots), empty for a dense workspace.
    """
    paged = pages.shape[0] > 0
    for i in range(n_touched):
        v = touched[i]
        sv = slot(pages, v) if paged else v
        cells[i] = v
        cell_g[i] = g[sv]
        cell_parent[i] = parent[sv]
    length = 0
    v = end
    while v >= 0:
        length += 1
        v = parent[slot(pages, v) if paged else v]
    if length > path.shape[1]:
        return -length
    v = end
    i = length - 1
    while v >= 0:
        path[0, i] = v % stride - 1
        path[1, i] = v // stride - 1
        i -= 1
        v = parent[slot(pages, v) if paged else v]
    return length
