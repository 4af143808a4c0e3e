"""Kernel: check a contraction hierarchy and its hub labels read from a file.

:func:`.query.hub_path` trusts its arrays (numba checks no bounds), so a loaded file
must satisfy what :func:`.contract.contract`, :func:`.labels.build_labels` and
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


#: What :func:`_edge` finds about one edge of the upward or core graph.
_ORIGINAL, _SHORTCUT, _BAD_WEIGHT, _BAD_LINKS = 0, 1, 2, 3


@njit(cache=True)
def _close(a, b):  # pragma: no cover - numba
    return abs(a - b) <= 1e-9 * max(abs(a), abs(b), 1.0)


@njit(cache=True)
def _edge(w, low, high, m, a, b, stride, straight, diagonal):  # pragma: no cover - numba
    """An edge of weight ``w`` between node coordinates ``a`` and ``b`` with unpacking
    links ``low``/``high`` (``m`` upward edges): original of the right length, a
    shortcut whose links are in range (their ends are the caller's to check), or bad."""
    if low < 0 and high < 0:
        dx = abs(a % stride - b % stride)
        dy = abs(a // stride - b // stride)
        length = straight * abs(dx - dy) + diagonal * min(dx, dy)
        return _ORIGINAL if _close(w, length) else _BAD_WEIGHT
    if low < 0 or high < 0 or low >= m or high >= m:
        return _BAD_LINKS
    return _SHORTCUT


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
    if up_start[0] != 0 or up_start[n] != m:
        return 1, 0, 0
    for v in range(n):
        if up_start[v + 1] < up_start[v]:
            return 1, v, 0
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
        low = up_low[e]
        high = up_high[e]
        kind = _edge(up_w[e], low, high, m, node_xy[v], node_xy[up_to[e]], stride,
                     straight, diagonal)
        if kind != _SHORTCUT:
            if kind == _ORIGINAL:
                continue
            return (5 if kind == _BAD_WEIGHT else 6), v, e
        mid = up_from[low]
        if (up_from[high] != mid or mid <= v or up_to[low] != v
                or up_to[high] != up_to[e]):
            return 6, v, e
        if not _close(up_w[e], up_w[low] + up_w[high]):
            return 5, v, e
    # ---- core graph
    n_edges = core_to.shape[0]
    if core_start[0] != 0 or core_start[n_core] != n_edges:
        return 7, 0, 0
    for v in range(n_core):
        if core_start[v + 1] < core_start[v]:
            return 7, v, 0
    for v in range(n_core):
        for e in range(core_start[v], core_start[v + 1]):
            y = core_to[e]
            if y < 0 or y >= n_core or y == v:
                return 8, v, e
            if not math.isfinite(core_w[e]):
                return 9, v, e
            low = core_low[e]
            high = core_high[e]
            kind = _edge(core_w[e], low, high, m, node_xy[v], node_xy[y], stride, straight,
                         diagonal)
            if kind != _SHORTCUT:
                if kind == _ORIGINAL:
                    continue
                return (9 if kind == _BAD_WEIGHT else 10), v, e
            if (up_from[low] != up_from[high] or up_to[low] != v
                    or up_to[high] != y):
                return 10, v, e
            if not _close(core_w[e], up_w[low] + up_w[high]):
                return 9, v, e
    # ---- labels
    n_entries = label_edge.shape[0]
    if label_start[0] != 0 or label_start[n] != n_entries:
        return 11, 0, 0
    for v in range(n):
        if label_start[v + 1] <= label_start[v]:
            return 11, v, 0
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
