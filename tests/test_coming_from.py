"""The docs' "Coming from ..." page: its examples run, and agree with the libraries.

Each ``python`` block of ``docs/coming-from.md`` is executed as it stands (they assert their own
numbers). Where the imitated library is installed (the ``bench`` extra), the same input is
also given to it, and on random inputs its answers are compared with ours under the
mapping the page states.
"""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import networkx as nx
import numpy as np
import pytest

import wayfinding as wf

PAGE = Path(__file__).resolve().parent.parent / "docs" / "coming-from.md"
ALWAYS = wf.CornerCutting.ALWAYS


def _section() -> str:
    return PAGE.read_text(encoding="utf-8")


def _blocks() -> dict[str, str]:
    """The section's python blocks, named by the first word of the paragraph before each."""
    section = _section()
    blocks = {}
    end = 0
    for match in re.finditer(r"```python\n(.*?)```", section, re.S):
        paragraph = section[end:match.start()].strip().split("\n\n")[-1]
        blocks[paragraph.split()[0].strip("`(").lower()] = match.group(1)
        end = match.end()
    return blocks


def _run(name: str) -> dict:
    namespace: dict = {}
    exec(compile(_blocks()[name], f"docs/coming-from.md[{name}]", "exec"), namespace)
    return namespace


def test_the_section_has_an_example_for_each_library():
    assert set(_blocks()) == set(LIBRARIES)


LIBRARIES = ["tcod", "pyastar2d", "scikit-image", "python-pathfinding", "networkx", "cost",
             "scipy", "pathfinding.js", "osmnx", "searches"]


@pytest.mark.parametrize("name", LIBRARIES)
def test_readme_example_runs(name):
    _run(name)


def _random_costs(seed: int, shape=(9, 12), wall=0.0, high=9):
    rng = np.random.default_rng(seed)
    costs = rng.integers(1, high + 1, size=shape).astype(np.float64)
    costs[rng.random(shape) < 0.25] = wall
    costs[0, 0] = 1.0
    return costs


# ---------------------------------------------------------------------- tcod
def _tcod_distances(cost: np.ndarray, cardinal: int, diagonal: int) -> np.ndarray:
    tcod_path = pytest.importorskip("tcod.path")
    cost = cost.astype(np.int32)
    dist = tcod_path.maxarray(cost.shape, dtype=np.int32)
    dist[0, 0] = 0
    tcod_path.dijkstra2d(dist, cost, cardinal, diagonal, out=dist)
    return np.where(dist == np.iinfo(np.int32).max, np.inf, dist.astype(np.float64))


def test_tcod_example_agrees_with_tcod():
    ns = _run("tcod")
    assert _tcod_distances(ns["cost"], 2, 3)[1, 4] == ns["result"].cost


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize(("cardinal", "diagonal"), [(2, 3), (1, 1), (5, 7), (3, 0)])
def test_from_costs_matches_tcod_dijkstra2d(seed, cardinal, diagonal):
    cost = _random_costs(seed)
    expected = _tcod_distances(cost, cardinal, diagonal)
    grid = wf.Grid.from_costs(cost, wall=0, diagonal=bool(diagonal), straight_cost=cardinal,
                              diagonal_cost=diagonal or math.sqrt(2), corner_cutting=ALWAYS)
    ours = wf.dijkstra(grid, (0, 0)).cost_so_far.array
    np.testing.assert_array_equal(ours, expected)


# ---------------------------------------------------------------------- pyastar2d
def _pyastar_cost(weights, start, goal, allow_diagonal):
    pyastar2d = pytest.importorskip("pyastar2d")
    path = pyastar2d.astar_path(weights, start, goal, allow_diagonal=allow_diagonal)
    if path is None:
        return math.inf
    return float(sum(float(weights[i, j]) for i, j in path[1:]))


def test_pyastar2d_example_agrees_with_pyastar2d():
    ns = _run("pyastar2d")
    assert _pyastar_cost(ns["weights"], (0, 0), (2, 3), True) == ns["result"].cost


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("allow_diagonal", [False, True])
def test_from_costs_matches_pyastar2d(seed, allow_diagonal):
    weights = _random_costs(seed, wall=math.inf).astype(np.float32)
    grid = wf.Grid.from_costs(weights, wall=math.inf, diagonal=allow_diagonal,
                              diagonal_cost=1, corner_cutting=ALWAYS)
    rng = np.random.default_rng(seed)
    goals = [tuple(int(v) for v in cell) for cell in np.argwhere(np.isfinite(weights))]
    for i, j in [goals[k] for k in rng.choice(len(goals), size=8, replace=False)]:
        expected = _pyastar_cost(weights, (0, 0), (i, j), allow_diagonal)
        assert wf.astar(grid, (0, 0), (j, i)).cost == pytest.approx(expected)


# ---------------------------------------------------------------------- scikit-image
def _mcp(costs, *, geometric, fully_connected):
    skgraph = pytest.importorskip("skimage.graph")
    kind = skgraph.MCP_Geometric if geometric else skgraph.MCP
    cumulative, _ = kind(costs, fully_connected=fully_connected).find_costs([(0, 0)])
    return cumulative


def test_scikit_image_example_agrees_with_mcp():
    ns = _run("scikit-image")
    costs = ns["costs"]
    assert _mcp(costs, geometric=False, fully_connected=True)[2, 3] == ns["mcp"]
    assert _mcp(costs, geometric=True, fully_connected=False)[2, 3] == ns["geometric"]


def _skimage_costs(seed):
    costs = _random_costs(seed, wall=math.inf)
    costs[np.random.default_rng(seed + 100).random(costs.shape) < 0.1] = -1.0
    costs[0, 0] = 2.0
    return costs


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("fully_connected", [False, True])
def test_from_costs_matches_mcp(seed, fully_connected):
    costs = _skimage_costs(seed)
    grid = wf.Grid.from_costs(np.where(costs < 0, np.inf, costs), wall=math.inf,
                              diagonal=fully_connected, diagonal_cost=1, corner_cutting=ALWAYS)
    ours = wf.dijkstra(grid, (0, 0)).cost_so_far.array + costs[0, 0]
    expected = _mcp(costs, geometric=False, fully_connected=fully_connected)
    np.testing.assert_allclose(ours, expected)


@pytest.mark.parametrize("seed", range(6))
def test_four_way_from_costs_matches_mcp_geometric_up_to_the_stated_offset(seed):
    costs = _skimage_costs(seed)
    grid = wf.Grid.from_costs(np.where(costs < 0, np.inf, costs), wall=math.inf)
    with np.errstate(invalid="ignore"):
        ours = wf.dijkstra(grid, (0, 0)).cost_so_far.array + (costs[0, 0] - costs) / 2
    expected = _mcp(costs, geometric=True, fully_connected=False)
    reached = np.isfinite(expected)
    np.testing.assert_array_equal(reached, np.isfinite(ours) & (costs >= 0))
    np.testing.assert_allclose(ours[reached], expected[reached])


# ---------------------------------------------------------------------- python-pathfinding
DIAGONAL_MOVEMENTS = {  # python-pathfinding's name -> our options
    "never": {"diagonal": False},
    "only_when_no_obstacle": {"diagonal": True, "corner_cutting": wf.CornerCutting.NEVER},
    "if_at_most_one_obstacle": {"diagonal": True, "corner_cutting": wf.CornerCutting.ONE_FREE},
    "always": {"diagonal": True, "corner_cutting": wf.CornerCutting.ALWAYS},
}


def _pathfinding_cost(matrix, goal, movement):
    pytest.importorskip("pathfinding")
    from pathfinding.core.diagonal_movement import DiagonalMovement
    from pathfinding.core.grid import Grid as PathfindingGrid
    from pathfinding.finder.dijkstra import DijkstraFinder

    grid = PathfindingGrid(matrix=matrix)
    finder = DijkstraFinder(diagonal_movement=getattr(DiagonalMovement, movement))
    path, _ = finder.find_path(grid.node(0, 0), grid.node(*goal), grid)
    return float(grid.node(*goal).g) if path else math.inf


def test_python_pathfinding_example_agrees_with_python_pathfinding():
    ns = _run("python-pathfinding")
    expected = _pathfinding_cost(ns["matrix"], (4, 2), "only_when_no_obstacle")
    assert expected == pytest.approx(ns["result"].cost)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("movement", list(DIAGONAL_MOVEMENTS))
def test_from_costs_matches_python_pathfinding(seed, movement):
    matrix = _random_costs(seed, shape=(7, 8))
    matrix[matrix == 0] = -1.0  # python-pathfinding: <= 0 is a wall
    grid = wf.Grid.from_costs(np.clip(matrix, 0, None), wall=0, **DIAGONAL_MOVEMENTS[movement])
    rows = matrix.tolist()
    for y, x in np.argwhere(matrix > 0)[::5]:
        expected = _pathfinding_cost(rows, (int(x), int(y)), movement)
        assert wf.dijkstra(grid, (0, 0), (int(x), int(y))).cost == pytest.approx(expected)


# ---------------------------------------------------------------------- networkx
@pytest.mark.parametrize("seed", range(5))
def test_as_graph_weight_matches_networkx_on_random_multigraphs(seed):
    rng = np.random.default_rng(seed)
    G = nx.MultiDiGraph()
    G.add_nodes_from(range(30))
    for _ in range(120):
        u, v = (int(n) for n in rng.integers(0, 30, size=2))
        G.add_edge(u, v, length=float(rng.integers(1, 50)), osmid=int(rng.integers(1e6)))
    streets = wf.as_graph(G, weight="length")
    expected = nx.single_source_dijkstra_path_length(G, 0, weight="length")
    flood = wf.dijkstra(streets, 0).cost_so_far
    assert dict(flood) == pytest.approx(expected)
    with pytest.raises(wf.InvalidCostError, match=r"no 'weight' attribute"):
        wf.dijkstra(G, 0)


# ---------------------------------------------------------------------- searches by name
def test_searches_example_agrees_with_networkx_and_scipy():
    ns = _run("searches")
    G = ns["G"]
    assert [nx.path_weight(G, p, "weight") for p in
            nx.shortest_simple_paths(G, "s", "t", weight="weight")][:3] == [4, 4, 4]
    assert sorted(nx.all_shortest_paths(G, "s", "t", weight="weight")) == sorted(
        wf.all_shortest_paths(G, "s", "t"))
    assert list(nx.bfs_tree(G, "s")) == list(wf.bfs_reach(G, "s"))
    G["a"]["b"]["weight"] = -1
    assert nx.bellman_ford_path(G, "s", "t") == wf.bellman_ford(G, "s", "t").path
    csgraph = pytest.importorskip("scipy.sparse.csgraph")
    nodes = list(G)
    matrix = nx.to_scipy_sparse_array(G, nodelist=nodes, weight="weight")
    ours = wf.bellman_ford(wf.CSRGraph.from_scipy(matrix, negative_costs=True), 0)
    assert csgraph.bellman_ford(matrix, indices=0).tolist() == ours.cost_so_far.array.tolist()


def _random_digraph(seed, n=40, m=160):
    rng = np.random.default_rng(seed)
    G = nx.DiGraph()
    G.add_nodes_from(range(n))
    for _ in range(m):
        u, v = (int(x) for x in rng.integers(0, n, size=2))
        if u != v:
            G.add_edge(u, v, weight=int(rng.integers(1, 9)))
    return G


@pytest.mark.parametrize("seed", range(5))
def test_several_paths_match_networkx_and_scipy_on_random_graphs(seed):
    G = _random_digraph(seed)
    csr = wf.CSRGraph.from_networkx(G)
    for t in (5, 17, 33):
        try:
            theirs = [nx.path_weight(G, p, "weight") for p in
                      itertools.islice(nx.shortest_simple_paths(G, 0, t, weight="weight"), 6)]
            optimal = sorted(nx.all_shortest_paths(G, 0, t, weight="weight"))
        except nx.NetworkXNoPath:
            theirs, optimal = [], []
        for graph in (G, csr):
            assert wf.k_shortest_paths(graph, 0, t, 6).costs == theirs
            assert sorted(wf.all_shortest_paths(graph, 0, t)) == optimal
    csgraph = pytest.importorskip("scipy.sparse.csgraph")
    from scipy.sparse import csr_matrix

    matrix = csr_matrix((csr.costs, csr.indices, csr.indptr), shape=(40, 40))  # G's nodes
    reachable = [t for t in (5, 17, 33) if nx.has_path(G, 0, t)]
    for t in reachable:
        assert wf.k_shortest_paths(csr, 0, t, 6).costs == csgraph.yen(matrix, 0, t, 6).tolist()
    answers = wf.johnson(csr, [0, 1, 2])
    rows = csgraph.johnson(matrix, indices=[0, 1, 2])
    for i in range(3):
        assert answers[i].cost_so_far.array.tolist() == rows[i].tolist()


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("movement", ["always", "if_at_most_one_obstacle"])
def test_bidirectional_and_jps_match_python_pathfinding(seed, movement):
    pytest.importorskip("pathfinding")
    from pathfinding.core.diagonal_movement import DiagonalMovement
    from pathfinding.core.grid import Grid as PathfindingGrid
    from pathfinding.finder.bi_breadth_first import BiBreadthFirstFinder
    from pathfinding.finder.dijkstra import DijkstraFinder

    matrix = (_random_costs(seed, shape=(9, 11)) > 0).astype(int)
    rule = DIAGONAL_MOVEMENTS[movement]
    grid = wf.Grid(matrix > 0, **rule)
    for y, x in np.argwhere(matrix > 0)[1::7]:  # not the start: BiBreadthFirst has no path
        goal = (int(x), int(y))
        pf = PathfindingGrid(matrix=matrix.tolist())
        finder = DijkstraFinder(diagonal_movement=getattr(DiagonalMovement, movement))
        path, _ = finder.find_path(pf.node(0, 0), pf.node(*goal), pf)
        expected = float(pf.node(*goal).g) if path else math.inf
        assert wf.jps(grid, (0, 0), goal).cost == pytest.approx(expected)
        pf = PathfindingGrid(matrix=matrix.tolist())
        finder = BiBreadthFirstFinder(diagonal_movement=getattr(DiagonalMovement, movement))
        path, _ = finder.find_path(pf.node(0, 0), pf.node(*goal), pf)
        steps = len(path) - 1 if path else math.inf
        assert wf.bidirectional_bfs(grid, (0, 0), goal).cost == steps
