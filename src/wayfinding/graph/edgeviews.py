"""``SimpleGraph.edges``: the texts' dict of neighbour lists as a live view of the graph.

The texts build a graph as ``graph.edges = {...}`` and a reader will edit it the same
way (``graph.edges['F'] = ['A']``). Every edit through :class:`EdgesView` goes through
the graph's own row edit, so membership (``'F' in graph``), step costs and predecessors
follow. A row read back is a :class:`Neighbours` list, which refuses edits in place
(they would bypass the graph) and says what to write instead.

Examples
--------
>>> from wayfinding import SimpleGraph
>>> graph = SimpleGraph({'A': ['B'], 'B': []})
>>> graph.edges['B'] = ['C']
>>> graph.edges, 'C' in graph, graph.predecessors('C')
(EdgesView({'A': ['B'], 'B': ['C']}), True, ['B'])
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from typing import Any, NoReturn

__all__ = ["EdgesView", "Neighbours"]

#: A :class:`~wayfinding.SimpleGraph` (not imported: protocol.py imports this module).
SimpleGraph = Any


class Neighbours(list):  # type: ignore[type-arg]
    """The neighbours of one location of a :class:`SimpleGraph`, in order.

    A list to read (it equals the list it was given), refusing edits in place: assign the
    whole row instead (``graph.edges[location] = [...]``), which updates the graph.

    Examples
    --------
    >>> row = Neighbours('A', ['B', 'C'])
    >>> row == ['B', 'C'], row[1]
    (True, 'C')
    >>> row.append('D')
    Traceback (most recent call last):
    ...
    TypeError: the neighbours of 'A' cannot be edited in place; assign the whole row: \
graph.edges['A'] = [...] (or a dict of step costs)
    """

    __slots__ = ("_location",)

    def __init__(self, location: Any, targets: Any) -> None:
        super().__init__(targets)
        self._location = location

    def _refuse(self, *_: Any, **__: Any) -> NoReturn:
        raise TypeError(
            f"the neighbours of {self._location!r} cannot be edited in place; assign the "
            f"whole row: graph.edges[{self._location!r}] = [...] (or a dict of step costs)")

    append = extend = insert = remove = pop = clear = sort = reverse = _refuse
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse  # type: ignore[assignment]


class EdgesView(MutableMapping[Any, Neighbours]):
    """A :class:`SimpleGraph`'s rows ``{location: neighbours}``, edited through the graph.

    ``edges[location] = [...]`` (step cost 1) or ``= {target: cost}`` replaces a row,
    ``del edges[location]`` removes it (its targets stay locations while other rows name
    them), and ``update``, ``pop``, ``setdefault`` and ``clear`` work as on a dict. A bad
    row raises before anything changes.
    """

    __slots__ = ("_graph",)

    def __init__(self, graph: SimpleGraph) -> None:
        self._graph = graph

    def __getitem__(self, location: Any) -> Neighbours:
        return self._graph._edges[location]

    def __iter__(self) -> Iterator[Any]:
        return iter(list(self._graph._edges))

    def __len__(self) -> int:
        return len(self._graph._edges)

    def __contains__(self, location: object) -> bool:
        return location in self._graph._edges

    def __setitem__(self, location: Any, targets: Any) -> None:
        self._graph._set_row(location, targets)

    def __delitem__(self, location: Any) -> None:
        self._graph._drop_row(location)

    def clear(self) -> None:
        """Remove every row (the graph is left empty)."""
        self._graph.edges = {}

    def __repr__(self) -> str:
        return f"EdgesView({dict(self._graph._edges)!r})"
