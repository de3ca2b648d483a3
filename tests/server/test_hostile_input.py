"""The server must answer every input with 4xx or success: each hostile input
that gave a 500 (or a log that fails its own audit) is sent to the real app, on SQLite and
on PostgreSQL, and must get a 4xx problem+json, write nothing, and leave the game's export
auditing PASS or INCOMPLETE.
"""

from __future__ import annotations

import json
import secrets
import time
from pathlib import Path
from typing import Any

import peewee as pw
import pytest
from flask import Flask
from flask.testing import FlaskClient

import engines
from engines.core import BadOptions
from protocol.audit import audit
from protocol.auth import (
    HEADER_KEY,
    HEADER_NONCE,
    HEADER_SIG,
    HEADER_TIME,
    check_request,
    request_message,
    sign_request,
    wire_target,
)
from protocol.canonical import NotCanonical
from protocol.entries import envelope, sign_envelope
from protocol.keys import TAG_REQUEST, SigningKey
from server.http.app import create_app
from server.store import migrations
from server.store.migrations import SchemaError
from server.store.models import Account, Game, SchemaVersion, connect_database, database
from tests.protocol.toy import ToyEngine, lookup
from tests.server.conftest import Caller

# -- helpers ----------------------------------------------------------------------------------

SERVER = SigningKey.generate().public_hex  # the server a request below is signed for
NONCE = "0f" * 16


def problem(resp: Any, status: int | None = None) -> str:
    """The detail of a 4xx problem+json answer (of exactly `status` if given)."""
    text = resp.get_data(as_text=True)
    assert 400 <= resp.status_code < 500, (resp.status_code, text)
    if status is not None:
        assert resp.status_code == status, (resp.status_code, text)
    assert resp.mimetype == "application/problem+json", text
    detail = resp.get_json()["detail"]
    assert isinstance(detail, str) and detail and "\n" not in detail
    return detail


def send(
    client: FlaskClient, key: SigningKey | None, method: str, path: str, raw: bytes = b"",
    timestamp: str | None = None,
) -> Any:
    """A request with exactly these body bytes, signed as sent, for this server."""
    headers = {"Content-Type": "application/json"}
    if key is not None:
        server = client.application.extensions["pbem.ledger"].key.public_hex
        headers |= sign_request(key, method, path, raw, server=server)
        if timestamp is not None:
            message = request_message(server, method, wire_target(path), timestamp, headers[HEADER_NONCE], raw)
            headers |= {HEADER_TIME: timestamp, HEADER_SIG: key.sign(TAG_REQUEST, message)}
    return client.open(path, method=method, data=raw, headers=headers)


def export(client: FlaskClient, game: str) -> dict[str, Any]:
    resp = client.get(f"/v1/games/{game}/export")
    assert resp.status_code == 200
    return resp.get_json()


def audits(log: dict[str, Any]) -> str:
    verdict = audit(log, lookup=lookup) if log["entries"][0]["body"]["engine"] == "toy" else audit(log)
    assert verdict.word in ("PASS", "INCOMPLETE"), verdict.reason
    return verdict.word


class Unchanged:
    """`with Unchanged(client, game):` the game's log is the same after the block, and audits."""

    def __init__(self, client: FlaskClient, game: str) -> None:
        self.client, self.game = client, game

    def __enter__(self) -> None:
        self.before = export(self.client, self.game)

    def __exit__(self, *exc: object) -> None:
        if exc[0] is None:
            after = export(self.client, self.game)
            assert after == self.before
            audits(after)


def games_in_db() -> int:
    return Game.select().count()


@pytest.fixture
def ada(app: Flask) -> Caller:
    caller = Caller(app.test_client())
    assert caller.account("ada").status_code == 201
    return caller


def open_game(caller: Caller, engine: str = "toy", **options: Any) -> str:
    resp = caller.call("POST", "/v1/games", {"engine": engine, "seats": 2, "options": options,
                                             "request_id": secrets.token_hex(8)})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()["id"]


def head(caller: Caller, game: str) -> dict[str, Any]:
    return caller.call("GET", f"/v1/games/{game}").get_json()["head"]


def signed_envelope(caller: Caller, game: str, seat: Any, move: dict[str, Any], **changes: Any) -> dict[str, Any]:
    at = head(caller, game)
    env = envelope(game, at["seq"] + 1, at["hash"], seat, move, None, secrets.token_hex(32), "t")
    env |= changes
    try:
        sig = sign_envelope(env, caller.key)
    except NotCanonical:  # nothing can sign it: send it anyway
        sig = "00" * 64
    return {"envelope": env, "sig": sig, "secret": None, "salt": None}


class LaxToy(ToyEngine):
    """A toy whose check_options takes whatever it is given (an engine the server must not trust)."""

    id = "laxtoy"

    def check_options(self, options: Any, seats: int) -> dict[str, Any]:
        if seats != 2:
            raise BadOptions("two seats")
        if options.get("crash"):
            raise TypeError("this engine chokes on the crash option")
        return {**self.options(), **options}


@pytest.fixture
def lax_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(engines._EXTRA, "laxtoy", LaxToy())


# -- 1. strict types at the API edge ----------------------------------------------------------


def test_float_and_boolean_seats_are_refused_and_the_log_still_audits(
    pair: tuple[Caller, Caller, str],
) -> None:
    north, south, game = pair
    client = north.client
    with Unchanged(client, game):
        for seat in (1.0, True, "1", None):
            body = signed_envelope(south, game, seat, {"type": "resign"})
            problem(south.call("POST", f"/v1/games/{game}/resign", body), 400)
        for seat in (0.0, False, "0"):
            body = signed_envelope(north, game, seat, {"type": "throw"})
            problem(north.call("POST", f"/v1/games/{game}/moves", body), 400)
        at = head(north, game)
        for seq in (at["seq"] + 1.0, True, str(at["seq"] + 1)):
            body = signed_envelope(north, game, 0, {"type": "throw"}, seq=seq)
            body["sig"] = sign_envelope(body["envelope"], north.key)
            problem(north.call("POST", f"/v1/games/{game}/moves", body), 400)
    # the honest resignation still goes through and the log audits
    assert south.call("POST", f"/v1/games/{game}/resign", signed_envelope(south, game, 1, {"type": "resign"})).status_code == 200
    assert audits(export(client, game)) == "PASS"


def test_a_float_seat_in_a_magier_move_is_a_400(app: Flask) -> None:
    client = app.test_client()
    red, blue = Caller(client), Caller(client)
    red.account("red")
    blue.account("blue")
    game = open_game(red, "magier")
    assert red.join(game, 0, "red").status_code == 200
    assert blue.join(game, 1, "blue").status_code == 200
    with Unchanged(client, game):
        move = {"type": "place", "cell": "a1", "value": 1}
        problem(red.call("POST", f"/v1/games/{game}/moves", signed_envelope(red, game, 0.0, move)), 400)
        problem(red.call("POST", f"/v1/games/{game}/moves", signed_envelope(red, game, False, move)), 400)


def test_join_and_invite_seats_must_be_integers(app: Flask, ada: Caller) -> None:
    client = app.test_client()
    bo = Caller(client)
    bo.account("bo")
    game = open_game(ada)
    with Unchanged(client, game):
        prev = head(ada, game)["hash"]
        for seat in (0.0, True, "0", 2**60):
            body = {"seat": seat, "nonce": secrets.token_hex(32), "sig": "00" * 64, "prev": prev}
            problem(ada.call("POST", f"/v1/games/{game}/join", body), 400)
        for seat in (1.0, True, "1", [1]):
            problem(ada.call("POST", f"/v1/games/{game}/invite", {"name": "bo", "seat": seat}), 400)
        for name in (7, None, ["bo"], {"name": "bo"}):
            problem(ada.call("POST", f"/v1/games/{game}/invite", {"name": name}), 400)
    assert client.get(f"/v1/games/{game}").get_json()["invited"] == []


def test_game_creation_takes_integer_seats_and_options_of_their_defaults_type(
    app: Flask, ada: Caller, lax_engine: None,
) -> None:
    before = games_in_db()
    for seats in (2.0, True, "2", None, 2**60):
        problem(ada.call("POST", "/v1/games", {"engine": "toy", "seats": seats}), 400)
    for engine_id in (7, None, "x" * 1000, "toy\x00"):
        problem(ada.call("POST", "/v1/games", {"engine": engine_id, "seats": 2}))
    # an engine that checks nothing: the server still refuses what its log could not keep
    for rounds in (True, 2.0, "2", None, 2**60, -(2**60)):
        problem(ada.call("POST", "/v1/games", {"engine": "laxtoy", "seats": 2, "options": {"rounds": rounds}}), 400)
    assert "bad options" in problem(
        ada.call("POST", "/v1/games", {"engine": "laxtoy", "seats": 2, "options": {"crash": 1}}), 400
    )
    assert games_in_db() == before


def test_a_whole_number_written_with_a_fraction_is_refused_anywhere_in_a_body(
    pair: tuple[Caller, Caller, str],
) -> None:
    """1.0 is written 1 in the log: the server would act on 1.0 and the audit replay 1."""
    north, _south, game = pair
    with Unchanged(north.client, game):
        body = signed_envelope(north, game, 0, {"type": "throw", "extra": 1.0})
        assert "fraction" in problem(north.call("POST", f"/v1/games/{game}/moves", body), 400)
        body = signed_envelope(north, game, 0, {"type": "throw", "extra": -0.0})
        problem(north.call("POST", f"/v1/games/{game}/moves", body), 400)


# -- 2. options beyond 2**53 ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("engine_id", "options"),
    [
        ("feuersalamander", {"target": 2**60}),
        ("feuersalamander", {"target": 2**53}),
        ("magier", {"move_limit": 2**60}),
        ("toy", {"rounds": 2**60}),
    ],
)
def test_options_beyond_2_53_are_a_400(ada: Caller, engine_id: str, options: dict[str, Any]) -> None:
    before = games_in_db()
    problem(ada.call("POST", "/v1/games", {"engine": engine_id, "seats": 2, "options": options}), 400)
    assert games_in_db() == before


def test_any_integer_beyond_2_53_in_a_body_is_a_400(pair: tuple[Caller, Caller, str]) -> None:
    north, _south, game = pair
    with Unchanged(north.client, game):
        body = signed_envelope(north, game, 0, {"type": "throw"})
        body["envelope"]["move"]["n"] = 2**60
        assert "canonical" in problem(north.call("POST", f"/v1/games/{game}/moves", body), 400)
        body = signed_envelope(north, game, 0, {"type": "throw"}, seq=2**64)
        problem(north.call("POST", f"/v1/games/{game}/moves", body), 400)


# -- 3. deeply nested bodies ------------------------------------------------------------------


@pytest.mark.parametrize("signed", [False, True])
@pytest.mark.parametrize("depth", [33, 1000, 30_000])
def test_deeply_nested_bodies_are_a_400(app: Flask, signed: bool, depth: int) -> None:
    client = app.test_client()
    key = SigningKey.generate() if signed else None
    bodies = [b"[" * depth + b"]" * depth, b'{"name": ' + b"[" * depth + b"]" * depth + b"}"]
    if depth <= 10_000:  # within the 64 KiB a body may have
        bodies.append(b'{"a":' * depth + b"1" + b"}" * depth)
    for raw in bodies:
        resp = send(client, key, "POST", "/v1/accounts", raw)
        if signed:
            assert "nested" in problem(resp, 400)
        else:
            problem(resp, 401)  # unsigned: refused before the body is read
        resp = send(client, key, "POST", "/v1/games/0123456789abcdef/join", raw)
        problem(resp)


def test_a_body_32_deep_is_read(app: Flask) -> None:
    deep: Any = "x"
    for _ in range(31):
        deep = [deep]
    resp = Caller(app.test_client()).call("POST", "/v1/accounts", {"name": deep, "email": "a@b.org"})
    assert "name:" in problem(resp, 400)  # parsed, then refused as a name, not as JSON


# -- 4. ?from= on the log ---------------------------------------------------------------------


def test_log_from_must_be_a_small_decimal(pair: tuple[Caller, Caller, str]) -> None:
    north, _south, game = pair
    client = north.client
    for bad in (str(2**64), str(2**63), str(2**31), "-1", "+1", "1_0", "%201", "1%0A", "%D9%A1",
                "0x1", "1.0", "", "%00", "99999999999"):
        problem(client.get(f"/v1/games/{game}/log?from={bad}"), 400)
    entries = export(client, game)["entries"]
    assert client.get(f"/v1/games/{game}/log?from=0").get_json()["entries"] == entries
    assert client.get(f"/v1/games/{game}/log").get_json()["entries"] == entries
    assert client.get(f"/v1/games/{game}/log?from=3").get_json()["entries"] == entries[3:]
    assert client.get(f"/v1/games/{game}/log?from={2**31 - 1}").get_json()["entries"] == []


# -- 5. NUL bytes, control characters, lengths ------------------------------------------------


def test_nul_bytes_and_odd_game_ids_are_404_before_the_database(app: Flask, ada: Caller) -> None:
    client = app.test_client()
    game = open_game(ada)
    for bad in ("ab%00cd", f"{game[:-1]}%00", f"{game}%00", game.upper(), f"{game}%0A", f"{game}0",
                "%ED%A0%80", "x" * 5000, "%F0%9F%98%80" * 4):
        problem(client.get(f"/v1/games/{bad}"), 404)
        problem(client.get(f"/v1/games/{bad}/log?from=0"), 404)
        problem(client.get(f"/v1/games/{bad}/export"), 404)
        for method, suffix, body in (
            ("POST", "join", {"seat": 0}), ("POST", "invite", {"name": "ada"}),
            ("POST", "moves", {}), ("POST", "resign", {}), ("GET", "view", None),
            ("GET", "moves", None), ("DELETE", "invite/ada", None),
        ):
            raw = b"" if body is None else json.dumps(body).encode()
            problem(send(client, ada.key, method, f"/v1/games/{bad}/{suffix}", raw), 404)


@pytest.mark.parametrize(
    "email",
    ["c\x00y@example.org", "cy@exa\x00mple.org", "cy@example.org\n", "cy@example.org\r", "c\x7fy@example.org",
     "c\x85y@example.org", "c y@example.org", "a" * 65 + "@example.org", "cy@" + "e" * 186, "\ud800@example.org", ""],
)
def test_bad_emails_are_a_400(app: Flask, email: str) -> None:
    caller = Caller(app.test_client())
    problem(caller.call("POST", "/v1/accounts", {"name": "cy", "email": email}), 400)
    assert problem(caller.call("GET", "/v1/me"), 403)  # no account was made


def test_nul_bytes_in_invite_names_and_long_nonces_are_4xx(app: Flask, ada: Caller) -> None:
    client = app.test_client()
    game = open_game(ada)
    with Unchanged(client, game):
        for name in ("b\x00o", "bo\x00", "\x00", "bo\n", "x" * 65, "\ud800"):
            problem(ada.call("POST", f"/v1/games/{game}/invite", {"name": name}), 400)
        for name in ("b%00o", "bo%0A", "x" * 65):
            problem(send(client, ada.key, "DELETE", f"/v1/games/{game}/invite/{name}"))
        prev = head(ada, game)["hash"]
        for nonce in ("a" * 65, "a" * 64 + "\n", "a" * 63 + "\x00", "A" * 64, "a" * 63, 7, None):
            body = {"seat": 0, "nonce": nonce, "sig": "00" * 64, "prev": prev}
            problem(ada.call("POST", f"/v1/games/{game}/join", body), 400)
        for bad_prev in (prev + "\n", prev + "a", prev.upper(), prev[:-1] + "\x00", None):
            body = {"seat": 0, "nonce": "a" * 64, "sig": "00" * 64, "prev": bad_prev}
            problem(ada.call("POST", f"/v1/games/{game}/join", body), 400)


def test_odd_strings_in_a_move_are_refused_or_kept_exactly(pair: tuple[Caller, Caller, str]) -> None:
    """NUL and control characters inside a move reach the database only as canonical JSON."""
    north, south, game = pair
    client = north.client
    with Unchanged(client, game):
        for value in ("\x00", "a\nb", "\u2028", "\ud800"):
            body = signed_envelope(north, game, 0, {"type": "throw", "note": value})
            problem(north.call("POST", f"/v1/games/{game}/moves", body))
    # an odd but valid ts (any string) is logged exactly and audits
    body = signed_envelope(north, game, 0, {"type": "throw"}, ts="\x00\n\x7f\u2028")
    assert north.call("POST", f"/v1/games/{game}/moves", body).status_code == 200
    log = export(client, game)
    assert log["entries"][-1]["body"]["envelope"]["ts"] == "\x00\n\x7f\u2028"
    audits(log)
    assert south.call("POST", f"/v1/games/{game}/resign", signed_envelope(south, game, 1, {"type": "resign"})).status_code == 200
    assert audits(export(client, game)) == "PASS"


# -- 6 and 7. names: fullmatch, no look-alikes ------------------------------------------------


@pytest.mark.parametrize(
    "name", ["ada\n", "ada ", " ada", "a  da", "ada\t", "ada\x00", "ad\u00e1", "-ada", "a" * 33, "", "ada\r\n"],
)
def test_names_that_would_display_like_another_are_a_400(app: Flask, name: str) -> None:
    caller = Caller(app.test_client())
    problem(caller.call("POST", "/v1/accounts", {"name": name, "email": "a@example.org"}), 400)


def test_names_are_unique_whatever_their_case(app: Flask, ada: Caller) -> None:
    client = app.test_client()
    for name in ("Ada", "ADA", "aDa"):
        assert "taken" in problem(Caller(client).account(name), 409)
    bo = Caller(client)
    assert bo.account("Bo").status_code == 201
    # invitations look names up the same way: "BO" is the account "Bo"
    game = open_game(ada)
    summary = ada.call("POST", f"/v1/games/{game}/invite", {"name": "BO", "seat": 1}).get_json()
    assert summary["invited"] == [{"seat": 1, "name": "Bo"}]
    assert ada.call("DELETE", f"/v1/games/{game}/invite/bO").status_code == 200
    # the database itself refuses a second spelling, whatever path an insert takes
    with app.app_context():
        database.connect(reuse_if_open=True)
        with pytest.raises(pw.IntegrityError):
            with database.atomic():
                Account.create(name="BO", email="x@example.org", key="ab" * 32)
        database.close()


def test_emails_with_a_trailing_newline_are_a_400(app: Flask) -> None:
    problem(Caller(app.test_client()).call("POST", "/v1/accounts", {"name": "cy", "email": "cy@example.org\n"}), 400)


# -- 8. X-Pbem-Time ---------------------------------------------------------------------------


def test_request_time_is_plain_decimal_digits() -> None:
    key = SigningKey.generate()
    now = int(time.time())
    for stamp in (f"+{now}", f"{now:_}", f" {now}", f"{now} ", f"{now}\n", "".join(
            chr(0x660 + int(d)) for d in str(now)), f"{now}.0", f"-{now}", "1" * 13, ""):
        message = request_message(SERVER, "GET", "/v1/me", stamp, NONCE, b"")
        headers = {HEADER_KEY: key.public_hex, HEADER_TIME: stamp, HEADER_NONCE: NONCE,
                   HEADER_SIG: key.sign(TAG_REQUEST, message)}
        signer, reason = check_request(headers, SERVER, "GET", "/v1/me", b"", now=now)
        assert signer is None, stamp
        assert "must be" in reason or "must be signed" in reason or "expired" in reason, (stamp, reason)
    good = sign_request(key, "GET", "/v1/me", b"", server=SERVER, now=now)
    assert check_request(good, SERVER, "GET", "/v1/me", b"", now=now) == (key.public_hex, "")


def test_odd_request_times_are_a_401_over_the_app(app: Flask, ada: Caller) -> None:
    client = app.test_client()
    now = int(time.time())
    for stamp in (f"+{now}", f"{now:_}", f" {now}", f"{now}\t"):
        assert "unix seconds" in problem(send(client, ada.key, "GET", "/v1/me", timestamp=stamp), 401)
    assert send(client, ada.key, "GET", "/v1/me", timestamp=str(now)).status_code == 200


# -- 9. duplicate keys ------------------------------------------------------------------------


def test_a_body_with_a_key_twice_is_a_400(app: Flask) -> None:
    client = app.test_client()
    key = SigningKey.generate()
    raw = b'{"name": "ada", "email": "ada@example.org", "name": "eve"}'
    assert "twice" in problem(send(client, key, "POST", "/v1/accounts", raw), 400)
    for raw in (b'{"name": "ada", "email": NaN}', b'{"name": "ada", "email": 1e999}',
                b'{"name": "ada", "email": "\\ud800"}', b'\xef\xbb\xbf{"name": "ada"}', b'{"name": "\xff"}'):
        problem(send(client, key, "POST", "/v1/accounts", raw), 400)
    assert problem(send(client, key, "GET", "/v1/me"), 403)  # no account was made


# -- 10. the 500 answer tells no lie ----------------------------------------------------------


def test_a_failure_after_the_commit_does_not_claim_nothing_was_written(
    pair: tuple[Caller, Caller, str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    north, _south, game = pair
    seq = head(north, game)["seq"]

    def broken(*_args: Any, **_kwargs: Any) -> Any:
        raise RuntimeError("the answer could not be built")

    monkeypatch.setattr("server.http.api.private_view", broken)
    resp = north.move(game, 0, {"type": "throw"})
    assert resp.status_code == 500 and resp.mimetype == "application/problem+json"
    detail = resp.get_json()["detail"]
    assert "nothing was written" not in detail and "log" in detail
    assert head(north, game)["seq"] == seq + 1  # the move did take effect


# -- 12. invitations ----------------------------------------------------------------------------


def test_joining_another_seat_releases_the_kept_one(app: Flask, ada: Caller) -> None:
    client = app.test_client()
    bo, cy = Caller(client), Caller(client)
    bo.account("bo")
    cy.account("cy")
    game = open_game(ada)
    ada.call("POST", f"/v1/games/{game}/invite", {"name": "bo", "seat": 1})
    assert bo.join(game, 0, "bo").status_code == 200  # bo takes the other seat
    summary = client.get(f"/v1/games/{game}").get_json()
    assert summary["invited"] == []
    assert cy.join(game, 1, "cy").status_code == 200  # seat 1 is free again: the game starts
    assert client.get(f"/v1/games/{game}").get_json()["status"] == "running"
    audits(export(client, game))


def test_an_invitation_can_be_cancelled_by_the_creator_or_the_guest(app: Flask, ada: Caller) -> None:
    client = app.test_client()
    bo, cy = Caller(client), Caller(client)
    bo.account("bo")
    cy.account("cy")
    game = open_game(ada)
    ada.call("POST", f"/v1/games/{game}/invite", {"name": "bo", "seat": 1})
    with Unchanged(client, game):
        assert "creator" in problem(cy.call("DELETE", f"/v1/games/{game}/invite/bo"), 403)
        assert "no invitation" in problem(ada.call("DELETE", f"/v1/games/{game}/invite/cy"), 404)
        assert problem(ada.call("DELETE", f"/v1/games/{game}/invite/nobody"), 404)
        problem(Caller(client).call("DELETE", f"/v1/games/{game}/invite/bo"), 403)  # no account
        problem(client.delete(f"/v1/games/{game}/invite/bo"), 401)  # unsigned
    summary = ada.call("DELETE", f"/v1/games/{game}/invite/bo").get_json()
    assert summary["invited"] == []
    assert problem(ada.call("DELETE", f"/v1/games/{game}/invite/bo"), 404)
    assert cy.join(game, 1, "cy").status_code == 200
    # the guest may decline, too
    other = open_game(ada)
    ada.call("POST", f"/v1/games/{other}/invite", {"name": "bo", "seat": 0})
    assert bo.call("DELETE", f"/v1/games/{other}/invite/bo").get_json()["invited"] == []


# -- 13. a replayed create makes no second game -----------------------------------------------


def test_a_replayed_create_request_returns_the_same_game(app: Flask, ada: Caller) -> None:
    client = app.test_client()
    raw = json.dumps({"engine": "toy", "seats": 2}).encode()
    headers = sign_request(ada.key, "POST", "/v1/games", raw, server=ada.server_key) | {"Content-Type": "application/json"}
    first = client.post("/v1/games", data=raw, headers=headers)
    assert first.status_code == 201
    before = games_in_db()
    for _ in range(3):
        again = client.post("/v1/games", data=raw, headers=headers)
        assert again.status_code == 200
        assert again.get_json()["id"] == first.get_json()["id"]
    assert games_in_db() == before
    # another request (another body, or the same body signed at another second) makes another game
    other = ada.call("POST", "/v1/games", {"engine": "toy", "seats": 2, "request_id": "2"})
    assert other.status_code == 201 and other.get_json()["id"] != first.get_json()["id"]


def test_a_database_from_before_request_sig_is_migrated(app: Flask, ada: Caller) -> None:
    game = open_game(ada)
    with app.app_context():
        database.connect(reuse_if_open=True)
        if isinstance(database.obj, pw.SqliteDatabase):
            database.execute_sql('DROP INDEX "game_request_sig"')
        database.execute_sql('ALTER TABLE "game" DROP COLUMN "request_sig"')
        assert "request_sig" not in {c.name for c in database.get_columns("game")}
        database.drop_tables([SchemaVersion])  # made before schema versions: version 0
        database.close()
    config = {"DATA_DIR": app.config["DATA_DIR"], "DATABASE_URL": app.config["DATABASE_URL"], "TESTING": True}
    with pytest.raises(SchemaError, match="run `pbem-server db upgrade`"):
        create_app(config)
    assert migrations.upgrade(connect_database(config["DATABASE_URL"], Path(config["DATA_DIR"]))) == (0, list(range(1, migrations.CURRENT + 1)))
    again = create_app(config)
    client = again.test_client()
    assert client.get(f"/v1/games/{game}").status_code == 200
    raw = json.dumps({"engine": "toy", "seats": 2}).encode()
    headers = sign_request(ada.key, "POST", "/v1/games", raw, server=ada.server_key) | {"Content-Type": "application/json"}
    made = client.post("/v1/games", data=raw, headers=headers)
    assert made.status_code == 201
    assert client.post("/v1/games", data=raw, headers=headers).get_json()["id"] == made.get_json()["id"]
    with again.app_context():
        database.connect(reuse_if_open=True)
        indexes = {i.name: i.unique for i in database.get_indexes("game")}
        assert indexes.get("game_request_sig") is True
        database.close()


# -- 14. SQLite durability --------------------------------------------------------------------


def test_sqlite_syncs_every_commit(sqlite_app: Flask) -> None:
    with sqlite_app.app_context():
        database.connect(reuse_if_open=True)
        try:
            assert database.execute_sql("PRAGMA synchronous").fetchone()[0] == 2  # FULL
            assert database.execute_sql("PRAGMA journal_mode").fetchone()[0] == "wal"
        finally:
            database.close()

