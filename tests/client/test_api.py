"""client.api against small real HTTP servers: signing, decoding, and every way a request fails.

The "server" here is a few lines of WSGI that checks signatures with
protocol.auth.check_request exactly as the real one does, and answers with
the shapes the API defines - or deliberately with things that are not JSON.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from werkzeug.serving import WSGIRequestHandler, make_server
from werkzeug.wrappers import Request, Response

from client.api import Api, ApiError, game_path, normalise_server
from protocol.auth import check_request, request_target
from protocol.keys import SigningKey

SERVER = SigningKey.generate().public_hex  # the key this small server answers for


class _Quiet(WSGIRequestHandler):
    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        pass


def _checker(environ: dict[str, Any], start_response: Any) -> Any:
    request = Request(environ)
    path = request_target(request.script_root + request.path, request.query_string.decode())
    if request.path == "/v1/health":
        response = Response(json.dumps({"ok": True, "server_key": SERVER}), mimetype="application/json")
    elif request.path == "/v1/echo":
        key, reason = check_request(request.headers, SERVER, request.method, path, request.get_data())
        body = {"key": key, "reason": reason, "path": path, "body": request.get_data().decode()}
        response = Response(json.dumps(body), mimetype="application/json")
    elif request.path == "/v1/html":
        response = Response("<html>oops</html>", mimetype="text/html")
    elif request.path == "/v1/teapot":
        response = Response("short and stout", status=418, mimetype="text/plain")
    elif request.path == "/v1/stale":
        problem = {
            "type": "about:blank",
            "title": "Conflict",
            "status": 409,
            "detail": "stale move",
            "head": {"seq": 4, "hash": "ab"},
        }
        response = Response(json.dumps(problem), status=409, mimetype="application/problem+json")
    else:
        response = Response(
            json.dumps({"detail": "no such endpoint"}),
            status=404,
            mimetype="application/problem+json",
        )
    return response(environ, start_response)


@pytest.fixture
def checker() -> Iterator[str]:
    srv = make_server("127.0.0.1", 0, _checker, threaded=True, request_handler=_Quiet)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{srv.server_port}"
    srv.shutdown()
    thread.join(timeout=10)
    srv.server_close()


def test_signature_covers_server_path_query_and_exact_body(checker: str) -> None:
    key = SigningKey.generate()
    api = Api(checker, key, server_key=SERVER)
    got = api.get("/v1/echo", query={"from": 3})
    assert got == {"key": key.public_hex, "reason": "", "path": "/v1/echo?from=3", "body": ""}
    body = {"name": "ä ö", "n": [1, 2], "nested": {"b": 1, "a": 2}}
    got = api.post("/v1/echo", body)
    assert got["key"] == key.public_hex and got["reason"] == ""
    assert json.loads(got["body"]) == body
    elsewhere = Api(checker, key, server_key=SigningKey.generate().public_hex)  # pinned for another server
    assert "signed for this server" in elsewhere.get("/v1/echo")["reason"]


def test_without_a_pinned_key_the_client_signs_for_the_key_the_server_offers(checker: str) -> None:
    """An Api made without a server key asks /v1/health once, then signs for that key."""
    key = SigningKey.generate()
    api = Api(checker, key)
    assert api.get("/v1/echo")["key"] == key.public_hex
    assert api.server_key == SERVER


def test_base_url_with_a_prefix_is_signed_as_sent(checker: str) -> None:
    # A prefix the server does not serve is a 404 with the server's own words, not a crash.
    api = Api(checker + "/prefix", SigningKey.generate(), server_key=SERVER)
    with pytest.raises(ApiError) as caught:
        api.get("/v1/echo")
    assert caught.value.status == 404 and caught.value.detail == "no such endpoint"


def test_problem_json_detail_and_head_are_kept(checker: str) -> None:
    with pytest.raises(ApiError) as caught:
        Api(checker).get("/v1/stale", signed=False)
    assert (caught.value.status, caught.value.detail, caught.value.head) == (
        409,
        "stale move",
        {"seq": 4, "hash": "ab"},
    )
    assert str(caught.value) == "stale move"


def test_answers_that_are_not_json_become_one_readable_line(checker: str) -> None:
    api = Api(checker)
    with pytest.raises(ApiError, match="not JSON") as caught:
        api.get("/v1/html", signed=False)
    assert caught.value.status == 200
    with pytest.raises(ApiError, match="418") as caught:
        api.get("/v1/teapot", signed=False)
    assert caught.value.status == 418


def test_unreachable_and_silent_servers(tmp_path: Any) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(ApiError, match="cannot reach the server") as caught:
        Api(f"http://127.0.0.1:{port}").health()
    assert caught.value.status == 0
    with socket.socket() as silent:  # accepts the connection, never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen(1)
        api = Api(f"http://127.0.0.1:{silent.getsockname()[1]}", timeout=0.3)
        with pytest.raises(ApiError, match="did not answer within 0.3 s"):
            api.health()


def test_signed_request_without_a_key_is_refused_locally(checker: str) -> None:
    with pytest.raises(ApiError, match="must be signed"):
        Api(checker).me()


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("localhost:8470", "http://localhost:8470"),
        ("https://pbem.example.org/", "https://pbem.example.org"),
        ("  http://127.0.0.1:1/base/ ", "http://127.0.0.1:1/base"),
    ],
)
def test_server_urls_are_normalised(given: str, expected: str) -> None:
    assert normalise_server(given) == expected


@pytest.mark.parametrize("bad", ["", "ftp://x", "http://"])
def test_bad_server_urls_are_refused(bad: str) -> None:
    with pytest.raises(ApiError):
        normalise_server(bad)


def test_game_ids_are_checked_not_escaped() -> None:
    assert game_path("9f5caff9be96f9e7") == "/v1/games/9f5caff9be96f9e7"
    for bad in ("../accounts", "a b", "x?y=1", "", "a/b"):
        with pytest.raises(ApiError, match="not a game id"):
            game_path(bad)
