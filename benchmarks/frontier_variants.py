"""Which frontier should the grid A* kernel use? Measured on MovingAI maps.

Every variant runs the same plain A* (padded flat grid, precomputed offsets, closed cells
never re-opened, single goal) and differs only in its frontier:

- ``binary``: array binary heap with lazy deletion (duplicates skipped when popped),
  ordered by f only, entries (f, g, cell); ``binary-fn``: entries (f, cell) only, a popped
  cell already expanded being the stale duplicate; ``binary+tie``: ordered by (f, larger g
  first), the kernel's comparisons written without branches; ``binary-i64``: ``binary``
  with int64 instead of int32 cell indices in the heap and the per-cell arrays;
- ``4-ary``: a lazy 4-ary heap (shallower, more compares per level);
- ``indexed``: binary heap of cells with decrease-key (a position per cell, no duplicates);
- ``bucket``: a bucket queue over integer f (one LIFO list per f value in a ring of
  buckets), only for integer step costs;
- ``kernel``: the library's own kernel (``wayfinding.grid._kernels.bestfirst``).

Three movement rules: the benchmark's 8-way with sqrt 2 diagonals, 8-way with the 10/14
integer pair, and 4-way with unit steps (the last two also allow the bucket queue and have
many exact ties in f). Every variant must find the same cost on every query.

Run by hand: ``python benchmarks/frontier_variants.py [--sample 200] [--repeat 3]
[--data ../shared/movingai] [MAP ...]``; prints mean microseconds per query (the best of
``--repeat`` passes), mean expansions, and the ratio to ``binary``.
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path

import numpy as np
from numba import njit

import wayfinding as wf
from wayfinding.grid import _engine as engine
from wayfinding.grid import spec as grid_spec
from wayfinding.io.movingai import read_map, read_scenarios

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DATA = REPO / ".." / "shared" / "movingai"
DEFAULT_MAPS = ["dao/arena2", "dao/brc202d", "dao/ost100d", "random/random512-40-0",
                "mazes/maze512-4-0", "rooms/8room_000"]
INF = math.inf


# ----------------------------------------------------------------------------- helpers
@njit(inline="always")
def _h(x, y, gx, gy, d, d2):
    dx = abs(x - gx)
    dy = abs(y - gy)
    return d * (dx + dy) + (d2 - 2.0 * d) * min(dx, dy)


@njit(inline="always")
def _step_ok(passable, u, k, moves, n_moves):
    if k < 4:
        return True
    return passable[u + moves[k, 1]] != 0 and passable[u + moves[k, 2]] != 0


# ----------------------------------------------------------------------------- lazy d-ary
INDEX_TYPES: dict = {}


def _make_lazy(arity, tie, index_type):
    """A* over a lazy heap with ``arity`` children per node, optionally (f, -g) ordered."""

    @njit(inline="always")
    def before(fa, ga, fb, gb):
        if tie:
            return (fa < fb) | ((fa == fb) & (ga > gb))
        return fa < fb

    @njit
    def astar(passable, moves, lengths, n_moves, stride, start, goal, d, d2,
              stamp, g, parent, heap_f, heap_g, heap_n, gen):
        gx, gy = goal % stride, goal // stride
        stamp[start] = gen
        g[start] = 0.0
        parent[start] = -1
        heap_f[0] = _h(start % stride, start // stride, gx, gy, d, d2)
        heap_g[0] = 0.0
        heap_n[0] = start
        size = 1
        expanded = 0
        while size > 0:
            u = heap_n[0]
            ge = heap_g[0]
            size -= 1
            lf, lg, ln = heap_f[size], heap_g[size], heap_n[size]
            i = 0
            while True:
                c = arity * i + 1
                if c >= size:
                    break
                if arity == 2:
                    if c + 1 < size:  # branch-free choice of the smaller child
                        if tie:
                            c += (heap_f[c + 1] < heap_f[c]) | (
                                (heap_f[c + 1] == heap_f[c]) & (heap_g[c + 1] > heap_g[c]))
                        else:
                            c += heap_f[c + 1] < heap_f[c]
                    best = c
                else:
                    best = c
                    for j in range(c + 1, min(c + arity, size)):
                        if before(heap_f[j], heap_g[j], heap_f[best], heap_g[best]):
                            best = j
                if before(heap_f[best], heap_g[best], lf, lg):
                    heap_f[i], heap_g[i], heap_n[i] = heap_f[best], heap_g[best], heap_n[best]
                    i = best
                else:
                    break
            heap_f[i], heap_g[i], heap_n[i] = lf, lg, ln
            if ge > g[u] or stamp[u] != gen:
                continue
            if u == goal:
                return g[u], expanded
            stamp[u] = -gen
            expanded += 1
            ux, uy = u % stride, u // stride
            for k in range(n_moves):
                v = u + moves[k, 0]
                if passable[v] == 0 or not _step_ok(passable, u, k, moves, n_moves):
                    continue
                ng = g[u] + lengths[k]
                if stamp[v] == -gen or (stamp[v] == gen and ng >= g[v]):
                    continue
                stamp[v] = gen
                g[v] = ng
                parent[v] = u
                f = ng + _h(ux + moves[k, 3], uy + moves[k, 4], gx, gy, d, d2)
                i = size
                size += 1
                while i > 0:
                    p = (i - 1) // arity
                    if not before(f, ng, heap_f[p], heap_g[p]):
                        break
                    heap_f[i], heap_g[i], heap_n[i] = heap_f[p], heap_g[p], heap_n[p]
                    i = p
                heap_f[i], heap_g[i], heap_n[i] = f, ng, v
        return INF, expanded

    INDEX_TYPES[astar] = index_type
    return astar


@njit
def _lazy_fn(passable, moves, lengths, n_moves, stride, start, goal, d, d2,
             stamp, g, parent, heap_f, heap_g, heap_n, gen):
    """Lazy binary heap of (f, cell) only: a popped cell already expanded is stale."""
    gx, gy = goal % stride, goal // stride
    stamp[start] = gen
    g[start] = 0.0
    parent[start] = -1
    heap_f[0] = _h(start % stride, start // stride, gx, gy, d, d2)
    heap_n[0] = start
    size = 1
    expanded = 0
    while size > 0:
        u = heap_n[0]
        size -= 1
        lf, ln = heap_f[size], heap_n[size]
        i = 0
        while True:
            c = 2 * i + 1
            if c >= size:
                break
            if c + 1 < size:
                c += heap_f[c + 1] < heap_f[c]
            if heap_f[c] < lf:
                heap_f[i], heap_n[i] = heap_f[c], heap_n[c]
                i = c
            else:
                break
        heap_f[i], heap_n[i] = lf, ln
        if stamp[u] != gen:
            continue
        if u == goal:
            return g[u], expanded
        stamp[u] = -gen
        expanded += 1
        ux, uy = u % stride, u // stride
        for k in range(n_moves):
            v = u + moves[k, 0]
            if passable[v] == 0 or not _step_ok(passable, u, k, moves, n_moves):
                continue
            ng = g[u] + lengths[k]
            if stamp[v] == -gen or (stamp[v] == gen and ng >= g[v]):
                continue
            stamp[v] = gen
            g[v] = ng
            parent[v] = u
            f = ng + _h(ux + moves[k, 3], uy + moves[k, 4], gx, gy, d, d2)
            i = size
            size += 1
            while i > 0:
                p = (i - 1) >> 1
                if f >= heap_f[p]:
                    break
                heap_f[i], heap_n[i] = heap_f[p], heap_n[p]
                i = p
            heap_f[i], heap_n[i] = f, v
    return INF, expanded


# ----------------------------------------------------------------------------- indexed
@njit
def _indexed(passable, moves, lengths, n_moves, stride, start, goal, d, d2,
             stamp, g, parent, heap_f, heap_g, heap_n, gen):
    """Binary heap of cells with decrease-key; ``heap_g`` doubles as f per cell and
    ``heap_f`` (as int positions) holds each cell's heap slot."""
    pos = heap_f  # float64 per cell: position in the heap (exact for < 2**53)
    key = heap_g  # float64 per cell: its f
    heap = heap_n  # the heap of cells
    gx, gy = goal % stride, goal // stride
    stamp[start] = gen
    g[start] = 0.0
    parent[start] = -1
    key[start] = _h(start % stride, start // stride, gx, gy, d, d2)
    heap[0] = start
    pos[start] = 0
    size = 1
    expanded = 0
    while size > 0:
        u = heap[0]
        size -= 1
        last = heap[size]
        lf = key[last]
        i = 0
        while True:
            c = 2 * i + 1
            if c >= size:
                break
            if c + 1 < size:
                c += key[heap[c + 1]] < key[heap[c]]
            if key[heap[c]] < lf:
                heap[i] = heap[c]
                pos[heap[i]] = i
                i = c
            else:
                break
        heap[i] = last
        pos[last] = i
        if u == goal:
            return g[u], expanded
        stamp[u] = -gen
        expanded += 1
        ux, uy = u % stride, u // stride
        for k in range(n_moves):
            v = u + moves[k, 0]
            if passable[v] == 0 or not _step_ok(passable, u, k, moves, n_moves):
                continue
            ng = g[u] + lengths[k]
            if stamp[v] == -gen:
                continue
            if stamp[v] == gen:
                if ng >= g[v]:
                    continue
                i = int(pos[v])
            else:
                stamp[v] = gen
                i = size
                size += 1
            g[v] = ng
            parent[v] = u
            f = ng + _h(ux + moves[k, 3], uy + moves[k, 4], gx, gy, d, d2)
            key[v] = f
            while i > 0:
                p = (i - 1) >> 1
                if key[heap[p]] <= f:
                    break
                heap[i] = heap[p]
                pos[heap[i]] = i
                i = p
            heap[i] = v
            pos[v] = i
    return INF, expanded


# ----------------------------------------------------------------------------- buckets
@njit
def _bucket(passable, moves, lengths, n_moves, stride, start, goal, d, d2,
            stamp, g, parent, heap_f, heap_g, heap_n, gen):
    """Bucket queue over integer f: a ring of LIFO lists (entries in heap_n/heap_g)."""
    ring = 1
    span = int(2 * lengths.max() + 2)
    while ring < span:
        ring *= 2
    head = np.full(ring, -1, np.int64)
    nxt = heap_f  # entry -> next entry in its bucket (as float64; exact)
    gx, gy = goal % stride, goal // stride
    stamp[start] = gen
    g[start] = 0.0
    parent[start] = -1
    fmin = int(_h(start % stride, start // stride, gx, gy, d, d2))
    heap_n[0] = start
    heap_g[0] = 0.0
    nxt[0] = -1
    head[fmin & (ring - 1)] = 0
    n_entries = 1
    live = 1
    expanded = 0
    while live > 0:
        b = fmin & (ring - 1)
        e = head[b]
        if e < 0:
            fmin += 1
            continue
        head[b] = int(nxt[e])
        live -= 1
        u = heap_n[e]
        if heap_g[e] > g[u] or stamp[u] != gen:
            continue
        if u == goal:
            return g[u], expanded
        stamp[u] = -gen
        expanded += 1
        ux, uy = u % stride, u // stride
        for k in range(n_moves):
            v = u + moves[k, 0]
            if passable[v] == 0 or not _step_ok(passable, u, k, moves, n_moves):
                continue
            ng = g[u] + lengths[k]
            if stamp[v] == -gen or (stamp[v] == gen and ng >= g[v]):
                continue
            stamp[v] = gen
            g[v] = ng
            parent[v] = u
            f = int(ng + _h(ux + moves[k, 3], uy + moves[k, 4], gx, gy, d, d2))
            bb = f & (ring - 1)
            heap_n[n_entries] = v
            heap_g[n_entries] = ng
            nxt[n_entries] = head[bb]
            head[bb] = n_entries
            n_entries += 1
            live += 1
    return INF, expanded


# ----------------------------------------------------------------------------- driver
VARIANTS = {
    "binary": _make_lazy(2, False, np.int32),
    "binary+tie": _make_lazy(2, True, np.int32),
    "binary-i64": _make_lazy(2, False, np.int64),
    "binary-fn": _lazy_fn,
    "4-ary": _make_lazy(4, False, np.int32),
    "4-ary+tie": _make_lazy(4, True, np.int32),
    "indexed": _indexed,
    "bucket": _bucket,
}
INDEX_TYPES[_indexed] = INDEX_TYPES[_bucket] = INDEX_TYPES[_lazy_fn] = np.int32

RULES = {
    "8way-sqrt2": dict(diagonal=True),
    "8way-10/14": dict(diagonal=True, straight_cost=10, diagonal_cost=14),
    "4way-unit": dict(diagonal=False),
}


def _runner(name, grid, mask_grid):
    flat = grid.flat
    n = flat.passable.shape[0]
    plan = engine.plan(grid)
    moves, lengths, n_moves = plan.moves, plan.lengths, plan.n_moves
    spec = grid_spec.default_spec(grid)
    d, d2 = spec.d, spec.d2 if grid.diagonal else 2.0 * spec.d  # octile form of manhattan
    if name == "kernel":
        def run(start, goal):
            r = wf.astar(grid, start, goal)
            return r.cost, r.expanded
        return run
    kernel = VARIANTS[name]
    it = INDEX_TYPES[kernel]
    stamp = np.zeros(n, np.int32)
    g = np.zeros(n)
    parent = np.zeros(n, it)
    cap = 8 * n + 8
    heap_f, heap_g, heap_n = np.zeros(cap), np.zeros(cap), np.zeros(cap, it)
    gen = [0]

    def run(start, goal):
        gen[0] += 1
        return kernel(flat.passable, moves, lengths, n_moves, flat.stride,
                      flat.index(start), flat.index(goal), d, d2,
                      stamp, g, parent, heap_f, heap_g, heap_n, np.int32(gen[0]))
    return run


def _queries(scen, sample):
    rows = [s for s in scen if s.start != s.goal]
    if sample and len(rows) > sample:
        rows = [rows[i] for i in np.linspace(0, len(rows) - 1, sample).astype(int)]
    return [(s.start, s.goal) for s in rows]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("maps", nargs="*", default=DEFAULT_MAPS)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--sample", type=int, default=200, help="queries per map")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    names = ["kernel", *VARIANTS]
    print(f"{'rule':11s} {'map':22s} " + " ".join(f"{n:>11s}" for n in names))
    bad = 0
    for rule, options in RULES.items():
        totals = dict.fromkeys(names, 0.0)
        for map_name in args.maps:
            set_name, base = map_name.split("/")
            mask = read_map(args.data / "maps" / set_name / f"{base}.map").passable_mask
            grid = wf.Grid(mask, **options)
            queries = _queries(read_scenarios(
                args.data / "scenarios" / set_name / f"{base}.map.scen"), args.sample)
            row, costs = {}, {}
            active = [n for n in names if not (n == "bucket" and rule == "8way-sqrt2")]
            runs = {n: _runner(n, grid, mask) for n in active}
            for run in runs.values():
                run(*queries[0])  # compile
            best = {n: np.full(len(queries), INF) for n in active}
            out: dict = {n: [None] * len(queries) for n in active}
            for _ in range(args.repeat):
                for qi, q in enumerate(queries):
                    for n in active:  # interleaved, so load changes hit every variant alike
                        t0 = time.thread_time()
                        out[n][qi] = runs[n](*q)
                        best[n][qi] = min(best[n][qi], time.thread_time() - t0)
            for n in active:
                costs[n] = [c for c, _ in out[n]]
                mean_us = float(best[n].mean() * 1e6)
                row[n] = (mean_us, sum(e for _, e in out[n]) / len(queries))
                totals[n] += mean_us
            ref = costs["binary"]
            for name, values in costs.items():
                if not np.allclose(values, ref, rtol=1e-9, atol=1e-9):
                    bad += 1
                    print(f"  !! {name} disagrees with binary on {map_name} ({rule})")
            print(f"{rule:11s} {map_name:22s} " + " ".join(
                f"{row[n][0]:8.0f} us" if n in row else f"{'-':>11s}" for n in names))
            print(f"{'':11s} {'  mean expanded':22s} " + " ".join(
                f"{row[n][1]:11.0f}" if n in row else f"{'-':>11s}" for n in names))
        base_total = totals["binary"]
        print(f"{rule:11s} {'ratio to binary':22s} " + " ".join(
            f"{totals[n] / base_total:11.3f}" if totals[n] else f"{'-':>11s}" for n in names))
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
