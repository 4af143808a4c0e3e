"""Polyanya's expansion: the successors of one search node (:func:`expand`).

A search node is an interval of a polygon edge, every point of which is seen straight
from the node's *root* (the start or a mesh vertex the path bends around), and the
polygon the interval leads into (the columns are in :mod:`wayfinding.navmesh._layout`).
Expanding a node projects the rays from the root through the interval's ends across that
polygon: the edges (or parts of edges) between the rays are *observable* (same root); the
parts beyond a ray are reached by bending around the interval's end, allowed only at a
vertex that touches an obstacle (a *corner*), which becomes their root (root-level
pruning, :func:`root_ok`, keeps a bend only when no cheaper path to that root is known).
Successors into dead-end polygons without the goal are dropped. ``f`` is the root's path
length plus :func:`h_value`, the shortest distance from the root through the interval
to the goal (the goal reflected across the interval's line when it lies on the root's
side).

Robustness: every combinatorial decision (which side of a ray a vertex lies on, whether
a ray passes exactly through a vertex, whether the root is collinear with an edge) is an
exact orientation test (:func:`~wayfinding.navmesh._kernels.geometry.orient`) on input
coordinates: an interval end that is not a vertex is kept as the line through two input
points (the root's ray), never as its rounded coordinates. Rounded coordinates serve only
the heuristic. Root-level pruning keeps a node unless its g exceeds the root's best by
more than ``PRUNE_TOL`` relative (never prunes equal lengths).

Examples
--------
>>> round(h_value(0.0, 0.0, 1.0, -1.0, 1.0, 1.0, 2.0, 0.0), 6)  # straight through
2.0
>>> round(h_value(0.0, 0.0, 1.0, 1.0, 1.0, 2.0, 2.0, 0.0), 6)  # bent at the end (1, 1)
2.828427
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .._layout import (
    AT_VERTEX,
    M_GEN,
    M_NODES,
    M_TOUCHED,
    NF_F,
    NF_G,
    NF_LX,
    NF_LY,
    NF_RX,
    NF_RY,
    NI_EL,
    NI_ER,
    NI_LA,
    NI_LB,
    NI_PARENT,
    NI_POLY,
    NI_RA,
    NI_RB,
    NI_ROOT,
)
from .geometry import cross_point, dist, orient

PRUNE_TOL = 1e-12


@njit(cache=True, nogil=True, inline="always")
def px(vx, sx, i):  # pragma: no cover - numba
    """Coordinate of point ``i`` (a vertex, or the start when negative)."""
    return sx if i < 0 else vx[i]


@njit(cache=True, nogil=True, inline="always")
def side(vx, vy, sx, sy, root, a, b, cx, cy):  # pragma: no cover - numba
    """Side of point c relative to the ray from ``root`` through an interval end given
    as (a, b) (see layout: vertex b when a is AT_VERTEX, else the line a -> b)."""
    if a == AT_VERTEX:
        a = root
    return orient(px(vx, sx, a), px(vy, sy, a), px(vx, sx, b), px(vy, sy, b), cx, cy)


@njit(cache=True, nogil=True, inline="always")
def h_value(qx, qy, lx, ly, rx, ry, tx, ty):  # pragma: no cover - numba
    """Shortest distance from root q through the segment [l, r] to goal t (t reflected
    across the segment's line when it lies on q's side)."""
    if (qx == lx and qy == ly) or (qx == rx and qy == ry):
        return dist(qx, qy, tx, ty)
    dx, dy = rx - lx, ry - ly
    side_q = dx * (qy - ly) - dy * (qx - lx)
    side_t = dx * (ty - ly) - dy * (tx - lx)
    if side_q * side_t > 0.0:
        length2 = dx * dx + dy * dy
        if length2 > 0.0:
            k = 2.0 * side_t / length2
            tx, ty = tx + k * dy, ty - k * dx
    ex, ey = tx - qx, ty - qy
    den = dx * ey - dy * ex
    if den == 0.0:
        via_l = dist(qx, qy, lx, ly) + dist(lx, ly, tx, ty)
        via_r = dist(qx, qy, rx, ry) + dist(rx, ry, tx, ty)
        return min(via_l, via_r)
    u = ((qx - lx) * ey - (qy - ly) * ex) / den
    if u < 0.0:
        return dist(qx, qy, lx, ly) + dist(lx, ly, tx, ty)
    if u > 1.0:
        return dist(qx, qy, rx, ry) + dist(rx, ry, tx, ty)
    return dist(qx, qy, tx, ty)


@njit(cache=True, nogil=True, inline="always")
def add(nodes_i, nodes_f, count, root, parent, poly, el, er, la, lb, ra, rb, lx, ly, rx,
         ry, g, f):  # pragma: no cover - numba
    nodes_i[count, NI_ROOT] = root
    nodes_i[count, NI_PARENT] = parent
    nodes_i[count, NI_POLY] = poly
    nodes_i[count, NI_EL] = el
    nodes_i[count, NI_ER] = er
    nodes_i[count, NI_LA] = la
    nodes_i[count, NI_LB] = lb
    nodes_i[count, NI_RA] = ra
    nodes_i[count, NI_RB] = rb
    nodes_f[count, NF_LX] = lx
    nodes_f[count, NF_LY] = ly
    nodes_f[count, NF_RX] = rx
    nodes_f[count, NF_RY] = ry
    nodes_f[count, NF_G] = g
    nodes_f[count, NF_F] = f
    return count + 1


@njit(cache=True, nogil=True, inline="always")
def root_ok(stamp, best_g, best_parent, touched, state, gen, root, g,
             parent_root):  # pragma: no cover - numba
    """Root-level pruning on generation: False when ``root`` was reached more cheaply
    before; else record g as its best."""
    if stamp[root] == gen:
        if g > best_g[root] + PRUNE_TOL * max(1.0, best_g[root]):
            return False
        if g < best_g[root]:
            best_g[root] = g
            best_parent[root] = parent_root
        return True
    stamp[root] = gen
    best_g[root] = g
    best_parent[root] = parent_root
    touched[state[M_TOUCHED]] = root
    state[M_TOUCHED] += 1
    return True


@njit(cache=True, nogil=True, _nrt=False)
def _emit(vx, vy, adj, dead_end, goal_mark, gen, nodes_i, nodes_f, count, parent, edge, cr,
          cl, root, la, lb, ra, rb, g, sx, sy, tx, ty):  # pragma: no cover - numba
    """A successor on the chain edge ``cr -> cl`` (P's edge ``edge``): into its
    neighbour, unless that is an obstacle or a dead end without the goal. Its interval's
    right end is (ra, rb), its left end (la, lb); returns the new node count.

    Compiled once and called (not inlined by numba): :func:`expand` calls it from seven
    places, and seven inlined copies made ``expand`` three times slower to compile for
    the same speed (``benchmarks/NOTES.md``, "Compile time")."""
    nxt = adj[edge]
    if nxt < 0 or (dead_end[nxt] and goal_mark[nxt] != gen):
        return count
    qx, qy = px(vx, sx, root), px(vy, sy, root)
    if ra == AT_VERTEX:
        rx, ry = vx[rb], vy[rb]
    else:
        rx, ry = cross_point(px(vx, sx, ra), px(vy, sy, ra), px(vx, sx, rb),
                             px(vy, sy, rb), vx[cr], vy[cr], vx[cl], vy[cl])
    if la == AT_VERTEX:
        lx, ly = vx[lb], vy[lb]
    else:
        lx, ly = cross_point(px(vx, sx, la), px(vy, sy, la), px(vx, sx, lb),
                             px(vy, sy, lb), vx[cr], vy[cr], vx[cl], vy[cl])
    f = g + h_value(qx, qy, lx, ly, rx, ry, tx, ty)
    return add(nodes_i, nodes_f, count, root, parent, nxt, cl, cr, la, lb, ra, rb, lx, ly,
                rx, ry, g, f)


# ``_nrt=False`` (here, in ``_emit`` and in ``polyanya.run``): numba counts references to
# every array a compiled call is handed, two atomic adds each
# (benchmarks/NOTES.md, "Navigation meshes"); these kernels allocate nothing.
@njit(cache=True, nogil=True, _nrt=False)
def expand(vx, vy, offsets, verts, adj, corner, dead_end, goal_mark, stamp, best_g,
           best_parent, touched, state, nodes_i, nodes_f, node, sx, sy, tx,
           ty):  # pragma: no cover - numba
    """Write the successors of ``node`` after the last node (``state[M_NODES]``); return
    how many. The caller guarantees room for (polygon sides + 2) more nodes."""
    gen = state[M_GEN]
    VERTEX = np.int32(AT_VERTEX)  # as nodes_i holds it: one compiled _emit
    count = state[M_NODES]
    first = count
    poly = nodes_i[node, NI_POLY]
    root = nodes_i[node, NI_ROOT]
    el, er = nodes_i[node, NI_EL], nodes_i[node, NI_ER]
    la, lb = nodes_i[node, NI_LA], nodes_i[node, NI_LB]
    ra, rb = nodes_i[node, NI_RA], nodes_i[node, NI_RB]
    g = nodes_f[node, NF_G]
    qx, qy = px(vx, sx, root), px(vy, sy, root)
    base = offsets[poly]
    n = offsets[poly + 1] - base
    k0 = 0
    while verts[base + k0] != er:
        k0 += 1
    l_vertex = la == AT_VERTEX and lb == el
    r_vertex = ra == AT_VERTEX and rb == er

    if orient(qx, qy, vx[el], vy[el], vx[er], vy[er]) == 0:
        # the root is on the entry edge's line: bend at the nearer end, if a corner
        d_l = dist(qx, qy, nodes_f[node, NF_LX], nodes_f[node, NF_LY])
        d_r = dist(qx, qy, nodes_f[node, NF_RX], nodes_f[node, NF_RY])
        if d_l <= d_r:
            turn, ok = el, l_vertex
        else:
            turn, ok = er, r_vertex
        if not ok or not corner[turn]:
            return 0
        g2 = g + dist(qx, qy, vx[turn], vy[turn])
        if not root_ok(stamp, best_g, best_parent, touched, state, gen, turn, g2, root):
            return 0
        for k in range(n - 1):
            e = base + (k0 + k) % n
            cr, cl = verts[e], verts[base + (k0 + k + 1) % n]
            count = _emit(vx, vy, adj, dead_end, goal_mark, gen, nodes_i, nodes_f, count,
                          node, e, cr, cl, turn, VERTEX, cl, VERTEX, cr, g2, sx, sy,
                          tx, ty)
        return count - first

    # the right ray (root through the right end) leaves the polygon at chain vertex a
    # (exactly, a_on) or inside chain edge (a - 1, a)
    a = 1
    while True:
        c = verts[base + (k0 + a) % n]
        s = side(vx, vy, sx, sy, root, ra, rb, vx[c], vy[c])
        if s >= 0 or a == n - 1:
            break
        a += 1
    a_on = s == 0
    # the left ray leaves at chain vertex b (b_on) or inside chain edge (b, b + 1)
    b = n - 2
    while True:
        c = verts[base + (k0 + b) % n]
        s = side(vx, vy, sx, sy, root, la, lb, vx[c], vy[c])
        if s <= 0 or b == 0:
            break
        b -= 1
    b_on = s == 0
    # a ray through the entry edge's own end vertex crosses the next chain edge there:
    # that end stays an exact vertex (and bending there leaves nothing on this side)
    r_at_end = a == 1 and r_vertex and not a_on
    l_at_end = b == n - 2 and l_vertex and not b_on
    # the ray ends as interval ends: exact vertex, or the ray's line
    if ra == AT_VERTEX:
        xra, xrb = root, rb
    else:
        xra, xrb = ra, rb
    if la == AT_VERTEX:
        xla, xlb = root, lb
    else:
        xla, xlb = la, lb

    if r_vertex and corner[er]:
        g2 = g + dist(qx, qy, vx[er], vy[er])
        if root_ok(stamp, best_g, best_parent, touched, state, gen, er, g2, root):
            for k in range(a):
                e = base + (k0 + k) % n
                cr, cl = verts[e], verts[base + (k0 + k + 1) % n]
                if k == a - 1 and not a_on:
                    if r_at_end:
                        continue
                    count = _emit(vx, vy, adj, dead_end, goal_mark, gen, nodes_i, nodes_f,
                                  count, node, e, cr, cl, er, xra, xrb, VERTEX, cr, g2,
                                  sx, sy, tx, ty)
                else:
                    count = _emit(vx, vy, adj, dead_end, goal_mark, gen, nodes_i, nodes_f,
                                  count, node, e, cr, cl, er, VERTEX, cl, VERTEX, cr,
                                  g2, sx, sy, tx, ty)

    first_edge = a if a_on else a - 1
    last_edge = b - 1 if b_on else b
    for k in range(first_edge, last_edge + 1):
        e = base + (k0 + k) % n
        cr, cl = verts[e], verts[base + (k0 + k + 1) % n]
        if k == first_edge and not a_on and not r_at_end:
            sra, srb = xra, xrb
        else:
            sra, srb = VERTEX, cr
        if k == last_edge and not b_on and not l_at_end:
            sla, slb = xla, xlb
        else:
            sla, slb = VERTEX, cl
        count = _emit(vx, vy, adj, dead_end, goal_mark, gen, nodes_i, nodes_f, count, node,
                      e, cr, cl, root, sla, slb, sra, srb, g, sx, sy, tx, ty)

    if l_vertex and corner[el]:
        g2 = g + dist(qx, qy, vx[el], vy[el])
        if root_ok(stamp, best_g, best_parent, touched, state, gen, el, g2, root):
            for k in range(b, n - 1):
                e = base + (k0 + k) % n
                cr, cl = verts[e], verts[base + (k0 + k + 1) % n]
                if k == b and not b_on:
                    if l_at_end:
                        continue
                    count = _emit(vx, vy, adj, dead_end, goal_mark, gen, nodes_i, nodes_f,
                                  count, node, e, cr, cl, el, VERTEX, cl, xla, xlb, g2,
                                  sx, sy, tx, ty)
                else:
                    count = _emit(vx, vy, adj, dead_end, goal_mark, gen, nodes_i, nodes_f,
                                  count, node, e, cr, cl, el, VERTEX, cl, VERTEX, cr,
                                  g2, sx, sy, tx, ty)
    return count - first

