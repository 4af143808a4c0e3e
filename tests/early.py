"""Subprocess checks started as soon as the suite is collected, beside the rest of it.

A few tests only wait for another process: the kernels again with the JIT off
(``test_kernels_nojit.py``, ``batch/test_batch_nojit.py``), mypy on the typed example.
They need none of this process's state, so ``conftest.py`` hands them to :data:`EARLY`
when they are selected: one background thread runs them one after the other, on the
core the single-threaded suite leaves idle, and each test then collects its own result
(or runs its command itself when it was not handed over). On two cores this takes their
minutes off the suite's wall time; the checks are the same.
"""

from __future__ import annotations

import subprocess
import threading
from collections.abc import Sequence
from typing import Any

__all__ = ["EARLY", "Early"]


class Early:
    """Commands run in order on one background thread; results by key."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._queue: list[tuple[str, Sequence[str], dict[str, Any]]] = []
        self._done: dict[str, subprocess.CompletedProcess[str] | BaseException] = {}
        self._ready: dict[str, threading.Event] = {}
        self._child: subprocess.Popen[str] | None = None
        self._thread: threading.Thread | None = None
        self._stopped = False

    def submit(self, key: str, command: Sequence[str], **options: Any) -> None:
        """Queue ``command`` (``subprocess.run`` options: cwd, env, timeout) under ``key``."""
        with self._lock:
            if key in self._ready or self._stopped:
                return
            self._ready[key] = threading.Event()
            self._queue.append((key, command, options))
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="early", daemon=True)
                self._thread.start()

    def run(self, key: str, command: Sequence[str], **options: Any
            ) -> subprocess.CompletedProcess[str]:
        """The result of ``key``: waited for when it was submitted, else run here."""
        with self._lock:
            event = self._ready.get(key)
        if event is None:
            return _run(command, options)
        event.wait()
        outcome = self._done.pop(key)
        if isinstance(outcome, BaseException):
            raise outcome
        return outcome

    def stop(self) -> None:
        """End the suite's background work: nothing more starts, a running child is killed."""
        with self._lock:
            self._stopped = True
            self._queue.clear()
            child = self._child
        if child is not None and child.poll() is None:
            child.kill()

    def _work(self) -> None:
        while True:
            with self._lock:
                if not self._queue:
                    self._thread = None
                    return
                key, command, options = self._queue.pop(0)
            try:
                outcome: subprocess.CompletedProcess[str] | BaseException = _run(
                    command, options, self)
            except BaseException as error:  # handed to the test that asks for it
                outcome = error
            self._done[key] = outcome
            self._ready[key].set()

    def _started(self, child: subprocess.Popen[str]) -> None:
        with self._lock:
            self._child = child


def _run(command: Sequence[str], options: dict[str, Any], owner: Early | None = None
         ) -> subprocess.CompletedProcess[str]:
    """``subprocess.run(command, capture_output=True, text=True, **options)``, with the
    child known to ``owner`` while it runs (so that :meth:`Early.stop` can end it)."""
    timeout = options.pop("timeout", None)
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          **options) as child:
        if owner is not None:
            owner._started(child)
        try:
            out, err = child.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            child.kill()
            child.communicate()
            raise
    return subprocess.CompletedProcess(command, child.returncode, out, err)


#: The suite's one runner.
EARLY = Early()
