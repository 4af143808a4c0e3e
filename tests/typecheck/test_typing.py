"""Packaging: the public API type-checks under ``mypy --strict``, py.typed ships, LICENSE."""

from __future__ import annotations

import ast
import functools
import os
import shutil
import sys
import tempfile
import tomllib
from pathlib import Path

import wayfinding as wf

from ..early import EARLY

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
EXAMPLE = HERE / "typed_example.py"
PACKAGE = Path(wf.__file__).parent


def _pyproject() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as file:
        return tomllib.load(file)


def test_the_example_uses_every_public_name():
    tree = ast.parse(EXAMPLE.read_text(encoding="utf-8"))
    used = {node.attr for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            and node.value.id == "wf"}
    used |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
             and node.module == "wayfinding" for alias in node.names}
    assert set(wf.__all__) - used == set()


@functools.cache
def _mypy() -> tuple[list[str], dict]:
    # src/ on PYTHONPATH: mypy sees wayfinding as an installed package, as users do, and
    # reads it only when it ships py.typed (without it every name would be Any); its
    # cache in a fresh temporary folder, so nothing of an earlier run is trusted
    folder = tempfile.mkdtemp(prefix="wayfinding-mypy-")
    env = {**os.environ, "PYTHONPATH": str(PACKAGE.parent)}
    return ([sys.executable, "-m", "mypy", "--config-file", str(HERE / "mypy.ini"),
             "--cache-dir", folder, str(EXAMPLE)], {"env": env, "cwd": folder, "timeout": 900})


def start_early(item) -> None:
    """Called by conftest.py: mypy starts beside the rest of the suite."""
    if item.name == "test_mypy_strict_finds_no_error_in_the_typed_example":
        command, options = _mypy()
        EARLY.submit("mypy", command, **dict(options))


def test_mypy_strict_finds_no_error_in_the_typed_example():
    command, options = _mypy()
    try:
        run = EARLY.run("mypy", command, **dict(options))
    finally:
        shutil.rmtree(options["cwd"], ignore_errors=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Success: no issues found" in run.stdout


def test_the_typed_example_runs():
    from tests.typecheck import typed_example

    typed_example.main()


def test_py_typed_is_in_the_package_and_declared_as_package_data():
    assert (PACKAGE / "py.typed").is_file()
    assert "py.typed" in _pyproject()["tool"]["setuptools"]["package-data"]["wayfinding"]


def test_license_file_urls_and_classifiers():
    project = _pyproject()["project"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "Copyright (c) 2026 wayfinding developers" in text
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert {"Homepage", "Documentation", "Source", "Issues"} <= set(project["urls"])
    assert "Typing :: Typed" in project["classifiers"]
    assert any("mypy" in requirement for requirement in project["optional-dependencies"]["test"])
