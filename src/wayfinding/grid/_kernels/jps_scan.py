"""Kernels' helpers: the bitmaps of block-based jump point search, and bit scanning.

The padded grid is packed into one ``uint64`` array ``bits``: lines ``0 .. H + 1`` are
its rows and lines ``H + 2 + x`` its columns (the transposed grid), so a row scan and a
column scan read the same array. Bit ``p + 64`` of a line is cell ``p`` of that line (64
zero bits on the left, and zeros on the right, so reading 64 bits never leaves the
array). A straight scan along a line reads the line and its two neighbours 64 cells at a
time, as in the block-based symmetry breaking of Harabor & Grastien ("Improving Jump
Point Search", ICAPS 2014).

Examples
--------
>>> import numpy as np
>>> bits = bitmaps(np.ones((3, 4), np.uint8))
>>> bits.shape, int(bits[1, 1]) & 0b1111
((7, 3), 15)
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
    """Rows then columns of a padded bool/uint8 ``[H + 2, W + 2]`` array, as bit lines."""
    rows, cols = passable.shape
    length = max(rows, cols)
    words = (64 + length + 63) // 64 + 1
    padded = np.zeros((rows + cols, words * 64), dtype=np.uint8)
    padded[:rows, 64:64 + cols] = passable != 0
    padded[rows:, 64:64 + rows] = passable.T != 0
    packed = np.packbits(padded, axis=1, bitorder="little")
    return np.ascontiguousarray(packed).view("<u8").astype(np.uint64, copy=False)
