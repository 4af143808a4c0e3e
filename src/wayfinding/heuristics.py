"""Distance estimates for A* and greedy best-first search on grid locations ``(x, y)``.

A heuristic is a function ``h(location, goal) -> float``. It is admissible (A* stays
optimal) when it never overestimates the true cost. ``D`` is the cost of a straight step
and ``D2`` the cost of a diagonal step; bind other values with :func:`functools.partial`.
The same heuristics can be named by the enum :class:`Heuristic` (``wf.Heuristic.OCTILE``
is :func:`octile`); every call that takes ``heuristic=`` accepts a member, on grids and on
graphs whose locations are ``(x, y)``. Strings are not accepted (``"manhattan"`` raises
:class:`~wayfinding.errors.InvalidParameterError` listing the members).

Parameters ``D`` and ``D2`` must be numbers in ``[0, MAX_PARAMETER]`` (NaN, inf and
negative values raise :class:`~wayfinding.errors.InvalidParameterError`), and the
searches refuse heuristic *values* that are NaN, infinite, negative or not numbers.

Examples
--------
>>> manhattan((0, 0), (3, 4))
7.0
>>> chebyshev((0, 0), (3, 4))
4.0
>>> round(octile((0, 0), (3, 4)), 4)
5.2426
>>> octile((0, 0), (3, 4), D=10, D2=14)
52.0
>>> euclidean((0, 0), (3, 4))
5.0
>>> zero((0, 0), (3, 4))
0.0
>>> Heuristic.MANHATTAN((0, 0), (3, 4))
7.0
"""

from __future__ import annotations

import enum
import functools
import math
import numbers
from collections.abc import Callable, Sequence
from typing import Any

from .errors import InvalidParameterError

__all__ = ["MAX_PARAMETER", "SQRT2", "Heuristic", "chebyshev", "check_heuristic",
           "check_parameter", "euclidean", "location_metric", "manhattan",
           "measures_locations", "octile", "octile_steps", "zero"]

SQRT2 = math.sqrt(2.0)
_ONE = 1.0  # the default D: parameters that are not these very objects get checked

#: Largest ``D`` / ``D2`` a heuristic accepts: larger ones overflow ``f = g + w * h``.
MAX_PARAMETER = 1e100


def check_parameter(name: str, value: Any) -> float:
    """``value`` as a float if it is a number in ``[0, MAX_PARAMETER]``, else raise.

    Examples
    --------
    >>> check_parameter("D", 10)
    10.0
    >>> check_parameter("D", float("nan"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    wayfinding.errors.InvalidParameterError: ... D must be a number in [0, 1e+100], got nan
    """
    if (isinstance(value, bool) or not isinstance(value, numbers.Real)
            or not 0.0 <= value <= MAX_PARAMETER):
        raise InvalidParameterError(
            f"heuristic parameter {name} must be a number in [0, {MAX_PARAMETER:g}], "
            f"got {value!r}")
    return float(value)


def octile_steps(D: float, D2: float) -> tuple[float, float]:
    """The step lengths ``(d, d2)`` the octile formula uses for moves costing ``D``/``D2``.

    ``d = min(D, D2)`` and ``d2 = min(D2, 2 * D)``: a diagonal dearer than two straight
    steps is priced as two straight steps, and a straight step dearer than a diagonal as
    one diagonal. With them ``octile`` is admissible and consistent for *every* pair
    ``D, D2 > 0`` (see :func:`octile`).

    Examples
    --------
    >>> octile_steps(1.0, 1.5), octile_steps(1.0, 3.0), octile_steps(3.0, 1.0)
    ((1.0, 1.5), (1.0, 2.0), (1.0, 1.0))
    """
    return min(D, D2), min(D2, 2.0 * D)


def manhattan(a: Sequence[float], b: Sequence[float], D: float = _ONE) -> float:
    """Manhattan distance ``D * (dx + dy)``: admissible on 4-way grids."""
    if D is not _ONE:
        check_parameter("D", D)
    return float(D * (abs(a[0] - b[0]) + abs(a[1] - b[1])))


def chebyshev(a: Sequence[float], b: Sequence[float], D: float = _ONE) -> float:
    """Diagonal distance ``D * max(dx, dy)``: 8-way grids where a diagonal step costs ``D``."""
    if D is not _ONE:
        check_parameter("D", D)
    return float(D * max(abs(a[0] - b[0]), abs(a[1] - b[1])))


def octile(
    a: Sequence[float], b: Sequence[float], D: float = _ONE, D2: float = SQRT2
) -> float:
    """Octile distance ``d * (dx + dy) + (d2 - 2 * d) * min(dx, dy)``: 8-way grids.

    ``(d, d2) = octile_steps(D, D2) = (min(D, D2), min(D2, 2 * D))``. This is the exact
    cost of the cheapest obstacle-free path when ``D <= D2 <= 2 * D``; otherwise a lower
    bound on it: with ``D2 > 2 * D`` it equals Manhattan ``D * (dx + dy)`` (a diagonal is
    never worth taking), with ``D2 < D`` it equals ``D2 * max(dx, dy)`` (the plain octile
    formula with ``D`` would overestimate there: on an open 7x3 grid with ``D=3, D2=1``, a
    goal 6 cells to the right costs 6 by zig-zagging diagonals, not ``D * 6 = 18``).

    Proof that it is admissible and consistent for every ``D, D2 > 0``. Write
    ``M = max(dx, dy)`` and ``m = min(dx, dy)``; then ``h = d * M + (d2 - d) * m
    = (2 d - d2) * M + (d2 - d) * (M + m)``, where ``0 <= d2 - d`` and ``0 <= 2 d - d2``
    (check both cases of ``D <= D2``). So ``h`` is a non-negative combination of the
    Chebyshev and the Manhattan norm of ``(dx, dy)``: a norm, and obeys the triangle
    inequality. For one step it gives ``d <= D`` (straight) and ``d2 <= D2`` (diagonal):
    no more than the step costs. Hence ``h(a) <= step(a, b) + h(b)`` for every step
    (consistent), and summing along any path, ``h`` never exceeds a path's cost
    (admissible). On a grid whose cells cost ``c >= c_min`` to enter, ``c_min * h`` is
    admissible and consistent the same way (``Grid.heuristic`` is exactly that).

    Examples
    --------
    >>> octile((0, 0), (6, 0), D=3, D2=1)
    6.0
    >>> octile((0, 0), (2, 2), D=1, D2=5)
    4.0
    """
    if D is not _ONE or D2 is not SQRT2:
        check_parameter("D", D)
        check_parameter("D2", D2)
    dx = abs(a[0] - b[0])
    dy = abs(a[1] - b[1])
    d, d2 = min(D, D2), min(D2, 2.0 * D)
    return float(d * (dx + dy) + (d2 - 2.0 * d) * min(dx, dy))


def euclidean(a: Sequence[float], b: Sequence[float], D: float = _ONE) -> float:
    """Straight-line distance ``D * sqrt(dx**2 + dy**2)``: any-angle movement."""
    if D is not _ONE:
        check_parameter("D", D)
    return float(D * math.hypot(a[0] - b[0], a[1] - b[1]))


def zero(a: object, b: object) -> float:
    """No estimate at all: A* with it is Dijkstra's algorithm."""
    return 0.0


class Heuristic(enum.Enum):
    """The built-in heuristics by name: ``heuristic=wf.Heuristic.OCTILE``.

    A member is callable like its function (``Heuristic.OCTILE(a, b, D=10, D2=14)``) and
    stands for it with its default parameters; bind others with
    ``functools.partial(Heuristic.OCTILE, D=10, D2=14)`` (the compiled grid searches
    understand both). Members measure the distance between two ``(x, y)`` locations, so
    they cannot aim at a goal given as a predicate (that raises; use no heuristic).

    Examples
    --------
    >>> import wayfinding as wf
    >>> grid = wf.Grid.from_ascii('''
    ... ....
    ... ....
    ... ''')
    >>> wf.astar(grid, (0, 0), (3, 1), heuristic=wf.Heuristic.MANHATTAN).cost
    4.0
    >>> [m.name for m in Heuristic]
    ['ZERO', 'MANHATTAN', 'CHEBYSHEV', 'OCTILE', 'EUCLIDEAN']
    """

    ZERO = "zero"
    MANHATTAN = "manhattan"
    CHEBYSHEV = "chebyshev"
    OCTILE = "octile"
    EUCLIDEAN = "euclidean"

    @property
    def function(self) -> Callable[..., float]:
        """The function of :mod:`wayfinding.heuristics` this member names."""
        return _FUNCTIONS[self.value]

    def __call__(self, a: Any, b: Any, **parameters: float) -> float:
        return _FUNCTIONS[self.value](a, b, **parameters)


_FUNCTIONS: dict[str, Callable[..., float]] = {
    "zero": zero, "manhattan": manhattan, "chebyshev": chebyshev, "octile": octile,
    "euclidean": euclidean,
}
_METRICS = frozenset(_FUNCTIONS.values()) - {zero}


def check_heuristic(heuristic: Any) -> Any:
    """``heuristic`` if it is None, a :class:`Heuristic` member or a callable; else raise.

    Examples
    --------
    >>> check_heuristic(Heuristic.ZERO) is Heuristic.ZERO
    True
    >>> check_heuristic("manhattan")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    wayfinding.errors.InvalidParameterError: ... (did you mean Heuristic.MANHATTAN?)
    """
    if heuristic is None or callable(heuristic):
        return heuristic
    choices = ", ".join(f"Heuristic.{m.name}" for m in Heuristic)
    hint = ""
    if isinstance(heuristic, str) and heuristic.upper() in Heuristic.__members__:
        hint = f" (did you mean Heuristic.{heuristic.upper()}?)"
    raise InvalidParameterError(
        f"heuristic must be a Heuristic member ({choices}) or a callable "
        f"h(location, goal), got {heuristic!r}{hint}")


def measures_locations(heuristic: Any) -> bool:
    """True for the built-in heuristics (members, functions, partials of them and
    ``Grid.heuristic``) but ``zero``: they need a goal *location*, so a predicate goal
    cannot use them.
    """
    function = heuristic
    while isinstance(function, functools.partial):
        function = function.func
    if isinstance(function, Heuristic):
        return function is not Heuristic.ZERO
    function = getattr(function, "__func__", function)
    try:
        return function in _METRICS or bool(getattr(function, "_measures_locations", False))
    except TypeError:  # an unhashable callable
        return False


def location_metric(function: Callable[..., float]) -> Callable[..., float]:
    """Mark ``function`` as a heuristic between two locations (see :func:`measures_locations`)."""
    function._measures_locations = True  # type: ignore[attr-defined]
    return function
