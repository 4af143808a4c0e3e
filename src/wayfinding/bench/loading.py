"""Finding scenario files and their maps, and sampling queries, for ``wayfinding bench``.

Examples
--------
>>> from wayfinding.io.movingai import Scenario
>>> queries = [Query(Scenario(b, "m.map", 9, 9, (0, 0), (1, 1), 1.41421), "s", b)
...            for b in (0, 0, 1, 1, 2, 2)]
>>> [q.scenario.bucket for q in sample_queries(queries, 3)]
[0, 1, 2]
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import WayfindingError
from ..io.movingai import Scenario, read_text
from ..io.scenario import scenario_lines
from ..io.voxelmap import VoxelScenario, voxel_scenario_lines

__all__ = [
    "BenchInputError",
    "MapJob",
    "MapResolver",
    "Query",
    "find_scenario_files",
    "load_jobs",
    "sample_queries",
]


class BenchInputError(WayfindingError, ValueError):
    """Scenario files or maps that cannot be found or do not fit together."""


@dataclass(frozen=True)
class Query:
    """One scenario (a 2-D one, or a :class:`VoxelScenario`) and where it was read from."""

    scenario: Scenario | VoxelScenario
    source: str
    line: int

    @property
    def where(self) -> str:
        """``file:line`` of the scenario."""
        return f"{self.source}:{self.line}"


@dataclass
class MapJob:
    """One map and every query run on it."""

    #: The map path as written in the first scenario naming it.
    label: str
    #: The map file found.
    path: Path
    queries: list[Query] = field(default_factory=list)
    #: True for a 3-D voxel map (``.3dmap``, queries from a ``.3dscen`` file).
    voxels: bool = False


def find_scenario_files(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """The ``.scen`` and ``.3dscen`` files named, with directories searched recursively
    (sorted).

    Raises
    ------
    BenchInputError
        When a path does not exist or no scenario file is found at all.
    """
    found: dict[Path, Path] = {}  # resolved -> as given, so a file named twice runs once
    for given in paths:
        path = Path(given)
        if path.is_dir():
            files = sorted(p for p in _walk(path)[0] if p.name.endswith((".scen", ".3dscen")))
            if not files:
                raise BenchInputError(
                    f"no *.scen or *.3dscen files under the folder {str(path)!r}")
        elif path.is_file():
            files = [path]
        else:
            raise BenchInputError(f"scenario file or folder {str(path)!r} does not exist")
        for file in files:
            found.setdefault(file.resolve(), file)
    if not found:
        raise BenchInputError("no scenario files given")
    return list(found.values())


class MapResolver:
    """Finds the map file a scenario names, only inside the folders allowed to hold maps.

    Tried in order: the path as written (when absolute), relative to ``maps_dir``,
    relative to the scenario file's folder, then by file name anywhere under
    ``maps_dir`` (the candidate sharing the most trailing path parts wins; the folder is
    walked through symbolic links, each real folder once, so link loops end).

    A scenario file is untrusted input: a name with a hidden part (``.netrc``,
    ``sub/.env``) is refused at once, and a candidate is used only when its resolved path
    (symbolic links and ``..`` followed) lies inside a trusted folder: the resolved
    ``maps_dir``, the targets of the links to folders inside ``maps_dir`` (a maps folder
    assembled from links to map sets kept elsewhere), or the scenario file's own folder.
    An absolute or ``../`` path, or a link to a file, leading anywhere else is refused
    without opening the file.
    """

    def __init__(self, maps_dir: str | os.PathLike[str] | None) -> None:
        self.maps_dir = None if maps_dir is None else Path(maps_dir)
        if self.maps_dir is not None and not self.maps_dir.is_dir():
            raise BenchInputError(f"--maps folder {str(self.maps_dir)!r} does not exist")
        self._root = None if self.maps_dir is None else self.maps_dir.resolve()
        self._by_name: dict[str, list[Path]] | None = None
        self._roots: list[Path] = []
        self._memo: dict[tuple[str, Path], Path] = {}

    def allowed(self, candidate: Path, scenario_file: Path) -> bool:
        """True when ``candidate`` resolves inside a trusted folder (see the class)."""
        try:
            real = candidate.resolve()
        except (OSError, RuntimeError):  # a link loop
            return False
        roots = [scenario_file.parent.resolve()]
        if self._root is not None:
            self._index()
            roots.extend(self._roots)
        return any(real.is_relative_to(root) for root in roots)

    def resolve(self, map_text: str, scenario_file: Path) -> Path:
        """The map file for ``map_text`` as written in ``scenario_file``."""
        key = (map_text, scenario_file.parent)
        if key not in self._memo:
            self._memo[key] = self._find(map_text, scenario_file)
        return self._memo[key]

    def _find(self, map_text: str, scenario_file: Path) -> Path:
        written = Path(map_text.replace("\\", "/"))
        if any(part.startswith(".") and part not in (".", "..") for part in written.parts):
            raise BenchInputError(
                f"map {map_text!r} named in {str(scenario_file)!r} is refused: hidden files "
                "and folders are never read as maps")
        tried: list[Path] = []
        if written.is_absolute():
            tried.append(written)
        else:
            if self.maps_dir is not None:
                tried.append(self.maps_dir / written)
            tried.append(scenario_file.parent / written)
        outside = [c for c in tried if not self.allowed(c, scenario_file)]
        for candidate in tried:
            if candidate not in outside and candidate.is_file():
                return candidate
        if self.maps_dir is not None:
            matches = self._index().get(written.name, [])
            if matches:
                return self._best(written, matches, scenario_file)
        if outside and not any(c.is_file() for c in tried if c not in outside):
            folders = [str(self.maps_dir)] if self.maps_dir is not None else []
            folders.append(str(scenario_file.parent))
            raise BenchInputError(
                f"map {map_text!r} named in {str(scenario_file)!r} is refused: it leads "
                f"outside the folders maps are read from ({', '.join(map(repr, folders))}; "
                "give --maps DIR for another one)"
            )
        looked = ", ".join(repr(str(p)) for p in tried)
        by_name = (
            f", nor a file named {written.name!r} under {str(self.maps_dir)!r}"
            if self.maps_dir is not None
            else " (give --maps DIR to search for it by name)"
        )
        raise BenchInputError(
            f"map {map_text!r} named in {str(scenario_file)!r} not found: no file at {looked}"
            + by_name
        )

    def _index(self) -> dict[str, list[Path]]:
        if self._by_name is None:
            assert self.maps_dir is not None and self._root is not None
            self._by_name = {}
            files, self._roots = _walk(self.maps_dir)
            self._roots.insert(0, self._root)
            for path in sorted(files):
                if any(path.resolve().is_relative_to(root) for root in self._roots):
                    self._by_name.setdefault(path.name, []).append(path)
        return self._by_name

    @staticmethod
    def _best(written: Path, matches: list[Path], scenario_file: Path) -> Path:
        def shared_suffix(path: Path) -> int:
            n = 0
            for a, b in zip(reversed(path.parts), reversed(written.parts), strict=False):
                if a != b:
                    break
                n += 1
            return n

        scores = [shared_suffix(p) for p in matches]
        best = max(scores)
        winners = [p for p, s in zip(matches, scores, strict=True) if s == best]
        if len(winners) > 1:
            names = ", ".join(repr(str(p)) for p in winners)
            raise BenchInputError(
                f"map {str(written)!r} named in {str(scenario_file)!r} is ambiguous: "
                f"several files match by name ({names})"
            )
        return winners[0]


def _walk(top: Path) -> tuple[list[Path], list[Path]]:
    """Files under ``top`` and the resolved targets of the folder links followed.

    Links to folders are followed; each real folder is entered once (by device and
    inode), so link loops end. Files are listed as found (links to files included: the
    caller decides what to trust).
    """
    found: list[Path] = []
    targets: list[Path] = []
    seen: set[tuple[int, int]] = set()
    for folder, dirs, files in os.walk(top, followlinks=True):
        here = Path(folder)
        try:
            st = here.stat()
        except OSError:
            dirs[:] = []
            continue
        if (st.st_dev, st.st_ino) in seen:
            dirs[:] = []
            continue
        seen.add((st.st_dev, st.st_ino))
        if here != top and here.is_symlink():
            with contextlib.suppress(OSError, RuntimeError):
                targets.append(here.resolve())
        dirs.sort()
        for name in files:
            path = here / name
            with contextlib.suppress(OSError):
                if path.is_file():
                    found.append(path)
    return found, targets


def load_jobs(
    scenario_paths: Iterable[str | os.PathLike[str]],
    maps_dir: str | os.PathLike[str] | None,
    sample: int | None = None,
) -> list[MapJob]:
    """Read every scenario, group the queries by map file, and sample them.

    Maps are only located here, not read; the runner reads each one once.

    Raises
    ------
    BenchInputError
        When files or maps cannot be found.
    MapFormatError
        When a scenario file is malformed.
    """
    resolver = MapResolver(maps_dir)
    jobs: dict[Path, MapJob] = {}
    for scen_file in find_scenario_files(scenario_paths):
        source = str(scen_file)
        voxels = scen_file.name.endswith(".3dscen")
        lines: list[tuple[int, Any]]
        if voxels:
            _, lines = voxel_scenario_lines(read_text(scen_file), source=source)
        else:
            lines = scenario_lines(read_text(scen_file), source=source)  # type: ignore[assignment]
        for line, scenario in lines:
            map_path = resolver.resolve(scenario.map, scen_file)
            key = map_path.resolve()
            if key not in jobs:
                jobs[key] = MapJob(scenario.map, map_path, voxels=voxels)
            jobs[key].queries.append(Query(scenario, source, line))
    if not jobs:
        raise BenchInputError("the scenario files hold no scenarios")
    if sample is not None:
        for job in jobs.values():
            job.queries = sample_queries(job.queries, sample)
    return list(jobs.values())


def sample_queries(queries: Sequence[Query], n: int) -> list[Query]:
    """``n`` queries spread evenly over the buckets (all of them when there are fewer).

    Every bucket gets ``n // buckets`` queries (or all it has), the remainder goes to
    evenly spaced buckets; inside a bucket the picks are evenly spaced too. Deterministic.

    Examples
    --------
    >>> from wayfinding.io.movingai import Scenario
    >>> qs = [Query(Scenario(b, "m", 9, 9, (0, 0), (1, 1), 1.41421), "s", i)
    ...       for i, b in enumerate([0] * 10 + [1] * 10)]
    >>> [q.line for q in sample_queries(qs, 4)]
    [2, 7, 12, 17]
    """
    if n < 1:
        raise BenchInputError(f"--sample must be at least 1, got {n}")
    if n >= len(queries):
        return list(queries)
    buckets: dict[int, list[Query]] = {}
    for query in queries:
        buckets.setdefault(query.scenario.bucket, []).append(query)
    groups = [buckets[b] for b in sorted(buckets)]
    counts = _spread(n, [len(g) for g in groups])
    picked: list[Query] = []
    for group, k in zip(groups, counts, strict=True):
        picked.extend(group[int((i + 0.5) * len(group) / k)] for i in range(k))
    return picked


def _spread(n: int, sizes: list[int]) -> list[int]:
    """Split ``n < sum(sizes)`` picks over groups as evenly as their sizes allow."""
    counts = [0] * len(sizes)
    remaining = n
    while remaining:
        open_groups = [i for i, size in enumerate(sizes) if counts[i] < size]
        if remaining >= len(open_groups):
            for i in open_groups:
                counts[i] += 1
            remaining -= len(open_groups)
        else:
            for j in range(remaining):
                counts[open_groups[int((j + 0.5) * len(open_groups) / remaining)]] += 1
            remaining = 0
    return counts
