"""The API's refusals and the ledger's atomicity, on SQLite and on the real PostgreSQL."""

from __future__ import annotations

import json
import threading
from typing import Any

from flask import Flask
from werkzeug.serving import make_server

from protocol.audit import audit
from protocol.auth import sign_request
from protocol.keys import SigningKey
from tests.protocol.toy import lookup
from tests.server.conftest import Caller, post_together


def export(caller: Caller, game: str) -> dict[str, Any]:
    return caller.call("GET", f"/v1/games/{game}/export").get_json()


def problem(resp: Any, status: int) -> str:
    assert resp.status_code == status, resp.get_data(as_text=True)
    assert resp.mimetype == "application/problem+json"
    detail = resp.get_json()["detail"]
    assert isinstance(detail, str) and detail and "\n" not in detail
    return detail


def test_full_game_exports_a_log_that_audits_pass(pair: tuple[Caller, Caller, str]) -> None:
    north, south, game = pair
    players = [north, south]
    assert north.move(game, 0, {"type": "hide", "value": 3}).status_code == 200
    for _ in range(3):
        summary = north.call("GET", f"/v1/games/{game}").get_json()
        seat = summary["to_move"]
        resp = players[seat].move(game, seat, {"type": "throw"})
        assert resp.status_code == 200, resp.get_json()
    summary = north.call("GET", f"/v1/games/{game}").get_json()
    assert summary["status"] == "over" and summary["result"] is not None
    log = export(north, game)
    assert log["entries"][-1]["type"] == "reveal"
    verdict = audit(log, lookup=lookup)
    assert verdict.word == "PASS", verdict.reason
    # the hidden value stays out of the public log until the reveal
    hide = log["entries"][4]
    assert hide["body"]["envelope"]["move"] == {"type": "hide"}
    assert hide["body"]["envelope"]["secret_commit"] is not None
    assert [e["to"] for e in hide["body"]["events"] if "commit" in e] == [[0]]
    assert log["entries"][-1]["body"]["secrets"][0]["secret"] == {"value": 3}


def test_private_payloads_only_reach_their_seat(pair: tuple[Caller, Caller, str]) -> None:
    north, south, game = pair
    mine = north.call("GET", f"/v1/games/{game}/view").get_json()
    theirs = south.call("GET", f"/v1/games/{game}/view").get_json()
    assert [p["to"] for p in mine["payloads"]] == [[0]]
    assert [p["to"] for p in theirs["payloads"]] == [[1]]
    assert mine["view"]["dealt"] != theirs["view"].get("dealt") or mine["payloads"] != theirs["payloads"]


def test_unsigned_expired_and_forged_requests_get_401(app: Flask) -> None:
    client = app.test_client()
    key = SigningKey.generate()
    assert problem(client.get("/v1/me"), 401)
    raw = b""
    server = app.extensions["pbem.ledger"].key.public_hex
    old = sign_request(key, "GET", "/v1/me", raw, server=server, now=1_000_000)
    assert "expired" in problem(client.get("/v1/me", headers=old), 401)
    forged = sign_request(key, "GET", "/v1/games", raw, server=server)
    assert problem(client.get("/v1/me", headers=forged), 401)
    elsewhere = sign_request(key, "GET", "/v1/me", raw, server=SigningKey.generate().public_hex)
    assert "signed for this server" in problem(client.get("/v1/me", headers=elsewhere), 401)
    unknown = sign_request(key, "GET", "/v1/me", raw, server=server)
    assert problem(client.get("/v1/me", headers=unknown), 403)


def test_second_account_with_the_same_key_is_refused(app: Flask) -> None:
    caller = Caller(app.test_client())
    assert caller.account("ada").status_code == 201
    assert "exists" in problem(caller.account("ada2"), 409)
    assert problem(Caller(app.test_client()).account("ada"), 409)
    assert problem(caller.call("POST", "/v1/accounts", {"name": "", "email": "x"}, key=SigningKey.generate()), 400)


def test_bad_games_are_refused(app: Flask) -> None:
    caller = Caller(app.test_client())
    caller.account("ada")
    assert "unknown engine" in problem(caller.call("POST", "/v1/games", {"engine": "chess", "seats": 2}), 404)
    assert problem(caller.call("POST", "/v1/games", {"engine": "toy", "seats": 3}), 400)
    assert problem(caller.call("POST", "/v1/games", {"engine": "toy", "seats": 2, "options": {"rounds": 99}}), 400)
    assert problem(caller.call("POST", "/v1/games", {"engine": "toy", "seats": "two"}), 400)
    assert problem(caller.call("GET", "/v1/games/nosuchgame"), 404)


def test_malformed_and_oversized_bodies_are_refused(app: Flask) -> None:
    client = app.test_client()
    key = SigningKey.generate()
    server = app.extensions["pbem.ledger"].key.public_hex
    for raw in (b"{not json", b"[1, 2]", b'"text"'):
        headers = sign_request(key, "POST", "/v1/accounts", raw, server=server) | {"Content-Type": "application/json"}
        assert problem(client.post("/v1/accounts", data=raw, headers=headers), 400)
    big = json.dumps({"name": "x" * 100_000}).encode()
    headers = sign_request(key, "POST", "/v1/accounts", big, server=server) | {"Content-Type": "application/json"}
    assert problem(client.post("/v1/accounts", data=big, headers=headers), 413)


def test_join_refusals_leave_the_log_unchanged(app: Flask) -> None:
    client = app.test_client()
    ada, bo, cy = Caller(client), Caller(client), Caller(client)
    for caller, name in ((ada, "ada"), (bo, "bo"), (cy, "cy")):
        caller.account(name)
    game = ada.call("POST", "/v1/games", {"engine": "toy", "seats": 2}).get_json()["id"]
    assert ada.join(game, 0, "ada").status_code == 200
    before = export(ada, game)
    assert "taken" in problem(bo.join(game, 0, "bo"), 409)
    assert problem(ada.join(game, 1, "ada"), 409)
    assert problem(bo.join(game, 1, "somebody-else"), 403)  # signed a statement with another name
    assert problem(bo.join(game, 7, "bo"), 400)
    assert export(ada, game) == before
    assert bo.join(game, 1, "bo").status_code == 200
    assert "started" in problem(cy.join(game, 1, "cy"), 409)


def test_move_refusals_leave_the_log_unchanged(pair: tuple[Caller, Caller, str], app: Flask) -> None:
    north, south, game = pair
    outsider = Caller(app.test_client())
    outsider.account("outsider")
    before = export(north, game)
    head = before["entries"][-1]
    assert "not your turn" in problem(south.move(game, 1, {"type": "throw"}), 422)
    assert problem(south.move(game, 0, {"type": "throw"}), 403)  # seat 0 is not south's
    assert problem(outsider.move(game, 0, {"type": "throw"}), 403)
    assert problem(north.move(game, 0, {"type": "hide", "value": 9}), 422)
    stale = north.move(game, 0, {"type": "throw"}, head={"seq": head["seq"] - 1, "hash": head["prev"]})
    problem(stale, 409)
    assert stale.get_json()["head"]["seq"] == head["seq"]
    assert export(north, game) == before


def test_two_submissions_for_the_same_turn_one_wins(app: Flask) -> None:
    """Over real HTTP with concurrent requests: exactly one 200 and one 409, and the log stays valid."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        import requests

        base = f"http://127.0.0.1:{server.server_port}"
        client = app.test_client()
        north, south = Caller(client), Caller(client)
        north.account("n")
        south.account("s")
        game = north.call("POST", "/v1/games", {"engine": "toy", "seats": 2, "options": {"rounds": 5}}).get_json()["id"]
        north.join(game, 0, "n")
        south.join(game, 1, "s")
        head = north.call("GET", f"/v1/games/{game}").get_json()["head"]

        # Two different signed moves for the same seq, built like Caller.move but sent over HTTP.
        import secrets as pysecrets

        from protocol.entries import envelope, sign_envelope

        bodies = []
        for kind in ("throw", "pass"):
            env = envelope(game, head["seq"] + 1, head["hash"], 0, {"type": kind}, None, pysecrets.token_hex(32), "t")
            bodies.append(json.dumps({"envelope": env, "sig": sign_envelope(env, north.key), "secret": None, "salt": None}).encode())
        statuses = post_together(base, north.key, f"/v1/games/{game}/moves", bodies)
        assert sorted(statuses) == [200, 409]
        log = requests.get(f"{base}/v1/games/{game}/export", timeout=10).json()
        assert [e["seq"] for e in log["entries"]] == list(range(len(log["entries"])))
        assert audit(log, lookup=lookup).ok
    finally:
        server.shutdown()


def test_an_invited_seat_is_kept_for_its_guest(app: Flask) -> None:
    client = app.test_client()
    ada, bo, cy = Caller(client), Caller(client), Caller(client)
    for caller, name in ((ada, "ada"), (bo, "bo"), (cy, "cy")):
        caller.account(name)
    game = ada.call("POST", "/v1/games", {"engine": "toy", "seats": 2}).get_json()["id"]
    assert "creator" in problem(cy.call("POST", f"/v1/games/{game}/invite", {"name": "cy"}), 403)
    assert problem(ada.call("POST", f"/v1/games/{game}/invite", {"name": "nobody"}), 404)
    summary = ada.call("POST", f"/v1/games/{game}/invite", {"name": "bo", "seat": 1}).get_json()
    assert summary["invited"] == [{"seat": 1, "name": "bo"}]
    assert "invited already" in problem(ada.call("POST", f"/v1/games/{game}/invite", {"name": "bo"}), 409)
    assert problem(ada.call("POST", f"/v1/games/{game}/invite", {"name": "cy", "seat": 1}), 409)
    listed = bo.call("GET", "/v1/games").get_json()["games"]
    assert [(g["id"], g["invited_seat"], g["my_seat"]) for g in listed] == [(game, 1, None)]
    before = export(ada, game)
    assert "kept for bo" in problem(cy.join(game, 1, "cy"), 403)
    assert export(ada, game) == before
    assert ada.join(game, 0, "ada").status_code == 200
    assert bo.join(game, 1, "bo").status_code == 200
    summary = ada.call("GET", f"/v1/games/{game}").get_json()
    assert summary["status"] == "running" and summary["invited"] == []
    assert "started" in problem(ada.call("POST", f"/v1/games/{game}/invite", {"name": "cy"}), 409)


def test_on_sqlite_moves_computed_before_the_lock_never_both_win(sqlite_app: Flask) -> None:
    """SQLite computes a move's step before taking the write lock and writes it only if the head
    has not moved meanwhile (ledger.move): turn after turn, three different signed moves for the
    same seq race over real HTTP, and exactly one wins each time; the others get the 409 of a
    stale move, and the log audits as one chain."""
    import secrets as pysecrets

    import requests

    from protocol.entries import envelope, sign_envelope

    server = make_server("127.0.0.1", 0, sqlite_app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        base = f"http://127.0.0.1:{server.server_port}"
        client = sqlite_app.test_client()
        north, south = Caller(client), Caller(client)
        north.account("n")
        south.account("s")
        game = north.call("POST", "/v1/games", {"engine": "toy", "seats": 2, "options": {"rounds": 5}}).get_json()["id"]
        north.join(game, 0, "n")
        south.join(game, 1, "s")
        for _ in range(6):
            summary = north.call("GET", f"/v1/games/{game}").get_json()
            if summary["status"] != "running":
                break
            seat, head = summary["to_move"], summary["head"]
            mover = (north, south)[seat]
            bodies = []
            for kind in ("throw", "pass", "pass"):
                env = envelope(game, head["seq"] + 1, head["hash"], seat, {"type": kind}, None, pysecrets.token_hex(32), "t")
                bodies.append(json.dumps({"envelope": env, "sig": sign_envelope(env, mover.key), "secret": None, "salt": None}).encode())
            statuses = post_together(base, mover.key, f"/v1/games/{game}/moves", bodies)
            assert sorted(statuses) == [200, 409, 409], statuses
        log = requests.get(f"{base}/v1/games/{game}/export", timeout=10).json()
        assert [e["seq"] for e in log["entries"]] == list(range(len(log["entries"])))
        assert audit(log, lookup=lookup).ok
    finally:
        server.shutdown()
