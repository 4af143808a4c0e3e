"""NavMesh: checks of its data, point location, files (read, write, hostile), the search's
budgets and errors, batches and the funnel."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

import wayfinding as wf
from wayfinding.errors import InvalidLocationError, InvalidParameterError, MapFormatError
from wayfinding.navmesh.fileio import parse_mesh, read_mesh, write_mesh
from wayfinding.navmesh.funnel import funnel, polygon_graph, portals

SPEC = """mesh
2
4 2
0.0 0.0 2 0 -1
1.5 0.0 3 0 1 -1
1.5 1.5 2 1 -1
0.0 1.5 3 -1 1 0
3 0 1 3 -1 -1 1
3 1 2 3 0 -1 -1
"""
SPEC_V1 = SPEC.replace("\n2\n", "\n1\n", 1).replace("3 0 1 3 -1 -1 1", "3 0 1 3 -1 1 -1") \
    .replace("3 1 2 3 0 -1 -1", "3 1 2 3 -1 -1 0")


def _grid_mesh() -> wf.NavMesh:
    return wf.navmesh.from_grid(wf.Grid.from_ascii("....\n.##.\n...."))


# ------------------------------------------------------------------ construction checks
@pytest.mark.parametrize(("vertices", "polygons", "match"), [
    ([(0, 0), (1, 0), (0, 1)], [[0, 2, 1]], "not convex and counter-clockwise"),
    ([(0, 0), (1, 0), (2, 0)], [[0, 1, 2]], "no area"),
    ([(0, 0), (1, 0), (0, 1)], [[0, 1]], "has 2 vertices"),
    ([(0, 0), (1, 0), (0, 1)], [[0, 1, 5]], "names vertex 5"),
    ([(0, 0), (1, 0), (0, 1)], [[0, 1, 1]], "repeats a vertex"),
    ([(0, 0), (0, 0), (0, 1)], [[0, 1, 2]], "same point"),
    ([(0, 0), (1, 0), (0, math.nan)], [[0, 1, 2]], "finite"),
    ([(0, 0), (1e101, 0), (0, 1)], [[0, 1, 2]], "at most"),
    ([(0, 0), (1, 0), (0, 1), (1, 1)], [[0, 1, 2], [0, 1, 3]], "same direction"),
    ([(0, 0), (2, 0), (0, 2), (2, 2)], [[0, 1, 2], [0, 3, 2]], "overlap|same direction"),
    ("nonsense", [[0]], "a mesh needs"),
    ([(0, 0), (1, 0), (0, 1)], [], "at least one polygon"),
])
def test_bad_meshes_are_refused(vertices, polygons, match):
    with pytest.raises(InvalidParameterError, match=match):
        wf.NavMesh(vertices, polygons)


def test_polygons_folded_over_a_vertex_are_refused():
    # two triangles on the same side of vertex 0, sharing no edge: their angles overlap
    vertices = [(0, 0), (2, 0), (2, 2), (1, 2), (-1, 1)]
    with pytest.raises(InvalidParameterError, match="overlap"):
        wf.NavMesh(vertices, [[0, 1, 2], [0, 2, 4], [0, 1, 3]])


def test_star_winding_twice_is_refused():
    pts = [(math.cos(2 * math.pi * 2 * k / 5), math.sin(2 * math.pi * 2 * k / 5))
           for k in range(5)]
    with pytest.raises(InvalidParameterError, match="winds"):
        wf.NavMesh(pts, [[0, 1, 2, 3, 4]])


def test_accessors_and_their_errors():
    mesh = wf.NavMesh(*_square_pair())
    assert mesh.bounds == (0.0, 0.0, 3.0, 1.0)
    assert mesh.nbytes > 0 and "2 polygons" in repr(mesh)
    assert mesh.neighbours_of(1).tolist() == [-1, -1, -1, 0]
    with pytest.raises(InvalidParameterError, match="polygon number"):
        mesh.polygon(2)
    with pytest.raises(InvalidLocationError, match="point"):
        mesh.locate("here")


def _square_pair():
    return [(0, 0), (2, 0), (2, 1), (0, 1), (3, 0), (3, 1)], [[0, 1, 2, 3], [1, 4, 5, 2]]


@pytest.mark.parametrize(("point", "expected"), [
    ((1.0, 0.5), [0]), ((2.0, 0.5), [0, 1]), ((2.0, 1.0), [0, 1]), ((0.0, 0.0), [0]),
    ((3.0, 1.0), [1]), ((3.0, 1.5), []), ((-0.5, 0.0), []),
])
def test_point_location_includes_edges_and_vertices(point, expected):
    assert sorted(wf.NavMesh(*_square_pair()).locate(point)) == expected


def test_a_pinched_vertex_belongs_to_the_side_of_direction_1_1():
    # open cells (0, 0) and (1, 1) touch at corner (1, 1) only
    mesh = wf.navmesh.from_grid(wf.Grid.from_ascii(".#\n#."))
    (p,) = mesh.locate((1, 1))
    assert mesh.polygon(p).min(axis=0).tolist() == [1.0, 1.0]


# ------------------------------------------------------------------ files
@pytest.mark.parametrize("text", [SPEC, SPEC_V1])
def test_both_versions_read_alike(text):
    mesh = parse_mesh(text)
    assert mesh.neighbours_of(0).tolist() == [-1, 1, -1]
    assert mesh.neighbours_of(1).tolist() == [-1, -1, 0]


@pytest.mark.parametrize("version", [1, 2])
def test_write_then_read_gives_the_same_mesh(tmp_path, version):
    mesh = _grid_mesh()
    path = tmp_path / "grid.mesh"
    write_mesh(mesh, path, version)
    back = read_mesh(path)
    for name in ("vertices", "offsets", "polygon_vertices", "neighbours"):
        assert np.array_equal(getattr(back, name), getattr(mesh, name))


def test_writing_an_unknown_version_is_refused(tmp_path):
    with pytest.raises(InvalidParameterError, match="version"):
        write_mesh(_grid_mesh(), tmp_path / "x.mesh", version=3)


@pytest.mark.parametrize(("old", "new", "match"), [
    ("mesh\n2", "mash\n2", "line 1: the file must start with 'mesh'"),
    ("mesh\n2", "mesh\n3", "line 2: the version must be in"),
    ("4 2", "4 2000000000", "line 3: .*more numbers than the file holds"),
    ("1.5 0.0 3 0 1 -1", "1.5 nan 3 0 1 -1", "line 5: vertex 1's y must be a finite"),
    ("1.5 0.0 3 0 1 -1", "1.5 0.0 3 0 7 -1", "line 5: a polygon around vertex 1"),
    ("1.5 0.0 3 0 1 -1", "1.5 0.0 3 0 x -1", "line 5: .*must be an integer"),
    ("3 0 1 3 -1 -1 1", "3 0 1 3 -1 -1 -1", "line 8: polygon 0 names polygon -1"),
    ("3 0 1 3 -1 -1 1", "3 0 3 1 -1 1 -1", "line 8: polygon 0 is not convex"),
    ("0.0 1.5 3 -1 1 0", "0.0 1.5 3 -1 1 1", "line 7: vertex 3's polygons do not match"),
    ("3 1 2 3 0 -1 -1\n", "3 1 2 3 0 -1 -1\n5\n", "line 10: 1 numbers follow"),
    ("3 1 2 3 0 -1 -1\n", "3 1 2 3 0 -1\n", "line 9: the file ends where"),
    ("0.0 0.0 2 0 -1", "0.0 0.0 2 0 -1 1.5", "line 4|line 5"),
])
def test_bad_files_name_the_line(old, new, match):
    assert old in SPEC
    with pytest.raises(MapFormatError, match=match):
        parse_mesh(SPEC.replace(old, new, 1), "bad.mesh")


def test_a_binary_file_is_refused(tmp_path):
    path = tmp_path / "b.mesh"
    path.write_bytes(b"mesh\n2\n\xff\xfe")
    with pytest.raises(MapFormatError, match="not a text file"):
        read_mesh(path)


@pytest.mark.parametrize("seed", range(40))
def test_fuzzed_files_raise_map_format_errors_or_read(seed):
    """Random damage to a valid file: a MapFormatError or a checked mesh, nothing else."""
    rng = random.Random(seed)
    words = SPEC.split()
    for _ in range(rng.randint(1, 4)):
        k = rng.randrange(len(words))
        words[k] = rng.choice(["-1", "0", "1", "2", "3", "99", "1e308", "-0.5", "", "x",
                               words[rng.randrange(len(words))]])
    text = "\n".join(w for w in words if w)
    try:
        mesh = parse_mesh(text)
    except MapFormatError:
        return
    assert mesh.polygon_count >= 1  # read: it passed every check, so searches run on it
    wf.astar(mesh, tuple(mesh.vertices[0]), tuple(mesh.vertices[-1]))


# ------------------------------------------------------------------ searching
def test_budgets_stop_and_partial_paths_lead_toward_the_goal():
    grid = wf.Grid.from_ascii("\n".join(["." * 20] + [".#" * 10] * 6 + ["." * 20]))
    mesh = wf.navmesh.from_grid(grid)
    full = wf.astar(mesh, (0.5, 0.5), (19.5, 7.5))
    assert full.found
    cut = wf.astar(mesh, (0.5, 0.5), (19.5, 7.5), max_expansions=1, partial=True)
    assert cut.reason is wf.StopReason.MAX_EXPANSIONS and cut.partial
    assert cut.path[0] == (0.5, 0.5)
    cheap = wf.astar(mesh, (0.5, 0.5), (19.5, 7.5), max_cost=1.0)
    assert cheap.reason is wf.StopReason.MAX_COST and cheap.path is None
    timed = wf.astar(mesh, (0.5, 0.5), (19.5, 7.5), max_seconds=10.0)
    assert timed.cost == pytest.approx(full.cost)


def test_unreachable_is_a_result_and_came_from_holds_roots():
    mesh = wf.navmesh.from_grid(wf.Grid.from_ascii("..#..\n..#.."))
    r = wf.astar(mesh, (0.5, 0.5), (4.5, 0.5))
    assert r.path is None and r.reason is wf.StopReason.EXHAUSTED
    assert r.came_from[(0.5, 0.5)] is None and r.cost_so_far[(0.5, 0.5)] == 0.0


@pytest.mark.parametrize(("kwargs", "match"), [
    ({"weight": 2.0}, "weight 1.0"),
    ({"heuristic": wf.Heuristic.EUCLIDEAN}, "heuristic must be None"),
    ({"max_expansions": -1}, "max_expansions"),
    ({"max_expansions": 1.5}, "an integer"),
    ({"max_cost": "x"}, "max_cost"),
])
def test_bad_search_options(kwargs, match):
    with pytest.raises(InvalidParameterError, match=match):
        wf.astar(_grid_mesh(), (0.5, 0.5), (3.5, 2.5), **kwargs)


@pytest.mark.parametrize(("start", "goal", "match"), [
    ((1.5, 1.5), (0.5, 0.5), "start .* is not in the mesh"),
    ((0.5, 0.5), (9.0, 9.0), "goal .* is not in the mesh"),
    ((0.5,), (0.5, 0.5), "start must be a point"),
    ((0.5, math.inf), (0.5, 0.5), "finite"),
])
def test_points_outside_the_mesh_are_errors(start, goal, match):
    with pytest.raises(InvalidLocationError, match=match):
        wf.astar(_grid_mesh(), start, goal)
    with pytest.raises(InvalidLocationError, match=match):
        wf.astar(_grid_mesh(), start, goal, max_expansions=10)


def test_other_searches_refuse_a_mesh():
    with pytest.raises(InvalidParameterError, match="does not run on a NavMesh"):
        wf.dijkstra(_grid_mesh(), (0.5, 0.5), (3.5, 2.5))


def test_batch_gives_the_single_calls_answers():
    mesh = _grid_mesh()
    rng = np.random.default_rng(3)
    pts = np.array([p for p in rng.uniform(0, 4, (200, 2)).round(1) if mesh.locate(p)])
    s, t = pts[: len(pts) // 2], pts[len(pts) // 2: 2 * (len(pts) // 2)]
    for workers in (1, 2):
        r = wf.batch.astar(mesh, s, t, workers=workers)
        for i in range(len(s)):
            one = wf.astar(mesh, tuple(s[i]), tuple(t[i]))
            assert r.costs[i] == pytest.approx(one.cost, abs=1e-12)
            assert [tuple(p) for p in r.path(i).tolist()] == one.path


@pytest.mark.parametrize(("starts", "goals", "error", "match"), [
    ([(0.5, 0.5)], [(1.5, 1.5)], InvalidLocationError, "goals row 0"),
    ([(0.5, 0.5), (1, 1)], [(0.5, 0.5)], InvalidParameterError, "as many rows"),
    ([(0.5, math.nan)], [(0.5, 0.5)], InvalidLocationError, "starts row 0"),
    ("x", [(0.5, 0.5)], InvalidParameterError, "N points"),
])
def test_batch_errors_name_the_row(starts, goals, error, match):
    with pytest.raises(error, match=match):
        wf.batch.astar(_grid_mesh(), starts, goals)


# ------------------------------------------------------------------ grids and the funnel
def test_any_angle_options_and_errors():
    grid = wf.Grid.from_ascii("...\n.#.\n...")
    assert wf.any_angle(grid, (0, 0), (3, 3)).cost == pytest.approx(2 * math.sqrt(5))
    assert wf.any_angle(grid, (0, 0), (2, 2), centres=True).path[-1] == (2.5, 2.5)
    with pytest.raises(InvalidLocationError, match="off the grid"):
        wf.any_angle(grid, (0, 0), (4, 0))
    with pytest.raises(InvalidLocationError, match="corner"):
        wf.any_angle(grid, (0, 0), (1.5, 0))
    walls = wf.Grid.from_ascii("...\n.#.\n...")
    walls.set_cost((0, 0), 2.0)
    with pytest.raises(wf.UnsupportedGridError, match="cost the same"):
        wf.any_angle(walls, (0, 0), (1, 0))


def test_the_grid_mesh_follows_edits():
    grid = wf.Grid.from_ascii("....\n....")
    assert wf.any_angle(grid, (0, 0), (4, 2)).cost == pytest.approx(math.sqrt(20))
    grid.set_wall((1, 0))
    grid.set_wall((2, 1))
    assert wf.any_angle(grid, (0, 0), (4, 2)).path is None  # pinched at corner (2, 1)


def test_funnel_pulls_the_string_through_a_corridor():
    mesh = wf.navmesh.from_grid(wf.Grid.from_ascii("....\n##..\n....\n..##\n...."))
    graph = polygon_graph(mesh)
    a, b = mesh.locate((0.5, 0.5))[0], mesh.locate((3.5, 4.5))[0]
    corridor = wf.astar(graph, a, b).path
    path = funnel(mesh, corridor, (0.5, 0.5), (3.5, 4.5))
    best = wf.astar(mesh, (0.5, 0.5), (3.5, 4.5))
    assert path == best.path
    with pytest.raises(InvalidParameterError, match="share no edge"):
        portals(mesh, [a, b])
    with pytest.raises(InvalidLocationError, match="not in polygon"):
        funnel(mesh, corridor, (3.5, 4.5), (0.5, 0.5))
    with pytest.raises(InvalidParameterError, match="no polygon"):
        funnel(mesh, [], (0.5, 0.5), (0.5, 0.5))
