"""Start-up (issue 12, item 4): ``wayfinding warmup``, the kernel cache's location, and one
specialisation per kernel where the wrappers control the argument types.

The subprocess tests compile real kernels into empty caches, so they take seconds; the
slowest (``test_warmup_fills_the_cache_for_a_new_process``, ~10-30 s) is marked ``slow``
in its name and docstring.
"""

from __future__ import annotations

import functools
import glob
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

import wayfinding as wf
from wayfinding import _cache, _warmup
from wayfinding.cli import main
from wayfinding.errors import InvalidParameterError

SRC = Path(wf.__file__).resolve().parent
NOBODY = 65534


def _clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("NUMBA_CACHE_DIR", "XDG_CACHE_HOME", "WAYFINDING_CACHE_DIR",
                        "NUMBA_DISABLE_JIT", "PYTHONPATH")}
    env.update(extra)
    return env


# -- the command line --------------------------------------------------------------------

def test_warmup_rejects_an_unknown_task(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["warmup", "roads"]) == 2
    assert "unknown warmup task 'roads'" in capsys.readouterr().err


def test_warmup_rejects_jobs_below_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["warmup", "--jobs", "0", "fields"]) == 2
    assert "jobs must be an integer >= 1, got 0" in capsys.readouterr().err


def test_warmup_rejects_a_non_integer_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["warmup", "--jobs", "two"])
    assert "invalid int value: 'two'" in capsys.readouterr().err


def test_warmup_function_errors() -> None:
    with pytest.raises(InvalidParameterError, match="unknown warmup task 'x'; expected one"):
        _warmup.warmup(["x"])
    with pytest.raises(InvalidParameterError, match="jobs must be an integer >= 1, got True"):
        _warmup.warmup(["fields"], jobs=True)


def test_every_task_is_in_exactly_one_group() -> None:
    names = [name for group in (*_warmup.GROUPS, _warmup.LAST) for name in group]
    assert sorted(names) == sorted(_warmup.TASKS)
    grouped = {name for group in _warmup.GROUPS for name in group}
    assert all(set(needs) <= grouped for needs in _warmup.AFTER.values())


def test_a_shared_task_starts_once_the_tasks_it_needs_are_done(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The parallel schedule, with the process pool replaced by one that runs each task
    at once and reports them in order: a task of ``AFTER`` (prepared grids) starts right
    after the last task it needs, not after every group."""
    import concurrent.futures as futures

    started: list[str] = []

    class Pool:
        def __init__(self, **_: object) -> None:
            pass

        def __enter__(self) -> Pool:
            return self

        def __exit__(self, *_: object) -> None:
            pass

        def submit(self, _run: object, name: str) -> futures.Future:
            started.append(name)
            future: futures.Future = futures.Future()
            future.set_result((name, 0.0, 0))
            return future

    def first_only(pending, return_when):  # the oldest submitted task ends first
        return {next(iter(pending))}, set()

    monkeypatch.setattr(_warmup, "ProcessPoolExecutor", Pool)
    monkeypatch.setattr(_warmup, "wait", first_only)
    monkeypatch.setattr(_warmup, "GROUPS", (("grid", "jps", "fields", "replan"),
                                           ("csr", "navmesh")))
    monkeypatch.setattr(_warmup, "LAST", ("prepared",))
    monkeypatch.setattr(_warmup, "AFTER", {"prepared": ("jps", "fields", "csr")})
    names = ["grid", "jps", "fields", "replan", "csr", "navmesh", "prepared"]
    done = _warmup.warmup(names, jobs=2, progress=False)
    assert sorted(done) == sorted(names)
    assert started.index("prepared") == started.index("fields") + 1
    assert started.index("prepared") < started.index("replan")
    # asked alone, it needs nothing else
    started.clear()
    _warmup.warmup(["prepared", "navmesh"], jobs=2, progress=False)
    assert started == ["prepared", "navmesh"]


def test_help_lists_the_tasks(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["warmup", "--help"])
    out = capsys.readouterr().out
    assert all(name in out for name in _warmup.TASKS)


def test_warmup_fills_the_cache_for_a_new_process(tmp_path: Path) -> None:
    """slow (~10-30 s): ``wayfinding warmup fields`` into an empty NUMBA_CACHE_DIR, then a
    new process runs the same algorithms and compiles nothing."""
    cache = tmp_path / "cache"
    env = _clean_env(NUMBA_CACHE_DIR=str(cache), PYTHONPATH=str(SRC.parent))
    run = subprocess.run([sys.executable, "-m", "wayfinding", "warmup", "fields", "-q",
                          "--jobs", "1"], env=env, cwd=tmp_path, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "warmed 1 tasks" in run.stdout and f"cache: {cache}" in run.stdout
    assert " 0 kernels compiled" not in run.stdout
    assert glob.glob(str(cache / "**" / "*.nbi"), recursive=True)
    again = subprocess.run(
        [sys.executable, "-c",
         "from wayfinding._warmup import run_task; print(run_task('fields')[2])"],
        env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert again.stdout.split() == ["0"]  # every kernel loaded from the cache


EVERY_TASK = ("from wayfinding._warmup import TASKS, run_task\n"
              "print(*(f'{name}={run_task(name)[2]}' for name in TASKS))\n")


@pytest.mark.slow
def test_a_process_after_warmup_compiles_nothing(tmp_path: Path) -> None:
    """slow (seconds with a warm cache, minutes with an empty one): every warmup task in
    one process (compiling what the cache lacks), then in a new one, which must load every
    kernel and compile none. Issue 28 item 5: the CSR batch loop took its search loop as
    an argument, whose type numba's cache index matches only in the process that wrote
    it, so every process compiled it again."""
    env = _clean_env(PYTHONPATH=str(SRC.parent))
    for _ in range(2):
        run = subprocess.run([sys.executable, "-c", EVERY_TASK], env=env, cwd=tmp_path,
                             capture_output=True, text=True, timeout=1800)
        assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split() == [f"{name}=0" for name in _warmup.TASKS]


# -- where the cache lives ---------------------------------------------------------------

def test_user_cache_dir_follows_the_environment(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    monkeypatch.delenv("WAYFINDING_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    if sys.platform.startswith("linux"):
        assert _cache.user_cache_dir() == str(tmp_path / "xdg" / "wayfinding" / "numba")
    monkeypatch.setenv("WAYFINDING_CACHE_DIR", str(tmp_path / "mine"))
    assert _cache.user_cache_dir() == str(tmp_path / "mine")


def test_numba_cache_dir_wins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert _cache.kernel_cache_dir() == str(tmp_path)


def _read_only_copy(root: Path) -> Path:
    """The package copied under ``root/site``, every file and folder read-only."""
    site = root / "site"
    shutil.copytree(SRC, site / "wayfinding",
                    ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc"))
    for folder, _, files in os.walk(site, topdown=False):
        for name in files:
            os.chmod(os.path.join(folder, name), 0o444)
        os.chmod(folder, 0o555)
    return site


def _run_as_user(script: str, root: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    """Run ``script`` as a normal user (root writes read-only folders anyway)."""
    user = NOBODY if os.geteuid() == 0 else None
    return subprocess.run([sys.executable, "-c", script], env=env, cwd=root, user=user,
                          capture_output=True, text=True, timeout=300)


@functools.cache
def why_nobody_cannot_run(python: str = sys.executable) -> str | None:
    """Why the tests below cannot run ``python`` as the unprivileged user (they must, as
    root writes read-only folders anyway), or None when they can (or need not: not root).

    A checkout (and its ``.venv``) inside a folder other users cannot enter, such as one
    made by ``mktemp -d``, leaves the interpreter out of that user's reach."""
    if os.name != "posix" or os.geteuid() != 0:
        return None
    try:
        run = subprocess.run([python, "-c", "import numba"], env=_clean_env(), cwd="/",
                             user=NOBODY, capture_output=True, text=True, timeout=300)
    except PermissionError as error:
        return (f"the user nobody cannot run {python} ({error.strerror}): it lies in a folder "
                "other users cannot enter")
    if run.returncode != 0:
        last = (run.stderr.strip().splitlines() or ["no message"])[-1]
        return f"the user nobody cannot run {python} with numba: {last}"
    return None


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_an_interpreter_out_of_reach_is_a_reason_to_skip() -> None:
    if os.geteuid() != 0:
        assert why_nobody_cannot_run(sys.executable) is None  # the tests run as this user
        return
    private = Path(tempfile.mkdtemp())  # mode 0700, as mktemp -d makes it
    try:
        shutil.copy(sys.executable, private / "python")
        reason = why_nobody_cannot_run(str(private / "python"))
    finally:
        shutil.rmtree(private)
    assert reason is not None and "other users cannot enter" in reason


CONNECTED = ("import wayfinding as wf\n"
             "print(wf.__file__)\n"
             "print(wf.connected(wf.Grid.from_ascii('...#.'), (0, 0), (2, 0)))\n")


@pytest.fixture
def install() -> Iterator[Path]:
    reason = why_nobody_cannot_run()
    if reason is not None:
        pytest.skip(reason)
    # Not pytest's tmp_path: its parent folder is private to the user running the tests.
    root = Path(tempfile.mkdtemp(prefix="wayfinding-readonly-"))
    os.chmod(root, 0o777)  # the unprivileged user makes home and temp folders here
    _read_only_copy(root)
    yield root
    for folder, _, _ in os.walk(root):
        os.chmod(folder, 0o777)
    shutil.rmtree(root)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_read_only_install_caches_in_the_user_folder(install: Path) -> None:
    home = install / "home"
    home.mkdir(mode=0o777)
    os.chmod(home, 0o777)
    env = _clean_env(HOME=str(home), PYTHONPATH=str(install / "site"))
    run = _run_as_user(CONNECTED, install, env)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == [str(install / "site" / "wayfinding" / "__init__.py"), "True"]
    assert glob.glob(str(home / ".cache" / "wayfinding" / "numba" / "*" / "*.nbi"))
    assert not glob.glob(str(install / "site" / "**" / "*.nbi"), recursive=True)
    assert not (home / ".cache" / "numba").exists()


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_nothing_writable_but_temp_still_caches(install: Path) -> None:
    home = install / "home"
    home.mkdir()
    os.chmod(home, 0o555)  # read-only for everyone but root
    temp = install / "temp"
    temp.mkdir()
    os.chmod(temp, 0o777)
    env = _clean_env(HOME=str(home), TMPDIR=str(temp), PYTHONPATH=str(install / "site"))
    run = _run_as_user(CONNECTED, install, env)
    assert run.returncode == 0, run.stderr  # numba alone: "cannot cache function"
    assert run.stdout.split()[-1] == "True"
    user = NOBODY if os.geteuid() == 0 else os.getuid()
    assert glob.glob(str(temp / f"wayfinding-numba-{user}" / "*" / "*.nbi"))


# -- one specialisation per kernel -------------------------------------------------------

ONE_SPECIALISATION = """
import numpy as np
import wayfinding as wf
from wayfinding.csr._kernels.bestfirst import any_loop, dijkstra_loop, euclid_loop

points = [(float(i), 0.0) for i in range(5)]
graph = wf.CSRGraph.from_edges(range(4), range(1, 5), directed=False, coordinates=points)
plain = wf.CSRGraph.from_edges(range(4), range(1, 5), directed=False)
estimates = np.zeros(5)
assert wf.astar(graph, 0, 4).cost == 4.0
assert wf.astar(plain, 0, 4, heuristic=wf.landmarks(plain, count=2)).cost == 4.0
assert wf.astar(plain, 0, 4, heuristic=estimates).cost == 4.0
assert wf.dijkstra(plain, 0, 4).cost == 4.0
assert estimates.flags.writeable  # the caller's array is left as it was
print(len(euclid_loop.signatures), len(any_loop.signatures), len(dijkstra_loop.signatures))
"""


def test_csr_best_first_compiles_once_for_every_heuristic() -> None:
    """Coordinates, landmarks, an array of estimates and none at all hand the kernels
    arrays of the same types (read-only), so each of the three loops (Euclidean A*,
    other heuristics, Dijkstra) has one specialisation. In a
    fresh process: other tests (batch loops) add their own signatures to the dispatcher."""
    run = subprocess.run([sys.executable, "-c", ONE_SPECIALISATION], capture_output=True,
                         text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split()[-3:] == ["1", "1", "1"]  # each loop compiled once


@pytest.mark.slow
def test_the_csr_task_loads_the_prepared_graphs_distance_kernels(tmp_path: Path) -> None:
    """slow (a subprocess; minutes with an empty cache): issue 28 item 5, a user's first
    ``prepare(graph).distance`` / ``.table`` / ``.isochrone`` / ``wf.batch.prepared`` and
    the layout of a graph without coordinates compiled after ``wayfinding warmup``
    (about 45 s): the csr task now runs each, so a new process has them all."""
    code = ("from wayfinding._warmup import run_task\n"
            "run_task('csr')\n"
            "from wayfinding.hierarchy._kernels import dissection, distance, pairs\n"
            "for kernel in (pairs.pair_distance, pairs.batch_distances, distance.bucket_table,"
            " distance.sweep, dissection.dissection_order):\n"
            "    print(kernel.__name__, len(kernel.signatures))\n")
    run = subprocess.run([sys.executable, "-c", code], env=_clean_env(PYTHONPATH=str(SRC.parent)),
                         cwd=tmp_path, capture_output=True, text=True, timeout=1800)
    assert run.returncode == 0, run.stderr[-2000:]
    counts = dict(line.split() for line in run.stdout.splitlines())
    assert counts == {name: "1" for name in ("pair_distance", "batch_distances",
                                            "bucket_table", "sweep", "dissection_order")}
