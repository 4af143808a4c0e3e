"""Results that hold several paths: the k shortest (:class:`KShortestPaths`) and every
optimal one (:class:`OptimalPaths`), and the items of a lazy reachability iterator
(:class:`ReachItem`).

:class:`OptimalPaths` is a :class:`~wayfinding.result.SearchResult` (``path`` is one of
the optimal paths, ``came_from`` its tree) that also holds, for every location reached,
the list of its predecessors on optimal paths (networkx's ``pred``); the paths and their
number are read from those lists on demand, since there can be exponentially many.

Examples
--------
>>> preds = {'s': [], 'a': ['s'], 'b': ['s'], 't': ['a', 'b']}
>>> sorted(simple_paths(preds.__getitem__, 't', {'s'}.__contains__))
[['s', 'a', 't'], ['s', 'b', 't']]
>>> count_dag(preds.__getitem__, 't', {'s'}.__contains__)
2
>>> k = KShortestPaths([['s', 't'], ['s', 'a', 't']], [1.0, 2.0], 3, StopReason.FOUND)
>>> [cost for path, cost in k], len(k), k[1]
([1.0, 2.0], 2, (['s', 'a', 't'], 2.0))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .result import SearchResult, StopReason

__all__ = ["KShortestPaths", "OptimalPaths", "ReachItem", "count_dag", "simple_paths"]

Predecessors = Callable[[Any], list[Any]]


class ReachItem(NamedTuple):
    """A location met by :func:`wayfinding.dijkstra_reach` (Rust ``pathfinding``'s
    ``DijkstraReachableItem``): the location, the one it was reached from (None for a
    start) and its cheapest cost."""

    location: Any
    parent: Any
    cost: float


@dataclass(eq=False)
class KShortestPaths:
    """The k cheapest loopless paths of :func:`wayfinding.k_shortest_paths`.

    Attributes
    ----------
    paths : list of lists
        Each start..goal, loopless, in nondecreasing order of cost.
    costs : list of float
        The cost of each path.
    expanded : int
        Locations expanded by all the searches together.
    reason : StopReason
        FOUND when ``k`` paths were found, EXHAUSTED when fewer exist (none: the goal is
        unreachable), MAX_SECONDS or MAX_EXPANSIONS when a budget ran out first (the
        paths found until then are kept).

    Iterating gives ``(path, cost)`` pairs, as Rust ``pathfinding``'s ``yen`` returns them.
    """

    paths: list[list[Any]]
    costs: list[float]
    expanded: int
    reason: StopReason

    def __len__(self) -> int:
        return len(self.paths)

    def __iter__(self) -> Iterator[tuple[list[Any], float]]:
        return iter(zip(self.paths, self.costs, strict=True))

    def __getitem__(self, i: int) -> tuple[list[Any], float]:
        return self.paths[i], self.costs[i]

    @property
    def found(self) -> bool:
        """True when at least one path was found."""
        return bool(self.paths)

    def __repr__(self) -> str:
        return (f"KShortestPaths(paths={len(self.paths)}, costs={self.costs!r}, "
                f"expanded={self.expanded}, reason={self.reason.name})")


@dataclass(eq=False, repr=False)
class OptimalPaths(SearchResult):
    """Every optimal path of :func:`wayfinding.all_shortest_paths`.

    A :class:`~wayfinding.result.SearchResult` (``path`` is one optimal path, ``None``
    when there is none) with, in addition:

    Attributes
    ----------
    predecessors : Mapping
        For every location reached, the list of locations it is reached from on optimal
        paths (empty for a start): networkx's ``pred``, Rust ``astar_bag``'s parents.
    goals : list
        The goals reached at the optimal cost (several when a goal collection or predicate
        has ties); empty for a flood or when no goal was reached.
    starts : frozenset
        Where the paths begin.

    Iterating gives every optimal path to the goals (networkx's ``all_shortest_paths``);
    :meth:`paths` and :meth:`count` take another location of a flood too.
    """

    predecessors: Mapping[Any, list[Any]] = field(default_factory=dict)
    goals: list[Any] = field(default_factory=list)
    starts: frozenset[Any] = frozenset()

    def paths(self, to: Any = None) -> Iterator[list[Any]]:
        """Every optimal path to ``to`` (default: to each of :attr:`goals`), lazily;
        loopless (a zero-cost cycle is never walked)."""
        for end in self._ends(to):
            yield from simple_paths(self.predecessors.__getitem__, end,
                                    self.starts.__contains__)

    def count(self, to: Any = None) -> int:
        """The number of optimal paths to ``to`` (default: to the goals), without listing
        them (Rust ``pathfinding``'s ``count_paths`` over the predecessor lists)."""
        return sum(count_dag(self.predecessors.__getitem__, end, self.starts.__contains__)
                   for end in self._ends(to))

    def _ends(self, to: Any) -> list[Any]:
        if to is None:
            return list(self.goals)
        return [to] if to in self.predecessors else []

    def __iter__(self) -> Iterator[list[Any]]:
        return self.paths()

    def __repr__(self) -> str:
        return SearchResult.__repr__(self).replace("SearchResult(", "OptimalPaths(", 1)


def simple_paths(predecessors: Predecessors, end: Any,
                 is_start: Callable[[Any], bool]) -> Iterator[list[Any]]:
    """Every loopless path from a start to ``end`` whose steps are ``u -> v`` for ``u`` in
    ``predecessors(v)``, each as a list start..end (a depth-first walk backwards)."""
    path = [end]
    on_path = {end}
    stack = [iter(predecessors(end))]
    if is_start(end):
        yield [end]
    while stack:
        u = next(stack[-1], _DONE)
        if u is _DONE:
            stack.pop()
            on_path.discard(path.pop())
            continue
        if u in on_path:
            continue
        path.append(u)
        on_path.add(u)
        if is_start(u):
            yield path[::-1]
        stack.append(iter(predecessors(u)))


_DONE: Any = object()


def count_dag(predecessors: Predecessors, end: Any, is_start: Callable[[Any], bool]) -> int:
    """The number of loopless paths :func:`simple_paths` gives, counted by dynamic
    programming over the locations that lead to ``end`` (each once) when they hold no
    cycle; by walking the paths when they do (zero-cost cycles)."""
    order: list[Any] = []  # the locations leading to end, each after its predecessors
    state: dict[Any, int] = {end: 1}  # 1: on the walk's stack, 2: done
    stack = [(end, iter(predecessors(end)))]
    while stack:
        v, preds = stack[-1]
        u = next(preds, _DONE)
        if u is _DONE:
            stack.pop()
            state[v] = 2
            order.append(v)
        elif u not in state:
            state[u] = 1
            stack.append((u, iter(predecessors(u))))
        elif state[u] == 1:  # a cycle: count the loopless paths one by one
            return sum(1 for _ in simple_paths(predecessors, end, is_start))
    ways: dict[Any, int] = {}
    for v in order:
        ways[v] = int(is_start(v)) + sum(ways[u] for u in predecessors(v))
    return ways[end]
