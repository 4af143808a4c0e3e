"""What happens around compiling a kernel: a one-line notice, and cache writes one at a time.

The notice. The first call that needs a kernel numba has not compiled on this machine
waits for it (seconds per kernel family). When such a compile has run for
:data:`NOTICE_SECONDS`, one line goes to standard error, once per process::

    wayfinding: compiling kernels once for this machine; `wayfinding warmup` does it ahead of time

:func:`compile_notice` turns it off or on for the process; ``WAYFINDING_COMPILE_NOTICE=0``
in the environment turns it off from the start. ``wayfinding warmup`` shows its own
progress instead.

Cache writes. numba saves a compiled kernel by reading the kernel's cache index, picking
a free data-file number, writing the index, then the data. Two processes compiling two
specialisations of one kernel at once (pytest-xdist workers, ``warmup --jobs``, Dask
workers sharing one cache folder) can pick the same number: one index entry is lost or
names the other's machine code. :func:`install` makes numba's save of a wayfinding kernel
hold an exclusive lock (``fcntl.flock``) on the kernel's cache folder for those steps,
so they run one process at a time (where ``fcntl`` exists, that is POSIX systems).

Importing this module does not import numba.

Examples
--------
>>> previous = compile_notice(False)
>>> compile_notice(previous)
False
"""

from __future__ import annotations

import os
import sys
import threading
from typing import Any

__all__ = ["NOTICE", "NOTICE_SECONDS", "compile_notice", "install"]

#: The line printed (standard error) when a compile runs past :data:`NOTICE_SECONDS`.
NOTICE = ("wayfinding: compiling kernels once for this machine; `wayfinding warmup` does "
          "it ahead of time")
#: How long a compile runs before the notice is printed (0: at once).
NOTICE_SECONDS = 1.0

_state = {"enabled": os.environ.get("WAYFINDING_COMPILE_NOTICE", "1") != "0",
          "printed": False}


def compile_notice(enabled: bool = True) -> bool:
    """Print, or not, the one-line notice that kernels are being compiled.

    Parameters
    ----------
    enabled : bool
        False: never print it in this process (``WAYFINDING_COMPILE_NOTICE=0`` does the
        same from the start); True: print it (once) when a compile runs for more than a
        second.

    Returns
    -------
    bool
        The setting before this call.

    Examples
    --------
    >>> import wayfinding as wf
    >>> before = wf.compile_notice(False)
    >>> wf.compile_notice(before)
    False
    """
    previous = bool(_state["enabled"])
    _state["enabled"] = bool(enabled)
    return previous


def _print_notice() -> None:
    if _state["enabled"] and not _state["printed"]:
        _state["printed"] = True
        print(NOTICE, file=sys.stderr, flush=True)


def _ours(dispatcher: Any) -> bool:
    module = getattr(getattr(dispatcher, "py_func", None), "__module__", "") or ""
    return module.startswith("wayfinding.")


class _Notice:
    """A ``numba:compile`` listener: a timer runs while the outermost compile of a
    wayfinding kernel does (numba compiles under one process-wide lock, so one at a time;
    the kernels it calls are compiled inside it)."""

    def __init__(self) -> None:
        self.depth = 0
        self.timer: threading.Timer | None = None

    def on_start(self, event: Any) -> None:
        self.depth += 1
        if self.depth > 1 or not _state["enabled"] or _state["printed"]:
            return
        if not _ours(event.data.get("dispatcher")):
            return
        if NOTICE_SECONDS <= 0:
            _print_notice()
            return
        self.timer = threading.Timer(NOTICE_SECONDS, _print_notice)
        self.timer.daemon = True
        self.timer.start()

    def on_end(self, event: Any) -> None:
        self.depth = max(0, self.depth - 1)
        if self.depth == 0 and self.timer is not None:
            self.timer.cancel()
            self.timer = None


def _lock_folder(path: str) -> Any:
    """An exclusive ``flock`` on the folder ``path``, or None when it cannot be taken
    (not POSIX, a folder this user cannot open): numba's own save then, unlocked."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        return None
    try:
        handle = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
    except OSError:  # pragma: no cover - a file system without flock
        os.close(handle)
        return None
    return handle


def _unlock_folder(handle: Any) -> None:
    if handle is not None:
        os.close(handle)  # closing releases the flock


def install() -> None:
    """Register the notice's listener and lock the cache saves of wayfinding's kernels
    (once per process; called by :func:`wayfinding._cache.install`, with numba)."""
    from numba.core import caching, event

    listener = _Notice()

    class _Listener(event.Listener):
        def on_start(self, ev: event.Event) -> None:
            listener.on_start(ev)

        def on_end(self, ev: event.Event) -> None:
            listener.on_end(ev)

    event.register("numba:compile", _Listener())

    class _LockedFile(caching.IndexDataCacheFile):  # type: ignore[misc]
        """numba's index/data files, saved under a lock on the cache folder."""

        def save(self, key: Any, data: Any) -> None:
            handle = _lock_folder(self._cache_path)
            try:
                super().save(key, data)  # reads the index again, under the lock
            finally:
                _unlock_folder(handle)

    plain_init = caching.Cache.__init__

    def __init__(self: Any, py_func: Any) -> None:
        plain_init(self, py_func)
        module = getattr(py_func, "__module__", "") or ""
        if module.startswith("wayfinding.") and type(self._cache_file) is (
                caching.IndexDataCacheFile):
            self._cache_file.__class__ = _LockedFile

    caching.Cache.__init__ = __init__
