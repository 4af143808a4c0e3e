"""Reading and writing MovingAI .scen files, and the precision rule for optimal lengths."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from wayfinding.errors import MapFormatError
from wayfinding.io.movingai import (
    Scenario,
    format_scenarios,
    matches_optimal,
    parse_scenarios,
    read_scenarios,
    write_scenarios,
)
from wayfinding.io.precision import GENERATOR_SLACK, effective_decimals, printed_precision
from wayfinding.io.scenario import scenario_lines

DATA = Path(__file__).resolve().parents[1] / "data"
SQRT2 = math.sqrt(2.0)

ROW = "0\tmaps/dao/a.map\t10\t12\t1\t2\t3\t4\t2.82843"

# Hand-made files in the formats found in the wild: (text, expected optima, decimals).
WILD = {
    "tabs-version-1": ("version 1\n" + ROW + "\n", [2.82843], [5]),
    "version-1.0-spaces": ("version 1.0\n0 maps/dao/a.map 10 12 1 2 3 4 2.82843\n",
                           [2.82843], [5]),
    "no-version-line": (ROW + "\n", [2.82843], [5]),
    "mixed-whitespace": ("version\t1\n0  maps/dao/a.map \t10 12\t1 2 3   4 2.82843  \n",
                         [2.82843], [5]),
    "crlf": ("version 1\r\n" + ROW + "\r\n" + ROW + "\r\n", [2.82843] * 2, [5, 5]),
    "blank-lines": ("\n\nversion 1\n\n" + ROW + "\n\n\n", [2.82843], [5]),
    "eight-decimals": ("version 1\n0 m.map 10 10 0 0 2 2 2.82842712\n"
                       "0 m.map 10 10 0 0 3 0 3.00000000\n", [2.82842712, 3.0], [8, 8]),
    "two-decimals": ("version 1\n0 m.map 10 10 0 0 2 2 2.83\n0 m.map 10 10 0 0 3 0 3.00\n",
                     [2.83, 3.0], [2, 2]),
    "g-style": ("version 1\n0 m.map 10 10 0 0 2 2 2.82843\n0 m.map 10 10 0 0 3 0 3\n"
                "0 m.map 999 999 0 0 200 5 234.567\n0 m.map 10 10 0 0 0 0 0\n",
                [2.82843, 3.0, 234.567, 0.0], [5, 5, 3, 5]),
}


@pytest.mark.parametrize("name", list(WILD))
def test_wild_formats_are_read(name: str) -> None:
    text, optima, decimals = WILD[name]
    scenarios = parse_scenarios(text)
    assert [s.optimal_length for s in scenarios] == optima
    assert [s.decimals for s in scenarios] == decimals


def test_fields_are_parsed() -> None:
    (s,) = parse_scenarios(ROW)
    assert s == Scenario(0, "maps/dao/a.map", 10, 12, (1, 2), (3, 4), 2.82843, 5)


def test_line_numbers_are_kept() -> None:
    assert [line for line, _ in scenario_lines("version 1\n\n" + ROW + "\n" + ROW)] == [3, 4]


def test_empty_file_has_no_scenarios() -> None:
    assert parse_scenarios("version 1\n") == []
    assert parse_scenarios("") == []


def test_vendored_scenarios() -> None:
    scenarios = read_scenarios(DATA / "scenarios" / "dao" / "den404d.map.scen")
    assert len(scenarios) == 130
    assert scenarios[0].map == "maps/dao/den404d.map"
    assert (scenarios[0].width, scenarios[0].height) == (28, 34)
    assert scenarios[0].start == scenarios[0].goal
    assert scenarios[0].optimal_length == 0.0


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("version 2\n" + ROW, 1, r"unsupported scenario version '2'; expected 'version 1'"),
        ("version one\n" + ROW, 1, r"unsupported scenario version 'one'"),
        ("version\n" + ROW, 1, r"unsupported scenario version ''"),
        ("version 1 2\n" + ROW, 1, r"unsupported scenario version '1 2'"),
        ("version 1\n" + ROW + "\t7", 2, r"expected 9 columns \(bucket, map, .*\), got 10"),
        ("version 1\n0 maps/my map.map 10 12 1 2 3 4 2.8", 2, r"expected 9 columns.*got 10"),
        ("version 1\n" + ROW + "\nversion 1", 3, r"expected 9 columns.*got 2"),
        ("version 1\n0 m.map 10 12 1 2 3 4", 2, r"got 8: '0 m.map 10 12 1 2 3 4'"),
        ("version 1\nx m.map 10 12 1 2 3 4 2.8", 2, r"bucket must be an integer, got 'x'"),
        ("version 1\n" + "9" * 5000 + " m.map 10 12 1 2 3 4 2.8", 2,
         r"bucket must be an integer of at most 18 digits, got '9{40}\.\.\.'"),
        ("version 1\n0 m.map 10 12 1 2 3 " + "4" * 19 + " 2.8", 2,
         r"goal y must be an integer of at most 18 digits"),
        ("version 1\n0 m.map 10.0 12 1 2 3 4 2.8", 2, r"width must be an integer, got '10.0'"),
        ("version 1\n0 m.map 10 h 1 2 3 4 2.8", 2, r"height must be an integer, got 'h'"),
        ("version 1\n0 m.map 10 12 1.5 2 3 4 2.8", 2, r"start x must be an integer"),
        ("version 1\n0 m.map 10 12 1 2 3 -4 2.8", 2, r"goal y must be >= 0, got -4"),
        ("version 1\n0 m.map 0 12 1 2 3 4 2.8", 2, r"map size must be positive, got width 0"),
        ("version 1\n0 m.map 10 12 10 2 3 4 2.8", 2, r"start \(10, 2\) is outside the 10x12"),
        ("version 1\n0 m.map 10 12 1 2 3 12 2.8", 2, r"goal \(3, 12\) is outside the 10x12"),
        ("version 1\n0 m.map 10 12 1 2 3 4 abc", 2, r"optimal length must be a finite number"),
        ("version 1\n0 m.map 10 12 1 2 3 4 -1", 2, r"finite number >= 0, got '-1'"),
        ("version 1\n0 m.map 10 12 1 2 3 4 nan", 2, r"finite number >= 0, got 'nan'"),
        ("version 1\n0 m.map 10 12 1 2 3 4 inf", 2, r"finite number >= 0, got 'inf'"),
        ("version 1\n0 m.map 10 12 1 2 3 4 1_0", 2, r"finite number >= 0, got '1_0'"),
    ],
)
def test_malformed_scenarios_name_file_and_line(text: str, line: int, message: str) -> None:
    with pytest.raises(MapFormatError, match=rf"^bad\.scen, line {line}: .*{message}") as info:
        parse_scenarios(text, source="bad.scen")
    assert (info.value.source, info.value.line) == ("bad.scen", line)


def test_read_scenarios_error_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.map.scen"
    path.write_text("version 1\n" + ROW + "\n0 m.map 10 12 1 2 3 4\n")
    with pytest.raises(MapFormatError, match=r"broken\.map\.scen, line 3: expected 9 columns"):
        read_scenarios(path)


def test_parse_scenarios_refuses_non_text() -> None:
    with pytest.raises(MapFormatError, match=r"expected the scenarios as a str, got bytes"):
        parse_scenarios(b"version 1")  # type: ignore[arg-type]


# ---------------------------------------------------------------- writing


@pytest.mark.parametrize("name", list(WILD))
def test_write_then_read_round_trips(tmp_path: Path, name: str) -> None:
    scenarios = parse_scenarios(WILD[name][0])
    write_scenarios(scenarios, tmp_path / "out.scen")
    assert read_scenarios(tmp_path / "out.scen") == scenarios


def test_round_trip_of_vendored_file(tmp_path: Path) -> None:
    scenarios = read_scenarios(DATA / "scenarios" / "dao" / "den009d.map.scen")
    write_scenarios(scenarios, tmp_path / "copy.scen")
    assert read_scenarios(tmp_path / "copy.scen") == scenarios


def test_written_optima_keep_their_precision() -> None:
    text = format_scenarios(parse_scenarios(WILD["g-style"][0]))
    assert [line.split("\t")[-1] for line in text.splitlines()[1:]] == [
        "2.82843", "3.00000", "234.567", "0.00000",
    ]


@pytest.mark.parametrize("bad_map", ["my map.map", "", "tab\tmap"])
def test_write_refuses_map_paths_with_whitespace(bad_map: str) -> None:
    scenario = Scenario(0, bad_map, 4, 4, (0, 0), (1, 1), 1.41421)
    with pytest.raises(MapFormatError, match=r"empty or contains whitespace"):
        format_scenarios([scenario])


# ---------------------------------------------------------------- precision rule


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3", (0, 1)), ("3.00", (2, 3)), ("234.567", (3, 6)), ("0", (0, 0)),
        ("0.05", (2, 1)), ("1.5e2", (0, 2)), ("1e-3", (3, 1)), ("12.", (0, 2)), (".5", (1, 1)),
    ],
)
def test_printed_precision(text: str, expected: tuple[int, int]) -> None:
    assert printed_precision(text) == expected


@pytest.mark.parametrize("text", ["", ".", "abc", "1.2.3", "nan", "0x10"])
def test_printed_precision_refuses_non_numbers(text: str) -> None:
    with pytest.raises(ValueError, match="not a plain number"):
        printed_precision(text)


@pytest.mark.parametrize(
    ("text", "file_decimals", "file_significant", "expected"),
    [
        pytest.param("3", 5, 6, 5, id="g-trimmed-integer"),
        pytest.param("3.5", 5, 6, 5, id="g-trimmed-zeros"),
        pytest.param("3.82843", 5, 6, 5, id="g-full"),
        pytest.param("234.567", 5, 6, 3, id="g-three-integer-digits"),
        pytest.param("1234.57", 5, 6, 2, id="g-four-integer-digits"),
        pytest.param("0", 5, 6, 5, id="g-zero"),
        pytest.param("3.00000000", 8, 11, 8, id="f8-small"),
        pytest.param("1234.56789012", 8, 12, 8, id="f8-large"),
        pytest.param("3.00", 2, 6, 2, id="f2-small"),
        pytest.param("1234.57", 2, 6, 2, id="f2-large"),
        pytest.param("3", 0, 3, 5, id="no-decimals-anywhere-is-g"),
        pytest.param("234", 0, 3, 3, id="no-decimals-anywhere-large"),
    ],
)
def test_effective_decimals(
    text: str, file_decimals: int, file_significant: int, expected: int
) -> None:
    assert effective_decimals(text, file_decimals, file_significant) == expected


def _one(text: str, line: int = 0) -> Scenario:
    return parse_scenarios(text)[line]


G_FILE = WILD["g-style"][0]
F8_FILE = WILD["eight-decimals"][0]
F2_FILE = WILD["two-decimals"][0]


@pytest.mark.parametrize(
    ("text", "line", "cost", "expected"),
    [
        # %g, 6 significant digits, trailing zeros trimmed
        pytest.param(G_FILE, 0, 2 * SQRT2, True, id="g-exact"),
        pytest.param(G_FILE, 0, 2.828434, True, id="g-within-half-unit"),
        pytest.param(G_FILE, 0, 2.828436, False, id="g-beyond-half-unit"),
        pytest.param(G_FILE, 1, 3.0, True, id="g-trimmed-3-exact"),
        pytest.param(G_FILE, 1, 2 + SQRT2, False, id="g-trimmed-3-rejects-2+sqrt2"),
        pytest.param(G_FILE, 1, 3.000004, True, id="g-trimmed-3-within"),
        pytest.param(G_FILE, 1, 3.00001, False, id="g-trimmed-3-beyond"),
        pytest.param(G_FILE, 2, 234.5674, True, id="g-3-decimals-within"),
        pytest.param(G_FILE, 2, 234.5676, False, id="g-3-decimals-beyond"),
        pytest.param(G_FILE, 3, 0.0, True, id="g-zero"),
        pytest.param(G_FILE, 3, 1.0, False, id="g-zero-rejects-one-step"),
        # %.8f
        pytest.param(F8_FILE, 0, 2 * SQRT2, True, id="f8-exact"),
        pytest.param(F8_FILE, 0, 2.8284271, True, id="f8-within-single-precision"),
        pytest.param(F8_FILE, 0, 2.82843, False, id="f8-rejects-6-digits"),
        pytest.param(F8_FILE, 1, 3.0, True, id="f8-integer"),
        pytest.param(F8_FILE, 1, 3.000001, False, id="f8-beyond"),
        # %.2f
        pytest.param(F2_FILE, 0, 2 * SQRT2, True, id="f2-exact"),
        pytest.param(F2_FILE, 0, 2.834, True, id="f2-within"),
        pytest.param(F2_FILE, 0, 2.836, False, id="f2-beyond"),
        pytest.param(F2_FILE, 1, 3.0, True, id="f2-integer"),
        pytest.param(F2_FILE, 1, 2 + SQRT2, False, id="f2-rejects-2+sqrt2"),
    ],
)
def test_matches_optimal(text: str, line: int, cost: float, expected: bool) -> None:
    assert matches_optimal(cost, _one(text, line)) is expected


def test_tolerance_allows_for_the_generators_single_precision() -> None:
    s = Scenario(0, "m.map", 9999, 9999, (0, 0), (1, 1), 5000.0, 12)
    assert GENERATOR_SLACK == 2.0**-23
    assert matches_optimal(5000.0 + 5.9e-4, s)
    assert not matches_optimal(5000.0 + 6.1e-4, s)


@pytest.mark.parametrize(
    ("printed", "straight", "diagonal"),
    [("74.8822", 7, 48), ("229.764", 94, 96), ("948.822", 270, 480)],
)
def test_optima_printed_from_single_precision_sqrt2_match(
    printed: str, straight: int, diagonal: int
) -> None:
    """Found in ../shared/movingai: the exact cost is just above a rounding boundary, the
    generator's ``a + b * float32(sqrt 2)`` just below, so the printed digit flips."""
    exact = straight + diagonal * SQRT2
    single = straight + diagonal * float(np.float32(SQRT2))
    assert f"{single:g}" == printed != f"{exact:g}"
    s = _one(f"version 1\n0 m.map 9999 9999 0 0 1 1 {printed}\n0 m.map 9 9 0 0 2 2 2.82843\n")
    assert matches_optimal(exact, s)
    assert not matches_optimal(exact + 2e-5 * max(1.0, exact / 100), s)


@pytest.mark.parametrize(
    ("start", "goal", "optimum", "unreachable"),
    [((0, 0), (1, 1), 0.0, True), ((1, 1), (1, 1), 0.0, False), ((0, 0), (1, 1), 1.41, False)],
)
def test_unreachable_convention(
    start: tuple[int, int], goal: tuple[int, int], optimum: float, unreachable: bool
) -> None:
    assert Scenario(0, "m.map", 9, 9, start, goal, optimum).unreachable is unreachable


@pytest.mark.parametrize(
    ("optimum", "decimals"),
    [(3.0, 5), (3.5, 5), (234.567, 3), (1 + SQRT2, 15), (0.0, 5), (12345.0, 1)],
)
def test_hand_made_scenarios_default_to_g_precision(optimum: float, decimals: int) -> None:
    assert Scenario(0, "m.map", 9, 9, (0, 0), (1, 1), optimum).decimals == decimals


@pytest.mark.parametrize("decimals", [-1, 2.0, True, "3"])
def test_scenario_refuses_bad_decimals(decimals: object) -> None:
    with pytest.raises(ValueError, match=r"decimals must be an int >= 0"):
        Scenario(0, "m.map", 9, 9, (0, 0), (1, 1), 3.0, decimals)  # type: ignore[arg-type]
