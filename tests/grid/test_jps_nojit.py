"""The component, jump-point and prepared-grid kernels as plain Python (NUMBA_DISABLE_JIT=1)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FILES = ["tests/grid/test_components.py", "tests/grid/test_jps.py", "tests/grid/test_prepared.py"]


def test_kernels_without_jit():
    env = dict(os.environ, NUMBA_DISABLE_JIT="1", WAYFINDING_EXAMPLES="8")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x",
         "-k", "not threads and not large", *FILES],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert " passed" in run.stdout
