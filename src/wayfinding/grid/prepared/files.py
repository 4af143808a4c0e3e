"""Prepared grids in files: one ``.npz`` archive, read as hostile input.

Members: a header (``format_version``, ``method``, ``fingerprint`` of the grid,
``build_seconds``, ``edges``), ``cells`` (the subgoal cell of each hierarchy node) and
the arrays of the :class:`~wayfinding.hierarchy.Hierarchy` under their field names. A
``PrepareMethod.JPS``, ``JPS_PLUS`` or ``TABLE`` file holds the header only (its data is
built from the grid when the file is read: a table is never read from a file).

Examples
--------
>>> FORMAT_VERSION, _FILE_KEYS[:6]
(1, ('format_version', 'method', 'fingerprint', 'build_seconds', 'edges', 'cells'))
"""

from __future__ import annotations

import hashlib
import math
import os
from collections.abc import Callable
from typing import TypeVar

import numpy as np

from ..._archive import checked_archive
from ...errors import StaleDataError
from ...hierarchy import Hierarchy
from ...hierarchy import files as hierarchy_files
from ..grid import Grid
from . import parts
from .method import PrepareMethod, check_grid

#: Version of the file layout written by :meth:`PreparedGrid.save`.
FORMAT_VERSION = 1

_HEADER_KEYS = ("format_version", "method", "fingerprint", "build_seconds", "edges")
#: Every member of a file written by :func:`write`.
_FILE_KEYS = (*_HEADER_KEYS, "cells", *Hierarchy._fields)

T = TypeVar("T")


def grid_fingerprint(grid: Grid) -> str:
    """A hash of what the preprocessed data depends on: size, walls, rules, cell cost.

    Examples
    --------
    >>> from wayfinding import Grid
    >>> a, b = Grid.from_ascii('..'), Grid.from_ascii('..')
    >>> grid_fingerprint(a) == grid_fingerprint(b)
    True
    >>> b.set_wall((1, 0)); grid_fingerprint(a) == grid_fingerprint(b)
    False
    """
    m = grid.movement
    digest = hashlib.blake2b(digest_size=16)
    costs = grid.costs
    cost_values = b"" if costs is None else np.ascontiguousarray(costs).tobytes()
    digest.update(
        f"{grid.width}x{grid.height};{m.diagonal};{m.straight_cost!r};"
        f"{m.diagonal_cost!r};{m.corner_cutting.value}".encode()
    )
    digest.update(np.packbits(grid.passable_mask).tobytes())
    digest.update(cost_values)
    return digest.hexdigest()


def write(path: str | os.PathLike[str], method: PrepareMethod, fingerprint: str,
          build_seconds: float, edges: int, cells: np.ndarray | None,
          hierarchy: Hierarchy | None) -> None:
    """Write one prepared grid to ``path`` (see :meth:`PreparedGrid.save`); ``cells`` and
    ``hierarchy`` are None for ``PrepareMethod.JPS``, ``JPS_PLUS`` and ``TABLE``."""
    header = {
        "format_version": np.int64(FORMAT_VERSION),
        "method": np.str_(method.value),
        "fingerprint": np.str_(fingerprint),
        "build_seconds": np.float64(build_seconds),
        "edges": np.int64(edges),
    }
    data = {} if hierarchy is None else {"cells": cells, **hierarchy._asdict()}
    with open(path, "wb") as handle:
        np.savez(handle, **header, **data)


def read(path: str | os.PathLike[str], grid: Grid, make: Callable[..., T]) -> T:
    """Read and check a file written by :func:`write` for ``grid``; what it holds goes to
    ``make`` (:class:`PreparedGrid`), whose result is returned (see
    :meth:`PreparedGrid.load`: the errors are the same)."""
    name = repr(os.fspath(path))
    source, grid = grid, grid.snapshot()  # checked and built against one version
    with checked_archive(path, _HEADER_KEYS, "prepared-grid", FORMAT_VERSION,
                         "prepare the grid again", optional=_FILE_KEYS) as (archive, _):
        method_name = str(archive.read("method", "U", (), limit=1))
        try:
            method = PrepareMethod(method_name)
        except ValueError:
            method = None
        if method is None or method is PrepareMethod.AUTO:  # AUTO is never recorded
            raise StaleDataError(f"{name} was made by an unknown method "
                                 f"{method_name!r}") from None
        header_only = method in (PrepareMethod.JPS, PrepareMethod.JPS_PLUS,
                                 PrepareMethod.TABLE)
        members = set(_HEADER_KEYS if header_only else _FILE_KEYS)
        if members - archive.names:
            raise StaleDataError(f"{name} is not a prepared-grid file "
                                 f"(missing {sorted(members - archive.names)})")
        if archive.names - members:
            raise StaleDataError(f"{name} is not a prepared-grid file of method "
                                 f"{method.value!r} (unexpected "
                                 f"{sorted(archive.names - members)})")
        scale = check_grid(grid, method)
        fingerprint = grid_fingerprint(grid)
        if str(archive.read("fingerprint", "U", (), limit=1)) != fingerprint:
            raise StaleDataError(f"{name} was prepared for another grid "
                                 "(walls, size, movement rules or cell cost differ)")
        build_seconds = float(archive.read("build_seconds", np.float64, (), limit=1))
        edges = int(archive.read("edges", np.int64, (), limit=1))
        if header_only:
            if not (math.isfinite(build_seconds) and build_seconds >= 0 and edges == 0):
                raise StaleDataError(f"{name} is damaged: build_seconds {build_seconds} or "
                                     f"edges {edges} out of range; prepare the grid again")
            return make(grid, method, scale, None, None, None, None, build_seconds,
                        n_edges=0, fingerprint=fingerprint, source=source)
        _passable, subgoal_id, cells, clear = parts.subgoal_arrays(grid)
        n = cells.shape[0]
        node_cells = archive.read("cells", np.int64, (n,), limit=n)
        hierarchy = hierarchy_files.read(archive, n)
    problem = _problem(hierarchy, node_cells, cells, grid)
    if problem is None and not (math.isfinite(build_seconds) and build_seconds >= 0
                                and edges >= 0):
        problem = f"build_seconds {build_seconds} or edges {edges} out of range"
    if problem is not None:
        raise StaleDataError(f"{name} is damaged: {problem}; prepare the grid again")
    subgoal_id[node_cells] = np.arange(n, dtype=np.int32)
    return make(grid, method, scale, subgoal_id, clear, node_cells, hierarchy, build_seconds,
                n_edges=edges, fingerprint=fingerprint, source=source)


def _problem(hierarchy: Hierarchy, node_cells: np.ndarray, cells: np.ndarray,
             grid: Grid) -> str | None:
    """What is wrong with the hierarchy over the subgoals ``node_cells`` read from a file
    for ``grid`` (whose subgoals are ``cells``), or None when a query may use it."""
    problem = hierarchy_files.shape_problem(hierarchy)
    if problem is not None:
        return problem
    if not np.array_equal(cells, np.sort(node_cells)):
        return "cells are not the grid's subgoals"
    m = grid.movement
    return hierarchy_files.problem(hierarchy, node_cells, grid.flat.stride, m.straight_cost,
                                   m.diagonal_cost)
