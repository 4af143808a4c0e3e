"""Reading ``.npz`` archives without trusting them.

:class:`NpzReader` opens an archive written by :func:`numpy.savez` (or
:func:`numpy.savez_compressed`) and reads only the members its caller names, each with a
dtype, a shape pattern and a bound on its number of items that the caller derives from
what it knows (the grid a file was made for, or another member's declared shape). Before
anything is decompressed it checks the zip directory (no unknown, duplicate, encrypted or
oddly compressed members; sizes that fit the file) and the member's ``.npy`` header
(dtype, shape, byte order, declared size matching the zip's). Nothing is unpickled. Every
fault, truncation and failed CRC check included, becomes the exception the caller's
``fail`` makes from a message (the caller adds the file's name).

Examples
--------
>>> import io, numpy as np
>>> buffer = io.BytesIO()
>>> np.savez(buffer, a=np.arange(3))
>>> with NpzReader(buffer, {"a", "b"}, ValueError) as archive:
...     archive.names, archive.read("a", np.int64, (None,), limit=10)
({'a'}, array([0, 1, 2]))
>>> with NpzReader(buffer, {"a"}, ValueError) as archive:
...     archive.read("a", np.int64, (None,), limit=2)
Traceback (most recent call last):
...
ValueError: member 'a' declares shape (3,), more than 2 items
"""

from __future__ import annotations

import math
import os
import stat
import struct
import tokenize
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import IO, Any

import numpy as np

from .errors import StaleDataError

#: Compressed members may expand at most this many times (plus :data:`SLACK` bytes):
#: numpy's own arrays deflate far less, while a deflate stream can expand 1,000 times.
MAX_RATIO = 64
#: Bytes every member may hold beyond its bound (the ``.npy`` header and small data).
SLACK = 4096
#: Longest ``.npy`` header read.
MAX_HEADER = 1024
#: Bytes decompressed (or read) at a time.
CHUNK = 1 << 20
#: Most bytes read from a file that is not a regular file (a pipe, a device): its size
#: cannot be known before reading, and ``/dev/zero`` never ends.
STREAM_LIMIT = 64 << 20

_NUL = bytes(1)

#: Exceptions a damaged archive can raise from :mod:`zipfile`, :mod:`zlib` and numpy.
_DAMAGE = (zipfile.BadZipFile, zlib.error, EOFError, ValueError, TypeError, struct.error,
           RuntimeError, NotImplementedError, OverflowError, KeyError, SyntaxError,
           tokenize.TokenError)


class NpzReader:
    """An ``.npz`` archive opened for checked reading (a context manager).

    Parameters
    ----------
    path : str, os.PathLike or binary file object
        The archive. A missing file raises :class:`FileNotFoundError` as usual.
    expected : iterable of str
        The member names (without ``.npy``) the caller knows; any other member makes the
        archive refused at once, before anything is decompressed.
    fail : callable
        Makes the exception to raise from a message saying what is wrong.
    max_ratio : float or None
        How many times a compressed member may expand (:data:`MAX_RATIO` by default), for
        archives whose bounds are loose; None when every ``read`` bound is tight enough by
        itself (arrays of one value, such as the ``inf`` of unreached cells, deflate a
        thousandfold, so a ratio would refuse real files).

    Attributes
    ----------
    names : set of str
        The members present (a subset of ``expected``).
    """

    def __init__(self, path: str | os.PathLike[str] | IO[bytes], expected: Iterable[str],
                 fail: Callable[[str], Exception], *,
                 max_ratio: float | None = MAX_RATIO) -> None:
        self._fail = fail
        self._max_ratio = max_ratio
        expected = set(expected)
        try:
            if hasattr(path, "read"):
                handle: Any = path
                handle.seek(0, os.SEEK_END)
                self._size = handle.tell()
                handle.seek(0)
                self._zip = zipfile.ZipFile(handle)
            else:
                self._size = os.path.getsize(path)
                self._zip = zipfile.ZipFile(path)
        except FileNotFoundError:
            raise
        except (*_DAMAGE, OSError) as error:
            raise self.error(f"not a readable .npz archive ({_describe(error)})") from None
        try:
            self._members = self._directory(expected)
        except BaseException:
            self._zip.close()
            raise
        self.names = set(self._members)

    def _directory(self, expected: set[str]) -> dict[str, zipfile.ZipInfo]:
        members: dict[str, zipfile.ZipInfo] = {}
        for info in self._zip.infolist():
            key = info.filename[:-4] if info.filename.endswith(".npy") else None
            if key not in expected:
                raise self.error(f"unexpected member {info.filename[:80]!r}")
            if key in members:
                raise self.error(f"member {info.filename!r} appears twice")
            if info.flag_bits & 0x1:
                raise self.error(f"member {info.filename!r} is encrypted")
            if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
                raise self.error(f"member {info.filename!r} uses unsupported compression "
                                 f"{info.compress_type}")
            if info.compress_size > self._size or (
                    info.compress_type == zipfile.ZIP_STORED
                    and info.file_size != info.compress_size):
                raise self.error(f"member {info.filename!r} declares {info.file_size} "
                                 f"bytes in a {self._size}-byte file")
            members[key] = info
        return members

    def __enter__(self) -> NpzReader:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        self._zip.close()

    def error(self, message: str) -> Exception:
        """The caller's exception for ``message`` about this file."""
        return self._fail(message)

    def read(self, key: str, dtype: Any, shape: tuple[int | None, ...], *,
             limit: int, free_bytes: int = 0,
             each_row: Callable[[int, np.ndarray], str | None] | None = None) -> np.ndarray:
        """Member ``key`` as a fresh, writeable, C-ordered array.

        ``dtype`` is the exact dtype wanted, or a tuple of those accepted (``"U"`` for any
        native unicode string of at most 64 characters); ``shape`` gives each dimension,
        None where any length is accepted; ``limit`` bounds the number of items. All of
        it is checked against the zip directory and the ``.npy`` header before the data
        is decompressed. ``free_bytes``: bytes of the member the caller knows may
        compress without bound (runs of one value it expects, such as the ``inf`` of
        unreached cells), exempt from ``max_ratio``. ``each_row(i, row)``, when given, is
        called as each row (along the first axis) arrives and may return what is wrong
        with it: reading then stops there, before the rest is decompressed.
        """
        info = self._members.get(key)
        if info is None:
            raise self.error(f"member {key!r} is missing")
        if info.file_size > limit * _itemsize(dtype) + SLACK:
            raise self.error(f"member {key!r} declares {info.file_size} bytes, more than "
                             f"{limit} items can take")
        if (info.compress_type == zipfile.ZIP_DEFLATED and self._max_ratio is not None
                and info.file_size > self._max_ratio * info.compress_size + SLACK
                + free_bytes):
            raise self.error(f"member {key!r} would expand {info.compress_size} bytes to "
                             f"{info.file_size}")
        try:
            with self._zip.open(info) as member:
                result = self._read_member(member, info, key, dtype, shape, limit,
                                           each_row)
        except (*_DAMAGE, OSError) as error:
            result = f"member {key!r} is damaged ({_describe(error)})"
        if isinstance(result, str):
            raise self.error(result)
        return result

    def _read_member(self, member: Any, info: zipfile.ZipInfo, key: str, dtype: Any,
                     shape: tuple[int | None, ...], limit: int,
                     each_row: Callable[[int, np.ndarray], str | None] | None
                     ) -> np.ndarray | str:
        """The array, or what is wrong with the member."""
        version = np.lib.format.read_magic(member)
        if version == (1, 0):
            found, fortran, descr = np.lib.format.read_array_header_1_0(
                member, max_header_size=MAX_HEADER)
        elif version in ((2, 0), (3, 0)):
            found, fortran, descr = np.lib.format.read_array_header_2_0(
                member, max_header_size=MAX_HEADER)
        else:
            return f"member {key!r} has .npy version {version}"
        if not _dtype_fits(descr, dtype):
            wanted_type = " or ".join(
                "a string" if each == "U" else str(np.dtype(each))
                for each in (dtype if isinstance(dtype, tuple) else (dtype,)))
            return f"member {key!r} has dtype {descr}, expected {wanted_type}"
        if len(found) != len(shape) or any(
                want is not None and want != got for want, got in zip(shape, found,
                                                                       strict=True)):
            wanted = tuple("any" if want is None else want for want in shape)
            return f"member {key!r} has shape {found}, expected {wanted}"
        items = math.prod(found)
        if min(found, default=0) < 0 or items > limit:
            return f"member {key!r} declares shape {found}, more than {limit} items"
        if fortran and len(found) > 1:
            return f"member {key!r} is in Fortran order"
        header = 6 + 2 + (4 if version != (1, 0) else 2)  # magic, version, length field
        nbytes = items * descr.itemsize
        if info.file_size < nbytes + header or info.file_size > nbytes + header + MAX_HEADER:
            return (f"member {key!r} holds {info.file_size} bytes; its header declares "
                    f"{nbytes} bytes of data")
        array = np.empty(found, dtype=descr)  # pages are taken as the data arrives
        view = array.reshape(-1).view(np.uint8)
        row_bytes = nbytes // found[0] if len(found) > 1 and found[0] else 0
        rows = 0
        done = 0
        while done < nbytes:
            # in pieces: zipfile would decompress all of it into one more bytes object
            got = member.readinto(view[done:done + CHUNK])
            if not got:
                return f"member {key!r} is truncated ({done} of {nbytes} bytes)"
            done += got
            while each_row is not None and row_bytes and (rows + 1) * row_bytes <= done:
                problem = each_row(rows, array[rows])
                if problem is not None:
                    return problem
                rows += 1
        if member.read(1):  # also makes zipfile check the CRC
            return f"member {key!r} has data after its array"
        return array


@contextmanager
def checked_archive(path: str | os.PathLike[str], keys: Iterable[str], kind: str,
                    version: int, again: str, *, max_ratio: float | None = MAX_RATIO,
                    optional: Iterable[str] = ()
                    ) -> Iterator[tuple[NpzReader, Callable[[str], Exception]]]:
    """Open a file that wayfinding saved: an :class:`NpzReader` of ``keys`` (all of them
    present; members named in ``optional`` may be present too) whose ``format_version``
    is ``version``, with ``damaged(message)``, the StaleDataError "``path`` is not a
    ``kind`` file: ``message``". ``again`` says what to do about another format version
    (e.g. "prepare the grid again").
    """
    name = repr(os.fspath(path))

    def damaged(message: str) -> Exception:
        return StaleDataError(f"{name} is not a {kind} file: {message}")

    keys = set(keys)
    with NpzReader(path, keys | set(optional), damaged, max_ratio=max_ratio) as archive:
        missing = keys - archive.names
        if missing:
            raise StaleDataError(f"{name} is not a {kind} file (missing {sorted(missing)})")
        found = int(archive.read("format_version", np.int64, (), limit=1))
        if found != version:
            raise StaleDataError(f"{name} has format version {found}; this wayfinding reads "
                                 f"version {version}: {again}")
        yield archive, damaged


def read_bytes(path: str | os.PathLike[str], fail: Callable[[str], Exception], *,
               text: bool = True) -> bytes:
    """The bytes of the file at ``path``, read without trusting what it is.

    A regular file is read whole (its size is what it holds); anything else (a pipe, a
    device such as ``/dev/zero``), whose size cannot be known before reading, at most
    :data:`STREAM_LIMIT` bytes. With ``text`` a NUL byte, which no text format holds,
    stops the reading at once. A fault raises what ``fail`` makes of a message.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder, "x.map")
    ...     _ = path.write_bytes(b"type octile\\n\\0")
    ...     read_bytes(path, ValueError)
    Traceback (most recent call last):
    ...
    ValueError: holds a NUL byte at offset 12: not a text file
    """
    with open(path, "rb") as handle:
        if stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            data = handle.read()
            if text and _NUL in data:
                raise fail(f"holds a NUL byte at offset {data.index(_NUL)}: not a text file")
            return data
        pieces: list[bytes] = []
        done = 0
        while piece := handle.read(CHUNK):
            if text and _NUL in piece:
                raise fail(f"holds a NUL byte at offset {done + piece.index(_NUL)}: not a "
                           "text file")
            done += len(piece)
            if done > STREAM_LIMIT:
                raise fail(f"is not a regular file and holds more than {STREAM_LIMIT} bytes")
            pieces.append(piece)
    return b"".join(pieces)


def _itemsize(dtype: Any) -> int:
    if isinstance(dtype, tuple):
        return max(_itemsize(each) for each in dtype)
    return 4 * 64 if dtype == "U" else np.dtype(dtype).itemsize


def _dtype_fits(found: np.dtype, wanted: Any) -> bool:
    if isinstance(wanted, tuple):
        return any(_dtype_fits(found, each) for each in wanted)
    if wanted == "U":
        return found.kind == "U" and found.isnative and found.itemsize <= 4 * 64
    return found == np.dtype(wanted) and found.isnative


def _describe(error: BaseException) -> str:
    text = str(error) or type(error).__name__
    return text if len(text) <= 120 else text[:117] + "..."
