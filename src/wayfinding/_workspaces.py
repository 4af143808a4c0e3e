"""One reusable set of kernel buffers per thread, for every compiled tier.

A search borrows its thread's workspace (buffers sized for the graph, reset between
searches by generation stamps: R9 of ``../shared/DESIGN.md``) and gives it back when it
ends. A search that starts while its thread's workspace is busy (a search inside a
search, e.g. from a callback) gets a private one. A workspace is marked busy only once it
is sized: when growing it fails (MemoryError) nothing stays marked, so the thread's next
search gets it again. Callers release in a ``finally``.

Examples
--------
>>> class Buffers:
...     busy = False
...     def reserve(self, n):
...         self.size = n
>>> pool = WorkspacePool(Buffers)
>>> ws = pool.acquire(10)
>>> pool.acquire(5) is ws, ws.busy
(False, True)
>>> pool.release(ws); pool.acquire(3) is ws
True
"""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

import numpy as np

__all__ = ["GENERATION_LIMIT", "Stamped", "WorkspacePool"]

#: Largest generation stamp (int32 stamp arrays; -gen marks expanded nodes).
GENERATION_LIMIT = 2**31 - 2


class Stamped(ABC):
    """What every workspace has: its size, whether a search holds it, the kernel state
    arrays, and generation stamps (``stamp[v] == gen`` marks the slots of ``v`` as
    written by the current search, so arrays are never cleared between searches)."""

    __slots__ = ("busy", "capacity", "fstate", "generation", "state")
    #: Largest stamp before the arrays are cleared (a class attribute, so tests can make
    #: the wrap-around happen sooner).
    generation_limit = GENERATION_LIMIT

    def __init__(self, n_state: int, n_fstate: int) -> None:
        self.capacity = 0
        self.generation = 0
        self.busy = False
        self.state = np.zeros(n_state, dtype=np.int64)
        self.fstate = np.zeros(n_fstate, dtype=np.float64)

    @abstractmethod
    def stamp_arrays(self) -> list[Any]:
        """The int32 arrays holding stamps (cleared when the numbers run out)."""

    def next_generation(self) -> int:
        """A stamp no slot carries yet; clears the stamps when the numbers run out."""
        self.room_for(1)
        self.generation += 1
        return self.generation

    def room_for(self, needed: int) -> None:
        """Make room for ``needed`` more stamps after ``generation`` (a compiled loop of
        that many searches numbers them itself): clears the stamps when they would run
        out."""
        if self.generation + needed > self.generation_limit:
            for array in self.stamp_arrays():
                array.fill(0)
            self.generation = 0


class _Workspace(Protocol):
    busy: bool

    def reserve(self, n: int) -> None: ...


W = TypeVar("W", bound=_Workspace)


class WorkspacePool(Generic[W]):
    """Per-thread workspaces made by ``factory()`` and grown by ``reserve(n)``."""

    def __init__(self, factory: Callable[[], W]) -> None:
        self._factory = factory
        self._local = threading.local()

    def acquire(self, n: int) -> W:
        """This thread's workspace, sized for ``n`` and marked busy (pair with
        :meth:`release`); a private one when the thread's is busy."""
        ws: W | None = getattr(self._local, "workspace", None)
        if ws is None:
            ws = self._local.workspace = self._factory()
        elif ws.busy:
            ws = self._factory()
        ws.reserve(n)
        ws.busy = True
        return ws

    def current(self) -> W | None:
        """This thread's own workspace, if it has one yet."""
        return getattr(self._local, "workspace", None)

    @staticmethod
    def release(ws: Any) -> None:
        """Give a workspace from :meth:`acquire` back."""
        ws.busy = False
