"""How long a call spent getting its compiled kernels ready, apart from its own work.

The first compiled call of a process imports numba, imports the kernel modules (each
``@njit`` a dispatcher) and loads each kernel from numba's cache or compiles it; later
calls do none of that. :class:`KernelClock` adds up, while it is open, the time of

- getting numba ready, on entering (importing it, reading its plugins' entry points, as
  its first call does, once per process);
- importing a ``_kernels`` module of wayfinding (a finder on ``sys.meta_path`` times the
  module's execution);
- holding numba's compiler lock (``numba:compiler_lock`` events: numba takes it to load a
  kernel from the cache or to compile one, never while a kernel runs),

counting spans inside one another once. :meth:`KernelClock.outside` takes that time out
of a span measured around it, which leaves the call's own time. ``wayfinding solve``
prints the two apart.

Examples
--------
>>> import time
>>> with KernelClock() as clock:
...     began = time.perf_counter()
...     own = clock.outside(time.perf_counter() - began)
>>> own >= 0.0 and clock.seconds >= 0.0
True
"""

from __future__ import annotations

import importlib.abc
import sys
import time
from typing import Any

__all__ = ["KernelClock"]


class KernelClock:
    """Time spent loading or compiling kernels while open (see the module doc)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self._depth = 0
        self._began = 0.0
        self._taken = 0.0

    def begin(self) -> None:
        """A span of kernel loading begins (spans inside it are not counted again)."""
        if self._depth == 0:
            self._began = time.perf_counter()
        self._depth += 1

    def end(self) -> None:
        """The span begun last ends."""
        self._depth -= 1
        if self._depth == 0:
            self.seconds += time.perf_counter() - self._began

    def __enter__(self) -> KernelClock:
        self.begin()
        import numpy.ma  # noqa: F401 - what numba's first typing of an array imports
        from numba.core import entrypoints, event  # importing numba is loading kernels too

        entrypoints.init_all()  # what numba's first call does: read the installed plugins
        self.end()
        self._taken = self.seconds  # before any span the caller measures
        self._finder = _KernelImports(self)
        sys.meta_path.insert(0, self._finder)
        self._scope = event.install_listener("numba:compiler_lock", _lock_listener(self))
        self._scope.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._scope.__exit__(*exc)
        sys.meta_path.remove(self._finder)

    def outside(self, span: float) -> float:
        """``span`` less the kernel time counted since the last call (``span`` was
        measured since then)."""
        inside = self.seconds - self._taken
        self._taken = self.seconds
        return max(0.0, span - inside)


class _KernelImports(importlib.abc.MetaPathFinder):
    """Times the execution of every ``_kernels`` module of wayfinding imported while the
    clock is open; finds nothing itself (the other finders do)."""

    def __init__(self, clock: KernelClock) -> None:
        self.clock = clock
        self._finding = False

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if self._finding or not name.startswith("wayfinding.") or "._kernels" not in name:
            return None
        self._finding = True
        try:
            spec = next((s for f in sys.meta_path if f is not self
                         for s in [getattr(f, "find_spec", lambda *a: None)(name, path, target)]
                         if s is not None), None)
        finally:
            self._finding = False
        loader = getattr(spec, "loader", None)
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        run, clock = loader.exec_module, self.clock

        def exec_module(module: Any) -> None:
            clock.begin()
            try:
                run(module)
            finally:
                clock.end()

        loader.exec_module = exec_module
        return spec


def _lock_listener(clock: KernelClock) -> Any:
    """A numba event listener that counts the compiler lock's spans on ``clock``."""
    from numba.core import event

    class Held(event.Listener):  # type: ignore[misc]
        def on_start(self, ev: Any) -> None:
            clock.begin()

        def on_end(self, ev: Any) -> None:
            clock.end()

    return Held()
