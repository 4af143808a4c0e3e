"""The explorer server under hostile clients (issue 27 item 9): idle connections, foreign
Host headers (DNS rebinding), requests that would take seconds of CPU, and JSON bodies
that Python's parser refuses with errors other than JSONDecodeError."""

from __future__ import annotations

import json
import socket
import threading
import urllib.request

import pytest

from wayfinding.web import api
from wayfinding.web.server import ExplorerApp, allowed_hosts, make_server


@pytest.fixture
def own_server(request):
    """A server of its own (``request.param``: make_server's keywords), its URL."""
    server = make_server(port=0, threads=2, **getattr(request, "param", {}))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield server, f"http://127.0.0.1:{server.effective_port}"
    server.close()
    thread.join(timeout=5)


def get(url: str, host: str | None = None) -> tuple[int, bytes]:
    request = urllib.request.Request(url)
    if host is not None:
        request.add_header("Host", host)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


# ---------------------------------------------------------------------- idle connections
def test_idle_half_open_connections_do_not_stall_a_request(own_server):
    # 150 clients that send half a request and wait: waitress's default limit of 100
    # connections made a normal request wait for them to time out (88 s)
    _, url = own_server
    host, port = url.removeprefix("http://").split(":")
    idle = []
    try:
        for _ in range(150):
            sock = socket.create_connection((host, int(port)), timeout=10)
            sock.sendall(b"GET /api/options HTTP/1.1\r\nHost: localhost\r\n")
            idle.append(sock)
        status, body = get(url + "/api/options")
        assert status == 200 and b"algorithms" in body
    finally:
        for sock in idle:
            sock.close()


@pytest.mark.parametrize("own_server", [{"idle_seconds": 1}], indirect=True)
def test_idle_connections_are_closed_after_the_idle_time(own_server):
    _, url = own_server
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\n")  # and nothing more
        assert sock.recv(1024) == b""  # closed by the server, not by our timeout


# ---------------------------------------------------------------------- Host header
@pytest.mark.parametrize(("host", "status"), [
    ("evil.example", 403), ("evil.example:8000", 403), ("127.0.0.1.evil.example", 403),
    ("localhost", 200), ("127.0.0.1:8000", 200), ("[::1]:8000", 200), ("LOCALHOST", 200),
])
def test_only_loopback_names_are_answered_by_default(own_server, host, status):
    _, url = own_server
    got, body = get(url + "/api/options", host=host)
    assert got == status
    if status == 403:
        assert "Host header" in json.loads(body)["error"]


@pytest.mark.parametrize(("bind", "expected"), [
    ("127.0.0.1", {"localhost", "127.0.0.1", "::1"}),
    ("localhost", {"localhost", "127.0.0.1", "::1"}),
    ("::1", {"localhost", "127.0.0.1", "::1"}),
    ("192.168.1.5", {"localhost", "127.0.0.1", "::1", "192.168.1.5"}),
    ("Explorer.Example", {"localhost", "127.0.0.1", "::1", "explorer.example"}),
    ("0.0.0.0", None), ("::", None), ("", None),
])
def test_names_accepted_follow_the_host_given(bind, expected):
    assert allowed_hosts(bind) == expected


def test_the_application_checks_the_host_header():
    app = ExplorerApp(maps=None, hosts={"localhost"})
    answers = []
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": "/api/maps", "HTTP_HOST": "evil.example"}
    body = b"".join(app(environ, lambda status, headers: answers.append(status)))
    assert answers[0].startswith("403") and b"evil.example" in body
    assert ExplorerApp(maps=None, hosts=None).call("GET", "/api/maps")[0] == "200 OK"


# ---------------------------------------------------------------------- work per request
def walled(n: int) -> dict:
    """An n x n request whose goal a wall cuts off: every search fills the grid."""
    return {"width": n, "height": n, "cells": ("." * (n - 2) + "#.") * n, "start": [0, 0],
            "goal": [n - 1, n - 1], "diagonal": True}


@pytest.mark.parametrize("algorithm", ["dijkstra", "theta_star", "astar_turns", "prepared"])
def test_a_request_stops_at_its_time_budget(monkeypatch, algorithm):
    # a maximal request cost 15-25 s of CPU (the trace most of it); each now has a budget
    monkeypatch.setattr(api, "MAX_SECONDS", 0.01)
    answer = api.solve_request({**walled(300), "algorithm": algorithm})
    assert answer["reason"] == "max_seconds" and not answer["found"]
    if algorithm == "dijkstra":
        assert not answer["trace"]["complete"]


def test_the_budget_is_in_the_options():
    assert api.options()["max_seconds"] == api.MAX_SECONDS


# ---------------------------------------------------------------------- JSON the parser refuses
@pytest.mark.parametrize(("raw", "message"), [
    (b'{"width": 1' + b"0" * 5000 + b"}", "not valid JSON"),
    (b"[" * 100_000 + b"]" * 100_000, "not valid JSON"),
    (b'{"a": ' * 50_000 + b"1" + b"}" * 50_000, "not valid JSON"),
])
def test_bodies_the_json_parser_refuses_get_a_400(raw, message):
    status, _, body = ExplorerApp(maps=None).call("POST", "/api/solve", raw)
    assert status.startswith("400") and message in json.loads(body)["error"]

