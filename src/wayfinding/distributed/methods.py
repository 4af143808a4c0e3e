"""What a distributed batch runs: :class:`Method`, and one chunk answered on a worker.

Examples
--------
>>> import wayfinding as wf
>>> from wayfinding.distributed.maps import Loaded
>>> loaded = Loaded(wf.Grid.from_ascii('....', diagonal=True))
>>> answer(loaded, Method.JPS, [(0, 0)], [(3, 0)]).costs.tolist()
[3.0]
>>> Method("subgoal_ch").prepared
True
"""

from __future__ import annotations

import enum
from typing import Any

from .. import batch
from ..errors import InvalidParameterError
from .maps import Loaded

__all__ = ["Method", "answer", "as_method", "prepared_grid"]


class Method(enum.Enum):
    """The batch search a distributed run makes (:mod:`wayfinding.batch`)."""

    #: :func:`wayfinding.batch.astar` with the grid's own heuristic.
    ASTAR = "astar"
    #: :func:`wayfinding.batch.dijkstra`.
    DIJKSTRA = "dijkstra"
    #: :func:`wayfinding.batch.breadth_first_search` (costs count steps).
    BREADTH_FIRST_SEARCH = "breadth_first_search"
    #: :func:`wayfinding.batch.jps`.
    JPS = "jps"
    #: :func:`wayfinding.batch.prepared` on ``prepare(grid, PrepareMethod.SUBGOAL_CH)``,
    #: built once per map on each worker that answers its queries.
    SUBGOAL_CH = "subgoal_ch"

    @property
    def prepared(self) -> bool:
        """Whether the method prepares each map before its first query."""
        return self is Method.SUBGOAL_CH


def as_method(value: Any) -> Method:
    """``value`` when it is a :class:`Method`, else InvalidParameterError listing them."""
    if isinstance(value, Method):
        return value
    known = ", ".join(f"Method.{m.name}" for m in Method)
    raise InvalidParameterError(f"method must be one of {known}, got {value!r}")


def prepared_grid(loaded: Loaded, method: Method) -> Any:
    """The prepared grid of ``loaded`` for ``method``, built on first need."""
    from ..grid.prepared import PrepareMethod, prepare

    return loaded.get(("prepared", method),
                      lambda: prepare(loaded.grid, PrepareMethod(method.value)))


_SEARCHES = {
    Method.ASTAR: batch.astar,
    Method.DIJKSTRA: batch.dijkstra,
    Method.BREADTH_FIRST_SEARCH: batch.breadth_first_search,
    Method.JPS: batch.jps,
}


def answer(loaded: Loaded, method: Method, starts: Any, goals: Any) -> batch.BatchResult:
    """The batch of ``method`` from ``starts[i]`` to ``goals[i]`` on a loaded map."""
    if method.prepared:
        return batch.prepared(prepared_grid(loaded, method), starts, goals)
    return _SEARCHES[method](loaded.grid, starts, goals)
