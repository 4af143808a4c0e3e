"""Finding scenario files and maps, grouping by map, and sampling over buckets."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from wayfinding.bench.loading import (
    BenchInputError,
    MapResolver,
    Query,
    find_scenario_files,
    load_jobs,
    sample_queries,
)
from wayfinding.errors import MapFormatError
from wayfinding.io.movingai import Scenario

DATA = Path(__file__).resolve().parents[1] / "data"
MAP = "type octile\nheight 2\nwidth 3\nmap\n...\n...\n"


def _scen(map_text: str, n: int = 1) -> str:
    return "version 1\n" + "".join(f"{i} {map_text} 3 2 0 0 2 1 2.41421\n" for i in range(n))


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_find_scenario_files_in_folders_recursively() -> None:
    files = find_scenario_files([DATA / "scenarios"])
    assert [f.name for f in files] == [
        "den009d.map.scen", "den404d.map.scen", "lak307d.map.scen",
    ]


def test_find_scenario_files_dedupes_and_keeps_order() -> None:
    one = DATA / "scenarios" / "dao" / "den404d.map.scen"
    files = find_scenario_files([one, DATA / "scenarios", one.resolve()])
    assert files[0] == one
    assert len(files) == 3


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda d: [d / "nope.scen"], r"scenario file or folder '.*nope\.scen' does not exist"),
        (lambda d: [d], r"no \*\.scen or \*\.3dscen files under the folder"),
        (lambda d: [], r"no scenario files given"),
    ],
    ids=["missing", "empty-folder", "nothing"],
)
def test_find_scenario_files_errors(
    tmp_path: Path, make: Callable[[Path], list[Path]], message: str
) -> None:
    with pytest.raises(BenchInputError, match=message):
        find_scenario_files(make(tmp_path))


def test_map_relative_to_maps_dir(tmp_path: Path) -> None:
    _write(tmp_path / "root" / "maps" / "x" / "a.map", MAP)
    scen = _write(tmp_path / "elsewhere" / "a.map.scen", _scen("maps/x/a.map"))
    found = MapResolver(tmp_path / "root").resolve("maps/x/a.map", scen)
    assert found == tmp_path / "root" / "maps" / "x" / "a.map"


def test_map_relative_to_scenario_file(tmp_path: Path) -> None:
    _write(tmp_path / "s" / "sub" / "a.map", MAP)
    scen = _write(tmp_path / "s" / "a.map.scen", _scen("sub/a.map"))
    assert MapResolver(None).resolve("sub/a.map", scen) == tmp_path / "s" / "sub" / "a.map"


def test_map_by_absolute_path(tmp_path: Path) -> None:
    target = _write(tmp_path / "m" / "a.map", MAP)
    scen = _write(tmp_path / "a.map.scen", _scen(str(target)))
    assert MapResolver(None).resolve(str(target), scen) == target


def test_map_by_file_name_under_maps_dir(tmp_path: Path) -> None:
    target = _write(tmp_path / "maps" / "deep" / "er" / "a.map", MAP)
    scen = _write(tmp_path / "a.map.scen", _scen("old/place/a.map"))
    assert MapResolver(tmp_path / "maps").resolve("old/place/a.map", scen) == target


def test_map_by_file_name_prefers_longest_matching_suffix(tmp_path: Path) -> None:
    _write(tmp_path / "maps" / "one" / "a.map", MAP)
    target = _write(tmp_path / "maps" / "dao" / "a.map", MAP)
    scen = _write(tmp_path / "a.map.scen", _scen("x/dao/a.map"))
    assert MapResolver(tmp_path / "maps").resolve("x/dao/a.map", scen) == target


def test_map_with_windows_separators(tmp_path: Path) -> None:
    target = _write(tmp_path / "maps" / "dao" / "a.map", MAP)
    scen = _write(tmp_path / "a.map.scen", _scen("maps\\dao\\a.map"))
    assert MapResolver(tmp_path).resolve("maps\\dao\\a.map", scen) == target


def test_ambiguous_map_name_is_an_error(tmp_path: Path) -> None:
    _write(tmp_path / "maps" / "one" / "a.map", MAP)
    _write(tmp_path / "maps" / "two" / "a.map", MAP)
    scen = _write(tmp_path / "a.map.scen", _scen("x/a.map"))
    with pytest.raises(BenchInputError, match=r"'x/a\.map' named in .* is ambiguous"):
        MapResolver(tmp_path / "maps").resolve("x/a.map", scen)


def test_missing_map_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "maps").mkdir()
    scen = _write(tmp_path / "a.map.scen", _scen("maps/a.map"))
    with pytest.raises(
        BenchInputError,
        match=r"map 'maps/a\.map' named in '.*a\.map\.scen' not found: no file at .*"
        r"nor a file named 'a\.map' under",
    ):
        MapResolver(tmp_path / "maps").resolve("maps/a.map", scen)


def test_missing_map_without_maps_dir_suggests_it(tmp_path: Path) -> None:
    scen = _write(tmp_path / "a.map.scen", _scen("maps/a.map"))
    with pytest.raises(BenchInputError, match=r"give --maps DIR"):
        MapResolver(None).resolve("maps/a.map", scen)


def test_missing_maps_dir(tmp_path: Path) -> None:
    with pytest.raises(BenchInputError, match=r"--maps folder '.*nowhere' does not exist"):
        MapResolver(tmp_path / "nowhere")


def test_load_jobs_groups_by_map_file() -> None:
    jobs = load_jobs([DATA / "scenarios"], DATA)
    assert [job.label for job in jobs] == [
        "maps/dao/den009d.map", "maps/dao/den404d.map", "maps/dao/lak307d.map",
    ]
    assert [len(job.queries) for job in jobs] == [200, 130, 216]
    first = jobs[0].queries[0]
    assert first.line == 2
    assert first.where.endswith("den009d.map.scen:2")


def test_load_jobs_merges_files_naming_one_map(tmp_path: Path) -> None:
    _write(tmp_path / "maps" / "a.map", MAP)
    _write(tmp_path / "s1.scen", _scen("maps/a.map", 2))
    _write(tmp_path / "s2.scen", _scen("a.map", 3))
    jobs = load_jobs([tmp_path], tmp_path / "maps")
    assert len(jobs) == 1
    assert len(jobs[0].queries) == 5


def test_load_jobs_reports_malformed_scenarios(tmp_path: Path) -> None:
    _write(tmp_path / "bad.scen", "version 1\n0 a.map 3 2 0 0\n")
    with pytest.raises(MapFormatError, match=r"bad\.scen, line 2: expected 9 columns"):
        load_jobs([tmp_path], None)


def test_load_jobs_with_no_scenarios(tmp_path: Path) -> None:
    _write(tmp_path / "empty.scen", "version 1\n")
    with pytest.raises(BenchInputError, match=r"hold no scenarios"):
        load_jobs([tmp_path], None)


def _queries(buckets: list[int]) -> list[Query]:
    return [
        Query(Scenario(b, "m.map", 9, 9, (0, 0), (1, 1), 1.41421), "s.scen", line)
        for line, b in enumerate(buckets)
    ]


@pytest.mark.parametrize(
    ("buckets", "n", "expected_buckets"),
    [
        pytest.param([0] * 10 + [1] * 10 + [2] * 10, 3, [0, 1, 2], id="one-per-bucket"),
        pytest.param([0] * 10 + [1] * 10 + [2] * 10, 6, [0, 0, 1, 1, 2, 2], id="two-each"),
        pytest.param([0] * 10 + [1] * 10 + [2] * 10, 4, [0, 1, 1, 2],
                     id="remainder-to-the-middle"),
        pytest.param([b for b in range(10) for _ in range(10)], 2, [2, 7], id="spread-buckets"),
        pytest.param([0] * 1 + [1] * 10, 4, [0, 1, 1, 1], id="small-bucket-full"),
        pytest.param([0, 1, 2], 10, [0, 1, 2], id="fewer-than-n"),
        pytest.param([3, 1, 2, 1], 2, [1, 3], id="unsorted-input"),
    ],
)
def test_sample_spreads_over_buckets(
    buckets: list[int], n: int, expected_buckets: list[int]
) -> None:
    picked = sample_queries(_queries(buckets), n)
    assert [q.scenario.bucket for q in picked] == expected_buckets


def test_sample_spreads_inside_a_bucket() -> None:
    picked = sample_queries(_queries([0] * 10), 2)
    assert [q.line for q in picked] == [2, 7]


def test_sample_must_be_positive() -> None:
    with pytest.raises(BenchInputError, match=r"--sample must be at least 1, got 0"):
        sample_queries(_queries([0]), 0)


def test_load_jobs_samples_per_map() -> None:
    jobs = load_jobs([DATA / "scenarios"], DATA, sample=5)
    assert [len(job.queries) for job in jobs] == [5, 5, 5]
