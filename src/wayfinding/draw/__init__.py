"""Pictures of grids and searches: text (:func:`draw_grid`) and images (:func:`render`).

:func:`render` and :func:`to_array` need the ``draw`` extra (Pillow); importing this
package does not.
"""

from .image import render, to_array
from .text import draw_grid

__all__ = ["draw_grid", "render", "to_array"]
