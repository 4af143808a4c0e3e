"""Connected components of a grid (DESIGN R7).

Cells are labelled once, on first need, by a compiled flood fill and kept in the grid's
derived data until the next edit (the key ``COMPONENTS``, see
:mod:`wayfinding.grid.derived`). Movement on a grid is
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

from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from .derived import Derived
from .movement import CornerCutting

if TYPE_CHECKING:  # pragma: no cover - grid.py imports this module (Grid.components)
    from .grid import Grid

__all__ = ["ComponentLabels", "component_labels", "components", "connected"]

Location = tuple[int, int]


class ComponentLabels(NamedTuple):
    """Component labels of one grid version, as cached on the grid."""

    #: int32[(H + 2) * (W + 2)], label per padded flat index (the layout of ``grid.flat``);
    #: -1 for walls and the border. For kernels that work on flat indices.
    flat: np.ndarray
    #: Read-only int32[H, W] view of ``flat`` without the border, indexed ``[y, x]``.
    labels: np.ndarray
    #: Number of components; labels run from 0 to ``count - 1``.
    count: int


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
        Read-only ``int32[H, W]`` array indexed ``[y, x]``: the label (0, 1, 2, ... numbered
        in row-major order of each component's first cell) of every passable cell, and
        ``-1`` for walls. Two cells are connected exactly when their labels are equal and
        not -1. Computed once per grid version; copy it before changing it.

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
    return component_labels(grid).labels


def connected(grid: Grid, a: Any, b: Any) -> bool:
    """True when some location of ``a`` lies in the same component as some location of ``b``.

    Parameters
    ----------
    grid : Grid
        The grid.
    a, b : (x, y) or list/set/frozenset of (x, y)
        One location (a tuple is always one location) or several. Every location is
        checked with :meth:`Grid.check_location` (inside the grid, not a wall).

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
    labels = component_labels(grid).labels
    if isinstance(a, list | set | frozenset) or isinstance(b, list | set | frozenset):
        left = {int(labels[y, x]) for x, y in _locations(grid, a, "start")}
        right = {int(labels[y, x]) for x, y in _locations(grid, b, "goal")}
        return not left.isdisjoint(right)
    ax, ay = grid.check_location(a, "start")
    bx, by = grid.check_location(b, "goal")
    return bool(labels[ay, ax] == labels[by, bx])


def _locations(grid: Grid, value: Any, role: str) -> list[Location]:
    if isinstance(value, list | set | frozenset):
        return [grid.check_location(loc, role) for loc in value]
    return [grid.check_location(value, role)]


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
    from ._kernels.components import label_slice  # numba is imported lazily

    flat = grid.flat_classes  # joins only cells of one terrain class (Grid.classes)
    diagonal_steps = grid.diagonal and grid.corner_cutting is CornerCutting.ALWAYS
    s = flat.stride
    steps = [1, -1, -s, s] + ([1 - s, -1 - s, 1 + s, s - 1] if diagonal_steps else [])
    labels_flat = np.full(flat.passable.shape[0], -1, dtype=np.int32)
    frontier = np.empty(flat.passable.shape[0], dtype=np.int32)
    state = np.zeros(3, dtype=np.int64)
    offsets = np.array(steps, dtype=np.int64)
    while not label_slice(flat.passable, offsets, labels_flat, frontier, state, _SLICE):
        pass  # Python runs its signal handlers (KeyboardInterrupt) between slices
    count = state[2]
    inner = labels_flat.reshape(grid.height + 2, flat.stride)[1:-1, 1:-1]
    inner.flags.writeable = False
    labels_flat.flags.writeable = False
    return ComponentLabels(flat=labels_flat, labels=inner, count=int(count))


#: The component labels of a grid version (``grid.derived(COMPONENTS)``).
COMPONENTS: Derived[ComponentLabels] = Derived("component labels", _build)
