"""A sphinx-gallery image scraper for the Pillow images wayfinding's examples draw.

After each code block, every Pillow image bound to a name in the example's globals that
was not shown before is saved as the next picture of the example (the examples draw with
``wayfinding.draw.render``; no matplotlib needed).
"""

from __future__ import annotations

from typing import Any


def _scraper(block: Any, block_vars: dict[str, Any], gallery_conf: dict[str, Any]) -> str:
    from PIL import Image
    from sphinx_gallery.scrapers import figure_rst

    shown = block_vars.setdefault("_wayfinding_shown", set())
    paths = []
    for value in list(block_vars["example_globals"].values()):
        if isinstance(value, Image.Image) and id(value) not in shown:
            shown.add(id(value))
            path = next(block_vars["image_path_iterator"])
            value.save(path)
            paths.append(path)
    return figure_rst(paths, gallery_conf["src_dir"])


def _get_sg_image_scraper() -> Any:
    """How sphinx-gallery finds a scraper named by its module (a picklable config)."""
    return _scraper
