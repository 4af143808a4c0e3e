"""The batch kernels once more as plain Python (``NUMBA_DISABLE_JIT=1``).

Runs the property tests in a subprocess with the JIT off and few hypothesis examples,
so the loops' Python semantics (what coverage sees) are checked against the same single
calls.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_batch_tests_pass_without_jit():
    env = dict(os.environ, NUMBA_DISABLE_JIT="1", WAYFINDING_EXAMPLES="6")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
         "tests/batch/test_batch_properties.py"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert " passed" in run.stdout
