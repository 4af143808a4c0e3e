"""Tables, JSON, CSV and progress display for ``wayfinding bench``.

Examples
--------
>>> from wayfinding.bench.runner import Stats
>>> print(format_table([("a.map", Stats(2, 2, 0, 10.0, 12.5, 30.0))],
...                    Stats(2, 2, 0, 10.0, 12.5, 30.0)))
map    queries  optimal  invalid  median us  mean us  mean expanded
a.map        2        2        0       10.0     12.5           30.0
total        2        2        0       10.0     12.5           30.0
"""

from __future__ import annotations

import csv
import datetime
import math
import os
import platform
import sys
import time
from collections.abc import Sequence
from typing import Any, TextIO

from .runner import MapRun, Outcome, Stats, Status

__all__ = [
    "CSV_COLUMNS",
    "FORMAT",
    "Progress",
    "bench_json",
    "format_compare_table",
    "format_failures",
    "format_mismatches",
    "format_skipped",
    "format_table",
    "machine",
    "query_rows",
    "stats_by_map",
    "write_csv",
]

#: The ``format`` field of the JSON document; changes when its shape does.
FORMAT = "wayfinding-bench/3"
#: Columns of the per-query rows (``--csv`` and the JSON ``queries`` list), in order.
CSV_COLUMNS = ("algorithm", "map", "scenario_file", "line", "bucket", "start_x", "start_y",
               "goal_x", "goal_y", "optimum", "cost", "status", "us", "expanded", "problem")

_HEADINGS = ("queries", "optimal", "invalid", "median us", "mean us", "mean expanded")


def stats_by_map(runs: Sequence[MapRun], algorithm: str) -> tuple[list[tuple[str, Stats]], Stats]:
    """Per-map stats and the total (pooled over every query) for one algorithm."""
    per_map = [(run.label, Stats.of(run.outcomes[algorithm])) for run in runs]
    total = Stats.of([o for run in runs for o in run.outcomes[algorithm]])
    return per_map, total


def _row(stats: Stats) -> list[str]:
    return [
        str(stats.queries), str(stats.optimal), str(stats.invalid),
        f"{stats.median_us:.1f}", f"{stats.mean_us:.1f}", f"{stats.mean_expanded:.1f}",
    ]


def _render(headings: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headings)]
    def line(cells: Sequence[str]) -> str:
        first = cells[0].ljust(widths[0])
        rest = (c.rjust(w) for c, w in zip(cells[1:], widths[1:], strict=True))
        return "  ".join([first, *rest]).rstrip()
    return "\n".join([line(headings), *(line(r) for r in rows)])


def format_table(per_map: Sequence[tuple[str, Stats]], total: Stats) -> str:
    """One row per map and a total row."""
    rows = [[label, *_row(stats)] for label, stats in per_map]
    rows.append(["total", *_row(total)])
    return _render(["map", *_HEADINGS], rows)


def format_compare_table(runs: Sequence[MapRun], algorithms: Sequence[str]) -> str:
    """Per map and in total, one row per algorithm, with time ratios to the first one.

    ``speed-up`` columns are the first algorithm's time divided by this one's: above 1
    means faster than the first algorithm named.
    """
    base = algorithms[0]
    rows = []
    sections = [(run.label, {a: run.outcomes[a] for a in algorithms}) for run in runs]
    pooled = {a: [o for run in runs for o in run.outcomes[a]] for a in algorithms}
    sections.append(("total", pooled))
    for label, outcomes in sections:
        stats = {a: Stats.of(outcomes[a]) for a in algorithms}
        for a in algorithms:
            s = stats[a]
            rows.append([
                label if a == base else "", a, *_row(s),
                _ratio(stats[base].mean_us, s.mean_us), _ratio(stats[base].median_us, s.median_us),
            ])
    headings = ["map", "algorithm", *_HEADINGS, "speed-up mean", "speed-up median"]
    return _render(headings, rows) + f"\n(speed-up: {base}'s time / the algorithm's time)"


def _ratio(base: float, other: float) -> str:
    return f"{base / other:.2f}x" if other > 0 else "-"


def format_failures(runs: Sequence[MapRun], algorithms: Sequence[str], limit: int = 10) -> str:
    """Up to ``limit`` failed queries per algorithm with their problem, or ``""``."""
    lines = []
    for a in algorithms:
        failed: list[Outcome] = [
            o for run in runs for o in run.outcomes[a]
            if o.status not in (Status.OPTIMAL, Status.MISMATCH, Status.SKIPPED)
        ]
        if not failed:
            continue
        lines.append(f"{a}: {len(failed)} queries failed"
                     + (f" (first {limit} shown)" if len(failed) > limit else ""))
        for o in failed[:limit]:
            s = o.query.scenario
            lines.append(f"  {o.query.where}: {s.start} -> {s.goal}: {o.status.value}: "
                         f"{o.problem}")
    return "\n".join(lines)


def format_skipped(runs: Sequence[MapRun], algorithms: Sequence[str]) -> str:
    """A note per algorithm and map it skipped (it does not serve the map), or ``""``.

    Its totals then cover the other maps only.

    Examples
    --------
    >>> run = MapRun("w.map", {}, skipped={"jps": "UnsupportedGridError: two classes"})
    >>> print(format_skipped([run], ["astar", "jps"]))
    jps: skipped on w.map, which it does not serve (UnsupportedGridError: two classes)
    """
    return "\n".join(f"{a}: skipped on {run.label}, which it does not serve ({run.skipped[a]})"
                     for a in algorithms for run in runs if a in run.skipped)


def format_mismatches(runs: Sequence[MapRun], limit: int = 10) -> str:
    """A count and up to ``limit`` scenarios that do not match their map, or ``""``."""
    if not runs or not runs[0].outcomes:
        return ""
    first = next(iter(runs[0].outcomes))
    misfits = [o for run in runs for o in run.outcomes[first] if o.status is Status.MISMATCH]
    if not misfits:
        return ""
    lines = [f"{len(misfits)} scenarios do not match their map and were not run"
             + (f" (first {limit} shown)" if len(misfits) > limit else "")]
    lines.extend(f"  {o.query.where}: {o.problem}" for o in misfits[:limit])
    return "\n".join(lines)


def machine() -> dict[str, Any]:
    """Where the run happened: Python, numpy and numba versions, OS, processor, cores."""
    import numpy

    try:
        import numba

        numba_version: str | None = numba.__version__
    except ImportError:  # pragma: no cover - numba is a dependency
        numba_version = None
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "numpy": numpy.__version__,
        "numba": numba_version,
        "system": platform.system(),
        "release": platform.release(),
        "machine": platform.machine(),
        "processor": _processor(),
        "cpus": os.cpu_count(),
    }


def _processor() -> str:
    """The CPU model (``/proc/cpuinfo`` on Linux, else ``platform.processor()``)."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def _number(value: float) -> float | None:
    """JSON has no inf or NaN: None stands for them (no path, or not run)."""
    return None if math.isinf(value) or math.isnan(value) else value


def query_rows(runs: Sequence[MapRun], algorithms: Sequence[str]) -> list[dict[str, Any]]:
    """One row per query and algorithm (keys :data:`CSV_COLUMNS`), in run order.

    ``cost`` is None when no path was returned (or the query was not run); ``optimum``
    is the scenario's printed optimal length; ``us`` the query time in microseconds.
    """
    rows = []
    for run in runs:
        for a in algorithms:
            for o in run.outcomes[a]:
                s = o.query.scenario
                rows.append({
                    "algorithm": a, "map": run.label, "scenario_file": o.query.source,
                    "line": o.query.line, "bucket": s.bucket,
                    "start_x": s.start[0], "start_y": s.start[1],
                    "goal_x": s.goal[0], "goal_y": s.goal[1],
                    "optimum": s.optimal_length, "cost": _number(o.cost),
                    "status": o.status.value, "us": round(o.time_ns / 1000.0, 3),
                    "expanded": o.expanded, "problem": o.problem,
                })
    return rows


def bench_json(runs: Sequence[MapRun], algorithms: Sequence[str]) -> dict[str, Any]:
    """The ``--json`` document: one shape for one algorithm or several (see README.md)."""
    from .. import __version__

    maps = []
    for run in runs:
        maps.append({
            "map": run.label, "file": run.path, "width": run.width, "height": run.height,
            "preprocessing": {
                a: {"seconds": round(p.seconds, 6), "memory_bytes": p.memory_bytes}
                for a, p in run.preprocessing.items()
            },
            "results": {a: Stats.of(run.outcomes[a]).as_dict() for a in algorithms},
            "skipped": {a: run.skipped[a] for a in algorithms if a in run.skipped},
        })
    total = {a: Stats.of([o for run in runs for o in run.outcomes[a]]).as_dict()
             for a in algorithms}
    rows = query_rows(runs, algorithms)
    for row in rows:
        row["start"] = [row.pop("start_x"), row.pop("start_y")]
        row["goal"] = [row.pop("goal_x"), row.pop("goal_y")]
    return {
        "format": FORMAT,
        "library": {"name": "wayfinding", "version": __version__},
        "machine": machine(),
        "created": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "algorithms": list(algorithms),
        "baseline": algorithms[0],
        "maps": maps,
        "total": total,
        "queries": rows,
    }


def write_csv(path: str | os.PathLike[str], runs: Sequence[MapRun],
              algorithms: Sequence[str]) -> None:
    """Write the per-query rows to ``path`` as CSV (header :data:`CSV_COLUMNS`)."""
    with open(path, "w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=CSV_COLUMNS)
        writer.writeheader()
        for row in query_rows(runs, algorithms):
            writer.writerow({k: ("" if v is None else v) for k, v in row.items()})


class Progress:
    """A progress display on a stream (stderr by default).

    On a terminal: a bar redrawn in place at most ten times a second. Otherwise (CI logs,
    pipes): one plain line every ``every`` seconds, so short runs print nothing.
    """

    def __init__(self, total: int, stream: TextIO | None = None, every: float = 60.0) -> None:
        self.total = total
        self.done = 0
        self.stream = stream if stream is not None else sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.every = 0.1 if self.tty else every
        self.started = self.last = time.monotonic()
        self.drawn = False

    def __call__(self, n: int, label: str) -> None:
        self.done += n
        now = time.monotonic()
        if now - self.last < self.every:
            return
        self.last = now
        share = self.done / self.total if self.total else 1.0
        elapsed = now - self.started
        if self.tty:
            filled = int(share * 30)
            bar = "#" * filled + "." * (30 - filled)
            text = f"\r[{bar}] {self.done}/{self.total} {share:6.1%} {elapsed:6.0f} s  {label}"
            self.stream.write(text[:120].ljust(100))
            self.drawn = True
        else:
            self.stream.write(
                f"bench: {self.done}/{self.total} searches ({share:.0%}), "
                f"{elapsed:.0f} s, at {label}\n"
            )
        self.stream.flush()

    def close(self) -> None:
        """Erase the bar (terminal only)."""
        if self.drawn:
            self.stream.write("\r" + " " * 100 + "\r")
            self.stream.flush()
