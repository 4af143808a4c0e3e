"""Long compiled work that Ctrl-C and a deadline can stop: a worker thread and a stop flag.

While a numba kernel runs, the thread that called it cannot run Python's signal handlers,
so Ctrl-C waits until the kernel returns. Kernels that cannot pause and resume cheaply
run instead in a worker thread (compiled with ``nogil=True``, so they do not hold the
interpreter) and poll a *stop flag*, an ``int64[1]`` array: the calling thread waits in
short joins, handling signals between them, and on KeyboardInterrupt (or when its
deadline passes) sets the flag, waits briefly for the worker to notice (milliseconds)
and raises (or returns :data:`STOPPED`) without waiting longer.

Examples
--------
>>> import time
>>> run_stoppable(lambda stop: int(stop[0]) + 41, None)
41
>>> def until_stopped(stop):
...     while stop[0] == 0:
...         time.sleep(0.001)
...     raise Stopped
>>> run_stoppable(until_stopped, time.perf_counter() + 0.01) is STOPPED
True
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from ..errors import BudgetExhaustedError

__all__ = ["STOPPED", "Stopped", "deadline_after", "out_of_time", "run_flagged",
           "run_stoppable"]

#: Seconds between two looks at signals and the clock while the worker runs.
POLL = 0.02
#: Seconds to wait for a stopped worker before leaving it behind: a kernel that does not
#: poll the flag (a linear pass over a huge grid) finishes in the background and the
#: worker then stops at its next check, its results dropped.
GRACE = 0.05


class Stopped(Exception):
    """Raised inside the worker once it sees the stop flag (caught by run_stoppable)."""


#: What :func:`run_stoppable` returns when the deadline passed first.
STOPPED: Any = object()


def run_stoppable(work: Callable[[np.ndarray], Any], deadline: float | None) -> Any:
    """``work(stop)`` in a worker thread; its value, or :data:`STOPPED` after ``deadline``.

    ``work`` gets the stop flag (``int64[1]``, 0) and should check it between kernels
    (raising :class:`Stopped` when it is set) and pass it to kernels that poll it.
    ``deadline`` is a ``time.perf_counter()`` value or None. Exceptions of ``work`` are
    raised here; KeyboardInterrupt (any exception in the waiting thread) stops the worker
    before it propagates.
    """
    stop = np.zeros(1, dtype=np.int64)
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = work(stop)
        except Stopped:
            box["value"] = STOPPED
        except BaseException as error:  # handed to the calling thread
            box["error"] = error

    worker = threading.Thread(target=target, name="wayfinding-worker", daemon=True)
    worker.start()
    try:
        while worker.is_alive():
            wait = POLL
            if deadline is not None:
                left = deadline - time.perf_counter()
                if left <= 0.0:  # what the worker finishes from now on came too late
                    stop[0] = 1
                    worker.join(GRACE)
                    return STOPPED
                wait = min(POLL, left)
            worker.join(wait)
    except BaseException:
        stop[0] = 1
        worker.join(GRACE)
        raise
    if "error" in box:
        raise box["error"]
    return box.get("value", STOPPED)


def run_flagged(call: Callable[[np.ndarray], tuple], max_seconds: float | None) -> Any:
    """``call(stop)`` (a kernel that polls the stop flag and returns a tuple whose last
    item says whether the flag ended it) in the worker thread of :func:`run_stoppable`:
    the tuple without that item, or :data:`STOPPED` once ``max_seconds`` (checked, or
    None) ran out.

    Examples
    --------
    >>> run_flagged(lambda stop: (41, 1, False), None)
    (41, 1)
    """
    def work(stop: np.ndarray) -> Any:
        answer = call(stop)
        if answer[-1]:
            raise Stopped
        return answer[:-1]

    return run_stoppable(work, deadline_after(max_seconds))


def deadline_after(max_seconds: float | None) -> float | None:
    """The ``time.perf_counter()`` deadline ``max_seconds`` (checked) from now, or None."""
    return None if max_seconds is None else time.perf_counter() + max_seconds


def out_of_time(what: str, begin: float, advice: str) -> BudgetExhaustedError:
    """The error for a call that began at ``begin`` (perf_counter) and ran out of time."""
    spent = time.perf_counter() - begin
    return BudgetExhaustedError(f"{what} after {spent:.3f} s; nothing was kept ({advice})")
