"""Saving and loading distance fields: ``.npz`` for grids, JSON for generic graphs.

Nothing is pickled. A grid file holds ``cost`` float64[H, W] (inf where unreached),
``parent`` int64[H, W] (the parent's ``y * W + x``, -1 for none), ``max_cost`` (NaN for
none) and a ``format`` tag. A graph file is a JSON object ``{"format", "version",
"max_cost", "cells": [[location, cost, parent], ...]}`` whose locations are JSON values,
tuples written as ``{"tuple": [...]}``.

Loading trusts nothing: grid archives are read through :class:`~wayfinding._archive.NpzReader`
(only the five members, sizes checked before decompressing, at most
:data:`MAX_FIELD_CELLS` cells, each row checked as it arrives as :func:`check_grid_field`
says, so a bad row stops the reading; at most 20 bytes per declared cell are held at
once); JSON files are read by :func:`~wayfinding._archive.read_bytes` (no NUL byte, at
most :data:`~wayfinding._archive.STREAM_LIMIT` bytes from what is not a regular file) and
checked by :func:`check_graph_field`; every fault is a MapFormatError naming the file.
"""

from __future__ import annotations

import json
import math
import os
from typing import Any

import numpy as np

from .._archive import NpzReader, read_bytes
from ..errors import InvalidParameterError, MapFormatError, StaleDataError
from ._stores import GraphStore, GridStore

FORMAT = "wayfinding.DistanceField"
VERSION = 1
#: Largest grid field read, in cells (32 times the largest MovingAI map): the bound that
#: keeps a small file from declaring arrays that need gigabytes.
MAX_FIELD_CELLS = 2**25
_MEMBERS = ("format", "version", "cost", "parent", "max_cost")
#: Members a file may lack (written since ``complete`` fields exist; absent means True).
_OPTIONAL = ("complete",)
_INTEGERS = (np.int64, np.int32)


def save_field(field: Any, path: str | os.PathLike[str]) -> None:
    """Write ``field`` (a DistanceField) to ``path``."""
    store = field._store
    max_cost = field.max_cost
    if isinstance(store, GridStore):
        h, w = store.height, store.width
        parent = store.parent.reshape(h + 2, w + 2)[1:-1, 1:-1].astype(np.int64)
        unpadded = np.where(parent >= 0, (parent // store.stride - 1) * w
                            + parent % store.stride - 1, -1)
        with open(path, "wb") as file:
            np.savez_compressed(file, format=np.array(FORMAT), version=np.array(VERSION),
                                cost=store.as_array(), parent=unpadded,
                                max_cost=np.array(math.nan if max_cost is None else max_cost),
                                complete=np.array(bool(field.complete)))
        return
    cells = [[_encode(loc), cost, None if store.parent[loc] is None
              else _encode(store.parent[loc])] for loc, cost in store.dist.items()]
    document = {"format": FORMAT, "version": VERSION, "max_cost": max_cost, "cells": cells,
                "complete": bool(field.complete)}
    with open(path, "w", encoding="utf-8") as file:
        json.dump(document, file)


def load_field(cls: Any, path: str | os.PathLike[str], graph: Any = None,
               grid: bool = False) -> Any:
    """Read a field written by :func:`save_field` as an instance of ``cls``; with
    ``graph`` (``grid``: whether it is a Grid), check that it can be a field of that grid
    or graph (:func:`check_owner`)."""
    source = os.fspath(path)
    with open(path, "rb") as file:
        head = file.read(2)
    load = _load_grid if head == b"PK" else _load_graph
    field = load(cls, path, source)
    if graph is not None:
        check_owner(field._store, graph, grid, source)
    return field


def _load_grid(cls: Any, path: Any, source: str) -> Any:
    def damaged(message: str) -> MapFormatError:
        return MapFormatError(message, source=source)

    # the bound is the declared shape (at most MAX_FIELD_CELLS cells), not a ratio: a field
    # of mostly unreached (inf) cells deflates a thousandfold. Rows are checked as they
    # arrive (a bad one stops the reading) and the padded arrays made as soon as their
    # data is read: at most 20 bytes per cell at once, of which the field keeps 12
    with NpzReader(path, _MEMBERS + _OPTIONAL, damaged, max_ratio=None) as archive:
        missing = set(_MEMBERS) - archive.names
        if missing:
            raise damaged(f"not a saved {FORMAT} (missing {sorted(missing)})")
        if str(archive.read("format", "U", (), limit=1)) != FORMAT:
            raise damaged(f"not a saved {FORMAT}")
        version = int(archive.read("version", _INTEGERS, (), limit=1))
        if version != VERSION:
            raise damaged(f"unknown file version {version}")
        max_cost = float(archive.read("max_cost", np.float64, (), limit=1))
        problem = _max_cost_problem(max_cost)
        if problem is not None:
            raise damaged(problem)
        complete = True
        if "complete" in archive.names:
            complete = bool(archive.read("complete", np.bool_, (), limit=1))
        cost = archive.read("cost", np.float64, (None, None), limit=MAX_FIELD_CELLS,
                            each_row=lambda y, row: _costs_problem(row))
        if cost.size == 0:
            raise damaged(f"cost {cost.shape} must be a non-empty 2-D shape")
        h, w = cost.shape
        stride = w + 2
        dist = np.full((h + 2) * stride, math.inf)
        inside = dist.reshape(h + 2, stride)[1:-1, 1:-1]
        inside[:] = cost
        del cost
        parent = archive.read("parent", _INTEGERS, (h, w), limit=h * w,
                              each_row=lambda y, row: _parents_problem(inside, y, row))
    problem = _cycle_problem(parent)
    if problem is not None:
        raise damaged(problem)
    flat_parent = np.full((h + 2) * stride, -1, dtype=np.int32)
    padded = flat_parent.reshape(h + 2, stride)[1:-1, 1:-1]
    for y in range(0, h, _ROWS):  # in pieces: no int64 temporary of every cell
        part = parent[y:y + _ROWS].astype(np.int64)
        padded[y:y + _ROWS] = np.where(part >= 0, (part // w + 1) * stride + part % w + 1, -1)
    return cls(GridStore(dist, flat_parent, w, h),
               max_cost=None if math.isnan(max_cost) else max_cost, complete=complete)


#: Rows of a grid field converted at once.
_ROWS = 256


def check_grid_field(cost: np.ndarray, parent: np.ndarray, max_cost: float) -> str | None:
    """What is wrong with a grid field's arrays (as saved), or None.

    Costs are numbers or +inf; a parent is -1 (a start, or unreached) or one of the eight
    neighbours of its cell, reached, costing no more than the cell (as a flood leaves
    them), and following parents never comes back to a cell. (:func:`load_field` checks
    the same, each row as it is read.)

    Examples
    --------
    >>> check_grid_field(np.array([[0.0, 1.0, 2.0]]), np.array([[-1, 0, 0]]), math.nan)
    'parent 0 of cell (2, 0) is not one of its neighbours'
    """
    problem = _max_cost_problem(max_cost) or _costs_problem(cost)
    for y in range(cost.shape[0]):
        problem = problem or _parents_problem(cost, y, parent[y])
    return problem or _cycle_problem(parent)


def _max_cost_problem(max_cost: float) -> str | None:
    if not (math.isnan(max_cost) or 0 <= max_cost < math.inf):
        return f"max_cost {max_cost} is not a number >= 0"
    return None


def _costs_problem(costs: np.ndarray) -> str | None:
    if np.isnan(costs).any() or (np.isinf(costs) & (costs < 0)).any():
        return "costs must be numbers or +inf"
    return None


def _parents_problem(cost: np.ndarray, y: int, row: np.ndarray) -> str | None:
    """What is wrong with the parents of row ``y`` of a field of ``cost`` (H, W), or None."""
    h, w = cost.shape
    parents = row.astype(np.int64)
    bad = (parents < -1) | (parents >= h * w) | ((parents >= 0) & ~np.isfinite(cost[y]))
    if bad.any():
        x = int(np.argmax(bad))
        return f"bad parent {int(parents[x])} at cell {(x, y)}"
    xs = np.flatnonzero(parents >= 0)
    linked = parents[xs]
    py, px = linked // w, linked % w
    before = cost[py, px]
    checks = ((np.maximum(np.abs(py - y), np.abs(px - xs)) != 1, "is not one of its neighbours"),
              (~np.isfinite(before), "was not reached"),
              (before > cost[y, xs], "costs more than the cell"))
    for wrong, what in checks:
        if wrong.any():
            i = int(np.argmax(wrong))
            return f"parent {int(linked[i])} of cell {(int(xs[i]), y)} {what}"
    return None


def _cycle_problem(parent: np.ndarray) -> str | None:
    """A cycle of parent links (each of which passed :func:`_parents_problem`), or None."""
    from ._kernels.chains import first_cycle

    cell = int(first_cycle(np.ascontiguousarray(parent).reshape(-1)))
    if cell < 0:
        return None
    w = parent.shape[1]
    return f"the parent links from cell {(cell % w, cell // w)} form a cycle"


def _load_graph(cls: Any, path: Any, source: str) -> Any:
    def damaged(message: str) -> MapFormatError:
        return MapFormatError(f"neither .npz nor JSON: {message}", source=source)

    data = read_bytes(path, damaged)  # /dev/zero is refused at its first byte
    try:
        document = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError) as error:  # also huge integers, deep nesting
        raise damaged(str(error)[:200] or type(error).__name__) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise MapFormatError(f"not a saved {FORMAT}", source=source)
    if document.get("version") != VERSION:
        raise MapFormatError(f"unknown file version {document.get('version')!r}",
                             source=source)
    dist: dict[Any, float] = {}
    parent: dict[Any, Any] = {}
    try:
        for loc, cost, before in document["cells"]:
            key = _decode(loc)
            dist[key] = float(cost)
            parent[key] = None if before is None else _decode(before)
    except (KeyError, TypeError, ValueError, RecursionError) as error:
        raise MapFormatError(f"malformed cells: {error}", source=source) from None
    problem = check_graph_field(dist, parent)
    max_cost = document.get("max_cost")
    if max_cost is not None and (isinstance(max_cost, bool)
                                 or not isinstance(max_cost, int | float)
                                 or not 0 <= max_cost < math.inf):
        problem = f"max_cost {max_cost!r} is not a number >= 0"
    complete = document.get("complete", True)
    if not isinstance(complete, bool):
        problem = f"complete {complete!r} is not true or false"
    if problem is not None:
        raise MapFormatError(problem, source=source)
    return cls(GraphStore(dist, parent), max_cost=None if max_cost is None else float(max_cost),
               complete=complete)


def check_graph_field(dist: dict[Any, float], parent: dict[Any, Any]) -> str | None:
    """What is wrong with a graph field's costs and parents, or None.

    Costs are finite numbers; a parent is None or a reached location costing no more than
    its child, and following parents never comes back to a location.

    Examples
    --------
    >>> check_graph_field({"a": 0.0, "b": 0.0}, {"a": "b", "b": "a"})
    "the parent links from 'a' form a cycle"
    """
    for location, cost in dist.items():
        if not math.isfinite(cost):
            return f"cost {cost} of {location!r} is not a finite number"
        before = parent[location]
        if before is None:
            continue
        if before not in dist:
            return f"parent {before!r} is not a reached location"
        if dist[before] > cost:
            return f"parent {before!r} of {location!r} costs more than it"
    state: dict[Any, int] = {}  # 1: on the chain being followed, 2: leads to a root
    for location in dist:
        chain = []
        current = location
        while current is not None and current not in state:
            state[current] = 1
            chain.append(current)
            current = parent[current]
        if current is not None and state[current] == 1:
            return f"the parent links from {location!r} form a cycle"
        for each in chain:
            state[each] = 2
    return None


def _encode(location: Any) -> Any:
    if isinstance(location, tuple):
        return {"tuple": [_encode(item) for item in location]}
    if isinstance(location, float) and not math.isfinite(location):
        raise InvalidParameterError(f"cannot save location {location!r}: not a finite number")
    if location is None or not isinstance(location, str | int | float):
        raise InvalidParameterError(
            f"cannot save location {location!r} as JSON: locations of a saved graph field "
            "must be str, int, float, bool or tuples of those"
        )
    return location


def _decode(value: Any) -> Any:
    if isinstance(value, dict):
        if set(value) != {"tuple"} or not isinstance(value["tuple"], list):
            raise ValueError(f"unexpected object {value!r}")
        return tuple(_decode(item) for item in value["tuple"])
    if isinstance(value, list) or value is None:
        raise ValueError(f"unexpected location {value!r}")
    return value


def check_owner(store: GridStore | GraphStore, graph: Any, grid: bool, source: str) -> None:
    """Refuse a loaded field that cannot have been flooded on ``graph``.

    A grid field must have the grid's size and reach no wall of it; a graph field may
    reach only locations the graph holds (when it can tell: ``in``). StaleDataError
    otherwise (a field of another grid, or one edited since); InvalidParameterError when
    a grid field is given a graph or the other way round (``grid``: whether ``graph`` is
    a Grid).
    """
    name = repr(source)
    if isinstance(store, GridStore):
        if not grid:
            raise InvalidParameterError(
                f"{name} holds a field of a grid; pass the Grid it was flooded on, got "
                f"{type(graph).__name__}")
        if (graph.width, graph.height) != (store.width, store.height):
            raise StaleDataError(
                f"{name} holds a field of a {store.width}x{store.height} grid, not of this "
                f"{graph.width}x{graph.height} grid")
        on_walls = np.isfinite(store.as_array()) & ~graph.passable_mask
        if on_walls.any():
            y, x = (int(i) for i in np.argwhere(on_walls)[0])
            raise StaleDataError(
                f"{name} holds a field that reaches {(x, y)}, a wall on this grid (a field "
                "of another grid, or the grid was edited since)")
        return
    if grid:
        raise InvalidParameterError(f"{name} holds a field of a graph, not of a Grid")
    if not hasattr(graph, "__contains__"):
        return  # a graph given as functions cannot tell which locations it holds
    missing = next((location for location in store.dist if location not in graph), _NONE)
    if missing is not _NONE:
        raise StaleDataError(
            f"{name} holds a field that reaches {missing!r}, which is not in this graph")


_NONE = object()
