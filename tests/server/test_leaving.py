"""Leaving a game of three on the real app: a resignation or forfeit puts the seat
out, the others play on, the server makes the out seat's forced decisions in the same
transaction, and the export audits PASS (the trio test engine, tests/protocol/trio.py)."""

from __future__ import annotations

import datetime as dt
import random
import secrets
from typing import Any

import pytest
from flask import Flask

import engines
from protocol.audit import audit
from protocol.commitments import TAG_SECRET, commit
from protocol.entries import envelope, sign_envelope
from server.clock import clock, sweeper
from tests.protocol.trio import TRIO, lookup
from tests.server.conftest import Caller

NAMES = ("ann", "bob", "cid")


def trio_game(app: Flask, deadline: Any = None, rounds: int = 4) -> tuple[list[Caller], str]:
    engines.register(TRIO)
    client = app.test_client()
    players = [Caller(client) for _ in NAMES]
    for name, p in zip(NAMES, players, strict=True):
        assert p.account(name).status_code == 201
    body: dict[str, Any] = {"engine": "trio", "options": {"rounds": rounds}, "seats": 3}
    if deadline is not None:
        body["deadline"] = deadline
    game = players[0].call("POST", "/v1/games", body).get_json()["id"]
    for seat, (name, p) in enumerate(zip(NAMES, players, strict=True)):
        assert p.join(game, seat, name).status_code == 200
    return players, game


def signed(p: Caller, game: str, seat: int, move: dict[str, Any]) -> dict[str, Any]:
    head = p.call("GET", f"/v1/games/{game}").get_json()["head"]
    public, secret = TRIO.split_move(move)
    salt = secrets.token_hex(32) if secret is not None else None
    committed = commit(TAG_SECRET, secret, salt) if secret is not None else None
    env = envelope(game, head["seq"] + 1, head["hash"], seat, public, committed, secrets.token_hex(32), "t")
    return {"envelope": env, "sig": sign_envelope(env, p.key), "secret": secret, "salt": salt}


def play(players: list[Caller], game: str, rnd: random.Random, limit: int = 200) -> None:
    for _ in range(limit):
        summary = players[0].call("GET", f"/v1/games/{game}").get_json()
        if summary["status"] != "running":
            return
        seat = summary["to_move"]
        listed = players[seat].call("GET", f"/v1/games/{game}/moves").get_json()["moves"]
        move = rnd.choice([m["move"] for m in listed])
        resp = players[seat].call("POST", f"/v1/games/{game}/moves", signed(players[seat], game, seat, move))
        assert resp.status_code == 200, resp.get_json()


def resign(p: Caller, game: str, seat: int) -> Any:
    body = signed(p, game, seat, {"type": "resign"})
    return p.call("POST", f"/v1/games/{game}/resign", {"envelope": body["envelope"], "sig": body["sig"]})


def log(p: Caller, game: str) -> list[dict[str, Any]]:
    return p.call("GET", f"/v1/games/{game}/export").get_json()["entries"]


def test_a_resigning_seat_is_out_and_the_game_goes_on(app: Flask) -> None:
    players, game = trio_game(app)
    resp = resign(players[1], game, 1)
    assert resp.status_code == 200, resp.get_json()
    summary = players[0].call("GET", f"/v1/games/{game}").get_json()
    assert summary["status"] == "running" and summary["to_move"] != 1
    assert summary["view"]["out"] == [1]
    again = resign(players[1], game, 1)
    assert again.status_code == 422 and "left the game already" in again.get_json()["detail"]
    # the seat that left has no turn: its moves are refused
    moves = players[1].call("GET", f"/v1/games/{game}/moves").get_json()
    assert moves["moves"] == []
    for seed in range(40):  # until the server had to decide for seat 1 at least once
        play(players, game, random.Random(seed), limit=1)
        if any(e["body"].get("kind") == "out" for e in log(players[0], game)):
            break
    play(players, game, random.Random(1))
    entries = log(players[0], game)
    over = players[0].call("GET", f"/v1/games/{game}").get_json()
    assert over["status"] == "over" and over["result"]["ranks"][1] == 3
    verdict = audit({"format": "pbem-log/2", "game": game, "entries": entries}, lookup=lookup)
    assert verdict.word == "PASS", verdict.reason
    # every decision of seat 1 after it left is the server's
    left = next(e["seq"] for e in entries if e["body"].get("kind") == "resign")
    assert all(e["body"]["envelope"]["seat"] != 1 for e in entries[left:] if e["type"] == "move")


def test_two_resign_and_the_last_one_in_wins(sqlite_app: Flask) -> None:
    players, game = trio_game(sqlite_app)
    assert resign(players[0], game, 0).status_code == 200
    assert resign(players[2], game, 2).status_code == 200
    summary = players[1].call("GET", f"/v1/games/{game}").get_json()
    assert summary["status"] == "over"
    assert summary["result"]["winner"] == 1 and summary["result"]["ranks"] == [3, 1, 2]
    verdict = audit({"format": "pbem-log/2", "game": game, "entries": log(players[1], game)}, lookup=lookup)
    assert verdict.word == "PASS", verdict.reason


def test_a_forfeit_puts_the_seat_out(sqlite_app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    t0 = dt.datetime(2026, 6, 1, 12, 0)
    monkeypatch.setattr(clock, "CLOCK", lambda: t0)
    players, game = trio_game(sqlite_app, {"days": 1, "grace_hours": 0, "on_expiry": "forfeit"})
    seat = players[0].call("GET", f"/v1/games/{game}").get_json()["to_move"]
    done = sweeper.tick(now=t0 + dt.timedelta(days=1), app=sqlite_app)
    assert [f["seat"] for f in done["forfeits"]] == [seat]
    summary = players[0].call("GET", f"/v1/games/{game}").get_json()
    assert summary["status"] == "running" and summary["view"]["out"] == [seat]
    assert summary["clock"]["seat"] == summary["to_move"] != seat
    play(players, game, random.Random(5))
    verdict = audit({"format": "pbem-log/2", "game": game, "entries": log(players[0], game)}, lookup=lookup)
    assert verdict.word == "PASS", verdict.reason
