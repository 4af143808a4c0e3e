"""Kernels' helpers: the bitmaps of block-based jump point search, and bit scanning.

The padded grid is packed into ``uint64`` bit lines: lines ``0 .. H + 1`` are its rows
and lines ``H + 2 + x`` its columns (the transposed grid), so a row scan and a column
scan read the same array. Bit ``p + 64`` of a line is cell ``p`` of that line (64 zero
bits on the left, and zeros on the right, so reading 64 bits never leaves the array).

``bits[0]`` holds the open cells. ``bits[1]`` and ``bits[2]`` hold the cells where a
straight scan along the line stops, moving to higher positions (east on a row, south on
a column) and to lower ones: a blocked cell, or an open cell with a free side cell whose
counterpart beside the previous cell is blocked (a forced neighbour, the block-based
symmetry breaking of Harabor & Grastien, "Improving Jump Point Search", ICAPS 2014). Where
a scan stops does not depend on where it began, so a scan reads one word per 64 cells and
looks for its first set bit.

Examples
--------
>>> import numpy as np
>>> bits = bitmaps(np.ones((3, 4), np.uint8))
>>> bits.shape, int(bits[0, 1, 1]) & 0b1111
((3, 7, 3), 15)
"""

from __future__ import annotations

import numpy as np
from numba import config, njit

_ALL = ~np.uint64(0)

if config.DISABLE_JIT:

    def lowest_bit(word):
        """Index of the lowest set bit of a non-zero uint64."""
        word = int(word)
        return (word & -word).bit_length() - 1

    def highest_bit(word):
        """Index of the highest set bit of a non-zero uint64."""
        return int(word).bit_length() - 1

else:  # pragma: no cover - compiled
    from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros

    @njit(cache=True, inline="always")
    def lowest_bit(word):
        return np.int64(trailing_zeros(word))

    @njit(cache=True, inline="always")
    def highest_bit(word):
        return 63 - np.int64(leading_zeros(word))


@njit(cache=True, inline="always")
def sign(value):  # pragma: no cover - numba
    """-1, 0 or 1: the sign of an int."""
    if value > 0:
        return 1
    if value < 0:
        return -1
    return 0


@njit(cache=True, inline="always")
def scan(bits, line, pos0, d):  # pragma: no cover - numba
    """Where a straight scan of ``line`` from ``pos0`` in direction ``d`` stops: the first
    stop bit past ``pos0`` (:mod:`.jps_scan`), one word per 64 cells."""
    if d > 0:
        at = pos0 + 65
        w = at >> 6
        word = bits[1, line, w] & (_ALL << np.uint64(at & 63))
        while word == 0:
            w += 1
            word = bits[1, line, w]
        return (w << 6) + lowest_bit(word) - 64
    at = pos0 + 63
    w = at >> 6
    word = bits[2, line, w] & (_ALL >> np.uint64(63 - (at & 63)))
    while word == 0:
        w -= 1
        word = bits[2, line, w]
    return (w << 6) + highest_bit(word) - 64


def bitmaps(passable: np.ndarray) -> np.ndarray:
    """Open cells and scan stops (module doc) of a padded bool/uint8 ``[H + 2, W + 2]``
    array: ``uint64[3, H + W + 4, words]``."""
    rows, cols = passable.shape
    length = max(rows, cols)
    words = (64 + length + 63) // 64 + 1
    padded = np.zeros((rows + cols, words * 64), dtype=np.uint8)
    padded[:rows, 64:64 + cols] = passable != 0
    padded[rows:, 64:64 + rows] = passable.T != 0
    packed = np.packbits(padded, axis=1, bitorder="little")
    bits = np.empty((3, rows + cols, words), dtype=np.uint64)
    bits[0] = np.ascontiguousarray(packed).view("<u8")
    return add_stops(bits, rows)


def add_stops(bits: np.ndarray, rows: int, lines: np.ndarray | None = None) -> np.ndarray:
    """Fill ``bits[1]`` and ``bits[2]`` from the open cells ``bits[0]`` (returns ``bits``);
    ``rows`` is the number of row lines. With ``lines`` (line numbers), only those lines'
    stops are recomputed (after an edit: the lines through the edited cells and their
    neighbours)."""
    if lines is None:
        lines = np.arange(bits.shape[1], dtype=np.int64)
    stops(bits, rows, lines)
    return bits


@njit(cache=True, inline="always")
def _flip(bits, rows, passable, stride, cell):  # pragma: no cover - numba
    """Set ``cell``'s bit on its row and its column from ``passable``; returns its
    padded ``(y, x)``: the lines whose stops it moves are its row and its column
    (``rows + x``) and those beside them."""
    one = np.uint64(1)
    y = cell // stride  # padded row and column
    x = cell - y * stride
    for j in range(2):
        line = y if j == 0 else rows + x
        p = (x if j == 0 else y) + 64
        bit = one << np.uint64(p % 64)
        if passable[cell] != 0:
            bits[0, line, p // 64] |= bit
        else:
            bits[0, line, p // 64] &= ~bit
    return y, x


@njit(cache=True, nogil=True)
def patch_cell(bits, rows, passable, stride, cell):  # pragma: no cover - numba
    """:func:`patch_cells` for one cell (an int: no array to build per edit)."""
    y, x = _flip(bits, rows, passable, stride, cell)
    for line in (y - 1, y, y + 1, rows + x - 1, rows + x, rows + x + 1):
        _line_stops(bits, rows, line)


@njit(cache=True, nogil=True)
def patch_cells(bits, rows, passable, stride, cells):  # pragma: no cover - numba
    """Bring ``bits`` up to date after the padded flat ``cells`` (int64[k]) were opened
    or closed: each cell's bit on its row and its column from ``passable`` (the padded
    flat grid as it is now), then the stops of those lines and the lines beside them
    (an edit moves its neighbours' forced-neighbour stops too)."""
    lines = np.empty(6 * cells.shape[0], dtype=np.int64)
    for i in range(cells.shape[0]):
        y, x = _flip(bits, rows, passable, stride, cells[i])
        for j in range(3):
            lines[6 * i + j] = y - 1 + j
            lines[6 * i + 3 + j] = rows + x - 1 + j
    stops(bits, rows, lines)


@njit(cache=True, nogil=True)
def stops(bits, rows, lines):  # pragma: no cover - numba
    """The stop bits of ``lines`` (:func:`_line_stops`; numbers outside the array are
    skipped)."""
    for i in range(lines.shape[0]):
        _line_stops(bits, rows, lines[i])


@njit(cache=True, inline="always")
def _line_stops(bits, rows, line):  # pragma: no cover - numba
    """The stop bits of ``line`` (nothing when it is no line of ``bits``): bit ``p`` of
    ``bits[1]`` (``bits[2]``) is set when cell ``p`` is a wall or a scan going forwards
    (backwards) must stop there, a side cell (on the line before or after, within the
    block of row or column lines) being open where the side cell one step back is not:
    a forced neighbour."""
    one, top = np.uint64(1), np.uint64(63)
    n, words = bits.shape[1], bits.shape[2]
    if line < 0 or line >= n:
        return
    lo, hi = (0, rows) if line < rows else (rows, n)
    for w in range(words):
        fwd = ~bits[0, line, w]
        bwd = fwd
        for side_line in (line - 1, line + 1):
            if side_line < lo or side_line >= hi:
                continue
            side = bits[0, side_line, w]
            up = side << one  # bit p: the side cell of p - 1
            if w > 0:
                up |= bits[0, side_line, w - 1] >> top
            down = side >> one  # bit p: the side cell of p + 1
            if w + 1 < words:
                down |= bits[0, side_line, w + 1] << top
            fwd |= side & ~up
            bwd |= side & ~down
        bits[1, line, w] = fwd
        bits[2, line, w] = bwd
