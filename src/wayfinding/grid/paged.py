"""Paged search state for grids too large for a slot per cell (voxel maps of 10^8 cells).

A dense :class:`~wayfinding.grid.workspace.Workspace` keeps 24 bytes per cell of the
grid (stamp, goal mark, cost, parent, reached list): 2 GB for the largest Warframe map,
whatever the query. A :class:`PagedWorkspace` keeps the same arrays for the cells of the
*pages* a search reaches (:mod:`wayfinding._kernels.pages`: 64 consecutive flat cells a
page, a page table of 4 bytes per page of the grid), so a query costs memory in
proportion to the part of the map it explores. The pool of pages doubles when a search
needs more (the kernel stops before an expansion that could overflow it, nothing lost);
the pages of a search are given back when the next one begins, in the time of the pages
used.

Worlds other than the square grid with more than :data:`PAGED_CELLS` padded cells are
searched this way (:attr:`wayfinding.grid._engine.Plan.paged`).

Examples
--------
>>> ws = acquire(1_000_000)
>>> ws.pages.shape[0], ws.page_used.shape[0] * 64 == ws.g.shape[0]
(15625, True)
>>> release(ws)
"""

from __future__ import annotations

import numpy as np

from .._kernels.codes import PAGE, pages_for
from .._workspaces import WorkspacePool
from .workspace import Workspace

__all__ = ["PAGED_CELLS", "PagedWorkspace", "acquire", "release"]

#: Grids (other worlds) with more padded cells than this are searched with paged state:
#: a dense workspace for them would take more than 400 MB.
PAGED_CELLS = 1 << 24
#: Pages a new pool holds (4 MB of search state); it doubles on demand.
FIRST_PAGES = 1 << 12


class PagedWorkspace(Workspace):
    """A :class:`~wayfinding.grid.workspace.Workspace` whose per-cell arrays hold the slots
    of the pages given out (``stamp``, ``goal_mark``, ``g``, ``parent``; ``touched`` as
    many cells), with ``pages`` (int32, a page's number in the pool or -1), ``page_used``
    (int32, the pages given out, in order) and ``page_count`` (int64[1], how many)."""

    __slots__ = ("page_count", "page_used", "pages")

    def __init__(self, cells: int = 0) -> None:
        self.pages = np.zeros(0, dtype=np.int32)
        self.page_used = np.zeros(0, dtype=np.int32)
        self.page_count = np.zeros(1, dtype=np.int64)
        super().__init__(0)
        self._pool(FIRST_PAGES)
        self.reserve(cells)

    def reserve(self, cells: int) -> None:
        """Make the page table cover a grid of ``cells`` padded cells (never shrinks)."""
        n = pages_for(cells)
        if n > self.pages.shape[0]:
            self.begin()
            self.pages = np.full(n, -1, dtype=np.int32)
        self.capacity = max(self.capacity, cells)

    def _pool(self, n_pages: int) -> None:
        """Pool arrays for ``n_pages`` pages, keeping what they hold (all or nothing)."""
        slots = n_pages * PAGE
        grown = {}
        for name, dtype in (("stamp", np.int32), ("goal_mark", np.int32), ("g", np.float64),
                            ("parent", np.int32), ("touched", np.int32)):
            old = getattr(self, name, None)
            new = np.zeros(slots, dtype=dtype)
            if old is not None and old.shape[0]:
                new[:old.shape[0]] = old
            grown[name] = new
        used = np.zeros(n_pages, dtype=np.int32)
        used[:self.page_used.shape[0]] = self.page_used
        for name, array in grown.items():
            setattr(self, name, array)
        self.page_used = used

    def grow_pool(self) -> None:
        """Double the pool, keeping its contents (a search may be under way)."""
        self._pool(2 * self.page_used.shape[0])

    def pool_full(self, moves: int) -> bool:
        """True when the pool may not hold the pages of one more expansion."""
        return int(self.page_count[0]) + moves > self.page_used.shape[0]

    def begin(self) -> None:
        """Give back the pages of the last search (before a new one starts)."""
        n = int(self.page_count[0])
        if n:
            self.pages[self.page_used[:n]] = -1
            self.page_count[0] = 0

    def room(self, pages: int) -> None:
        """Make room in the pool for ``pages`` more pages (a new search's goals, starts)."""
        while self.page_used.shape[0] < int(self.page_count[0]) + pages:
            self.grow_pool()

    def __repr__(self) -> str:
        return (f"PagedWorkspace(pages={self.pages.shape[0]}, pool={self.page_used.shape[0]}, "
                f"used={int(self.page_count[0])}, generation={self.generation})")


_POOL: WorkspacePool[PagedWorkspace] = WorkspacePool(PagedWorkspace)
#: This thread's paged workspace for a grid of ``cells`` padded cells, marked busy.
acquire = _POOL.acquire
#: Give a paged workspace back.
release = _POOL.release
