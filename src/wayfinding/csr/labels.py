"""Many node labels to node numbers and back, as numpy arrays (tables, batches and
nearest nodes of labelled graphs, such as road graphs labelled by OpenStreetMap ids).

Integer labels are matched by a sorted copy (``np.searchsorted``: 10^6 labels in
milliseconds, where a dictionary look-up per label takes a second); other labels one
by one (:func:`wayfinding.batch.csr.nodes`).

Examples
--------
>>> import numpy as np, wayfinding as wf
>>> g = wf.CSRGraph.from_edges([101, 205], [205, 307], [1.0, 1.0], nodes=[307, 205, 101])
>>> numbers(g, np.array([101, 307]), "starts", sorted_ints(g)).tolist()
[2, 0]
>>> label_array(g, np.array([0, 2])).tolist()
[307, 101]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import InvalidLocationError
from .graph import CSRGraph


def sorted_ints(graph: CSRGraph) -> tuple[np.ndarray, np.ndarray] | None:
    """``(labels sorted as int64, their node numbers)`` when every label is an int (a
    graph's callers keep it: it takes O(n) to make), else None."""
    if graph.labels is None:
        return None
    labels = graph.labels.tolist()
    if not all(type(x) is int for x in labels):
        return None
    keys = np.array(labels, dtype=np.int64)
    order = np.argsort(keys, kind="stable")
    return keys[order], order


def numbers(graph: CSRGraph, values: Any, role: str,
            table: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
    """int64 node numbers of N labels (N node numbers for a graph without labels);
    ``table``: the graph's :func:`sorted_ints`, for integer labels in numpy arrays.

    Raises InvalidLocationError naming the first row that is not a node."""
    from ..batch.csr import nodes

    if table is None or not isinstance(values, np.ndarray) or values.dtype.kind not in "iu":
        return nodes(graph, values, role)
    keys, order = table
    wanted = values.astype(np.int64, copy=False).ravel()
    at = np.minimum(np.searchsorted(keys, wanted), max(keys.shape[0] - 1, 0))
    bad = keys[at] != wanted if keys.shape[0] else np.ones(wanted.shape[0], dtype=bool)
    if bad.any():
        row = int(np.argmax(bad))
        raise InvalidLocationError(f"{role} row {row}: location {int(wanted[row])} is not a "
                                   f"node of the graph")
    return order[at].astype(np.int64)


def label_array(graph: CSRGraph, index: np.ndarray) -> np.ndarray:
    """The labels of node numbers as an array: the numbers themselves for a graph without
    labels, int64 when every label is an int, else objects."""
    index = np.asarray(index, dtype=np.int64)
    if graph.labels is None:
        return index
    labels = graph.labels[index]
    if all(type(x) is int for x in labels.tolist()):
        return labels.astype(np.int64)
    return labels
