"""Every ```python block of the documentation's pages runs, a page's blocks in order in one
namespace (as a reader would paste them). ``coming-from.md`` has its own test
(tests/test_coming_from.py); blocks fenced as ``{code-block}`` need a cluster or files and
are shown only. The README's example is run too, and draws the picture it shows."""

from __future__ import annotations

import re

import numpy as np
import pytest

from .conftest import DOCS, ROOT

PAGES = sorted(path.relative_to(DOCS).as_posix() for path in DOCS.rglob("*.md")
               if "_build" not in path.parts and path.name not in ("README.md",
                                                                    "coming-from.md"))
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def _blocks(text: str) -> list[str]:
    return BLOCK.findall(text)


def _run(blocks: list[str], name: str) -> dict:
    namespace: dict = {"__name__": "__docs__"}
    for number, block in enumerate(blocks):
        exec(compile(block, f"{name}[{number}]", "exec"), namespace)
    return namespace


@pytest.mark.parametrize("page", [page for page in PAGES
                                  if _blocks((DOCS / page).read_text(encoding="utf-8"))])
def test_page_code_runs(page, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)  # examples may save pictures
    _run(_blocks((DOCS / page).read_text(encoding="utf-8")), page)


def test_pages_with_code_are_found():
    with_code = {page for page in PAGES if _blocks((DOCS / page).read_text(encoding="utf-8"))}
    assert {"getting-started.md", "guide/graphs.md", "guide/grids.md",
            "guide/many-queries.md", "guide/roads.md"} <= with_code


def test_readme_example_draws_the_picture_it_shows(tmp_path, monkeypatch, capsys):
    pytest.importorskip("PIL", reason="the picture needs the draw extra (Pillow)")
    from PIL import Image

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = _blocks(readme)
    assert len(blocks) == 1 and len(blocks[0].splitlines()) <= 14
    monkeypatch.chdir(tmp_path)
    _run(blocks, "README.md")
    shown = re.search(r"!\[[^\]]*\]\((docs/_static/[\w.-]+\.png)\)", readme)
    assert shown, "the README shows no picture from docs/_static"
    drawn = np.asarray(Image.open(tmp_path / "astar.png").convert("RGB"))
    committed = np.asarray(Image.open(ROOT / shown.group(1)).convert("RGB"))
    assert drawn.shape == committed.shape
    # the same picture; a Pillow without FreeType may draw the colour bar's digits apart
    assert (drawn != committed).any(axis=2).mean() < 0.02


def test_readme_is_short():
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 150
