"""Kernel: check a contraction hierarchy and its hub labels read from a file.

:func:`.query.hub_path` trusts its arrays (numba checks no bounds), so a loaded file
must satisfy what :func:`.layout.undirected_graphs`, :func:`.labels.build_labels` and
:func:`wayfinding.hierarchy.hierarchy.by_rank` guarantee before a query may read it:

* every node, edge and label index in range; CSR starts that begin at 0, never decrease
  and end at the array length; core nodes ``0 .. n_core - 1`` own no upward edge;
* an upward edge leads to a lower node number (a higher rank) and a shortcut unpacks into
  two upward edges of a node numbered higher than both its ends (so unpacking ends);
  core edges join core nodes;
* weights finite: an original edge weighs the octile distance between its ends (node
  coordinates ``node_xy = x + stride * y``, as a grid's flat indices; every edge of a
  subgoal graph is such a line), a shortcut the sum of its halves;
* each label sorted by hub, holding only hubs numbered at most its node, the node itself
  (distance 0, no edge) last; every other entry reached by an upward edge into its hub
  from another hub of the same label, its distance that hub's plus the edge's weight (so
  following label edges climbs to the node and ends).

A hierarchy that passes can still be a tampered one (edges that do not exist in the
grid, labels missing hubs): the query then finds a longer path or none, and every path it
returns is still checked cell by cell against the grid.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from .common import find_hub

OK = 0
#: Codes returned by :func:`check`, with the message the caller formats (``{a}``, ``{b}``).
MESSAGES = {
    1: "up_start must run from 0 to the number of upward edges without decreasing "
       "(node {a})",
    2: "core node {a} owns upward edges",
    3: "upward edge {b} is listed under node {a} but starts at another",
    4: "upward edge {b} of node {a} leads to a node that is not above it",
    5: "upward edge {b} has a weight that is not its length",
    6: "shortcut {b} of node {a} does not unpack into two edges below it",
    7: "core_start must run from 0 to the number of core edges without decreasing "
       "(node {a})",
    8: "core edge {b} of node {a} leads outside the core",
    9: "core edge {b} has a weight that is not its length",
    10: "core shortcut {b} of node {a} does not unpack into two upward edges",
    11: "label_start must run from 0 to the number of label entries without decreasing "
        "(node {a})",
    12: "label entry {b} of node {a} has a hub out of range or out of order",
    13: "label entry {b} of node {a} has a distance that is not a number >= 0",
    14: "the label of node {a} does not end with the node itself",
    15: "label entry {b} of node {a} has an edge that does not lead to its hub from "
        "another hub of the label",
    16: "label entry {b} of node {a} has a distance that is not its path's length",
}


#: What :func:`_edge` finds wrong with an edge (0: nothing).
_BAD_WEIGHT, _BAD_LINKS = 1, 2


@njit(cache=True)
def _close(a, b):  # pragma: no cover - numba
    return abs(a - b) <= 1e-9 * max(abs(a), abs(b), 1.0)


@njit(cache=True)
def _bad_start(starts, n, total, allow_empty):  # pragma: no cover - numba
    """-1 when the CSR ``starts`` of ``n`` lists run from 0 to ``total`` without
    decreasing (nor staying, unless ``allow_empty``); else the node where they do not
    (0 when the ends are wrong)."""
    if starts[0] != 0 or starts[n] != total:
        return 0
    for v in range(n):
        if starts[v + 1] < starts[v] or (not allow_empty and starts[v + 1] == starts[v]):
            return v
    return -1


@njit(cache=True)
def _edge(v, y, w, low, high, upward, up_from, up_to, up_w, node_xy, stride, straight,
          diagonal):  # pragma: no cover - numba
    """What is wrong with the edge ``v - y`` of weight ``w`` and unpacking links
    ``low``/``high`` (upward edges ``mid - v`` and ``mid - y``; ``mid`` must rank below
    ``v`` too when ``upward``): an original edge must weigh the octile distance between
    its ends, a shortcut the sum of its halves."""
    m = up_from.shape[0]
    if low < 0 and high < 0:
        a = node_xy[v]
        b = node_xy[y]
        dx = abs(a % stride - b % stride)
        dy = abs(a // stride - b // stride)
        length = straight * abs(dx - dy) + diagonal * min(dx, dy)
        return 0 if _close(w, length) else _BAD_WEIGHT
    if low < 0 or high < 0 or low >= m or high >= m:
        return _BAD_LINKS
    mid = up_from[low]
    if (up_from[high] != mid or (upward and mid <= v) or up_to[low] != v
            or up_to[high] != y):
        return _BAD_LINKS
    return 0 if _close(w, up_w[low] + up_w[high]) else _BAD_WEIGHT


@njit(cache=True)
def check(node_xy, stride, straight, diagonal, up_start, up_from, up_to, up_w, up_low,
          up_high, core_start, core_to, core_w, core_low, core_high, label_start, label_hd,
          label_edge):  # pragma: no cover - numba
    """``(code, a, b)``: 0 when the arrays form a hierarchy a query may read, else the
    code of :data:`MESSAGES` and the node and index it is about.

    Shapes are the caller's to check first: ``up_start`` and ``label_start`` hold
    ``n + 1`` entries (``n = node_xy.shape[0]``), ``up_*`` one length, ``core_start`` at
    most ``n + 1``, ``core_*`` one length, ``label_hd`` ``(len(label_edge), 2)``.
    """
    n = node_xy.shape[0]
    m = up_from.shape[0]
    n_core = core_start.shape[0] - 1
    # ---- upward graph
    bad = _bad_start(up_start, n, m, True)
    if bad >= 0:
        return 1, bad, 0
    if up_start[n_core] != 0:
        return 2, n_core - 1, 0
    for v in range(n):
        for e in range(up_start[v], up_start[v + 1]):
            if up_from[e] != v:
                return 3, v, e
            w = up_to[e]
            if w < 0 or w >= v:
                return 4, v, e
            if not math.isfinite(up_w[e]):
                return 5, v, e
    for e in range(m):  # every edge is in range now: check the unpacking links
        v = up_from[e]
        problem = _edge(v, up_to[e], up_w[e], up_low[e], up_high[e], True, up_from, up_to,
                        up_w, node_xy, stride, straight, diagonal)
        if problem:
            return 4 + problem, v, e  # 5: weight, 6: links
    # ---- core graph
    bad = _bad_start(core_start, n_core, core_to.shape[0], True)
    if bad >= 0:
        return 7, bad, 0
    for v in range(n_core):
        for e in range(core_start[v], core_start[v + 1]):
            y = core_to[e]
            if y < 0 or y >= n_core or y == v:
                return 8, v, e
            if not math.isfinite(core_w[e]):
                return 9, v, e
            problem = _edge(v, y, core_w[e], core_low[e], core_high[e], False, up_from,
                            up_to, up_w, node_xy, stride, straight, diagonal)
            if problem:
                return 8 + problem, v, e  # 9: weight, 10: links
    # ---- labels
    bad = _bad_start(label_start, n, label_edge.shape[0], False)
    if bad >= 0:  # (no label is empty: each holds its node)
        return 11, bad, 0
    for v in range(n):
        first = label_start[v]
        last = label_start[v + 1] - 1
        previous = -1.0
        for i in range(first, last + 1):
            h = label_hd[i, 0]
            if not (h > previous and h <= v and h == math.floor(h)):
                return 12, v, i
            previous = h
            d = label_hd[i, 1]
            if not (d >= 0.0 and d < math.inf):
                return 13, v, i
        if label_hd[last, 0] != v or label_edge[last] != -1 or label_hd[last, 1] != 0.0:
            return 14, v, last
        for i in range(first, last):
            e = label_edge[i]
            if e < 0 or e >= m or up_to[e] != np.int64(label_hd[i, 0]):
                return 15, v, i
            x = up_from[e]  # a hub of the same label, found by binary search
            low = find_hub(label_hd, first, last, x)
            if label_hd[low, 0] != x:
                return 15, v, i
            if not _close(label_hd[i, 1], label_hd[low, 1] + up_w[e]):
                return 16, v, i
    return OK, 0, 0
