"""Landmarks (ALT) on grids: distances to and from a few cells, a lower bound for A*.

:func:`wayfinding.landmarks` on a :class:`~wayfinding.grid.grid.Grid` (built in
:mod:`wayfinding.grid.alt`) stores, for each landmark ``L``, the cheapest costs
``d(L, v)`` and ``d(v, L)`` to every cell by the grid's own cost model (once when they
are equal: grids without entry costs, or with one cost for every open cell). Then
``d(v, t) >= max(d(L, t) - d(L, v), d(v, L) - d(t, L))``: an admissible and consistent
heuristic (Goldberg and Harrelson, 2005) that ``wf.astar(grid, s, t, heuristic=lm)``
computes in the compiled kernel, combined by max with the grid's own octile (or
Manhattan) bound.

The table holds one row per open cell (``index`` maps padded flat cells, the layout of
:mod:`wayfinding.grid.flat`, to rows; -1 on walls), ``columns`` values per row (``d(L,
v)`` of each landmark, then ``-d(v, L)`` when the distances differ), ``inf`` where a
landmark's component does not reach.

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('''
... ......
... .####.
... ......
... ''', diagonal=True)
>>> lm = wf.landmarks(grid, count=2)
>>> lm.locations, lm.directed
([(5, 2), (0, 0)], False)
>>> r = wf.astar(grid, (0, 2), (5, 0), heuristic=lm)
>>> round(r.cost, 4), r.cost == wf.astar(grid, (0, 2), (5, 0)).cost
(7.0, True)
>>> lm.from_landmarks.shape, lm.estimate((0, 2), (5, 0))
((2, 3, 6), 3.0)
"""

from __future__ import annotations

import hashlib
import os
import weakref
from typing import Any

import numpy as np

from .._archive import checked_archive
from .._kernels.codes import RULE_ALWAYS, RULE_NEVER
from ..errors import StaleDataError
from .derived import Derived
from .flat import MOVES
from .grid import Grid

__all__ = ["FINGERPRINT", "FORMAT_VERSION", "GridLandmarks", "grid_fingerprint", "open_index"]

#: Version of the file layout written by :meth:`GridLandmarks.save`.
FORMAT_VERSION = 1
_KEYS = ("format_version", "fingerprint", "shape", "directed", "locations", "table")


def grid_fingerprint(grid: Grid) -> str:
    """A hash of everything distances on ``grid`` depend on: size, walls, movement rules,
    entry costs and terrain classes (:func:`wayfinding.grid.prepared.grid_fingerprint`
    and the classes)."""
    from .prepared.files import grid_fingerprint as cells_and_rules

    digest = hashlib.blake2b(cells_and_rules(grid).encode(), digest_size=16)
    classes = grid.classes
    if classes is not None:
        digest.update(np.ascontiguousarray(classes).tobytes())
    return digest.hexdigest()


#: The fingerprint of a grid version (``grid.derived(FINGERPRINT)``): computed once per
#: version, so checking landmarks against an unedited grid costs a look-up.
FINGERPRINT: Derived[str] = Derived("landmarks fingerprint", grid_fingerprint)


class GridLandmarks:
    """Distances to and from a few landmark cells of one grid (see the module).

    Attributes
    ----------
    locations : list of (x, y)
        The landmarks.
    directed : bool
        True when ``d(L, v)`` and ``d(v, L)`` differ (entry costs that vary), so both
        are stored.
    table : float64[open cells, columns]
        The kernel's table (read-only; see the module).
    index : int32[(H + 2) * (W + 2)]
        The row of each padded flat cell in ``table`` (-1: a wall).
    fingerprint : str
        :func:`grid_fingerprint` of the grid they were built for.
    build_seconds : float
        Time :func:`wayfinding.landmarks` took (0 for loaded ones).
    """

    __slots__ = ("__weakref__", "_built_at", "_kernels", "build_seconds", "directed",
                 "fingerprint", "height", "index", "locations", "longest", "table", "width")

    def __init__(self, table: np.ndarray, index: np.ndarray, locations: list[tuple[int, int]],
                 directed: bool, shape: tuple[int, int], fingerprint: str,
                 build_seconds: float = 0.0, grid: Grid | None = None,
                 version: int | None = None) -> None:
        self.table = np.ascontiguousarray(table, dtype=np.float64)
        self.index = index
        for array in (self.table, self.index):
            array.flags.writeable = False
        self.locations = locations
        self.directed = directed
        self.height, self.width = shape
        self.fingerprint = fingerprint
        self.build_seconds = build_seconds
        finite = np.abs(self.table[np.isfinite(self.table)])
        #: The largest finite distance held (bounds every landmark estimate).
        self.longest = float(finite.max()) if finite.size else 0.0
        # the grid and version they were built for (for the error message of an edit)
        self._built_at = (None if grid is None else weakref.ref(grid),
                          -1 if grid is None else grid.version if version is None
                          else version)
        self._kernels: Any = None  # the kernels with this table bound (grid.alt)

    @property
    def count(self) -> int:
        """Number of landmarks."""
        return len(self.locations)

    @property
    def nbytes(self) -> int:
        """Bytes held by the table and the index (what a search reads)."""
        return int(self.table.nbytes + self.index.nbytes)

    def _columns(self, start: int) -> np.ndarray:
        h, w, n = self.height, self.width, self.count
        padded = np.full((n, self.index.shape[0]), np.inf)
        cells = np.flatnonzero(self.index >= 0)
        padded[:, cells] = self.table[self.index[cells], start:start + n].T
        return padded.reshape(n, h + 2, w + 2)[:, 1:-1, 1:-1]

    @property
    def from_landmarks(self) -> np.ndarray:
        """float64[count, H, W]: ``d(L, (x, y))`` at ``[i, y, x]`` (``inf`` on walls and
        where ``L`` does not reach; a new array)."""
        return self._columns(0)

    @property
    def to_landmarks(self) -> np.ndarray:
        """float64[count, H, W]: ``d((x, y), L)`` at ``[i, y, x]`` (a new array)."""
        if not self.directed:
            return self._columns(0)
        return -self._columns(self.count)

    def estimate(self, a: tuple[int, int], b: tuple[int, int]) -> float:
        """The landmarks' lower bound of ``d(a, b)`` (>= 0; ``wf.astar`` also takes the
        max with the grid's own heuristic). 0 when ``a`` and ``b`` share no landmark."""
        stride = self.width + 2
        ra = self.table[self.index[(a[1] + 1) * stride + a[0] + 1]]
        rb = self.table[self.index[(b[1] + 1) * stride + b[0] + 1]]
        both = np.isfinite(ra) & np.isfinite(rb)
        terms = rb[both] - ra[both]
        if not self.directed:
            terms = np.abs(terms)
        return float(max(terms.max(initial=0.0), 0.0))

    def check(self, grid: Grid, version: int | None = None) -> bool:
        """Raise StaleDataError unless ``grid`` (at ``version``, by default its current one)
        is what these landmarks were built for (size, walls, rules, costs, classes).

        False when the grid is no longer at ``version`` (edited meanwhile: check again
        with the new version), else True.
        """
        found = grid.derived(FINGERPRINT) if version is None else \
            grid.derived_at(version, FINGERPRINT)
        if found is None:
            return False
        if found == self.fingerprint:
            return True
        source, built = self._built_at
        if source is not None and source() is grid:
            raise StaleDataError(
                f"the grid was edited after its landmarks were built (built at version "
                f"{built}, now {grid.version}): build them again with wf.landmarks(grid)")
        raise StaleDataError(
            f"these landmarks were built for another grid ({self.width}x{self.height}, "
            f"fingerprint {self.fingerprint[:12]}...); this {grid.width}x{grid.height} "
            "grid differs in size, walls, movement rules, costs or classes")

    # ------------------------------------------------------------------ files
    def save(self, path: str | os.PathLike[str]) -> None:
        """Write to one ``.npz`` file; :meth:`load` reads it back for the same grid."""
        with open(path, "wb") as handle:
            np.savez_compressed(
                handle, format_version=np.int64(FORMAT_VERSION),
                fingerprint=np.str_(self.fingerprint),
                shape=np.array([self.height, self.width], dtype=np.int64),
                directed=np.int64(self.directed),
                locations=np.array(self.locations, dtype=np.int64).reshape(-1, 2),
                table=self.table)

    @classmethod
    def load(cls, path: str | os.PathLike[str], grid: Grid) -> GridLandmarks:
        """Read landmarks written by :meth:`save` for ``grid``, checking them first.

        The file must name this grid's fingerprint (else StaleDataError: built for
        another grid, or the grid was edited since); every member is bounded before it
        is decompressed (:class:`~wayfinding._archive.NpzReader`): the table may expand
        at most :data:`~wayfinding._archive.MAX_RATIO` times, except for its entries that
        must be ``inf`` (a landmark's distances to cells outside its component), known
        from the landmarks' places before the table is read. The landmarks must be
        distinct open cells, a landmark's distances finite exactly on its component, and
        the table a feasible potential of every step (``X[v] <= X[u] + cost(u -> v)`` for
        each landmark's ``d(L, .)`` and ``d(., L)``, no NaN), which is all the lower
        bounds need to stay admissible and consistent. A damaged file raises
        StaleDataError naming it.
        """
        name = repr(os.fspath(path))
        source, grid = grid, grid.snapshot()  # checked against one version
        index = open_index(grid)
        cells = int(np.count_nonzero(index >= 0))
        fingerprint = grid.derived(FINGERPRINT)
        with checked_archive(path, _KEYS, "grid landmarks", FORMAT_VERSION,
                             "build the landmarks again") as (archive, damaged):
            if str(archive.read("fingerprint", "U", (), limit=1)) != fingerprint:
                raise StaleDataError(
                    f"{name} holds landmarks of another grid (size, walls, movement rules, "
                    f"costs or classes differ from this {grid.width}x{grid.height} grid)")
            shape = archive.read("shape", np.int64, (2,), limit=2).tolist()
            directed = int(archive.read("directed", np.int64, (), limit=1))
            spots = archive.read("locations", np.int64, (None, 2), limit=2 * MAX_COUNT)
            problem = _places_problem(grid, shape, directed, spots)
            if problem is not None:
                raise damaged(problem)
            n = spots.shape[0]
            columns = 2 * n if directed == 1 else n
            labels, own = _components(grid, spots, index)
            found, sizes = np.unique(labels, return_counts=True)
            inside = sizes[np.searchsorted(found, own)]  # cells where each may be finite
            outside = int((cells - inside).sum()) * (columns // n)
            table = archive.read("table", np.float64, (cells, columns),
                                 limit=cells * max(columns, 1), free_bytes=8 * outside)
        problem = _problem(grid, n, directed, table, index, labels, own)
        if problem is not None:
            raise damaged(problem)
        locations = [(int(x), int(y)) for x, y in spots]
        return cls(table, index, locations, bool(directed), grid.shape, fingerprint,
                   grid=source, version=grid.version)

    def __repr__(self) -> str:
        return (f"GridLandmarks({self.width}x{self.height}, count={self.count}, "
                f"directed={self.directed}, nbytes={self.nbytes})")


#: At most this many landmarks (as on CSR graphs).
MAX_COUNT = 1024


def open_index(grid: Grid) -> np.ndarray:
    """int32[(H + 2) * (W + 2)]: the row of each open padded cell (in index order), -1 on
    walls and the border."""
    passable = grid.flat_classes.passable
    index = np.full(passable.shape[0], -1, dtype=np.int32)
    cells = np.flatnonzero(passable)
    index[cells] = np.arange(cells.shape[0], dtype=np.int32)
    return index


def _places_problem(grid: Grid, shape: list[int], directed: int,
                    spots: np.ndarray) -> str | None:
    """What is wrong with a file's grid size, direction flag and landmarks, or None."""
    n = spots.shape[0]
    if shape != [grid.height, grid.width] or directed not in (0, 1) or not 1 <= n <= MAX_COUNT:
        return f"shape {shape}, directed {directed} or {n} landmarks out of range"
    xs, ys = spots[:, 0], spots[:, 1]
    if ((xs < 0) | (xs >= grid.width) | (ys < 0) | (ys >= grid.height)).any() \
            or not grid.passable_mask[ys.clip(0, grid.height - 1),
                                      xs.clip(0, grid.width - 1)].all():
        return "a landmark lies outside the grid or on a wall"
    if np.unique(ys * grid.width + xs).shape[0] != n:
        return "a landmark is listed twice"
    return None


def _components(grid: Grid, spots: np.ndarray,
                index: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The component label of each open cell (in table row order) and of each landmark:
    a landmark's distances are finite exactly on the cells of its component (its floods
    follow the movement rules and terrain classes that the components do)."""
    from .components import component_labels

    flat = component_labels(grid).flat
    stride = grid.width + 2
    return flat[np.flatnonzero(index >= 0)], flat[(spots[:, 1] + 1) * stride + spots[:, 0] + 1]


def _problem(grid: Grid, n: int, directed: int, table: np.ndarray, index: np.ndarray,
             labels: np.ndarray, own: np.ndarray) -> str | None:
    """What makes ``table`` unfit as landmarks of ``grid``, or None (``labels``, ``own``:
    see :func:`_components`)."""
    chunk = _rows(table)
    column_labels = np.tile(own, table.shape[1] // n)
    for first in range(0, table.shape[0], chunk):
        part = table[first:first + chunk]
        # d(L, .) may be +inf (not reached), never -inf; stored -d(., L) never +inf
        if np.isnan(part).any() or (part[:, :n] == -np.inf).any() \
                or (part[:, n:] == np.inf).any():
            return "the table holds NaN or an infinity of the wrong sign"
        inside = labels[first:first + chunk, None] == column_labels[None, :]
        if (np.isfinite(part) != inside).any():
            j = int(np.argmax((np.isfinite(part) != inside).any(axis=0)))
            return (f"landmark {j % n}'s distances are finite outside its component or "
                    "infinite inside it")
    flat = grid.flat_classes
    moves = grid.derived(MOVES)
    opened = np.flatnonzero(flat.passable)
    for k in range(moves.n_moves):
        offset, a, b = (int(v) for v in moves.moves[k, :3])
        for first in range(0, opened.shape[0], chunk):
            u = opened[first:first + chunk]
            code = flat.passable[u]
            ok = flat.passable[u + offset] == code
            if k >= 4 and moves.rule != RULE_ALWAYS:
                ca, cb = flat.passable[u + a] == code, flat.passable[u + b] == code
                ok &= (ca & cb) if moves.rule == RULE_NEVER else (ca | cb)
            u = u[ok]
            v = u + offset
            step = moves.lengths[k] * flat.costs[v][:, None]  # the kernels' product
            ru, rv = index[u], index[v]
            if (table[rv, :n] > table[ru, :n] + step).any():
                return "a distance from a landmark exceeds a neighbour's plus the step"
            # d(u, L) <= step + d(v, L), the table holding -d(., L)
            if directed and (-table[ru, n:] > -table[rv, n:] + step).any():
                return "a distance to a landmark exceeds a neighbour's plus the step"
    return None


#: Table entries looked at once by :func:`_problem` (bounds its temporary arrays: a few
#: times 16 MiB whatever the number of landmarks).
_ITEMS = 1 << 21


def _rows(table: np.ndarray) -> int:
    """Rows of ``table`` per piece of :func:`_problem`."""
    return max(1, _ITEMS // max(table.shape[1], 1))
