"""Johnson's algorithm on any graph: cheapest paths from many sources when edge costs may
be negative.

One Bellman-Ford gives every location ``v`` a potential ``p(v)`` (its cheapest cost from
any location reached, starting at 0 everywhere: the classic extra source joined to every
location by free edges), so that every reduced cost ``c(u, v) + p(u) - p(v)`` is >= 0
(rounding below zero is clipped). Then one Dijkstra per source runs on the reduced
costs, and ``cost(s, v) = reduced(s, v) - p(s) + p(v)`` gives back the true costs.

Examples
--------
>>> from wayfinding.graph.protocol import SimpleGraph
>>> g = SimpleGraph({'a': {'b': -2}, 'b': {'c': 3}, 'c': {'a': 1}}, negative_costs=True)
>>> answers = johnson(g)
>>> dict(answers['a'].cost_so_far), answers['c'].cost_so_far['b']
({'a': 0.0, 'b': -2.0, 'c': 1.0}, -1.0)
"""

from __future__ import annotations

from collections import deque
from typing import Any

from .._inputs import starts_of
from ..errors import InvalidParameterError
from ..result import SearchResult, StopReason
from .bellman_ford import relax_all
from .engine import BestFirstSearch, Priority
from .problem import checked_starts
from .protocol import NetworkXGraph, SimpleGraph
from .weighted import cached, out_steps

__all__ = ["johnson"]


def johnson(graph: Any, sources: Any = None) -> dict[Any, SearchResult]:
    """Cheapest paths from each of ``sources`` (default: every location of a graph that
    can list them) to every location it reaches, negative costs allowed.

    Returns ``{source: SearchResult}``, each a flood (``path`` None, ``reason``
    EXHAUSTED) whose ``cost_so_far`` and ``came_from`` give the cheapest costs and
    paths from that source (:func:`wayfinding.reconstruct_path`).

    Raises :class:`~wayfinding.errors.NegativeCycleError` when a negative cycle is
    reachable from a source; InvalidParameterError when ``sources`` is None and the graph
    cannot list its locations (a graph given as a ``neighbors`` function).
    """
    sources = _sources(graph, sources)
    steps = cached(out_steps(graph, negative=True))
    reached = _reachable(steps, sources)
    potential, _, _, _ = relax_all(steps, reached)

    reweighted = _Reduced(steps, potential)
    answers = {}
    for s in sources:
        search = BestFirstSearch(reweighted, s, None, priority=Priority.COST,
                                 track_partial=False)
        search.step()
        shift = potential[s]
        cost_so_far = {v: c - shift + potential[v] for v, c in search.cost_so_far.items()}
        answers[s] = SearchResult.unreachable(StopReason.EXHAUSTED, search.came_from,
                                              cost_so_far, search.expanded)
    return answers


def _sources(graph: Any, sources: Any) -> list[Any]:
    if sources is not None:
        return list(dict.fromkeys(checked_starts(graph, sources)))
    if type(graph) is SimpleGraph:
        return list(dict.fromkeys([*graph.edges, *graph._locations]))
    if type(graph) is NetworkXGraph:
        return list(graph.graph)
    raise InvalidParameterError(
        f"johnson needs sources= for a graph that cannot list its locations (got "
        f"{type(graph).__name__}): give the locations to search from")


def _reachable(steps: Any, sources: list[Any]) -> list[Any]:
    """Every location reachable from ``sources`` (each once, sources first)."""
    seen = dict.fromkeys(starts_of(sources))
    frontier = deque(seen)
    while frontier:
        for v, _ in steps(frontier.popleft()):
            if v not in seen:
                seen[v] = None
                frontier.append(v)
    return list(seen)


class _Reduced:
    """The graph with reduced costs ``c(u, v) + p(u) - p(v)`` (each row built once)."""

    def __init__(self, steps: Any, potential: dict[Any, float]) -> None:
        self.steps, self.potential = steps, potential
        self.rows: dict[Any, dict[Any, float]] = {}

    def neighbors(self, u: Any) -> list[Any]:
        return list(self._row(u))

    def cost(self, u: Any, v: Any) -> float:
        return self._row(u)[v]

    def _row(self, u: Any) -> dict[Any, float]:
        row = self.rows.get(u)
        if row is None:
            p = self.potential
            row = self.rows[u] = {v: max(0.0, c + p[u] - p[v]) for v, c in self.steps(u)}
        return row
