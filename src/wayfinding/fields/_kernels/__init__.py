"""Compiled (numba) kernels of :mod:`wayfinding.fields`: private, imported lazily.

Kernels work on the padded flat arrays of :class:`~wayfinding.grid.grid.FlatGrid` and the
grid's move table (:class:`wayfinding.grid._engine.Plan`: ``moves[k, 0:3]`` the flat
offsets of the step and of the two orthogonal cells a diagonal step passes, ``lengths``).
Importing this package imports numba (:mod:`wayfinding._cache` places the kernel cache).
"""

from ..._cache import install

install()
