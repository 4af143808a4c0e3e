"""A small typed program that uses every public name of ``wayfinding`` (``wf.__all__``).

``tests/typecheck/test_typing.py`` runs ``mypy --strict`` on this file (it must report no
errors) and runs :func:`main` (it must work). Annotations are written out on purpose: they
are what a user's type checker sees.
"""

from __future__ import annotations

import math
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np

import wayfinding as wf
from wayfinding import heuristics


def graphs() -> float:
    graph: wf.SimpleGraph = wf.SimpleGraph({"A": {"B": 1.5}, "B": {"C": 2.0}})
    assert isinstance(graph, wf.Graph) and isinstance(graph, wf.WeightedGraph)
    result: wf.SearchResult = wf.dijkstra(graph, "A", "C")
    path: list[object] | None = result.path
    assert path == wf.reconstruct_path(result.came_from, "A", "C")
    steps: wf.SearchResult = wf.breadth_first_search(graph, "A", ["C", "B"])
    greedy = wf.greedy_best_first(graph, "A", "C", heuristic=lambda a, b: 0.0)

    def neighbors(n: int) -> Iterable[int]:
        return [n + 1, n + 2] if n < 5 else []

    def cost(a: int, b: int) -> float | None:
        return None if b - a == 2 else 1.0  # None hides the edge

    line = wf.as_graph(neighbors, cost)
    hops: float = wf.astar(line, 0, 5, heuristic=lambda a, b: 0.0).cost
    assert result.reason is wf.StopReason.FOUND and steps.found and greedy.found
    return result.cost + hops + compiled()


def compiled() -> float:
    csr: wf.CSRGraph = wf.CSRGraph.from_edges(
        ["a", "b", "a"], ["b", "c", "c"], [1.0, 1.0, 3.0],
        coordinates={"a": (0.0, 0.0), "b": (1.0, 0.0), "c": (2.0, 0.0)},
        metric=wf.Metric.EUCLIDEAN)
    both: wf.SearchResult = wf.bidirectional_dijkstra(csr, "a", "c")
    aimed: wf.SearchResult = wf.bidirectional_astar(csr, "a", "c")
    marks: wf.Landmarks = wf.landmarks(csr, count=2)
    alt = wf.astar(csr, "a", "c", heuristic=marks)
    room = wf.Grid.from_ascii("...\n.#.\n...")
    grid_marks: wf.GridLandmarks = wf.landmarks(room, count=2)
    hierarchy: wf.PreparedGraph = wf.prepare(csr)
    assert hierarchy.search("a", "c").cost == 2.0
    assert wf.astar(room, (0, 0), (2, 2), heuristic=grid_marks).cost == 4.0
    explored: wf.CSRGraph = wf.compile_graph(wf.SimpleGraph({1: [2], 2: [3]}), 1)
    distances = wf.csr.distances(csr, "a", ["b", "c"])
    assert both.cost == aimed.cost == alt.cost == 2.0 and explored.node_count == 3
    return float(len(distances))


def grids() -> tuple[float, str]:
    grid: wf.Grid = wf.Grid.from_ascii("""
        ......
        .###..
        ..5...
    """, diagonal=True)
    costs = wf.Grid.from_costs(np.array([[1, 0, 2], [1, 1, 1]]), wall=0,
                               corner_cutting=wf.CornerCutting.ALWAYS)
    octile: Callable[[tuple[int, int], tuple[int, int]], float] = heuristics.octile
    result = wf.astar(grid, (0, 0), (5, 2), heuristic=octile)
    assert result.path is not None
    named: wf.SearchResult = wf.astar(grid, (0, 0), (5, 2), heuristic=wf.Heuristic.OCTILE)
    assert named.cost == result.cost
    picture: str = wf.draw_grid(grid, path=result.path, start=(0, 0), goal=(5, 2))
    square = wf.SquareGrid(4, 3)
    square.walls = [(1, 0), (1, 1)]
    weighted = wf.GridWithWeights(4, 3)
    weighted.weights = {(2, 1): 5.0}
    movement: wf.Movement = grid.movement
    assert movement.diagonal and wf.connected(grid, (0, 0), (5, 2))
    jumped: wf.SearchResult = wf.jps(wf.Grid(np.ones((4, 4), dtype=bool), diagonal=True),
                                     (0, 0), (3, 3))
    turns = wf.astar_turns(square, (0, 2), (3, 0), turn_cost=1.0)
    counted: int | None = turns.turns
    row_col = wf.rc_from_xy(np.array([[0, 2], [3, 0]]))
    back: list[tuple[int, int]] = wf.xy_from_rc([(2, 0), (0, 3)])
    array = result.path_array
    assert counted is not None and array is not None and row_col.shape == (2, 2) and back
    many: wf.BatchResult = wf.batch.astar(grid, np.array([[0, 0], [5, 0]]),
                                          np.array([[5, 2], [0, 2]]))
    matrix = wf.distance_matrix(grid, [(0, 0)], [(5, 2), (0, 2)])
    assert many.found.all() and matrix.shape == (1, 2) and many.path(0).shape[1] == 2
    theta = wf.theta_star(wf.Grid.from_ascii("....\n.#..", diagonal=True), (0, 0), (3, 1))
    smooth = wf.smooth_path(grid, result.path)
    length: float = wf.euclidean_length(smooth)
    seen: bool = wf.line_of_sight(grid, (0, 0), (5, 0))
    blocked: bool = wf.path_blocked(grid, result.path)
    total = (costs.min_cost + jumped.cost + turns.cost + theta.cost + length
             + wf.dijkstra(weighted, (0, 1), (3, 1)).cost)
    assert seen and not blocked
    return total, picture


def game_loop(folder: Path) -> float:
    grid = wf.Grid(np.ones((8, 8), dtype=bool), diagonal=True)
    search: wf.AStarSearch = wf.AStarSearch(grid, (0, 0), (7, 7))
    while not search.step(max_expansions=5):
        partial: list[object] = search.partial_path()
        assert partial
    field: wf.DistanceField = wf.flood(grid, [(0, 0)], max_cost=5.0)
    field.save(folder / "field.npz")
    again: wf.DistanceField = wf.DistanceField.load(folder / "field.npz")
    flow: wf.FlowField = wf.flow_field(grid, (7, 7))
    flow_cost: float = flow.cost_from((0, 0))
    planner: wf.DStarLite = wf.DStarLite(grid, (0, 0), (7, 7))
    frozen: wf.Grid = grid.snapshot()  # one version, whatever edits come
    grid.set_wall((3, 3))
    built_at: int | None = flow.version
    assert built_at == frozen.version != grid.version
    planner.update([(3, 3)])
    try:
        flow.cost_from((0, 0))
    except wf.StaleDataError:
        flow = wf.flow_field(grid, (7, 7))  # the grid was edited: build it again
    prepared: wf.PreparedGrid = wf.prepare(wf.Grid(np.ones((8, 8), dtype=bool), diagonal=True),
                                           wf.PrepareMethod.SUBGOAL_CH)
    answer = prepared.search((0, 0), (7, 7))
    prepared_at: int = prepared.version
    assert search.result is not None and prepared_at == 0
    return (again.cost_to((2, 2)) + flow_cost + flow.cost_from((0, 0)) + planner.cost + answer.cost
            + search.result.cost)


def worlds() -> float:
    """Navigation meshes, any-angle paths on grids, road-style nearest nodes, file I/O."""
    mesh: wf.NavMesh = wf.navmesh.from_grid(wf.Grid.from_ascii("....\n.#..\n...."))
    through_mesh = wf.astar(mesh, (0.5, 0.5), (3.5, 2.5))
    shortcut = wf.any_angle(wf.Grid.from_ascii("....\n.#..\n...."), (0, 0), (3, 2))
    graph = wf.CSRGraph.from_edges([0, 1], [1, 2], [1.0, 2.0],
                                   coordinates=[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)])
    nearest = wf.nearest_nodes(graph, np.array([[1.9, 0.1]]))
    grid = wf.io.parse_map("type octile\nheight 1\nwidth 2\nmap\n..\n")
    assert grid.shape == (1, 2)
    before: bool = wf.compile_notice(False)  # no notice while compiling in this process
    wf.compile_notice(before)
    hexes = wf.HexGrid(np.ones((4, 5), dtype=bool), layout=wf.HexLayout.ODD_R)
    steps: int = wf.hex.distance((0, 0), (3, -1))
    cubes = wf.VoxelGrid(np.ones((2, 3, 4), dtype=bool), connectivity=26)
    other = wf.astar(hexes, (0, 0), (2, 3)).cost + wf.astar(cubes, (0, 0, 0), (3, 2, 1)).cost
    assert steps == 3 and math.isfinite(other)
    return through_mesh.cost + shortcut.cost + float(nearest[0])


def peer_searches() -> float:
    """Issue 33: the searches users know from networkx, scipy, Rust and PathFinding.js."""
    g = wf.SimpleGraph({"s": {"a": 1, "b": 2}, "a": {"b": -1, "t": 3}, "b": {"t": 2}},
                       negative_costs=True)
    signed: wf.SearchResult = wf.bellman_ford(g, "s", "t")
    rows: dict[object, wf.SearchResult] = wf.johnson(g, ["s"])
    cycle: list[object] | None = wf.find_negative_cycle(g, "s")
    plain = wf.SimpleGraph({"s": {"a": 1, "b": 2}, "a": {"b": 1, "t": 3}, "b": {"t": 2}})
    best: wf.KShortestPaths = wf.k_shortest_paths(plain, "s", "t", 2)
    pairs: list[tuple[list[object], float]] = list(best)
    lazy: list[object] = next(wf.shortest_simple_paths(plain, "s", "t"))
    every: wf.OptimalPaths = wf.all_shortest_paths(plain, "s", "t")
    count: int = every.count() + wf.count_paths(plain, "s", "t")
    order: list[object] = list(wf.bfs_reach(plain, "s"))
    items: list[wf.ReachItem] = list(wf.dijkstra_reach(plain, "s"))
    searches: list[wf.SearchResult] = [
        wf.depth_first_search(plain, "s", "t", depth_limit=3), wf.iddfs(plain, "s", "t"),
        wf.idastar(plain, "s", "t"), wf.bidirectional_bfs(plain, "s", "t"),
        wf.fringe_search(plain, "s", "t"), wf.beam_search(plain, "s", "t", beam_width=2)]
    line: list[tuple[int, int]] = wf.bresenham((0, 0), (3, 1)) + wf.supercover((0, 0), (1, 1))
    turns = wf.compress_path(wf.expand_path([(0, 0), (2, 2), (4, 2)]))
    try:
        wf.bellman_ford(wf.SimpleGraph({1: {2: -1}, 2: {1: -1}}, negative_costs=True), 1)
    except wf.NegativeCycleError as error:
        assert error.cycle[0] == error.cycle[-1]
    assert cycle is None and pairs and lazy and order and items and line and turns
    return (signed.cost + rows["s"].cost_so_far["t"] + count + items[-1].cost
            + sum(r.cost for r in searches))


def errors() -> list[str]:
    caught: list[str] = []
    kinds: tuple[type[wf.WayfindingError], ...] = (
        wf.InvalidCostError, wf.InvalidLocationError, wf.InvalidParameterError,
        wf.MapFormatError, wf.StaleDataError, wf.UnsupportedGridError)
    try:
        wf.Grid(np.array([[1, 5]]))
    except wf.InvalidParameterError as error:
        caught.append(str(error))
    try:
        wf.jps(wf.Grid.from_ascii("12"), (0, 0), (1, 0))
    except wf.UnsupportedGridError as error:
        caught.append(str(error))
    try:
        wf.Grid.from_ascii("x")
    except wf.MapFormatError as error:
        caught.append(str(error))
    assert all(issubclass(kind, ValueError) for kind in kinds)
    try:
        wf.prepare(wf.Grid(np.ones((64, 64), dtype=bool), diagonal=True), max_seconds=0)
    except wf.BudgetExhaustedError as error:  # a WayfindingError and a TimeoutError
        caught.append(str(error))
    return caught


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        total = (graphs() + grids()[0] + game_loop(Path(folder)) + worlds()
                 + peer_searches())
    assert math.isfinite(total)
    assert len(errors()) == 4


if __name__ == "__main__":
    main()
