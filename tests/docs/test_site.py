"""The built site: every page of the table of contents, the gallery's pictures."""

from __future__ import annotations

import re

import pytest

from .conftest import DOCS

PAGES = ["index", "getting-started", "guide/index", "guide/graphs", "guide/grids",
         "guide/game-loop", "guide/many-queries", "guide/benchmarks", "guide/explorer",
         "guide/any-angle", "guide/roads", "coming-from", "performance", "cli", "api/index",
         "development", "gallery/index"]
EXAMPLES = sorted(path.stem for path in (DOCS / "examples").glob("plot_*.py"))


@pytest.mark.parametrize("page", PAGES)
def test_each_page_is_built(site, page):
    html = (site / f"{page}.html").read_text(encoding="utf-8")
    assert "<h1>" in html


def test_the_gallery_has_at_least_12_examples():
    assert len(EXAMPLES) >= 12


@pytest.mark.parametrize("example", EXAMPLES)
def test_each_example_ran_and_drew_its_pictures(site, example):
    html = (site / "gallery" / f"{example}.html").read_text(encoding="utf-8")
    images = re.findall(rf'src="(\.\./_images/sphx_glr_{example}_\d+\.png)"', html)
    assert images, f"{example} drew no picture"
    for image in images:
        assert (site / "gallery" / image).stat().st_size > 500
