"""Batch queries: buffers that grow, terrain classes, components, errors naming the row."""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np
import pytest

import wayfinding as wf
from wayfinding import batch
from wayfinding._kernels import codes
from wayfinding.errors import InvalidLocationError, InvalidParameterError, UnsupportedGridError
from wayfinding.grid import workspace

from .test_batch_properties import same_as_single, same_results


def open_grid(w: int, h: int, seed: int = 0, **kwargs) -> wf.Grid:
    rng = np.random.default_rng(seed)
    return wf.Grid(rng.random((h, w)) > 0.2, rng.integers(1, 9, (h, w)).astype(float),
                   **kwargs)


def queries(grid: wf.Grid, n: int, seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    ys, xs = np.nonzero(grid.passable_mask)
    rng = np.random.default_rng(seed)
    a, b = rng.integers(len(xs), size=n), rng.integers(len(xs), size=n)
    return np.column_stack([xs[a], ys[a]]), np.column_stack([xs[b], ys[b]])


def in_new_thread(call, heap=None):
    """``call()`` in a thread of its own, whose workspace starts with a 16-entry frontier
    (``heap``: a list that receives the size of that thread's frontier afterwards)."""
    out = []

    def run():
        ws = workspace.acquire(0)
        workspace.release(ws)
        ws.heap_f, ws.heap_g = np.zeros(16), np.zeros(16)  # a frontier that must grow
        ws.heap_n, ws.link = np.zeros(16, np.int32), np.zeros(16, np.int32)
        out.append(call())
        if heap is not None:
            ws = workspace.acquire(0)
            workspace.release(ws)
            heap.append(ws.heap_f.shape[0])

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    return out[0]


def test_heap_and_path_buffers_grow():
    grid = open_grid(300, 300, diagonal=True)
    starts, goals = queries(grid, 6)
    heap = []
    result = in_new_thread(lambda: batch.dijkstra(grid, starts, goals), heap)
    assert heap[0] > 16  # the frontier grew (resumed) during the batch
    same_as_single(result, [wf.dijkstra(grid, tuple(s), tuple(g))
                            for s, g in zip(starts.tolist(), goals.tolist(), strict=True)])
    pillars = np.ones((200, 200), bool)
    pillars[1::3, 1::3] = False  # a jump point beside every pillar
    jgrid = wf.Grid(pillars, diagonal=True)
    starts, goals = np.array([[0, 0], [199, 0], [99, 99]]), np.array([[198, 198], [0, 198],
                                                                          [0, 0]])
    heap = []
    result = in_new_thread(lambda: batch.jps(jgrid, starts, goals), heap)
    assert heap[0] > 16
    same_as_single(result, [wf.jps(jgrid, tuple(s), tuple(g))
                            for s, g in zip(starts.tolist(), goals.tolist(), strict=True)])


def test_long_corridor_path_buffer_grows():
    grid = wf.Grid(np.ones((1, 2000), bool))
    result = batch.astar(grid, [(0, 0), (1999, 0)], [(1999, 0), (0, 0)])
    assert result.lengths.tolist() == [2000, 2000]
    assert result.path(1)[0].tolist() == [1999, 0] and result.path(-1)[-1].tolist() == [0, 0]


def test_generation_numbers_running_out_clear_the_stamps():
    grid = open_grid(20, 20)
    starts, goals = queries(grid, 50)
    before = batch.astar(grid, starts, goals)
    ws = workspace.acquire(0)
    workspace.release(ws)
    ws.generation = workspace.Workspace.generation_limit - 10
    same_results(before, batch.astar(grid, starts, goals))
    assert ws.generation < 100


def test_terrain_classes_equal_single():
    rng = np.random.default_rng(3)
    classes = rng.integers(0, 2, (12, 12))
    grid = wf.Grid(np.ones((12, 12), bool), classes=classes, diagonal=True)
    starts, goals = queries(grid, 40)
    pairs = list(zip(map(tuple, starts.tolist()), map(tuple, goals.tolist()), strict=True))
    result = batch.astar(grid, starts, goals)
    same_as_single(result, [wf.astar(grid, s, g) for s, g in pairs])
    assert (~result.found).any()  # classes split the grid: some pairs disconnected
    same_as_single(batch.dijkstra(grid, starts, goals), [wf.dijkstra(grid, s, g)
                                                         for s, g in pairs])
    matrix = batch.distance_matrix(grid, starts[:3], goals)
    assert matrix[1].tolist() == pytest.approx([wf.dijkstra(grid, pairs[1][0], g).cost
                                                for _, g in pairs])


def test_disconnected_pairs_are_not_searched():
    grid = wf.Grid.from_ascii('..#..')
    result = batch.astar(grid, [(0, 0), (0, 0)], [(4, 0), (1, 0)])
    assert result.found.tolist() == [False, True]
    assert result.expanded[0] == 0 and result.lengths[0] == 0
    assert np.isinf(result.costs[0]) and result.offsets.tolist() == [0, 0, 2]


def test_empty_batch():
    grid = wf.Grid.from_ascii('..')
    result = batch.astar(grid, np.zeros((0, 2), int), [])
    assert len(result) == 0 and result.paths.shape == (0, 2)
    assert result.offsets.tolist() == [0]
    assert batch.distance_matrix(grid, [], [(0, 0)]).shape == (0, 1)


def test_distance_matrix_is_not_symmetric_with_entry_costs():
    grid = wf.Grid.from_ascii('.9.')
    many = batch.distance_matrix(grid, [(0, 0), (1, 0), (2, 0)], [(1, 0)])  # reverse floods
    assert many.ravel().tolist() == [9.0, 0.0, 9.0]
    assert batch.distance_matrix(grid, [(1, 0)], [(0, 0), (2, 0)]).tolist() == [[1.0, 1.0]]



def test_distance_matrix_grows_the_frontier_and_keeps_its_buffers_clean():
    from wayfinding.batch.matrix import _POOL

    rng = np.random.default_rng(5)
    terrain = rng.integers(1, 9, size=(400, 400)).astype(float)
    grid = wf.Grid(np.ones((400, 400), bool), costs=terrain, diagonal=True)
    corners, ends = [(0, 0), (399, 399), (0, 399)], [(399, 0), (200, 200)]
    big = batch.distance_matrix(grid, corners, ends)
    assert _POOL.current().heap_key.shape[0] > 1024  # the frontier grew on the way
    assert big.ravel().tolist() == pytest.approx([wf.dijkstra(grid, s, t).cost for s in corners
                                                  for t in ends])
    small = wf.Grid.from_ascii('..#\n...')  # the same thread's buffers, a smaller grid
    assert batch.distance_matrix(small, [(0, 0)], [(2, 1), (0, 1)]).tolist() == [[3.0, 1.0]]


GRID = wf.Grid.from_ascii('''
..#
...
''')


@pytest.mark.parametrize(("starts", "goals", "error", "match"), [
    ([(0, 0), (2, 0)], [(1, 1), (1, 1)], InvalidLocationError, r"starts row 1: \(2, 0\) is a wall"),
    ([(0, 0)], [(3, 0)], InvalidLocationError, r"goals row 0: \(3, 0\) is outside the 3x2"),
    ([(0, 0)], [(0, -1)], InvalidLocationError, r"goals row 0: \(0, -1\) is outside"),
    (np.zeros((2, 3), int), [(0, 0)] * 2, InvalidParameterError, r"got shape \(2, 3\)"),
    ([(0, 0), (1, 1)], [(0, 0)], InvalidParameterError, "got 2 and 1"),
    (np.array([[0.0, 0.0], [np.nan, 1.0]]), [(0, 0)] * 2, InvalidParameterError,
     r"row 1: \(nan, 1.0\)"),
    (np.array([[True, False]]), [(0, 0)], InvalidParameterError, "got dtype bool"),
    ([(0, 0), (1,)], [(0, 0)] * 2, InvalidParameterError, r"\(N, 2\) array"),
])
def test_errors_name_the_row(starts, goals, error, match):
    for search in (batch.astar, batch.dijkstra, batch.bfs):
        with pytest.raises(error, match=match):
            search(GRID, starts, goals)


def test_parameter_errors():
    with pytest.raises(InvalidParameterError, match="workers must be an integer >= 1, got 0"):
        batch.astar(GRID, [(0, 0)], [(1, 1)], workers=0)
    with pytest.raises(InvalidParameterError, match=r"got 1\.5"):
        batch.dijkstra(GRID, [(0, 0)], [(1, 1)], workers=1.5)
    with pytest.raises(InvalidParameterError, match="weight must be finite"):
        batch.astar(GRID, [(0, 0)], [(1, 1)], weight=float("nan"))
    with pytest.raises(InvalidParameterError, match="compiled code"):
        batch.astar(GRID, [(0, 0)], [(1, 1)], heuristic=lambda a, b: 0.0)
    with pytest.raises(InvalidParameterError, match=r"query number .* got 1"):
        batch.astar(GRID, [(0, 0)], [(1, 1)]).path(1)
    with pytest.raises(InvalidParameterError, match="needs a Grid, got dict"):
        batch.astar({}, [(0, 0)], [(1, 1)])
    with pytest.raises(InvalidLocationError, match="sources row 0"):
        batch.distance_matrix(GRID, [(2, 0)], [(0, 0)])
    with pytest.raises(UnsupportedGridError, match=r"batch\.jps needs every cell to cost"):
        batch.jps(wf.Grid.from_ascii('.5'), [(0, 0)], [(1, 0)])


def test_grid_with_own_rules_is_refused():
    class Mine(wf.Grid):
        def cost(self, a, b):
            return 2.0

    grid = Mine(np.ones((2, 2), bool))
    with pytest.raises(UnsupportedGridError, match="Mine redefines"):
        batch.astar(grid, [(0, 0)], [(1, 1)])


MAP = Path(__file__).resolve().parents[3] / "shared" / "movingai" / "maps" / "dao" / "den204d.map"


@pytest.mark.skipif(not MAP.exists(), reason="MovingAI data not present")
def test_prepared_on_a_movingai_map():
    from wayfinding.grid.prepared import prepare
    from wayfinding.io.movingai import read_map

    grid = read_map(MAP)
    starts, goals = queries(grid, 300)
    ready = prepare(grid)
    result = batch.prepared(ready, starts, goals)
    pairs = list(zip(map(tuple, starts.tolist()), map(tuple, goals.tolist()), strict=True))
    same_as_single(result, [ready.search(s, g) for s, g in pairs])
    same_results(result, batch.prepared(ready, starts, goals, workers=2))
    np.testing.assert_allclose(result.costs, batch.astar(grid, starts, goals).costs)


def test_prepared_queries_the_hierarchy_cannot_answer_fall_back(monkeypatch):
    from wayfinding.grid.prepared import prepare
    from wayfinding.grid.prepared._kernels import batch as kernel

    grid = wf.Grid.from_ascii('....\n.##.\n....', diagonal=True)
    ready = prepare(grid)
    real = kernel.batch_query
    refused = []

    def refuse_query_1(*args):
        first = args[23]
        if first <= 1 < args[24] and not refused:
            refused.append(1)
            args = (*args[:24], 1, *args[25:])  # stop before query 1
            *_, used = real(*args)
            return codes.BATCH_FALLBACK, 1, 0, used
        return real(*args)

    monkeypatch.setattr(kernel, "batch_query", refuse_query_1)
    starts, goals = [(0, 0), (0, 2), (3, 0)], [(3, 2), (3, 0), (0, 0)]
    result = batch.prepared(ready, starts, goals)
    assert refused == [1]
    same_as_single(result, [ready.search(s, g) for s, g in zip(starts, goals, strict=True)])


def test_prepared_errors():
    from wayfinding.grid.prepared import prepare

    grid = wf.Grid.from_ascii('...\n...', diagonal=True)
    ready = prepare(grid)
    with pytest.raises(InvalidParameterError,
                       match="needs a PreparedGrid or a PreparedGraph, got Grid"):
        batch.prepared(grid, [(0, 0)], [(1, 1)])
    with pytest.raises(InvalidLocationError, match=r"goals row 0: \(5, 0\) is outside"):
        batch.prepared(ready, [(0, 0)], [(5, 0)])
    grid.set_wall((1, 1))
    with pytest.raises(wf.StaleDataError, match="prepare it again"):
        batch.prepared(ready, [(0, 0)], [(2, 1)])


def csr_from_grid(grid: wf.Grid, labelled: bool) -> tuple[wf.CSRGraph, dict]:
    """The grid as a CSR graph with coordinates: labelled by ``(x, y)`` or numbered."""
    ys, xs = np.nonzero(grid.passable_mask)
    cells = list(zip(xs.tolist(), ys.tolist(), strict=True))
    number = {c: i for i, c in enumerate(cells)}
    edges = [(number[c], number[n], grid.cost(c, n)) for c in cells for n in grid.neighbors(c)]
    indptr = np.zeros(len(cells) + 1, np.int64)
    np.cumsum(np.bincount([e[0] for e in edges], minlength=len(cells)), out=indptr[1:])
    graph = wf.CSRGraph(indptr, np.array([e[1] for e in edges], np.int32),
                        np.array([e[2] for e in edges]), cells if labelled else None,
                        coordinates=np.array(cells, float))
    return graph, number


@pytest.mark.parametrize("labelled", [True, False])
def test_csr_graph_of_a_grid_with_landmarks_and_coordinates(labelled):
    grid = open_grid(30, 30, seed=5, diagonal=True)
    graph, number = csr_from_grid(grid, labelled)
    starts, goals = queries(grid, 60)
    s = [tuple(p) for p in starts.tolist()]
    t = [tuple(p) for p in goals.tolist()]
    if not labelled:
        s, t = [number[c] for c in s], [number[c] for c in t]
    marks = wf.landmarks(graph, 4)
    for heuristic in (None, marks):
        result = batch.astar(graph, s, t, heuristic=heuristic)
        singles = [wf.astar(graph, a, b, heuristic=heuristic)
                   for a, b in zip(s, t, strict=True)]
        for i, single in enumerate(singles):
            assert result.costs[i] == single.cost
            assert (graph.labels_of(result.path(i)) or None) == single.path
            assert result.expanded[i] == single.expanded
        same_results(result, in_new_thread(lambda h=heuristic: batch.astar(
            graph, s, t, heuristic=h, workers=2)))
    grid_costs = batch.dijkstra(grid, starts, goals).costs
    np.testing.assert_allclose(batch.dijkstra(graph, s, t).costs, grid_costs)


def test_csr_errors():
    graph = wf.CSRGraph.from_edges(["a", "b"], ["b", "c"])
    with pytest.raises(InvalidLocationError, match="goals row 1: location 'z' is not a node"):
        batch.dijkstra(graph, ["a", "a"], ["b", "z"])
    with pytest.raises(InvalidParameterError, match="got 2 and 1"):
        batch.dijkstra(graph, ["a", "a"], ["b"])
    with pytest.raises(InvalidParameterError, match="takes heuristic=None"):
        batch.astar(graph, ["a"], ["b"], heuristic=lambda a, b: 0.0)
    numbers = wf.CSRGraph(np.array([0, 1, 1]), np.array([1]), np.array([2.0]))
    with pytest.raises(InvalidLocationError, match=r"starts row 1: 5 is not a node .*0\.\.1"):
        batch.bfs(numbers, [0, 5], [1, 1])
    with pytest.raises(InvalidParameterError, match="1-D integer array"):
        batch.astar(numbers, [[0, 1]], [[1, 1]])
    assert batch.bfs(numbers, [0, 1], [1, 0]).costs.tolist() == [1.0, np.inf]
