"""The Euclidean shortest path between two points of a navigation mesh (Polyanya).

``wf.astar(mesh, start, goal)`` lands here (:func:`astar`): start and goal are points
``(x, y)`` anywhere in the mesh (inside a polygon, on an edge or on a vertex); the
search is :mod:`wayfinding.navmesh._kernels.polyanya`, compiled, in a per-thread
workspace reused between calls.

What the result's fields mean on a mesh: ``path`` is the list of points from start to
goal (floats), bending only at mesh vertices; ``cost`` its exact length. The search's
"locations" are the points a path may bend at, so ``came_from`` maps every point the
search reached as a root (the start and mesh vertices) to the point before it on the
shortest path found to it (``None`` for the start), and ``cost_so_far`` maps each to
that path's length (an upper bound on its distance from the start, exact for the
points on ``path``). ``expanded`` counts the search nodes (intervals) taken off the
frontier.

Examples
--------
>>> import wayfinding as wf
>>> grid = wf.Grid.from_ascii('''
... ....
... .##.
... ....''')
>>> mesh = wf.navmesh.from_grid(grid)
>>> r = wf.astar(mesh, (0.5, 0.5), (3.5, 2.5))
>>> r.path, round(r.cost, 6)
([(0.5, 0.5), (3.0, 1.0), (3.5, 2.5)], 4.130649)
>>> r.came_from[(3.0, 1.0)], r.cost_so_far[(0.5, 0.5)]
((0.5, 0.5), 0.0)
"""

from __future__ import annotations

import math
import threading
import time
from typing import Any

import numpy as np

from .. import _lazy
from .._kernels import codes as C
from ..errors import InvalidLocationError, InvalidParameterError
from ..result import LazyMap, SearchResult, StopReason
from ._layout import (
    M_EXPANDED,
    M_FINAL,
    M_GEN,
    M_NODES,
    M_SLOTS,
    M_TOUCHED,
    NF_COLUMNS,
    NF_F,
    NI_COLUMNS,
)
from .mesh import NavMesh, check_point

__all__ = ["Workspace", "astar", "endpoints", "workspace"]

#: Pops per kernel call while a ``max_seconds`` deadline is watched.
SLICE = 4096


def _kernels() -> Any:
    return _lazy.kernels("wayfinding.navmesh._kernels.polyanya")


class Workspace:
    """One thread's search buffers: per-vertex root stamps, per-polygon goal marks, the
    node records and the frontier; grown on demand, stamps reset by generation."""

    __slots__ = ("best_g", "best_parent", "fan_s", "fan_t", "fitted", "goal_mark", "group",
                 "head", "heap_f", "heap_g", "heap_item", "nodes_f", "nodes_i", "path",
                 "stamp", "state", "tail", "touched")

    def __init__(self) -> None:
        self.state = np.zeros(M_SLOTS, dtype=np.int64)
        self.stamp = np.zeros(0, dtype=np.int32)
        self.best_g = np.zeros(0)
        self.best_parent = np.zeros(0, dtype=np.int32)
        self.touched = np.zeros(0, dtype=np.int32)
        self.goal_mark = np.zeros(0, dtype=np.int32)
        self.nodes_i = np.zeros((1024, NI_COLUMNS), dtype=np.int32)
        self.nodes_f = np.zeros((1024, NF_COLUMNS))
        self.heap_f = np.zeros(1024)
        self.heap_g = np.zeros(1024)
        self.heap_item = np.zeros(1024, dtype=np.int64)
        self.path = np.zeros((64, 2))
        self.fan_s = self.fan_t = np.zeros(0, dtype=np.int32)
        self.group = np.zeros(0, dtype=np.int64)
        self.fitted: NavMesh | None = None
        self.head: tuple = ()
        self.tail: tuple = ()

    def fit(self, mesh: NavMesh) -> None:
        """Room for a search of ``mesh`` (stamps cleared when they run out)."""
        if self.state[M_GEN] > 2**31 - 16:  # stamps about to overflow: start again
            self.stamp[:] = 0
            self.goal_mark[:] = 0
            self.state[M_GEN] = 0
        if mesh is self.fitted:  # the last mesh searched here: the room is there
            return
        self.fitted = mesh
        nv, npoly = mesh.vertex_count, mesh.polygon_count
        if self.stamp.shape[0] < nv:
            self.stamp = np.zeros(nv, dtype=np.int32)
            self.best_g = np.zeros(nv)
            self.best_parent = np.zeros(nv, dtype=np.int32)
            self.touched = np.zeros(nv, dtype=np.int32)
        if self.goal_mark.shape[0] < npoly:
            self.goal_mark = np.zeros(npoly, dtype=np.int32)
        if self.fan_s.shape[0] < mesh.max_fan:
            self.fan_s = np.empty(mesh.max_fan, dtype=np.int32)
            self.fan_t = np.empty(mesh.max_fan, dtype=np.int32)
            self.group = np.empty(mesh.max_fan, dtype=np.int64)
        self.head = (*mesh.kernel_arrays(), mesh.max_sides, *mesh.locator())
        self._retail()

    def _retail(self) -> None:
        """The whole-query kernel's arguments after the points, kept in one tuple (the
        call unpacks it instead of reading 15 attributes)."""
        self.tail = (self.fan_s, self.fan_t, self.group, self.goal_mark, self.stamp,
                     self.best_g, self.best_parent, self.touched, self.state, self.heap_f,
                     self.heap_g, self.heap_item, self.nodes_i, self.nodes_f, self.path)

    def path_room(self, rows: int) -> None:
        """At least ``rows`` rows in the path buffer."""
        if self.path.shape[0] < rows:
            self.path = np.zeros((rows, 2))
            self._retail()

    def grow(self) -> None:
        """Twice the node and frontier room, contents kept."""
        n = self.nodes_i.shape[0]
        self.nodes_i = np.concatenate([self.nodes_i, np.zeros_like(self.nodes_i)])
        self.nodes_f = np.concatenate([self.nodes_f, np.zeros_like(self.nodes_f)])
        for name in ("heap_f", "heap_g", "heap_item"):
            old = getattr(self, name)
            if old.shape[0] <= n:
                setattr(self, name, np.concatenate([old, np.zeros_like(old)]))
        self._retail()


_LOCAL = threading.local()


def workspace() -> Workspace:
    """This thread's workspace."""
    found = getattr(_LOCAL, "ws", None)
    if found is None:
        found = _LOCAL.ws = Workspace()
    return found


def endpoints(mesh: NavMesh, start: Any, goal: Any) -> tuple[float, float, float, float,
                                                             np.ndarray, np.ndarray]:
    """Checked start and goal points and the polygons each belongs to."""
    sx, sy = check_point(start, "start")
    tx, ty = check_point(goal, "goal")
    start_polys = mesh.locate_xy(sx, sy)
    if not start_polys.size:
        raise InvalidLocationError(f"start {start!r} is not in the mesh")
    goal_polys = mesh.locate_xy(tx, ty)
    if not goal_polys.size:
        raise InvalidLocationError(f"goal {goal!r} is not in the mesh")
    return sx, sy, tx, ty, start_polys, goal_polys


def _budget(value: Any, what: str, integer: bool = False) -> float:
    if value is None:
        return math.inf
    if isinstance(value, bool) or not isinstance(value, int | float | np.integer | np.floating):
        raise InvalidParameterError(f"{what} must be a number >= 0, got {value!r}")
    if math.isnan(value) or value < 0 or (integer and not float(value).is_integer()):
        kind = "an integer" if integer else "a number"
        raise InvalidParameterError(f"{what} must be {kind} >= 0, got {value!r}")
    return float(value)


def astar(mesh: NavMesh, start: Any, goal: Any, *, heuristic: Any = None,
          weight: float = 1.0, max_expansions: int | None = None,
          max_cost: float | None = None, max_seconds: float | None = None,
          partial: bool = False) -> SearchResult:
    """The Euclidean shortest path from point ``start`` to point ``goal`` (module
    docstring); ``wayfinding.astar`` on a :class:`NavMesh`.

    The search is optimal by construction: ``heuristic`` must be None and ``weight`` 1.
    Budgets (``max_expansions`` nodes popped, ``max_cost`` the largest length looked at,
    ``max_seconds``) stop it early; with ``partial`` the path then leads to the point
    reached (a start or vertex, ``came_from``) nearest the goal.
    """
    if heuristic is not None or weight != 1.0:
        raise InvalidParameterError(
            "astar on a NavMesh is Polyanya's optimal search: heuristic must be None and "
            f"weight 1.0, got heuristic={heuristic!r}, weight={weight!r}")
    if max_expansions is None and max_cost is None and max_seconds is None:
        return _whole(mesh, start, goal, partial)
    pops = _budget(max_expansions, "max_expansions", integer=True)
    cost_limit = _budget(max_cost, "max_cost")
    seconds = _budget(max_seconds, "max_seconds")
    sx, sy, tx, ty, start_polys, goal_polys = endpoints(mesh, start, goal)
    k = _kernels()
    xs, ys, offsets, flat, adj, corner, dead_end = mesh.kernel_arrays()
    ws = workspace()
    ws.fit(mesh)
    status = k.start_search(xs, ys, offsets, flat, adj, dead_end, start_polys,
                            start_polys.shape[0], goal_polys, goal_polys.shape[0],
                            ws.goal_mark, ws.state, ws.heap_f, ws.heap_g, ws.heap_item,
                            ws.nodes_i, ws.nodes_f, sx, sy, tx, ty)
    while status == C.STATUS_HEAP_FULL:
        ws.grow()
        status = k.start_search(xs, ys, offsets, flat, adj, dead_end, start_polys,
                                start_polys.shape[0], goal_polys, goal_polys.shape[0],
                                ws.goal_mark, ws.state, ws.heap_f, ws.heap_g, ws.heap_item,
                                ws.nodes_i, ws.nodes_f, sx, sy, tx, ty)
    deadline = time.perf_counter() + seconds if seconds < math.inf else math.inf
    reason = StopReason.FOUND
    while status != C.STATUS_FOUND:
        left = pops - ws.state[M_EXPANDED]
        if left <= 0:
            reason = StopReason.MAX_EXPANSIONS
            break
        if time.perf_counter() > deadline:
            reason = StopReason.MAX_SECONDS
            break
        step = int(min(left, SLICE if deadline < math.inf else 2**62))
        status = k.run(xs, ys, offsets, flat, adj, corner, dead_end, mesh.max_sides,
                       ws.goal_mark, ws.stamp, ws.best_g, ws.best_parent, ws.touched,
                       ws.state, ws.heap_f, ws.heap_g, ws.heap_item, ws.nodes_i,
                       ws.nodes_f, sx, sy, tx, ty, step, cost_limit)
        if status == C.STATUS_HEAP_FULL:
            ws.grow()
        elif status == C.STATUS_EXHAUSTED:
            reason = StopReason.EXHAUSTED
            break
        elif status == C.STATUS_MAX_COST:
            reason = StopReason.MAX_COST
            break
    return _result(mesh, ws, reason, partial, sx, sy, tx, ty)


def _whole(mesh: NavMesh, start: Any, goal: Any, partial: bool) -> SearchResult:
    """A query without budgets: one compiled call locates, searches and traces."""
    sx, sy = check_point(start, "start")
    tx, ty = check_point(goal, "goal")
    single = _lazy.kernels("wayfinding.navmesh._kernels.batch").single
    ws = workspace()
    ws.fit(mesh)
    while True:
        status, count = single(*ws.head, sx, sy, tx, ty, *ws.tail)
        if status == C.STATUS_HEAP_FULL:
            ws.grow()
        elif status == -3:
            ws.path_room(2 * count)
        else:
            break
    if status < 0:
        role, point = ("start", start) if status == -1 else ("goal", goal)
        raise InvalidLocationError(f"{role} {point!r} is not in the mesh")
    if status == C.STATUS_FOUND:
        return _found(mesh, ws, count, sx, sy, tx, ty)
    return _result(mesh, ws, StopReason.EXHAUSTED, partial, sx, sy, tx, ty)


def _found(mesh: NavMesh, ws: Workspace, count: int, sx: float, sy: float, tx: float,
           ty: float) -> SearchResult:
    """The result of a search that reached the goal, its path traced into ``ws.path``."""
    xs, ys = ws.head[0], ws.head[1]
    state = ws.state.tolist()
    ids = ws.touched[:state[M_TOUCHED]].copy()
    g = ws.best_g[ids]
    parents = ws.best_parent[ids]
    final = state[M_FINAL]
    cost = math.hypot(tx - sx, ty - sy) if final == -2 else float(ws.nodes_f[final, NF_F])
    return SearchResult(list(map(tuple, ws.path[:count].tolist())), cost,
                        LazyMap(_reached, xs, ys, sx, sy, ids, g, parents, "came"),
                        LazyMap(_reached, xs, ys, sx, sy, ids, g, parents, "cost"),
                        state[M_EXPANDED], StopReason.FOUND, False, (tx, ty))


def _reached(xs: np.ndarray, ys: np.ndarray, sx: float, sy: float, ids: np.ndarray,
             g: np.ndarray, parents: np.ndarray, which: str) -> dict:
    """``came_from`` or ``cost_so_far`` of the roots a search reached."""
    start = (sx, sy)
    if which == "cost":
        out: dict = {start: 0.0}
        out.update(zip(zip(xs[ids].tolist(), ys[ids].tolist(), strict=True), g.tolist(),
                       strict=True))
        return out
    came: dict = {start: None}
    for v, p in zip(ids.tolist(), parents.tolist(), strict=True):
        came[(float(xs[v]), float(ys[v]))] = start if p < 0 else (float(xs[p]), float(ys[p]))
    return came


def _result(mesh: NavMesh, ws: Workspace, reason: StopReason, partial: bool, sx: float,
            sy: float, tx: float, ty: float) -> SearchResult:
    xs, ys = mesh.kernel_arrays()[:2]
    n = int(ws.state[M_TOUCHED])
    ids = ws.touched[:n].copy()
    g = ws.best_g[ids]
    parents = ws.best_parent[ids]
    came_from = LazyMap(_reached, xs, ys, sx, sy, ids, g, parents, "came")
    cost_so_far = LazyMap(_reached, xs, ys, sx, sy, ids, g, parents, "cost")
    expanded = int(ws.state[M_EXPANDED])
    if reason is StopReason.FOUND:
        final = int(ws.state[M_FINAL])
        ws.path_room((int(ws.state[M_NODES]) if final >= 0 else 0) + 4)
        count = _kernels().trace(xs, ys, ws.nodes_i, ws.nodes_f, final, sx, sy, tx, ty,
                                 ws.path)
        return _found(mesh, ws, count, sx, sy, tx, ty)
    if not partial:
        return SearchResult.unreachable(reason, came_from, cost_so_far, expanded)
    # the reached point nearest the goal, and the tree path to it
    if n:
        d = np.hypot(xs[ids] - tx, ys[ids] - ty)
        best = int(np.argmin(d))
        if d[best] >= math.hypot(tx - sx, ty - sy):
            best = -1
    else:
        best = -1
    route = [(sx, sy)]
    cost = 0.0
    if best >= 0:
        v = int(ids[best])
        cost = float(g[best])
        parent = {int(a): int(b) for a, b in zip(ids.tolist(), parents.tolist(), strict=True)}
        chain = []
        while v >= 0 and len(chain) <= n:
            chain.append((float(xs[v]), float(ys[v])))
            v = parent.get(v, -1)
        route += chain[::-1]
    return SearchResult.reached(route, cost, came_from, cost_so_far, expanded, reason)
