"""Batch queries answer exactly as the single calls do (same kernels), on random grids
under every movement rule; workers=2 answers as workers=1."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wayfinding as wf
from wayfinding import batch
from wayfinding.errors import UnsupportedGridError

from ..strategies import examples, grid_cases


@st.composite
def batches(draw: st.DrawFn, **kwargs):
    case = draw(grid_cases(**kwargs))
    n = draw(st.integers(1, 12))
    pick = st.sampled_from(case.cells)
    starts = [draw(pick) for _ in range(n)]
    goals = [draw(pick) for _ in range(n)]
    return case.grid, starts, goals


def same_as_single(result: batch.BatchResult, singles: list[wf.SearchResult]) -> None:
    assert len(result) == len(singles)
    for i, single in enumerate(singles):
        path = result.path(i)
        if single.path is None:
            assert not result.found[i] and math.isinf(result.costs[i])
            assert result.lengths[i] == 0 and path.shape == (0, 2)
        else:
            assert result.found[i]
            assert result.costs[i] == single.cost
            assert [tuple(p) for p in path.tolist()] == single.path
            assert result.lengths[i] == len(single.path)
        assert result.expanded[i] == single.expanded


def same_results(a: batch.BatchResult, b: batch.BatchResult) -> None:
    for name in ("costs", "lengths", "expanded", "found", "paths", "offsets"):
        np.testing.assert_array_equal(getattr(a, name), getattr(b, name))


HEURISTICS = [None, wf.Heuristic.MANHATTAN, wf.Heuristic.OCTILE, wf.Heuristic.EUCLIDEAN,
              wf.Heuristic.ZERO, wf.Heuristic.CHEBYSHEV]


@given(batches(), st.sampled_from(HEURISTICS), st.sampled_from([1.0, 1.5, 0.0, 3.0]))
def test_astar_equals_single(case, heuristic, weight):
    grid, starts, goals = case
    result = batch.astar(grid, np.array(starts), np.array(goals), heuristic=heuristic,
                         weight=weight)
    same_as_single(result, [wf.astar(grid, s, g, heuristic=heuristic, weight=weight)
                            for s, g in zip(starts, goals, strict=True)])


@given(batches())
def test_dijkstra_equals_single(case):
    grid, starts, goals = case
    same_as_single(batch.dijkstra(grid, starts, goals),
                   [wf.dijkstra(grid, s, g) for s, g in zip(starts, goals, strict=True)])


@given(batches())
def test_bfs_equals_single(case):
    grid, starts, goals = case
    same_as_single(batch.breadth_first_search(grid, starts, goals),
                   [wf.breadth_first_search(grid, s, g)
                    for s, g in zip(starts, goals, strict=True)])


@given(batches(weighted=False))
def test_jps_equals_single(case):
    grid, starts, goals = case
    try:
        singles = [wf.jps(grid, s, g) for s, g in zip(starts, goals, strict=True)]
    except UnsupportedGridError as exc:
        with pytest.raises(UnsupportedGridError, match=re.escape(str(exc).split(" ", 1)[1])):
            batch.jps(grid, starts, goals)
        return
    same_as_single(batch.jps(grid, starts, goals), singles)


@settings(max_examples=examples(30))
@given(batches(), st.sampled_from(["astar", "dijkstra", "bfs", "jps"]))
def test_two_workers_answer_as_one(case, algorithm):
    grid, starts, goals = case
    search = getattr(batch, algorithm)
    try:
        one = search(grid, starts, goals, workers=1)
    except UnsupportedGridError:
        return
    same_results(one, search(grid, starts, goals, workers=2))
    same_results(one, search(grid, starts, goals, workers=3))


@given(grid_cases(), st.data())
def test_distance_matrix_equals_single_dijkstra(case, data):
    pick = st.sampled_from(case.cells)
    sources = data.draw(st.lists(pick, min_size=1, max_size=5))
    targets = data.draw(st.lists(pick, min_size=1, max_size=5))
    matrix = batch.distance_matrix(case.grid, sources, targets)
    assert matrix.shape == (len(sources), len(targets))
    for i, s in enumerate(sources):
        for j, t in enumerate(targets):
            assert matrix[i, j] == pytest.approx(wf.dijkstra(case.grid, s, t).cost,
                                                 rel=1e-9, abs=1e-9)
    two = batch.distance_matrix(case.grid, sources, targets, workers=2)
    np.testing.assert_array_equal(matrix, two)


@settings(max_examples=examples(40))
@given(batches(weighted=False, diagonal=True))
def test_prepared_equals_single(case):
    from wayfinding.grid.prepared import prepare

    grid, starts, goals = case
    try:
        ready = prepare(grid)
    except UnsupportedGridError:
        return
    singles = [ready.search(s, g) for s, g in zip(starts, goals, strict=True)]
    result = batch.prepared(ready, starts, goals)
    same_as_single(result, singles)
    same_results(result, batch.prepared(ready, starts, goals, workers=2))


@st.composite
def csr_batches(draw: st.DrawFn):
    from ..strategies import weighted_digraphs

    edges = draw(weighted_digraphs())
    n = len(edges)
    pairs = sorted((u, v, c) for u, out in edges.items() for v, c in out.items())
    if draw(st.booleans()):  # labelled nodes
        graph = wf.CSRGraph.from_edges([p[0] for p in pairs], [p[1] for p in pairs],
                                       [p[2] for p in pairs], nodes=list(range(n)))
    else:  # node numbers
        indptr = np.zeros(n + 1, np.int64)
        np.cumsum(np.bincount([p[0] for p in pairs], minlength=n), out=indptr[1:])
        graph = wf.CSRGraph(indptr, np.array([p[1] for p in pairs], np.int32),
                            np.array([p[2] for p in pairs], np.float64))
    k = draw(st.integers(1, 8))
    starts = draw(st.lists(st.integers(0, n - 1), min_size=k, max_size=k))
    goals = draw(st.lists(st.integers(0, n - 1), min_size=k, max_size=k))
    return graph, starts, goals


def same_as_single_nodes(result: batch.BatchResult, singles: list[wf.SearchResult]) -> None:
    for i, single in enumerate(singles):
        if single.path is None:
            assert not result.found[i] and math.isinf(result.costs[i])
            assert result.path(i).shape == (0,)
        else:
            assert result.found[i] and result.costs[i] == single.cost
            assert result.path(i).tolist() == single.path
        assert result.expanded[i] == single.expanded


@given(csr_batches(), st.sampled_from(["astar", "dijkstra", "breadth_first_search"]))
def test_csr_equals_single(case, algorithm):
    graph, starts, goals = case
    single = getattr(wf, algorithm)
    result = getattr(batch, algorithm)(graph, np.array(starts), np.array(goals))
    same_as_single_nodes(result, [single(graph, s, g)
                                  for s, g in zip(starts, goals, strict=True)])
    same_results(result, getattr(batch, algorithm)(graph, starts, goals, workers=2))
