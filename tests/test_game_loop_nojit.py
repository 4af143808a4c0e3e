"""The game-loop kernels (fields, replan, anyangle, grid turns) once more as plain Python
(``NUMBA_DISABLE_JIT=1``).

Runs their tests in one subprocess with the JIT off and few hypothesis examples, so the
kernels' Python semantics (what coverage sees) are checked against the same oracles. The
dao-map tests are left out (slow without the JIT).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FILES = ["tests/fields/test_flood.py", "tests/fields/test_flowfield.py",
         "tests/replan/test_dstar_lite.py", "tests/replan/test_changes.py",
         "tests/anyangle/test_sight.py", "tests/grid/test_turns.py"]


def test_game_loop_kernels_without_jit():
    env = dict(os.environ, NUMBA_DISABLE_JIT="1", WAYFINDING_EXAMPLES="6")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
         "-k", "not dao", *FILES],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert " passed" in run.stdout
