"""Data derived from a grid and kept until its next edit: one typed key per kind of data.

A module that derives something from a grid (flat arrays, a search plan, component
labels, jump-point bitmaps, ...) declares one :class:`Derived` key for it, next to the
function that builds it; :meth:`Grid.derived` builds it on first need and again after an
edit. The key names what is stored and how it is built, so no module reads or writes
another's entries by a string.

A key may also say how to *patch* its data: ``patch(grid, old, edits)`` turns the data of
an older version into the data of the current one, given the few :class:`Edit` records in
between (a wall toggled, a cost set), or returns None to ask for a full build. Edits that
replace a whole array leave no record, and then every key is built afresh.

Whether a patch may change ``old``'s arrays in place is the store's call, per array
(:meth:`DerivedStore.writable`): copy-on-write, unless the array is *owned*. A build
declares the fresh arrays of its value owned (:meth:`DerivedStore.own`); an owned array
stays owned while only the store and searches that lease data (:meth:`DerivedStore.lease`)
have seen it, and is written in place only while no lease is held. Anything else that
fetches data (:meth:`Grid.derived`, ``grid.flat``, :func:`component_labels`, ...) may keep
it as long as it likes, so such a fetch *exposes* every array: none is owned any more,
and the next patch of each copies it (the copy is owned). So an array that anyone outside
the store may hold never changes, and a search reads the data of one version from start
to end: data it leased is changed in place only after it released it, data it fetched
never. A single-threaded loop of edits and leased searches (``wf.astar``, ``wf.jps``)
patches everything in place: no copy of a large array per edit. Fetching a key whose
data holds nothing ever written in place (``plain``: numbers, flags) exposes nothing.
Patches read the edited cells' earlier states from the edits (:attr:`Edit.before`), not
from older arrays, which may have been changed in place since.

A snapshot of a grid (:meth:`Grid.snapshot`: frozen, of one version) starts with the
entries of its version (:meth:`DerivedStore.hand_over`, which exposes them), and asks its
grid for the others while the grid is still at that version (:meth:`DerivedStore.fetch_at`:
built or patched there, and kept by both): calls that work on a snapshot share the grid's
data and its patches.

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
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

__all__ = ["Derived", "DerivedStore", "Edit", "EditKind"]

T = TypeVar("T")
_MISSING: Any = object()  # no data (None is data: a key may derive None)


class Grid(Protocol):
    """A :class:`~wayfinding.grid.grid.Grid` as the modules below grid.py read it (grid.py
    imports them: this one for its store, :mod:`.components` for ``Grid.components``)."""

    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def diagonal(self) -> bool: ...
    @property
    def standard(self) -> bool: ...  # square, 4- or 8-way moves, no wrap-around
    @property
    def corner_cutting(self) -> Any: ...  # a CornerCutting
    @property
    def several_classes(self) -> bool: ...
    @property
    def passable_mask(self) -> Any: ...  # bool[H, W]
    @property
    def _classes(self) -> Any: ...  # the terrain classes, or None
    @property
    def _version(self) -> int: ...  # the version of its cells now
    @property
    def _source(self) -> Grid | None: ...  # the grid a snapshot was taken of
    @property
    def _derived(self) -> DerivedStore: ...
    def derived(self, key: Derived[T]) -> T: ...
    def derived_if_built(self, key: Derived[T], version: int | None = None) -> T | None: ...
    def snapshot(self) -> Grid: ...
    def _edits_since(self, version: int) -> list[Edit] | None: ...
    def _open_cell(self, location: Any, role: str = ...) -> tuple[int, ...]: ...
    def _flat_classes_of_store(self) -> Any: ...  # its FlatGrid of class codes


class EditKind(Enum):
    """What an edit of a few cells changed."""

    #: Passability (``set_wall``, ``set_walls``).
    WALLS = "walls"
    #: Entry costs (``set_cost``) of a grid that had a cost array already.
    COSTS = "costs"


class Edit(NamedTuple):
    """One edit of a few cells, as the grid logs it for patches: their ``(x, y)``, and for
    wall edits whether each cell was open before it (patches that change their data in
    place no longer have the older arrays to read that from)."""

    kind: EditKind
    cells: tuple[tuple[int, int], ...]
    #: Wall edits: per cell of ``cells``, True when it was open just before this edit
    #: changed it (a cell given twice: its state before each change). Empty for costs.
    before: tuple[bool, ...] = ()


@dataclass(frozen=True, eq=False)
class Derived(Generic[T]):
    """One kind of data derived from a grid: a name (for messages) and its builder.

    Declare it once, at module level, in the module that owns the data; keys compare by
    identity, so two modules can never share an entry by accident.
    """

    name: str
    build: Callable[[Any], T]  # given the grid
    #: ``patch(grid, old, edits)``: the data of the grid as it is now from ``old``, the
    #: data of an older version, and the edits made since (oldest first); None to build
    #: afresh. Runs under the grid's lock, like ``build``; changes an array of ``old``
    #: only when :meth:`DerivedStore.writable` returns that array itself.
    patch: Callable[[Any, T, Sequence[Edit]], T | None] | None = None  # grid, old, edits
    #: True when the data holds nothing a patch ever changes in place (numbers, flags,
    #: arrays never written): fetching it exposes nothing.
    plain: bool = False

    def __repr__(self) -> str:
        return f"Derived({self.name!r})"


class DerivedStore:
    """The derived data of one grid, each entry stamped with the version it was built from.

    Threads: a hit costs no lock. A build (or a patch) runs under the grid's edit lock,
    so no edit can change the grid while data is derived from it, and the data is stamped with the
    version read before the build (an edit that comes after the build makes it stale at
    once). A thread that finds another building the same key waits for it instead of
    building it twice.

    Arrays written in place (module doc): ``_owned`` holds, per key, the arrays of its
    current value that nobody but the store and leases has seen (cleared by any other
    fetch, under the lock); ``_readers`` has one item per lease held (list appends and
    pops are atomic). A lease registers before it looks at an entry, so a patch that
    runs after the lease found its data current sees the lease and copies.

    Examples
    --------
    >>> import numpy as np
    >>> from wayfinding import Grid
    >>> def build(grid):
    ...     zeros = np.zeros(2)
    ...     grid._derived.own(ZEROS, zeros)  # fresh: nobody else holds it
    ...     return zeros
    >>> ZEROS = Derived("two zeros", build)
    >>> grid = Grid(np.ones((2, 2), bool))
    >>> store = grid._derived
    >>> leased = store.lease(grid, ZEROS)  # what a search does: nothing exposed
    >>> store.release()
    >>> with grid._lock:  # a patch may write it in place
    ...     store.writable(ZEROS, leased) is leased
    True
    >>> held = grid.derived(ZEROS)  # handed out: exposed
    >>> with grid._lock:  # a patch gets a copy to write
    ...     store.writable(ZEROS, held) is held
    False
    """

    __slots__ = ("_edits", "_entries", "_lock", "_owned", "_readers")

    def __init__(self, lock: threading.RLock) -> None:
        self._lock = lock
        self._entries: dict[Derived[Any], tuple[int, Any]] = {}
        self._owned: dict[Derived[Any], list[Any]] = {}
        self._readers: list[bool] = []
        #: the last edits looked up: (from version, to version, edits), for the next key
        self._edits: tuple[int, int, list[Edit] | None] = (-1, -1, None)

    def get(self, grid: Grid, key: Derived[T]) -> T:
        """``key``'s data for the grid as it is now (built if missing or stale); exposes
        the store's arrays (they are copied before any later change)."""
        hit = self._entries.get(key)
        if hit is not None and hit[0] == grid._version and (key.plain or not self._owned):
            return hit[1]  # type: ignore[no-any-return]
        with self._lock:
            value = self.fetch(grid, key)
            if not key.plain:
                self._owned.clear()
            return value

    def fetch(self, grid: Grid, key: Derived[T]) -> T:
        """:meth:`get` without exposing anything: for builds and patches of other keys
        (data kept in the store) and for leases. Call it holding the grid's lock."""
        version = grid._version  # no edit can run until the build is stored
        hit = self._entries.get(key)
        if hit is not None:
            if hit[0] == version:
                return hit[1]  # type: ignore[no-any-return]
            if key.patch is not None:
                since, to, edits = self._edits
                if since != hit[0] or to != version:  # keys patched together share it
                    edits = grid._edits_since(hit[0])
                    self._edits = (hit[0], version, edits)
                if edits is not None:
                    value = key.patch(grid, hit[1], edits)
                    if value is not None:
                        self._entries[key] = (version, value)
                        return value
        source = grid._source
        value = _MISSING
        if source is not None:  # a snapshot: its grid builds or patches it, if still there
            value = source._derived.fetch_at(source, key, version)
        if value is _MISSING:
            self._owned.pop(key, None)
            value = key.build(grid)
        self._entries[key] = (version, value)
        return value

    def hand_over(self, store: DerivedStore, version: int) -> None:
        """Give ``store`` (of a snapshot of the grid at ``version``, its current one)
        every entry built for that version: all exposed (under the lock)."""
        store._entries = {key: hit for key, hit in self._entries.items() if hit[0] == version}
        self._owned.clear()

    def fetch_at(self, grid: Grid, key: Derived[T], version: int) -> Any:
        """``key``'s data for a snapshot of ``grid`` at ``version``, built or patched here
        and exposed (the snapshot keeps it); ``_MISSING`` once the grid has moved on (the
        snapshot then builds it itself). Takes the grid's lock while a snapshot's is held:
        always in that order."""
        with self._lock:
            if grid._version != version:
                return _MISSING
            value = self.fetch(grid, key)
            if not key.plain:
                self._owned.clear()
            return value

    def lease(self, grid: Grid, key: Derived[T]) -> T:
        """``key``'s data for the grid as it is now, for one search: nothing is changed
        in place until :meth:`release` (one call per lease, also when the search fails);
        the data must not be kept after it."""
        readers = self._readers
        readers.append(True)  # before the look: see the class doc
        hit = self._entries.get(key)
        if hit is not None and hit[0] == grid._version:
            return hit[1]  # type: ignore[no-any-return]
        readers.pop()
        with self._lock:  # patched without our own lease in the way, then leased
            value = self.fetch(grid, key)
            readers.append(True)
            return value

    def release(self) -> None:
        """End a lease taken by :meth:`lease`."""
        self._readers.pop()

    def built(self, key: Derived[Any]) -> bool:
        """True when ``key`` has data of some version (current or stale)."""
        return key in self._entries

    def own(self, key: Derived[Any], *arrays: Any) -> None:
        """Declare ``arrays`` of the value ``key``'s build returns fresh: nothing else
        holds them (called by the build, under the lock)."""
        self._owned[key] = list(arrays)

    def owns(self, key: Derived[Any], array: Any) -> bool:
        """True when a patch of ``key`` may change ``array`` in place: owned, and no lease
        held (under the lock). A patch that copies it then declares the copy with
        :meth:`own`."""
        owned = self._owned.get(key)
        if owned is None or self._readers:
            return False
        for mine in owned:  # noqa: SIM110 - any(): slower (benchmarks/NOTES.md)
            if mine is array:
                return True
        return False

    def writable(self, key: Derived[Any], array: Any) -> Any:
        """``array`` (of ``key``'s current value) itself when a patch may change it in
        place: owned, and no lease held; else a copy, owned from now on (call it once per
        array and patch, under the lock)."""
        owned = self._owned.get(key)
        if owned is not None:
            for i, mine in enumerate(owned):
                if mine is array:
                    if not self._readers:
                        return array
                    del owned[i]
                    break
        else:
            owned = self._owned[key] = []
        copy = array.copy()
        owned.append(copy)
        return copy

    def get_at(self, grid: Grid, version: int, key: Derived[T]) -> T | None:
        """``key``'s data for grid ``version``; None when the grid was edited since."""
        hit = self._entries.get(key)
        if hit is not None and hit[0] == version == grid._version and (
                key.plain or not self._owned):
            return hit[1]  # type: ignore[no-any-return]
        with self._lock:
            if grid._version != version:
                return None
            return self.get(grid, key)

    def peek(self, grid: Grid, key: Derived[T], version: int | None = None) -> T | None:
        """``key``'s data if it is built for ``version`` (by default the current one) and
        that is still the grid's version, else None (never builds)."""
        hit = self._entries.get(key)
        if hit is None or hit[0] != grid._version or version not in (None, hit[0]):
            return None
        if key.plain or not self._owned:
            return hit[1]  # type: ignore[no-any-return]
        with self._lock:  # exposed: owned no more (a patch may own new arrays meanwhile)
            hit = self._entries.get(key)
            if hit is None or hit[0] != grid._version or version not in (None, hit[0]):
                return None
            self._owned.clear()
            return hit[1]  # type: ignore[no-any-return]
