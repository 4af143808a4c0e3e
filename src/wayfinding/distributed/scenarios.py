"""Whole MovingAI scenario files on a Dask cluster, one :class:`BatchResult` per map.

Scenario files are read and their maps found as ``wayfinding bench`` does
(:func:`wayfinding.bench.loading.load_jobs`: maps only inside ``maps`` and each scenario
file's folder, each map once); the queries of each map are one job of
:func:`~wayfinding.distributed.run.run_batches`.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..batch import BatchResult
from ..bench.loading import load_jobs
from ..io.movingai import Scenario
from .methods import Method
from .run import DEFAULT_CHUNK_SIZE, Job, Progress, run_batches

__all__ = ["ScenarioBatch", "run_scenarios"]


@dataclass(frozen=True)
class ScenarioBatch:
    """The answers to the scenarios of one map: ``result`` row ``i`` answers
    ``scenarios[i]``."""

    #: The map path as the first scenario naming it writes it.
    label: str
    #: The map file read.
    map_file: Path
    scenarios: list[Scenario]
    result: BatchResult


def run_scenarios(paths: Iterable[str | os.PathLike[str]], *, maps: str | None = None,
                  sample: int | None = None, method: Method = Method.ASTAR, client: Any = None,
                  scheduler: str | None = None, workers: int | None = None,
                  chunk_size: int = DEFAULT_CHUNK_SIZE, progress: bool | Progress = False,
                  timeout: float = 10.0) -> list[ScenarioBatch]:
    """Run every scenario of the ``.scen`` files (or folders of them) in ``paths``.

    ``maps`` is the folder of the maps (as ``wayfinding bench --maps``), ``sample`` the
    number of scenarios per map (spread over the buckets, as ``--sample``); the other
    arguments are those of :func:`~wayfinding.distributed.run.run_batches`. Maps come
    back in the order first met. Paths are not checked here: ``wayfinding bench
    --workers N`` runs the same queries and checks every path.

    Raises
    ------
    BenchInputError
        When files or maps cannot be found (or lead outside the allowed folders).
    MapFormatError
        For a malformed scenario file or map (naming it).
    InvalidLocationError
        For a scenario whose start or goal is a wall of its map (naming the map and the
        query's row among the map's scenarios); and as ``run_batches``.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> from distributed import Client
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = Path(d, "m.map").write_text("type octile\\nheight 1\\nwidth 3\\nmap\\n...\\n")
    ...     _ = Path(d, "m.map.scen").write_text("version 1\\n0 m.map 3 1 0 0 2 0 2\\n")
    ...     with Client(processes=False, n_workers=1, dashboard_address=":0") as client:
    ...         [b] = run_scenarios([d], client=client)
    >>> b.label, b.result.costs.tolist(), b.result.path(0).tolist()
    ('m.map', [2.0], [[0, 0], [1, 0], [2, 0]])
    """
    jobs = load_jobs(paths, maps, sample)
    scenarios = [[query.scenario for query in job.queries] for job in jobs]
    results = run_batches(
        [Job(job.path, _xy(s, "start"), _xy(s, "goal"), job.label)
         for job, s in zip(jobs, scenarios, strict=True)],
        method=method, client=client, scheduler=scheduler, workers=workers,
        chunk_size=chunk_size, progress=progress, timeout=timeout)
    return [ScenarioBatch(job.label, job.path, s, result)
            for job, s, result in zip(jobs, scenarios, results, strict=True)]


def _xy(scenarios: list[Scenario], role: str) -> np.ndarray:
    return np.array([getattr(s, role) for s in scenarios], dtype=np.int64).reshape(-1, 2)
