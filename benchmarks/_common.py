"""Shared helpers for the hand-run benchmark scripts (``peers.py``, ``cpp_reference.py``).

Not a test and not part of the package: it finds MovingAI maps, loads them with
``wayfinding.io.movingai``, judges returned paths with the independent checker of
``wayfinding bench`` (``wayfinding.bench.validate``), and prints tables.

The rules (MovingAI): 8-way movement, straight steps cost 1, diagonal steps cost sqrt 2,
and no corner cutting (a diagonal step needs both orthogonal cells passable).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

import wayfinding as wf
from wayfinding.bench.loading import Query, sample_queries
from wayfinding.bench.runner import MapChecker, Status
from wayfinding.bench.validate import check_path
from wayfinding.io.movingai import Scenario, matches_optimal, read_map, read_scenarios

SQRT2 = math.sqrt(2.0)
REPO = Path(__file__).resolve().parents[1]
#: Default location of the MovingAI data (CI keeps ../shared beside the clone).
DEFAULT_DATA = REPO / ".." / "shared" / "movingai"
#: The eight maps issue 3 measures peers on.
DEFAULT_MAPS = (
    "dao/arena2",
    "dao/brc202d",
    "dao/ost100d",
    "dao/orz700d",
    "mazes/maze512-1-0",
    "mazes/maze512-32-0",
    "random/random512-40-0",
    "rooms/8room_000",
)


# --------------------------------------------------------------------------- map files
def map_file(data_dir: Path, set_name: str, name: str) -> Path:
    return Path(data_dir) / "maps" / set_name / f"{name}.map"


def scen_file(data_dir: Path, set_name: str, name: str) -> Path:
    return Path(data_dir) / "scenarios" / set_name / f"{name}.map.scen"


def resolve_maps(data_dir: Path, set_name: str | None, names: str | None,
                 default: Sequence[str] = DEFAULT_MAPS) -> list[tuple[str, str]]:
    """Turn ``--set`` / ``--maps`` into ``[(set, name), ...]``.

    ``names`` is a comma-separated list of ``name`` or ``set/name``; a bare name is looked
    up in ``set_name`` or, without one, in every set. With only ``set_name``, every map of
    that set (sorted); with neither, ``default``.
    """
    data_dir = Path(data_dir)
    if not names:
        if set_name:
            found = sorted(p.stem for p in (data_dir / "maps" / set_name).glob("*.map"))
            if not found:
                raise SystemExit(f"no maps in {data_dir / 'maps' / set_name}")
            return [(set_name, n) for n in found]
        names = ",".join(default)
    result = []
    for item in (n.strip() for n in names.split(",")):
        if not item:
            continue
        if "/" in item:
            s, n = item.split("/", 1)
        else:
            sets = [set_name] if set_name else sorted(
                p.name for p in (data_dir / "maps").iterdir() if p.is_dir())
            hits = [s for s in sets if map_file(data_dir, s, item).exists()]
            if not hits:
                raise SystemExit(f"map {item!r} not found under {data_dir / 'maps'}")
            s, n = hits[0], item
        if not map_file(data_dir, s, n).exists():
            raise SystemExit(f"map file {map_file(data_dir, s, n)} does not exist")
        result.append((s, n))
    return result


# ------------------------------------------------------------------------- map cases
@dataclass
class MapCase:
    """One map with its (possibly sampled) scenarios, ready for every library."""

    set_name: str
    name: str
    grid: wf.Grid
    scenarios: list[Scenario]
    total_scenarios: int
    passable: np.ndarray = field(init=False)  # bool[H, W]
    starts: list[tuple[int, int]] = field(init=False)
    goals: list[tuple[int, int]] = field(init=False)
    label: str = field(init=False)
    checker: MapChecker = field(init=False)  # independent connectivity, for "no path"

    def __post_init__(self) -> None:
        self.passable = np.asarray(self.grid.passable_mask, dtype=bool)
        self.checker = MapChecker(self.passable)
        self.starts = [s.start for s in self.scenarios]
        self.goals = [s.goal for s in self.scenarios]
        self.label = f"{self.set_name}/{self.name}"

    def __len__(self) -> int:
        return len(self.scenarios)


def load_case(data_dir: Path, set_name: str, name: str, sample: int | None = None) -> MapCase:
    """Read a map and its scenarios; ``sample`` picks that many spread over the buckets
    (the same picks as ``wayfinding bench --sample``), None keeps them all in file order."""
    grid = read_map(map_file(data_dir, set_name, name))
    source = scen_file(data_dir, set_name, name)
    scenarios = read_scenarios(source)
    chosen = scenarios
    if sample is not None:
        queries = [Query(s, str(source), i) for i, s in enumerate(scenarios)]
        chosen = [q.scenario for q in sample_queries(queries, sample)]
    return MapCase(set_name, name, grid, chosen, len(scenarios))


def spread(count: int, sample: int | None) -> np.ndarray:
    """Indices of ``sample`` of ``count`` items, evenly spaced (all when None or more)."""
    if sample is None or sample >= count:
        return np.arange(count)
    return np.unique(((np.arange(sample) + 0.5) * count / sample).astype(np.int64))


# ------------------------------------------------------------------------- checking
def judge_path(case: MapCase, i: int, path: Any) -> Status:
    """Verdict on a returned path (None or empty = no path) for query ``i`` of ``case``,
    with the rules of ``wayfinding bench`` (``wayfinding.bench.runner.evaluate``).

    The path is checked by ``wayfinding.bench.validate.check_path``, which shares no code
    with any search, and its recomputed cost compared with the printed optimum by
    ``wayfinding.io.movingai.matches_optimal`` (the file's precision). "No path" is right
    for a scenario marking its goal unreachable (optimum 0) when an independent flood
    confirms it, and invalid when start and goal are connected.
    """
    scenario = case.scenarios[i]
    if path is None or len(path) == 0:
        if case.checker.connected(scenario.start, scenario.goal):
            return Status.INVALID
        return Status.OPTIMAL if scenario.unreachable else Status.NOT_OPTIMAL
    check = check_path(case.passable, scenario.start, scenario.goal, path)
    if not check.valid:
        return Status.INVALID
    if not scenario.unreachable and matches_optimal(check.cost, scenario):
        return Status.OPTIMAL
    return Status.NOT_OPTIMAL


# ------------------------------------------------------------------------- reporting
def median_mean_us(times_ns: Iterable[float]) -> tuple[float, float]:
    t = list(times_ns)
    if not t:
        return math.nan, math.nan
    return statistics.median(t) / 1e3, statistics.fmean(t) / 1e3


def fmt(value: Any, digits: int = 1) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        if math.isnan(value):
            return "-"
        return f"{value:,.{digits}f}"
    return str(value)


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]], right: Sequence[bool]) -> str:
    """A plain-text table: ``right[i]`` aligns column ``i`` to the right."""
    cells = [list(map(str, headers))] + [[str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]

    def line(r: Sequence[str]) -> str:
        return "  ".join(c.rjust(w) if a else c.ljust(w)
                         for c, w, a in zip(r, widths, right, strict=True)).rstrip()

    out = [line(cells[0]), "  ".join("-" * w for w in widths)]
    out += [line(r) for r in cells[1:]]
    return "\n".join(out)
