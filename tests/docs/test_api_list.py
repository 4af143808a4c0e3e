"""The API reference's source lists every public name (checked without building the site,
so a new name that the page misses fails the suite, not only ``dev.py docs``)."""

from __future__ import annotations

import re
from pathlib import Path

import wayfinding as wf

INDEX = Path(__file__).resolve().parents[2] / "docs" / "api" / "index.rst"


def test_the_api_page_lists_every_public_name():
    listed = set(re.findall(r"^   (\w+)\s*$", INDEX.read_text(encoding="utf-8"), re.M))
    assert set(wf.__all__) - listed == set()
