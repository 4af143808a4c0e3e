"""Flood fields: one Dijkstra flood, then instant costs and paths to everywhere.

* :func:`flood` / :class:`DistanceField`: a flood from one or several starts (roguelike
  "Dijkstra maps", flee maps); fields save to and load from files.
* :func:`flow_field` / :class:`FlowField`: one reverse flood from a goal, then every unit's
  next step and path (group movement).

On grids the flood is compiled (numba, imported on first use, not here).
"""

from .flood import DistanceField, flood
from .flowfield import FlowField, flow_field

__all__ = ["DistanceField", "FlowField", "flood", "flow_field"]
