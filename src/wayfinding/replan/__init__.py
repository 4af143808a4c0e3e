"""Re-planning when the map changes.

* :func:`path_blocked`: does an old path still hold after an edit.
* :class:`DStarLite`: incremental re-planning for a unit that moves and discovers changes.

Compiled on grids (numba, imported on first use, not here).
"""

from .changes import path_blocked
from .dstar_lite import DStarLite

__all__ = ["DStarLite", "path_blocked"]
