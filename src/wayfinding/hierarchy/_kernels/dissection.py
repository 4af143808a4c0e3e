"""Kernel: a nested-dissection order of a graph's nodes, for the contraction order of
:mod:`.ordered`.

Recursive bisection: a cell of nodes (a contiguous run of ``perm``) is sorted by a key
and cut at its median; the nodes of one half with an edge into the other (the smaller of
the two such sets) form its *separator*, ranked above both halves; each half, and the
separator itself (so a long separator is contracted from its ends towards its middle),
is cut again the same way until cells of at most ``leaf`` nodes are left. The key is the
coordinate along the longer side of the cell's bounding box when the graph has
coordinates, else the breadth-first distance, within the cell, from a node far from
another (nodes the search does not reach come last). Edges are read both ways
(``adj_start``/``adj``: each node's neighbours by an arc in either direction).
Each cut halves its cell, so the recursion is at most ``log2 n`` deep and the order costs
``O(m log n + n log^2 n)``.

After A. George, "Nested dissection of a regular finite element mesh" (SIAM J. Numer.
Anal. 1973), as used by J. Dibbelt, B. Strasser and D. Wagner, "Customizable Contraction
Hierarchies" (JEA 2016).

Examples
--------
>>> import numpy as np
>>> adj_start = np.array([0, 1, 3, 5, 7, 8])  # a path 0 - 1 - 2 - 3 - 4
>>> adj = np.array([1, 0, 2, 1, 3, 2, 4, 3])
>>> rank = dissection_order(5, adj_start, adj, np.zeros((0, 2)), False, 1)
>>> int(np.argmax(rank)) in (1, 2, 3), sorted(rank.tolist())
(True, [0, 1, 2, 3, 4])
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def dissection_order(n, adj_start, adj, coords, use_coords, leaf):  # pragma: no cover
    """``rank[v]`` (int64, a permutation of ``0 .. n - 1``): the position of ``v`` in a
    nested-dissection order, separators above the cells they separate.

    ``coords`` (float64[n, 2]) is read when ``use_coords``; cells of at most ``leaf``
    nodes (>= 1) keep their order."""
    perm = np.arange(n)
    side = np.full(n, -1, dtype=np.int8)  # during a cut: 0 / 1 the half, 2 separator
    cell = np.zeros(n, dtype=np.int64)  # the cut a node's cell is in (breadth-first keys)
    level = np.zeros(n, dtype=np.int64)
    queue = np.empty(n, dtype=np.int64)
    keys = np.empty(n, dtype=np.float64)
    sorted_nodes = np.empty(n, dtype=np.int64)
    stack_lo = np.empty(n + 1, dtype=np.int64)
    stack_hi = np.empty(n + 1, dtype=np.int64)
    stack_lo[0] = 0
    stack_hi[0] = n
    depth = 1 if n > 0 else 0
    cuts = 0
    while depth > 0:
        depth -= 1
        lo = stack_lo[depth]
        hi = stack_hi[depth]
        m = hi - lo
        if m <= leaf:
            continue
        cuts += 1
        if use_coords:
            x0 = np.inf
            x1 = -np.inf
            y0 = np.inf
            y1 = -np.inf
            for i in range(lo, hi):
                v = perm[i]
                x0 = min(x0, coords[v, 0])
                x1 = max(x1, coords[v, 0])
                y0 = min(y0, coords[v, 1])
                y1 = max(y1, coords[v, 1])
            axis = 0 if x1 - x0 >= y1 - y0 else 1
            for i in range(lo, hi):
                keys[i - lo] = coords[perm[i], axis]
        else:
            for i in range(lo, hi):
                cell[perm[i]] = cuts
            far = _breadth_first(perm[lo], cuts, adj_start, adj, cell, level, queue)
            _breadth_first(far, cuts, adj_start, adj, cell, level, queue)
            for i in range(lo, hi):  # reached nodes got -cuts as cell, unreached last
                v = perm[i]
                keys[i - lo] = level[v] if cell[v] == -cuts else np.inf
        order = np.argsort(keys[:m], kind="mergesort")
        half = m // 2
        for i in range(m):
            v = perm[lo + order[i]]
            sorted_nodes[i] = v
            side[v] = 0 if i < half else 1
        # the boundary of each half: its nodes with a neighbour in the other
        n_bound = np.zeros(2, dtype=np.int64)
        for i in range(m):
            v = sorted_nodes[i]
            s = side[v]
            for e in range(adj_start[v], adj_start[v + 1]):
                other = side[adj[e]]
                if other >= 0 and other % 2 != s:  # in the other half (or its boundary)
                    n_bound[s] += 1
                    side[v] = 2 + s  # 2: a boundary node of half 0, 3: of half 1
                    break
        cut_side = 0 if n_bound[0] <= n_bound[1] else 1
        # write the cell back: half 0, half 1, then the separator (the chosen boundary;
        # the other boundary stays with its half), each in the order sorted
        k = lo
        mid = lo
        split = lo
        for part in range(3):
            for i in range(m):
                v = sorted_nodes[i]
                if (2 if side[v] == 2 + cut_side else side[v] % 2) == part:
                    perm[k] = v
                    k += 1
            if part == 0:
                mid = k
            elif part == 1:
                split = k
        for i in range(m):
            side[sorted_nodes[i]] = -1
        for a, b in ((lo, mid), (mid, split), (split, hi)):
            if b - a > leaf:
                stack_lo[depth] = a
                stack_hi[depth] = b
                depth += 1
    rank = np.empty(n, dtype=np.int64)
    for i in range(n):
        rank[perm[i]] = i
    return rank


@njit(cache=True, inline="always")
def _breadth_first(source, stamp, adj_start, adj, cell, level, queue):  # pragma: no cover
    """Breadth-first levels from ``source`` over the nodes with ``cell == stamp`` (or
    ``-stamp``: reached by an earlier search of this cut); reached nodes get ``cell =
    -stamp`` and their ``level``. Returns the last node reached (a far one)."""
    head = 0
    tail = 1
    queue[0] = source
    level[source] = 0
    cell[source] = -stamp - 1  # -stamp - 1: reached by this search
    while head < tail:
        v = queue[head]
        head += 1
        for e in range(adj_start[v], adj_start[v + 1]):
            y = adj[e]
            if cell[y] == stamp or cell[y] == -stamp:
                cell[y] = -stamp - 1
                level[y] = level[v] + 1
                queue[tail] = y
                tail += 1
    for i in range(tail):
        cell[queue[i]] = -stamp
    return queue[tail - 1]
