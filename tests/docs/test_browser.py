"""The built site in a real browser: headless Chromium (as tests/web/test_browser.py) opens
the home page, a guide page and a gallery page and checks each shows its pictures."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("WAYFINDING_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

sync_api = pytest.importorskip("playwright.sync_api",
                               reason="playwright is missing: pip install -e '.[test]'")
if not Path(CHROMIUM).exists():
    pytest.skip(f"no browser at {CHROMIUM}: apt-get install chromium", allow_module_level=True)


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.mark.parametrize(("page", "heading", "least"), [
    ("index.html", "wayfinding", 1),
    ("guide/grids.html", "Grids", 1),
    ("gallery/plot_landmarks.html", "Landmarks (ALT)", 3),
])
def test_page_renders_with_its_images(browser, site, page, heading, least):
    tab = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto((site / page).resolve().as_uri())
    tab.wait_for_load_state("load")
    assert heading in tab.locator("h1").first.inner_text()
    images = tab.locator("article img")
    assert images.count() >= least
    for index in range(images.count()):
        image = images.nth(index)
        image.scroll_into_view_if_needed()
        loaded = image.evaluate("img => img.complete && img.naturalWidth > 0")
        assert loaded, f"{page}: {image.get_attribute('src')} did not load"
        assert image.bounding_box()["width"] > 50
    assert tab.locator(".bd-sidebar-primary, .bd-header").count() > 0  # the theme's frame
    tab.close()
    assert errors == []
