"""wayfinding: pathfinding on graphs and grids.

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('''
... ....
... .##.
... ....
... ''')
>>> wf.astar(grid, (0, 0), (3, 2)).cost
5.0
"""

from . import batch, csr, heuristics, io, navmesh
from ._compiling import compile_notice
from .anyangle import euclidean_length, line_of_sight, smooth_path, theta_star
from .api import (
    astar,
    bidirectional_astar,
    bidirectional_dijkstra,
    breadth_first_search,
    dijkstra,
    greedy_best_first,
    landmarks,
    prepare,
)
from .axes import rc_from_xy, xy_from_rc
from .batch import BatchResult, distance_matrix
from .csr import (
    CSRGraph,
    Landmarks,
    Metric,
    compile_graph,
)
from .csr.prepared import PreparedGraph
from .draw import draw_grid
from .errors import (
    BudgetExhaustedError,
    InvalidCostError,
    InvalidLocationError,
    InvalidParameterError,
    MapFormatError,
    StaleDataError,
    UnsupportedGridError,
    WayfindingError,
)
from .fields import DistanceField, FlowField, flood, flow_field
from .graph.protocol import Graph, SimpleGraph, WeightedGraph, as_graph
from .grid import CornerCutting, Grid, GridWithWeights, Movement, SquareGrid
from .grid.components import connected
from .grid.jps import jps
from .grid.landmarks import GridLandmarks
from .grid.prepared import PreparedGrid, PrepareMethod
from .grid.turns import astar_turns
from .heuristics import Heuristic
from .navmesh import NavMesh
from .navmesh.anyangle import any_angle
from .nearest import nearest_nodes
from .replan import DStarLite, path_blocked
from .result import SearchResult, StopReason, reconstruct_path
from .resumable import AStarSearch

__version__ = "0.1.0"

__all__ = [
    "AStarSearch",
    "BatchResult",
    "BudgetExhaustedError",
    "CSRGraph",
    "CornerCutting",
    "DStarLite",
    "DistanceField",
    "FlowField",
    "Graph",
    "Grid",
    "GridLandmarks",
    "GridWithWeights",
    "Heuristic",
    "InvalidCostError",
    "InvalidLocationError",
    "InvalidParameterError",
    "Landmarks",
    "MapFormatError",
    "Metric",
    "Movement",
    "NavMesh",
    "PrepareMethod",
    "PreparedGraph",
    "PreparedGrid",
    "SearchResult",
    "SimpleGraph",
    "SquareGrid",
    "StaleDataError",
    "StopReason",
    "UnsupportedGridError",
    "WayfindingError",
    "WeightedGraph",
    "any_angle",
    "as_graph",
    "astar",
    "astar_turns",
    "batch",
    "bidirectional_astar",
    "bidirectional_dijkstra",
    "breadth_first_search",
    "compile_graph",
    "compile_notice",
    "connected",
    "csr",
    "dijkstra",
    "distance_matrix",
    "draw_grid",
    "euclidean_length",
    "flood",
    "flow_field",
    "greedy_best_first",
    "heuristics",
    "io",
    "jps",
    "landmarks",
    "line_of_sight",
    "navmesh",
    "nearest_nodes",
    "path_blocked",
    "prepare",
    "rc_from_xy",
    "reconstruct_path",
    "smooth_path",
    "theta_star",
    "xy_from_rc",
]
