"""``wayfinding bench``: run MovingAI scenarios, check every path, time every query.

The main command line (:mod:`wayfinding.cli`) calls :func:`add_parser`; :func:`main`
runs the sub-command on its own (tests, ``python -m``-style use).

Exit codes: 0 when every path is valid and optimal, 1 when any is invalid or not
optimal, 2 for bad input (missing files or maps, malformed files, unknown algorithm).

Examples
--------
>>> from pathlib import Path
>>> import tempfile
>>> with tempfile.TemporaryDirectory() as d:
...     _ = Path(d, "m.map").write_text("type octile\\nheight 1\\nwidth 3\\nmap\\n...\\n")
...     _ = Path(d, "m.map.scen").write_text("version 1\\n0 m.map 3 1 0 0 2 0 2\\n")
...     main([d, "--no-progress"])  # doctest: +ELLIPSIS
algorithm: astar
map    queries  optimal  invalid  median us  mean us  mean expanded
m.map        1        1        0 ...
total        1        1        0 ...
0
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from ..errors import WayfindingError
from .loading import load_jobs
from .registry import ALGORITHMS
from .report import (
    Progress,
    bench_json,
    format_compare_table,
    format_failures,
    format_mismatches,
    format_skipped,
    format_table,
    stats_by_map,
    write_csv,
)
from .runner import AlgorithmUnavailableError, Status, run_jobs

__all__ = ["add_parser", "main", "run"]

DESCRIPTION = """\
Run MovingAI benchmark scenarios: every query is searched, its path checked independently
(start, goal, adjacent 8-way steps, passable cells, no corner cutting, recomputed cost) and
compared with the scenario's optimal length to the precision the file prints. Prints a
table per map and in total; exits 1 when any path is invalid or not optimal. Scenarios
whose start or goal is not traversable on the map are counted apart (they do not match
the map) and not run. Maps are read only from inside --maps and each scenario file's
folder.
"""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``bench`` sub-command to ``subparsers`` (from ``add_subparsers()``)."""
    parser = subparsers.add_parser(
        "bench",
        help="run MovingAI scenarios: check every path and time every query",
        description=DESCRIPTION,
    )
    parser.add_argument(
        "scenarios", nargs="+", metavar="SCEN_OR_DIR",
        help=".scen files, or folders searched recursively for .scen files",
    )
    parser.add_argument(
        "--maps", metavar="DIR",
        help="folder of the maps: a scenario's map path is tried relative to it, then "
             "relative to the scenario file, then found by file name under it",
    )
    which = parser.add_mutually_exclusive_group()
    which.add_argument(
        "--algorithm", metavar="NAME",
        help=f"algorithm to run (default astar; one of {', '.join(sorted(ALGORITHMS))})",
    )
    which.add_argument(
        "--compare", metavar="A,B,...", type=_names,
        help="run several algorithms on the same queries; times are compared to the first",
    )
    parser.add_argument(
        "--sample", type=_positive, metavar="N",
        help="run N scenarios per map, spread evenly over the buckets",
    )
    parser.add_argument(
        "--json", metavar="FILE",
        help="also write the results as JSON: per-map and total figures, preprocessing time "
             "and memory, every query, library version and machine",
    )
    parser.add_argument(
        "--csv", metavar="FILE", help="also write one CSV row per query and algorithm",
    )
    parser.add_argument(
        "--no-progress", action="store_true", help="no progress display on stderr",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--workers", type=_positive, metavar="N",
        help="run on a Dask LocalCluster of N worker processes (wayfinding.distributed; "
             'needs pip install "wayfinding[distributed]"); queries run in batches, so a '
             "query's time is its share of its batch's time",
    )
    where.add_argument(
        "--scheduler", metavar="ADDRESS",
        help="run on the Dask cluster whose scheduler is at ADDRESS (e.g. tcp://host:8786), "
             "as --workers",
    )
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Run the ``bench`` sub-command; returns the exit code."""
    algorithms = args.compare if args.compare else [args.algorithm or "astar"]
    unknown = [a for a in algorithms if a not in ALGORITHMS]
    if unknown:
        return _fail(f"unknown algorithm {unknown[0]!r}; known: {', '.join(sorted(ALGORITHMS))}")
    try:
        jobs = load_jobs(args.scenarios, args.maps, args.sample)
    except (WayfindingError, OSError) as exc:
        return _fail(str(exc))
    total = sum(len(job.queries) for job in jobs) * len(algorithms)
    progress = None if args.no_progress else Progress(total)
    try:
        if args.workers is not None or args.scheduler is not None:
            from ..distributed.bench import run_jobs as run_on_dask

            runs = run_on_dask(jobs, algorithms, progress, workers=args.workers,
                               scheduler=args.scheduler)
        else:
            runs = run_jobs(jobs, algorithms, progress)
    except (WayfindingError, OSError, AlgorithmUnavailableError, ImportError) as exc:
        return _fail(str(exc))
    finally:
        if progress is not None:
            progress.close()

    if len(algorithms) == 1:
        per_map, total_stats = stats_by_map(runs, algorithms[0])
        print(f"algorithm: {algorithms[0]}")
        print(format_table(per_map, total_stats))
    else:
        print(format_compare_table(runs, algorithms))
    skipped = format_skipped(runs, algorithms)
    if skipped:
        print(skipped)
    mismatches = format_mismatches(runs)
    if mismatches:
        print(mismatches.splitlines()[0])
        print(mismatches, file=sys.stderr)
    failures = format_failures(runs, algorithms)
    if failures:
        print(failures, file=sys.stderr)
    if args.json:
        try:
            with open(args.json, "w", encoding="utf-8") as f:
                json.dump(bench_json(runs, algorithms), f, indent=2, allow_nan=False)
                f.write("\n")
        except OSError as exc:
            return _fail(f"cannot write --json file: {exc}")
    if args.csv:
        try:
            write_csv(args.csv, runs, algorithms)
        except OSError as exc:
            return _fail(f"cannot write --csv file: {exc}")
    bad = any(
        o.status not in (Status.OPTIMAL, Status.MISMATCH, Status.SKIPPED)
        for run_ in runs for a in algorithms for o in run_.outcomes[a]
    )
    return 1 if bad else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``wayfinding bench`` with ``argv`` (the arguments after ``bench``)."""
    parser = argparse.ArgumentParser(prog="wayfinding")
    add_parser(parser.add_subparsers())
    args = parser.parse_args(["bench", *(sys.argv[1:] if argv is None else argv)])
    return int(args.func(args))


def _fail(message: str) -> int:
    print(f"wayfinding bench: error: {message}", file=sys.stderr)
    return 2


def _names(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if len(names) < 2 or len(set(names)) != len(names):
        raise argparse.ArgumentTypeError(
            f"expected two or more different algorithm names separated by commas, got {text!r}"
        )
    return names


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}")
    return value
