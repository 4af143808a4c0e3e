"""Kernel: the shortest path between two sets of nodes of a contraction hierarchy.

:func:`hub_path` is the graph part of a query (the caller joins its start and goal to
the nodes they reach, and turns the path's nodes into whatever they stand for):

1. The hub labels (:mod:`.labels`) of the source nodes are spread into a table by hub,
   offset by each source's distance; the labels of the target nodes are looked up in it:
   the best common hub. When the hierarchy has an uncontracted core, an A* search over
   the core (octile distance between node coordinates as its bound) joins the core hubs
   of both sides too.
2. The labels' upward edges (and the core path) give a chain of hierarchy edges;
   shortcuts are unpacked into edges of the original graph: the path's nodes.

It is ``inline="always"``: numba updates reference counts (atomic operations) at every
call that takes an array, and a query is a few microseconds. The helpers it calls once
per query are ordinary functions.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..._kernels.codes import STATUS_BROKEN, STATUS_EXHAUSTED, STATUS_FOUND, STATUS_HEAP_FULL
from ..._kernels.heap import push
from .common import find_hub, owner, pop


@njit(cache=True, inline="always")
def astar_key(g, xy, tx, ty, stride, straight, diagonal):  # pragma: no cover - numba
    """``g`` plus the octile distance from node coordinates ``xy`` (``x + stride * y``)
    to ``(tx, ty)``."""
    gap_x = abs(xy % stride - tx)
    gap_y = abs(xy // stride - ty)
    return g + straight * abs(gap_x - gap_y) + diagonal * min(gap_x, gap_y)


@njit(cache=True, inline="always")
def path_nodes(buffer, n):  # pragma: no cover - numba
    """The part of ``buffer`` where :func:`hub_path` writes the path's nodes."""
    return buffer[4 * n + 16:6 * n + 32]


@njit(cache=True, inline="always")
def hub_path(up_from, up_to, up_low, up_high, core_start, core_to, core_w, core_low,
             core_high, label_start, label_hd, label_edge, node_xy, stride, straight,
             diagonal, target_xy, joins, join_d, n_src, n_dst, best_f, entry_f, touched,
             best_b, entry_b, core_via, heap_key, heap_node,
             buffer):  # pragma: no cover - numba
    """Shortest path from any of the nodes ``joins[0, :n_src]`` (at distances
    ``join_d[0, :n_src]`` from the start) to any of ``joins[1, :n_dst]`` (at
    ``join_d[1, :n_dst]`` from the goal).

    ``node_xy`` (coordinates ``x + stride * y`` of every node), ``target_xy`` (the
    goal's), ``straight`` and ``diagonal`` give the core search its lower bound (0 and 0:
    Dijkstra). (Numba inlines functions of at most 30 arguments: this one has 30; the
    joined nodes come as rows of 2-d arrays, which measured faster than slices.)

    Workspace (``n`` nodes, ``n_core`` in the core): ``best_f`` (float64[n]: best
    distance from the start to each hub, inf when not reached), ``entry_f`` (int64[n]:
    the label entry that gave it), ``touched`` (int64[n]: the hubs given a value); for the
    core nodes ``best_b`` and ``entry_b`` (the same from the goal's side) and
    ``core_via`` (the core edge a core node was reached by, -1 from a label); a heap
    (``heap_key``, ``heap_node``); ``buffer`` (int64[>= 10 * n + 64]).

    ``best_f`` and ``best_b`` must be all inf on entry and are all inf again on return:
    the hubs listed in ``touched`` are reset at the end, which costs one write per hub
    reached. (Generation stamps, used elsewhere, would cost a read per label entry, and
    reading labels is most of a query's work: resetting measured faster here.)

    Returns ``(status, n_nodes, examined)``: ``STATUS_FOUND`` with the path's nodes in
    :func:`path_nodes`, ``STATUS_EXHAUSTED`` (no path), ``STATUS_HEAP_FULL`` (grow the
    heap and ask again) or ``STATUS_BROKEN`` (inconsistent data); ``examined`` counts the
    label entries read and core nodes settled.
    """
    n_sub = node_xy.shape[0]
    n_core = core_start.shape[0] - 1
    tx = target_xy % stride
    ty = target_xy // stride
    stack = buffer[:4 * n_sub + 16]  # (edge or node, kind) pairs, read from the top
    nodes = path_nodes(buffer, n_sub)
    chain = buffer[6 * n_sub + 32:]  # (edge or node, kind) pairs in path order
    n_touched = 0
    examined = 0
    # ---- forward: spread the labels of the start's nodes into a table by hub
    n_sources = 0  # core hubs reached, listed in heap_node for the core search
    for k in range(n_src):
        u = joins[0, k]
        du = join_d[0, k]
        if n_core == 0:
            # no core: only the distances are needed here (the entry of the meeting hub
            # is found again afterwards), so the loop has no branch to mispredict
            for i in range(label_start[u], label_start[u + 1]):
                h = np.int64(label_hd[i, 0])
                best_f[h] = min(best_f[h], du + label_hd[i, 1])
            examined += label_start[u + 1] - label_start[u]
            continue
        for i in range(label_start[u], label_start[u + 1]):
            h = np.int64(label_hd[i, 0])
            d = du + label_hd[i, 1]
            if d < best_f[h]:
                if best_f[h] == math.inf:
                    if h < n_core:
                        if best_b[h] == math.inf:
                            touched[n_touched] = h
                            n_touched += 1
                        core_via[h] = -1
                        heap_node[n_sources] = h
                        n_sources += 1
                    else:
                        touched[n_touched] = h
                        n_touched += 1
                best_f[h] = d
                entry_f[h] = i
        examined += label_start[u + 1] - label_start[u]
    # ---- backward: look the goal's nodes' hubs up in the table
    best = math.inf
    meet = -1
    meet_entry = -1
    for k in range(n_dst):
        w = joins[1, k]
        dw = join_d[1, k]
        for j in range(label_start[w], label_start[w + 1]):
            h = np.int64(label_hd[j, 0])
            d = label_hd[j, 1] + dw
            if h < n_core and d < best_b[h]:
                # core hubs of the goal side: remembered for the core search
                if best_b[h] == math.inf and best_f[h] == math.inf:
                    touched[n_touched] = h
                    n_touched += 1
                best_b[h] = d
                entry_b[h] = j
            total = best_f[h] + d
            if total < best:
                best = total
                meet = h
                meet_entry = j
        examined += label_start[w + 1] - label_start[w]
    # ---- the core: A* from the forward core hubs to the backward ones
    meet_in_core = False
    if n_sources > 0:
        capacity = heap_key.shape[0]
        size = 0
        for k in range(n_sources):  # heapify the sources in place, keyed by g + h
            h = heap_node[k]
            d = astar_key(best_f[h], node_xy[h], tx, ty, stride, straight, diagonal)
            size = push(heap_key, heap_node, size, d, h)
        while size > 0:
            f_top, x, size = pop(heap_key, heap_node, size)
            if f_top >= best:
                break
            d_top = best_f[x]
            if f_top > astar_key(d_top, node_xy[x], tx, ty, stride, straight,
                                 diagonal) + 1e-9 * f_top:
                continue  # a stale entry
            examined += 1
            if best_b[x] < math.inf and d_top + best_b[x] < best:
                best = d_top + best_b[x]
                meet = x
                meet_in_core = True
            for e in range(core_start[x], core_start[x + 1]):
                y = core_to[e]
                nd = d_top + core_w[e]
                f_new = astar_key(nd, node_xy[y], tx, ty, stride, straight, diagonal)
                if f_new >= best:
                    continue
                if nd >= best_f[y]:
                    continue
                if best_f[y] == math.inf and best_b[y] == math.inf:
                    touched[n_touched] = y
                    n_touched += 1
                best_f[y] = nd
                core_via[y] = e
                if size == capacity:
                    _reset(touched, n_touched, best_f, best_b, n_core)
                    return STATUS_HEAP_FULL, 0, examined
                size = push(heap_key, heap_node, size, f_new, y)
    if n_core == 0:
        if meet >= 0:
            entry_f[meet] = _forward_entry(label_start, label_hd, joins[0], join_d[0], n_src,
                                           meet, best_f[meet])
        _clear_forward(label_start, label_hd, joins[0], n_src, best_f)
    else:
        _reset(touched, n_touched, best_f, best_b, n_core)
    if meet < 0:
        return STATUS_EXHAUSTED, 0, examined
    # ---- the chain in path order: up the start's label to the hub (or core entry),
    # along core edges, down the goal's label. Kinds: 1 / -1 an upward edge climbed /
    # descended, 2 a core edge (stored by its index, leading to core_to).
    n_chain = 0
    bottom = meet  # the node where the climb from the start ends
    if meet_in_core:
        # core edges walked back from meet, reversed afterwards
        x = meet
        while core_via[x] >= 0:
            if n_chain + 2 > chain.shape[0]:  # a cycle: only tampered data does that
                return STATUS_BROKEN, 0, examined
            e = core_via[x]
            chain[n_chain] = e
            chain[n_chain + 1] = 2
            n_chain += 2
            x = owner(core_start, e)
        bottom = x
    # the climb, walked from the top down in the start's label, reversed afterwards
    entry = entry_f[bottom]
    if entry < 0:
        return STATUS_BROKEN, 0, examined
    owner_f = owner(label_start, entry)
    n_chain = _label_chain(label_hd, label_edge, label_start, up_from, owner_f, entry,
                           chain, n_chain, 1)
    if n_chain < 0:
        return STATUS_BROKEN, 0, examined
    # [core edges backwards, climb hub-first] reversed: [climb, core edges] in order
    _reverse_pairs(chain, 0, n_chain)
    # the descent: walked from the meeting hub down in the goal's label
    entry = entry_b[meet] if meet_in_core else meet_entry
    n_chain = _label_chain(label_hd, label_edge, label_start, up_from,
                           owner(label_start, entry), entry, chain, n_chain, -1)
    if n_chain < 0:
        return STATUS_BROKEN, 0, examined
    # ---- unpack: the chain reversed onto the stack, shortcuts split on the way
    if n_chain > stack.shape[0] - 4:
        return STATUS_BROKEN, 0, examined
    top = 0
    for k in range(n_chain - 2, -1, -2):
        stack[top] = chain[k]
        stack[top + 1] = chain[k + 1]
        top += 2
    nodes[0] = owner_f
    n_nodes = 1
    # the hierarchy a file gave may unpack into more than a path's nodes (checked files
    # cannot loop, but their shortcuts may nest exponentially): stop then
    stack_room = stack.shape[0] - 4
    nodes_room = nodes.shape[0]
    while top > 0:
        if top > stack_room or n_nodes >= nodes_room:
            return STATUS_BROKEN, 0, examined
        top -= 2
        e = stack[top]
        kind = stack[top + 1]
        if kind == 2:  # a core edge: its shortcut halves, or the node it leads to
            if core_low[e] < 0:
                nodes[n_nodes] = core_to[e]
                n_nodes += 1
                continue
            # from -> mid (down the low edge), mid -> to (up the high edge)
            descend = core_low[e]
            climb = core_high[e]
        elif up_low[e] < 0:  # an original edge: emit the end it leads to
            nodes[n_nodes] = up_to[e] if kind > 0 else up_from[e]
            n_nodes += 1
            continue
        elif kind > 0:  # low -> mid -> high: (mid -> low) reversed, mid -> high
            descend = up_low[e]
            climb = up_high[e]
        else:  # high -> mid -> low
            descend = up_high[e]
            climb = up_low[e]
        stack[top] = climb  # popped second
        stack[top + 1] = 1
        stack[top + 2] = descend  # popped first
        stack[top + 3] = -1
        top += 4
    return STATUS_FOUND, n_nodes, examined


@njit(cache=True)
def _forward_entry(label_start, label_hd, src, src_d, n_src, hub,
                   distance):  # pragma: no cover - numba
    """The label entry for ``hub`` that gave the start its ``distance`` to it: the labels
    of the sources are searched again, with the distances the forward pass used."""
    for k in range(n_src):
        u = src[k]
        first = find_hub(label_hd, label_start[u], label_start[u + 1] - 1, hub)
        if label_hd[first, 0] == hub and src_d[k] + label_hd[first, 1] == distance:
            return first
    return -1


@njit(cache=True)
def _clear_forward(label_start, label_hd, src, n_src, best_f):  # pragma: no cover - numba
    """Set ``best_f`` of every hub in the sources' labels back to inf."""
    for k in range(n_src):
        u = src[k]
        for i in range(label_start[u], label_start[u + 1]):
            best_f[np.int64(label_hd[i, 0])] = math.inf


@njit(cache=True)
def _reset(touched, n_touched, best_f, best_b, n_core):  # pragma: no cover - numba
    """Set ``best_f`` (and ``best_b`` of core nodes) of the touched hubs back to inf."""
    for k in range(n_touched):
        h = touched[k]
        best_f[h] = math.inf
        if h < n_core:
            best_b[h] = math.inf


@njit(cache=True)
def _label_chain(label_hd, label_edge, label_start, up_from, node, entry, chain, n,
                 kind):  # pragma: no cover - numba
    """Append the upward edges from the entry's hub down to ``node``, hub first.

    Returns the new length of ``chain``, or -1 when it is full (inconsistent labels)."""
    e = label_edge[entry]
    while e >= 0:
        if n + 2 > chain.shape[0]:
            return -1
        chain[n] = e
        chain[n + 1] = kind
        n += 2
        # the entry of the edge's lower end in the same label (sorted by hub)
        e = label_edge[find_hub(label_hd, label_start[node], label_start[node + 1] - 1,
                                up_from[e])]
    return n


@njit(cache=True)
def _reverse_pairs(pairs, first, end):  # pragma: no cover - numba
    """Reverse the order of the pairs in ``pairs[first:end]``."""
    i = first
    j = end - 2
    while i < j:
        pairs[i], pairs[j] = pairs[j], pairs[i]
        pairs[i + 1], pairs[j + 1] = pairs[j + 1], pairs[i + 1]
        i += 2
        j -= 2
