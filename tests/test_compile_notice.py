"""The one-line notice while kernels compile, and the locked cache saves
(``wayfinding._compiling``)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

import wayfinding as wf
from wayfinding import _compiling
from wayfinding._cache import install

SRC = Path(wf.__file__).resolve().parents[1]


@pytest.fixture
def notice(monkeypatch):
    """The notice on and not yet printed in this process (restored afterwards)."""
    install()
    monkeypatch.setitem(_compiling._state, "enabled", True)
    monkeypatch.setitem(_compiling._state, "printed", False)
    return monkeypatch


def _fresh_kernel(module: str):
    """A new jitted function (not cached) whose module is ``module``: its first call
    compiles."""
    from numba import njit

    namespace = {"__name__": module}
    exec("def probe(x):\n    return x + 1\n", namespace)
    return njit(namespace["probe"])


def test_a_compile_of_a_wayfinding_kernel_prints_the_notice_once(notice, capfd):
    notice.setattr(_compiling, "NOTICE_SECONDS", 0.0)
    assert _fresh_kernel("wayfinding._notice_probe")(1) == 2
    assert _fresh_kernel("wayfinding._notice_probe")(1) == 2  # a second compile: no line
    err = capfd.readouterr().err
    assert err.count(_compiling.NOTICE) == 1
    assert "`wayfinding warmup` does it ahead of time" in err


@pytest.mark.parametrize("module", ["someone_else", "wayfindingx.probe"])
def test_other_packages_compiles_print_nothing(notice, capfd, module):
    notice.setattr(_compiling, "NOTICE_SECONDS", 0.0)
    assert _fresh_kernel(module)(1) == 2
    assert capfd.readouterr().err == ""


def test_compile_notice_false_silences_it(notice, capfd):
    notice.setattr(_compiling, "NOTICE_SECONDS", 0.0)
    assert wf.compile_notice(False) is True
    assert _fresh_kernel("wayfinding._notice_probe")(1) == 2
    assert capfd.readouterr().err == ""
    assert wf.compile_notice(True) is False


def _event(module: str) -> SimpleNamespace:
    dispatcher = SimpleNamespace(py_func=SimpleNamespace(__module__=module))
    return SimpleNamespace(data={"dispatcher": dispatcher})


def test_a_compile_shorter_than_the_threshold_prints_nothing(notice, capfd):
    notice.setattr(_compiling, "NOTICE_SECONDS", 30.0)
    listener = _compiling._Notice()
    listener.on_start(_event("wayfinding.grid._kernels.bestfirst"))
    listener.on_start(_event("wayfinding._kernels.heap"))  # a kernel compiled inside it
    listener.on_end(None)
    assert listener.timer is not None
    listener.on_end(None)
    assert listener.timer is None
    assert capfd.readouterr().err == ""


def test_a_compile_longer_than_the_threshold_prints_while_it_runs(notice, capfd):
    notice.setattr(_compiling, "NOTICE_SECONDS", 0.05)
    listener = _compiling._Notice()
    listener.on_start(_event("wayfinding.grid._kernels.bestfirst"))
    listener.timer.join(10)  # the compile is still running when the timer fires
    assert capfd.readouterr().err == _compiling.NOTICE + "\n"
    listener.on_end(None)


def test_the_environment_variable_silences_it_from_the_start():
    env = dict(os.environ, WAYFINDING_COMPILE_NOTICE="0", PYTHONPATH=str(SRC))
    code = "import wayfinding as wf; print(wf.compile_notice())"
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, check=True)
    assert run.stdout.strip() == "False"


def test_a_cached_save_of_a_wayfinding_kernel_holds_the_cache_folder_lock(tmp_path,
                                                                         monkeypatch):
    """Two processes saving two specialisations of one kernel at once could pick the same
    data file: numba's save (read index, pick a number, write index, write data) runs
    under an exclusive lock on the kernel's cache folder."""
    fcntl = pytest.importorskip("fcntl")
    install()
    from numba.core import caching

    source = tmp_path / "lockprobe.py"
    source.write_text("from numba import njit\n\n\n@njit(cache=True)\n"
                      "def probe(x):\n    return x * 2\n")
    spec = importlib.util.spec_from_file_location("wayfinding._lockprobe", source)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    seen = []
    plain_save = caching.IndexDataCacheFile.save

    def save(self, key, data):
        other = os.open(self._cache_path, os.O_RDONLY)
        try:
            fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
            seen.append("free")
        except BlockingIOError:
            seen.append("locked")
        finally:
            os.close(other)
        plain_save(self, key, data)

    monkeypatch.setattr(caching.IndexDataCacheFile, "save", save)
    assert module.probe(3) == 6
    assert module.probe(1.5) == 3.0
    assert seen == ["locked", "locked"]
    # the folder numba saved to: beside the source, or under NUMBA_CACHE_DIR when set
    folder = Path(module.probe._cache._cache_path)
    cached = list(folder.glob("lockprobe.probe-*.nbc"))
    assert len(cached) == 2


def test_a_folder_that_cannot_be_locked_leaves_numbas_save_unlocked(tmp_path):
    assert _compiling._lock_folder(str(tmp_path / "missing")) is None
    handle = _compiling._lock_folder(str(tmp_path))
    assert handle is not None
    _compiling._unlock_folder(handle)
    _compiling._unlock_folder(None)
