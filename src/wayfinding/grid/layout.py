"""Between a world's locations and the kernels' padded flat cells, for every world.

A :class:`CellLayout` knows a grid's padded flat layout (:mod:`wayfinding.grid.flat`) and
how its public locations map to storage cells: ``(x, y)`` itself on square grids, axial
``(q, r)`` to the offset ``(col, row)`` on hex maps, ``(x, y, z)`` on voxel grids. Results
(paths, ``came_from``, ``cost_so_far``, fields, batches) turn flat cells into locations
here, and arrays of the grid's storage shape come from :meth:`CellLayout.inner`.

Examples
--------
>>> import numpy as np
>>> import wayfinding as wf
>>> layout = cell_layout(wf.HexGrid(np.ones((3, 4), bool)))
>>> cells = layout.cells([(0, 0), (-1, 2)])
>>> cells.tolist(), layout.locations(cells)
([7, 19], [(0, 0), (-1, 2)])
>>> cell_layout(wf.VoxelGrid(np.ones((2, 2, 2), bool))).locations(np.array([21, 42]))
[(0, 0, 0), (1, 1, 1)]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import InvalidLocationError
from ..hex import HexLayout, from_offset_arrays, to_offset_arrays

__all__ = ["CellLayout", "cell_layout"]


class CellLayout:
    """The padded flat layout of one grid and its locations (see the module doc).

    Parameters
    ----------
    shape : tuple of int
        The storage array's shape, ``(H, W)`` or ``(D, H, W)``.
    hex_layout : HexLayout, optional
        The offset layout of a hex map (locations are axial), None otherwise.
    """

    __slots__ = ("_odd", "_rows", "dims", "hex_layout", "plane", "shape", "size", "stride")

    def __init__(self, shape: tuple[int, ...], hex_layout: HexLayout | None = None) -> None:
        self.shape = shape
        self.hex_layout = hex_layout
        self._rows = hex_layout is not None and hex_layout.rows
        self._odd = hex_layout is not None and hex_layout.odd
        self.dims = len(shape)
        self.stride = shape[-1] + 2
        self.plane = (shape[-2] + 2) * self.stride if self.dims == 3 else 0
        self.size = (shape[0] + 2) * self.plane if self.dims == 3 else (shape[0] + 2) * self.stride

    # ------------------------------------------------------------------ storage coordinates
    def coords(self, cells: np.ndarray) -> tuple[np.ndarray, ...]:
        """Unpadded storage coordinates ``(x, y)`` or ``(x, y, z)`` of flat cells."""
        cells = np.asarray(cells, dtype=np.int64)
        if self.dims == 3:
            z, rest = np.divmod(cells, self.plane)
            y, x = np.divmod(rest, self.stride)
            return x - 1, y - 1, z - 1
        y, x = np.divmod(cells, self.stride)
        return x - 1, y - 1

    def flat(self, coords: tuple[np.ndarray, ...]) -> np.ndarray:
        """Flat cells of unpadded storage coordinates (the inverse of :meth:`coords`)."""
        x, y = np.asarray(coords[0], np.int64), np.asarray(coords[1], np.int64)
        cells = (y + 1) * self.stride + x + 1
        if self.dims == 3:
            cells = cells + (np.asarray(coords[2], np.int64) + 1) * self.plane
        return cells

    def inner(self, cells: np.ndarray) -> np.ndarray:
        """Indices of flat cells in the raveled storage array (``[y, x]``, ``[z, y, x]``)."""
        c = self.coords(cells)
        if self.dims == 3:
            x, y, z = c
            return (z * self.shape[1] + y) * self.shape[2] + x
        x, y = c
        return y * self.shape[1] + x

    # ------------------------------------------------------------------ locations
    def locations(self, cells: np.ndarray) -> list[tuple[int, ...]]:
        """The public locations of flat cells."""
        c = self.coords(cells)
        if self.hex_layout is not None:
            c = from_offset_arrays(c[0], c[1], self.hex_layout)
        return list(zip(*(a.tolist() for a in c), strict=True))

    def location_arrays(self, cells: np.ndarray) -> tuple[np.ndarray, ...]:
        """The coordinates of the public locations of flat cells, one array per axis."""
        c = self.coords(cells)
        if self.hex_layout is not None:
            return from_offset_arrays(c[0], c[1], self.hex_layout)
        return c

    def cells(self, locations: Any) -> np.ndarray:
        """Flat cells of public locations (unchecked: see the grid's ``check_location``)."""
        rows = np.asarray(locations, dtype=np.int64).reshape(-1, self.dims)
        coords = tuple(rows[:, i] for i in range(self.dims))
        if self.hex_layout is not None:
            coords = to_offset_arrays(coords[0], coords[1], self.hex_layout)
        return self.flat(coords)

    def index_of(self, location: Any, role: str = "location") -> int:
        """Flat cell of ``location``, checked: a tuple of integers inside the grid (walls
        allowed), else :class:`~wayfinding.errors.InvalidLocationError` naming ``role``."""
        try:
            values = tuple(location)
            if len(values) != self.dims or any(
                    isinstance(v, bool | float) or int(v) != v for v in values):
                raise TypeError
            values = tuple(int(v) for v in values)
        except (TypeError, ValueError):
            names = "(q, r)" if self.hex_layout is not None else (
                "(x, y, z)" if self.dims == 3 else "(x, y)")
            raise InvalidLocationError(
                f"{role} must be {names}, a tuple of integers, got {location!r}") from None
        cell = self.cell(values)
        if not self.inside(cell, values):
            raise InvalidLocationError(f"{role} {values} is outside the grid")
        return cell

    def inside(self, cell: int, location: tuple[int, ...]) -> bool:
        """True when flat ``cell`` (of ``location``) is a cell of the grid, not the border."""
        coords = self.coords(np.array([cell]))
        return all(0 <= int(c[0]) < n for c, n in zip(coords, reversed(self.shape),
                                                       strict=True))

    def cell(self, location: Any) -> int:
        """Flat cell of one public location (unchecked)."""
        if self.hex_layout is not None:  # wayfinding.hex.to_offset, written out (per query)
            q, r = location
            if self._rows:
                col, row = q + ((r - (r & 1)) >> 1 if self._odd else (r + (r & 1)) >> 1), r
            else:
                col, row = q, r + ((q - (q & 1)) >> 1 if self._odd else (q + (q & 1)) >> 1)
            return (row + 1) * self.stride + col + 1
        if self.dims == 3:
            x, y, z = location
            return (z + 1) * self.plane + (y + 1) * self.stride + x + 1
        x, y = location
        return (y + 1) * self.stride + x + 1


def cell_layout(grid: Any) -> CellLayout:
    """The :class:`CellLayout` of ``grid``."""
    return CellLayout(tuple(grid.passable_mask.shape), getattr(grid, "layout", None)
                      if not grid._square else None)
