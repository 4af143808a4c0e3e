"""The answers of a batch of queries, as numpy arrays (:class:`BatchResult`).

Examples
--------
>>> import numpy as np
>>> r = BatchResult(costs=np.array([2.0, np.inf]), lengths=np.array([3, 0]),
...                 expanded=np.array([2, 5]), found=np.array([True, False]),
...                 paths=np.array([[0, 0], [1, 0], [2, 0]]), offsets=np.array([0, 3, 3]))
>>> len(r), r.path(0).tolist(), r.path(1).shape
(2, [[0, 0], [1, 0], [2, 0]], (0, 2))
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import InvalidParameterError

__all__ = ["BatchResult"]


@dataclass(frozen=True, eq=False)
class BatchResult:
    """Answers to N queries, one row per query, in the order they were given.

    Attributes
    ----------
    costs : float64[N]
        Cost of each path (``inf`` when there is none).
    lengths : int64[N]
        Cells on each path, start and goal included (0 when there is none).
    expanded : int64[N]
        Cells (jump points for ``jps``) each search expanded; 0 for pairs answered
        from component labels without searching.
    found : bool[N]
        Whether each query has a path.
    paths : int64[M, 2]
        Every path one after the other, as ``(x, y)`` rows (``M = lengths.sum()``).
    offsets : int64[N + 1]
        Path ``i`` is ``paths[offsets[i]:offsets[i + 1]]``.
    skipped : bool[N] or None
        With ``max_seconds``: the queries not run because the budget ran out first (no
        path, nothing expanded); None without a budget. See :attr:`complete`.
    """

    costs: np.ndarray
    lengths: np.ndarray
    expanded: np.ndarray
    found: np.ndarray
    paths: np.ndarray
    offsets: np.ndarray
    skipped: np.ndarray | None = None

    @property
    def complete(self) -> bool:
        """True when every query was run (no ``max_seconds``, or it did not run out)."""
        return self.skipped is None or not bool(self.skipped.any())

    def __len__(self) -> int:
        return int(self.costs.shape[0])

    def path(self, i: int) -> np.ndarray:
        """Path of query ``i`` as an ``(L, 2)`` array of ``(x, y)`` (``(0, 2)`` if none).

        Raises InvalidParameterError when ``i`` is not a query number.
        """
        n = len(self)
        if isinstance(i, bool) or not isinstance(i, int | np.integer) or not -n <= i < n:
            raise InvalidParameterError(f"query number must be an integer in [{-n}, {n}), "
                                        f"got {i!r}")
        i = int(i) % n
        return self.paths[self.offsets[i]:self.offsets[i + 1]]

    def __repr__(self) -> str:
        return (f"BatchResult({len(self)} queries, {int(self.found.sum())} found, "
                f"{self.paths.shape[0]} path cells)")
