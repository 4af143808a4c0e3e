"""Simultaneous first calls (issue 27, item 3): several threads making their first
compiled call at once in a fresh process used to fail with ``ImportError: cannot import
name 'NullCache' from partially initialized module 'numba.core.caching'``, and every
later call of that process too; the explorer answered such first requests with 500s.

Each trial is a fresh process (``tests/first_calls_worker.py``); the trials run side by
side, bounded in time. Before the fix most trials failed (6 of 8 runs of the library
case, each with all its threads failing).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import wayfinding as wf

WORKER = Path(__file__).with_name("first_calls_worker.py")
SRC = Path(wf.__file__).resolve().parent.parent
TRIALS = 3


@pytest.mark.parametrize("case", ["library", "server"])
def test_simultaneous_first_calls_in_fresh_processes(case: str) -> None:
    if case == "server":
        pytest.importorskip("waitress")
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    runs = [subprocess.Popen([sys.executable, str(WORKER), case], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for _ in range(TRIALS)]
    outputs = []
    try:
        for run in runs:
            outputs.append(run.communicate(timeout=240))
    finally:
        for run in runs:
            run.kill()
    failed = [out + err[-3000:] for (out, err), run in zip(outputs, runs, strict=True)
              if run.returncode != 0 or out.strip() != "ok"]
    assert not failed, f"{len(failed)} of {TRIALS} processes failed:\n{failed[0]}"
