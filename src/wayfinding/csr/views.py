"""``came_from`` and ``cost_so_far`` of a CSR search: Mappings over labels, arrays by index.

A search copies out only the nodes it reached (numbers, costs, parents, in order of first
reach); the views build anything bigger lazily:

- as Mappings keyed by node label (``came_from[start] is None``; unreached nodes are
  missing), like the dicts of the generic tier;
- as arrays by node number: ``cost_so_far.array`` float64[n] (``inf`` unreached),
  ``came_from.array`` int64[n] (the parent's number, -1 for starts and unreached nodes).
  Arrays are read-only.

Examples
--------
>>> import wayfinding as wf
>>> g = wf.CSRGraph.from_edges(["a", "b"], ["b", "c"], [2.0, 3.0])
>>> r = wf.dijkstra(g, "a")
>>> r.cost_so_far["c"], r.came_from["c"], r.came_from["a"]
(5.0, 'b', None)
>>> r.cost_so_far.array
array([0., 2., 5.])
>>> r.came_from.array
array([-1,  0,  1])
>>> list(r.came_from)
['a', 'b', 'c']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np

from ..errors import InvalidLocationError

__all__ = ["CameFromView", "CostSoFarView", "Reached"]


class Reached:
    """Compact copy of a search's reached nodes, shared by its two views."""

    __slots__ = ("_cost", "_parent", "cost", "graph", "nodes", "parent")

    def __init__(self, graph: Any, nodes: np.ndarray, cost: np.ndarray,
                 parent: np.ndarray) -> None:
        self.graph = graph
        self.nodes, self.cost, self.parent = nodes, cost, parent
        self._cost: np.ndarray | None = None
        self._parent: np.ndarray | None = None

    def cost_array(self) -> np.ndarray:
        if self._cost is None:
            array = np.full(self.graph.node_count, np.inf)
            array[self.nodes] = self.cost
            array.flags.writeable = False
            self._cost = array
        return self._cost

    def parent_array(self) -> np.ndarray:
        if self._parent is None:
            array = np.full(self.graph.node_count, -1, dtype=np.int64)
            array[self.nodes] = self.parent
            array.flags.writeable = False
            self._parent = array
        return self._parent

    def slot(self, location: Any) -> int:
        """Node number of a reached label; KeyError otherwise."""
        try:
            i = self.graph.index(location)
        except InvalidLocationError:
            raise KeyError(location) from None
        if self.cost_array()[i] == np.inf:
            raise KeyError(location)
        return i


class _View(Mapping[Any, Any]):
    __slots__ = ("reached",)

    def __init__(self, reached: Reached) -> None:
        self.reached = reached

    def __iter__(self) -> Iterator[Any]:
        return iter(self.reached.graph.labels_of(self.reached.nodes))

    def __len__(self) -> int:
        return int(self.reached.nodes.shape[0])

    def __contains__(self, location: object) -> bool:
        try:
            self.reached.slot(location)
        except KeyError:
            return False
        return True


class CostSoFarView(_View):
    """``cost_so_far`` of a CSR search (see the module docstring)."""

    @property
    def array(self) -> np.ndarray:
        """float64[n]: cost of each node by number, ``inf`` where unreached."""
        return self.reached.cost_array()

    def __getitem__(self, location: Any) -> float:
        return float(self.reached.cost_array()[self.reached.slot(location)])


class CameFromView(_View):
    """``came_from`` of a CSR search (see the module docstring)."""

    @property
    def array(self) -> np.ndarray:
        """int64[n]: the parent's number of each node, -1 for starts and unreached."""
        return self.reached.parent_array()

    def __getitem__(self, location: Any) -> Any:
        p = int(self.reached.parent_array()[self.reached.slot(location)])
        return None if p < 0 else self.reached.graph.label(p)
