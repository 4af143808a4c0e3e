"""MovingAI scenarios (``.scen``): reading, writing, and comparing costs to their optima.

A scenario file is an optional ``version 1`` line, then one query per line: bucket, map,
map width, map height, start x, start y, goal x, goal y, optimal length (8-way moves,
sqrt 2 diagonals, no corner cutting). Columns are separated by tabs or spaces;
``version 1.0`` and files without a version line are read too.

Optimal lengths are printed rounded, to as many digits as the file's writer chose: files
in the wild print 2 to 8 decimals, others ``%g``-style 6 significant digits with trailing
zeros trimmed ("3.82843", "234.567", "1"). A cost is compared to the printed optimum
within half a unit of the last digit the *file* prints for a value of that size (see
:func:`effective_decimals`; the result is stored in :attr:`Scenario.decimals`), plus a
small relative allowance for the generator's own float arithmetic
(:data:`~wayfinding.io.precision.GENERATOR_SLACK`).

An optimal length of 0 with a start different from the goal is the convention some
files use for "the goal cannot be reached" (:attr:`Scenario.unreachable`).

Examples
--------
>>> scenarios = parse_scenarios('''version 1
... 0\\tmaps/a.map\\t10\\t10\\t1\\t1\\t3\\t2\\t2.41421
... 0\\tmaps/a.map\\t10\\t10\\t1\\t1\\t4\\t1\\t3
... ''')
>>> scenarios[1].optimal_length, scenarios[1].decimals
(3.0, 5)
>>> matches_optimal(3.0, scenarios[1]), matches_optimal(2 + 2 ** 0.5, scenarios[1])
(True, False)
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .._archive import read_bytes
from ..errors import MapFormatError
from .precision import (
    DEFAULT_SIGNIFICANT,
    GENERATOR_SLACK,
    effective_decimals,
    printed_precision,
)

__all__ = [
    "Scenario",
    "format_scenarios",
    "matches_optimal",
    "parse_scenarios",
    "read_scenarios",
    "read_text",
    "scenario_lines",
    "write_scenarios",
]

Location = tuple[int, int]
PathLike = str | os.PathLike[str]

_COLUMNS = (
    "bucket, map, width, height, start x, start y, goal x, goal y, optimal length"
)
@dataclass(frozen=True)
class Scenario:
    """One benchmark query.

    Attributes
    ----------
    bucket : int
        The scenario's bucket (queries of similar optimal length share one).
    map : str
        The map path as written in the file (usually relative, e.g. ``maps/dao/x.map``).
    width, height : int
        Size of the map.
    start, goal : tuple of int
        ``(x, y)`` of the query's ends.
    optimal_length : float
        The optimal cost as printed (rounded).
    decimals : int
        How many decimals ``optimal_length`` is exact to (the comparison precision).
        When not given it is derived from the value as a ``%g`` writer would print it:
        its own decimals, and at least 6 significant digits.

    Examples
    --------
    >>> s = Scenario(0, "maps/a.map", 10, 10, (1, 1), (3, 2), 2.41421)
    >>> s.decimals, s.tolerance < 1e-5
    (5, True)
    """

    bucket: int
    map: str
    width: int
    height: int
    start: Location
    goal: Location
    optimal_length: float
    decimals: int | None = None

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "start", (int(self.start[0]), int(self.start[1])))
        set_(self, "goal", (int(self.goal[0]), int(self.goal[1])))
        set_(self, "optimal_length", float(self.optimal_length))
        if self.decimals is None:
            text = _trimmed(repr(abs(self.optimal_length)))
            own, significant = printed_precision(text)
            set_(
                self,
                "decimals",
                effective_decimals(
                    text,
                    max(own, DEFAULT_SIGNIFICANT - 1),
                    max(significant, DEFAULT_SIGNIFICANT),
                ),
            )
        elif (
            isinstance(self.decimals, bool)
            or not isinstance(self.decimals, int)
            or self.decimals < 0
        ):
            raise ValueError(f"decimals must be an int >= 0, got {self.decimals!r}")

    @property
    def unreachable(self) -> bool:
        """True when the file marks the goal as unreachable: optimum 0, start != goal."""
        return self.optimal_length == 0.0 and self.start != self.goal

    @property
    def tolerance(self) -> float:
        """Largest accepted difference between a cost and :attr:`optimal_length`.

        Half a unit of the last exact decimal, plus :data:`GENERATOR_SLACK` ``* max(1,
        optimal_length)`` for the arithmetic of the program that wrote the file.
        """
        return (
            0.5 * 10.0 ** -self.decimals
            + GENERATOR_SLACK * max(1.0, abs(self.optimal_length))
        )


def matches_optimal(cost: float, scenario: Scenario) -> bool:
    """True when ``cost`` equals the scenario's printed optimum to the file's precision.

    Examples
    --------
    >>> s = parse_scenarios("0 a.map 9 9 0 0 2 1 2.41421356")[0]
    >>> matches_optimal(1 + 2 ** 0.5, s), matches_optimal(2.4142, s)
    (True, False)
    """
    return abs(float(cost) - scenario.optimal_length) <= scenario.tolerance


# ---------------------------------------------------------------------- reading


def read_scenarios(path: PathLike) -> list[Scenario]:
    """Read a MovingAI ``.scen`` file.

    Raises
    ------
    MapFormatError
        When the file is malformed; the message names the file and the line.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = pathlib.Path(d, "a.scen")
    ...     _ = p.write_text("version 1.0\\n3 m.map 4 4 0 0 3 3 4.24\\n")
    ...     read_scenarios(p)[0].goal
    (3, 3)
    """
    return [s for _, s in scenario_lines(read_text(path), source=os.fspath(path))]


def parse_scenarios(text: str, source: str = "<text>") -> list[Scenario]:
    """Parse the text of a scenario file; ``source`` names it in error messages.

    Examples
    --------
    >>> parse_scenarios("version 2\\n", source="x.scen")
    Traceback (most recent call last):
    ...
    wayfinding.errors.MapFormatError: x.scen, line 1: unsupported scenario version '2'; \
expected 'version 1'
    """
    return [s for _, s in scenario_lines(text, source)]


def scenario_lines(text: str, source: str = "<text>") -> list[tuple[int, Scenario]]:
    """Like :func:`parse_scenarios`, each scenario with its 1-based line number.

    Examples
    --------
    >>> scenario_lines("\\n0 m.map 2 2 0 0 1 1 1.41421")[0][0]
    2
    """
    if not isinstance(text, str):
        raise MapFormatError(f"expected the scenarios as a str, got {type(text).__name__}",
                             source=source)
    rows: list[tuple[int, list[str]]] = []
    first = True
    for index, line in enumerate(text.split("\n")):
        lineno, fields = index + 1, line.split()
        if not fields:
            continue
        if first and fields[0].lower() == "version":
            _check_version(fields, source, lineno)
            first = False
            continue
        first = False
        if len(fields) != 9:
            raise MapFormatError(
                f"expected 9 columns ({_COLUMNS}), got {len(fields)}: {_excerpt(line.strip())}",
                source=source,
                line=lineno,
            )
        rows.append((lineno, fields))
    optima = [_optimum(fields[8], source, lineno) for lineno, fields in rows]
    printed = [printed_precision(fields[8]) for _, fields in rows]
    file_decimals = max((d for d, _ in printed), default=0)
    file_significant = max((s for _, s in printed), default=0)
    result = []
    for (lineno, fields), optimum in zip(rows, optima, strict=True):
        bucket, width, height, sx, sy, gx, gy = (
            _integer(fields[i], name, source, lineno)
            for i, name in (
                (0, "bucket"), (2, "width"), (3, "height"), (4, "start x"), (5, "start y"),
                (6, "goal x"), (7, "goal y"),
            )
        )
        if width <= 0 or height <= 0:
            raise MapFormatError(
                f"map size must be positive, got width {width} and height {height}",
                source=source,
                line=lineno,
            )
        for role, (x, y) in (("start", (sx, sy)), ("goal", (gx, gy))):
            if not (0 <= x < width and 0 <= y < height):
                raise MapFormatError(
                    f"{role} ({x}, {y}) is outside the {width}x{height} map",
                    source=source,
                    line=lineno,
                )
        decimals = effective_decimals(fields[8], file_decimals, file_significant)
        scenario = Scenario(
            bucket, fields[1], width, height, (sx, sy), (gx, gy), optimum, decimals
        )
        result.append((lineno, scenario))
    return result


def _check_version(fields: list[str], source: str, lineno: int) -> None:
    value = fields[1] if len(fields) == 2 else " ".join(fields[1:])
    try:
        ok = len(fields) == 2 and float(value) == 1.0
    except ValueError:
        ok = False
    if not ok:
        raise MapFormatError(
            f"unsupported scenario version {value!r}; expected 'version 1'",
            source=source,
            line=lineno,
        )


#: Most digits an integer column may have (int64 fits; Python's int() refuses thousands).
_MAX_DIGITS = 18


def _integer(text: str, name: str, source: str, lineno: int) -> int:
    if not re.fullmatch(r"[+-]?\d+", text):
        raise MapFormatError(f"{name} must be an integer, got {_excerpt(text, 40)}",
                             source=source, line=lineno)
    if len(text.lstrip("+-")) > _MAX_DIGITS:
        raise MapFormatError(f"{name} must be an integer of at most {_MAX_DIGITS} digits, "
                             f"got {_excerpt(text, 40)}", source=source, line=lineno)
    value = int(text)
    if value < 0:
        raise MapFormatError(f"{name} must be >= 0, got {value}", source=source, line=lineno)
    return value


def _optimum(text: str, source: str, lineno: int) -> float:
    try:
        printed_precision(text)
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0:
        raise MapFormatError(
            f"optimal length must be a finite number >= 0, got {_excerpt(text, 40)}",
            source=source,
            line=lineno,
        )
    return value


# ---------------------------------------------------------------------- writing


def format_scenarios(scenarios: Iterable[Scenario]) -> str:
    """The text of a ``version 1`` scenario file, tab-separated.

    Each optimum is printed with its :attr:`Scenario.decimals`, so reading the text back
    gives equal scenarios when they all come from one file (a mix of precisions can only
    come back stricter).

    Examples
    --------
    >>> s = Scenario(2, "maps/a.map", 8, 8, (0, 0), (2, 1), 2.41421, 5)
    >>> format_scenarios([s]).splitlines()
    ['version 1', '2\\tmaps/a.map\\t8\\t8\\t0\\t0\\t2\\t1\\t2.41421']
    """
    lines = ["version 1"]
    for s in scenarios:
        if not s.map or any(ch.isspace() for ch in s.map):
            raise MapFormatError(
                f"map path {s.map!r} is empty or contains whitespace; "
                "scenario columns are whitespace-separated"
            )
        values: Sequence[object] = (
            s.bucket, s.map, s.width, s.height, *s.start, *s.goal,
            f"{s.optimal_length:.{s.decimals}f}",
        )
        lines.append("\t".join(str(v) for v in values))
    return "\n".join(lines) + "\n"


def write_scenarios(scenarios: Iterable[Scenario], path: PathLike) -> None:
    """Write scenarios as a ``.scen`` file (see :func:`format_scenarios`).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> s = [Scenario(0, "m.map", 4, 4, (0, 0), (3, 3), 4.24264)]
    >>> with tempfile.TemporaryDirectory() as d:
    ...     write_scenarios(s, pathlib.Path(d, "m.map.scen"))
    ...     read_scenarios(pathlib.Path(d, "m.map.scen")) == s
    True
    """
    text = format_scenarios(scenarios)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def read_text(path: PathLike) -> str:
    """Read a benchmark file as text (UTF-8, byte-order mark dropped, bad bytes kept visible).

    A file holding a NUL byte is no text (MapFormatError), and one that is not a regular
    file is read up to :data:`~wayfinding._archive.STREAM_LIMIT` bytes
    (:func:`~wayfinding._archive.read_bytes`): ``/dev/zero`` is refused at once.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = pathlib.Path(d, "a.txt")
    ...     _ = p.write_bytes(b"\\xef\\xbb\\xbfab\\r\\n")
    ...     read_text(p)
    'ab\\r\\n'
    """
    data = read_bytes(path, lambda message: MapFormatError(message, source=os.fspath(path)))
    return data.decode("utf-8-sig", errors="replace")


def _excerpt(text: str, limit: int = 60) -> str:
    """``repr`` of at most ``limit`` characters of ``text`` (escaped, so no control codes)."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


def _trimmed(text: str) -> str:
    """``repr`` of a float without a meaningless ``.0`` or trailing zeros."""
    if "e" in text or "E" in text or "." not in text:
        return text
    return text.rstrip("0").rstrip(".")
