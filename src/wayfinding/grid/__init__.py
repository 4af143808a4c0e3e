"""Grids: numpy-backed graphs of cells, and their compiled searches."""

from .grid import FlatGrid, Grid, GridWithWeights, SquareGrid
from .hexgrid import HexGrid
from .movement import CornerCutting, Movement
from .voxel import VoxelGrid

__all__ = ["CornerCutting", "FlatGrid", "Grid", "GridWithWeights", "HexGrid", "Movement",
           "SquareGrid", "VoxelGrid"]
