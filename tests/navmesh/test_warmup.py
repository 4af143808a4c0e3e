"""``wayfinding warmup navmesh`` (issue 31): the navigation-mesh kernels are compiled ahead
of use, and a new process then loads every one of them from the cache.

The subprocess test uses the package's kernel cache (tens of seconds when it is empty),
so it is marked ``slow``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import wayfinding as wf
from wayfinding import _warmup

SRC = Path(wf.__file__).resolve().parent


def test_navmesh_task_runs_with_the_compiled_graph_tier() -> None:
    # its polygon graph runs the CSR A*: the same process as the csr task, after it
    group = next(group for group in _warmup.GROUPS if "navmesh" in group)
    assert group.index("csr") < group.index("navmesh")
    assert "Polyanya" in _warmup.TASKS["navmesh"][0]


def test_navmesh_task_runs_here() -> None:
    name, seconds, _compiled = _warmup.run_task("navmesh")
    assert name == "navmesh" and seconds > 0


@pytest.mark.slow
def test_after_navmesh_warmup_a_new_process_compiles_nothing(tmp_path: Path) -> None:
    """slow with an empty cache: the task compiles what the package's kernel cache lacks
    (the cache every other test fills, so those kernels compile once per suite, not
    again into a cache of the test's own); the same task in a new process then compiles
    none. (That the task compiles the navmesh modules at all is checked in-process:
    :func:`test_navmesh_task_compiles_every_navmesh_module`.)"""
    env = {k: v for k, v in os.environ.items()
           if k not in ("NUMBA_CACHE_DIR", "XDG_CACHE_HOME", "WAYFINDING_CACHE_DIR",
                        "NUMBA_DISABLE_JIT", "PYTHONPATH")}
    env.update(PYTHONPATH=str(SRC.parent))
    code = ("from numba.core import event\n"
            "from wayfinding._warmup import run_task\n"
            "names = []\n"
            "class L(event.Listener):\n"
            "    def on_start(self, ev):\n"
            "        names.append(ev.data['dispatcher'].py_func.__module__)\n"
            "    def on_end(self, ev):\n"
            "        pass\n"
            "with event.install_listener('numba:compile', L()):\n"
            "    run_task('navmesh')\n"
            "print(sorted({n for n in names if n.startswith('wayfinding.navmesh')}))\n")
    outputs = []
    for _ in range(2):
        run = subprocess.run([sys.executable, "-c", code], env=env, cwd=tmp_path,
                             capture_output=True, text=True, timeout=1800)
        assert run.returncode == 0, run.stderr[-2000:]
        outputs.append(run.stdout.strip())
    assert outputs[1] == "[]"


def test_navmesh_task_compiles_every_navmesh_module() -> None:
    """The task reaches every navmesh kernel module called from Python: each has a
    dispatcher with a compiled (or cache-loaded) signature afterwards (``expand`` is
    compiled inside ``polyanya.run``, never called on its own)."""
    import importlib

    _warmup.run_task("navmesh")
    for module in ("polyanya", "batch", "locate", "gridmesh"):
        loaded = importlib.import_module(f"wayfinding.navmesh._kernels.{module}")
        used = [name for name, value in vars(loaded).items()
                if getattr(value, "signatures", None) and value.__module__ == loaded.__name__]
        assert used, f"no kernel of navmesh._kernels.{module} ran"
