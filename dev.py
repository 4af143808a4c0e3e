#!/usr/bin/env python3
"""Set up the project's virtual environment and run its main job or its tests.

    python3 dev.py run     the demo: the classic A* texts' examples, searched and drawn
    python3 dev.py test    the whole test suite: ruff, then ``wayfinding warmup`` (every
                           kernel compiled once into the cache, one process per core),
                           then pytest (doctests included) on every core (pytest-xdist)
    python3 dev.py docs    the documentation site (docs/, Sphinx) into docs/_build/html,
                           warnings as errors, the gallery's examples run; then its checks
                           (tests/docs: every public name and subcommand in the reference,
                           the pages looked at in headless Chromium)

Each creates ``.venv`` on first use and (re)installs the package with its test extras
(``docs``: and its docs extras) whenever ``pyproject.toml`` changes. Needs only Python
3.11+ and pip. The browser tests also need Chromium: ``test`` and ``docs`` install
Debian's ``chromium`` package when /usr/bin/chromium is missing and we are root
(apt-get); otherwise those tests are skipped and say why.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".wayfinding-installed"
CHROMIUM = Path("/usr/bin/chromium")
SITE = ROOT / "docs" / "_build" / "html"


def ensure_env(extras: tuple[str, ...] = ("test",)) -> None:
    """Create .venv and install the package with ``extras`` when needed.

    The stamp holds the hash of ``pyproject.toml`` and the extras installed with it, so
    ``docs`` after ``test`` installs only what is missing, and ``test`` after ``docs``
    nothing.
    """
    if sys.version_info < (3, 11):  # noqa: UP036 - dev.py may be run by an older python3
        sys.exit(f"wayfinding needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    stamp = STAMP.read_text().split() if STAMP.exists() else []
    have = set(stamp[1:]) if stamp[:1] == [digest] else set()
    if PYTHON.exists() and have.issuperset(extras):
        return
    wanted = sorted(have.union(extras))
    if not PYTHON.exists():
        print("dev.py: creating .venv", flush=True)
        venv.create(VENV, with_pip=True)
    print(f"dev.py: installing wayfinding and its {', '.join(wanted)} extras into .venv",
          flush=True)
    subprocess.run([str(PYTHON), "-m", "pip", "install", "--quiet", "--upgrade", "pip"],
                   check=True)
    # --no-compile: the packages' byte code is written when a module is first imported,
    # not for every module at install (half of the install's time)
    subprocess.run([str(PYTHON), "-m", "pip", "install", "--quiet", "--no-compile", "-e",
                    f"{ROOT}[{','.join(wanted)}]"], check=True)
    STAMP.write_text(" ".join([digest, *wanted]))


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


def build_docs(argv: list[str]) -> int:
    """Build the site with warnings as errors, then run its checks (tests/docs).

    The pages' code blocks (tests/docs/test_pages.py) need no site: they start as soon as
    the gallery's examples have run (docs/conf.py touches the file named by
    ``WAYFINDING_GALLERY_DONE``), on the core the gallery's workers leave idle while
    Sphinx reads and writes the pages, and load the kernels the examples compiled.
    """
    ensure_env(("test", "docs"))
    ensure_chromium()
    checks_env = {**os.environ, "WAYFINDING_DOCS_SITE": str(SITE)}
    pytest = [str(PYTHON), "-m", "pytest", "-p", "no:cacheprovider"]
    with tempfile.TemporaryDirectory() as scratch:
        marker = Path(scratch) / "gallery-done"
        page_log = Path(scratch) / "pages.log"
        build = subprocess.Popen([str(PYTHON), "-m", "sphinx", "-W", "--keep-going", "-b",
                                  "html", *argv, "docs", str(SITE)],
                                 env={**os.environ, "WAYFINDING_GALLERY_DONE": str(marker)})
        pages = None

        def start_pages() -> subprocess.Popen:
            with page_log.open("w") as log:
                return subprocess.Popen([*pytest, "tests/docs/test_pages.py"], env=checks_env,
                                        stdout=log, stderr=subprocess.STDOUT)

        while build.poll() is None:
            if pages is None and marker.exists():
                pages = start_pages()
            time.sleep(0.2)
        if build.returncode != 0:
            if pages is not None:
                pages.wait()
            return build.returncode
        print(f"dev.py: the site is in {SITE}; open {SITE / 'index.html'}", flush=True)
        if pages is None:
            pages = start_pages()
        checks = subprocess.run([*pytest, "tests/docs", "--ignore=tests/docs/test_pages.py"],
                                env=checks_env)
        pages.wait()
        print("dev.py: the pages' code blocks (tests/docs/test_pages.py):", flush=True)
        print(page_log.read_text(), flush=True)
    return checks.returncode or pages.returncode


def main(argv: list[str]) -> int:
    if len(argv) < 1 or argv[0] not in ("run", "test", "docs"):
        print(__doc__)
        return 2
    os.chdir(ROOT)
    if argv[0] == "docs":
        return build_docs(argv[1:])
    ensure_env()
    if argv[0] == "run":
        return subprocess.run([str(PYTHON), "-m", "wayfinding", "demo", *argv[1:]]).returncode
    ensure_chromium()
    lint = subprocess.run([str(PYTHON), "-m", "ruff", "check", "src", "tests", "benchmarks",
                           "docs", "dev.py"])
    warm = 0
    if len(argv) == 1:
        # The whole suite: compile every kernel once first, one process per core. Without
        # it the pytest workers compile the same kernels side by side, each paying for
        # them. With a filled cache it only loads them. Skipped when arguments select
        # tests (a few tests need only a few kernels).
        warm = subprocess.run([str(PYTHON), "-m", "wayfinding", "warmup",
                               "--jobs", str(_cores())]).returncode
    # One pytest-xdist worker per core (arguments given after "test" come later and win,
    # e.g. "-n 0" for one process).
    tests = subprocess.run([str(PYTHON), "-m", "pytest", "-n", str(_cores()), *argv[1:]])
    return lint.returncode or warm or tests.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
