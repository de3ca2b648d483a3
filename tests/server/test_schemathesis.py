"""Schemathesis fuzzes a live server (werkzeug on loopback, the real app on SQLite)
from the server's own OpenAPI document (GET /v1/openapi.json), positive and negative cases.

Checks on every answer: no status >= 500; the status is one the document lists for that
operation; the content type and the body conform to the document's response schema
(Retry-After included); every error is application/problem+json with a one-line detail.
Requests go out unsigned, and signed by an account (a requests auth hook signs the bytes
actually sent, as protocol/auth.py says), and half of the game ids in paths are real games
(open, running with ada and bo seated, over), so the signed fuzz reaches past the 404s.
"""

from __future__ import annotations

import itertools
import json
import secrets
import threading
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from werkzeug.serving import WSGIRequestHandler, make_server

import engines
from protocol.audit import audit
from protocol.auth import sign_request
from protocol.entries import envelope, join_statement, sign_envelope, sign_join
from protocol.keys import SigningKey
from server.http.openapi import document
from tests.protocol.toy import TOY, lookup
from tests.server.conftest import make_app

EXAMPLES = 12  # per operation and test: about 25 operations, two tests, well under a minute


class Signed(requests.auth.AuthBase):
    """Sign each request as sent (its path and raw query, for this server's key)."""

    def __init__(self, key: SigningKey, server: str) -> None:
        self.key = key
        self.server = server

    def __call__(self, r: requests.PreparedRequest) -> requests.PreparedRequest:
        parts = urlsplit(r.url or "")
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        body = r.body or b""
        raw = body.encode() if isinstance(body, str) else body
        for name in ("X-Pbem-Key", "X-Pbem-Time", "X-Pbem-Nonce", "X-Pbem-Signature"):
            r.headers.pop(name, None)
        r.headers.update(sign_request(self.key, r.method or "GET", path, raw, server=self.server))
        return r


class Quiet(WSGIRequestHandler):
    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        pass


class Live:
    def __init__(self, url: str, key: SigningKey, games: list[str], server: str) -> None:
        self.url = url
        self.key = key
        self.server = server
        self.games = games
        self.turn = itertools.count()

    def session(self, signed: bool) -> requests.Session:
        session = requests.Session()
        if signed:
            session.auth = Signed(self.key, self.server)
        return session

    def real_game_now_and_then(self, case: schemathesis.Case) -> None:
        """Every other case with a game id in its path names a real game instead."""
        params = case.path_parameters or {}
        if "game_id" in params and next(self.turn) % 2:
            params["game_id"] = self.games[next(self.turn) % len(self.games)]


def _call(live: Live, session: requests.Session, method: str, path: str, body: Any) -> Any:
    resp = session.request(method, live.url + path, json=body, timeout=30) if body is not None else \
        session.request(method, live.url + path, timeout=30)
    assert resp.status_code < 300, resp.text
    return resp.json()


def _join(live: Live, session: requests.Session, game: str, seat: int, name: str, key: SigningKey) -> None:
    nonce = secrets.token_hex(32)
    prev = _call(live, session, "GET", f"/v1/games/{game}", None)["head"]["hash"]
    statement = join_statement(game, seat, name, key.public_hex, nonce, prev)
    body = {"seat": seat, "nonce": nonce, "sig": sign_join(statement, key), "prev": prev}
    _call(live, session, "POST", f"/v1/games/{game}/join", body)


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    app = make_app(tmp_path_factory.mktemp("schemathesis"), "sqlite")
    srv = make_server("127.0.0.1", 0, app, threaded=True, request_handler=Quiet)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{srv.server_port}"
    key, other = SigningKey.generate(), SigningKey.generate()
    server = app.extensions["pbem.ledger"].key.public_hex
    world = Live(url, key, [], server)
    ada, bo = requests.Session(), requests.Session()
    ada.auth, bo.auth = Signed(key, server), Signed(other, server)
    _call(world, ada, "POST", "/v1/accounts", {"name": "ada", "email": "ada@example.org"})
    _call(world, bo, "POST", "/v1/accounts", {"name": "bo", "email": "bo@example.org"})
    for n in range(3):
        world.games.append(_call(world, ada, "POST", "/v1/games",
                                 {"engine": "toy", "options": {"rounds": 1}, "seats": 2, "request_id": n})["id"])
    _, running, over = world.games  # the first stays open
    for game in (running, over):
        for seat, (session, name, signer) in enumerate(((ada, "ada", key), (bo, "bo", other))):
            _join(world, session, game, seat, name, signer)
    head = _call(world, ada, "GET", f"/v1/games/{over}", None)["head"]
    resign = envelope(over, head["seq"] + 1, head["hash"], 1, {"type": "resign"}, None, secrets.token_hex(32), "t")
    _call(world, bo, "POST", f"/v1/games/{over}/resign", {"envelope": resign, "sig": sign_envelope(resign, other)})
    try:
        yield world
    finally:
        srv.shutdown()
        thread.join(timeout=10)
        srv.server_close()


# The document as the server serves it (test_openapi.py checks that they are the same), loaded
# once at collection: one test per operation, both kinds of request, positive and negative cases.
engines.register(TOY)  # before the document is made: it lists the engines' ids
SCHEMA = schemathesis.openapi.from_dict(json.loads(json.dumps(document())))
OPERATIONS = [(path, method) for path, item in document()["paths"].items() for method in item]


def strategy(path: str, method: str) -> SearchStrategy[schemathesis.Case]:
    operation = SCHEMA[path][method.upper()]
    modes = [schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE]
    return st.one_of(*(operation.as_strategy(generation_mode=mode) for mode in modes))


def problem_json(ctx: Any, response: schemathesis.Response, case: schemathesis.Case) -> bool | None:
    """Every error is application/problem+json with a one-line detail."""
    if response.status_code < 400:
        return None
    kind = (response.headers.get("content-type") or [""])[0]
    assert kind.startswith("application/problem+json"), f"{response.status_code} as {kind!r}"
    detail = json.loads(response.content)["detail"]
    assert isinstance(detail, str) and detail and "\n" not in detail, detail
    return None


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    problem_json,
]
FUZZ = settings(
    max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.function_scoped_fixture],
)


@pytest.mark.parametrize("signed", [False, True], ids=["unsigned", "signed"])
@pytest.mark.parametrize(("path", "method"), OPERATIONS, ids=[f"{m.upper()} {p}" for p, m in OPERATIONS])
def test_the_answers_conform_to_the_document(live: Live, path: str, method: str, signed: bool) -> None:
    """Unsigned (or randomly signed) requests, and requests signed by an account (ada,
    creator of the games), get the answers the document describes: never a 5xx."""
    session = live.session(signed)

    @given(case=strategy(path, method))
    @FUZZ
    def fuzz(case: schemathesis.Case) -> None:
        live.real_game_now_and_then(case)
        case.call_and_validate(base_url=live.url, session=session, checks=CHECKS)

    fuzz()


def test_the_fuzz_left_the_games_auditable(live: Live) -> None:
    """Whatever the fuzz sent (it runs first, in this module), every game's export audits
    PASS or INCOMPLETE, never FAIL."""
    for game in live.games:
        exported = requests.get(f"{live.url}/v1/games/{game}/export", timeout=30).json()
        verdict = audit(exported, lookup=lookup)
        assert verdict.word in ("PASS", "INCOMPLETE"), verdict.reason
