"""The signed TARGET against every encoding: property tests of protocol.auth's canonical form.

Two claims, each over random paths (any Unicode, the reserved characters, `%`, `?`, `#`,
`/`, `+`, spaces and percent-encodings of each) and queries:

- two requests whose routes would see different (path, query) never sign the same message
  (the canonical target is one-to-one: it decodes back to exactly what the route saw);
- the target the real client signs is the target the server computes from the WSGI environ
  of the request the client actually sent (real requests, over loopback, to a werkzeug server
  whose app computes it with server.http.auth's own function, and checks the signature).

And, through the real app, two honest requests alike in every byte in one second are two
requests (their nonces differ), while the very same bytes again stay one game.
"""

from __future__ import annotations

import io
import json
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

import pytest
import requests
from flask import Flask, Response, jsonify, request
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.serving import make_server

import engines
from client.api import Api
from client.display.status import key_fingerprint
from client.play import Player
from client.store import Store
from protocol.auth import (
    HEADER_KEY,
    HEADER_NONCE,
    HEADER_SIG,
    HEADER_TIME,
    _message_v1,
    check_request,
    request_message,
    request_target,
    sign_request,
    wire_target,
)
from protocol.keys import TAG_REQUEST_V1, SigningKey
from server.http.auth import signed_target
from tests.client.test_cli_daily_use import Cli
from tests.conftest import LiveServer, _QuietHandler
from tests.protocol.toy import TOY

SERVER = SigningKey.generate().public_hex
RESERVED = "?#%/+ @:;=&$,!'()*[]~"
# what a route can see as a path: any text (no surrogates: WSGI decodes UTF-8 with U+FFFD)
PATHS = st.text(st.one_of(st.sampled_from(RESERVED), st.characters(exclude_categories=("Cs",))), max_size=30)
QUERIES = st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7E), max_size=20)  # printable ASCII, no space


def route_view(target: str) -> tuple[str, str]:
    """(path, query) back from a TARGET: the path up to the first `?`, percent-decoded."""
    path, _, query = target.partition("?")
    return unquote(path, errors="strict"), query


@given(path=PATHS, query=QUERIES)
def test_the_target_decodes_back_to_exactly_what_the_route_saw(path: str, query: str) -> None:
    """One-to-one: the target gives back the route's path and query, so two different
    (path, query) never have one target; nor does the message confuse its fields."""
    target = request_target(path, query)
    assert route_view(target) == (path, query)
    assert "#" not in target.partition("?")[0] and " " not in target.partition("?")[0]
    message = request_message(SERVER, "POST", target, "1714564800", "ab" * 16, b"{}").decode()
    assert message.split("\n")[2] == target and message.count("\n") == 5


@given(a=st.tuples(PATHS, QUERIES), b=st.tuples(PATHS, QUERIES))
def test_different_routes_never_sign_one_message(a: tuple[str, str], b: tuple[str, str]) -> None:
    if a != b:
        assert request_target(*a) != request_target(*b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (("/v1/games/g/invite/zoe?x@example.org", ""), ("/v1/games/g/invite/zoe", "x@example.org")),
        (("/a?b", "c"), ("/a", "b?c")),
        (("/a#b", ""), ("/a", "")),
        (("/50%", ""), ("/50%25", "")),
        (("/a b", ""), ("/a+b", "")),
        (("/a/b", ""), ("/a%2Fb", "")),
    ],
)
def test_the_pairs_the_old_path_string_confused_sign_apart(a: tuple[str, str], b: tuple[str, str]) -> None:
    assert request_target(*a) != request_target(*b)


# -- the client's target is the server's -------------------------------------------------------


def _echo_app() -> Flask:
    """Every request: what server.http.auth computes as its target, and whether it verifies."""
    app = Flask(__name__)

    @app.before_request
    def echo() -> Response:  # before routing: every path reaches it, none is a 404
        target = signed_target()
        signer, reason = check_request(request.headers, SERVER, request.method, target, request.get_data())
        return jsonify({"target": target, "signer": signer, "reason": reason})

    return app


@pytest.fixture(scope="module")
def echo() -> Iterator[str]:
    srv = make_server("127.0.0.1", 0, _echo_app(), threaded=True, request_handler=_QuietHandler)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{srv.server_port}"
    srv.shutdown()
    thread.join(timeout=10)
    srv.server_close()


def _spellings(text: str) -> st.SearchStrategy[str]:
    """Ways a client might put `text` on the request line: percent-encoded with some reserved
    characters left raw, in upper- or lower-case hex; every result is printable ASCII."""
    safe = st.text(st.sampled_from("?#%/+@:;=&$,!'()*[]~"), max_size=6)
    return st.tuples(safe, st.booleans()).map(
        lambda s: (lambda q: q.lower() if s[1] else q)(quote(text, safe=s[0])))


@st.composite
def _wires(draw: Callable[..., Any]) -> str:
    segments = [draw(PATHS.flatmap(_spellings)) for _ in range(draw(st.integers(1, 4)))]
    query = draw(QUERIES)
    # under /v1/, as every path the client sends: a request line starting "//" reads as a host
    # to some servers (werkzeug's drops it), which then refuse the signature (401), never misread it
    return "/v1/" + "/".join(segments) + (f"?{query}" if draw(st.booleans()) else "")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(wire=_wires(), method=st.sampled_from(["GET", "POST", "DELETE"]))
def test_the_client_signs_the_target_the_server_computes(echo: str, wire: str, method: str) -> None:
    """The real client sends `wire` (raw `?` and `#` included: what it sends is what counts)
    and signs; the server computes the target from its environ: the same, and it verifies."""
    key = SigningKey.generate()
    api = Api(echo, key, server_key=SERVER)
    seen: list[Any] = []
    api.session.hooks["response"].append(seen.append)
    got = api.request(method, wire, body={"x": 1} if method == "POST" else None)
    assert got["signer"] == key.public_hex, (wire, got)
    sent = seen[-1].request.path_url  # the path and query the client put on the request line
    assert got["target"] == wire_target(sent), (wire, sent, got)


# -- two honest requests alike in every byte are two --------------------------------------------


def test_two_identical_creates_in_one_second_make_two_games_and_a_retry_makes_none(
    live_server: LiveServer, make_player: Callable[[str], Player]
) -> None:
    """The create-game request is idempotent on its signature: the very same bytes again
    answer the same game (200). Two honest requests with one body in one second are signed
    with two nonces, so they make two games, where they used to be taken for one retry."""
    ada = make_player("ada")
    key, server = ada.api.key, ada.api.signed_for()
    assert key is not None
    raw = json.dumps({"engine": "toy", "options": {}, "seats": 2}).encode()
    now = time.time()
    first, second = (sign_request(key, "POST", "/v1/games", raw, server=server, now=now) for _ in range(2))
    url = live_server.url + "/v1/games"
    answers = [requests.post(url, data=raw, headers=h | {"Content-Type": "application/json"}, timeout=10)
               for h in (first, second, first)]
    assert [a.status_code for a in answers] == [201, 201, 200], [a.text for a in answers]
    ids = [a.json()["id"] for a in answers]
    assert ids[0] != ids[1] and ids[2] == ids[0]
    assert first[HEADER_NONCE] != second[HEADER_NONCE]


def test_a_request_in_the_old_form_is_refused_with_upgrade(
    live_server: LiveServer, make_player: Callable[[str], Player]
) -> None:
    """An old pbem's request (pbem/v1/request: no server, no nonce, the decoded path) verifies
    by the old rules and is refused all the same (401), saying to upgrade: taking it would keep
    a request replayable on another server, and a `%3F` replayable as a query."""
    ada = make_player("ada")
    key = ada.api.key
    assert key is not None
    stamp = str(int(time.time()))
    old = key.sign(TAG_REQUEST_V1, _message_v1("GET", "/v1/me", stamp, b""))
    answer = requests.get(live_server.url + "/v1/me", timeout=10,
                          headers={HEADER_KEY: key.public_hex, HEADER_TIME: stamp, HEADER_SIG: old})
    assert answer.status_code == 401 and "upgrade pbem" in answer.json()["detail"], answer.text
    assert ada.api.me()["name"] == "ada"  # today's client, the same key: fine


# -- a server that names another server's key -----------------------------------------------------


class ClaimsAnotherKey:
    """A server that names another server's key in /v1/health and takes the requests signed for
    that key (it checks nothing: here the real app behind it is handed them re-signed for its
    own key, by the test, which holds the player's key), while it signs its log with its own."""

    def __init__(self, app: Any, claimed: str, player: SigningKey) -> None:
        self.app, self.claimed, self.player = app, claimed, player
        self.own = app.extensions["pbem.ledger"].key.public_hex

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        if environ["PATH_INFO"] == "/v1/health":
            body = json.dumps({"ok": True, "server_key": self.claimed}).encode()
            start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(body)))])
            return [body]
        if environ.get("HTTP_X_PBEM_SIGNATURE"):
            raw = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
            environ["wsgi.input"] = io.BytesIO(raw)
            again = sign_request(self.player, environ["REQUEST_METHOD"], environ["REQUEST_URI"], raw, server=self.own)
            for name, value in again.items():
                environ["HTTP_" + name.upper().replace("-", "_")] = value
        return self.app(environ, start_response)


def test_a_game_signed_by_another_key_than_the_server_named_is_refused(tmp_path: Path) -> None:
    """A server that names another server's key at `pbem init` has the player's requests signed
    for that other server. Its own log is signed with its own key: the first game the player
    looks at says so (exit 4), so the pretence ends at once."""
    from server.http.app import create_app

    engines.register(TOY)
    cli = Cli(tmp_path)
    home = tmp_path / "ada"
    key = Store(home).create_key()
    elsewhere = SigningKey.generate().public_hex  # server B's key, which A claims as its own
    app = create_app({"DATA_DIR": str(tmp_path / "a"), "TESTING": True})
    srv = make_server("127.0.0.1", 0, ClaimsAnotherKey(app, elsewhere, key), threaded=True, request_handler=_QuietHandler)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{srv.server_port}"
        cli("ada", "init", "--server", url, "--name", "ada", "--email", "ada@example.org")
        assert json.loads((home / "config.json").read_text())["server_key"] == elsewhere
        said = cli("ada", "new", "toy", "--json", code=4).stderr
        assert "names another's key" in said and key_fingerprint(elsewhere) in said, said
    finally:
        srv.shutdown()
        thread.join(timeout=10)
        srv.server_close()
