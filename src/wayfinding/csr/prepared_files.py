"""Files of prepared CSR graphs: the fingerprint of the graph a hierarchy was built for,
and what differs when a file meets another graph (:meth:`PreparedGraph.save` /
:meth:`PreparedGraph.load` of :mod:`wayfinding.csr.prepared`).

Examples
--------
>>> import wayfinding as wf
>>> a = fingerprint(wf.CSRGraph.from_edges("ab", "bc", [1.0, 2.0]))
>>> b = fingerprint(wf.CSRGraph.from_edges("ab", "bc", [1.0, 3.0]))
>>> difference(a, b)
'the edge costs differ'
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np

from .graph import CSRGraph

#: Version of the file layout written by :meth:`PreparedGraph.save`.
FORMAT_VERSION = 2
HEADER_KEYS = ("format_version", "kind", "nodes", "edges", "structure", "costs",
               "build_seconds")


def fingerprint(graph: CSRGraph) -> dict[str, Any]:
    """What a prepared graph depends on: node and edge counts, a hash of the arcs
    (``indptr``, ``indices``) and one of their costs."""
    structure = hashlib.blake2b(digest_size=16)
    structure.update(graph.indptr.tobytes())
    structure.update(graph.indices.astype(np.int64, copy=False).tobytes())
    costs = hashlib.blake2b(graph.costs.tobytes(), digest_size=16)
    return {"nodes": graph.node_count, "edges": graph.edge_count,
            "structure": structure.hexdigest(), "costs": costs.hexdigest()}


def difference(found: dict[str, Any], expected: dict[str, Any]) -> str:
    """What differs between the fingerprint in a file and the graph's ('' if nothing)."""
    if found["nodes"] != expected["nodes"]:
        return f"it has {found['nodes']} nodes, this graph {expected['nodes']}"
    if found["edges"] != expected["edges"]:
        return f"it has {found['edges']} edges, this graph {expected['edges']}"
    if found["structure"] != expected["structure"]:
        return "the edges differ (same counts, other ends)"
    if found["costs"] != expected["costs"]:
        return "the edge costs differ"
    return ""
