"""Where numba keeps wayfinding's compiled kernels, also when the install is read-only.

numba caches a ``cache=True`` function in the ``__pycache__`` folder beside its source.
When that folder cannot be written (a read-only site-packages, a system package, a
container image), numba on its own falls back to its user-wide folder
(``~/.cache/numba/...``), and when that cannot be written either, importing a kernel
module raises ``RuntimeError: cannot cache function``. :func:`install` adds one locator,
used for wayfinding's kernels only, between those two:

1. ``NUMBA_CACHE_DIR``, when set (numba's own rule, for every numba function);
2. ``__pycache__`` beside the kernel's source file, when writable (numba's default);
3. :func:`user_cache_dir`: ``$WAYFINDING_CACHE_DIR`` when set, else the platform's user
   cache folder plus ``wayfinding/numba`` (``~/.cache/wayfinding/numba`` on Linux,
   ``~/Library/Caches/wayfinding/numba`` on macOS, ``%LOCALAPPDATA%\\wayfinding\\numba``
   on Windows);
4. ``wayfinding-numba-<user>`` in the temporary folder, when nothing above is writable.

Each package's kernels get a sub-folder named after the source folder (numba's layout).
The locator is installed by the ``_kernels`` packages before their first ``@njit``, so
``import wayfinding`` still does not import numba.

Examples
--------
>>> import os
>>> os.path.basename(user_cache_dir()) in ("numba", os.environ.get("WAYFINDING_CACHE_DIR"))
True
"""

from __future__ import annotations

import os
import sys
import tempfile
import threading
from importlib import import_module
from pathlib import Path

__all__ = ["install", "kernel_cache_dir", "user_cache_dir"]

#: The folder of the wayfinding package: only kernels under it use the extra locators.
PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))

_installed = False
#: Held while numba is imported and the locators installed. numba imported by two
#: threads at once through different modules (``numba`` and ``numba.core.caching``: every
#: ``_kernels`` package and kernel module imports one) meets its own import cycles half
#: done, and the import then fails for good in that process ("cannot import name
#: 'NullCache' from partially initialized module"). Nothing else is imported under it, so
#: it never waits for a lock that a thread waiting for it holds.
_IMPORT_LOCK = threading.Lock()


def user_cache_dir() -> str:
    """The user-wide folder for wayfinding's compiled kernels (rule 3 above).

    ``$WAYFINDING_CACHE_DIR`` when set, else the platform's user cache folder plus
    ``wayfinding/numba``. Computed without importing numba.
    """
    override = os.environ.get("WAYFINDING_CACHE_DIR")
    if override:
        return override
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = home / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or home / ".cache")
    return str(base / "wayfinding" / "numba")


def _temporary_dir() -> str:
    """Rule 4: a per-user folder in the temporary directory."""
    try:
        user = str(os.getuid())  # type: ignore[attr-defined,unused-ignore]
    except AttributeError:  # pragma: no cover - Windows
        user = os.environ.get("USERNAME", "user")
    return os.path.join(tempfile.gettempdir(), f"wayfinding-numba-{user}")


def _writable(path: str) -> bool:
    """Whether files can be created in ``path`` (made if missing), as numba checks it."""
    try:
        os.makedirs(path, exist_ok=True)
        tempfile.TemporaryFile(dir=path).close()
    except OSError:
        return False
    return True


def kernel_cache_dir() -> str:
    """The folder the kernels' compiled code goes to in this process (rules 1-4).

    For the wayfinding package as installed: ``NUMBA_CACHE_DIR`` when set, else the
    package's own folder (numba then uses each kernel's ``__pycache__``) when writable,
    else :func:`user_cache_dir`, else the temporary folder.

    Examples
    --------
    >>> import os
    >>> os.path.isdir(kernel_cache_dir())
    True
    """
    configured = os.environ.get("NUMBA_CACHE_DIR")
    if configured:
        return configured
    if _writable(os.path.join(PACKAGE_DIR, "__pycache__")):
        return PACKAGE_DIR
    for folder in (user_cache_dir(), _temporary_dir()):
        if _writable(folder):
            return folder
    return _temporary_dir()  # pragma: no cover - nothing writable: numba will say so


def install() -> None:
    """Add wayfinding's locators to numba's list (once; imports numba).

    Called by each ``_kernels`` package before its modules define kernels, and by
    :func:`wayfinding._lazy.kernels` before it imports one; thread-safe (numba is imported
    once, by one thread, under a lock). Functions outside the wayfinding package are not
    affected.
    """
    if _installed:
        return
    with _IMPORT_LOCK:
        if not _installed:
            _install()


def _install() -> None:
    """The work of :func:`install` (under its lock)."""
    global _installed
    import_module("numba")  # the whole package first: no import below meets it half done
    from numba.core import caching

    class _Locator(caching._SourceFileBackedLocatorMixin, caching._CacheLocator):
        """A kernel of wayfinding cached under ``root()`` (rules 3 and 4)."""

        root = staticmethod(user_cache_dir)

        def __init__(self, py_func: object, py_file: str) -> None:
            self._py_file = py_file
            self._lineno = py_func.__code__.co_firstlineno  # type: ignore[attr-defined]
            subpath = self.get_suitable_cache_subpath(py_file)  # type: ignore[no-untyped-call]
            self._cache_path = os.path.join(self.root(), subpath)

        def get_cache_path(self) -> str:
            return self._cache_path

        @classmethod
        def from_function(cls, py_func: object, py_file: str) -> _Locator | None:
            inside = os.path.abspath(py_file).startswith(PACKAGE_DIR + os.sep)
            if not inside:
                return None
            return super().from_function(  # type: ignore[no-untyped-call,no-any-return]
                py_func, py_file)

    class _TemporaryLocator(_Locator):
        root = staticmethod(_temporary_dir)

    # numba 0.59 and 0.60 name these _CacheImpl and _InTreeCacheLocator; later without "_".
    impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)
    in_tree = (getattr(caching, "InTreeCacheLocator", None)
               or getattr(caching, "_InTreeCacheLocator", None))
    classes = getattr(impl, "_locator_classes", None)
    known = isinstance(classes, list) and in_tree in classes  # else numba's locators stay
    if known and not any(getattr(c, "__module__", None) == __name__ for c in classes):
        at = classes.index(in_tree) + 1
        classes[at:at] = [_Locator, _TemporaryLocator]
    from ._compiling import install as install_compiling

    install_compiling()  # the compile notice; cache saves under a lock
    _installed = True  # last: a thread that sees it finds the locators in place
