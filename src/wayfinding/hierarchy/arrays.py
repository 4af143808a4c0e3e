"""What both hierarchies (:class:`~.hierarchy.Hierarchy` and
:class:`~.directed.ArcHierarchy`) say of their arrays: their bytes and the ones a query
kernel takes. Its own module so that neither hierarchy module imports the other at load.

Examples
--------
>>> import numpy as np
>>> array_bytes((np.zeros(4, np.int32), np.zeros(2)))
32
"""

from __future__ import annotations

from typing import Any

import numpy as np


def array_bytes(arrays: tuple[np.ndarray, ...]) -> int:
    """Bytes held by a tuple of arrays (``nbytes`` of the hierarchies)."""
    return int(sum(array.nbytes for array in arrays))


def query_arrays(self: Any) -> tuple[np.ndarray, ...]:
    """The arrays of a hierarchy its query kernel takes, in its order (``QUERY``)."""
    return tuple(getattr(self, name) for name in self.QUERY)
