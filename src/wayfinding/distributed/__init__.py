"""Batches beyond one machine: many maps, or many queries on one map, on a Dask cluster.

Needs Dask's distributed scheduler (``pip install "wayfinding[distributed]"``); importing
this package does not import it. :func:`run_batches` takes jobs ``(map, starts, goals)``
(a MovingAI ``.map`` file or a :class:`~wayfinding.Grid`, and ``(N, 2)`` arrays of
``(x, y)``) and returns one :class:`~wayfinding.batch.BatchResult` per job, in order,
equal to the one-process :mod:`wayfinding.batch` call; :func:`run_scenarios` runs whole
MovingAI scenario files. Work is split by map: each map is sent to the cluster once, each
worker parses it (and, for ``Method.SUBGOAL_CH``, prepares it) once and keeps it for the
next chunks of its queries (:mod:`.maps`). The cluster is a ``distributed.Client`` you
give (``client=``), a scheduler's address (``scheduler="tcp://host:8786"``), or a
``LocalCluster`` of ``workers=N`` processes started for the call.
``wayfinding bench --workers N`` and ``--scheduler ADDRESS`` run on it (:mod:`.bench`).

Examples
--------
>>> import numpy as np
>>> import wayfinding as wf
>>> from distributed import Client
>>> from wayfinding import batch, distributed
>>> grid = wf.Grid.from_ascii('''
... ......
... .####.
... ......
... ''', diagonal=True)
>>> starts, goals = np.array([[0, 0], [5, 2], [0, 2]]), np.array([[5, 2], [0, 0], [0, 0]])
>>> with Client(processes=False, n_workers=2, dashboard_address=":0") as client:
...     [r] = distributed.run_batches([(grid, starts, goals)], client=client, chunk_size=2)
>>> r.costs.round(3).tolist(), r.lengths.tolist()
([7.0, 7.0, 2.0], [8, 8, 3])
>>> np.array_equal(r.paths, batch.astar(grid, starts, goals).paths)
True
"""

from .cluster import SchedulerError, WorkerFailedError
from .methods import Method
from .run import DEFAULT_CHUNK_SIZE, Job, run_batches
from .scenarios import ScenarioBatch, run_scenarios

__all__ = ["DEFAULT_CHUNK_SIZE", "Job", "Method", "ScenarioBatch", "SchedulerError",
           "WorkerFailedError", "run_batches", "run_scenarios"]
