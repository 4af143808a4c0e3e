"""Compiled (numba) kernels for grids: private, imported lazily on the first grid search.

Every kernel is an ``@njit(cache=True)`` function over flat arrays and scalars only; the
wrappers in :mod:`wayfinding.grid.search` validate input, own the buffers
(:mod:`wayfinding.grid.workspace`) and convert between ``(x, y)`` and flat indices.
Importing this package imports numba (:mod:`wayfinding._cache` places the kernel cache).
"""

from ..._cache import install

install()
