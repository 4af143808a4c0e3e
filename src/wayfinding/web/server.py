"""The explorer's web server: a small WSGI application served by waitress.

waitress (the ``serve`` extra) parses HTTP, runs the application on a pool of threads (so
several tabs are served at once; the library's searches are thread-safe) and enforces
the header and body size limits; :class:`ExplorerApp` only routes requests:

========================  =====================================================
``GET /``                 the page (``static/index.html``)
``GET /static/NAME``      the page's script and style sheet (a fixed list)
``GET /api/options``      algorithms, heuristics, corner-cutting rules, limits
``GET /api/maps``         the ``.map`` files under ``--maps``
``GET /api/map?name=N``   one of them, as cells
``POST /api/solve``       one search, with its expansion order (JSON in and out)
========================  =====================================================

Bad requests get a 4xx status and a JSON ``{"error": message}``; an unexpected failure
answers 500 for that request only. A request whose ``Host`` header names another machine
than the one the server was started for gets 403 (DNS rebinding: a page of another site
that resolves its name to 127.0.0.1 must not reach the server; see :func:`allowed_hosts`).
Connections idle for :data:`IDLE_SECONDS` are closed, and at most
:data:`MAX_CONNECTIONS` are open at once, so clients that connect and wait cannot stall
the others; the work of one request is bounded by :data:`~wayfinding.web.api.MAX_SECONDS`.

Examples
--------
>>> app = ExplorerApp(maps=None)
>>> status, headers, body = app.call("GET", "/api/maps")
>>> status, body
('200 OK', b'{"maps": []}')
>>> app.call("GET", "/nothing")[0]
'404 Not Found'
"""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Callable, Iterable
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from ..errors import InvalidParameterError
from . import api

__all__ = ["IDLE_SECONDS", "LOOPBACK", "MAX_BODY", "MAX_CONNECTIONS", "ExplorerApp",
           "allowed_hosts", "make_server"]

#: Largest request body accepted (bytes): a 2048x2048 grid's cells fit.
MAX_BODY = 6 * 1024 * 1024
#: Seconds a connection may wait without a request in progress before it is closed.
IDLE_SECONDS = 10
#: Connections open at once (waitress stops accepting beyond; idle ones count too).
MAX_CONNECTIONS = 400
#: The names of this machine a browser uses for a server on the loopback interface.
LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1"})
_STATIC = {"app.js": "text/javascript", "style.css": "text/css",
           "index.html": "text/html"}
_REASONS = {200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found",
            405: "Method Not Allowed", 411: "Length Required", 413: "Content Too Large",
            415: "Unsupported Media Type", 422: "Unprocessable Content",
            500: "Internal Server Error"}
_log = logging.getLogger("wayfinding.web")


def allowed_hosts(host: str) -> set[str] | None:
    """The ``Host`` header names a server bound to ``host`` answers (None: any).

    The loopback names always; the name or address given, when it is another one; any
    name when bound to every interface (``0.0.0.0``, ``::`` or empty), where the names a
    client may use cannot be known.

    Examples
    --------
    >>> sorted(allowed_hosts("127.0.0.1"))
    ['127.0.0.1', '::1', 'localhost']
    >>> allowed_hosts("0.0.0.0") is None
    True
    """
    name = host.strip().strip("[]").lower()
    if name in ("", "0.0.0.0", "::"):
        return None
    return set(LOOPBACK) | {name}


def _host_name(header: str) -> str:
    """The name in a ``Host`` header, without its port (``[::1]:8000`` -> ``::1``)."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:].partition("]")[0]
    return header.partition(":")[0]


class ExplorerApp:
    """The WSGI application; ``maps`` is the directory the page may load maps from,
    ``hosts`` the ``Host`` header names it answers (None: any; see :func:`allowed_hosts`).
    """

    def __init__(self, maps: str | Path | None, hosts: set[str] | None = None) -> None:
        self.hosts = None if hosts is None else {name.lower() for name in hosts}
        if maps is None:
            self.maps: Path | None = None
        else:
            self.maps = Path(maps).resolve()
            if not self.maps.is_dir():
                raise InvalidParameterError(f"--maps {str(maps)!r} is not a directory")
        self._routes: dict[tuple[str, str], Callable[[dict[str, Any]], tuple[int, Any]]] = {
            ("GET", "/"): lambda env: self._static("index.html"),
            ("GET", "/api/options"): lambda env: (200, api.options()),
            ("GET", "/api/maps"): lambda env: (200, {"maps": api.list_maps(self.maps)}),
            ("GET", "/api/map"): self._map,
            ("POST", "/api/solve"): self._solve,
        }

    def __call__(self, environ: dict[str, Any], start_response: Callable) -> Iterable[bytes]:
        try:
            self._check_host(environ)
            status, payload = self._route(environ)
        except api.BadRequest as error:
            status, payload = error.status, {"error": error.message}
        except Exception:  # one request fails, the server goes on
            _log.exception("request failed")
            status, payload = 500, {"error": "internal error (see the server's log)"}
        if isinstance(payload, tuple):  # a static file: (content type, bytes)
            content_type, body = payload
        else:
            content_type, body = "application/json", json.dumps(payload).encode()
        start_response(f"{status} {_REASONS.get(status, 'Error')}", [
            ("Content-Type", f"{content_type}; charset=utf-8"),
            ("Content-Length", str(len(body))),
            ("Cache-Control", "no-store"),
            ("X-Content-Type-Options", "nosniff"),
        ])
        return [body]

    def _check_host(self, environ: dict[str, Any]) -> None:
        header = environ.get("HTTP_HOST")
        if self.hosts is None or header is None:  # HTTP/1.0 clients may send none
            return
        if _host_name(header) not in self.hosts:
            raise api.BadRequest(403, f"this server does not answer to the Host header "
                                      f"{header[:80]!r} (start it with --host NAME to be "
                                      "reached by another name)")

    def _route(self, environ: dict[str, Any]) -> tuple[int, Any]:
        method = environ.get("REQUEST_METHOD", "GET")
        path = environ.get("PATH_INFO", "/") or "/"
        if path.startswith("/static/"):
            if method != "GET":
                raise api.BadRequest(405, f"{method} is not allowed on {path}")
            return self._static(path.removeprefix("/static/"))
        handler = self._routes.get((method, path))
        if handler is None:
            if any(p == path for _, p in self._routes):
                raise api.BadRequest(405, f"{method} is not allowed on {path}")
            raise api.BadRequest(404, f"nothing at {path}")
        return handler(environ)

    def _static(self, name: str) -> tuple[int, Any]:
        if name not in _STATIC:
            raise api.BadRequest(404, f"no static file {name!r}")
        data = resources.files("wayfinding.web").joinpath("static", name).read_bytes()
        return 200, (_STATIC[name], data)

    def _map(self, environ: dict[str, Any]) -> tuple[int, Any]:
        query = parse_qs(environ.get("QUERY_STRING", ""), keep_blank_values=True)
        names = query.get("name", [])
        if len(names) != 1:
            raise api.BadRequest(400, "expected one ?name=MAP")
        return 200, api.load_map(self.maps, names[0])

    def _solve(self, environ: dict[str, Any]) -> tuple[int, Any]:
        kind = environ.get("CONTENT_TYPE", "")
        if not kind.startswith("application/json"):
            raise api.BadRequest(415, f"expected Content-Type application/json, got {kind!r}")
        length_text = environ.get("CONTENT_LENGTH") or ""
        if not length_text.isdigit():
            raise api.BadRequest(411, "a Content-Length is needed")
        length = int(length_text)
        if length > MAX_BODY:
            raise api.BadRequest(413, f"request body of {length} bytes is more than "
                                      f"{MAX_BODY}")
        raw = environ["wsgi.input"].read(length)
        try:
            body = json.loads(raw)
        except (ValueError, RecursionError) as error:  # also huge integers, deep nesting
            raise api.BadRequest(400, f"request body is not valid JSON: "
                                      f"{str(error)[:200] or type(error).__name__}") from None
        return 200, api.solve_request(body)

    def call(self, method: str, path: str, body: bytes = b"",
             content_type: str = "application/json") -> tuple[str, list, bytes]:
        """Answer one request without a network (for tests and examples)."""
        target, _, query = path.partition("?")
        environ = {"REQUEST_METHOD": method, "PATH_INFO": target, "QUERY_STRING": query,
                   "CONTENT_TYPE": content_type, "CONTENT_LENGTH": str(len(body)),
                   "wsgi.input": io.BytesIO(body)}
        answer: list[Any] = []
        chunks = self(environ, lambda status, headers: answer.extend((status, headers)))
        return answer[0], answer[1], b"".join(chunks)


def make_server(*, maps: str | Path | None = None, host: str = "127.0.0.1", port: int = 8000,
                threads: int = 8, idle_seconds: int = IDLE_SECONDS) -> Any:
    """A waitress server for :class:`ExplorerApp` (not started: call ``.run()``).

    ``host`` defaults to loopback and also sets the ``Host`` header names answered
    (:func:`allowed_hosts`); ``port=0`` picks a free port (``.effective_port``);
    connections idle for ``idle_seconds`` are closed (looked at every second).
    """
    from waitress.server import create_server

    return create_server(ExplorerApp(maps, hosts=allowed_hosts(host)), host=host, port=port,
                         threads=threads, max_request_body_size=MAX_BODY,
                         max_request_header_size=16384, ident="wayfinding",
                         channel_timeout=idle_seconds, cleanup_interval=1,
                         connection_limit=MAX_CONNECTIONS)
