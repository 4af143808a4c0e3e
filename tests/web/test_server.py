"""The explorer's server: answers, every kind of bad request, and several at once."""

from __future__ import annotations

import itertools
import json
import socket
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import wayfinding as wf
from wayfinding.cli import build_parser
from wayfinding.io.movingai import read_map
from wayfinding.web import api
from wayfinding.web.algorithms import Algorithm
from wayfinding.web.server import MAX_BODY, ExplorerApp, make_server

CORRIDOR = {"width": 6, "height": 3, "cells": "......" ".####." "......",
            "start": [0, 0], "goal": [5, 2]}


def fetch(url, body=None, *, raw=None, content_type="application/json", method=None):
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    request = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", content_type)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def solve(server_url, **fields):
    status, body = fetch(server_url + "/api/solve", {**CORRIDOR, **fields})
    return status, json.loads(body)


def grid_of(request):
    rows = [request["cells"][y * request["width"]:(y + 1) * request["width"]]
            for y in range(request["height"])]
    return wf.Grid.from_ascii("\n".join(rows), diagonal=request.get("diagonal", False))


# ---------------------------------------------------------------------- answers
def test_page_and_its_files_are_served(server_url):
    status, page = fetch(server_url + "/")
    assert status == 200 and b'<script src="/static/app.js">' in page
    for name in ("app.js", "style.css"):
        status, body = fetch(server_url + "/static/" + name)
        assert status == 200 and len(body) > 500


def test_page_uses_no_network_but_the_server():
    from importlib import resources

    static = resources.files("wayfinding.web") / "static"
    for name in ("index.html", "app.js", "style.css"):
        text = (static / name).read_text()
        assert "http://" not in text and "https://" not in text and "//cdn" not in text


@pytest.mark.parametrize("algorithm", [a.value for a in Algorithm])
def test_solve_answers_like_the_library(server_url, algorithm):
    status, answer = solve(server_url, algorithm=algorithm, diagonal=True, turn_cost=0)
    assert status == 200, answer
    grid = grid_of({**CORRIDOR, "diagonal": True})
    optimum = wf.astar(grid, (0, 0), (5, 2)).cost
    if algorithm in ("astar", "dijkstra", "jps", "prepared", "astar_turns"):
        assert answer["cost"] == pytest.approx(optimum)
    elif algorithm == "bfs":
        assert answer["cost"] == wf.breadth_first_search(grid, (0, 0), (5, 2)).cost
    elif algorithm == "theta_star":
        assert answer["cost"] <= optimum
    elif algorithm == "any_angle":  # the shortest of all, and the grid's mesh to draw
        exact = wf.any_angle(grid, (0, 0), (5, 2), centres=True).cost
        assert answer["cost"] == pytest.approx(exact) and exact <= optimum
        assert answer["mesh"] and all(len(polygon) >= 4 for polygon in answer["mesh"])
    else:
        assert answer["cost"] >= optimum
    assert answer["found"] and answer["path"][0] == [0, 0] and answer["path"][-1] == [5, 2]
    assert answer["expanded"] >= 0 and answer["seconds"] >= 0
    assert (answer["trace"] is not None) == (algorithm in ("astar", "dijkstra", "bfs", "greedy",
                                                           "weighted_astar"))


def test_trace_is_the_expansion_order(server_url):
    status, answer = solve(server_url, algorithm="dijkstra")
    assert status == 200
    trace = answer["trace"]
    assert trace["order"][0] == 0 and trace["complete"]
    costs = dict(zip(trace["reached"], trace["reached_cost"], strict=True))
    order_costs = [costs[c] for c in trace["order"]]
    assert order_costs == sorted(order_costs)  # Dijkstra expands by cost
    assert trace["reached_step"][0] == -1


def test_maps_are_listed_and_loaded(server_url):
    status, body = fetch(server_url + "/api/maps")
    names = json.loads(body)["maps"]
    assert "dao/den009d.map" in names and "lak307d.map" in names
    assert "out.map" not in names and not any(n.startswith("outdir/") for n in names)
    status, body = fetch(server_url + "/api/map?name=dao/den009d.map")
    m = json.loads(body)
    grid = read_map("tests/data/maps/dao/den009d.map")
    cells = np.frombuffer(m["cells"].encode(), dtype=np.uint8).reshape(m["height"], m["width"])
    assert status == 200 and np.array_equal(cells == ord("."), grid.passable_mask)


# ---------------------------------------------------------------------- safety
def test_loopback_by_default():
    args = build_parser().parse_args(["serve"])
    assert args.host == "127.0.0.1"
    server = make_server(port=0)
    try:
        assert server.effective_host == "127.0.0.1"
    finally:
        server.close()


@pytest.mark.parametrize(("name", "status", "message"), [
    ("../secret.map", 403, "leads out of the map directory"),
    ("dao/../../secret.map", 403, "leads out of the map directory"),
    ("out.map", 403, "leads out of the map directory .symlink."),
    ("outdir/secret.map", 403, "leads out of the map directory .symlink."),
    ("/etc/passwd.map", 400, "must be a relative path"),
    ("..\\secret.map", 400, "must be a relative path"),
    ("dao/den009d.txt", 400, "must end in .map"),
    ("missing.map", 404, "no map 'missing.map'"),
    ("broken.map", 422, "not a valid MovingAI map"),
    ("", 400, "expected a map name"),
])
def test_map_names_stay_inside_the_map_directory(server_url, name, status, message):
    got, body = fetch(server_url + "/api/map?" + urllib.parse.urlencode({"name": name}))
    assert got == status
    assert __import__("re").search(message, json.loads(body)["error"])


def test_map_request_needs_one_name(server_url):
    status, body = fetch(server_url + "/api/map")
    assert status == 400 and "expected one ?name=MAP" in json.loads(body)["error"]


def test_no_map_directory_means_no_maps():
    status, _, body = ExplorerApp(maps=None).call("GET", "/api/map?name=a.map")
    assert status.startswith("404") and b"--maps DIR" in body


def test_maps_must_be_a_directory(tmp_path):
    with pytest.raises(wf.InvalidParameterError, match="is not a directory"):
        ExplorerApp(maps=tmp_path / "nope")


BAD_SOLVES = [
    ({"width": 0}, 400, "width must be a positive integer, got 0"),
    ({"width": "6"}, 400, "width must be a positive integer, got '6'"),
    ({"height": True}, 400, "height must be a positive integer, got True"),
    ({"width": 5000, "height": 5000}, 413, "more than 4194304"),
    ({"cells": 7}, 400, "cells must be a string, got int"),
    ({"cells": "..."}, 400, "cells has 3 characters, expected width x height = 18"),
    ({"cells": "x" * 18}, 400, "cells has 'x'"),
    ({"cells": "é" * 18}, 400, "only '#', '.' and digits"),
    ({"start": [0]}, 400, r"start must be \[x, y\]"),
    ({"start": "0,0"}, 400, r"start must be \[x, y\]"),
    ({"goal": [6, 0]}, 400, r"goal \[6, 0\] is outside the 6x3 grid"),
    ({"start": [1, 1]}, 400, r"\(1, 1\)"),  # a wall: the library's own message
    ({"algorithm": "fastest"}, 400, "unknown algorithm 'fastest'"),
    ({"heuristic": 3}, 400, "unknown heuristic 3"),
    ({"corner_cutting": "some"}, 400, "unknown corner_cutting 'some'"),
    ({"diagonal": "yes"}, 400, "diagonal must be true or false"),
    ({"weight": 0.5, "algorithm": "weighted_astar"}, 400, "weight must be a finite number"),
    ({"turn_cost": -1}, 400, "turn_cost must be a finite number >= 0"),
    ({"cells": "......" ".#5##." "......", "algorithm": "jps"}, 400, "."),  # unsupported grid
]


@pytest.mark.parametrize(("fields", "status", "message"), BAD_SOLVES)
def test_bad_solve_requests_get_a_4xx_with_a_message(server_url, fields, status, message):
    got, answer = solve(server_url, **fields)
    assert got == status
    assert __import__("re").search(message, answer["error"]), answer["error"]


@pytest.mark.parametrize(("raw", "content_type", "status", "message"), [
    (b"{not json", "application/json", 400, "not valid JSON"),
    (b"\xff\xfe", "application/json", 400, "not valid JSON"),
    (b"[1, 2]", "application/json", 400, "expected a JSON object, got list"),
    (b"{}", "text/plain", 415, "expected Content-Type application/json"),
])
def test_malformed_bodies(server_url, raw, content_type, status, message):
    got, body = fetch(server_url + "/api/solve", raw=raw, content_type=content_type)
    assert got == status and message in json.loads(body)["error"]


def test_request_body_size_limit(server_url):
    host, port = server_url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as sock:
        sock.sendall(b"POST /api/solve HTTP/1.1\r\nHost: x\r\n"
                     b"Content-Type: application/json\r\n"
                     b"Content-Length: %d\r\n\r\n" % (MAX_BODY + 1) + b" " * 65536)
        reply = sock.recv(4096)
    assert reply.startswith(b"HTTP/1.1 413")
    assert solve(server_url)[0] == 200


def test_body_limit_in_the_application_too():
    status, _, body = ExplorerApp(maps=None).call("POST", "/api/solve", b" " * (MAX_BODY + 1))
    assert status.startswith("413") and b"more than" in body


def test_missing_content_length():
    app = ExplorerApp(maps=None)
    environ = {"REQUEST_METHOD": "POST", "PATH_INFO": "/api/solve",
               "CONTENT_TYPE": "application/json", "wsgi.input": None}
    answer = []
    body = b"".join(app(environ, lambda status, headers: answer.append(status)))
    assert answer[0].startswith("411") and b"Content-Length" in body


@pytest.mark.parametrize(("method", "path", "status"), [
    ("GET", "/api/solve", 405), ("POST", "/api/maps", 405), ("DELETE", "/", 405),
    ("POST", "/static/app.js", 405), ("GET", "/static/../server.py", 404),
    ("GET", "/static/secret.txt", 404), ("GET", "/admin", 404),
])
def test_wrong_routes(server_url, method, path, status):
    got, body = fetch(server_url + path, raw=b"{}" if method != "GET" else None, method=method)
    assert got == status and "error" in json.loads(body)


def test_garbage_on_the_socket_does_not_stop_the_server(server_url):
    host, port = server_url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(b"\x00\x01 NOT HTTP\r\n\r\n")
        sock.recv(1024)
    assert solve(server_url)[0] == 200


def test_an_internal_error_is_one_500_and_the_server_goes_on(server_url, monkeypatch):
    def boom(body):
        raise RuntimeError("boom")

    monkeypatch.setattr(api, "solve_request", boom)
    status, body = solve(server_url)
    assert status == 500 and "internal error" in body["error"]
    monkeypatch.undo()
    assert solve(server_url)[0] == 200


def test_many_tabs_at_once(server_url):
    rng = np.random.default_rng(3)
    requests = []
    for k in range(12):
        mask = rng.random((20, 30)) > 0.25
        mask[0, 0] = mask[-1, -1] = True
        cells = "".join("." if v else "#" for v in mask.reshape(-1))
        requests.append({"width": 30, "height": 20, "cells": cells, "start": [0, 0],
                         "goal": [29, 19], "diagonal": k % 2 == 0,
                         "algorithm": ["astar", "dijkstra", "bfs"][k % 3]})
    with ThreadPoolExecutor(max_workers=12) as pool:
        answers = list(pool.map(lambda r: fetch(server_url + "/api/solve", r), requests))
    for request, (status, body) in zip(requests, answers, strict=True):
        assert status == 200
        answer = json.loads(body)
        grid = grid_of(request)
        if request["algorithm"] == "bfs":
            expected = wf.breadth_first_search(grid, (0, 0), (29, 19))
        else:
            expected = wf.astar(grid, (0, 0), (29, 19))
        assert answer["found"] == (expected.path is not None)
        if expected.path is not None:
            assert answer["cost"] == pytest.approx(expected.cost)


# ---------------------------------------------------------------------- the trace itself
def test_trace_matches_the_generic_engine_count():
    from wayfinding.web.algorithms import trace

    rng = np.random.default_rng(5)
    mask = rng.random((25, 25)) > 0.3
    mask[0, 0] = mask[-1, -1] = True
    grid = wf.Grid(mask, diagonal=True)
    steps = trace(grid, (0, 0), (24, 24), Algorithm.ASTAR)
    generic = wf.astar(wf.as_graph(grid.neighbors, grid.cost), (0, 0), (24, 24),
                       heuristic=grid.heuristic)
    assert len(steps.order) == generic.expanded and steps.complete
    assert len(set(steps.order)) == len(steps.order)


def test_trace_is_cut_at_the_limit():
    from wayfinding.web.algorithms import trace

    steps = trace(wf.SquareGrid(30, 30), (0, 0), (29, 29), Algorithm.BFS, limit=10)
    assert len(steps.order) == 10 and not steps.complete
    assert all(c == float("inf") for c in steps.reached_cost)


def test_trace_refuses_algorithms_without_an_order():
    from wayfinding.web.algorithms import trace

    with pytest.raises(wf.InvalidParameterError, match="cannot trace 'jps'"):
        trace(wf.SquareGrid(3, 3), (0, 0), (2, 2), Algorithm.JPS)


# ---------------------------------------------------------------------- other worlds
HEX = {"width": 5, "height": 4, "cells": "....." ".##.." "....." ".....",
       "start": [0, 0], "goal": [4, 3], "world": "hex"}


@pytest.mark.parametrize("layout", [layout.value for layout in wf.HexLayout])
@pytest.mark.parametrize("algorithm", ["astar", "dijkstra", "bfs"])
def test_hex_maps_are_answered_in_offset_cells(server_url, layout, algorithm):
    status, answer = solve(server_url, **HEX, layout=layout, algorithm=algorithm)
    assert status == 200, answer
    member = wf.HexLayout(layout)
    rows = [HEX["cells"][y * 5:(y + 1) * 5] for y in range(4)]
    grid = wf.HexGrid.from_ascii("\n".join(rows), layout=member)
    start, goal = grid.from_offset((0, 0)), grid.from_offset((4, 3))
    expected = wf.breadth_first_search(grid, start, goal)
    assert answer["cost"] == expected.cost
    assert answer["path"][0] == [0, 0] and answer["path"][-1] == [4, 3]
    steps = [grid.from_offset(tuple(cell)) for cell in answer["path"]]
    assert all(b in grid.neighbors(a) for a, b in itertools.pairwise(steps))
    order = answer["trace"]["order"]
    assert order[0] == 0  # the start's offset cell, y * width + x


def test_wrapped_grids_take_the_short_way(server_url):
    status, answer = solve(server_url, width=6, height=1, cells="......", start=[0, 0],
                           goal=[5, 0], wrap=[True, False], algorithm="dijkstra")
    assert status == 200 and answer["cost"] == 1.0 and answer["path"] == [[0, 0], [5, 0]]


@pytest.mark.parametrize(("fields", "message"), [
    ({"world": "tri"}, "unknown world 'tri'"),
    ({"world": "hex", "layout": "odd"}, "unknown layout 'odd'"),
    ({"wrap": [1, 0]}, r"wrap must be \[x, y\], two booleans"),
    ({"world": "hex", "wrap": [False, True]}, "even number of cells"),
    ({"world": "hex", "algorithm": "jps"}, "square grids with the 4- or 8-way moves"),
])
def test_bad_world_requests(server_url, fields, message):
    status, answer = solve(server_url, **{**HEX, "height": 3, "cells": "....." * 3, "goal": [4, 2],
                                        **fields})
    assert status == 400
    assert __import__("re").search(message, answer["error"]), answer["error"]
