#!/usr/bin/env python3
"""Set up the project's virtual environment and run its main job or its tests.

    python3 dev.py run     the demo: the classic A* texts' examples, searched and drawn
    python3 dev.py test    the whole test suite: ruff, then pytest (doctests included)

Each creates ``.venv`` on first use and (re)installs the package with its test extras
whenever ``pyproject.toml`` changes. Needs only Python 3.11+ and pip.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".wayfinding-installed"


def ensure_env() -> None:
    """Create .venv and install the package with its test extras when needed."""
    if sys.version_info < (3, 11):  # noqa: UP036 - dev.py may be run by an older python3
        sys.exit(f"wayfinding needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if PYTHON.exists() and STAMP.exists() and STAMP.read_text() == wanted:
        return
    if not PYTHON.exists():
        print("dev.py: creating .venv", flush=True)
        venv.create(VENV, with_pip=True)
    print("dev.py: installing wayfinding and its test extras into .venv", flush=True)
    subprocess.run([str(PYTHON), "-m", "pip", "install", "--quiet", "--upgrade", "pip"],
                   check=True)
    subprocess.run([str(PYTHON), "-m", "pip", "install", "--quiet", "-e", f"{ROOT}[test]"],
                   check=True)
    STAMP.write_text(wanted)


def main(argv: list[str]) -> int:
    if len(argv) < 1 or argv[0] not in ("run", "test"):
        print(__doc__)
        return 2
    ensure_env()
    os.chdir(ROOT)
    if argv[0] == "run":
        return subprocess.run([str(PYTHON), "-m", "wayfinding", "demo", *argv[1:]]).returncode
    lint = subprocess.run([str(PYTHON), "-m", "ruff", "check", "src", "tests", "benchmarks",
                           "dev.py"])
    tests = subprocess.run([str(PYTHON), "-m", "pytest", *argv[1:]])
    return lint.returncode or tests.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
