"""Straighter paths on grids: line of sight, path smoothing and Theta* (any-angle search).

* :func:`line_of_sight` / :func:`euclidean_length`: may a unit walk straight from one cell
  to another, and how long a waypoint path is.
* :func:`smooth_path`: drop the waypoints a path does not need (string pulling).
* :func:`theta_star`: A* whose paths bend only at the corners of obstacles.

Compiled (numba, imported on first use, not here).
"""

from .lineofsight import euclidean_length, line_of_sight
from .smoothing import smooth_path
from .theta_star import theta_star

__all__ = ["euclidean_length", "line_of_sight", "smooth_path", "theta_star"]
