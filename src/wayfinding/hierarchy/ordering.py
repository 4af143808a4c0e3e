"""Node orders of a graph for its contraction: nested dissection
(:mod:`._kernels.dissection`) and layouts that keep neighbours near in memory.

:func:`dissection_rank` numbers the nodes of a graph so that each separator comes after
the two parts it separates. :func:`locality_layout` renumbers a graph so that nodes near
each other get near numbers (the Z-order curve of its coordinates, else a nested
dissection into cells of 64 nodes by breadth-first cuts): the contraction
(:func:`~.directed.build_directed`, ``layout=``) works on the graph renumbered so, and
its arrays are read with far fewer cache misses (``benchmarks/NOTES.md``, "Hierarchies").

Examples
--------
>>> import numpy as np
>>> rank = dissection_rank(5, np.arange(4), np.arange(1, 5))  # a path
>>> sorted(rank.tolist()), int(np.argmax(rank)) in (1, 2, 3)
([0, 1, 2, 3, 4], True)
>>> locality_layout(3, np.array([0]), np.array([1]), np.array([[9.0, 9], [0, 0], [5, 5]]))
array([2, 0, 1])
"""

from __future__ import annotations

import numpy as np

#: Cells of at most this many nodes keep their order (no further cut).
LEAF = 2


def dissection_rank(n: int, tails: np.ndarray, heads: np.ndarray,
                    coordinates: np.ndarray | None = None, *, leaf: int = LEAF) -> np.ndarray:
    """A nested-dissection order of the graph of ``n`` nodes and arcs ``tails[i] ->
    heads[i]`` (read both ways): ``rank[v]`` (int64), each separator above the parts it
    separates. Cuts follow ``coordinates`` (float64[n, 2]) when given, else breadth-first
    distances."""
    from ._kernels.dissection import dissection_order  # numba is imported lazily

    tails = np.asarray(tails, dtype=np.int64)
    heads = np.asarray(heads, dtype=np.int64)
    keep = tails != heads
    ends = np.concatenate([tails[keep], heads[keep]])
    others = np.concatenate([heads[keep], tails[keep]])
    by = np.argsort(ends, kind="stable")
    adj_start = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(ends, minlength=n), out=adj_start[1:])
    use = coordinates is not None
    coords = (np.ascontiguousarray(coordinates, dtype=np.float64) if use
              else np.zeros((0, 2)))
    return dissection_order(n, adj_start, others[by], coords, use, max(int(leaf), 1))


def locality_layout(n: int, tails: np.ndarray, heads: np.ndarray,
                    coordinates: np.ndarray | None = None) -> np.ndarray:
    """A renumbering of the graph's nodes (``layout[v]``: the new number of ``v``, a
    permutation) in which neighbours get near numbers: the order of ``coordinates``
    (float64[n, 2]) along a Z-order curve (16 bits per axis), else a nested dissection
    into cells of at most 64 nodes by breadth-first cuts (:func:`dissection_rank`)."""
    if coordinates is None:
        return dissection_rank(n, tails, heads, None, leaf=64)
    xy = np.asarray(coordinates, dtype=np.float64).reshape(n, 2)
    low = xy.min(axis=0) if n else np.zeros(2)
    span = (xy.max(axis=0) - low) if n else np.ones(2)
    span[~(span > 0)] = 1.0
    cells = np.clip((xy - low) / span * 65535.0, 0, 65535).astype(np.uint64)
    code = _spread(cells[:, 0]) | (_spread(cells[:, 1]) << np.uint64(1))
    layout = np.empty(n, dtype=np.int64)
    layout[np.argsort(code, kind="stable")] = np.arange(n)
    return layout


def _spread(v: np.ndarray) -> np.ndarray:
    """The 16 low bits of each ``v`` moved to the even bit positions (Morton code)."""
    v = (v | (v << np.uint64(8))) & np.uint64(0x00FF00FF)
    v = (v | (v << np.uint64(4))) & np.uint64(0x0F0F0F0F)
    v = (v | (v << np.uint64(2))) & np.uint64(0x33333333)
    return (v | (v << np.uint64(1))) & np.uint64(0x55555555)
