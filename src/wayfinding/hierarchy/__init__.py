"""Contraction hierarchies with hub labels: the graph tier's fast exact queries.

:func:`~.hierarchy.build` turns a small undirected graph (node count and edge arrays)
into a :class:`~.hierarchy.Hierarchy` of named arrays; a caller's query kernel inlines
:func:`._kernels.query.hub_path`; :mod:`.files` reads and checks one from a file. Its
first client is :mod:`wayfinding.grid.prepared`, which hands it the subgoal graph of a
grid and turns the nodes of the paths it finds back into cells.
"""

from .hierarchy import Hierarchy, build

__all__ = ["Hierarchy", "build"]
