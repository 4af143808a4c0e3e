"""The MovingAI 3-D voxel benchmark: ``.3dmap`` maps and ``.3dscen`` scenarios.

D. Brewer and N. R. Sturtevant, *Benchmarks for Pathfinding in 3D Voxel Space*, SoCS 2018
(voxel maps of the game Warframe).

- A map (``NAME.3dmap``) is a line ``voxel X Y Z`` (the sizes along x, y and z), then one
  line ``x y z`` per *blocked* voxel; every other voxel is open.
- A scenario file (``NAME.3dmap.3dscen``) is ``version 1``, the map's file name, then one
  query a line: ``sx sy sz gx gy gz optimal_length ratio`` (the ratio is the optimal
  length over the straight-line distance).

The benchmark's moves are the 26 neighbours with steps of length 1, sqrt 2 and sqrt 3,
and a diagonal step needs every other voxel of its box open: the default of
:class:`~wayfinding.grid.voxel.VoxelGrid`, which reproduces every optimum of the files.
Optima are compared to the file's printed precision, as for 2-D scenarios
(:func:`wayfinding.io.scenario.matches_optimal`).

Examples
--------
>>> grid = parse_3dmap("voxel 3 2 2\\n1 0 0\\n1 1 0\\n")
>>> grid.shape, grid.passable((1, 0, 0)), grid.passable((1, 0, 1))
((2, 2, 3), False, True)
>>> name, queries = parse_3dscen("version 1\\nm.3dmap\\n0 0 0 2 0 1 2.41421356 1.08\\n")
>>> name, queries[0].start, queries[0].goal, queries[0].decimals
('m.3dmap', (0, 0, 0), (2, 0, 1), 8)
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass

import numpy as np

from ..errors import MapFormatError
from ..grid.voxel import VoxelGrid
from .precision import GENERATOR_SLACK, effective_decimals, printed_precision
from .scenario import read_text

__all__ = ["VoxelScenario", "parse_3dmap", "parse_3dscen", "read_3dmap", "read_3dscen",
           "voxel_scenario_lines"]

Voxel = tuple[int, int, int]
PathLike = str | os.PathLike[str]

#: Largest map a file may describe (voxels): a header asking for more is refused before
#: anything is allocated (the largest Warframe map has about 10^8).
MAX_VOXELS = 2_000_000_000
_INT = re.compile(r"[+-]?\d+")


def read_3dmap(path: PathLike, **options: object) -> VoxelGrid:
    """Read a ``.3dmap`` file as a :class:`VoxelGrid` (``options`` go to it).

    Raises
    ------
    MapFormatError
        When the file is malformed; the message names the file and the line.
    """
    return parse_3dmap(read_text(path), os.fspath(path), **options)


def parse_3dmap(text: str, source: str = "<text>", **options: object) -> VoxelGrid:
    """Parse the text of a ``.3dmap`` file; ``source`` names it in error messages."""
    if not isinstance(text, str):
        raise MapFormatError(f"expected the map as a str, got {type(text).__name__}",
                             source=source)
    lines = text.split("\n")
    start = 0
    while start < len(lines) and not lines[start].strip():
        start += 1
    if start == len(lines):
        raise MapFormatError("the map is empty", source=source)
    header = lines[start].split()
    if len(header) != 4 or header[0].lower() != "voxel" or not all(
            _INT.fullmatch(v) for v in header[1:]):
        raise MapFormatError(f"expected the header 'voxel X Y Z', got {_excerpt(lines[start])}",
                             source=source, line=start + 1)
    size = tuple(int(v) for v in header[1:])
    if min(size) <= 0 or math.prod(size) > MAX_VOXELS:
        raise MapFormatError(
            f"map size must be positive and at most {MAX_VOXELS} voxels, got {size}",
            source=source, line=start + 1)
    body = lines[start + 1:]
    tokens = " ".join(body).split()
    points = None
    if len(tokens) % 3 == 0:
        try:
            points = np.array(tokens, dtype=np.int64).reshape(-1, 3)
        except (ValueError, OverflowError):
            points = None
    if points is None or points.shape[0] != sum(1 for line in body if line.strip()):
        _raise_bad_line(body, start + 2, source)
    assert points is not None
    outside = ((points < 0) | (points >= np.array(size))).any(axis=1)
    if outside.any():
        first = int(np.flatnonzero(outside)[0])
        lineno = start + 2 + [i for i, line in enumerate(body) if line.strip()][first]
        raise MapFormatError(
            f"blocked voxel {tuple(points[first].tolist())} is outside the "
            f"{size[0]}x{size[1]}x{size[2]} map", source=source, line=lineno)
    return VoxelGrid.from_blocked(size, points, **options)  # type: ignore[arg-type]


def _raise_bad_line(body: list[str], first_lineno: int, source: str) -> None:
    for i, line in enumerate(body):
        fields = line.split()
        if fields and (len(fields) != 3 or not all(_INT.fullmatch(v) for v in fields)):
            raise MapFormatError(
                f"expected a blocked voxel 'x y z' (three integers), got {_excerpt(line)}",
                source=source, line=first_lineno + i)
    raise MapFormatError("malformed list of blocked voxels", source=source)


@dataclass(frozen=True)
class VoxelScenario:
    """One query of a ``.3dscen`` file.

    Attributes
    ----------
    map : str
        The map's file name as the scenario file gives it.
    start, goal : tuple of int
        ``(x, y, z)`` of the query's ends.
    optimal_length : float
        The optimal cost as printed (rounded).
    ratio : float
        The file's ratio of the optimal length to the straight-line distance.
    decimals : int
        How many decimals ``optimal_length`` is exact to (the comparison precision).
    """

    map: str
    start: Voxel
    goal: Voxel
    optimal_length: float
    ratio: float
    decimals: int

    @property
    def unreachable(self) -> bool:
        """True when the file marks the goal as unreachable: optimum 0, start != goal."""
        return self.optimal_length == 0.0 and self.start != self.goal

    @property
    def bucket(self) -> int:
        """0: the 3-D files have no buckets (``wayfinding bench --sample`` spreads its
        picks over the whole file)."""
        return 0

    @property
    def tolerance(self) -> float:
        """Largest accepted difference between a cost and :attr:`optimal_length` (as
        :attr:`wayfinding.io.scenario.Scenario.tolerance`)."""
        return 0.5 * 10.0 ** -self.decimals + GENERATOR_SLACK * max(1.0, self.optimal_length)


def read_3dscen(path: PathLike) -> tuple[str, list[VoxelScenario]]:
    """Read a ``.3dscen`` file: ``(map name, queries)``.

    Raises
    ------
    MapFormatError
        When the file is malformed; the message names the file and the line.
    """
    name, rows = voxel_scenario_lines(read_text(path), os.fspath(path))
    return name, [s for _, s in rows]


def parse_3dscen(text: str, source: str = "<text>") -> tuple[str, list[VoxelScenario]]:
    """Parse the text of a ``.3dscen`` file: ``(map name, queries)``."""
    name, rows = voxel_scenario_lines(text, source)
    return name, [s for _, s in rows]


def voxel_scenario_lines(text: str, source: str = "<text>"
                         ) -> tuple[str, list[tuple[int, VoxelScenario]]]:
    """Like :func:`parse_3dscen`, each query with its 1-based line number."""
    if not isinstance(text, str):
        raise MapFormatError(f"expected the scenarios as a str, got {type(text).__name__}",
                             source=source)
    numbered = [(i + 1, line.split()) for i, line in enumerate(text.split("\n"))]
    numbered = [(n, f) for n, f in numbered if f]
    if len(numbered) < 2:
        raise MapFormatError("expected 'version 1', the map's name, then queries",
                             source=source)
    (vline, version), (_, name) = numbered[0], numbered[1]
    if len(version) != 2 or version[0].lower() != "version" or not _is_one(version[1]):
        raise MapFormatError(f"unsupported scenario version {' '.join(version)!r}; expected "
                             "'version 1'", source=source, line=vline)
    if len(name) != 1:
        raise MapFormatError(f"expected the map's file name, got {' '.join(name)!r}",
                             source=source, line=numbered[1][0])
    rows = numbered[2:]
    for lineno, fields in rows:
        if len(fields) != 8 or not all(_INT.fullmatch(v) for v in fields[:6]):
            raise MapFormatError(
                "expected 'sx sy sz gx gy gz optimal_length ratio', got "
                f"{_excerpt(' '.join(fields))}", source=source, line=lineno)
        for text_value in fields[6:]:
            try:
                value = float(text_value)
                printed_precision(text_value)
            except ValueError:
                value = math.nan
            if not math.isfinite(value) or value < 0:
                raise MapFormatError(
                    f"optimal length and ratio must be finite numbers >= 0, got "
                    f"{text_value!r}", source=source, line=lineno)
        if any(int(v) < 0 for v in fields[:6]):
            raise MapFormatError(f"coordinates must be >= 0, got {' '.join(fields[:6])}",
                                 source=source, line=lineno)
    printed = [printed_precision(fields[6]) for _, fields in rows]
    file_decimals = max((d for d, _ in printed), default=0)
    file_significant = max((s for _, s in printed), default=0)
    result = []
    for lineno, fields in rows:
        c = [int(v) for v in fields[:6]]
        result.append((lineno, VoxelScenario(
            name[0], (c[0], c[1], c[2]), (c[3], c[4], c[5]), float(fields[6]),
            float(fields[7]), effective_decimals(fields[6], file_decimals, file_significant))))
    return name[0], result


def _is_one(text: str) -> bool:
    try:
        return float(text) == 1.0
    except ValueError:
        return False


def _excerpt(text: str, limit: int = 60) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "...")
