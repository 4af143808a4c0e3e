"""Reaching the starts of a search in generation-stamped arrays (best-first and BFS).

A search keeps ``g`` (cost so far), ``parent`` and ``touched`` (nodes in order of first
reach) in arrays it never clears: ``stamp[v]`` is ``gen`` when ``v`` was reached by this
search and is on the frontier, ``-gen`` when it was expanded, anything else when the
slots of ``v`` are stale (R9 of ``../shared/DESIGN.md``).

The relaxation of an edge is not here: each kernel keeps it written out, because an
inlined function for it was slower (``benchmarks/NOTES.md``, "Grid best-first").

Examples
--------
>>> import numpy as np
>>> stamp, g, parent, touched = (np.zeros(4, np.int32), np.zeros(4), np.zeros(4, np.int32),
...                              np.zeros(4, np.int32))
>>> n = seed(2, stamp, g, parent, touched, 0, 7)
>>> seed(2, stamp, g, parent, touched, n, 7)  # a start given twice
-1
>>> touched[:n].tolist(), float(g[2]), int(parent[2])
([2], 0.0, -1)
"""

from __future__ import annotations

from numba import njit

__all__ = ["seed"]


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
