"""Connected components of a grid.

Cells are labelled once, on first need, by a compiled flood fill and kept in the grid's
derived data (the key ``COMPONENTS``, see :mod:`wayfinding.grid.derived`). After an edit
of a few cells the labels are patched, not rebuilt: an opened cell joins its neighbours'
components (the smaller ones are relabelled), and a closed cell starts one flood per
open neighbour, in turns, until all but one group of them have met or ended (the ended
ones split off). The patched labels stay exact (equal exactly when connected) but not
numbered in order; :func:`components` renumbers them when asked. The labels array is
changed in place while the grid owns it (:mod:`wayfinding.grid.derived`); once handed out
(:func:`component_labels`, :func:`components`) a patch shares it only while no open
cell's label changes, and copies it otherwise. Movement on a grid is
symmetric, so a component is a set of cells that can all reach each other; a query whose
start and goal lie in different components has no path, and searches answer it without
exploring anything.

Under ``CornerCutting.NEVER`` and ``CornerCutting.ONE_FREE`` a diagonal step exists only
when one of the two orthogonal cells it passes is free, and through that cell the two
ends are already joined by straight steps; so the components of an 8-way grid with those
rules are the 4-way components. Only ``CornerCutting.ALWAYS`` lets a diagonal step join
two cells that straight steps do not, and then diagonals are followed too. Entry costs
never matter: every passable cell can be entered. On a grid with terrain classes
(:attr:`Grid.classes <wayfinding.grid.grid.Grid.classes>`) only cells of one class are
joined, and the same argument holds within a class.

Examples
--------
>>> from wayfinding import Grid
>>> grid = Grid.from_ascii('''
... .#..
... .#..
... ''')
>>> components(grid)
array([[ 0, -1,  1,  1],
       [ 0, -1,  1,  1]], dtype=int32)
>>> connected(grid, (0, 0), (0, 1)), connected(grid, (0, 0), (3, 0))
(True, False)
>>> connected(grid, [(0, 0), (2, 1)], {(3, 0)})
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

from .. import _lazy
from .._inputs import location_rows
from .derived import Derived, Edit, EditKind, Grid
from .flat import MOVES
from .movement import CornerCutting

__all__ = ["ComponentLabels", "component_labels", "components", "connected"]

Location = tuple[int, int]
_WALLS = EditKind.WALLS


class ComponentLabels(NamedTuple):
    """Component labels of one grid version, as cached on the grid.

    Two open cells are connected exactly when their labels are equal. Built afresh, the
    labels run from 0 to ``count - 1`` in row-major order of each component's first cell
    (``in_order``); patched after edits, they may skip numbers (:func:`components` gives
    the numbering in order).
    """

    #: int32[(H + 2) * (W + 2)], label per padded flat index (the layout of ``grid.flat``);
    #: -1 for walls and the border. For kernels that work on flat indices. On worlds other
    #: than the square grid, the smallest signed type that holds the labels (``_narrowed``).
    flat: np.ndarray
    #: Read-only view of ``flat`` without the border, indexed ``[y, x]`` (``[z, y, x]``).
    labels: np.ndarray
    #: Number of components.
    count: int
    #: True when the labels run from 0 to ``count - 1`` in row-major order (and walls
    #: are -1); after patches only the entries of open cells mean anything.
    in_order: bool = True
    #: The padded class codes the labels were patched for (None: built afresh): the
    #: grid's flat array, itself patched in place while the grid owns it; patches read
    #: the cells' earlier states from the edits (:class:`~.derived.Edit`), not from it.
    codes: np.ndarray | None = None
    #: Every label of an open cell is below ``top`` (patched labels only).
    top: int = 0
    #: The state of the patches, shared by the versions patched from one build and used
    #: under the grid's lock only (None until the first patch).
    scratch: _Scratch | None = None


class _Scratch:
    """What the patches of one grid's labels keep between edits (see ``_patch``)."""

    __slots__ = ("sizes", "stamp", "state", "steps")

    def __init__(self, grid: Grid, old: ComponentLabels, stride: int) -> None:
        from ._kernels.components import P_COUNT, P_NEXT

        self.steps = _steps(grid, stride)
        labels = old.flat
        top = int(labels.max()) + 1
        #: open cells per label, with room for new labels
        self.sizes = np.zeros(2 * top + 64, dtype=np.int64)
        self.sizes[:top] = np.bincount(labels[labels >= 0], minlength=top)
        self.stamp = np.zeros(labels.shape[0], dtype=np.int64)
        self.state = np.zeros(3, dtype=np.int64)  # the kernel's P_* slots
        self.state[P_NEXT], self.state[P_COUNT] = top, old.count

    def room(self, labels: int) -> None:
        """Grow ``sizes`` to hold ``labels`` more new labels."""
        need = int(self.state[_kernels().P_NEXT]) + labels + 1
        if need > self.sizes.shape[0]:
            grown = np.zeros(2 * need, dtype=np.int64)
            grown[:self.sizes.shape[0]] = self.sizes
            self.sizes = grown


def component_labels(grid: Grid) -> ComponentLabels:
    """The cached :class:`ComponentLabels` of ``grid`` (computed on first need).

    Examples
    --------
    >>> from wayfinding import Grid
    >>> component_labels(Grid.from_ascii('.#.')).count
    2
    """
    return grid.derived(COMPONENTS)


def components(grid: Grid) -> np.ndarray:
    """Connected-component label of every cell.

    Parameters
    ----------
    grid : Grid
        Any grid; its movement rules (4- or 8-way, corner rule) decide what is connected.

    Returns
    -------
    numpy.ndarray
        Read-only ``int32[H, W]`` array indexed ``[y, x]`` (the grid's storage shape: a
        hex map's offset layout, a voxel grid's ``[z, y, x]``): the label (0, 1, 2, ...
        numbered in row-major order of each component's first cell) of every passable
        cell, and ``-1`` for walls. Two cells are connected exactly when their labels are
        equal and not -1 (with one-way moves of a grid's own: when a path joins them
        one way or the other, the weakly connected components). Computed once per grid
        version; copy it before changing it.

    Examples
    --------
    >>> from wayfinding import Grid
    >>> components(Grid.from_ascii('''
    ... .#.
    ... #.#
    ... ''', diagonal=True))
    array([[ 0, -1,  1],
           [-1,  2, -1]], dtype=int32)
    """
    return grid.derived(IN_ORDER).labels


def connected(grid: Grid, a: Any, b: Any) -> bool:
    """True when some location of ``a`` lies in the same component as some location of ``b``.

    Parameters
    ----------
    grid : Grid
        The grid (any world: hex maps take axial locations, voxel grids ``(x, y, z)``).
    a, b : (x, y) or list/set/frozenset of (x, y), or an (N, 2) integer array
        One location (a tuple is always one location) or several. Every location is
        checked with :meth:`Grid.check_location` (inside the grid, not a wall). On a grid
        whose moves include one-way moves, a breadth-first search answers (its labels
        are weak components there: :func:`components`).

    Returns
    -------
    bool
        Whether a path exists from ``a`` to ``b`` (from any of ``a`` to any of ``b``);
        False when either collection is empty.

    Raises
    ------
    InvalidLocationError
        When a location is not an (x, y) pair of integers, is outside the grid or is a wall.

    Examples
    --------
    >>> from wayfinding import Grid
    >>> grid = Grid.from_ascii('''
    ... .#.
    ... .#.
    ... ''')
    >>> connected(grid, (0, 0), (0, 1)), connected(grid, (0, 0), (2, 1))
    (True, False)
    >>> connected(grid, {(0, 0), (2, 0)}, [(2, 1)])
    True
    """
    grid = grid.snapshot()  # labels and open cells of one version
    rows_a, rows_b = location_rows(a, "start"), location_rows(b, "goal")
    a = a if rows_a is None else rows_a
    b = b if rows_b is None else rows_b
    if not grid.standard and not grid.derived(MOVES).symmetric:
        # one-way moves: the labels are weak components, a search says whether a path runs
        from ..graph.bfs import breadth_first_search

        starts = list(a) if isinstance(a, list | set | frozenset) else [a]
        goals = list(b) if isinstance(b, list | set | frozenset) else [b]
        for loc in starts:
            grid._open_cell(loc, "start")
        for loc in goals:
            grid._open_cell(loc, "goal")
        if not starts or not goals:
            return False
        return breadth_first_search(grid, starts, goals).path is not None
    labels = component_labels(grid).labels
    if isinstance(a, list | set | frozenset) or isinstance(b, list | set | frozenset):
        left = {int(labels[cell[::-1]]) for cell in _cells(grid, a, "start")}
        right = {int(labels[cell[::-1]]) for cell in _cells(grid, b, "goal")}
        return not left.isdisjoint(right)
    ca = grid._open_cell(a, "start")
    cb = grid._open_cell(b, "goal")
    return bool(labels[ca[::-1]] == labels[cb[::-1]])


def _cells(grid: Grid, value: Any, role: str) -> list[tuple[int, ...]]:
    if isinstance(value, list | set | frozenset):
        return [grid._open_cell(loc, role) for loc in value]
    return [grid._open_cell(value, role)]


def cached_labels(grid: Grid, version: int | None = None) -> ComponentLabels | None:
    """The labels of ``grid`` when they are computed already for ``version`` (by default
    its current version) and that is still the grid's version, else None.

    For calls with a time budget, which labelling a large grid could exceed.
    """
    return grid.derived_if_built(COMPONENTS, version)


#: Cells a labelling slice visits before Python gets control back (to handle Ctrl-C):
#: a few milliseconds of work.
_SLICE = 1 << 20


def _build(grid: Grid) -> ComponentLabels:
    from ._kernels.components import S_COUNT, label_slice  # numba is imported lazily

    flat = grid._flat_classes_of_store()  # joins only cells of one class (Grid.classes)
    labels_flat = np.full(flat.passable.shape[0], -1, dtype=np.int32)
    grid._derived.own(COMPONENTS, labels_flat)
    state = np.zeros(3, dtype=np.int64)
    offsets = _steps(grid, flat.stride)
    if offsets is None:
        return _build_world(grid, flat, labels_flat, state)
    frontier = np.empty(flat.passable.shape[0], dtype=np.int32)
    while not label_slice(flat.passable, offsets, labels_flat, frontier, state, _SLICE):
        pass  # Python runs its signal handlers (KeyboardInterrupt) between slices
    del frontier
    if not grid.standard:
        return _narrowed(grid, labels_flat, int(state[S_COUNT]))
    return _labels(grid, labels_flat, count=int(state[S_COUNT]))


def _build_world(grid: Grid, flat: Any, labels_flat: np.ndarray,
                 state: np.ndarray) -> ComponentLabels:
    """The labels of a hex map, a voxel grid, a wrapped grid or one with moves of its
    own: the world's move table followed step by step (weakly connected components when
    some move is one-way, see :func:`connected`)."""
    from ._kernels.components import S_COUNT, label_world_slice

    t = grid._derived.fetch(grid, MOVES)
    frontier = np.empty(flat.passable.shape[0], dtype=np.int32)
    while not label_world_slice(flat.passable, t.moves, t.extras, t.n_moves, t.rule, t.stride,
                                t.plane, t.parity, t.checked, grid.width, grid.height,
                                t.wrap_x, t.wrap_y, t.symmetric, labels_flat, frontier,
                                state, _SLICE):
        pass
    del frontier
    return _narrowed(grid, labels_flat, int(state[S_COUNT]))


def _narrowed(grid: Grid, labels_flat: np.ndarray, count: int) -> ComponentLabels:
    """The labels of a world other than the square grid in the smallest signed type
    that holds them (int8, int16 or int32): on a voxel map of 10^8 cells with fewer than
    32,767 components they take 2 bytes a voxel, not 4. These worlds label again after
    an edit (see ``_patch``), so their labels never grow in place; :func:`components`
    gives int32 as ever."""
    for dtype in (np.int8, np.int16):
        if count <= np.iinfo(dtype).max:
            labels_flat = labels_flat.astype(dtype)
            grid._derived.own(COMPONENTS, labels_flat)
            break
    return _labels(grid, labels_flat, count=count)


def _labels(grid: Grid, store: np.ndarray, **fields: Any) -> ComponentLabels:
    """ComponentLabels over ``store`` (kept writeable for patches, seen read-only)."""
    view = store.view()
    view.flags.writeable = False
    shape = grid.passable_mask.shape
    padded = view.reshape(tuple(n + 2 for n in shape))
    inner = padded[(slice(1, -1),) * len(shape)]
    return ComponentLabels(flat=view, labels=inner, **fields)


def _steps(grid: Grid, stride: int) -> np.ndarray | None:
    """The flat offsets that join cells (see the module doc): 4, or 8 when corners may
    be cut; on a voxel grid 6, or every move's when corners may be cut (under the 3-D
    benchmark rule a diagonal step's box is open, so face steps join its ends). None for
    the worlds whose steps are no fixed offsets (hex maps, wrap-around, moves of a
    grid's own): they follow the move table step by step."""
    if not grid.standard:
        table = grid._derived.fetch(grid, MOVES)
        if table.plane == 0:
            return None
        if grid.corner_cutting is CornerCutting.ALWAYS:
            return table.moves[:, 0].copy()
        return table.moves[:6, 0].copy()  # the face steps come first
    diagonal_steps = grid.diagonal and grid.corner_cutting is CornerCutting.ALWAYS
    s = stride
    steps = [1, -1, -s, s] + ([1 - s, -1 - s, 1 + s, s - 1] if diagonal_steps else [])
    return np.array(steps, dtype=np.int64)


def _patch(grid: Grid, old: ComponentLabels,
           edits: Sequence[Edit]) -> ComponentLabels | None:
    """``old`` labels brought up to date after ``edits``: in place when the store owns
    the array (:meth:`~.derived.DerivedStore.owns`); else sharing ``old``'s array when no
    open cell's label changes (see :func:`~._kernels.components.patch_cell`), or on a
    copy; ``old`` stays right for its own version unless it was owned."""
    if not grid.standard:
        return None  # other worlds label again after an edit
    edit = edits[0]
    if len(edits) == 1 and len(edit.cells) == 1:  # the usual case: one cell toggled
        if edit.kind is not _WALLS:
            return old  # costs never change what is connected
        cells, before = edit.cells, edit.before
    else:
        first: dict[tuple[int, int], bool] = {}  # each cell's state before the edits
        for e in edits:
            if e.kind is _WALLS:
                for cell, was in zip(e.cells, e.before, strict=True):
                    first.setdefault(cell, was)
        if not first:
            return old
        cells, before = tuple(first), tuple(first.values())
    k = _kernels()
    store = grid._derived
    flat = grid._flat_classes_of_store()
    stride = flat.stride
    scratch = old.scratch
    if scratch is None:
        scratch = _Scratch(grid, old, stride)
    now = flat.passable
    steps, state, sizes, stamp = scratch.steps, scratch.state, scratch.sizes, scratch.stamp
    if sizes.shape[0] <= state.item(k.P_NEXT) + len(cells) * steps.shape[0]:
        scratch.room(len(cells) * steps.shape[0])
        sizes = scratch.sizes
    labels = old.flat.base  # the writeable array under the read-only view (see _labels)
    shared = not store.owns(COMPONENTS, labels)
    copied = False
    patch_cell = k.patch_cell
    if len(cells) == 1:
        x, y = cells[0]
        i = (y + 1) * stride + x + 1
        if not patch_cell(now, before[0], steps, labels, sizes, i, state, shared, stamp):
            labels, shared, copied = labels.copy(), False, True
            patch_cell(now, before[0], steps, labels, sizes, i, state, shared, stamp)
    else:  # each cell goes from its old state to its new one in turn
        index = [(y + 1) * stride + x + 1 for x, y in cells]
        codes = now.copy()
        several, classes = grid._classes is not None and grid.several_classes, grid._classes
        for (x, y), i, was in zip(cells, index, before, strict=True):
            code = int(classes[y, x]) + 1 if several else 1  # type: ignore[index]
            codes[i] = code if was else 0
        for i, was in zip(index, before, strict=True):
            codes[i] = now[i]
            if not patch_cell(codes, was, steps, labels, sizes, i, state, shared, stamp):
                labels, shared, copied = labels.copy(), False, True
                patch_cell(codes, was, steps, labels, sizes, i, state, shared, stamp)
    count, top = state.item(k.P_COUNT), state.item(k.P_NEXT)
    if copied:
        store.own(COMPONENTS, labels)
        return _labels(grid, labels, count=count, in_order=False, codes=now, top=top,
                       scratch=scratch)
    if (count == old.count and top == old.top and now is old.codes and not old.in_order
            and scratch is old.scratch):
        return old  # the same array, changed in place or shared: the same views
    return old._replace(count=count, in_order=False, codes=now, top=top, scratch=scratch)


def _in_order(grid: Grid) -> ComponentLabels:
    """Labels of their own (-1 on every wall, whatever later edits do): the array of
    :data:`COMPONENTS` is shared with later versions, whose patches may label its walls."""
    from ._kernels.components import renumber

    found = grid.derived(COMPONENTS)
    codes = grid._flat_classes_of_store().passable  # this version's open cells
    labels = renumber(found.flat.astype(np.int32, copy=False), codes,
                      max(found.top, found.count))
    return _labels(grid, labels, count=found.count)


#: The component labels of a grid version (``grid.derived(COMPONENTS)``): exact, patched
#: after small edits, numbered in any order.
COMPONENTS: Derived[ComponentLabels] = Derived("component labels", _build, _patch)
#: The same labels numbered in row-major order of each component's first cell.
IN_ORDER: Derived[ComponentLabels] = Derived("component labels in order", _in_order)


def _kernels() -> Any:
    """:mod:`._kernels.components` (numba is imported on first use)."""
    return _lazy.kernels("wayfinding.grid._kernels.components")
