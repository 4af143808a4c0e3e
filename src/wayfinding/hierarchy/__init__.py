"""Contraction hierarchies: the graph tier's fast exact queries.

:func:`~.directed.build_directed` turns a directed graph of any size into an
:class:`~.directed.ArcHierarchy` (no labels: the arrays grow with the graph), queried by
:func:`._kernels.updown.updown`. :func:`~.hierarchy.build` turns a small undirected
graph (node count and edge arrays) into a :class:`~.hierarchy.Hierarchy` of named arrays
with hub labels by the same contraction (each edge an arc both ways, the arcs merged back
into edges); a caller's query kernel inlines :func:`._kernels.query.hub_path`. :mod:`.files`
reads and checks either from a file. Clients: :mod:`wayfinding.grid.prepared` hands it
the subgoal graph of a grid and turns the nodes of the paths it finds back into cells;
:mod:`wayfinding.csr.prepared` hands it the arcs of a CSR graph.
"""

from .directed import ArcHierarchy, build_directed
from .hierarchy import Hierarchy, build

__all__ = ["ArcHierarchy", "Hierarchy", "build", "build_directed"]
