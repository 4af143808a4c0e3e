"""Maps travel once to each worker and stay there: a key, a payload, a per-worker cache.

On the client, :func:`ship` turns a map (a MovingAI ``.map`` file or a
:class:`~wayfinding.Grid`) into a :class:`MapRef` (its key: a hash of the content, and a
label for messages) and a payload: the file's text (so workers need no shared folder)
or the grid's arrays (a Grid holds a lock and does not pickle). On a worker,
:func:`load` parses the payload once per key and keeps the grid, with what was derived
from it (a prepared grid, the bench's checker), in a small cache of the worker process
(:data:`CACHE_MAPS` maps, least recently used dropped first).

Examples
--------
>>> import wayfinding as wf
>>> ref, payload = ship(wf.Grid.from_ascii('..#', diagonal=True), "tiny")
>>> ref.label, load(ref, payload).grid.passable_mask.tolist()
('tiny', [[True, True, False]])
>>> load(ref, payload) is load(ref, payload)
True
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .._tiers import is_grid
from ..errors import InvalidParameterError, UnsupportedGridError
from ..grid.grid import Grid
from ..io.movingai import parse_map
from ..io.scenario import read_text

__all__ = ["CACHE_MAPS", "GridState", "Loaded", "MapRef", "cache_info", "clear_cache",
           "load", "ship"]

#: Maps each worker process keeps (with their prepared data).
CACHE_MAPS = 16


@dataclass(frozen=True)
class MapRef:
    """A map as tasks name it: ``key`` (``"file:"`` or ``"grid:"`` and a SHA-256 of the
    content, so an edited file is loaded again) and ``label`` (for messages)."""

    key: str
    label: str


@dataclass(frozen=True)
class GridState:
    """What makes a :class:`~wayfinding.Grid`, as plain arrays (it pickles)."""

    passable: np.ndarray
    costs: np.ndarray | None
    classes: np.ndarray | None
    terrain: np.ndarray | None
    movement: dict[str, Any]

    @classmethod
    def of(cls, grid: Grid) -> GridState:
        """The state of ``grid`` (a snapshot of a copy, consistent while others edit)."""
        grid = grid.copy()
        movement = dataclasses.asdict(grid.movement)
        del movement["custom"]  # ship() sends square grids of the 4- or 8-way moves only
        return cls(grid.passable_mask, grid.costs, grid.classes, grid.terrain, movement)

    def build(self) -> Grid:
        """The grid again."""
        return Grid(self.passable, self.costs, classes=self.classes, terrain=self.terrain,
                    **self.movement)

    def digest(self) -> str:
        """SHA-256 of the arrays and movement rules."""
        h = hashlib.sha256(repr(sorted(self.movement.items())).encode())
        for arr in (self.passable, self.costs, self.classes, self.terrain):
            h.update(b"-" if arr is None else repr((arr.dtype.str, arr.shape)).encode())
            if arr is not None:
                h.update(np.ascontiguousarray(arr).tobytes())
        return h.hexdigest()


def ship(source: Any, label: str | None = None) -> tuple[MapRef, str | GridState]:
    """The reference and payload of a map file path or a Grid (on the client).

    Raises
    ------
    InvalidParameterError
        When ``source`` is neither a path nor a Grid.
    UnsupportedGridError
        For Grid subclasses with their own ``neighbors`` or ``cost`` (not plain arrays), and
        for grids other than square ones of the 4- or 8-way moves without wrap-around
        (hex, voxel, wrapped, moves of their own).
    OSError
        When the file cannot be read.
    """
    if is_grid(source):  # the tier decision is _dispatch's
        if not source.uses_own_rules:
            raise UnsupportedGridError(
                f"{type(source).__name__} redefines neighbors or cost, which cannot be sent "
                "to a worker as arrays: give a Grid or a map file")
        if not source.standard:
            raise UnsupportedGridError(
                f"{source!r} is not a square grid with the 4- or 8-way moves and no "
                "wrap-around, which is what a worker rebuilds from arrays: run its batch with "
                "wf.batch in this process")
        state = GridState.of(source)
        return MapRef("grid:" + state.digest(), label or repr(source)), state
    if isinstance(source, str | os.PathLike):
        text = read_text(source)
        digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
        return MapRef("file:" + digest, label or os.fspath(source)), text
    raise InvalidParameterError(
        f"a job's map must be a MovingAI .map file path or a Grid, got {type(source).__name__}")


@dataclass
class Loaded:
    """A map loaded on a worker, with what was derived from it (kept with it)."""

    grid: Grid
    derived: dict[Any, Any] = field(default_factory=dict)
    lock: Any = field(default_factory=threading.RLock)

    def get(self, key: Any, build: Callable[[], Any]) -> Any:
        """``derived[key]``, built by ``build()`` on first need (once per worker)."""
        with self.lock:
            if key not in self.derived:
                self.derived[key] = build()
            return self.derived[key]

    def has(self, key: Any) -> bool:
        """Whether ``derived[key]`` was built."""
        return key in self.derived


_CACHE: OrderedDict[str, Loaded] = OrderedDict()
_CACHE_LOCK = threading.Lock()
_STATS = {"loads": 0, "hits": 0}


def load(ref: MapRef, payload: str | GridState) -> Loaded:
    """The map of ``ref``, parsed from ``payload`` the first time this process sees it
    (MapFormatError naming the file when the text is malformed)."""
    with _CACHE_LOCK:
        found = _CACHE.get(ref.key)
        if found is not None:
            _CACHE.move_to_end(ref.key)
            _STATS["hits"] += 1
            return found
        if isinstance(payload, GridState):
            grid = payload.build()
        else:
            grid = parse_map(payload, source=ref.label)
        found = _CACHE[ref.key] = Loaded(grid)
        _STATS["loads"] += 1
        while len(_CACHE) > CACHE_MAPS:
            _CACHE.popitem(last=False)
        return found


def cache_info() -> dict[str, int]:
    """``{"maps": kept, "loads": parsed, "hits": found kept}`` of this process (run it on
    the workers with ``client.run(cache_info)``)."""
    with _CACHE_LOCK:
        return {"maps": len(_CACHE), **_STATS}


def clear_cache() -> None:
    """Forget every kept map and zero the counts (``client.run(clear_cache)``)."""
    with _CACHE_LOCK:
        _CACHE.clear()
        _STATS.update(loads=0, hits=0)
