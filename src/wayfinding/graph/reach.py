"""Lazy reachability on any graph: the locations reachable from a start, yielded in
breadth-first order (:func:`bfs_reach`) or in order of cost (:func:`dijkstra_reach`),
each found only when the caller asks for the next one (Rust ``pathfinding``'s
``bfs_reach`` and ``dijkstra_reach``; networkx's ``bfs_tree`` / ``descendants``).

Examples
--------
>>> from wayfinding.graph.protocol import SimpleGraph
>>> g = SimpleGraph({'a': {'b': 5, 'c': 1}, 'c': {'b': 1}, 'b': {'d': 1}})
>>> list(bfs_reach(g, 'a'))
['a', 'b', 'c', 'd']
>>> [(item.location, item.cost) for item in dijkstra_reach(g, 'a')]
[('a', 0.0), ('c', 1.0), ('b', 2.0), ('d', 3.0)]
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Iterator
from typing import Any

from ..paths import ReachItem
from .problem import checked_starts, rooted
from .weighted import out_steps

__all__ = ["bfs_reach", "dijkstra_reach"]


def bfs_reach(graph: Any, start: Any) -> Iterator[Any]:
    """Every location reachable from ``start`` (one or several), each once, in
    breadth-first order (starts first)."""
    starts = checked_starts(graph, start)
    seen = dict.fromkeys(starts)
    frontier = deque(seen)
    while frontier:
        current = frontier.popleft()
        yield current
        for v in graph.neighbors(current):
            if v not in seen:
                seen[v] = None
                frontier.append(v)


def dijkstra_reach(graph: Any, start: Any) -> Iterator[ReachItem]:
    """Every location reachable from ``start`` (one or several) as a
    :class:`~wayfinding.paths.ReachItem` ``(location, parent, cost)``, in nondecreasing
    order of cost (each when its cost is final)."""
    starts = checked_starts(graph, start)
    steps = out_steps(graph)
    cost_so_far, came_from, roots = rooted(starts)
    frontier = [(0.0, i, s) for i, s in enumerate(roots)]  # a heap: keys equal, i rising
    counter = len(frontier)
    settled: set[Any] = set()
    while frontier:
        cost, _, current = heapq.heappop(frontier)
        if current in settled:
            continue
        settled.add(current)
        yield ReachItem(current, came_from[current], cost)
        for v, step in steps(current):
            new_cost = cost + step
            old = cost_so_far.get(v)
            if v in settled or (old is not None and new_cost >= old):
                continue
            cost_so_far[v], came_from[v] = new_cost, current
            heapq.heappush(frontier, (new_cost, counter, v))
            counter += 1
