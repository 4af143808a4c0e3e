"""Path extraction from parent arrays (kernels and wrappers).

Examples
--------
>>> import numpy as np
>>> parent = np.array([-1, 0, 1, 1])
>>> out = np.empty(4, np.int64)
>>> n = trace(parent, 3, out)
>>> out[:n].tolist()
[0, 1, 3]
"""

from __future__ import annotations

from numba import njit

__all__ = ["trace"]


@njit(cache=True, nogil=True)
def trace(parent, end, out):  # pragma: no cover - numba
    """Write the path root..``end`` along ``parent`` (-1 ends it) into ``out``; return its
    length. At most ``out.shape[0]`` nodes are written (a longer chain, which only a
    corrupt parent array has, returns -1)."""
    n = 0
    v = end
    cap = out.shape[0]
    while v >= 0:
        if n >= cap:
            return -1
        out[n] = v
        n += 1
        v = parent[v]
    i = 0
    j = n - 1
    while i < j:
        t = out[i]
        out[i] = out[j]
        out[j] = t
        i += 1
        j -= 1
    return n
