"""``PrepareMethod.TABLE``: the first move of a shortest path from every open cell to
every other, for small grids (a roguelike level, a board, a room).

One reverse flood per open cell fills a table of one byte per pair of open cells
(:mod:`._kernels.table`); a query then reads one entry per step of its path and searches
nothing, so it costs what writing the path costs. Memory grows with the square of the
open cells, so the method serves grids of at most :data:`TABLE_MAX_CELLS` open cells
(256 MB), and ``PrepareMethod.AUTO`` considers it up to :data:`AUTO_TABLE_CELLS`.

Examples
--------
>>> from wayfinding import Grid
>>> moves = FirstMoves(Grid.from_ascii('...\\n.#.\\n...', diagonal=True))
>>> moves.n, moves.table.shape, moves.nbytes  # and a cell number per padded cell
(8, (8, 8), 164)
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from itertools import pairwise

import numpy as np

from ...errors import UnsupportedGridError
from ..flat import MOVES
from ..grid import Grid
from ..stoppable import Stopped

__all__ = ["AUTO_TABLE_CELLS", "TABLE_MAX_CELLS", "FirstMoves", "check_size"]

#: ``PrepareMethod.TABLE`` serves grids of at most this many open cells (a table of
#: 16,384 x 16,384 bytes, 256 MB; build times: ``benchmarks/NOTES.md``, "Prepared
#: grids") ...
TABLE_MAX_CELLS = 16_384
#: ... and ``PrepareMethod.AUTO`` builds and times it on grids of at most this many
#: (16 MB).
AUTO_TABLE_CELLS = 4_096


#: A table of fewer open cells is built on one thread (threads would cost more than
#: they save).
THREAD_CELLS = 1_024


def _threads(n: int) -> int:
    """Threads for a table of ``n`` open cells: one per core this process may use."""
    if n < THREAD_CELLS:
        return 1
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, n // THREAD_CELLS))


def _spans(n: int, parts: int) -> list[tuple[int, int]]:
    """``parts`` ranges of rows, as equal as can be, covering ``0..n-1``.

    >>> _spans(10, 3)
    [(0, 4), (4, 7), (7, 10)]
    >>> _spans(0, 1)
    [(0, 0)]
    """
    bounds = [n - n * (parts - k) // parts for k in range(parts + 1)]
    return list(pairwise(bounds))


def check_size(grid: Grid, name: str) -> None:
    """UnsupportedGridError when ``grid`` has more open cells than the table may hold."""
    n = int(np.count_nonzero(grid.passable_mask))
    if n > TABLE_MAX_CELLS:
        raise UnsupportedGridError(
            f"{name} stores a byte per pair of open cells: this grid's {n:,} open cells "
            f"would take {n * n / 1e6:,.0f} MB; it serves grids of at most "
            f"{TABLE_MAX_CELLS:,} open cells: use PrepareMethod.SUBGOAL_CH, JPS or AUTO")


class FirstMoves:
    """The first-move table of one grid version (made by ``prepare``).

    ``table[t, c]``: the move (a row of the grid's move table) that starts a shortest
    path from open cell number ``c`` to open cell number ``t``; ``cell_id``: the number
    of each padded flat cell (-1 for walls).
    """

    def __init__(self, grid: Grid, stop: np.ndarray | None = None) -> None:
        from ._kernels import table as kernels  # numba is imported lazily

        flat = grid.flat
        p = grid.derived(MOVES)
        open_cells = np.flatnonzero(flat.passable).astype(np.int64)
        self.n = int(open_cells.shape[0])
        self.cell_id = np.full(flat.passable.shape[0], -1, dtype=np.int32)
        self.cell_id[open_cells] = np.arange(self.n, dtype=np.int32)
        self.moves, self.lengths = p.moves, p.lengths
        self.table = np.empty((self.n, self.n), dtype=np.uint8)
        if stop is None:
            stop = np.zeros(1, dtype=np.int64)

        def rows(span: tuple[int, int]) -> bool:
            return bool(kernels.build_table(
                flat.passable, flat.costs, p, open_cells,
                self.cell_id, self.table, span[0], span[1], stop))

        spans = _spans(self.n, _threads(self.n))
        if len(spans) == 1:
            finished = rows(spans[0])
        else:  # one flood per row, rows apart: the kernel releases the GIL
            with ThreadPoolExecutor(max_workers=len(spans)) as pool:
                finished = all(list(pool.map(rows, spans)))
        if not finished:
            raise Stopped
        self._kernels = kernels

    @property
    def nbytes(self) -> int:
        return int(self.table.nbytes + self.cell_id.nbytes)

    def query(self, s: int, t: int) -> tuple[np.ndarray, float]:
        """The path's padded flat cells from ``s`` to ``t`` (open cells of one component)
        and the sum of its moves' lengths."""
        path = np.empty(self.n + 1, dtype=np.int64)  # a shortest path repeats no cell
        cells, length = self._kernels.query(self.table, self.cell_id, self.moves,
                                            self.lengths, s, t, path)
        return path[:cells], length

    def arrays(self) -> tuple[np.ndarray, ...]:
        """What the batch kernel takes first: table, cell numbers, moves, lengths."""
        return self.table, self.cell_id, self.moves, self.lengths
