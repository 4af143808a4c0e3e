"""Reaching a Dask cluster: a client you made, a scheduler's address, or a LocalCluster.

Dask is optional (``pip install "wayfinding[distributed]"``): nothing here imports it
before a batch is run, and :func:`require_dask` says which extra to install.

Examples
--------
>>> issubclass(SchedulerError, ValueError), issubclass(WorkerFailedError, RuntimeError)
(True, True)
"""

from __future__ import annotations

import contextlib
import os
import socket
from collections.abc import Iterator
from typing import Any

from .._inputs import is_number
from ..errors import InvalidParameterError, WayfindingError

__all__ = ["EXTRA", "SchedulerError", "WorkerFailedError", "connect", "require_dask"]

#: How to install what this package needs.
EXTRA = 'pip install "wayfinding[distributed]"'


class SchedulerError(WayfindingError, ValueError):
    """A Dask scheduler address that is malformed or where no scheduler answers."""


class WorkerFailedError(WayfindingError, RuntimeError):
    """A task failed on a Dask worker for a reason other than bad input (the worker
    died, ran out of memory, lost its connection, ...); the message names the map and
    the queries of the task, the original exception is its ``__cause__``."""


def require_dask() -> Any:
    """The ``distributed`` module, or ImportError naming the extra to install."""
    try:
        import distributed
    except ImportError as exc:
        raise ImportError(
            "wayfinding.distributed runs batches on Dask's distributed scheduler, which is "
            f"not installed: {EXTRA}") from exc
    return distributed


@contextlib.contextmanager
def connect(client: Any = None, scheduler: str | None = None, workers: int | None = None, *,
            timeout: float = 10.0) -> Iterator[Any]:
    """A ``distributed.Client`` for one run: ``client`` as given (left open), a new
    connection to ``scheduler`` (closed afterwards, the scheduler keeps running), or a
    ``LocalCluster`` of ``workers`` processes with one thread each (``os.cpu_count()``
    when none of the three is given), shut down afterwards.

    Raises
    ------
    ImportError
        When Dask is not installed (naming the extra).
    InvalidParameterError
        For more than one of ``client``, ``scheduler`` and ``workers``, a ``client``
        that is not a ``distributed.Client``, or a bad ``workers`` or ``timeout``.
    SchedulerError
        When ``scheduler`` is malformed or no scheduler answers there within ``timeout``
        seconds.
    """
    given = [name for name, value in (("client", client), ("scheduler", scheduler),
                                      ("workers", workers)) if value is not None]
    if len(given) > 1:
        raise InvalidParameterError(
            f"give at most one of client=, scheduler= and workers=, got {' and '.join(given)}")
    if not is_number(timeout) or not timeout > 0:
        raise InvalidParameterError(f"timeout must be a number of seconds > 0, got {timeout!r}")
    distributed = require_dask()
    if client is not None:
        if not isinstance(client, distributed.Client):
            raise InvalidParameterError(
                f"client must be a distributed.Client, got {type(client).__name__}")
        yield client
        return
    if scheduler is not None:
        with _client(distributed, scheduler, timeout) as found:
            yield found
        return
    from ..batch.run import check_workers

    n = check_workers(workers) if workers is not None else os.cpu_count() or 1
    with distributed.LocalCluster(n_workers=n, processes=True, threads_per_worker=1,
                                  dashboard_address=":0") as cluster, \
            distributed.Client(cluster, set_as_default=False) as local:
        yield local


def _client(distributed: Any, scheduler: Any, timeout: float) -> Any:
    if not isinstance(scheduler, str) or not scheduler.strip():
        raise SchedulerError(
            f"scheduler must be an address such as 'tcp://10.0.0.5:8786', got {scheduler!r}")
    try:
        _probe(scheduler, timeout)
        return distributed.Client(scheduler, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError, TypeError) as exc:
        raise SchedulerError(
            f"no Dask scheduler answered at {scheduler!r} within {timeout:g} s "
            f"({type(exc).__name__}: {exc})") from exc


def _probe(address: str, timeout: float) -> None:
    """Open and close a socket to a TCP-based ``address`` (ValueError when malformed,
    OSError when nothing listens), so a wrong address fails before a Client is made (a
    Client that never connected complains again when it is garbage-collected)."""
    from distributed.comm.addressing import parse_address, parse_host_port

    scheme, location = parse_address(address)
    if scheme in ("tcp", "tls", "ws", "wss"):
        host, port = parse_host_port(location)
        socket.create_connection((host, port), timeout=timeout).close()
