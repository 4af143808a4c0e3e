"""The compiled flood of a grid (:func:`flood_grid`) and its seeds, for fields and for
the other modules that flood a grid (landmarks): no tier choice here, so grid modules can
use it without importing the fields' front end.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from typing import Any

import numpy as np

from .._inputs import is_number, location_rows
from .._kernels.codes import (
    FL_SETTLED,
    FL_SIZE,
    N_FLSTATE,
    STATUS_EXHAUSTED,
    STATUS_HEAP_FULL,
)
from ..errors import InvalidCostError, InvalidLocationError, InvalidParameterError
from ..grid.derived import Derived
from ..grid.flat import MOVES
from ..grid.grid import Grid
from ..grid.layout import cell_layout
from ._stores import CellNames, GridStore

__all__ = ["CELL_NAMES", "FLOOD_CLOCK_EVERY", "FLOOD_SLICE", "flood_grid", "grid_seeds",
           "initial_cost", "seed_pairs"]


def grid_seeds(grid: Grid, seeds: Any, role: str) -> tuple[np.ndarray, np.ndarray]:
    """Seeds on a grid as ``(cells int64[m], initial float64[m])`` (padded flat indices).

    ``seeds``: one location, a list/set/frozenset or (N, 2) integer array of locations
    (initial cost 0), a dict
    ``{location: initial_cost}``, or a :class:`GridStore` (its reached cells and costs).
    """
    layout = cell_layout(grid)
    if isinstance(seeds, GridStore):
        if seeds.shape != grid.passable_mask.shape:
            raise InvalidParameterError(
                f"the field covers a {_size(seeds.shape)} grid, not this "
                f"{_size(grid.passable_mask.shape)} grid"
            )
        cells = np.flatnonzero(np.isfinite(seeds.dist))
        blocked = cells[grid.flat.passable[cells] == 0]
        if blocked.size:
            raise InvalidLocationError(
                f"{role} {layout.locations(blocked[:1])[0]} of the field is a wall of this "
                "grid"
            )
        return cells.astype(np.int64), seeds.dist[cells].astype(np.float64)
    pairs = seed_pairs(seeds, role)
    cells = np.empty(len(pairs), dtype=np.int64)
    initial = np.empty(len(pairs), dtype=np.float64)
    for i, (loc, value) in enumerate(pairs):
        cells[i] = layout.cell(grid.check_location(loc, role))
        initial[i] = initial_cost(value, loc)
    return cells, initial


def _size(shape: tuple[int, ...]) -> str:
    """``W x H`` (``W x H x D``) of a storage shape."""
    return "x".join(str(n) for n in reversed(shape))


def initial_cost(value: Any, location: Any) -> float:
    """A seed's initial cost: any finite number (negative allowed)."""
    if not is_number(value):
        raise InvalidCostError(f"initial cost of {location!r} must be a number, got {value!r}")
    number = float(value)
    if not math.isfinite(number):
        raise InvalidCostError(f"initial cost of {location!r} must be finite, got {value!r}")
    return number


def seed_pairs(seeds: Any, role: str) -> list[tuple[Any, Any]]:
    rows = location_rows(seeds, role)
    if rows is not None:
        seeds = rows
    if isinstance(seeds, Mapping):
        pairs = list(seeds.items())
    elif isinstance(seeds, list | set | frozenset):
        pairs = [(loc, 0.0) for loc in seeds]
    else:
        pairs = [(seeds, 0.0)]
    if not pairs:
        raise InvalidLocationError(f"{role} is an empty collection: give at least one {role}")
    return pairs


#: Cells a flood settles per kernel call: between calls Python handles Ctrl-C, and looks
#: at the clock when there is a deadline (a few milliseconds of work each).
FLOOD_SLICE = 1 << 16
FLOOD_CLOCK_EVERY = 1 << 12


def flood_grid(grid: Grid, seeds: Any, role: str, max_cost: float | None,
               reverse: bool, deadline: float | None = None
               ) -> tuple[GridStore, int, bool]:
    """Compiled flood of a grid: the store, how many cells were settled, and whether it
    finished (False: ``deadline``, a ``time.perf_counter()`` value, passed first; the
    store then holds exactly the cells settled so far).

    The field kernel (:mod:`._kernels.flood`, on the shared heap) runs it, not the grid
    engine's Dijkstra: the engine has no initial cost per seed and no reverse flood
    charging the cell left, and on the floods it can run (seeds at cost 0) it was slower
    than this kernel (``benchmarks/NOTES.md``, "Fields").
    """
    cells, initial = grid_seeds(grid, seeds, role)
    if deadline is not None and time.perf_counter() >= deadline:
        return _nothing_settled(grid), 0, False  # no time: no set-up either
    from ._kernels import flood as k

    flat = grid.flat  # UnsupportedGridError on grids with several terrain classes
    p = grid.derived(MOVES)
    dist = np.full(flat.passable.shape[0], math.inf)
    parent = np.full(flat.passable.shape[0], -1, dtype=np.int32)
    heap_key = np.empty(max(1024, 2 * cells.shape[0]), dtype=np.float64)
    heap_cell = np.empty(heap_key.shape[0], dtype=np.int64)
    state = np.zeros(N_FLSTATE, dtype=np.int64)  # FL_LEFT 0: no targets, flood everything
    state[FL_SIZE] = -1
    no_targets = np.zeros(1, dtype=np.uint8)
    chunk = FLOOD_SLICE if deadline is None else FLOOD_CLOCK_EVERY
    if deadline is not None and time.perf_counter() >= deadline:
        chunk = 0  # no time left: seed the starts only
    limit = math.inf if max_cost is None else max_cost
    while True:
        status = k.flood(flat.passable, flat.costs, flat.weighted, p, False, reverse, cells,
                         initial, limit, no_targets, dist, parent, heap_key, heap_cell, state,
                         chunk)
        if status == STATUS_HEAP_FULL:
            heap_key = np.concatenate((heap_key, np.empty_like(heap_key)))
            heap_cell = np.concatenate((heap_cell, np.empty_like(heap_cell)))
        elif status == STATUS_EXHAUSTED:
            break
        elif chunk == 0 or (deadline is not None and time.perf_counter() >= deadline):
            k.unsettle(dist, parent, heap_key, heap_cell, int(state[FL_SIZE]))
            break
    names = grid.derived(CELL_NAMES)
    store = GridStore(dist, parent, grid.width, grid.height, names, names.layout)
    return store, int(state[FL_SETTLED]), status == STATUS_EXHAUSTED


def _nothing_settled(grid: Grid) -> GridStore:
    """The store of a flood given no time (``max_seconds=0``): no cell reached. Its arrays
    are read-only views of one value (no O(cells) memory: "no work" on a huge grid too);
    a flood that goes on from it reads it as seeds, never writes it."""
    n = (grid.width + 2) * (grid.height + 2)
    return GridStore(np.broadcast_to(np.float64(math.inf), n),
                     np.broadcast_to(np.int32(-1), n), grid.width, grid.height)


#: The location tuples of a grid's cells by padded index, shared by its fields.
CELL_NAMES: Derived[CellNames] = Derived(
    "cell names", lambda grid: CellNames(grid.flat.passable.shape[0], grid.flat.stride,
                                         None if grid._square else cell_layout(grid)))
