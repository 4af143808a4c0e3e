"""Pictures of grids and searches."""

from .text import draw_grid

__all__ = ["draw_grid"]
