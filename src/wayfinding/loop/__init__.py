"""Pathfinding inside a game loop: flood fields, flow fields, changing maps, straight paths.

* :func:`flood` / :class:`DistanceField`: one Dijkstra flood from one or several starts,
  then instant costs and paths to everywhere (roguelike "Dijkstra maps", flee maps).
* :func:`flow_field` / :class:`FlowField`: one reverse flood from a goal, then every unit's
  next step and path (group movement).
* :func:`path_blocked` and :class:`DStarLite`: does an old path still hold after an edit,
  and incremental re-planning for a unit that moves and discovers changes.
* :func:`line_of_sight`, :func:`smooth_path`, :func:`theta_star`: straighter paths;
  :func:`astar_turns`: A* with a cost per turn.

On grids everything runs compiled (numba); numba is imported on first use, not here.
"""

from .changes import path_blocked
from .dstar_lite import DStarLite
from .flood import DistanceField, flood
from .flowfield import FlowField, flow_field
from .lineofsight import euclidean_length, line_of_sight
from .smoothing import smooth_path
from .theta_star import theta_star
from .turns import astar_turns

__all__ = [
    "DStarLite",
    "DistanceField",
    "FlowField",
    "astar_turns",
    "euclidean_length",
    "flood",
    "flow_field",
    "line_of_sight",
    "path_blocked",
    "smooth_path",
    "theta_star",
]
