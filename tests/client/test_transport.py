"""The client's HTTP exchanges (client/transport.py) against real servers on loopback.

The client left requests for the standard library's http.client to start faster; these check
that what requests did for it still happens: one kept-alive connection, a connection the server
closed never written into, a GET's redirect followed and a POST's not, a timeout and a refused
connection told apart, a proxy from the environment used, and a server's control characters
never reaching the terminal.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from client.api import Api, ApiError
from client.commands.output import clean
from client.transport import Session, TransportTimeout, Unreachable


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as the pbem server answers
    seen: list[tuple[str, str, int]]  # (method, request target, client port)

    def log_message(self, *args: Any) -> None:
        pass

    def _answer(self, status: int, body: bytes, **headers: str) -> None:
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Content-Type", "application/json")
        for k, v in headers.items():
            self.send_header(k.replace("_", "-"), v)
        self.end_headers()
        try:
            self.wfile.write(body)
        except BrokenPipeError:  # the client that timed out has gone
            self.close_connection = True

    def _route(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        self.seen.append((self.command, self.path, self.client_address[1]))
        path = self.path.split("://", 1)[-1]
        path = path[path.index("/"):] if "://" in self.path else self.path
        if path == "/moved":
            self._answer(302, b"{}", Location="/here")
        elif path == "/close":
            self._answer(200, b'{"ok": 1}', Connection="close")
            self.close_connection = True
        elif path == "/slow":
            threading.Event().wait(2)
            self._answer(200, b"{}")
        elif path == "/evil":
            self._answer(400, b'{"detail": "bad \\u001b[2Jmove\\u0007 \\r\\b!"}')
        else:
            self._answer(200, b'{"path": "%s"}' % path.encode())

    do_GET = do_POST = do_DELETE = _route


@pytest.fixture
def server() -> Iterator[tuple[str, list[tuple[str, str, int]]]]:
    seen: list[tuple[str, str, int]] = []
    handler = type("H", (Handler,), {"seen": seen})
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", seen
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_one_connection_is_kept_for_many_requests(server: tuple[str, list[Any]]) -> None:
    url, seen = server
    session = Session()
    for _ in range(3):
        assert session.request("GET", url + "/a").json() == {"path": "/a"}
    assert len({port for _, _, port in seen}) == 1


def test_a_connection_the_server_closed_is_not_reused(server: tuple[str, list[Any]]) -> None:
    url, seen = server
    session = Session()
    assert session.request("GET", url + "/close").ok
    assert session.request("POST", url + "/after", data=b"{}").json() == {"path": "/after"}
    assert len({port for _, _, port in seen}) == 2


def test_a_get_follows_a_redirect_and_a_post_does_not(server: tuple[str, list[Any]]) -> None:
    url, seen = server
    session = Session()
    got = session.request("GET", url + "/moved")
    assert got.json() == {"path": "/here"} and got.request.path_url == "/here"
    assert session.request("POST", url + "/moved", data=b"{}").status_code == 302
    assert [m for m, p, _ in seen if p == "/here"] == ["GET"]


def test_a_timeout_and_a_refused_connection_are_told_apart(server: tuple[str, list[Any]]) -> None:
    url, _ = server
    with pytest.raises(TransportTimeout):
        Session().request("GET", url + "/slow", timeout=0.3)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # bound, never listening: refused
    with pytest.raises(Unreachable):
        Session().request("GET", f"http://127.0.0.1:{port}/")
    with pytest.raises(ApiError, match="cannot reach the server"):
        Api(f"http://127.0.0.1:{port}").health()


def test_the_proxy_the_environment_names_is_used(server: tuple[str, list[Any]], monkeypatch: pytest.MonkeyPatch) -> None:
    """http_proxy as curl reads it: the whole URL goes to the proxy (here the test server)."""
    proxy, seen = server
    monkeypatch.setenv("http_proxy", proxy)
    monkeypatch.delenv("no_proxy", raising=False)
    monkeypatch.delenv("NO_PROXY", raising=False)
    assert Session().request("GET", "http://pbem.invalid:8000/v1/x").json() == {"path": "/v1/x"}
    assert seen[-1][1] == "http://pbem.invalid:8000/v1/x"
    monkeypatch.setenv("no_proxy", "pbem.invalid")
    with pytest.raises(Unreachable):
        Session().request("GET", "http://pbem.invalid:8000/v1/x", timeout=3)


def test_the_hooks_see_every_answer(server: tuple[str, list[Any]]) -> None:
    url, _ = server
    session = Session()
    got: list[tuple[str, str, int]] = []
    session.hooks["response"].append(lambda r, *a, **k: got.append((r.request.method, r.request.path_url, r.status_code)))
    session.request("GET", url + "/a?b=1")
    session.request("GET", url + "/moved")
    assert got == [("GET", "/a?b=1", 200), ("GET", "/here", 200)]


def test_a_servers_control_characters_never_reach_the_terminal(server: tuple[str, list[Any]]) -> None:
    """A hostile server's refusal with escape codes is printed without them."""
    url, _ = server
    with pytest.raises(ApiError) as caught:
        Api(url).get("/evil", signed=False)
    assert "\x1b" in caught.value.detail  # the claim as received, kept as evidence
    assert clean(caught.value.detail) == "bad [2Jmove !"
