"""Data derived from a grid and kept until its next edit: one typed key per kind of data.

A module that derives something from a grid (flat arrays, a search plan, component
labels, jump-point bitmaps, ...) declares one :class:`Derived` key for it, next to the
function that builds it; :meth:`Grid.derived` builds it on first need and again after an
edit. The key names what is stored and how it is built, so no module reads or writes
another's entries by a string.

A key may also say how to *patch* its data: ``patch(grid, old, edits)`` turns the data of
an older version into the data of the current one, given the few :class:`Edit` records in
between (a wall toggled, a cost set), or returns None to ask for a full build. A patch
never changes ``old`` (searches still running on the older version keep reading it):
it copies what it changes. Edits that replace a whole array leave no record, and then
every key is built afresh.

Examples
--------
>>> from wayfinding import Grid
>>> OPEN_CELLS = Derived("open cells", lambda grid: int(grid.passable_mask.sum()))
>>> grid = Grid.from_ascii("..#")
>>> grid.derived(OPEN_CELLS)
2
>>> grid.set_wall((0, 0))
>>> grid.derived(OPEN_CELLS)
1
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

if TYPE_CHECKING:  # pragma: no cover
    from .grid import Grid

__all__ = ["Derived", "DerivedStore", "Edit", "EditKind"]

T = TypeVar("T")


class EditKind(Enum):
    """What an edit of a few cells changed."""

    #: Passability (``set_wall``, ``set_walls``).
    WALLS = "walls"
    #: Entry costs (``set_cost``) of a grid that had a cost array already.
    COSTS = "costs"


class Edit(NamedTuple):
    """One edit of a few cells, as the grid logs it for patches: their ``(x, y)``."""

    kind: EditKind
    cells: tuple[tuple[int, int], ...]


@dataclass(frozen=True, eq=False)
class Derived(Generic[T]):
    """One kind of data derived from a grid: a name (for messages) and its builder.

    Declare it once, at module level, in the module that owns the data; keys compare by
    identity, so two modules can never share an entry by accident.
    """

    name: str
    build: Callable[[Grid], T]
    #: ``patch(grid, old, edits)``: the data of the grid as it is now from ``old``, the
    #: data of an older version, and the edits made since (oldest first); None to build
    #: afresh. Runs under the grid's lock, like ``build``; must not change ``old``.
    patch: Callable[[Grid, T, Sequence[Edit]], T | None] | None = None

    def __repr__(self) -> str:
        return f"Derived({self.name!r})"


class DerivedStore:
    """The derived data of one grid, each entry stamped with the version it was built from.

    Threads: a hit costs no lock. A build (or a patch) runs under the grid's edit lock,
    so no edit can change the grid while data is derived from it, and the data is stamped with the
    version read before the build (an edit that comes after the build makes it stale at
    once). A thread that finds another building the same key waits for it instead of
    building it twice.
    """

    __slots__ = ("_entries", "_lock")

    def __init__(self, lock: threading.RLock) -> None:
        self._lock = lock
        self._entries: dict[Derived[Any], tuple[int, Any]] = {}

    def get(self, grid: Grid, key: Derived[T]) -> T:
        """``key``'s data for the grid as it is now (built if missing or stale)."""
        hit = self._entries.get(key)
        if hit is not None and hit[0] == grid.version:
            return hit[1]  # type: ignore[no-any-return]
        with self._lock:
            version = grid.version  # no edit can run until the build is stored
            hit = self._entries.get(key)
            if hit is not None and hit[0] == version:
                return hit[1]  # type: ignore[no-any-return]
            value = None
            if hit is not None and key.patch is not None:
                edits = grid._edits_since(hit[0])
                if edits is not None:
                    value = key.patch(grid, hit[1], edits)
            if value is None:
                value = key.build(grid)
            self._entries[key] = (version, value)
            return value

    def get_at(self, grid: Grid, version: int, key: Derived[T]) -> T | None:
        """``key``'s data for grid ``version``; None when the grid was edited since."""
        hit = self._entries.get(key)
        if hit is not None and hit[0] == version == grid.version:
            return hit[1]  # type: ignore[no-any-return]
        with self._lock:
            if grid.version != version:
                return None
            return self.get(grid, key)

    def peek(self, grid: Grid, key: Derived[T], version: int | None = None) -> T | None:
        """``key``'s data if it is built for ``version`` (by default the current one) and
        that is still the grid's version, else None (never builds)."""
        hit = self._entries.get(key)
        if hit is not None and hit[0] == grid.version and version in (None, hit[0]):
            return hit[1]  # type: ignore[no-any-return]
        return None
