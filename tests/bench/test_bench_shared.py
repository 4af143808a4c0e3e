"""``wayfinding bench --sample`` on a few maps of the full MovingAI set in ../shared.

The full set (212,055 queries) is far too slow for the unit suite; run it by hand:
``wayfinding bench ../shared/movingai/scenarios --maps ../shared/movingai``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wayfinding.bench.cli import main

MOVINGAI = Path(__file__).resolve().parents[2] / ".." / "shared" / "movingai"

pytestmark = pytest.mark.skipif(
    not (MOVINGAI / "scenarios").is_dir(),
    reason=f"the MovingAI benchmark set is not at {MOVINGAI} (CI keeps ../shared beside "
    "the clone)",
)

# brc000d has scenarios whose goal is unreachable (optimum 0, start != goal);
# the maze has long winding paths; random512-40 is dense with small obstacles.
SCENARIOS = [
    "scenarios/dao/brc000d.map.scen",
    "scenarios/mazes/maze512-32-0.map.scen",
    "scenarios/random/random512-40-0.map.scen",
]


@pytest.mark.parametrize("algorithm", ["astar", "dijkstra"])
def test_sampled_shared_scenarios_are_all_optimal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, algorithm: str
) -> None:
    report = tmp_path / "shared.json"
    argv = [str(MOVINGAI / s) for s in SCENARIOS]
    code = main([*argv, "--maps", str(MOVINGAI), "--sample", "12", "--algorithm", algorithm,
                 "--json", str(report), "--no-progress"])
    err = capsys.readouterr().err
    assert code == 0, err
    document = json.loads(report.read_text())
    assert [m["map"] for m in document["maps"]] == [
        "maps/dao/brc000d.map", "maps/mazes/maze512-32-0.map", "maps/random/random512-40-0.map",
    ]
    assert document["total"][algorithm]["queries"] == 36
    assert document["total"][algorithm]["optimal"] == 36


def test_unreachable_scenarios_are_answered(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    """The first 10 scenarios of brc000d are start != goal with optimum 0: no path exists."""
    lines = (MOVINGAI / SCENARIOS[0]).read_text().splitlines()[:11]
    assert all(line.split()[-1] == "0" for line in lines[1:])
    (tmp_path / "zero.scen").write_text("\n".join(lines) + "\n")
    code = main([str(tmp_path / "zero.scen"), "--maps", str(MOVINGAI), "--no-progress"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out.splitlines()[-1].split()[:4] == ["total", "10", "10", "0"]
