"""The ``wayfinding`` command: a thin argparse layer over the library.

Examples
--------
>>> main(["demo"]) == 0  # doctest: +ELLIPSIS
== Breadth-first search on the graph A..E ...
True
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    """The command line: ``wayfinding demo``, ``wayfinding bench ...``."""
    from .bench.cli import add_parser as add_bench_parser

    parser = argparse.ArgumentParser(
        prog="wayfinding",
        description="Pathfinding on graphs and grids: BFS, Dijkstra, A* and friends.",
    )
    parser.add_argument("--version", action="version", version=_version_text())
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    demo = subparsers.add_parser(
        "demo", help="print the classic A* texts' examples, searched and drawn"
    )
    demo.set_defaults(func=_run_demo)
    add_bench_parser(subparsers)
    return parser


def _version_text() -> str:
    """``wayfinding X.Y.Z (Python A.B.C)``, what ``wayfinding --version`` prints."""
    import platform

    from . import __version__

    return f"wayfinding {__version__} (Python {platform.python_version()})"


def _run_demo(args: argparse.Namespace) -> int:
    from .demo import demo_text

    print(demo_text())
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "func", None) is None:
        parser.print_help(sys.stderr)
        return 2
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
