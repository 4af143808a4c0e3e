"""Subprocess of tests/test_first_calls.py: many threads make their first compiled calls
at once in a fresh process (issue 27, item 3).

Usage: ``python first_calls_worker.py library|server``. ``library``: eight threads, each a
different tier's first call (grid searches, labels, batches, floods, prepared grids, CSR
graphs); ``server``: eight simultaneous first requests to the explorer's WSGI
application, each another algorithm. The threads start together (a barrier) and Python
switches threads as often as it can, so their imports interleave. Afterwards one more
call runs alone (a failed first import used to break every later call). Prints ``ok``,
or the first failure's traceback.
"""

from __future__ import annotations

import json
import sys
import threading
import traceback
from collections.abc import Callable

sys.setswitchinterval(1e-6)

import numpy as np  # noqa: E402

import wayfinding as wf  # noqa: E402


def library_calls() -> list[Callable[[], object]]:
    def grid() -> wf.Grid:
        mask = np.ones((12, 16), dtype=bool)
        mask[2:10, 7] = False
        return wf.Grid(mask, diagonal=True)

    def csr() -> object:
        return wf.CSRGraph.from_edges([0, 1], [1, 2], [1.0, 2.0])

    return [
        lambda: wf.astar(grid(), (0, 0), (15, 11)),
        lambda: wf.jps(grid(), (0, 0), (15, 11)),
        lambda: wf.dijkstra(grid(), (0, 0), (15, 11)),
        lambda: wf.connected(grid(), (0, 0), (15, 11)),
        lambda: wf.batch.astar(grid(), [(0, 0)], [(15, 11)]),
        lambda: wf.flow_field(grid(), (15, 11)),
        lambda: wf.prepare(grid(), wf.PrepareMethod.TABLE).search((0, 0), (15, 11)),
        lambda: wf.dijkstra(csr(), 0, 2),
    ]


def server_calls() -> list[Callable[[], object]]:
    from wayfinding.web.server import ExplorerApp

    app = ExplorerApp(maps=None)
    cells = "." * (16 * 12)
    names = ["astar", "dijkstra", "bfs", "greedy", "jps", "prepared", "theta_star",
             "astar_turns"]

    def request(algorithm: str) -> Callable[[], object]:
        body = json.dumps({"width": 16, "height": 12, "cells": cells, "start": [0, 0],
                           "goal": [15, 11], "algorithm": algorithm,
                           "diagonal": True}).encode()

        def call() -> object:
            status, _, answer = app.call("POST", "/api/solve", body)
            if not status.startswith("200"):
                raise AssertionError(f"{algorithm}: {status} {answer[:200]!r}")
            return answer

        return call

    return [request(name) for name in names]


def main() -> None:
    calls = library_calls() if sys.argv[1] == "library" else server_calls()
    barrier = threading.Barrier(len(calls))
    failures: list[str] = []

    def run(call: Callable[[], object]) -> None:
        barrier.wait()
        try:
            call()
        except BaseException:
            failures.append(traceback.format_exc())

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        calls[0]()  # alone, after them
    except BaseException:
        failures.append("the call after the first ones:\n" + traceback.format_exc())
    print("ok" if not failures else f"{len(failures)} failed:\n{failures[0]}")


if __name__ == "__main__":
    main()
