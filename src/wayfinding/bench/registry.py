"""The algorithms ``wayfinding bench`` can run, by name.

A factory takes the map's :class:`~wayfinding.Grid` and returns a query function
``query(start, goal) -> SearchResult``. The factory runs once per map and is not timed
(a preprocessing method builds its data there); only query calls are timed. Import what
the factory needs inside it, so that listing the names imports nothing.

Adding an algorithm is one line in :data:`ALGORITHMS` (or :func:`register` at run time)::

    "jps": _public("jps", module="wayfinding.grid.jps"),  # jps(grid, start, goal)
    "subgoal_ch": _prepared("subgoal_ch"),  # prepare(grid, method).search(start, goal)

Examples
--------
>>> import wayfinding as wf
>>> query = ALGORITHMS["astar"](wf.Grid.from_ascii("...", diagonal=True))
>>> query((0, 0), (2, 0)).cost
2.0
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from ..grid import Grid
from ..result import SearchResult

__all__ = ["ALGORITHMS", "Factory", "Query", "register"]

Query = Callable[[tuple[int, int], tuple[int, int]], SearchResult]
Factory = Callable[[Grid], Query]


def _public(
    name: str, *, module: str = "wayfinding", goal_keyword: bool = False, **options: Any
) -> Factory:
    """Factory for ``<module>.<name>(grid, start, goal, **options)``.

    ``wayfinding.<name>`` is preferred when the package re-exports it, else ``module``.
    """

    def factory(grid: Grid) -> Query:
        import wayfinding

        search = getattr(wayfinding, name, None)
        if search is None:
            search = getattr(importlib.import_module(module), name)
        if goal_keyword:
            return lambda start, goal: search(grid, start, goal=goal, **options)
        return lambda start, goal: search(grid, start, goal, **options)

    factory.__doc__ = f"wayfinding.{name}(grid, start, goal)"
    return factory


def _prepared(method: str, *, module: str = "wayfinding.grid.prepared") -> Factory:
    """Factory for a preprocessing method: ``prepare(grid, PrepareMethod(method)).search``.

    The build happens in the factory, once per map, untimed.
    """

    def factory(grid: Grid) -> Query:
        import wayfinding

        home = importlib.import_module(module)
        prepare = getattr(wayfinding, "prepare", None) or home.prepare
        prepared = prepare(grid, home.PrepareMethod(method))
        return prepared.search

    factory.__doc__ = f"prepare(grid, PrepareMethod({method!r})).search(start, goal)"
    return factory


#: name -> factory(grid) -> query(start, goal). One line per algorithm.
ALGORITHMS: dict[str, Factory] = {
    "astar": _public("astar"),
    "dijkstra": _public("dijkstra", goal_keyword=True),
    "jps": _public("jps", module="wayfinding.grid.jps"),
    "subgoal_ch": _prepared("subgoal_ch"),
    "prepared_auto": _prepared("auto"),
    "prepared_jps_plus": _prepared("jps_plus"),
}


def register(name: str, factory: Factory) -> None:
    """Make ``factory`` available to ``wayfinding bench --algorithm name``.

    Examples
    --------
    >>> register("astar-w1", _public("astar", weight=1.0))
    >>> "astar-w1" in ALGORITHMS
    True
    >>> del ALGORITHMS["astar-w1"]
    """
    ALGORITHMS[name] = factory
