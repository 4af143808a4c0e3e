"""The ``wayfinding`` command: a thin argparse layer over the library.

Examples
--------
>>> main(["demo"]) == 0  # doctest: +ELLIPSIS
== Breadth-first search on the graph A..E ...
True
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Sequence
from typing import Any

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    """The command line: ``wayfinding demo``, ``bench``, ``solve``, ``serve``, ``warmup``."""
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
    _add_solve_parser(subparsers)
    _add_serve_parser(subparsers)
    _add_warmup_parser(subparsers)
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


def _cell(text: str) -> tuple[int, int]:
    """``X,Y`` on the command line."""
    try:
        x, y = (int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected X,Y (two integers), got {text!r}") from None
    return x, y


#: The options of ``solve`` that only some algorithms read, and which ones; given to
#: another algorithm they are refused (they would be dropped without a word).
_OPTION_USERS = {
    "heuristic": ("astar", "weighted_astar", "greedy"),
    "weight": ("weighted_astar",),
    "turn_cost": ("astar_turns",),
}


def _add_solve_parser(subparsers: Any) -> None:
    from .web.algorithms import Algorithm, Heuristic

    solve = subparsers.add_parser(
        "solve", help="one query on a MovingAI (.map) or ASCII map, drawn as text or PNG",
        description="Search one path on MAP and print cost, length and expanded, then the "
        "time of the query apart from preprocessing (--algorithm prepared) and from "
        "loading the compiled kernels (once per process). MAP is a MovingAI .map file "
        "(8-way, no corner cutting) or an ASCII picture ('#' walls, '.' floor, digits 1-9 "
        "costs). Exit code 1 when there is no path, 2 on errors.")
    solve.add_argument("map", metavar="MAP", help="map file")
    solve.add_argument("--from", dest="start", type=_cell, required=True, metavar="X,Y",
                       help="the start cell: column X, row Y, counted from 0 at the top left")
    solve.add_argument("--to", dest="goal", type=_cell, required=True, metavar="X,Y",
                       help="the goal cell, as --from")
    solve.add_argument("--algorithm", default="astar", choices=[a.value for a in Algorithm])
    solve.add_argument("--heuristic", default=None, choices=[h.value for h in Heuristic],
                       help="for " + ", ".join(_OPTION_USERS["heuristic"]) + " (default: "
                       "the grid's own)")
    solve.add_argument("--weight", type=float, default=None,
                       help="for weighted_astar (default 2)")
    solve.add_argument("--turn-cost", type=float, default=None,
                       help="for astar_turns (default 1)")
    solve.add_argument("--diagonal", action="store_true",
                       help="8-way moves on an ASCII map (MovingAI maps are 8-way)")
    solve.add_argument("--png", metavar="OUT", help="draw the result into this PNG file")
    solve.add_argument("--scale", type=int, default=None,
                       help="pixels per cell in the PNG (with --png)")
    solve.add_argument("--text", action="store_true", help="draw the result as text")
    solve.set_defaults(func=_run_solve)


def _ignored_option(args: argparse.Namespace) -> str | None:
    """Why an option given cannot be used with the others, or None."""
    for name, users in _OPTION_USERS.items():
        if getattr(args, name) is not None and args.algorithm not in users:
            return (f"--{name.replace('_', '-')} is not used by {args.algorithm}; it is used "
                    f"by {', '.join(users)}")
    if args.scale is not None and args.png is None:
        return "--scale is used with --png only"
    if args.png is not None:
        folder = os.path.dirname(os.path.abspath(args.png))
        if not os.path.isdir(folder):
            return f"cannot write --png {args.png}: no folder {folder}"
    return None


def _run_solve(args: argparse.Namespace) -> int:
    from .errors import WayfindingError
    from .web.algorithms import Algorithm, Heuristic, solve

    def fail(message: object) -> int:
        print(f"wayfinding solve: error: {message}", file=sys.stderr)
        return 2

    problem = _ignored_option(args)
    if problem is not None:
        return fail(problem)
    try:
        grid = _read_any_map(args.map, diagonal=args.diagonal)
        outcome = solve(grid, args.start, args.goal, Algorithm(args.algorithm),
                        heuristic=Heuristic(args.heuristic or "default"),
                        weight=2.0 if args.weight is None else args.weight,
                        turn_cost=1.0 if args.turn_cost is None else args.turn_cost)
    except (OSError, WayfindingError) as error:
        return fail(error)
    result = outcome.result
    length = len(result.path) if result.path is not None else 0
    print(f"{args.algorithm} from {args.start} to {args.goal} on {grid.width}x{grid.height}: "
          f"cost {result.cost:g}, length {length} cells, expanded {result.expanded} "
          f"({result.reason.value})")
    preprocessing = (f", preprocessing {outcome.preprocess_seconds * 1000:.2f} ms"
                     if args.algorithm == "prepared" else "")
    print(f"time: query {outcome.seconds * 1000:.2f} ms{preprocessing}, kernels "
          f"{outcome.kernel_seconds * 1000:.2f} ms (loaded or compiled once per process)")
    if args.text:
        from .draw.text import draw_grid

        print(draw_grid(grid, width=1, path=result.path, start=args.start, goal=args.goal))
    if args.png:
        from .draw.image import render

        try:
            picture = render(grid, path=result.path, cost_so_far=result.cost_so_far,
                             start=args.start, goal=args.goal, scale=args.scale)
            picture.save(args.png, format="PNG")
        except (OSError, ImportError, WayfindingError) as error:
            return fail(f"cannot write --png {args.png}: {error}")
        print(f"wrote {args.png} ({picture.width}x{picture.height} pixels)")
    return 0 if result.path is not None else 1


def _read_any_map(path: str, *, diagonal: bool) -> Any:
    """A MovingAI map (it starts with ``type``) or an ASCII picture; errors name ``path``."""
    from .errors import InvalidParameterError
    from .grid.grid import Grid
    from .io.movingai import parse_map, read_text

    text = read_text(path)  # bounded: no NUL, pipes and devices read up to a limit
    if text.lstrip().lower().startswith("type"):
        if diagonal:
            raise InvalidParameterError(
                "--diagonal is for ASCII maps; MovingAI maps are always 8-way")
        return parse_map(text, source=path)
    return Grid.from_ascii(text, diagonal=diagonal, source=path)


def _add_serve_parser(subparsers: Any) -> None:
    serve = subparsers.add_parser(
        "serve", help="an interactive page: paint maps and watch searches step by step",
        description="Serve the explorer page (needs the 'serve' extra). Only this machine "
        "can connect unless --host says otherwise.")
    serve.add_argument("--maps", metavar="DIR", default=None,
                       help="directory of MovingAI .map files the page may load")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1: loopback only); "
                       "requests must name it or a loopback name in their Host header "
                       "(0.0.0.0: any name)")
    serve.set_defaults(func=_run_serve)


def _run_serve(args: argparse.Namespace) -> int:
    from .errors import WayfindingError
    from .web.server import make_server

    try:
        server = make_server(maps=args.maps, host=args.host, port=args.port)
    except (OSError, WayfindingError) as error:
        print(f"wayfinding serve: error: {error}", file=sys.stderr)
        return 2
    print(f"wayfinding: serving on http://{args.host}:{server.effective_port}/ "
          "(Ctrl-C stops)", flush=True)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    return 0


def _add_warmup_parser(subparsers: Any) -> None:
    from ._warmup import TASKS

    warmup = subparsers.add_parser(
        "warmup", help="compile every kernel into numba's on-disk cache now, not on first use",
        description="Compile the compiled kernels ahead of use, so that the first query of "
        "a later process does not wait for numba. Tasks: "
        + "; ".join(f"{name}: {what}" for name, (what, _) in TASKS.items()))
    warmup.add_argument("tasks", nargs="*", metavar="TASK",
                        help="only these tasks (default: all)")
    warmup.add_argument("--jobs", "-j", type=int, default=None,
                        help="processes compiling at once (default: the number of cores, "
                        "at most 2: the tasks form two groups)")
    warmup.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    warmup.set_defaults(func=_run_warmup)


def _run_warmup(args: argparse.Namespace) -> int:
    import os
    import time

    from ._cache import kernel_cache_dir
    from ._warmup import warmup
    from .errors import WayfindingError

    jobs = args.jobs if args.jobs is not None else max(1, min(2, os.cpu_count() or 1))
    began = time.perf_counter()
    try:
        done = warmup(args.tasks, jobs=jobs, progress=not args.quiet)
    except WayfindingError as error:
        print(f"wayfinding warmup: error: {error}", file=sys.stderr)
        return 2
    compiled = sum(count for _, count in done.values())
    print(f"warmed {len(done)} tasks in {time.perf_counter() - began:.1f} s "
          f"({compiled} kernels compiled, the rest loaded); cache: {kernel_cache_dir()}")
    return 0


#: The exit status of ``wayfinding ... | head`` when the reader stops reading: that of a
#: process stopped by SIGPIPE (128 + 13), as a C program would end.
BROKEN_PIPE = 141


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code.

    Output to a pipe closed by its reader (``wayfinding solve ... --text | head``) ends the
    command quietly with :data:`BROKEN_PIPE`, whatever the sub-command.
    """
    try:
        parser = build_parser()
        try:
            args = parser.parse_args(argv)
        except SystemExit:  # --help, --version, usage errors: what they printed first
            sys.stdout.flush()
            raise
        if getattr(args, "func", None) is None:
            parser.print_help(sys.stderr)
            return 2
        code = int(args.func(args))
        sys.stdout.flush()  # a closed pipe is seen here at the latest
        return code
    except BrokenPipeError:
        _silence_stdout()
        return BROKEN_PIPE


def _silence_stdout() -> None:
    """Point standard output at the null device, so that Python's own flush at exit
    does not report the closed pipe again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):  # no real stdout (tests)
        pass


if __name__ == "__main__":
    sys.exit(main())
