"""Kernel modules imported on first use, and looked up cheaply after.

``import wayfinding`` must not import numba (start-up time), so a kernel module is imported
by the first call that needs it. An ``import`` statement inside a function costs time on
every call even once the module is loaded (the import machinery runs each time:
``benchmarks/NOTES.md``, "Batches"), which a batch of one query or a per-frame edit
notices; :func:`kernels` keeps the module.

Threads: first calls may come from several threads at once (a server's first requests).
A first import holds one process-wide lock, and numba is imported before it by one thread
only (:func:`wayfinding._cache.install`): numba imported by several threads at once
through different modules meets its own import cycles half done and fails for good in
that process. Kernel modules never call :func:`kernels` while they are imported, so a
thread holding the lock never waits for an import another thread holds.

Examples
--------
>>> codes = kernels("wayfinding._kernels.codes")
>>> codes is kernels("wayfinding._kernels.codes")
True
"""

from __future__ import annotations

import threading
from functools import cache
from importlib import import_module
from types import ModuleType

from ._cache import install

__all__ = ["kernels"]

_lock = threading.RLock()


@cache  # thread-safe: two threads' first calls may both run the body, one at a time
def kernels(name: str) -> ModuleType:
    """The module ``name`` (absolute, e.g. ``"wayfinding.grid._kernels.jps"``), imported
    on the first call (with numba, under the lock of the module doc)."""
    with _lock:
        install()
        return import_module(name)
