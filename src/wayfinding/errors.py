"""Exceptions raised by wayfinding.

Every fault caused by bad input is a subclass of both :class:`WayfindingError` and
:class:`ValueError`, so callers can catch either. Unreachable goals are *not* errors:
searches report them in their result.

Examples
--------
>>> from wayfinding.errors import InvalidLocationError, WayfindingError
>>> issubclass(InvalidLocationError, ValueError), issubclass(InvalidLocationError, WayfindingError)
(True, True)
"""

from __future__ import annotations

__all__ = [
    "BudgetExhaustedError",
    "InvalidCostError",
    "InvalidLocationError",
    "InvalidParameterError",
    "MapFormatError",
    "NegativeCycleError",
    "StaleDataError",
    "UnsupportedGridError",
    "WayfindingError",
]


class WayfindingError(Exception):
    """Base class of every exception raised by wayfinding."""


class InvalidLocationError(WayfindingError, ValueError):
    """A start or goal outside the grid, on a wall, or not in the graph."""


class InvalidCostError(WayfindingError, ValueError):
    """A negative, NaN or infinite edge or cell cost."""


class InvalidParameterError(WayfindingError, ValueError):
    """A search parameter out of range (for example a negative heuristic weight)."""


class NegativeCycleError(WayfindingError, ValueError):
    """A cycle of negative total cost reachable from a start (Bellman-Ford, Johnson): no
    path through it has a cheapest cost.

    ``cycle`` lists its locations, the first repeated at the end (``[a, b, c, a]``), and
    ``cost`` its total; both appear in the message.

    Examples
    --------
    >>> error = NegativeCycleError(['a', 'b', 'a'], -1.0)
    >>> error.cycle, str(error)
    (['a', 'b', 'a'], "negative cycle 'a' -> 'b' -> 'a' (total cost -1.0)")
    """

    def __init__(self, cycle: list, cost: float) -> None:
        super().__init__("negative cycle " + " -> ".join(map(repr, cycle))
                         + f" (total cost {cost!r})")
        self.cycle = cycle
        self.cost = cost


class UnsupportedGridError(WayfindingError, ValueError):
    """An algorithm asked to run on a grid whose movement rules it cannot serve."""


class StaleDataError(WayfindingError, ValueError):
    """Precomputed data used with a grid that was edited after it was built."""


class MapFormatError(WayfindingError, ValueError):
    """A malformed map, scenario or ASCII grid.

    ``source`` names the file (or ``"<text>"``) and ``line`` the 1-based line number,
    when known; both also appear in the message.
    """

    def __init__(self, message: str, *, source: str | None = None, line: int | None = None):
        where = ""
        if source is not None:
            where = f"{source}"
            if line is not None:
                where += f", line {line}"
            where += ": "
        elif line is not None:
            where = f"line {line}: "
        super().__init__(where + message)
        self.source = source
        self.line = line


class BudgetExhaustedError(WayfindingError, TimeoutError):
    """A call that has no partial answer to give ran out of its ``max_seconds``.

    Raised by :func:`wayfinding.prepare` (a half-built hierarchy answers nothing);
    searches and floods return what they have instead. Not a fault of the input, so a
    :class:`TimeoutError`, not a :class:`ValueError`.
    """
