"""Kernel modules imported on first use, and looked up cheaply after.

``import wayfinding`` must not import numba (start-up time), so a kernel module is imported
by the first call that needs it. An ``import`` statement inside a function costs about
0.5 us on every call even once the module is loaded (the import machinery runs each time),
which a batch of one query or a per-frame edit notices; :func:`kernels` keeps the module.

Examples
--------
>>> codes = kernels("wayfinding._kernels.codes")
>>> codes is kernels("wayfinding._kernels.codes")
True
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from types import ModuleType

__all__ = ["kernels"]


@cache
def kernels(name: str) -> ModuleType:
    """The module ``name`` (absolute, e.g. ``"wayfinding.grid._kernels.jps"``), imported
    on the first call."""
    return import_module(name)
