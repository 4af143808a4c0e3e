"""Slow, exact oracles for shortest any-angle paths: a visibility graph over the
obstacle corners a shortest path can bend at, plus start and goal, then Dijkstra.

Everything is exact rational arithmetic (``fractions.Fraction``): a segment is walkable
when it stays in the free space, decided by cutting it where it crosses grid lines
(grids) or by clipping it against each obstacle's open interior (polygons). Independent
of the mesh code: neither oracle looks at a mesh.
"""

from __future__ import annotations

import heapq
import math
from fractions import Fraction

Point = tuple[Fraction, Fraction]


def _dijkstra(points: list[Point], ok) -> float:
    """Shortest length from points[0] to points[1] over the pairs ``ok`` accepts."""
    n = len(points)
    dist = [math.inf] * n
    dist[0] = 0.0
    done = [False] * n
    edges: dict[tuple[int, int], bool] = {}
    frontier = [(0.0, 0)]
    while frontier:
        d, i = heapq.heappop(frontier)
        if done[i]:
            continue
        done[i] = True
        if i == 1:
            return d
        for j in range(n):
            if done[j]:
                continue
            key = (min(i, j), max(i, j))
            if key not in edges:
                edges[key] = ok(points[i], points[j])
            if edges[key]:
                nd = d + math.dist(points[i], points[j])
                if nd < dist[j]:
                    dist[j] = nd
                    heapq.heappush(frontier, (nd, j))
    return math.inf


# ---------------------------------------------------------------------------- grids
def _open(cells, x: int, y: int) -> bool:
    return 0 <= y < len(cells) and 0 <= x < len(cells[0]) and bool(cells[y][x])


def _around(cells, x: int, y: int) -> tuple[bool, bool, bool, bool]:
    """Open cells around grid corner (x, y): up-left, up-right, down-left, down-right."""
    return (_open(cells, x - 1, y - 1), _open(cells, x, y - 1), _open(cells, x - 1, y),
            _open(cells, x, y))


def _pinch(cells, x: int, y: int) -> bool:
    ul, ur, dl, dr = _around(cells, x, y)
    return (ul and dr and not ur and not dl) or (ur and dl and not ul and not dr)


def _in_closure(cells, px: Fraction, py: Fraction) -> bool:
    """Is the point in some closed open cell?"""
    xs = [int(px) - 1, int(px)] if px.denominator == 1 else [math.floor(px)]
    ys = [int(py) - 1, int(py)] if py.denominator == 1 else [math.floor(py)]
    return any(_open(cells, x, y) for x in xs for y in ys)


def grid_segment_ok(cells, a: Point, b: Point, a_cell=None, b_cell=None) -> bool:
    """May a straight walk go from a to b among the open cells? An end at a pinched
    corner must leave into its own cell (``a_cell``/``b_cell``: the cell it belongs to)."""
    (ax, ay), (bx, by) = a, b
    ts = {Fraction(0), Fraction(1)}
    for lo, hi in ((ax, bx), (ay, by)):
        if lo != hi:
            for k in range(math.ceil(min(lo, hi)), math.floor(max(lo, hi)) + 1):
                ts.add((k - lo) / (hi - lo))
    ts = sorted(t for t in ts if 0 <= t <= 1)
    pts = [(ax + t * (bx - ax), ay + t * (by - ay)) for t in ts]
    for i, (px, py) in enumerate(pts):
        if not _in_closure(cells, px, py):
            return False
        corner = px.denominator == 1 and py.denominator == 1
        if corner and _pinch(cells, int(px), int(py)) and 0 < i < len(pts) - 1:
            return False
    last = len(pts) - 2
    for i in range(len(pts) - 1):
        mx, my = (pts[i][0] + pts[i + 1][0]) / 2, (pts[i][1] + pts[i + 1][1]) / 2
        if not _in_closure(cells, mx, my):
            return False
        for end, point, cell in ((0, a, a_cell), (last, b, b_cell)):
            if i == end and cell is not None and _pinched_corner(cells, point):
                cx, cy = cell  # leave a pinched end into its own cell
                if not (cx <= mx <= cx + 1 and cy <= my <= cy + 1):
                    return False
    return True


def _pinched_corner(cells, p: Point) -> bool:
    return p[0].denominator == 1 and p[1].denominator == 1 and _pinch(cells, int(p[0]),
                                                                      int(p[1]))


def grid_length(cells, start: Point, goal: Point, start_cell=None, goal_cell=None) -> float:
    """Shortest any-angle length from start to goal among the open cells (inf: none)."""
    h, w = len(cells), len(cells[0])
    points = [start, goal]
    for y in range(h + 1):
        for x in range(w + 1):
            if sum(_around(cells, x, y)) == 3:
                points.append((Fraction(x), Fraction(y)))

    def ok(p, q):
        pc = start_cell if p == start else goal_cell if p == goal else None
        qc = start_cell if q == start else goal_cell if q == goal else None
        return grid_segment_ok(cells, p, q, pc, qc)

    return _dijkstra(points, ok)


# ---------------------------------------------------------------------------- polygons
def _crosses_interior(polygon: list[Point], a: Point, b: Point) -> bool:
    """Does segment a-b meet the open interior of the convex counter-clockwise polygon?"""
    lo, hi = Fraction(0), Fraction(1)
    dx, dy = b[0] - a[0], b[1] - a[1]
    for (ux, uy), (wx, wy) in zip(polygon, polygon[1:] + polygon[:1], strict=False):
        # inside: (w - u) x (p - u) > 0 for p = a + t d
        ex, ey = wx - ux, wy - uy
        c0 = ex * (a[1] - uy) - ey * (a[0] - ux)
        c1 = ex * dy - ey * dx
        if c1 == 0:
            if c0 <= 0:
                return False
            continue
        t = -c0 / c1
        if c1 > 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
    return lo < hi


def _in_box(box, p: Point) -> bool:
    return box[0] <= p[0] <= box[2] and box[1] <= p[1] <= box[3]


def polygon_length(box, obstacles: list[list[Point]], start: Point, goal: Point) -> float:
    """Shortest length from start to goal inside ``box`` (x0, y0, x1, y1) avoiding the
    open interiors of convex counter-clockwise ``obstacles`` (apart from each other)."""
    points = [start, goal] + [p for poly in obstacles for p in poly if _in_box(box, p)]

    def ok(p, q):
        return _in_box(box, p) and _in_box(box, q) and not any(
            _crosses_interior(poly, p, q) for poly in obstacles)

    return _dijkstra(points, ok)
