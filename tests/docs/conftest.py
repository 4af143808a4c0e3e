"""The documentation site's checks.

The site is built by ``python3 dev.py docs`` (Sphinx, a few minutes: too slow for the
suite), which then runs these tests on it with ``WAYFINDING_DOCS_SITE`` set; in the suite
they check ``docs/_build/html`` when a build is there and are skipped, saying so, when it
is not or when the ``docs`` extra is not installed. The pages' code blocks
(``test_pages.py``) need neither and always run.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SITE = Path(os.environ.get("WAYFINDING_DOCS_SITE", DOCS / "_build" / "html"))


@pytest.fixture(scope="session")
def site() -> Path:
    """The built site's folder (skips when the docs extra or the build is missing)."""
    missing = [name for name in ("sphinx", "pydata_sphinx_theme", "numpydoc", "myst_parser",
                                 "sphinxarg", "sphinx_gallery")
               if importlib.util.find_spec(name) is None]
    if missing:
        pytest.skip(f"the docs extra is not installed ({', '.join(missing)} missing): "
                    "pip install -e '.[docs]'")
    if not (SITE / "index.html").exists():
        if "WAYFINDING_DOCS_SITE" in os.environ:
            pytest.fail(f"WAYFINDING_DOCS_SITE={SITE} holds no built site (no index.html)")
        pytest.skip(f"no built site in {SITE}: python3 dev.py docs builds it, then runs "
                    "these tests on it")
    return SITE
