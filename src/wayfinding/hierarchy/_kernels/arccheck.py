"""Kernel: check a directed hierarchy (:class:`~wayfinding.hierarchy.directed.ArcHierarchy`)
read from a file against the graph it claims to be made for.

:func:`.updown.updown` trusts its arrays (numba checks no bounds), so before a query may
read them: every index in range; CSR starts from 0, never decreasing, ending at the list
length; each listed arc is the arc it names (its ends and cost); an arc of the graph
(no unpacking links) is an edge of the graph (``indptr``/``indices``/``costs``, nodes
mapped by ``order``) with that cost; a shortcut unpacks into two arcs through a node
numbered above both its ends (contracted before them, so unpacking ends) and costs their
sum. A hierarchy that passes can still be tampered with (arcs left out): queries then
find a longer path or none, but every path they return is made of the graph's edges.
"""

from __future__ import annotations

import math

from numba import njit

OK = 0
#: Codes returned by :func:`check_arcs`, with the message the caller formats (``{a}``).
MESSAGES = {
    1: "arc {a} has an end out of range or a cost that is not a number >= 0",
    2: "arc {a} is not an edge of the graph with that cost",
    3: "shortcut {a} does not unpack into two arcs through a lower node",
    4: "shortcut {a} does not cost the sum of its halves",
    5: "up_start must run from 0 to the number of up arcs without decreasing",
    6: "down_start must run from 0 to the number of down arcs without decreasing",
    7: "up entry {a} does not match the arc it names",
    8: "down entry {a} does not match the arc it names",
}


@njit(cache=True)
def _close(a, b):  # pragma: no cover - numba
    return abs(a - b) <= 1e-9 * max(abs(a), abs(b), 1.0)


@njit(cache=True)
def _bad_start(starts, total):  # pragma: no cover - numba
    if starts[0] != 0 or starts[starts.shape[0] - 1] != total:
        return True
    for v in range(starts.shape[0] - 1):  # noqa: SIM110 - a loop numba compiles
        if starts[v + 1] < starts[v]:
            return True
    return False


@njit(cache=True)
def _bad_list(starts, to, w, arc, arc_tail, arc_head, arc_w, owner_is_tail):  # pragma: no cover
    """The first entry of a CSR list of arcs that does not match its arc, or -1."""
    n_arcs = arc_tail.shape[0]
    for x in range(starts.shape[0] - 1):
        for e in range(starts[x], starts[x + 1]):
            a = arc[e]
            if a < 0 or a >= n_arcs:
                return e
            mine = arc_tail[a] if owner_is_tail else arc_head[a]
            other = arc_head[a] if owner_is_tail else arc_tail[a]
            if mine != x or to[e] != other or w[e] != arc_w[a]:
                return e
    return -1


@njit(cache=True)
def check_arcs(indptr, indices, costs, order, up_start, up_to, up_w, up_arc, down_start,
               down_to, down_w, down_arc, arc_tail, arc_head, arc_w, arc_low,
               arc_high):  # pragma: no cover - numba
    """``(code, a)``: 0 when a query may read the arrays, else a code of :data:`MESSAGES`.

    Shapes are the caller's to check first (``order`` a permutation of the graph's
    nodes, ``*_start`` of ``n + 1`` entries, each group of arrays of one length).
    """
    n = order.shape[0]
    n_arcs = arc_tail.shape[0]
    for a in range(n_arcs):
        u = arc_tail[a]
        v = arc_head[a]
        if u < 0 or u >= n or v < 0 or v >= n or u == v or not (
                arc_w[a] >= 0.0 and arc_w[a] < math.inf):
            return 1, a
    for a in range(n_arcs):
        low = arc_low[a]
        high = arc_high[a]
        if low < 0 and high < 0:
            gu = order[arc_tail[a]]
            gv = order[arc_head[a]]
            found = False
            for e in range(indptr[gu], indptr[gu + 1]):
                if indices[e] == gv and _close(costs[e], arc_w[a]):
                    found = True
                    break
            if not found:
                return 2, a
            continue
        if low < 0 or high < 0 or low >= n_arcs or high >= n_arcs:
            return 3, a
        mid = arc_head[low]
        if (arc_tail[low] != arc_tail[a] or arc_tail[high] != mid
                or arc_head[high] != arc_head[a] or mid <= arc_tail[a]
                or mid <= arc_head[a]):
            return 3, a
        if not _close(arc_w[a], arc_w[low] + arc_w[high]):
            return 4, a
    if _bad_start(up_start, up_to.shape[0]):
        return 5, 0
    if _bad_start(down_start, down_to.shape[0]):
        return 6, 0
    bad = _bad_list(up_start, up_to, up_w, up_arc, arc_tail, arc_head, arc_w, True)
    if bad >= 0:
        return 7, bad
    bad = _bad_list(down_start, down_to, down_w, down_arc, arc_tail, arc_head, arc_w, False)
    if bad >= 0:
        return 8, bad
    return OK, 0
