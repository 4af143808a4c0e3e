"""Compiled (numba) kernels of :mod:`wayfinding.loop`: private, imported lazily.

Every kernel is an ``@njit(cache=True)`` function over flat arrays and scalars only. Grids
are the padded flat arrays of :class:`~wayfinding.grid.grid.FlatGrid` (a one-cell blocked
border, so no bounds checks); moves are the table built by :mod:`wayfinding.loop._grid`:
``moves`` int64[k, 3] rows ``(offset, corner_a, corner_b)`` (flat offsets of the step and
of the two orthogonal cells a diagonal step passes) and ``lengths`` float64[k].
Importing this package does not import numba; its submodules do.
"""
