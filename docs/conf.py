"""Sphinx configuration of wayfinding's documentation site (built by ``python3 dev.py docs``).

Pages are Markdown (MyST), the API reference is generated from the numpydoc docstrings by
autosummary, the command-line reference from ``wayfinding.cli.build_parser`` by
sphinx-argparse, and the gallery by sphinx-gallery, which runs every script in
``docs/examples/`` at build time and keeps the pictures it draws (``_ext/pil_scraper.py``).
Nothing is fetched from the network.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS / "_ext"))
sys.path.insert(0, str(DOCS.parent / "src"))

import wayfinding  # noqa: E402

project = "wayfinding"
author = "wayfinding developers"
copyright = "wayfinding developers"
version = release = wayfinding.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    "numpydoc",
    "myst_parser",
    "sphinxarg.ext",
    "sphinx_gallery.gen_gallery",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build", "README.md", "examples"]
myst_heading_anchors = 3
suppress_warnings = ["myst.header"]
# options such as --workers stay two hyphens (no en dash) in help texts and prose
smartquotes = False

autosummary_generate = True
autosummary_imported_members = True
autosummary_ignore_module_all = False
autodoc_default_options = {"members": True, "inherited-members": False}
autodoc_typehints = "none"
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_validation_checks: set[str] = set()

templates_path = ["_templates"]
html_theme = "pydata_sphinx_theme"
html_title = f"wayfinding {release}"
html_static_path = ["_static"]
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "footer_start": ["copyright"],
    "footer_end": [],
}
html_show_sourcelink = False

# every example runs at each build (sphinx-gallery re-runs only the changed ones when
# docs/gallery is kept from an earlier build); the guides show some of their pictures
sphinx_gallery_conf = {
    "examples_dirs": "examples",
    "gallery_dirs": "gallery",
    "filename_pattern": r"/plot_",
    "image_scrapers": ("pil_scraper",),
    "reset_modules": (),
    "plot_gallery": True,
    "download_all_examples": False,
    "remove_config_comments": True,
    "within_subsection_order": "FileNameSortKey",
    "abort_on_example_error": True,
    "show_memory": False,
    # the examples run in one process per core (joblib): on a fresh clone most of their
    # time is numba compiling kernels, which a second core halves
    "parallel": max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                    else (os.cpu_count() or 1)),
}

# the subpackages' pages (_templates/autosummary/module.rst) link to the names that
# ``wayfinding`` exports instead of documenting them twice
autosummary_context = {"top_level": list(wayfinding.__all__)}


def _gallery_done(app) -> None:
    """Tell ``dev.py docs`` that the gallery's examples have run (the file named by
    ``WAYFINDING_GALLERY_DONE``): it then runs the pages' code blocks on the core the
    gallery's workers leave idle while Sphinx reads and writes the pages."""
    marker = os.environ.get("WAYFINDING_GALLERY_DONE")
    if marker:
        Path(marker).touch()


def setup(app) -> dict:
    # after sphinx-gallery's generate_gallery_rst (priority 500): the kernels the examples
    # compiled are in the cache the pages' code blocks then load
    app.connect("builder-inited", _gallery_done, priority=900)
    return {"parallel_read_safe": True}
