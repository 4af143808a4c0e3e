"""jps and prepare() on MovingAI benchmark scenarios: every path valid and optimal.

The three small dao maps vendored in ``tests/data`` are run in full; a few scenarios of
every set in ``../shared/movingai`` (beside the repository) run when it is present. The
whole benchmark set is checked by hand with ``benchmarks/fast_algorithms.py``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from wayfinding.bench.validate import check_path
from wayfinding.grid.jps import jps
from wayfinding.grid.prepared import prepare
from wayfinding.io.movingai import read_map, read_scenarios

ROOT = Path(__file__).resolve().parents[2]
VENDORED = ROOT / "tests" / "data"
SHARED = ROOT / ".." / "shared" / "movingai"
SHARED_SAMPLE = ["dao/arena2", "dao/brc202d", "mazes/maze512-32-0", "random/random512-10-0",
                 "rooms/16room_000"]
PER_MAP = 12


@cache
def _prepared(map_path: Path):
    grid = read_map(map_path)
    return grid, prepare(grid)


def _scenarios(data: Path, name: str, limit: int | None):
    scenarios = [s for s in read_scenarios(data / "scenarios" / f"{name}.map.scen")
                 if s.optimal_length > 0]
    if limit is not None:
        scenarios = scenarios[:: max(1, len(scenarios) // limit)][:limit]
    return [(data / "maps" / f"{name}.map", s) for s in scenarios]


def _check(map_path: Path, scenario, algorithm: str) -> None:
    grid, prepared = _prepared(map_path)
    result = (jps(grid, scenario.start, scenario.goal) if algorithm == "jps"
              else prepared.search(scenario.start, scenario.goal))
    verdict = check_path(grid.passable_mask, scenario.start, scenario.goal, result.path)
    assert verdict.valid, verdict.problem
    assert abs(verdict.cost - result.cost) <= 1e-9 * max(1.0, result.cost)
    # the printed optimum is rounded or cut off after its last digit
    assert abs(result.cost - scenario.optimal_length) <= 10.0 ** -scenario.decimals + 1e-9, (
        f"{map_path.name} {scenario.start}->{scenario.goal}: cost {result.cost!r}, "
        f"optimum {scenario.optimal_length}")
    assert prepared.fallbacks == 0


VENDORED_CASES = [
    case for name in ("dao/den009d", "dao/den404d", "dao/lak307d")
    for case in _scenarios(VENDORED, name, None)
]


@pytest.mark.parametrize("algorithm", ["jps", "prepared"])
def test_vendored_maps_every_scenario(algorithm):
    for map_path, scenario in VENDORED_CASES:
        _check(map_path, scenario, algorithm)


@pytest.mark.skipif(not SHARED.is_dir(),
                    reason=f"MovingAI benchmark data not found at {SHARED} (../shared beside "
                           "the repository)")
@pytest.mark.parametrize("name", SHARED_SAMPLE)
@pytest.mark.parametrize("algorithm", ["jps", "prepared"])
def test_shared_benchmark_sample(name, algorithm):
    for map_path, scenario in _scenarios(SHARED, name, PER_MAP):
        _check(map_path, scenario, algorithm)
