"""Every world (hex maps, voxel grids, wrap-around and custom moves) against the oracle.

Two oracles agree first: the world's own ``neighbors``/``cost`` (as a ``SimpleGraph``)
and the edges of ``tests/reference.py``, worked out again from each world's definition.
Then every search on random worlds (walls, costs, wrap, odd sizes) gives the oracle's
costs, and the default heuristics are admissible and consistent.
"""

from __future__ import annotations

import contextlib
import itertools
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wayfinding as wf

from ..reference import assert_valid_path, fewest_steps, shortest_costs
from ..strategies import hex_cases, square_world_cases, voxel_cases, world_cases

WORLDS = {"hex": hex_cases(), "voxel": voxel_cases(),
          "custom moves": square_world_cases(custom=True),
          "wrapped square": square_world_cases(custom=False)}


def _own_edges(grid):
    """The world's own neighbour definition as an edge list."""
    return {loc: [(n, grid.cost(loc, n)) for n in grid.neighbors(loc)]
            for loc in grid.locations()}


def _same_edges(a, b):
    assert set(a) == set(b)
    for loc in a:
        left = sorted((v, round(c, 9)) for v, c in a[loc])
        right = sorted((v, round(c, 9)) for v, c in b[loc])
        assert left == right, (loc, left, right)


@pytest.mark.parametrize("world", list(WORLDS))
@given(data=st.data())
def test_neighbours_equal_the_reference(world, data):
    case = data.draw(WORLDS[world])
    _same_edges(_own_edges(case.grid), case.edges)


def _expected(case, start, goal):
    return shortest_costs(case.edges, [start]).get(goal, math.inf)


def _check(case, result, start, goal, expected):
    if expected == math.inf:
        assert result.path is None and result.cost == math.inf
    else:
        assert math.isclose(result.cost, expected, rel_tol=1e-9, abs_tol=1e-9)
        assert_valid_path(case.edges, result.path, [start], [goal], result.cost)


@pytest.mark.parametrize("world", list(WORLDS))
@pytest.mark.parametrize("search", ["astar", "dijkstra"])
@given(data=st.data())
def test_cheapest_path_equals_oracle(world, search, data):
    case = data.draw(WORLDS[world])
    start, goal = data.draw(st.sampled_from(case.cells)), data.draw(st.sampled_from(case.cells))
    simple = wf.SimpleGraph({u: dict(out) for u, out in _own_edges(case.grid).items()})
    expected = _expected(case, start, goal)
    assert wf.dijkstra(simple, start, goal).cost == pytest.approx(expected, rel=1e-9) or (
        expected == math.inf)
    _check(case, getattr(wf, search)(case.grid, start, goal), start, goal, expected)


@pytest.mark.parametrize("world", list(WORLDS))
@given(data=st.data())
def test_breadth_first_counts_steps(world, data):
    case = data.draw(WORLDS[world])
    start, goal = data.draw(st.sampled_from(case.cells)), data.draw(st.sampled_from(case.cells))
    result = wf.breadth_first_search(case.grid, start, goal)
    expected = fewest_steps(case.edges, [start]).get(goal, math.inf)
    assert result.cost == expected
    if expected < math.inf:
        assert result.path[0] == start and result.path[-1] == goal


@pytest.mark.parametrize("world", list(WORLDS))
@given(data=st.data())
def test_flood_costs_every_location(world, data):
    case = data.draw(WORLDS[world])
    starts = data.draw(st.lists(st.sampled_from(case.cells), min_size=1, max_size=3))
    result = wf.dijkstra(case.grid, starts)
    expected = shortest_costs(case.edges, starts)
    assert set(result.cost_so_far) == set(expected)
    for cell, cost in expected.items():
        assert math.isclose(result.cost_so_far[cell], cost, rel_tol=1e-9, abs_tol=1e-9)


@pytest.mark.parametrize("world", list(WORLDS))
@given(data=st.data())
def test_greedy_path_is_valid(world, data):
    case = data.draw(WORLDS[world])
    start, goal = data.draw(st.sampled_from(case.cells)), data.draw(st.sampled_from(case.cells))
    result = wf.greedy_best_first(case.grid, start, goal)
    if _expected(case, start, goal) == math.inf:
        assert result.path is None
    else:
        assert_valid_path(case.edges, result.path, [start], [goal], result.cost)


@given(world_cases(), st.data())
def test_default_heuristic_is_admissible_and_consistent(case, data):
    goal = data.draw(st.sampled_from(case.cells))
    h = case.grid.heuristic
    back = {u: [] for u in case.edges}
    for u, out in case.edges.items():
        for v, c in out:
            back[v].append((u, c))
    to_goal = shortest_costs(back, [goal])
    for u, out in case.edges.items():
        assert h(u, goal) <= to_goal.get(u, math.inf) + 1e-9
        for v, c in out:
            assert h(u, goal) <= c + h(v, goal) + 1e-9


@given(world_cases(), st.data(), st.integers(0, 6))
def test_budget_gives_a_partial_path(case, data, budget):
    start, goal = data.draw(st.sampled_from(case.cells)), data.draw(st.sampled_from(case.cells))
    result = wf.astar(case.grid, start, goal, max_expansions=budget, partial=True)
    if result.path is not None:
        assert result.path[0] == start
        assert_valid_path(case.edges, result.path, [start], [result.path[-1]], result.cost)


@given(world_cases(), st.data())
def test_components_and_connected_follow_the_moves(case, data):
    grid = case.grid
    labels = grid.components()
    assert labels.shape == grid.passable_mask.shape
    a, b = data.draw(st.sampled_from(case.cells)), data.draw(st.sampled_from(case.cells))
    there = b in shortest_costs(case.edges, [a])
    back = a in shortest_costs(case.edges, [b])
    assert wf.connected(grid, a, b) == there
    same = labels[grid._open_cell(a)[::-1]] == labels[grid._open_cell(b)[::-1]]
    if there or back:
        assert same  # weakly connected at least
    elif all(any(u == w for w, _ in case.edges[v]) for u in case.edges
             for v, _ in case.edges[u]):  # every step has its reverse
        assert not same


@given(world_cases(), st.data())
def test_flood_and_flow_field_equal_oracle(case, data):
    from ..oracles import reversed_edges

    seed = data.draw(st.sampled_from(case.cells))
    field = wf.flood(case.grid, seed)
    expected = shortest_costs(case.edges, [seed])
    assert set(field.reachable) == set(expected)
    for cell, cost in expected.items():
        assert math.isclose(field.cost_to(cell), cost, rel_tol=1e-9, abs_tol=1e-9)
        path = field.path_to(cell)
        assert path[0] == seed and path[-1] == cell
    assert field.as_array().shape == case.grid.passable_mask.shape
    flow = wf.flow_field(case.grid, seed)
    for cell, cost in shortest_costs(reversed_edges(case.edges), [seed]).items():
        assert math.isclose(flow.cost_from(cell), cost, rel_tol=1e-9, abs_tol=1e-9)


@contextlib.contextmanager
def _paged():
    """Every world searched with paged state (as the large ones are), small pools."""
    from wayfinding.grid import paged as module

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(module, "PAGED_CELLS", 0)
        patch.setattr(module, "FIRST_PAGES", 1)
        yield


@pytest.mark.parametrize("search", ["astar", "dijkstra", "breadth_first_search"])
@given(data=st.data())
def test_paged_search_state_gives_the_same_answers(search, data):
    case = data.draw(world_cases())
    with _paged():
        _check_paged(case, search, data)


def _check_paged(case, search, data):
    starts = data.draw(st.lists(st.sampled_from(case.cells), min_size=1, max_size=2))
    goals = data.draw(st.lists(st.sampled_from(case.cells), min_size=1, max_size=2))
    result = getattr(wf, search)(case.grid, starts, goals)
    edges = case.edges
    if search == "breadth_first_search":
        edges = {u: [(v, 1.0) for v, _ in out] for u, out in edges.items()}
    costs = shortest_costs(edges, starts)
    expected = min((costs.get(g, math.inf) for g in goals), default=math.inf)
    if expected == math.inf:
        assert result.path is None
    else:
        assert math.isclose(result.cost, expected, rel_tol=1e-9, abs_tol=1e-9)
        assert_valid_path(edges, result.path, starts, goals, result.cost)
        for cell, cost in result.cost_so_far.items():
            assert cost >= costs[cell] - 1e-9


def test_paged_resumable_search():
    expected = wf.astar(wf.VoxelGrid(np.ones((6, 7, 8), bool)), (0, 0, 0), (7, 6, 5)).cost
    with _paged():
        grid = wf.VoxelGrid(np.ones((6, 7, 8), bool))
        search = wf.AStarSearch(grid, (0, 0, 0), (7, 6, 5))
        while not search.step(max_expansions=3):
            assert search.partial_path()[0] == (0, 0, 0)
        assert search.result.cost == pytest.approx(expected)


@pytest.mark.parametrize("world", list(WORLDS))
@given(data=st.data())
def test_several_paths_follow_the_world(world, data):
    """k shortest and all shortest paths on each world: the grid read as a CSR graph had
    square 4/8-way moves, no wrap and ``(x, y)`` labels (wrong costs, unknown hex cells)."""
    case = data.draw(WORLDS[world])
    start, goal = data.draw(st.sampled_from(case.cells)), data.draw(st.sampled_from(case.cells))
    expected = _expected(case, start, goal)
    every = wf.all_shortest_paths(case.grid, start, goal)
    if expected == math.inf:
        assert not every.found
        return
    assert math.isclose(every.cost, expected, rel_tol=1e-9, abs_tol=1e-9)
    for path in itertools.islice(every.paths(), 5):
        assert_valid_path(case.edges, path, [start], [goal], expected)
    best = wf.k_shortest_paths(case.grid, start, goal, 2)
    assert math.isclose(best.costs[0], expected, rel_tol=1e-9, abs_tol=1e-9)
    for path, cost in zip(best.paths, best.costs, strict=True):
        assert_valid_path(case.edges, path, [start], [goal], cost)


@pytest.mark.parametrize("world", list(WORLDS))
@given(data=st.data())
def test_idastar_bidirectional_bfs_and_reach_follow_the_world(world, data):
    """These ran the square-grid kernels, which know neither wrap, long moves nor hex and
    voxel locations: each world now takes the generic tier for them."""
    case = data.draw(WORLDS[world])
    start, goal = data.draw(st.sampled_from(case.cells)), data.draw(st.sampled_from(case.cells))
    expected = _expected(case, start, goal)
    result = wf.idastar(case.grid, start, goal, max_expansions=5_000)
    if result.reason is not wf.StopReason.MAX_EXPANSIONS:  # exponential on open grids
        _check(case, result, start, goal, expected)
    _check(case, wf.bidirectional_dijkstra(case.grid, start, goal), start, goal, expected)
    steps = fewest_steps(case.edges, [start])
    assert wf.bidirectional_bfs(case.grid, start, goal).cost == steps.get(goal, math.inf)
    costs = shortest_costs(case.edges, [start])
    reached = {item.location: item.cost for item in wf.dijkstra_reach(case.grid, start)}
    assert set(reached) == set(costs)
    for cell, cost in costs.items():
        assert math.isclose(reached[cell], cost, rel_tol=1e-9, abs_tol=1e-9)
    assert set(wf.bfs_reach(case.grid, start)) == set(steps)
