"""Kernels: block-based straight scans for jump point search (64 cells per step).

The padded grid is kept twice as bitmaps of ``uint64`` words: ``rows[y]`` holds row ``y``
and ``cols[x]`` column ``x`` (the transposed grid); bit ``p + 64`` of a line is cell ``p``
of that line (64 zero bits on the left, and zeros on the right, so a 64-bit read never
leaves the array). A straight scan along a line stops at the first cell that is blocked
(a dead end), or has a *forced* side: a free cell beside it whose counterpart beside the
previous cell is blocked. It reads the line and its two neighbouring lines 64 cells at a
time, as in the block-based symmetry breaking of Harabor & Grastien ("Improving Jump
Point Search", ICAPS 2014).
"""

from __future__ import annotations

import numpy as np
from numba import config, njit

_ONE = np.uint64(1)

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


def bitmaps(passable: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Row and column bitmaps of a padded bool/uint8 ``[H + 2, W + 2]`` array."""
    return _pack(passable), _pack(passable.T)


def _pack(lines: np.ndarray) -> np.ndarray:
    n_lines, length = lines.shape
    words = (64 + length + 63) // 64 + 1
    padded = np.zeros((n_lines, words * 64), dtype=np.uint8)
    padded[:, 64:64 + length] = lines != 0
    packed = np.packbits(padded, axis=1, bitorder="little")
    return np.ascontiguousarray(packed).view("<u8").astype(np.uint64, copy=False)


@njit(cache=True, inline="always")
def read64(bits, line, position):  # pragma: no cover - numba
    """The 64 bits of ``line`` from bit ``position`` on (bit 0 of the result first)."""
    k = position >> 6
    offset = position & 63
    if offset == 0:
        return bits[line, k]
    return (bits[line, k] >> np.uint64(offset)) | (bits[line, k + 1] << np.uint64(64 - offset))


@njit(cache=True, inline="always")
def scan_up(bits, line, start, goal):  # pragma: no cover - numba
    """First stop after cell ``start`` of ``line`` going to higher positions, or -1.

    ``goal`` is the goal's position on this line (-1 when it is not on it); reaching it
    stops the scan too.
    """
    p = start + 1
    while True:
        b = p + 64
        here = read64(bits, line, b)
        left = read64(bits, line - 1, b)
        left_before = read64(bits, line - 1, b - 1)
        right = read64(bits, line + 1, b)
        right_before = read64(bits, line + 1, b - 1)
        stops = (left & ~left_before) | (right & ~right_before) | ~here
        if stops != 0:
            i = lowest_bit(stops)
            found = p + i
            if p <= goal <= found:
                return goal
            if (here >> np.uint64(i)) & _ONE:
                return found
            return -1
        if p <= goal < p + 64:
            return goal
        p += 64


@njit(cache=True, inline="always")
def scan_down(bits, line, start, goal):  # pragma: no cover - numba
    """First stop before cell ``start`` of ``line`` going to lower positions, or -1."""
    p = start - 1
    while True:
        low = p - 63
        b = low + 64
        here = read64(bits, line, b)
        left = read64(bits, line - 1, b)
        left_after = read64(bits, line - 1, b + 1)
        right = read64(bits, line + 1, b)
        right_after = read64(bits, line + 1, b + 1)
        stops = (left & ~left_after) | (right & ~right_after) | ~here
        if stops != 0:
            i = highest_bit(stops)
            found = low + i
            if found <= goal <= p:
                return goal
            if (here >> np.uint64(i)) & _ONE:
                return found
            return -1
        if low <= goal <= p:
            return goal
        p -= 64


@njit(cache=True, inline="always")
def jump_straight(rows, cols, stride, x, y, dx, dy, gx, gy):  # pragma: no cover - numba
    """First jump point from cell ``(x, y)`` (padded) moving by ``(dx, dy)`` (straight).

    ``(gx, gy)`` is the goal. Returns the flat index of the jump point, or -1.
    """
    if dy == 0:
        goal_x = gx if gy == y else -1
        target_x = scan_up(rows, y, x, goal_x) if dx > 0 else scan_down(rows, y, x, goal_x)
        return -1 if target_x < 0 else y * stride + target_x
    goal_y = gy if gx == x else -1
    target_y = scan_up(cols, x, y, goal_y) if dy > 0 else scan_down(cols, x, y, goal_y)
    return -1 if target_y < 0 else target_y * stride + x
