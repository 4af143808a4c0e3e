"""Reading and writing the 9th DIMACS Implementation Challenge graph formats.

A ``.gr`` file holds a directed graph: ``c`` comment lines, one problem line
``p sp N M``, then ``M`` arc lines ``a U V W`` (nodes numbered 1..N, integer costs W).
A ``.co`` file holds coordinates: ``p aux sp co N`` then lines ``v ID X Y`` (the USA road
networks give longitude and latitude in millionths of a degree: read them with
``coordinate_scale=1e-6`` and ``metric=Metric.GREAT_CIRCLE``).

The :class:`~wayfinding.CSRGraph` read has node numbers ``ID - 1`` (labels 0..N-1, no
label table, so reading scales to millions of nodes). Reading is tolerant as the MovingAI
reader is: CRLF line endings, a byte-order mark, blank lines and extra whitespace; costs
may also be decimal numbers. Anything else malformed raises
:class:`~wayfinding.errors.MapFormatError` naming the file and line, as does a problem
line declaring more arcs or nodes than the file can hold (so memory follows the file's
size: at most one node per character, plus :data:`SPARE_NODES`).

Examples
--------
>>> g = parse_gr('''c a triangle
... p sp 3 3
... a 1 2 4
... a 2 3 1
... a 1 3 9
... ''')
>>> g
CSRGraph(nodes=3, edges=3, directed=True)
>>> import wayfinding as wf
>>> wf.dijkstra(g, 0, 2).cost
5.0
>>> print(format_gr(g), end="")
c written by wayfinding
p sp 3 3
a 1 2 4
a 1 3 9
a 2 3 1
"""

from __future__ import annotations

import math
import os
from typing import Any

import numpy as np

from ..csr.build import from_node_arrays
from ..csr.graph import CSRGraph, Metric
from ..errors import MapFormatError
from .scenario import read_text

__all__ = ["format_co", "format_gr", "parse_co", "parse_gr", "read_dimacs", "write_dimacs"]

PathLike = str | os.PathLike[str]


def _lines(text: str):
    """(line number, fields) of every line that is not blank or a comment."""
    for number, line in enumerate(text.splitlines(), start=1):
        fields = line.split()
        if fields and fields[0] != "c":
            yield number, fields


def _number(token: str, what: str, source: str, number: int, *, integer: bool) -> Any:
    try:
        value = int(token) if integer else float(token)
    except ValueError:
        kind = "a whole number" if integer else "a number"
        raise MapFormatError(f"{what} must be {kind}, got {token!r}", source=source,
                             line=number) from None
    if not integer and not math.isfinite(value):
        raise MapFormatError(f"{what} must be finite, got {token!r}", source=source,
                             line=number)
    return value


def _problem(fields: list[str], expected: list[str], counts: int, source: str,
             number: int) -> list[int]:
    head = fields[: len(expected)]
    if head != expected or len(fields) != len(expected) + counts:
        raise MapFormatError(
            f"expected a problem line '{' '.join(expected)}' with {counts} count(s), got "
            f"{' '.join(fields)!r}", source=source, line=number)
    values = [_number(t, "a count", source, number, integer=True)
              for t in fields[len(expected):]]
    if any(v < 0 for v in values):
        raise MapFormatError(f"counts must be >= 0, got {values}", source=source, line=number)
    return values


#: Nodes a ``.gr`` file may declare beyond one per character of its text (nodes no arc
#: names need no line, yet each costs memory: the bound keeps a 17-byte file from
#: asking for gigabytes).
SPARE_NODES = 1 << 16


def _fits(count: int, most: int, what: str, why: str, source: str, number: int) -> None:
    """Refuse a problem line declaring more ``what`` than the file can hold."""
    if count > most:
        raise MapFormatError(f"the problem line declares {count} {what}, more than this file "
                             f"can hold (at most {most}){why}", source=source, line=number)


def _check_item(fields: list[str], n: int, what: str, form: str, problem: str, source: str,
                number: int) -> None:
    """An arc or node line: after the problem line, and with its four fields."""
    if n < 0:
        raise MapFormatError(f"{what} before the problem line '{problem}'", source=source,
                             line=number)
    if len(fields) != 4:
        raise MapFormatError(f"{what} is '{form}', got {' '.join(fields)!r}", source=source,
                             line=number)


def parse_gr(text: str, source: str = "<text>", *, coordinates: Any = None,
             metric: Metric = Metric.EUCLIDEAN) -> CSRGraph:
    """A :class:`CSRGraph` from the text of a ``.gr`` file (see the module docstring)."""
    n = m = -1
    src: list[int] = []
    dst: list[int] = []
    cost: list[float] = []
    for number, fields in _lines(text):
        kind = fields[0]
        if kind == "p":
            if n >= 0:
                raise MapFormatError("a second problem line", source=source, line=number)
            n, m = _problem(fields, ["p", "sp"], 2, source, number)
            _fits(n, len(text) + SPARE_NODES, "nodes", "", source, number)
            _fits(m, (len(text) + 1) // 8, "arcs", " (an arc line takes 8 characters or more)",
                  source, number)
        elif kind == "a":
            _check_item(fields, n, "an arc", "a U V W", "p sp N M", source, number)
            u = _number(fields[1], "a node", source, number, integer=True)
            v = _number(fields[2], "a node", source, number, integer=True)
            w = _number(fields[3], "an arc cost", source, number, integer=False)
            for node in (u, v):
                if not 1 <= node <= n:
                    raise MapFormatError(f"node {node} is outside 1..{n}", source=source,
                                         line=number)
            if w < 0:
                raise MapFormatError(f"an arc cost must be >= 0, got {fields[3]!r}",
                                     source=source, line=number)
            src.append(u - 1)
            dst.append(v - 1)
            cost.append(w)
        else:
            raise MapFormatError(f"unknown line type {kind!r} (expected c, p or a)",
                                 source=source, line=number)
    if n < 0:
        raise MapFormatError("no problem line 'p sp N M'", source=source)
    if len(src) != m:
        raise MapFormatError(f"the problem line announces {m} arcs, found {len(src)}",
                             source=source)
    return from_node_arrays(CSRGraph, n, np.array(src, dtype=np.int64),
                            np.array(dst, dtype=np.int64), np.array(cost, dtype=np.float64),
                            None, coordinates, metric, True)


def parse_co(text: str, source: str = "<text>", *, coordinate_scale: float = 1.0) -> np.ndarray:
    """Coordinates float64[N, 2] (row ``ID - 1``) from the text of a ``.co`` file."""
    n = -1
    coords = np.zeros((0, 2))
    seen = np.zeros(0, dtype=bool)
    for number, fields in _lines(text):
        kind = fields[0]
        if kind == "p":
            if n >= 0:
                raise MapFormatError("a second problem line", source=source, line=number)
            (n,) = _problem(fields, ["p", "aux", "sp", "co"], 1, source, number)
            _fits(n, (len(text) + 1) // 8, "nodes",
                  " (each needs a line 'v ID X Y' of 8 characters or more)", source, number)
            coords = np.zeros((n, 2))
            seen = np.zeros(n, dtype=bool)
        elif kind == "v":
            _check_item(fields, n, "a node", "v ID X Y", "p aux sp co N", source, number)
            i = _number(fields[1], "a node", source, number, integer=True)
            if not 1 <= i <= n:
                raise MapFormatError(f"node {i} is outside 1..{n}", source=source,
                                     line=number)
            if seen[i - 1]:
                raise MapFormatError(f"node {i} has coordinates twice", source=source,
                                     line=number)
            seen[i - 1] = True
            coords[i - 1] = [_number(t, "a coordinate", source, number, integer=False)
                             for t in fields[2:]]
        else:
            raise MapFormatError(f"unknown line type {kind!r} (expected c, p or v)",
                                 source=source, line=number)
    if n < 0:
        raise MapFormatError("no problem line 'p aux sp co N'", source=source)
    if not seen.all():
        raise MapFormatError(f"node {int(np.argmin(seen)) + 1} has no coordinates",
                             source=source)
    return coords * coordinate_scale


def read_dimacs(gr: PathLike, co: PathLike | None = None, *, coordinate_scale: float = 1.0,
                metric: Metric = Metric.EUCLIDEAN) -> CSRGraph:
    """Read a ``.gr`` file (and optionally its ``.co`` coordinates) as a CSRGraph."""
    coordinates = None
    if co is not None:
        coordinates = parse_co(read_text(co), os.fspath(co),
                               coordinate_scale=coordinate_scale)
    return parse_gr(read_text(gr), os.fspath(gr), coordinates=coordinates, metric=metric)


def _format_cost(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def format_gr(graph: CSRGraph) -> str:
    """The ``.gr`` text of a graph (node ``i`` becomes ID ``i + 1``; whole costs are
    written as integers, others as decimals, which :func:`parse_gr` reads back)."""
    lines = ["c written by wayfinding", f"p sp {graph.node_count} {graph.edge_count}"]
    indptr, indices, costs = graph.indptr, graph.indices, graph.costs
    for u in range(graph.node_count):
        for e in range(indptr[u], indptr[u + 1]):
            lines.append(f"a {u + 1} {int(indices[e]) + 1} {_format_cost(costs[e])}")
    return "\n".join(lines) + "\n"


def format_co(graph: CSRGraph, *, coordinate_scale: float = 1.0) -> str:
    """The ``.co`` text of a graph's coordinates (divided by ``coordinate_scale``)."""
    if graph.coordinates is None:
        raise MapFormatError("the graph has no coordinates to write")
    lines = ["c written by wayfinding", f"p aux sp co {graph.node_count}"]
    for i, (x, y) in enumerate(graph.coordinates / coordinate_scale):
        lines.append(f"v {i + 1} {_format_cost(x)} {_format_cost(y)}")
    return "\n".join(lines) + "\n"


def write_dimacs(graph: CSRGraph, gr: PathLike, co: PathLike | None = None, *,
                 coordinate_scale: float = 1.0) -> None:
    """Write a graph as a ``.gr`` file (and its coordinates as a ``.co`` file)."""
    with open(gr, "w", encoding="utf-8") as f:
        f.write(format_gr(graph))
    if co is not None:
        with open(co, "w", encoding="utf-8") as f:
            f.write(format_co(graph, coordinate_scale=coordinate_scale))
