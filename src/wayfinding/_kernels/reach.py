"""Recording reached nodes in generation-stamped arrays (best-first and breadth-first).

A search keeps ``g`` (cost so far), ``parent`` and ``touched`` (nodes in order of first
reach) in arrays it never clears: ``stamp[v]`` is ``gen`` when ``v`` was reached by this
search and is on the frontier, ``-gen`` when it was expanded, anything else when the
slots of ``v`` are stale (DESIGN R9). Both functions are ``inline="always"``.

Examples
--------
>>> import numpy as np
>>> from wayfinding._kernels.codes import REOPEN_OPEN
>>> stamp, g, parent, touched = (np.zeros(4, np.int32), np.zeros(4), np.zeros(4, np.int32),
...                              np.zeros(4, np.int32))
>>> n = seed(2, stamp, g, parent, touched, 0, 7)
>>> n = reach(3, 1.5, 2, stamp, g, parent, touched, n, 7, REOPEN_OPEN)
>>> reach(3, 2.0, 2, stamp, g, parent, touched, n, 7, REOPEN_OPEN)  # not cheaper
-1
>>> touched[:n].tolist(), float(g[3]), int(parent[3])
([2, 3], 1.5, 2)
"""

from __future__ import annotations

from numba import njit

from .codes import REOPEN_ALL, REOPEN_NONE

__all__ = ["reach", "seed"]


@njit(cache=True, nogil=True, inline="always")
def seed(s, stamp, g, parent, touched, n_touched, gen):  # pragma: no cover - numba
    """Reach start ``s`` at cost 0; return the new ``n_touched``, or -1 when ``s`` was
    already reached (a start given twice)."""
    if stamp[s] == gen:
        return -1
    stamp[s] = gen
    g[s] = 0.0
    parent[s] = -1
    touched[n_touched] = s
    return n_touched + 1


@njit(cache=True, nogil=True, inline="always")
def reach(v, new_cost, u, stamp, g, parent, touched, n_touched, gen,
          reopen):  # pragma: no cover - numba
    """Reach ``v`` from ``u`` at ``new_cost`` if ``reopen`` (``REOPEN_*``) allows it and
    it is cheaper; return the new ``n_touched``, or -1 when ``v`` keeps what it had.
    An expanded ``v`` reached again (``REOPEN_ALL``) goes back on the frontier."""
    sv = stamp[v]
    if sv == gen:
        if reopen == REOPEN_NONE or new_cost >= g[v]:
            return -1
    elif sv == -gen:
        if reopen != REOPEN_ALL or new_cost >= g[v]:
            return -1
        stamp[v] = gen
    else:
        stamp[v] = gen
        touched[n_touched] = v
        n_touched += 1
    g[v] = new_cost
    parent[v] = u
    return n_touched
