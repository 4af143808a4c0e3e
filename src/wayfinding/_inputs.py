"""Numbers given by users, checked once for every tier.

Python numbers and numpy scalars (``np.float32(2.5)``, ``np.int64(3)``) are the same to
wayfinding; ``True``/``False`` are not numbers here (a bool where a cost or a budget is
expected is almost always a mistake).

Examples
--------
>>> import numpy as np
>>> is_number(np.float32(1.5)), is_number(3), is_number(True), is_number("1")
(True, True, False, False)
>>> is_whole(np.int64(7)), is_whole(7.0), is_whole(7.5)
(True, True, False)
"""

from __future__ import annotations

import numbers
from typing import Any

import numpy as np

__all__ = ["is_number", "is_whole"]


def is_number(value: Any) -> bool:
    """True for a real number (Python or numpy scalar), False for bools and the rest."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool | np.bool_)


def is_whole(value: Any) -> bool:
    """True for a number with no fractional part (``3``, ``np.int64(3)``, ``3.0``)."""
    if not is_number(value):
        return False
    if isinstance(value, numbers.Integral):
        return True
    return float(value).is_integer()
