"""Tables, JSON and progress display for ``wayfinding bench``.

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

import sys
import time
from collections.abc import Sequence
from typing import Any, TextIO

from .runner import MapRun, Outcome, Stats, Status

__all__ = [
    "Progress",
    "compare_json",
    "format_compare_table",
    "format_failures",
    "format_table",
    "run_json",
    "stats_by_map",
]

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
            o for run in runs for o in run.outcomes[a] if o.status is not Status.OPTIMAL
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


def run_json(runs: Sequence[MapRun], algorithm: str) -> dict[str, Any]:
    """``{"algorithm", "maps": [{"map", ...stats}], "total": {...stats}}``."""
    per_map, total = stats_by_map(runs, algorithm)
    return {
        "algorithm": algorithm,
        "maps": [{"map": label, **stats.as_dict()} for label, stats in per_map],
        "total": total.as_dict(),
    }


def compare_json(runs: Sequence[MapRun], algorithms: Sequence[str]) -> dict[str, Any]:
    """``{"baseline": first name, "algorithms": [run_json(...) for each algorithm]}``."""
    return {
        "baseline": algorithms[0],
        "algorithms": [run_json(runs, a) for a in algorithms],
    }


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
