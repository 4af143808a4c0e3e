"""Kernel: check a directed hierarchy (:class:`~wayfinding.hierarchy.directed.ArcHierarchy`)
read from a file against the graph it claims to be made for.

:func:`.updown.updown` trusts its arrays (numba checks no bounds), so before a query may
read them: CSR starts from 0, never decreasing, ending at the list length; every other
end in range and numbered above the list's owner (up: the arc's head, down: its tail),
except between two core nodes; costs numbers >= 0; an arc of the graph (no middle node)
is an edge of the graph (``indptr``/``indices``/``costs``, nodes mapped by ``order``)
with that cost; a shortcut's middle node is numbered above both its ends (contracted
before them, so unpacking ends), its two halves are listed (``tail -> mid`` in the down
list of ``mid``, ``mid -> head`` in its up list) and it costs their sum. A hierarchy
that passes can still be tampered with (arcs left out): queries then find a longer path
or none, but every path they return is made of the graph's edges.
"""

from __future__ import annotations

import math

from numba import njit

from .updown import arc_of

OK = 0
#: Codes returned by :func:`check_arcs`, with the message the caller formats (``{a}``).
MESSAGES = {
    1: "arc {a} has an end out of range or a cost that is not a number >= 0",
    2: "arc {a} is not an edge of the graph with that cost",
    3: "shortcut {a} does not unpack into two arcs through a lower node",
    4: "shortcut {a} does not cost the sum of its halves",
    5: "up_start must run from 0 to the number of up arcs without decreasing",
    6: "down_start must run from 0 to the number of down arcs without decreasing",
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
def check_arcs(indptr, indices, costs, order, up_start, up_to, up_w, up_mid, down_start,
               down_to, down_w, down_mid):  # pragma: no cover - numba
    """``(code, a)``: 0 when a query may read the arrays, else a code of :data:`MESSAGES`
    (``a``: the up entry, or the number of up entries plus the down entry).

    Shapes are the caller's to check first (``order`` a permutation of the graph's
    nodes, ``*_start`` of ``n + 1`` entries, each list's arrays of one length).
    """
    n = order.shape[0]
    if _bad_start(up_start, up_to.shape[0]):
        return 5, 0
    if _bad_start(down_start, down_to.shape[0]):
        return 6, 0
    # the core: nodes below the lowest owner of an arc listed the other way round
    core = 0
    for x in range(n):
        for e in range(up_start[x], up_start[x + 1]):
            if 0 <= up_to[e] < n and up_to[e] > x:
                core = max(core, x + 1)
        for e in range(down_start[x], down_start[x + 1]):
            if 0 <= down_to[e] < n and down_to[e] > x:
                core = max(core, x + 1)
    m_up = up_to.shape[0]
    for side in range(2):
        start, to, w, mids = ((up_start, up_to, up_w, up_mid) if side == 0 else
                              (down_start, down_to, down_w, down_mid))
        for x in range(n):
            for e in range(start[x], start[x + 1]):
                a = e + side * m_up
                y = to[e]
                if y < 0 or y >= n or y == x or not (w[e] >= 0.0 and w[e] < math.inf):
                    return 1, a
                if y > x and not (x < core and y < core):
                    return 1, a
                u, v = (x, y) if side == 0 else (y, x)  # the arc u -> v
                mid = mids[e]
                if mid < 0:
                    gu = order[u]
                    gv = order[v]
                    found = False
                    for k in range(indptr[gu], indptr[gu + 1]):
                        if indices[k] == gv and _close(costs[k], w[e]):
                            found = True
                            break
                    if not found:
                        return 2, a
                    continue
                if mid >= n or mid <= u or mid <= v:
                    return 3, a
                low, _low_mid = arc_of(up_start, up_to, up_w, up_mid, down_start, down_to,
                                      down_w, down_mid, u, mid)
                high, _high_mid = arc_of(up_start, up_to, up_w, up_mid, down_start, down_to,
                                        down_w, down_mid, mid, v)
                if low < 0.0 or high < 0.0:
                    return 3, a
                if not _close(w[e], low + high):
                    return 4, a
    return OK, 0
