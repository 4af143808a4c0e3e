"""Kernel inputs of the CSR searches (:mod:`.search`): labels as node numbers, a
heuristic as kernel data, and the ``Plan`` (heuristic arrays and parameter arrays) a
best-first search hands its kernel; the plan of the common one-pair call is made once
per graph and mode.

Examples
--------
>>> import wayfinding as wf
>>> g = wf.CSRGraph.from_edges("abc", "bca", coordinates=[(0, 0), (1, 0), (1, 1)])
>>> goals(g, ["c", "a", "c"]).tolist(), starts(g, "b").tolist()
([2, 0], [1])
>>> h = HeuristicData(g, None, goals(g, "c"))
>>> h.code == C.H_EUCLIDEAN, h.consistent
(True, True)
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .._inputs import location_rows, starts_of
from .._kernels import codes as C
from ..errors import InvalidLocationError, InvalidParameterError
from .graph import CSRGraph, Metric
from .landmarks import Landmarks

__all__ = ["E1", "E2", "EL", "SCALARS", "HeuristicData", "Plan", "common_plan", "goals",
           "loop_index", "nodes", "plan", "starts", "targets"]

E2 = np.zeros((0, 2))
E1 = np.zeros(0)
EL = np.zeros((0, 0))
for _empty in (E2, E1, EL):  # read-only like the graph's arrays: one kernel specialisation
    _empty.flags.writeable = False


#: Types of a location that is surely one label (not several, not a predicate; a tuple
#: is always one location): a search given one of these skips the general parsing (its
#: fixed cost).
SCALARS = (int, str, tuple)


def nodes(graph: CSRGraph, locations: list[Any]) -> np.ndarray:
    """Node numbers of labels, each once, in order of first appearance."""
    return np.array(list(dict.fromkeys(graph.index(x) for x in locations)), dtype=np.int64)


def starts(graph: CSRGraph, start: Any) -> np.ndarray:
    """Node numbers of one start or several (as :func:`wayfinding._inputs.starts_of`)."""
    if type(start) in SCALARS:
        return np.array([graph.index(start)], dtype=np.int64)
    return nodes(graph, starts_of(start))


def goals(graph: CSRGraph, goal: Any) -> np.ndarray:
    """Node numbers of a goal: one location, several, a predicate (every node it holds
    for), or None (no goal: a flood)."""
    if type(goal) in SCALARS:
        return np.array([graph.index(goal)], dtype=np.int64)
    if goal is None:
        return np.zeros(0, dtype=np.int64)
    if callable(goal) and goal not in graph:
        labels = graph.labels_of(np.arange(graph.node_count))
        return np.array([i for i, x in enumerate(labels) if goal(x)], dtype=np.int64)
    rows = location_rows(goal, "goal")
    if rows is not None:
        return nodes(graph, rows)
    if isinstance(goal, list | set | frozenset):
        return nodes(graph, list(goal))
    return nodes(graph, [goal])


def targets(graph: CSRGraph, goal: Any, targets: Any) -> np.ndarray:
    """Node numbers of ``targets`` (one location or several; not a predicate)."""
    if goal is not None:
        raise InvalidParameterError(
            f"give a goal or targets, not both (goal={goal!r}, targets={targets!r})")
    if callable(targets) and targets not in graph:
        raise InvalidParameterError(
            f"targets must be locations (one, or a list/set of several), got {targets!r}")
    nodes = goals(graph, targets)
    if nodes.shape[0] == 0:
        raise InvalidLocationError("targets is an empty collection: give at least one target")
    return nodes


class HeuristicData:
    """A heuristic as kernel data: code, arrays, scale, and whether it is consistent
    (``heuristic``: None for the graph's coordinates, an array, Landmarks or a callable;
    ``bidirectional`` allows only None and Landmarks)."""

    __slots__ = ("code", "consistent", "coords", "harray", "lm_from", "lm_to", "scale")

    def __init__(self, graph: CSRGraph, heuristic: Any, goals: np.ndarray,
                 bidirectional: bool = False) -> None:
        self.coords, self.harray, self.lm_from, self.lm_to = E2, E1, EL, EL
        self.scale, self.consistent, self.code = 1.0, True, C.H_ZERO
        if heuristic is None:
            if graph.coordinates is not None:
                self.code = (C.H_GREAT_CIRCLE if graph.metric is Metric.GREAT_CIRCLE
                             else C.H_EUCLIDEAN)
                self.coords = graph.coordinates
                self.scale = graph.heuristic_scale()
        elif isinstance(heuristic, Landmarks):
            heuristic.check(graph)
            self.code = C.H_LANDMARKS
            self.lm_from, self.lm_to = heuristic.from_landmarks, heuristic.to_landmarks
        elif bidirectional:
            raise InvalidParameterError(
                "bidirectional_astar takes heuristic=None (coordinates) or Landmarks, got "
                f"{type(heuristic).__name__}")
        elif isinstance(heuristic, np.ndarray) or callable(heuristic):
            if isinstance(heuristic, np.ndarray):
                array = np.asarray(heuristic, dtype=np.float64)
            else:
                labels = graph.labels_of(np.arange(graph.node_count))
                targets = graph.labels_of(goals)
                array = np.array([min((float(heuristic(x, t)) for t in targets), default=0.0)
                                  for x in labels], dtype=np.float64)
            if array.shape != (graph.node_count,):
                raise InvalidParameterError(
                    f"a heuristic array needs one estimate per node: shape "
                    f"({graph.node_count},), got {array.shape}")
            if np.isnan(array).any() or (array < 0).any():
                raise InvalidParameterError("heuristic estimates must be >= 0 (not NaN)")
            if goals.shape[0] and (array[goals] > 0).any():  # see check_zero_at_goals
                goal = int(goals[np.argmax(array[goals] > 0)])
                raise InvalidParameterError(
                    f"heuristic returned {float(array[goal])!r} at the goal "
                    f"{graph.label(goal)!r}: a heuristic estimates the cost still to go, "
                    "so it must be 0 there")
            array = array.view()  # read-only like the graph's arrays (the caller's untouched)
            array.flags.writeable = False
            self.code, self.harray, self.consistent = C.H_ARRAY, array, False
        else:
            raise InvalidParameterError(
                f"heuristic must be None, an array, Landmarks or a callable, got {heuristic!r}")


#: Kernel inputs of a best-first search: ``(coords, harray, lm_from, lm_to, iparams,
#: fparams, loop)`` (the kernel only reads them; ``loop``, the compiled loop to run: an
#: index into the loops of ``csr/search.py`` ``_loops()``, from :func:`loop_index`).
Plan = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]


def loop_index(mode: int, code: int, n_goals: int) -> int:
    """Which compiled loop runs a search: 0 Dijkstra, 1 A* by straight-line distance to
    one goal, 2 any other (:func:`wayfinding.csr._kernels.bestfirst.loop_for` decides
    the same from the parameter arrays)."""
    if mode == C.MODE_COST:
        return 0
    return 1 if code == C.H_EUCLIDEAN and n_goals == 1 else 2


def plan(mode: int, h: HeuristicData, n_goals: int, partial: bool, weight: float,
         max_cost: float | None, goals_kind: int = C.GOALS_ANY) -> Plan:
    """The kernel inputs of a search in ``mode`` (``MODE_*``) with heuristic ``h``."""
    if mode == C.MODE_COST:
        reopen = C.REOPEN_OPEN
    elif mode == C.MODE_HEURISTIC:
        reopen = C.REOPEN_NONE
    else:
        reopen = C.REOPEN_OPEN if h.consistent else C.REOPEN_ALL
    iparams = np.array([mode, h.code, n_goals, reopen, int(partial), goals_kind],
                       dtype=np.int64)
    fparams = np.array([h.scale, weight, math.inf if max_cost is None else max_cost])
    return (h.coords, h.harray, h.lm_from, h.lm_to, iparams, fparams,
            loop_index(mode, h.code, n_goals))


def common_plan(graph: CSRGraph, mode: int) -> Plan | None:
    """The plan of the common call (one goal, the default heuristic, weight 1, no
    ``max_cost``, no partial path), made once per graph and mode; None for greedy search
    on a graph without coordinates (an error the general path raises)."""
    made = graph._plans.get(mode)
    if made is None:
        h = HeuristicData(graph, None, E1)
        if mode == C.MODE_HEURISTIC and h.code == C.H_ZERO:
            return None
        made = graph._plans[mode] = plan(mode, h, 1, False, 1.0, None)
    return made


