"""MovingAI terrain: S, W, T, G, O read under each TerrainRule, with costs; exact writing."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

import wayfinding as wf
from wayfinding.errors import InvalidCostError, InvalidParameterError, UnsupportedGridError
from wayfinding.io.movingai import TerrainRule, format_map, parse_map, read_map, write_map
from wayfinding.io.terrain import GROUND, WATER

SQRT2 = math.sqrt(2.0)

TERRAIN = (
    "type octile\nheight 4\nwidth 6\nmap\n"
    "..GSWW\n"
    ".TSWWW\n"
    "OGS.W@\n"
    "GG..WW\n"
)
ROWS = TERRAIN.split("map\n", 1)[1].splitlines()


def test_default_rule_keeps_water_open_in_its_own_class() -> None:
    grid = parse_map(TERRAIN)
    water = np.array([[ch == "W" for ch in row] for row in ROWS])
    walls = np.array([[ch in "@OT" for ch in row] for row in ROWS])
    assert np.array_equal(grid.passable_mask, ~walls)
    assert np.array_equal(grid.classes == WATER, water)
    assert np.array_equal(grid.classes[~water], np.full((~water).sum(), GROUND))
    assert grid.terrain.tobytes().decode() == "".join(ROWS)
    assert grid.several_classes


def test_water_to_water_and_ground_to_ground_but_never_across() -> None:
    grid = parse_map(TERRAIN)
    assert wf.astar(grid, (4, 0), (5, 3)).cost == pytest.approx(4.0)  # down the water
    assert wf.astar(grid, (0, 0), (3, 3)).path is not None
    assert wf.astar(grid, (3, 2), (4, 2)).reason is wf.StopReason.DISCONNECTED
    assert wf.breadth_first_search(grid, (0, 3), (4, 3)).path is None
    # swamp and ground are one class: (3, 0) is swamp, (2, 0) grass
    assert (2, 0) in grid.neighbors((3, 0))


def test_water_walls_rule_is_the_old_reading() -> None:
    grid = parse_map(TERRAIN, rule=TerrainRule.WATER_WALLS)
    blocked = np.array([[ch in "@OTW" for ch in row] for row in ROWS])
    assert np.array_equal(grid.passable_mask, ~blocked)
    assert grid.classes is None


def test_one_class_rule_joins_ground_and_water() -> None:
    grid = parse_map(TERRAIN, rule=TerrainRule.ONE_CLASS)
    assert grid.classes is None
    assert wf.astar(grid, (3, 2), (4, 2)).cost == 1.0


def test_terrain_costs() -> None:
    grid = parse_map(TERRAIN, rule=TerrainRule.ONE_CLASS, costs={"S": 3, "W": 2.5})
    assert grid.costs[0, 3] == 3.0 and grid.costs[0, 4] == 2.5 and grid.costs[0, 0] == 1.0
    assert wf.astar(grid, (3, 2), (4, 2)).cost == 2.5


def test_infinite_cost_makes_a_terrain_a_wall() -> None:
    grid = parse_map(TERRAIN, costs={"S": math.inf})
    assert not grid.passable((3, 0)) and grid.costs is None


@pytest.mark.parametrize(
    ("costs", "error", "message"),
    [
        ({"T": 2.0}, InvalidCostError, r"costs keys must be terrain characters.*got 'T'"),
        ({"S": -1}, InvalidCostError, r"cost of terrain 'S' must be a number >= 0"),
        ({"S": "x"}, InvalidCostError, r"cost of terrain 'S'.*got 'x'"),
        ({"S": math.nan}, InvalidCostError, r"cost of terrain 'S'"),
        ([("S", 1)], InvalidCostError, r"costs must map terrain characters to costs"),
    ],
)
def test_bad_terrain_costs(costs, error, message) -> None:
    with pytest.raises(error, match=message):
        parse_map(TERRAIN, costs=costs)


def test_rule_must_be_an_enum_member() -> None:
    with pytest.raises(InvalidParameterError, match=r"rule must be a TerrainRule member"):
        parse_map(TERRAIN, rule="classes")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rule", "costs"),
    [
        (TerrainRule.CLASSES, None),
        (TerrainRule.WATER_WALLS, None),
        (TerrainRule.ONE_CLASS, None),
        (TerrainRule.CLASSES, {"S": 2.0, "W": 3.0}),
        (TerrainRule.ONE_CLASS, {"G": math.inf}),
    ],
)
def test_write_map_round_trips_every_character(tmp_path: Path, rule, costs) -> None:
    source = tmp_path / "in.map"
    source.write_text(TERRAIN)
    write_map(read_map(source, rule=rule, costs=costs), tmp_path / "out.map", rule=rule,
              costs=costs)
    assert (tmp_path / "out.map").read_text() == TERRAIN


def test_edited_cells_are_written_as_they_now_are() -> None:
    grid = parse_map(TERRAIN)
    grid.set_wall((4, 0))  # water -> wall
    grid.set_wall((1, 1), False)  # trees -> open ground
    grid.set_wall((0, 0))  # ground -> wall
    rows = format_map(grid).split("map\n", 1)[1].splitlines()
    assert rows[0] == "@.GS@W"
    assert rows[1] == "..SWWW"
    again = parse_map(format_map(grid))
    assert np.array_equal(again.passable_mask, grid.passable_mask)
    open_now = grid.passable_mask
    assert np.array_equal(again.classes[open_now], grid.classes[open_now])


def test_classes_without_terrain_are_written_as_ground_and_water() -> None:
    grid = wf.Grid(np.array([[True, True, False]]), diagonal=True, classes=[[0, 1, 1]])
    assert format_map(grid).endswith("map\n.W@\n")


def test_a_cell_no_character_describes_is_refused() -> None:
    grid = wf.Grid(np.ones((1, 2), bool), diagonal=True, classes=[[0, 2]])
    with pytest.raises(UnsupportedGridError, match=r"no map character describes cell \(1, 0\)"):
        format_map(grid)
    weighted = parse_map(TERRAIN, costs={"S": 2.0})
    weighted.set_cost((0, 0), 7.0)
    with pytest.raises(UnsupportedGridError, match=r"cell \(0, 0\).*cost 7\.0"):
        format_map(weighted, costs={"S": 2.0})


GARBAGE = "PATH=/usr/bin\x00HOME=/root\x00" + "X" * 200


@pytest.mark.parametrize(
    "text",
    [
        GARBAGE,
        "type " + GARBAGE,
        "type octile\nheight " + GARBAGE,
        "type octile\nheight 1\nwidth 2\nmap\n" + GARBAGE,
    ],
    ids=["header-line", "type", "height", "row"],
)
def test_long_garbage_is_quoted_short_and_escaped(text: str) -> None:
    with pytest.raises(wf.MapFormatError) as info:
        parse_map(text, source="x.map")
    message = str(info.value)
    assert "\x00" not in message
    if "PATH" in message:  # quoted: escaped
        assert "\\x00" in message
    assert "X" * 50 not in message
