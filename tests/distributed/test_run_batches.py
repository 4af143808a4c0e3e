"""``wayfinding.distributed`` on a real LocalCluster: every answer equals the one-process
batch, maps are loaded once per worker, and each failure says which map."""

from __future__ import annotations

import sys
from pathlib import Path

import cloudpickle
import numpy as np
import pytest

import wayfinding as wf
from wayfinding import batch
from wayfinding.distributed import (
    Job,
    Method,
    SchedulerError,
    WorkerFailedError,
    run_batches,
    run_scenarios,
)
from wayfinding.distributed import maps as worker_maps
from wayfinding.errors import (
    InvalidLocationError,
    InvalidParameterError,
    MapFormatError,
    UnsupportedGridError,
)
from wayfinding.grid.prepared import PrepareMethod, prepare
from wayfinding.io.movingai import matches_optimal, read_map, read_scenarios

DATA = Path(__file__).resolve().parents[1] / "data"
NAMES = ("den009d", "den404d", "lak307d")
MAPS = [DATA / "maps" / "dao" / f"{name}.map" for name in NAMES]

# the helpers below run on the workers, which cannot import the tests package
cloudpickle.register_pickle_by_value(sys.modules[__name__])


def _queries(name: str) -> tuple[np.ndarray, np.ndarray]:
    scens = read_scenarios(DATA / "scenarios" / "dao" / f"{name}.map.scen")
    return np.array([s.start for s in scens]), np.array([s.goal for s in scens])


def _one_process(method: Method, grid: wf.Grid, starts: np.ndarray,
                 goals: np.ndarray) -> batch.BatchResult:
    if method is Method.SUBGOAL_CH:
        return batch.prepared(prepare(grid, PrepareMethod.SUBGOAL_CH), starts, goals)
    search = {Method.ASTAR: batch.astar, Method.DIJKSTRA: batch.dijkstra,
              Method.BREADTH_FIRST_SEARCH: batch.breadth_first_search, Method.JPS: batch.jps}
    return search[method](grid, starts, goals)


def _assert_same(got: batch.BatchResult, want: batch.BatchResult) -> None:
    assert len(got) == len(want)
    for name in ("costs", "lengths", "expanded", "found", "offsets", "paths"):
        np.testing.assert_array_equal(getattr(got, name), getattr(want, name), err_msg=name)


@pytest.mark.parametrize("method", list(Method))
def test_every_answer_equals_the_one_process_batch(client, method):
    jobs = [Job(path, *_queries(name)) for path, name in zip(MAPS, NAMES, strict=True)]
    results = run_batches(jobs, method=method, client=client, chunk_size=64)
    assert len(results) == 3
    for job, path, result in zip(jobs, MAPS, results, strict=True):
        _assert_same(result, _one_process(method, read_map(path), job.starts, job.goals))


@pytest.mark.parametrize("method", [Method.ASTAR, Method.DIJKSTRA])
def test_a_weighted_4_way_grid_travels_as_arrays(client, method):
    rng = np.random.default_rng(5)
    costs = rng.integers(1, 6, size=(24, 30)).astype(float)
    costs[rng.random(costs.shape) < 0.25] = 0.0  # walls
    grid = wf.Grid.from_costs(costs)
    open_cells = np.argwhere(costs > 0)[:, ::-1]  # (x, y)
    starts = open_cells[rng.integers(0, len(open_cells), 300)]
    goals = open_cells[rng.integers(0, len(open_cells), 300)]
    [result] = run_batches([(grid, starts, goals)], method=method, client=client, chunk_size=7)
    _assert_same(result, _one_process(method, grid, starts, goals))


@pytest.mark.parametrize("grid", [
    wf.Grid(np.ones((4, 4), bool), wrap=(True, False)),
    wf.Grid(np.ones((4, 4), bool), moves=[(1, 2, 5 ** 0.5), (1, 0, 1.0)]),
    wf.HexGrid(np.ones((4, 4), bool)),
    wf.VoxelGrid(np.ones((2, 3, 3), bool)),
], ids=["wrapped", "moves", "hex", "voxel"])
def test_worlds_a_worker_cannot_rebuild_are_refused(grid):
    with pytest.raises(UnsupportedGridError, match="square grid with the 4- or 8-way"):
        worker_maps.ship(grid)


def test_results_come_back_in_job_order_with_repeats_and_empty_jobs(client):
    starts, goals = _queries("den404d")
    jobs = [(MAPS[1], starts[:5], goals[:5]), (MAPS[0], [], []), (MAPS[1], starts, goals)]
    first, empty, whole = run_batches(jobs, client=client, chunk_size=10)
    grid = read_map(MAPS[1])
    _assert_same(first, batch.astar(grid, starts[:5], goals[:5]))
    _assert_same(whole, batch.astar(grid, starts, goals))
    assert len(empty) == 0 and empty.paths.shape == (0, 2) and empty.offsets.tolist() == [0]


def test_each_worker_loads_each_map_once(client):
    client.run(worker_maps.clear_cache)
    jobs = [(path, *_queries(name)) for path, name in zip(MAPS, NAMES, strict=True)]
    tasks = sum(-(-len(job[1]) // 16) for job in jobs)  # 36
    run_batches(jobs, client=client, chunk_size=16)
    run_batches(jobs, client=client, chunk_size=16, method=Method.JPS)
    infos = client.run(worker_maps.cache_info).values()
    assert all(info["loads"] <= 3 for info in infos)  # at most every map once per worker
    assert sum(info["loads"] + info["hits"] for info in infos) == 2 * tasks
    assert sum(info["hits"] for info in infos) >= 2 * tasks - 6


def test_run_scenarios_answers_every_scenario_file(client):
    found = run_scenarios([DATA / "scenarios"], maps=str(DATA), client=client, chunk_size=50,
                          method=Method.JPS)
    assert [b.label for b in found] == [f"maps/dao/{name}.map" for name in NAMES]
    for b in found:
        assert len(b.result) == len(b.scenarios) > 100
        assert all(matches_optimal(float(cost), s)
                   for cost, s in zip(b.result.costs, b.scenarios, strict=True))


def test_progress_is_reported_per_chunk(client, capsys):
    seen: list[tuple[int, str]] = []
    starts, goals = _queries("den404d")
    run_batches([(MAPS[1], starts, goals, "den404d")], client=client, chunk_size=50,
                progress=lambda n, label: seen.append((n, label)))
    assert sorted(seen) == [(30, "den404d"), (50, "den404d"), (50, "den404d")]
    run_batches([(MAPS[1], starts, goals)], client=client, progress=True)
    assert "130/130" in capsys.readouterr().err  # the tqdm bar


# ----------------------------------------------------------------------------- errors
def test_a_wall_is_named_with_its_map_and_row_in_the_job(client):
    starts, goals = _queries("den009d")
    grid = read_map(MAPS[0])
    wall = np.argwhere(~grid.passable_mask)[0][::-1]
    goals = goals.copy()
    goals[70] = wall
    with pytest.raises(InvalidLocationError,
                       match=rf"den009d\.map: goals row 70: \({wall[0]}, {wall[1]}\) is a wall"):
        run_batches([(MAPS[0], starts, goals)], client=client, chunk_size=32)


def _compute_failures(client) -> int:
    """How many "Compute Failed" records (a task's traceback) the workers have logged."""
    logs = client.get_worker_logs()
    return sum("Compute Failed" in message for records in logs.values()
               for _, message in records)


def test_a_bad_start_is_refused_without_a_worker_traceback(client):
    grid = wf.Grid.from_ascii("....\n.##.\n....", diagonal=True)
    before = _compute_failures(client)
    with pytest.raises(InvalidLocationError, match=r"starts row 1: \(1, 1\) is a wall"):
        run_batches([(grid, [(0, 0), (1, 1)], [(3, 2), (3, 2)])], client=client)
    assert _compute_failures(client) == before


def test_a_malformed_map_is_named(client, tmp_path):
    bad = tmp_path / "broken.map"
    bad.write_text("type octile\nheight 2\nwidth 3\nmap\n...\n")
    with pytest.raises(MapFormatError, match=r"broken\.map"):
        run_batches([(bad, [(0, 0)], [(1, 0)])], client=client)


def _break_dijkstra(broken: bool) -> None:
    from wayfinding.distributed import methods

    methods._SEARCHES[methods.Method.DIJKSTRA] = divmod if broken else batch.dijkstra


def test_a_worker_failure_names_the_map_and_queries(client):
    starts, goals = _queries("den404d")
    client.run(_break_dijkstra, True)
    try:
        with pytest.raises(WorkerFailedError,
                           match=r"den404d\.map: the task answering queries \d+ to \d+ failed "
                                 r"on a Dask worker: TypeError"):
            run_batches([(MAPS[1], starts, goals)], client=client, method=Method.DIJKSTRA)
    finally:
        client.run(_break_dijkstra, False)
    [result] = run_batches([(MAPS[1], starts, goals)], client=client, method=Method.DIJKSTRA)
    assert result.found.all()


@pytest.mark.parametrize("method", ["astar", "ASTAR", None, PrepareMethod.SUBGOAL_CH])
def test_an_unknown_method_is_refused(client, method):
    with pytest.raises(InvalidParameterError, match=r"method must be one of Method\.ASTAR"):
        run_batches([(MAPS[0], [(1, 1)], [(1, 1)])], client=client, method=method)


@pytest.mark.parametrize(("job", "match"), [
    ((MAPS[0], [(1, 1), (2, 2)], [(1, 1)]), r"job 0: starts and goals must have as many rows"),
    ((MAPS[0], [(1, 1, 1)], [(1, 1)]), r"job 0: starts must be an \(N, 2\) array"),
    ((MAPS[0], [(1, 1)]), r"job 0 must be a Job or a \(map, starts, goals\[, name\]\) tuple"),
    ((42, [(1, 1)], [(1, 1)]), r"a job's map must be a MovingAI \.map file path or a Grid"),
])
def test_malformed_jobs_are_refused(client, job, match):
    with pytest.raises(InvalidParameterError, match=match):
        run_batches([job], client=client)


@pytest.mark.parametrize("chunk_size", [0, -3, 2.5, True, "10"])
def test_a_bad_chunk_size_is_refused(client, chunk_size):
    with pytest.raises(InvalidParameterError, match="chunk_size must be an integer >= 1"):
        run_batches([(MAPS[0], [(1, 1)], [(1, 1)])], client=client, chunk_size=chunk_size)


def test_client_scheduler_and_workers_exclude_each_other(client):
    with pytest.raises(InvalidParameterError,
                       match="give at most one of client=, scheduler= and workers="):
        run_batches([(MAPS[0], [(1, 1)], [(1, 1)])], client=client, workers=2)


@pytest.mark.parametrize(("address", "match"), [
    ("tcp://127.0.0.1:9", r"no Dask scheduler answered at 'tcp://127\.0\.0\.1:9' within 1 s"),
    ("nonsense:::", r"no Dask scheduler answered at 'nonsense:::'.*ValueError"),
    ("", r"scheduler must be an address such as"),
])
def test_a_bad_scheduler_address_is_named(address, match):
    with pytest.raises(SchedulerError, match=match):
        run_batches([(MAPS[0], [(1, 1)], [(1, 1)])], scheduler=address, timeout=1)


def test_without_dask_the_error_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(ImportError, match=r'pip install "wayfinding\[distributed\]"'):
        run_batches([(MAPS[0], [(1, 1)], [(1, 1)])], workers=1)


def test_a_task_the_scheduler_drops_names_the_map(client):
    import distributed

    starts, goals = _queries("den009d")

    def cancel_the_rest(n: int, label: str) -> None:
        client.cancel([distributed.Future(key, client) for key in list(client.futures)])

    with pytest.raises(WorkerFailedError,
                       match=r"den009d\.map: the task answering queries \d+ to \d+ was "
                             r"cancelled by the Dask scheduler"):
        run_batches([(MAPS[0], starts, goals)], client=client, chunk_size=1,
                    progress=cancel_the_rest)
