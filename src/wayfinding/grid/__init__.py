"""Grids: numpy-backed graphs of cells, and their compiled searches."""

from .grid import FlatGrid, Grid, GridWithWeights, SquareGrid
from .movement import CornerCutting, Movement

__all__ = ["CornerCutting", "FlatGrid", "Grid", "GridWithWeights", "Movement", "SquareGrid"]
