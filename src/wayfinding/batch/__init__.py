"""Many queries at once: one call, one compiled loop, answers as numpy arrays.

``starts`` and ``goals`` are ``(N, 2)`` integer arrays of ``(x, y)`` (or lists of N
tuples), one query per row; the answers come back as a :class:`BatchResult`. The loop
over the queries runs in compiled code, calling the same kernels as the single-query
functions, so the answers are the same; ``workers=N`` spreads a batch over N threads.

- grids: :func:`astar`, :func:`dijkstra`, :func:`breadth_first_search` (:func:`bfs`),
  :func:`jps`; :func:`prepared` on a :class:`~wayfinding.grid.prepared.PreparedGrid`;
  :func:`distance_matrix` (many-to-many by floods);
- CSR graphs: :func:`astar`, :func:`dijkstra`, :func:`breadth_first_search` with N node
  labels (or node numbers), paths as node numbers (:mod:`wayfinding.batch.csr`).

Examples
--------
>>> import numpy as np
>>> import wayfinding as wf
>>> from wayfinding import batch
>>> grid = wf.Grid.from_ascii('''
... .....
... .###.
... .....
... ''', diagonal=True)
>>> r = batch.astar(grid, np.array([[0, 0], [4, 2]]), np.array([[4, 2], [4, 0]]))
>>> np.round(r.costs, 3).tolist(), r.found.tolist(), r.offsets.tolist()
([6.0, 2.0], [True, True], [0, 7, 10])
>>> batch.distance_matrix(grid, [(0, 0), (4, 0)], [(4, 2)]).round(3).tolist()
[[6.0], [2.0]]
"""

from .grid import astar, bfs, breadth_first_search, dijkstra, jps
from .matrix import distance_matrix
from .prepared import prepared
from .result import BatchResult

__all__ = ["BatchResult", "astar", "bfs", "breadth_first_search", "dijkstra",
           "distance_matrix", "jps", "prepared"]
