"""Polyanya: the Euclidean shortest path between two points of a navigation mesh.

The search of M. Cui, D. Harabor and A. Grastien ("Compromise-free Pathfinding on a
Navigation Mesh", IJCAI 2017), written from the paper: a best-first search over
intervals of polygon edges, each seen from a root (the start or a mesh vertex the path
bends around). :func:`start_search` makes the first nodes (the edges of the start's
polygons), :func:`run` pops nodes by ``f`` and expands them
(:func:`~wayfinding.navmesh._kernels.expand.expand`: the successors, their roots and
``f``), and :func:`trace` turns the node chain of a found search into points. The first
node popped whose polygon holds the goal carries the optimal length. Prunings from the
paper: successors into dead-end polygons are dropped, a node whose root was reached more
cheaply before is dropped (root-level pruning), and a node with a single successor is
expanded on at once without the heap.

numba's reference counting makes an atomic increment and decrement per array argument at
every inner call, a large part of a small query's time (``benchmarks/NOTES.md``,
"Navigation meshes"); the kernels keep it: compiled without it (``_nrt=False``, inherited by
every callee) the exact orientation test, which allocates, no longer compiles.

Examples
--------
>>> import wayfinding as wf
>>> mesh = wf.navmesh.from_grid(wf.Grid.from_ascii('''
... ....
... .##.
... ....'''))
>>> round(wf.astar(mesh, (0.0, 0.0), (4.0, 3.0)).cost, 6)
5.398346
"""

from __future__ import annotations

from numba import njit

from ..._kernels.codes import (
    STATUS_EXHAUSTED,
    STATUS_FOUND,
    STATUS_HEAP_FULL,
    STATUS_MAX_COST,
    STATUS_PAUSED,
)
from ..._kernels.heap import pop_pair_into, push_pair
from .._layout import (
    AT_VERTEX,
    M_EXPANDED,
    M_FINAL,
    M_GEN,
    M_HEAP,
    M_NODES,
    M_TOUCHED,
    NF_F,
    NF_G,
    NF_LX,
    NF_LY,
    NF_RX,
    NF_RY,
    NI_LA,
    NI_LB,
    NI_PARENT,
    NI_POLY,
    NI_RA,
    NI_RB,
    NI_ROOT,
    START,
)
from .expand import PRUNE_TOL, add, expand, h_value, px, side
from .geometry import orient


@njit(cache=True, nogil=True)
def start_search(vx, vy, offsets, verts, adj, dead_end, start_polys, n_start, goal_polys,
                 n_goal, goal_mark, state, heap_f, heap_g, heap_item, nodes_i, nodes_f, sx,
                 sy, tx, ty):  # pragma: no cover - numba
    """A fresh search: a new generation, the goal's polygons marked, and one node per
    edge of the start's polygons that does not hold the start. Returns STATUS_FOUND when
    a start polygon holds the goal (``state[M_FINAL]`` is then -2: a straight line), else
    STATUS_PAUSED, or STATUS_HEAP_FULL when the buffers are too small."""
    gen = state[M_GEN] + 1
    state[M_GEN] = gen
    state[M_HEAP] = 0
    state[M_NODES] = 0
    state[M_EXPANDED] = 0
    state[M_TOUCHED] = 0
    state[M_FINAL] = -1
    for i in range(n_goal):
        goal_mark[goal_polys[i]] = gen
    for i in range(n_start):
        if goal_mark[start_polys[i]] == gen:
            state[M_FINAL] = -2
            return STATUS_FOUND
    count = 0
    size = 0
    for i in range(n_start):
        poly = start_polys[i]
        base = offsets[poly]
        n = offsets[poly + 1] - base
        if count + n > nodes_i.shape[0] or size + n > heap_f.shape[0]:
            return STATUS_HEAP_FULL
        for k in range(n):
            e = base + k
            nxt = adj[e]
            if nxt < 0 or (dead_end[nxt] and goal_mark[nxt] != gen):
                continue
            u, w = verts[e], verts[base + (k + 1) % n]
            if (orient(vx[u], vy[u], vx[w], vy[w], sx, sy) == 0
                    and min(vx[u], vx[w]) <= sx <= max(vx[u], vx[w])
                    and min(vy[u], vy[w]) <= sy <= max(vy[u], vy[w])):
                continue  # the start lies on this edge: the polygon beyond is a start too
            # into nxt the edge runs w -> u: w is its left end seen from the start
            f = h_value(sx, sy, vx[w], vy[w], vx[u], vy[u], tx, ty)
            count = add(nodes_i, nodes_f, count, START, -1, nxt, w, u, AT_VERTEX, w,
                         AT_VERTEX, u, vx[w], vy[w], vx[u], vy[u], 0.0, f)
            size = push_pair(heap_f, heap_g, heap_item, size, f, 0.0, count - 1)
    state[M_NODES] = count
    state[M_HEAP] = size
    return STATUS_PAUSED


@njit(cache=True, nogil=True, _nrt=False)
def run(vx, vy, offsets, verts, adj, corner, dead_end, max_sides, goal_mark, stamp, best_g,
        best_parent, touched, state, heap_f, heap_g, heap_item, nodes_i, nodes_f, sx, sy, tx,
        ty, max_pops, max_cost):  # pragma: no cover - numba
    """Go on with the search in ``state`` for at most ``max_pops`` pops.

    Returns STATUS_FOUND (``state[M_FINAL]`` is the node whose f is the length),
    STATUS_EXHAUSTED, STATUS_MAX_COST (the smallest f left exceeds ``max_cost``),
    STATUS_PAUSED (``max_pops`` used: call again) or STATUS_HEAP_FULL (grow the node and
    heap buffers, call again: nothing is lost)."""
    gen = state[M_GEN]
    size = state[M_HEAP]
    room = max_sides + 2
    pops = 0
    while size > 0:
        if pops >= max_pops:
            state[M_HEAP] = size
            return STATUS_PAUSED
        if state[M_NODES] + room > nodes_i.shape[0] or size + room > heap_f.shape[0]:
            state[M_HEAP] = size
            return STATUS_HEAP_FULL
        node = heap_item[0]
        f = heap_f[0]
        if f > max_cost:
            state[M_HEAP] = size
            return STATUS_MAX_COST
        size -= 1
        pop_pair_into(heap_f, heap_g, heap_item, size)
        pops += 1
        state[M_EXPANDED] += 1
        if goal_mark[nodes_i[node, NI_POLY]] == gen:
            state[M_HEAP] = size
            state[M_FINAL] = node
            return STATUS_FOUND
        root = nodes_i[node, NI_ROOT]
        if root >= 0 and stamp[root] == gen:
            bg = best_g[root]
            if nodes_f[node, NF_G] > bg + PRUNE_TOL * max(1.0, bg):
                continue
        while True:
            if state[M_NODES] + room > nodes_i.shape[0] or size + room > heap_f.shape[0]:
                size = push_pair(heap_f, heap_g, heap_item, size, nodes_f[node, NF_F],
                                 nodes_f[node, NF_G], node)
                state[M_HEAP] = size
                return STATUS_HEAP_FULL
            first = state[M_NODES]
            made = expand(vx, vy, offsets, verts, adj, corner, dead_end, goal_mark, stamp,
                          best_g, best_parent, touched, state, nodes_i, nodes_f, node, sx,
                          sy, tx, ty)
            state[M_NODES] = first + made
            if made == 1 and goal_mark[nodes_i[first, NI_POLY]] != gen:
                node = first  # a single successor: expand it on (no heap)
                continue
            for k in range(first, first + made):
                size = push_pair(heap_f, heap_g, heap_item, size, nodes_f[k, NF_F],
                                 nodes_f[k, NF_G], k)
            break
    state[M_HEAP] = size
    return STATUS_EXHAUSTED


@njit(cache=True, nogil=True)
def trace(vx, vy, nodes_i, nodes_f, final, sx, sy, tx, ty, out):  # pragma: no cover - numba
    """The path of a found search as points into ``out`` (rows x, y; at least
    len(parents) + 3 rows); returns the number of points. ``final`` -2: start to goal."""
    if final == -2:
        out[0, 0], out[0, 1], out[1, 0], out[1, 1] = sx, sy, tx, ty
        return 2
    # the goal, and the interval end the path bends around when the goal is not in view
    count = 0
    out[count, 0], out[count, 1] = tx, ty
    count += 1
    root = nodes_i[final, NI_ROOT]
    qx, qy = px(vx, sx, root), px(vy, sy, root)
    lx, ly = nodes_f[final, NF_LX], nodes_f[final, NF_LY]
    rx, ry = nodes_f[final, NF_RX], nodes_f[final, NF_RY]
    if not ((qx == lx and qy == ly) or (qx == rx and qy == ry)):
        if side(vx, vy, sx, sy, root, nodes_i[final, NI_LA], nodes_i[final, NI_LB], tx,
                 ty) > 0:
            if not (lx == tx and ly == ty):
                out[count, 0], out[count, 1] = lx, ly
                count += 1
        elif side(vx, vy, sx, sy, root, nodes_i[final, NI_RA], nodes_i[final, NI_RB], tx,
                   ty) < 0 and not (rx == tx and ry == ty):
            out[count, 0], out[count, 1] = rx, ry
            count += 1
    node = final
    last = -3
    while node >= 0:
        r = nodes_i[node, NI_ROOT]
        if r != last:
            x, y = px(vx, sx, r), px(vy, sy, r)
            if not (x == out[count - 1, 0] and y == out[count - 1, 1]):
                out[count, 0], out[count, 1] = x, y
                count += 1
            last = r
        node = nodes_i[node, NI_PARENT]
    # reverse in place
    i, j = 0, count - 1
    while i < j:
        for c in range(2):
            t = out[i, c]
            out[i, c] = out[j, c]
            out[j, c] = t
        i += 1
        j -= 1
    return count

