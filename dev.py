#!/usr/bin/env python3
"""Set up the project's virtual environment and run its main job or its tests.

    python3 dev.py run     the demo: the classic A* texts' examples, searched and drawn
    python3 dev.py test    the whole test suite: ruff, then pytest (doctests included) on
                           every core (pytest-xdist)

Each creates ``.venv`` on first use and (re)installs the package with its test extras
whenever ``pyproject.toml`` changes. Needs only Python 3.11+ and pip. The browser tests
also need Chromium: ``test`` installs Debian's ``chromium`` package when /usr/bin/chromium
is missing and we are root (apt-get); otherwise those tests are skipped and say why.
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
CHROMIUM = Path("/usr/bin/chromium")


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


def ensure_chromium() -> None:
    """Install Debian's chromium for the browser tests when it is missing and we may."""
    if CHROMIUM.exists():
        return
    apt = Path("/usr/bin/apt-get")
    if os.name != "posix" or os.geteuid() != 0 or not apt.exists():
        print(f"dev.py: no {CHROMIUM} and no way to install it (needs root and apt-get): "
              "the browser tests will be skipped", flush=True)
        return
    print("dev.py: installing chromium for the browser tests (apt-get)", flush=True)
    quiet = {"stdout": subprocess.DEVNULL, "env": {**os.environ,
                                                   "DEBIAN_FRONTEND": "noninteractive"}}
    subprocess.run([str(apt), "update"], check=False, **quiet)
    done = subprocess.run([str(apt), "install", "-y", "chromium"],
                          check=False, **quiet)
    if done.returncode != 0 or not CHROMIUM.exists():
        print("dev.py: apt-get could not install chromium: the browser tests will be "
              "skipped", flush=True)


def _cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def main(argv: list[str]) -> int:
    if len(argv) < 1 or argv[0] not in ("run", "test"):
        print(__doc__)
        return 2
    ensure_env()
    os.chdir(ROOT)
    if argv[0] == "run":
        return subprocess.run([str(PYTHON), "-m", "wayfinding", "demo", *argv[1:]]).returncode
    ensure_chromium()
    lint = subprocess.run([str(PYTHON), "-m", "ruff", "check", "src", "tests", "benchmarks",
                           "dev.py"])
    # One pytest-xdist worker per core (arguments given after "test" come later and win,
    # e.g. "-n 0" for one process).
    tests = subprocess.run([str(PYTHON), "-m", "pytest", "-n", str(_cores()), *argv[1:]])
    return lint.returncode or tests.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
