"""The real app on a loopback port, on SQLite or PostgreSQL, for tests that compare whole answers
(status, body, headers) across every route of its url_map."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from flask import Flask
from werkzeug.serving import WSGIRequestHandler, make_server

from tests.server.conftest import make_app


class _Quiet(WSGIRequestHandler):
    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        pass


@dataclass
class Live:
    url: str
    app: Flask


@contextmanager
def live(tmp: Path, backend: str) -> Iterator[Live]:
    """The app of tests/server/conftest.make_app served by werkzeug in a thread, for the block."""
    app = make_app(tmp, backend)
    srv = make_server("127.0.0.1", 0, app, threaded=True, request_handler=_Quiet)
    thread = threading.Thread(target=srv.serve_forever, name=f"pbem-live-{backend}", daemon=True)
    thread.start()
    try:
        yield Live(f"http://127.0.0.1:{srv.server_port}", app)
    finally:
        srv.shutdown()
        thread.join(timeout=10)
        srv.server_close()
