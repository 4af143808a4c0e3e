"""Starts, goals, sources and targets of a batch: (N, 2) integer arrays of ``(x, y)``,
checked once per batch (errors name the first bad row).

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('..#')
>>> cells(grid, grid.flat.passable, [(0, 0), (1, 0)], "starts").tolist()
[6, 7]
>>> cells(grid, grid.flat.passable, [(2, 0)], "goals")
Traceback (most recent call last):
...
wayfinding.errors.InvalidLocationError: goals row 0: (2, 0) is a wall
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _lazy
from ..errors import InvalidLocationError, InvalidParameterError

__all__ = ["cells", "pairs", "trace_kernels"]


def trace_kernels() -> Any:
    """:mod:`wayfinding._kernels.trace` (numba is imported on first use)."""
    return _lazy.kernels("wayfinding._kernels.trace")


def xy_array(values: Any, role: str) -> np.ndarray:
    """``values`` as an int64 ``(N, 2)`` array, or InvalidParameterError naming ``role``."""
    try:
        arr = np.asarray(values)
    except (TypeError, ValueError) as exc:  # ragged lists
        raise InvalidParameterError(
            f"{role} must be an (N, 2) array of (x, y) integers: {exc}") from None
    if arr.size == 0 and arr.ndim <= 2 and (arr.ndim < 2 or arr.shape[1] == 2):
        return np.zeros((0, 2), dtype=np.int64)  # [] has no dtype of its own
    if arr.ndim != 2 or arr.shape[1] != 2:
        raise InvalidParameterError(
            f"{role} must be an (N, 2) array of (x, y) integers, got shape {arr.shape}")
    if arr.dtype.kind in "iu":
        return arr.astype(np.int64, copy=False)
    if arr.dtype.kind == "f":
        bad = ~np.isfinite(arr).all(axis=1) | (arr != np.floor(arr)).any(axis=1)
        row = int(np.argmax(bad)) if bad.any() else 0
        raise InvalidParameterError(
            f"{role} must be integers, got dtype {arr.dtype} (row {row}: "
            f"{tuple(arr[row].tolist())})")
    raise InvalidParameterError(f"{role} must be an (N, 2) array of (x, y) integers, "
                                f"got dtype {arr.dtype}")


def cells(grid: Any, passable: np.ndarray, values: Any, role: str) -> np.ndarray:
    """Padded flat indices of the ``(x, y)`` rows of ``values``: every row inside the grid
    and open in ``passable`` (the grid's flat array), else InvalidLocationError."""
    arr = np.ascontiguousarray(xy_array(values, role))
    flat = np.empty(arr.shape[0], dtype=np.int64)
    if trace_kernels().flat_cells(arr, grid.width, grid.height, passable, flat) >= 0:
        _refuse(grid, passable, arr, role)
    return flat


def _refuse(grid: Any, passable: np.ndarray, arr: np.ndarray, role: str) -> None:
    """Raise InvalidLocationError naming the first row of ``arr`` outside the grid or on a
    wall (the compiled check found one)."""
    x, y = arr[:, 0], arr[:, 1]
    outside = (x < 0) | (x >= grid.width) | (y < 0) | (y >= grid.height)
    if outside.any():
        row = int(np.argmax(outside))
        raise InvalidLocationError(
            f"{role} row {row}: {tuple(arr[row].tolist())} is outside the "
            f"{grid.width}x{grid.height} grid")
    flat = (y + 1) * (grid.width + 2) + x + 1
    wall = passable[flat] == 0
    if wall.any():
        row = int(np.argmax(wall))
        raise InvalidLocationError(f"{role} row {row}: {tuple(arr[row].tolist())} is a wall")
    raise AssertionError("flat_cells refused a row that is inside and open")


def pairs(grid: Any, passable: np.ndarray, starts: Any,
          goals: Any) -> tuple[np.ndarray, np.ndarray]:
    """Checked flat cells of ``starts`` and ``goals``, which must have as many rows (both
    checked by one compiled call)."""
    a = np.ascontiguousarray(xy_array(starts, "starts"))
    b = np.ascontiguousarray(xy_array(goals, "goals"))
    n = a.shape[0]
    if n != b.shape[0]:
        raise InvalidParameterError(
            f"starts and goals must have as many rows, got {n} and {b.shape[0]}")
    s = np.empty(n, dtype=np.int64)
    t = np.empty(n, dtype=np.int64)
    bad = trace_kernels().flat_pairs(a, b, grid.width, grid.height, passable, s, t)
    if bad >= 0:
        if bad < n:
            _refuse(grid, passable, a, "starts")
        _refuse(grid, passable, b, "goals")
    return s, t
