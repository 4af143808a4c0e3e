"""Reading and writing MovingAI .map files: formats found in the wild and every error."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from wayfinding import CornerCutting, Grid
from wayfinding.errors import MapFormatError, UnsupportedGridError
from wayfinding.io.movingai import format_map, parse_map, read_map, read_scenarios, write_map

DATA = Path(__file__).resolve().parents[1] / "data"

SMALL = "type octile\nheight 3\nwidth 4\nmap\n.G@T\nS.OW\n....\n"
SMALL_PASSABLE = [  # the water at (3, 1) is open: TerrainRule.CLASSES, the default
    [True, True, False, False],
    [True, True, False, True],
    [True, True, True, True],
]


def test_parse_gives_the_benchmark_grid() -> None:
    grid = parse_map(SMALL)
    assert grid.passable_mask.tolist() == SMALL_PASSABLE
    assert grid.diagonal
    assert grid.diagonal_cost == math.sqrt(2.0)
    assert grid.straight_cost == 1.0
    assert grid.corner_cutting is CornerCutting.NEVER
    assert grid.costs is None


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(SMALL.replace("\n", "\r\n"), id="crlf"),
        pytest.param("height 3\ntype octile\nwidth 4\nmap\n" + SMALL.split("map\n", 1)[1],
                     id="keys-reordered"),
        pytest.param("\n\ntype octile  \n\nheight 3\nwidth\t4\n\nmap\n\n" + ".G@T   \n"
                     "S.OW\t\n\n....\n\n\n", id="blank-lines-and-trailing-whitespace"),
        pytest.param(SMALL.replace("\n", "\r\r\n"), id="double-cr"),
        pytest.param("\ufeff" + SMALL, id="byte-order-mark-in-text"),
        pytest.param(SMALL.rstrip("\n"), id="no-final-newline"),
        pytest.param(SMALL.replace("type octile", "TYPE Octile"), id="upper-case-keys"),
    ],
)
def test_wild_formats_are_read(text: str) -> None:
    assert parse_map(text).passable_mask.tolist() == SMALL_PASSABLE


def test_read_map_drops_byte_order_mark_and_crlf(tmp_path: Path) -> None:
    path = tmp_path / "bom.map"
    path.write_bytes(b"\xef\xbb\xbf" + SMALL.replace("\n", "\r\n").encode())
    assert read_map(path).passable_mask.tolist() == SMALL_PASSABLE


def test_read_vendored_map() -> None:
    grid = read_map(DATA / "maps" / "dao" / "den404d.map")
    assert grid.shape == (34, 28)
    assert grid.passable((10, 10))


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("height 3\nwidth 4\nmap\n....\n", 3, r"header is missing 'type'"),
        ("type octile\nwidth 4\nmap\n....\n", 3, r"header is missing 'height'"),
        ("type octile\nheight 1\nmap\n....\n", 3, r"header is missing 'width'"),
        ("type octile\nheight 1\nwidth 4\n", 3, r"header is missing 'map'"),
        ("", 1, r"header is missing 'type', 'height', 'width', 'map'"),
        ("type octile\nheight x\nwidth 4\nmap\n....\n", 2,
         r"height must be a positive integer, got 'x'"),
        ("type octile\nheight 1\nwidth 4.0\nmap\n....\n", 3,
         r"width must be a positive integer, got '4.0'"),
        ("type octile\nheight 0\nwidth 4\nmap\n", 2, r"height must be a positive integer"),
        ("type octile\nheight -2\nwidth 4\nmap\n", 2, r"height must be a positive integer"),
        ("type octile\nheight 1\nwidth 4\nheight 1\nmap\n....\n", 4,
         r"'height' given twice \(first on line 2\)"),
        ("type tile\nheight 1\nwidth 4\nmap\n....\n", 1, r"unsupported map type 'tile'"),
        ("type octile\ndepth 1\nheight 1\nwidth 4\nmap\n....\n", 2,
         r"unexpected header line 'depth 1'"),
        ("PASSWORD=hunter2\ntype octile\n", 1,
         r"line 1 is not a MovingAI map header line \(expected 'type octile', 'height H', "
         r"'width W' in any order, then 'map'; a file that is not a map is never quoted\)$"),
        ("\n\nheight=3\n", 3, r"line 3 is not a MovingAI map header line"),
        ("type octile\nheight 2\nwidth 4\nmap\n....\n", 5,
         r"the header announces 2 rows but the file has 1"),
        ("type octile\nheight 2\nwidth 4\nmap\n", 4,
         r"the header announces 2 rows but the file has 0"),
        ("type octile\nheight 1\nwidth 4\nmap\n....\n....\n", 6,
         r"more than the 1 rows the header announces"),
        ("type octile\nheight 2\nwidth 4\nmap\n....\n...\n", 6,
         r"row 1 has 3 cells, expected width 4"),
        ("type octile\nheight 1\nwidth 4\nmap\n.....\n", 5, r"row 0 has 5 cells"),
        ("type octile\nheight 1\nwidth 4\nmap\n..#.\n", 5,
         r"unknown map character '#' at column 3"),
        ("type octile\nheight 1\nwidth 4\nmap\n.. .\n", 5,
         r"unknown map character ' ' at column 3"),
    ],
)
def test_malformed_maps_name_file_and_line(text: str, line: int, message: str) -> None:
    with pytest.raises(MapFormatError, match=rf"^bad\.map, line {line}: {message}") as info:
        parse_map(text, source="bad.map")
    assert info.value.source == "bad.map"
    assert info.value.line == line


def test_read_map_error_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.map"
    path.write_text("type octile\nheight 1\nwidth 2\nmap\n.x\n")
    with pytest.raises(MapFormatError, match=r"broken\.map, line 5: unknown map character 'x'"):
        read_map(path)


def test_parse_map_refuses_non_text() -> None:
    with pytest.raises(MapFormatError, match=r"expected the map as a str, got bytes"):
        parse_map(b"type octile")  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_write_then_read_round_trips(tmp_path: Path, seed: int) -> None:
    rng = np.random.default_rng(seed)
    mask = rng.random((7, 11)) < 0.7
    grid = Grid(mask, diagonal=True)
    path = tmp_path / "round.map"
    write_map(grid, path)
    again = read_map(path)
    assert np.array_equal(again.passable_mask, mask)
    assert again.movement == grid.movement


def test_round_trip_of_vendored_map_preserves_passability(tmp_path: Path) -> None:
    grid = read_map(DATA / "maps" / "dao" / "den009d.map")
    write_map(grid, tmp_path / "copy.map")
    assert np.array_equal(read_map(tmp_path / "copy.map").passable_mask, grid.passable_mask)


def test_write_accepts_a_bool_array(tmp_path: Path) -> None:
    mask = np.array([[True, False, True]])
    write_map(mask, tmp_path / "arr.map")
    assert (tmp_path / "arr.map").read_text() == "type octile\nheight 1\nwidth 3\nmap\n.@.\n"


@pytest.mark.parametrize(
    ("grid", "message"),
    [
        (Grid(np.ones((2, 2), bool), np.full((2, 2), 2.0), diagonal=True),
         r"cannot store per-cell costs"),
        (Grid(np.ones((2, 2), bool)), r"this grid has diagonal=False"),
        (Grid(np.ones((2, 2), bool), diagonal=True, corner_cutting=CornerCutting.ALWAYS),
         r"corner_cutting=ALWAYS"),
        (Grid(np.ones((2, 2), bool), diagonal=True, diagonal_cost=1.5),
         r"diagonal_cost=1\.5"),
        (Grid(np.ones((2, 2), bool), diagonal=True, straight_cost=10, diagonal_cost=14),
         r"straight_cost=10\.0"),
    ],
    ids=["weighted", "4-way", "corner-cutting", "diagonal-cost", "integer-costs"],
)
def test_write_refuses_grids_a_map_cannot_hold(grid: Grid, message: str) -> None:
    with pytest.raises(UnsupportedGridError, match=message):
        format_map(grid)


def test_writing_the_walls_of_a_refused_grid_is_possible() -> None:
    grid = Grid(np.array([[True, False]]))
    assert format_map(grid.passable_mask).endswith("map\n.@\n")


@pytest.mark.parametrize(
    ("array", "message"),
    [
        (np.ones((2, 2), dtype=np.uint8), r"expected a bool passability array, got uint8"),
        (np.ones(3, dtype=bool), r"non-empty 2-D bool array, got shape \(3,\)"),
        (np.ones((0, 3), dtype=bool), r"got shape \(0, 3\)"),
    ],
)
def test_write_refuses_bad_arrays(array: np.ndarray, message: str) -> None:
    with pytest.raises(UnsupportedGridError, match=message):
        format_map(array)


@pytest.mark.parametrize("read", [read_map, read_scenarios], ids=["map", "scenarios"])
@pytest.mark.parametrize("content", [b"type octile\nheight 1\n\x00", b"\x00" * 100])
def test_a_file_holding_a_nul_byte_is_refused_at_once(tmp_path, read, content):
    # issue 27 item 5: /dev/zero was read until memory ran out (tests/test_file_bounds.py)
    (tmp_path / "z.map").write_bytes(content)
    with pytest.raises(MapFormatError, match=r"z\.map: holds a NUL byte at offset \d+: not a "
                                             "text file"):
        read(tmp_path / "z.map")
