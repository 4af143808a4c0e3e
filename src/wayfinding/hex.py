"""Hexagon coordinates as the Red Blob Games hex guide defines them.

A hex is named by its *axial* coordinates ``(q, r)``; its *cube* coordinates are
``(q, r, s)`` with ``s = -q - r``. Moving to a neighbour changes two of ``q, r, s`` by one
in opposite directions, so the distance between two hexes is ``max(|dq|, |dr|, |ds|)``.
The six neighbours, in the guide's order, are the directions ``(+1, 0)``, ``(+1, -1)``,
``(0, -1)``, ``(-1, 0)``, ``(-1, +1)``, ``(0, +1)``.

Maps are stored as rectangles in an *offset* layout: ``(col, row)`` with every other row
(``*_R``, pointy-top hexes) or column (``*_Q``, flat-top hexes) shoved by half a hex.
:class:`HexLayout` names the four layouts of the guide; :func:`to_offset` and
:func:`from_offset` convert (for ``ODD_R``: ``col = q + (r - (r & 1)) / 2``, ``row = r``).
Axial coordinates do not depend on the layout or on which way the hexes point: only
offsets and pixels do.

Examples
--------
>>> distance((0, 0), (2, -1)), sorted(neighbors((0, 0)))[:2]
(2, [(-1, 0), (-1, 1)])
>>> to_offset((-1, 3), HexLayout.ODD_R), from_offset((0, 3), HexLayout.ODD_R)
((0, 3), (-1, 3))
>>> line((0, 0), (3, -1))
[(0, 0), (1, 0), (2, -1), (3, -1)]
>>> len(ring((0, 0), 2)), len(within((0, 0), 2))
(12, 19)
>>> to_cube((2, -3)), from_cube((2, -3, 1))
((2, -3, 1), (2, -3))
"""

from __future__ import annotations

import enum
import math
from typing import Any

import numpy as np

from .errors import InvalidLocationError, InvalidParameterError

__all__ = ["DIRECTIONS", "HexLayout", "Orientation", "corners", "distance", "from_cube",
           "from_offset", "from_offset_arrays", "from_pixel", "line", "nearest", "neighbors",
           "ring", "to_cube", "to_offset", "to_offset_arrays", "to_pixel", "within"]

Hex = tuple[int, int]

#: The six axial steps to the neighbours, in the Red Blob guide's order.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

SQRT3 = math.sqrt(3.0)


class Orientation(enum.Enum):
    """Which way the hexagons point: pointy-top hexes form rows, flat-top ones columns."""

    POINTY = "pointy"
    FLAT = "flat"


class HexLayout(enum.Enum):
    """The four offset layouts of the Red Blob guide: which rows or columns are shoved.

    ``ODD_R`` and ``EVEN_R`` hold pointy-top hexes in rows, odd (or even) rows shoved
    right by half a hex; ``ODD_Q`` and ``EVEN_Q`` hold flat-top hexes in columns, odd (or
    even) columns shoved down by half a hex. An offset location is ``(col, row)``, and a
    numpy array of the map is indexed ``[row, col]``.
    """

    ODD_R = "odd-r"
    EVEN_R = "even-r"
    ODD_Q = "odd-q"
    EVEN_Q = "even-q"

    @property
    def orientation(self) -> Orientation:
        """:attr:`Orientation.POINTY` for the row layouts, ``FLAT`` for the column ones."""
        return Orientation.POINTY if self in (HexLayout.ODD_R, HexLayout.EVEN_R) else \
            Orientation.FLAT

    @property
    def rows(self) -> bool:
        """True when rows are shoved (``ODD_R``, ``EVEN_R``), False for columns."""
        return self.orientation is Orientation.POINTY

    @property
    def odd(self) -> bool:
        """True when the odd rows (columns) are the shoved ones."""
        return self in (HexLayout.ODD_R, HexLayout.ODD_Q)


def _hex(location: Any, what: str = "hex") -> Hex:
    try:
        q, r = location
        if isinstance(q, bool | float) or isinstance(r, bool | float):
            raise TypeError
        value = (int(q), int(r))
        if value != (q, r):
            raise TypeError
    except (TypeError, ValueError):
        raise InvalidLocationError(
            f"{what} must be a (q, r) pair of integers, got {location!r}") from None
    return value


def _layout(layout: Any) -> HexLayout:
    if not isinstance(layout, HexLayout):
        raise InvalidParameterError(
            f"layout must be a HexLayout member ({', '.join(m.name for m in HexLayout)}), "
            f"got {layout!r}")
    return layout


def to_cube(location: Hex) -> tuple[int, int, int]:
    """Cube coordinates ``(q, r, s)`` of an axial hex (``s = -q - r``)."""
    q, r = _hex(location)
    return (q, r, -q - r)


def from_cube(cube: tuple[int, int, int]) -> Hex:
    """Axial ``(q, r)`` of cube coordinates; raises when ``q + r + s != 0``."""
    try:
        q, r, s = (int(v) for v in cube)
    except (TypeError, ValueError):
        raise InvalidLocationError(f"cube must be three integers, got {cube!r}") from None
    if q + r + s != 0:
        raise InvalidLocationError(f"cube coordinates must sum to 0, got {cube!r}")
    return (q, r)


def to_offset(location: Hex, layout: HexLayout = HexLayout.ODD_R) -> Hex:
    """Offset ``(col, row)`` of an axial hex in ``layout``.

    Examples
    --------
    >>> [to_offset((0, 1), layout) for layout in HexLayout]
    [(0, 1), (1, 1), (0, 1), (0, 1)]
    """
    q, r = _hex(location)
    layout = _layout(layout)
    if layout.rows:
        shift = (r - (r & 1)) >> 1 if layout.odd else (r + (r & 1)) >> 1
        return (q + shift, r)
    shift = (q - (q & 1)) >> 1 if layout.odd else (q + (q & 1)) >> 1
    return (q, r + shift)


def from_offset(location: Hex, layout: HexLayout = HexLayout.ODD_R) -> Hex:
    """Axial ``(q, r)`` of the offset location ``(col, row)`` in ``layout``."""
    col, row = _hex(location, "offset location")
    layout = _layout(layout)
    if layout.rows:
        shift = (row - (row & 1)) >> 1 if layout.odd else (row + (row & 1)) >> 1
        return (col - shift, row)
    shift = (col - (col & 1)) >> 1 if layout.odd else (col + (col & 1)) >> 1
    return (col, row - shift)


def to_offset_arrays(q: np.ndarray, r: np.ndarray,
                     layout: HexLayout) -> tuple[np.ndarray, np.ndarray]:
    """:func:`to_offset` of integer arrays: ``(cols, rows)``."""
    q = np.asarray(q, dtype=np.int64)
    r = np.asarray(r, dtype=np.int64)
    if layout.rows:
        shift = (r - (r & 1)) >> 1 if layout.odd else (r + (r & 1)) >> 1
        return q + shift, r
    shift = (q - (q & 1)) >> 1 if layout.odd else (q + (q & 1)) >> 1
    return q, r + shift


def from_offset_arrays(cols: np.ndarray, rows: np.ndarray,
                       layout: HexLayout) -> tuple[np.ndarray, np.ndarray]:
    """:func:`from_offset` of integer arrays: ``(q, r)``."""
    cols = np.asarray(cols, dtype=np.int64)
    rows = np.asarray(rows, dtype=np.int64)
    if layout.rows:
        shift = (rows - (rows & 1)) >> 1 if layout.odd else (rows + (rows & 1)) >> 1
        return cols - shift, rows
    shift = (cols - (cols & 1)) >> 1 if layout.odd else (cols + (cols & 1)) >> 1
    return cols, rows - shift


def distance(a: Hex, b: Hex) -> int:
    """Steps between two hexes: ``max(|dq|, |dr|, |dq + dr|)``."""
    aq, ar = _hex(a)
    bq, br = _hex(b)
    dq, dr = aq - bq, ar - br
    return max(abs(dq), abs(dr), abs(dq + dr))


def neighbors(location: Hex) -> list[Hex]:
    """The six hexes next to ``location``, in the order of :data:`DIRECTIONS`."""
    q, r = _hex(location)
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def nearest(q: float, r: float) -> Hex:
    """The hex containing the fractional axial point ``(q, r)`` (the guide's cube round)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    eq, er, es = abs(rq - q), abs(rr - r), abs(rs - s)
    if eq > er and eq > es:
        rq = -rr - rs
    elif er > es:
        rr = -rq - rs
    return (int(rq), int(rr))


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a straight line from the centre of ``a`` to that of ``b`` passes.

    ``distance(a, b) + 1`` hexes, each a neighbour of the one before; the line is nudged
    by a tiny constant so that points on an edge between two hexes round the same way
    every time (the guide's epsilon).
    """
    aq, ar = _hex(a)
    bq, br = _hex(b)
    n = distance((aq, ar), (bq, br))
    if n == 0:
        return [(aq, ar)]
    # nudge: (1e-6, 2e-6, -3e-6) in cube space keeps the sum zero
    aq_, ar_ = aq + 1e-6, ar + 2e-6
    bq_, br_ = bq + 1e-6, br + 2e-6
    return [nearest(aq_ + (bq_ - aq_) * i / n, ar_ + (br_ - ar_) * i / n)
            for i in range(n + 1)]


def _radius(radius: Any) -> int:
    if isinstance(radius, bool) or not isinstance(radius, int | np.integer) or radius < 0:
        raise InvalidParameterError(f"radius must be an integer >= 0, got {radius!r}")
    return int(radius)


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly ``radius`` steps from ``center`` (6 * radius of them, one for
    radius 0), walking round the ring from the ``(-1, +1)`` corner."""
    q, r = _hex(center, "center")
    radius = _radius(radius)
    if radius == 0:
        return [(q, r)]
    dq, dr = DIRECTIONS[4]
    q, r = q + dq * radius, r + dr * radius
    result = []
    for side in range(6):
        sq, sr = DIRECTIONS[side]
        for _ in range(radius):
            result.append((q, r))
            q, r = q + sq, r + sr
    return result


def within(center: Hex, radius: int) -> list[Hex]:
    """Every hex at most ``radius`` steps from ``center`` (the guide's *range*), by q then r."""
    q, r = _hex(center, "center")
    radius = _radius(radius)
    return [(q + dq, r + dr)
            for dq in range(-radius, radius + 1)
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1)]


def to_pixel(location: Hex, size: float = 1.0,
             orientation: Orientation = Orientation.POINTY) -> tuple[float, float]:
    """Centre ``(x, y)`` of a hex whose corners lie ``size`` from its centre (y down).

    Examples
    --------
    >>> [round(v, 3) for v in to_pixel((1, 1))]
    [2.598, 1.5]
    """
    q, r = _hex(location)
    if orientation is Orientation.POINTY:
        return (size * SQRT3 * (q + r / 2.0), size * 1.5 * r)
    return (size * 1.5 * q, size * SQRT3 * (r + q / 2.0))


def from_pixel(x: float, y: float, size: float = 1.0,
               orientation: Orientation = Orientation.POINTY) -> Hex:
    """The hex containing the point ``(x, y)`` (the inverse of :func:`to_pixel`)."""
    if orientation is Orientation.POINTY:
        q = (SQRT3 / 3.0 * x - y / 3.0) / size
        r = (2.0 / 3.0 * y) / size
    else:
        q = (2.0 / 3.0 * x) / size
        r = (-x / 3.0 + SQRT3 / 3.0 * y) / size
    return nearest(q, r)


def corners(location: Hex, size: float = 1.0,
            orientation: Orientation = Orientation.POINTY) -> list[tuple[float, float]]:
    """The six corners of a hex, for drawing it (pointy-top: the first corner at 30 deg)."""
    cx, cy = to_pixel(location, size, orientation)
    start = 30.0 if orientation is Orientation.POINTY else 0.0
    return [(cx + size * math.cos(math.radians(start + 60.0 * i)),
             cy + size * math.sin(math.radians(start + 60.0 * i))) for i in range(6)]
