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


def add_stops(bits: np.ndarray, rows: int) -> np.ndarray:
    """Fill ``bits[1]`` and ``bits[2]`` from the open cells ``bits[0]`` (returns ``bits``);
    ``rows`` is the number of row lines."""
    one, top = np.uint64(1), np.uint64(63)
    for lo, hi in ((0, rows), (rows, bits.shape[1])):
        here = bits[0, lo:hi]
        before = np.zeros_like(here)  # the side lines: the line before and after
        before[1:] = here[:-1]
        after = np.zeros_like(here)
        after[:-1] = here[1:]
        fwd = ~here
        bwd = ~here
        for side in (before, after):
            up = side << one  # bit p: the side cell of p - 1
            up[:, 1:] |= side[:, :-1] >> top
            down = side >> one  # bit p: the side cell of p + 1
            down[:, :-1] |= side[:, 1:] << top
            fwd |= side & ~up
            bwd |= side & ~down
        bits[1, lo:hi] = fwd
        bits[2, lo:hi] = bwd
    return bits
