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

from . import batch, csr, heuristics, hex, io, navmesh
from ._compiling import compile_notice
from .anyangle import euclidean_length, line_of_sight, smooth_path, theta_star
from .anyangle.lines import bresenham, compress_path, expand_path, supercover
from .api import (
    all_shortest_paths,
    astar,
    beam_search,
    bellman_ford,
    bfs_reach,
    bidirectional_astar,
    bidirectional_bfs,
    bidirectional_dijkstra,
    breadth_first_search,
    count_paths,
    depth_first_search,
    dijkstra,
    dijkstra_reach,
    find_negative_cycle,
    fringe_search,
    greedy_best_first,
    idastar,
    iddfs,
    johnson,
    k_shortest_paths,
    landmarks,
    prepare,
    shortest_simple_paths,
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
    NegativeCycleError,
    StaleDataError,
    UnsupportedGridError,
    WayfindingError,
)
from .fields import DistanceField, FlowField, flood, flow_field
from .graph.protocol import Graph, SimpleGraph, WeightedGraph, as_graph
from .grid import CornerCutting, Grid, GridWithWeights, HexGrid, Movement, SquareGrid, VoxelGrid
from .grid.components import connected
from .grid.jps import jps
from .grid.landmarks import GridLandmarks
from .grid.prepared import PreparedGrid, PrepareMethod
from .grid.turns import astar_turns
from .heuristics import Heuristic
from .hex import HexLayout
from .navmesh import NavMesh
from .navmesh.anyangle import any_angle
from .nearest import nearest_nodes
from .paths import KShortestPaths, OptimalPaths, ReachItem
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
    "HexGrid",
    "HexLayout",
    "InvalidCostError",
    "InvalidLocationError",
    "InvalidParameterError",
    "KShortestPaths",
    "Landmarks",
    "MapFormatError",
    "Metric",
    "Movement",
    "NavMesh",
    "NegativeCycleError",
    "OptimalPaths",
    "PrepareMethod",
    "PreparedGraph",
    "PreparedGrid",
    "ReachItem",
    "SearchResult",
    "SimpleGraph",
    "SquareGrid",
    "StaleDataError",
    "StopReason",
    "UnsupportedGridError",
    "VoxelGrid",
    "WayfindingError",
    "WeightedGraph",
    "all_shortest_paths",
    "any_angle",
    "as_graph",
    "astar",
    "astar_turns",
    "batch",
    "beam_search",
    "bellman_ford",
    "bfs_reach",
    "bidirectional_astar",
    "bidirectional_bfs",
    "bidirectional_dijkstra",
    "breadth_first_search",
    "bresenham",
    "compile_graph",
    "compile_notice",
    "compress_path",
    "connected",
    "count_paths",
    "csr",
    "depth_first_search",
    "dijkstra",
    "dijkstra_reach",
    "distance_matrix",
    "draw_grid",
    "euclidean_length",
    "expand_path",
    "find_negative_cycle",
    "flood",
    "flow_field",
    "fringe_search",
    "greedy_best_first",
    "heuristics",
    "hex",
    "idastar",
    "iddfs",
    "io",
    "johnson",
    "jps",
    "k_shortest_paths",
    "landmarks",
    "line_of_sight",
    "navmesh",
    "nearest_nodes",
    "path_blocked",
    "prepare",
    "rc_from_xy",
    "reconstruct_path",
    "shortest_simple_paths",
    "smooth_path",
    "supercover",
    "theta_star",
    "xy_from_rc",
]
