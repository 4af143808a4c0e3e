"""The batch kernels once more as plain Python (``NUMBA_DISABLE_JIT=1``).

Runs the property tests in a subprocess with the JIT off and few hypothesis examples,
so the loops' Python semantics (what coverage sees) are checked against the same single
calls. The run starts when the suite is collected (:mod:`tests.early`).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from ..early import EARLY

ROOT = Path(__file__).resolve().parents[2]


COMMAND = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
           "tests/batch/test_batch_properties.py"]


def _options() -> dict:
    env = dict(os.environ, NUMBA_DISABLE_JIT="1", WAYFINDING_EXAMPLES="6")
    return {"cwd": ROOT, "env": env, "timeout": 900}


def start_early(item) -> None:
    """Called by conftest.py: the run starts beside the rest of the suite."""
    EARLY.submit("nojit batch", COMMAND, **_options())


def test_batch_tests_pass_without_jit():
    run = EARLY.run("nojit batch", COMMAND, **_options())
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert " passed" in run.stdout
