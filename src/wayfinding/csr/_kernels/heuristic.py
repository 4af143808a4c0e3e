"""Lower bounds of shortest-path costs for the CSR kernels (A*, bidirectional A*, ALT).

``lower_bound(code, a, b, ...)`` is a lower bound of the cost of a cheapest path
``a -> b``; every bound here is *consistent* (``lb(u, b) <= c(u, v) + lb(v, b)`` and
``lb(a, v) <= lb(a, u) + c(u, v)``), which bidirectional A* relies on:

- coordinates: ``scale * distance(a, b)`` with ``scale <= cost / distance`` on every edge
  (:func:`edge_scale`), a metric, hence consistent by the triangle inequality;
- landmarks: ``max over L of max(d(L, b) - d(L, a), d(a, L) - d(b, L))``, each term
  consistent by the triangle inequality of shortest-path costs. ``inf - inf`` terms
  (NaN) are skipped; an ``inf`` bound means "b cannot be reached from a", which is true.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..._kernels.codes import H_EUCLIDEAN, H_GREAT_CIRCLE, H_LANDMARKS

#: Mean Earth radius in metres (IUGG); only ratios matter since the scale is fitted.
EARTH_RADIUS = 6371008.8


@njit(cache=True, nogil=True, inline="always")
def distance(code, coords, a, b):  # pragma: no cover - numba
    """Straight-line (``H_EUCLIDEAN``) or great-circle (``H_GREAT_CIRCLE``) distance."""
    if code == H_EUCLIDEAN:  # sqrt, not math.hypot: an instruction, not a libm call
        dx = coords[a, 0] - coords[b, 0]
        dy = coords[a, 1] - coords[b, 1]
        return math.sqrt(dx * dx + dy * dy)
    rad = math.pi / 180.0
    lat1 = coords[a, 1] * rad
    lat2 = coords[b, 1] * rad
    s1 = math.sin(0.5 * (lat2 - lat1))
    s2 = math.sin(0.5 * (coords[b, 0] - coords[a, 0]) * rad)
    h = s1 * s1 + math.cos(lat1) * math.cos(lat2) * s2 * s2
    return 2.0 * EARTH_RADIUS * math.asin(math.sqrt(min(1.0, h)))


@njit(cache=True, nogil=True, inline="always")
def lower_bound(code, a, b, coords, lm_from, lm_to, scale):  # pragma: no cover - numba
    """Consistent lower bound of the cost ``a -> b`` (0 for codes without one here)."""
    if code in (H_EUCLIDEAN, H_GREAT_CIRCLE):
        return scale * distance(code, coords, a, b)
    if code == H_LANDMARKS:
        best = 0.0
        for k in range(lm_from.shape[0]):
            x = lm_from[k, b] - lm_from[k, a]
            if x > best:
                best = x
            y = lm_to[k, a] - lm_to[k, b]
            if y > best:
                best = y
        return best
    return 0.0


@njit(cache=True, nogil=True)
def edge_scale(indptr, indices, costs, coords, code):  # pragma: no cover - numba
    """Largest ``s`` with ``s * distance(u, v) <= cost(u, v)`` on every edge, shrunk by
    a few ulps so rounding cannot make the heuristic overestimate; 0 if some edge of
    positive length costs 0, 1 for a graph without such edges."""
    best = np.inf
    for u in range(indptr.shape[0] - 1):
        for e in range(indptr[u], indptr[u + 1]):
            d = distance(code, coords, u, indices[e])
            if d > 0.0:
                r = costs[e] / d
                if r < best:
                    best = r
    if best == np.inf:
        return 1.0
    return best * (1.0 - 1e-12)
