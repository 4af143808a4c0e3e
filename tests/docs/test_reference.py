"""The built reference names every public name and every command-line subcommand."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

import wayfinding as wf
from wayfinding.cli import build_parser


def _text(path: Path) -> str:
    assert path.exists(), f"{path} was not built"
    return path.read_text(encoding="utf-8")


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    actions = [action for action in build_parser()._actions
               if isinstance(action, argparse._SubParsersAction)]
    assert len(actions) == 1
    return dict(actions[0].choices)


@pytest.mark.parametrize("name", wf.__all__)
def test_every_public_name_has_a_reference_page(site, name):
    page = _text(site / "api" / "generated" / f"wayfinding.{name}.html")
    assert f"wayfinding.{name}" in page
    assert f"generated/wayfinding.{name}.html" in _text(site / "api" / "index.html")


@pytest.mark.parametrize("name", sorted(_subcommands()))
def test_every_subcommand_and_its_options_are_in_the_cli_reference(site, name):
    page = _text(site / "cli.html")
    # the subcommand's section: from its anchor to the next subcommand's
    match = re.search(rf'id="wayfinding-{name}"(.*?)(?=id="wayfinding-(?!{name}-)|\Z)', page,
                      re.S)
    assert match, f"no section for {name} in cli.html"
    for action in _subcommands()[name]._actions:
        if isinstance(action, argparse._HelpAction):
            continue  # sphinx-argparse leaves out -h/--help
        for option in action.option_strings:
            assert option in match.group(1), f"{name} {option}"


def test_the_subcommands_are_the_ones_the_command_has():
    assert set(_subcommands()) >= {"demo", "bench", "solve", "serve", "warmup"}
