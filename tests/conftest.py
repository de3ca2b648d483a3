"""Shared fixtures: a real pbem server on loopback HTTP, and players with their own homes.

The server is the real Flask app (server.http.app.create_app) on SQLite in a temp
dir, served by werkzeug in a daemon thread; the players are real client.play
Players, each with its own PBEM home. Nothing of ours is mocked: what passes
here passes over real sockets, real signatures and the real ledger.

The server's database handle is process-global (server.store.models.database), so
each test gets its own server and a test never runs two at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import WSGIRequestHandler, make_server

import engines
from client.play import Player
from tests import pg
from tests.protocol.toy import TOY


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Stop and remove the throwaway PostgreSQL (tests/pg.py), if this session started one."""
    pg.stop()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if pg.describe() != "none":
        terminalreporter.write_line(f"PostgreSQL for the tests: {pg.describe()}")
    from tests.web.browser import skipped_line

    line = skipped_line(terminalreporter.stats.get("skipped", []))
    if line:
        terminalreporter.write_line(line, yellow=True, bold=True)


class _QuietHandler(WSGIRequestHandler):
    """No access log lines in the test output."""

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        pass


@dataclass
class LiveServer:
    url: str
    data_dir: Path


@contextmanager
def serve(data_dir: Path, config: dict[str, Any] | None = None) -> Iterator[LiveServer]:
    """Run the real app on a free loopback port for the duration of the block, its PUBLIC_URL
    that port's URL (links in mail come from the configuration only, never from a request),
    with `config` on top."""
    from server.http.app import create_app

    engines.register(TOY)
    apps: list[Any] = []
    srv = make_server(
        "127.0.0.1", 0, lambda environ, start: apps[0](environ, start), threaded=True, request_handler=_QuietHandler
    )
    apps.append(create_app({
        "DATA_DIR": str(data_dir), "TESTING": True, "PUBLIC_URL": f"http://127.0.0.1:{srv.server_port}",
        "MAIL_FROM": "pbem <pbem@localhost>", **(config or {}),
    }))
    thread = threading.Thread(target=srv.serve_forever, name="pbem-live-server", daemon=True)
    thread.start()
    try:
        yield LiveServer(f"http://127.0.0.1:{srv.server_port}", data_dir)
    finally:
        srv.shutdown()
        thread.join(timeout=10)
        srv.server_close()


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    """A real pbem server over HTTP on 127.0.0.1 (a free port); the toy engine is registered too."""
    with serve(tmp_path / "server") as server:
        yield server


@pytest.fixture
def make_player(live_server: LiveServer, tmp_path: Path) -> Callable[[str], Player]:
    """make_player("alice"): a Player with its own home and an account on the live server."""

    def make(name: str) -> Player:
        player = Player(tmp_path / "homes" / name)
        player.init_account(live_server.url, name, f"{name}@example.org")
        return player

    return make


@pytest.fixture
def smtp() -> Iterator[object]:
    """A real SMTP server (aiosmtpd) on loopback that keeps every message it accepts, for the
    tests that read what the server mailed (a module may define its own, as test_mail_e2e does)."""
    from tests.e2e.test_mail_e2e import Inbox, Smtp  # the sink's code lives with its own tests

    server = Smtp(Inbox())
    server.start()
    try:
        yield server
    finally:
        server.stop()
