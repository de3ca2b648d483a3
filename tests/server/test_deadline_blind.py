"""A deadline that plays a bot is refused for a game no bot can play: in a blind magier game the
placements and reveals need secrets only their owner holds, so a time-out there would forfeit
the seat while the genesis, the status line and the mail promised a random move (the README's
Deadlines). Only new games are refused: a released version's genesis with a blind game and
`on_expiry: bot` keeps replaying and auditing (tests/corpus)."""

from __future__ import annotations

import itertools
from typing import Any

from flask import Flask

from tests.server.conftest import Caller

BOT = {"days": 1, "grace_hours": 0, "on_expiry": "bot"}
NAMES = (f"ada{i}" for i in itertools.count())


def create(app: Flask, options: dict[str, Any], deadline: dict[str, Any]) -> Any:
    caller = Caller(app.test_client())
    assert caller.account(next(NAMES)).status_code == 201
    return caller, caller.call(
        "POST", "/v1/games", {"engine": "magier", "options": options, "seats": 2, "deadline": deadline}
    )


def genesis_deadline(caller: Caller, game: str) -> Any:
    entries = caller.call("GET", f"/v1/games/{game}/export").get_json()["entries"]
    return entries[0]["body"].get("deadline")


def test_a_blind_game_with_a_bot_deadline_is_refused_with_the_reason(sqlite_app: Flask) -> None:
    for options in ({}, {"blind": True}):  # blind is the default
        _, resp = create(sqlite_app, options, BOT)
        assert resp.status_code == 400, resp.get_json()
        assert resp.mimetype == "application/problem+json"
        detail = resp.get_json()["detail"]
        assert "in a blind game no one can place or reveal for you" in detail, detail
        assert "forfeit" in detail, detail  # what to choose instead


def test_a_blind_game_forfeits_by_default_and_an_open_one_keeps_the_bot(sqlite_app: Flask) -> None:
    caller, resp = create(sqlite_app, {}, {"days": 2})  # on_expiry left out: what can be kept
    assert resp.status_code == 201, resp.get_json()
    assert genesis_deadline(caller, resp.get_json()["id"]) == {"days": 2, "grace_hours": 12, "on_expiry": "forfeit"}
    caller, resp = create(sqlite_app, {}, {**BOT, "on_expiry": "forfeit"})
    assert resp.status_code == 201, resp.get_json()
    for options in ({"blind": False}, {"open_placement": True}):  # every value public: a bot can play
        caller, resp = create(sqlite_app, options, BOT)
        assert resp.status_code == 201, resp.get_json()
        assert genesis_deadline(caller, resp.get_json()["id"])["on_expiry"] == "bot"
        caller, resp = create(sqlite_app, options, {"days": 1})
        assert genesis_deadline(caller, resp.get_json()["id"])["on_expiry"] == "bot"
