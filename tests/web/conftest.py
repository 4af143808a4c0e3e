"""A live explorer server on a free loopback port, with a small --maps directory."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest

pytest.importorskip("waitress")

DAO = Path(__file__).resolve().parents[1] / "data" / "maps" / "dao"


@pytest.fixture(scope="session")
def maps_dir(tmp_path_factory):
    """maps/ with two real maps (one in a subfolder), a symlink leading out, a broken map."""
    base = tmp_path_factory.mktemp("web")
    maps = base / "maps"
    (maps / "dao").mkdir(parents=True)
    shutil.copy(DAO / "den009d.map", maps / "dao" / "den009d.map")
    shutil.copy(DAO / "lak307d.map", maps / "lak307d.map")
    (maps / "broken.map").write_text("type octile\nheight 2\nwidth 2\nmap\n..\n")
    secret = base / "secret.map"
    secret.write_text("type octile\nheight 1\nwidth 1\nmap\n.\n")
    (maps / "out.map").symlink_to(secret)
    (maps / "outdir").symlink_to(base, target_is_directory=True)
    return maps


@pytest.fixture(scope="session")
def server_url(maps_dir):
    from wayfinding.web.server import make_server

    server = make_server(maps=maps_dir, port=0, threads=6)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.effective_port}"
    server.close()
    thread.join(timeout=5)
