"""Compiled (numba) kernels of :mod:`wayfinding.navmesh`: private, imported lazily.

They take the flat arrays of a :class:`~wayfinding.navmesh.NavMesh` (vertex coordinates,
polygon offsets, vertex and neighbour lists) and a workspace's buffers. Importing this
package imports numba (:mod:`wayfinding._cache` places the kernel cache).
"""

from ..._cache import install

install()
