"""The compiled graph tier: :class:`CSRGraph` and its searches.

Examples
--------
>>> import wayfinding as wf
>>> g = wf.CSRGraph.from_edges(["x", "y"], ["y", "z"], [1.0, 2.0])
>>> wf.csr.distances(g, "x", ["z"])
array([3.])
"""

from .alt import landmarks
from .compile import compile_graph
from .graph import CSRGraph, Metric
from .landmarks import Landmarks
from .search import bidirectional_astar, bidirectional_dijkstra, distances

__all__ = ["CSRGraph", "Landmarks", "Metric", "bidirectional_astar", "bidirectional_dijkstra",
           "compile_graph", "distances", "landmarks"]
