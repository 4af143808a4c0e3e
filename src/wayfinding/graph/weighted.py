"""A location's steps as checked ``(neighbour, cost)`` pairs, for the generic searches
that read each location's edges once or a few times (Yen, all optimal paths,
Bellman-Ford, Johnson, the depth-first family, fringe and beam search) rather than in the
tight loop of :mod:`wayfinding.graph.engine`.

Costs are read through :func:`~wayfinding.graph.edges.edge_rows` (networkx adjacency
dicts directly), so they mean what they mean for every other search: None hides an
edge, anything else that is not a finite number >= 0 raises
:class:`~wayfinding.errors.InvalidCostError` naming the edge. With ``negative=True``
(Bellman-Ford and Johnson) finite negative numbers are accepted too.

Examples
--------
>>> from wayfinding.graph.protocol import SimpleGraph
>>> g = SimpleGraph({'a': {'b': 2, 'c': 1}, 'c': {'b': -1}}, negative_costs=True)
>>> out_steps(g, negative=True)('a'), out_steps(g, negative=True)('c')
([('b', 2.0), ('c', 1.0)], [('b', -1.0)])
>>> out_steps(g)('c')
Traceback (most recent call last):
...
wayfinding.errors.InvalidCostError: cost of edge 'c' -> 'b' must be finite and >= 0, got -1.0
>>> in_steps(g, negative=True)('b')
[('a', 2.0), ('c', -1.0)]
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from .._inputs import is_number
from ..errors import InvalidCostError
from .edges import edge_rows, reverse_rows
from .protocol import _MISSING

__all__ = ["Steps", "cached", "in_steps", "out_steps"]

Steps = Callable[[Any], list[tuple[Any, float]]]


def out_steps(graph: Any, *, negative: bool = False) -> Steps:
    """``steps(u)``: the edges ``u -> v`` as ``(v, cost)`` pairs, hidden edges left out."""
    return _steps(edge_rows(graph), negative, False)


def in_steps(graph: Any, *, negative: bool = False) -> Steps:
    """``steps(v)``: the edges ``u -> v`` into ``v`` as ``(u, cost)`` pairs (the graph must
    know its predecessors: see :func:`~wayfinding.graph.edges.reverse_rows`)."""
    return _steps(reverse_rows(graph), negative, True)


def cached(steps: Steps) -> Steps:
    """``steps`` remembering each location's answer (for searches that read a location's
    edges many times over one static graph: Yen's spur searches, Bellman-Ford)."""
    memo: dict[Any, list[tuple[Any, float]]] = {}

    def remembered(location: Any) -> list[tuple[Any, float]]:
        found = memo.get(location)
        if found is None:
            found = memo[location] = steps(location)
        return found

    return remembered


def _steps(rows_of: tuple[Any, Any, Any, Any], negative: bool, backward: bool) -> Steps:
    rows, attribute, default, fix = rows_of

    def steps(u: Any) -> list[tuple[Any, float]]:
        out = []
        for v, raw in rows(u).items():
            if attribute is not None:
                raw = raw.get(attribute, default)
            if type(raw) is float and 0.0 <= raw < math.inf:
                out.append((v, raw))
                continue
            if negative and raw is not None and raw is not _MISSING:
                cost = _signed(raw, v if backward else u, u if backward else v)
            else:
                cost = fix(u, v, raw)
            if cost is not None:
                out.append((v, cost))
        return out

    return steps


def _signed(raw: Any, a: Any, b: Any) -> float:
    """A cost of edge ``a -> b`` that may be negative: a finite number."""
    if not is_number(raw):
        raise InvalidCostError(
            f"cost of edge {a!r} -> {b!r} must be a number (or None to hide the edge), "
            f"got {raw!r}")
    number = float(raw)
    if not math.isfinite(number):
        raise InvalidCostError(f"cost of edge {a!r} -> {b!r} must be finite, got {raw!r}")
    return number
