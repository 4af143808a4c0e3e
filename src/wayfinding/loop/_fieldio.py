"""Saving and loading distance fields: ``.npz`` for grids, JSON for generic graphs.

Nothing is pickled. A grid file holds ``cost`` float64[H, W] (inf where unreached),
``parent`` int64[H, W] (the parent's ``y * W + x``, -1 for none), ``max_cost`` (NaN for
none) and a ``format`` tag. A graph file is a JSON object ``{"format", "version",
"max_cost", "cells": [[location, cost, parent], ...]}`` whose locations are JSON values,
tuples written as ``{"tuple": [...]}``.
"""

from __future__ import annotations

import json
import math
import os
import zipfile
from typing import Any

import numpy as np

from ..errors import InvalidParameterError, MapFormatError
from ._fields import GraphStore, GridStore

FORMAT = "wayfinding.DistanceField"
VERSION = 1


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
                                max_cost=np.array(math.nan if max_cost is None else max_cost))
        return
    cells = [[_encode(loc), cost, None if store.parent[loc] is None
              else _encode(store.parent[loc])] for loc, cost in store.dist.items()]
    document = {"format": FORMAT, "version": VERSION, "max_cost": max_cost, "cells": cells}
    with open(path, "w", encoding="utf-8") as file:
        json.dump(document, file)


def load_field(cls: Any, path: str | os.PathLike[str]) -> Any:
    """Read a field written by :func:`save_field` as an instance of ``cls``."""
    source = os.fspath(path)
    with open(path, "rb") as file:
        head = file.read(2)
    if head == b"PK":
        return _load_grid(cls, path, source)
    return _load_graph(cls, path, source)


def _load_grid(cls: Any, path: Any, source: str) -> Any:
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {key: data[key] for key in data.files}
    except (OSError, ValueError, zipfile.BadZipFile) as error:
        raise MapFormatError(f"not a readable .npz archive: {error}", source=source) from None
    missing = {"format", "version", "cost", "parent", "max_cost"} - set(arrays)
    if missing or str(arrays["format"]) != FORMAT:
        raise MapFormatError(f"not a saved {FORMAT} (missing {sorted(missing)})", source=source)
    if int(arrays["version"]) != VERSION:
        raise MapFormatError(f"unknown file version {int(arrays['version'])}", source=source)
    cost = np.asarray(arrays["cost"], dtype=np.float64)
    parent = np.asarray(arrays["parent"])
    if cost.ndim != 2 or parent.shape != cost.shape or cost.size == 0:
        raise MapFormatError(f"cost {cost.shape} and parent {parent.shape} must be the same "
                             "non-empty 2-D shape", source=source)
    h, w = cost.shape
    if np.isnan(cost).any() or (np.isinf(cost) & (cost < 0)).any():
        raise MapFormatError("costs must be numbers or +inf", source=source)
    bad = (parent < -1) | (parent >= h * w) | ((parent >= 0) & ~np.isfinite(cost))
    if bad.any():
        y, x = (int(v) for v in np.argwhere(bad)[0])
        raise MapFormatError(f"bad parent {int(parent[y, x])} at cell {(x, y)}", source=source)
    stride = w + 2
    dist = np.full((h + 2) * stride, math.inf)
    dist.reshape(h + 2, stride)[1:-1, 1:-1] = cost
    padded = np.where(parent >= 0, (parent // w + 1) * stride + parent % w + 1, -1)
    flat_parent = np.full((h + 2) * stride, -1, dtype=np.int32)
    flat_parent.reshape(h + 2, stride)[1:-1, 1:-1] = padded
    max_cost = float(arrays["max_cost"])
    return cls(GridStore(dist, flat_parent, w, h),
               max_cost=None if math.isnan(max_cost) else max_cost)


def _load_graph(cls: Any, path: Any, source: str) -> Any:
    try:
        with open(path, encoding="utf-8") as file:
            document = json.load(file)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise MapFormatError(f"neither .npz nor JSON: {error}", source=source) from None
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
    except (KeyError, TypeError, ValueError) as error:
        raise MapFormatError(f"malformed cells: {error}", source=source) from None
    dangling = [p for p in parent.values() if p is not None and p not in dist]
    if dangling:
        raise MapFormatError(f"parent {dangling[0]!r} is not a reached location",
                             source=source)
    max_cost = document.get("max_cost")
    return cls(GraphStore(dist, parent), max_cost=None if max_cost is None else float(max_cost))


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
