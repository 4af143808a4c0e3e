"""Hierarchies in files (:class:`~.hierarchy.Hierarchy`, :class:`~.directed.ArcHierarchy`):
bounded reads and checks before any use.

The arrays are stored under their field names. A hierarchy read from a file is not
trusted: each array is read only after its declared dtype and shape passed a bound
derived from the number of nodes, then :func:`problem` checks its structure
(:mod:`._kernels.check`) before a query may read it.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .._archive import NpzReader
from .hierarchy import Hierarchy

#: dtype and trailing shape of each array, and the bound on its first dimension for
#: ``n`` nodes: labels hold hubs numbered at most their node, the upward graph at most
#: one edge per pair of nodes, the core two. In the order they are read.
LAYOUT: dict[str, tuple[Any, tuple[int, ...], Any]] = {
    "up_start": (np.int64, (), lambda n: n + 1),
    "label_start": (np.int64, (), lambda n: n + 1),
    "core_start": (np.int64, (), lambda n: n + 1),
    **{key: (dtype, (), lambda n: n * (n - 1) // 2) for key, dtype in (
        ("up_from", np.int32), ("up_to", np.int32), ("up_w", np.float64),
        ("up_low", np.int32), ("up_high", np.int32))},
    **{key: (dtype, (), lambda n: n * (n - 1)) for key, dtype in (
        ("core_to", np.int32), ("core_w", np.float64), ("core_low", np.int32),
        ("core_high", np.int32))},
    "label_hd": (np.float64, (2,), lambda n: n * (n + 1) // 2),
    "label_edge": (np.int32, (), lambda n: n * (n + 1) // 2),
}

#: Arrays that must have one length.
_SAME_LENGTH = (("up_from", "up_to", "up_w", "up_low", "up_high"),
                ("core_to", "core_w", "core_low", "core_high"), ("label_hd", "label_edge"))


def read(archive: NpzReader, n: int) -> Hierarchy:
    """The hierarchy of ``n`` nodes stored in ``archive`` (not yet checked: see
    :func:`shape_problem` and :func:`problem`)."""
    arrays = {}
    for key, (dtype, tail, bound) in LAYOUT.items():
        first = bound(n)
        exact = key in ("up_start", "label_start")
        arrays[key] = archive.read(key, dtype, (first if exact else None, *tail),
                                   limit=first * max(math.prod(tail), 1))
    return Hierarchy(**arrays)


def shape_problem(hierarchy: Hierarchy) -> str | None:
    """What is wrong with the array lengths of a hierarchy read by :func:`read`, or None."""
    for group in _SAME_LENGTH:
        lengths = {key: getattr(hierarchy, key).shape[0] for key in group}
        if len(set(lengths.values())) > 1:
            return f"arrays of different lengths {lengths}"
    if hierarchy.core_start.shape[0] < 1:
        return "core_start is empty"
    return None


def problem(hierarchy: Hierarchy, node_xy: np.ndarray, stride: int, straight: float,
            diagonal: float) -> str | None:
    """What is wrong with a hierarchy whose lengths passed :func:`shape_problem`, or None
    when a query may read it.

    ``node_xy`` are the nodes' coordinates ``x + stride * y``: an original edge must weigh
    the octile distance (``straight``, ``diagonal`` steps) between its ends.
    """
    from ._kernels import check

    code, a, b = check.check(node_xy, stride, float(straight), float(diagonal), *hierarchy)
    if code != check.OK:
        return check.MESSAGES[code].format(a=a, b=b)
    return None


def _arc_layout(n: int) -> dict[str, tuple[Any, int]]:
    """dtype and bound on the length of each array of an
    :class:`~.directed.ArcHierarchy` of ``n`` nodes (arcs: at most one per ordered pair
    of nodes; the file's own size bounds them far more tightly)."""
    from .directed import ArcHierarchy

    arcs = min(n * (n - 1), 2**40)
    dtypes = dict(zip(ArcHierarchy._fields, (np.int64, np.int32, np.int32, np.float64,
                                              np.int32, np.int32, np.int32, np.float64,
                                              np.int32), strict=True))
    exact = {"order": n, "up_start": n + 1, "down_start": n + 1}
    return {key: (dtype, exact.get(key, min(arcs, 2**31 - 2))) for key, dtype in
            dtypes.items()}


#: Arrays of an :class:`~.directed.ArcHierarchy` that must have one length.
_ARC_SAME_LENGTH = (("up_to", "up_w", "up_mid"), ("down_to", "down_w", "down_mid"))


def read_arcs(archive: NpzReader, n: int) -> Any:
    """The directed hierarchy of ``n`` nodes stored in ``archive`` under its field names
    (not yet checked: see :func:`arcs_problem`)."""
    from .directed import ArcHierarchy

    arrays = {}
    for key, (dtype, bound) in _arc_layout(n).items():
        exact = key in ("order", "up_start", "down_start")
        arrays[key] = archive.read(key, dtype, (bound if exact else None,), limit=bound)
    return ArcHierarchy(**arrays)


def arcs_problem(hierarchy: Any, indptr: np.ndarray, indices: np.ndarray,
                 costs: np.ndarray) -> str | None:
    """What is wrong with a directed hierarchy read by :func:`read_arcs` for the graph
    ``(indptr, indices, costs)``, or None when a query may read it."""
    for group in _ARC_SAME_LENGTH:
        lengths = {key: getattr(hierarchy, key).shape[0] for key in group}
        if len(set(lengths.values())) > 1:
            return f"arrays of different lengths {lengths}"
    n = hierarchy.order.shape[0]
    if not np.array_equal(np.sort(hierarchy.order), np.arange(n)):
        return "order is not a permutation of the graph's nodes"
    from ._kernels import arccheck

    code, a = arccheck.check_arcs(indptr, indices, costs, *hierarchy)
    if code != arccheck.OK:
        return arccheck.MESSAGES[code].format(a=a)
    return None
