"""Compiled (numba) kernels of prepared grids: private, imported lazily.

``subgoal`` (subgoals, clearances, direct-h-reachable subgoals, the subgoal graph's
edges) and ``query`` (a query from cell to cell over the hierarchy of
:mod:`wayfinding.hierarchy`). Importing this package imports numba
(:mod:`wayfinding._cache`).
"""

from ...._cache import install

install()
