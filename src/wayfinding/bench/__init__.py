"""``wayfinding bench``: MovingAI benchmark runner with independent path checking.

See ``README.md`` in this folder for the command and its JSON output. The pieces:
:mod:`.loading` (scenario files, map lookup, sampling), :mod:`.registry` (algorithms by
name), :mod:`.runner` (timing and verdicts), :mod:`.validate` (the independent path
checker), :mod:`.report` (tables, JSON, progress) and :mod:`.cli`.

Examples
--------
>>> from wayfinding.bench import ALGORITHMS
>>> sorted(ALGORITHMS)[:2]
['astar', 'dijkstra']
"""

from .registry import ALGORITHMS, register
from .validate import PathCheck, check_path

__all__ = ["ALGORITHMS", "PathCheck", "check_path", "register"]
