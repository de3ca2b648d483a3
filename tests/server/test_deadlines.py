"""Deadlines on the real app with a controlled clock: no test sleeps.

`server.clock.clock.CLOCK` is replaced by a clock the test moves; `sweeper.tick(now)` acts at
the time it is given. Every game here is the toy engine (two seats that alternate), so
each entry hands the decision to the other seat and restarts the clock.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from protocol.audit import audit
from server.cli import main as server_main
from server.clock import clock, sweeper
from server.store.models import Clock, Game
from tests.protocol.toy import lookup
from tests.server.conftest import Caller

T0 = dt.datetime(2026, 3, 2, 9, 0, 0)
BOT = {"days": 1, "grace_hours": 0, "on_expiry": "bot"}


class FakeClock:
    def __init__(self, at: dt.datetime) -> None:
        self.at = at

    def __call__(self) -> dt.datetime:
        return self.at

    def set(self, **delta: float) -> dt.datetime:
        """Move to T0 + delta (not relative to now: each test reads as a timetable)."""
        self.at = T0 + dt.timedelta(**delta)
        return self.at


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock(T0)
    monkeypatch.setattr(clock, "CLOCK", fake)
    return fake


def new_game(caller: Caller, deadline: Any = BOT, rounds: int = 2) -> Any:
    body: dict[str, Any] = {"engine": "toy", "options": {"rounds": rounds}, "seats": 2}
    if deadline is not ...:
        body["deadline"] = deadline
    return caller.call("POST", "/v1/games", body)


def started(app: Flask, deadline: Any = BOT, rounds: int = 2) -> tuple[Caller, Caller, str]:
    client = app.test_client()
    north, south = Caller(client), Caller(client)
    assert north.account("north").status_code == 201
    assert south.account("south").status_code == 201
    resp = new_game(north, deadline, rounds)
    assert resp.status_code == 201, resp.get_json()
    game = resp.get_json()["id"]
    assert north.join(game, 0, "north").status_code == 200
    assert south.join(game, 1, "south").status_code == 200
    return north, south, game


def tick(app: Flask, at: dt.datetime) -> dict[str, Any]:
    return sweeper.tick(now=at, app=app)


def entries(caller: Caller, game: str) -> list[dict[str, Any]]:
    return caller.call("GET", f"/v1/games/{game}/export").get_json()["entries"]


def summary(caller: Caller, game: str) -> dict[str, Any]:
    return caller.call("GET", f"/v1/games/{game}").get_json()


def kinds(game: str) -> list[tuple[str, str]]:
    return [(n["kind"], n["name"]) for n in clock.notices_for(game)]


def test_deadline_is_signed_into_the_genesis(sqlite_app: Flask, fake: FakeClock) -> None:
    north, _, game = started(sqlite_app, {"days": 3, "on_expiry": "forfeit"})
    genesis = entries(north, game)[0]["body"]
    assert genesis["deadline"] == {"days": 3, "grace_hours": 12, "on_expiry": "forfeit"}
    shown = summary(north, game)
    assert shown["deadline"] == genesis["deadline"]
    assert shown["clock"] == {"seat": 0, "started": "2026-03-02T09:00:00Z", "expires": "2026-03-05T21:00:00Z"}


@pytest.mark.parametrize("deadline", [..., None, {"days": None}])
def test_no_deadline_no_genesis_member(sqlite_app: Flask, deadline: Any) -> None:
    """A game without deadlines has a genesis exactly as before (no `deadline` member)."""
    north = Caller(sqlite_app.test_client())
    north.account("north")
    resp = new_game(north, deadline)
    assert resp.status_code == 201
    game = resp.get_json()["id"]
    assert "deadline" not in entries(north, game)[0]["body"]
    assert resp.get_json()["deadline"] is None and resp.get_json()["clock"] is None


@pytest.mark.parametrize(
    ("deadline", "words"),
    [
        ({"days": 4}, "one of 1, 2, 3, 5, 7, 14"),
        ({"days": "3"}, "one of 1, 2, 3, 5, 7, 14"),
        ({"days": True}, "one of 1, 2, 3, 5, 7, 14"),
        ({"days": 1, "grace_hours": -1}, "grace_hours"),
        ({"days": 1, "grace_hours": 1000}, "grace_hours"),
        ({"days": 1, "on_expiry": "abort"}, "on_expiry"),
        ({"days": 1, "hours": 3}, "unknown members"),
        ("3 days", "an object"),
    ],
)
def test_bad_deadlines_are_refused(sqlite_app: Flask, deadline: Any, words: str) -> None:
    north = Caller(sqlite_app.test_client())
    north.account("north")
    resp = new_game(north, deadline)
    assert resp.status_code == 400 and words in resp.get_json()["detail"], resp.get_json()


def test_reminder_warning_and_expiry_to_a_bot_move(app: Flask, fake: FakeClock) -> None:
    """days 1, no grace: reminder at 12 h, last warning at 18 h, the bot moves at 24 h."""
    north, south, game = started(app)
    assert tick(app, fake.set(hours=11, minutes=59))["reminders"] == []
    done = tick(app, fake.set(hours=12))
    assert done["reminders"] == [{"game": game, "seat": 0}] and done["warnings"] == []
    assert tick(app, fake.set(hours=13))["reminders"] == []  # once
    assert tick(app, fake.set(hours=18))["warnings"] == [{"game": game, "seat": 0}]
    assert tick(app, fake.set(hours=20))["warnings"] == []
    quiet = tick(app, fake.set(hours=23, minutes=59))
    assert not any(quiet.values())
    done = tick(app, fake.set(hours=24))
    assert [t["seat"] for t in done["timeouts"]] == [0]
    log = entries(north, game)
    last = log[-1]
    assert last["type"] == "system" and last["body"]["kind"] == "timeout" and last["body"]["seat"] == 0
    assert done["timeouts"][0]["seq"] == last["seq"]
    # the decision passed to seat 1, whose clock starts when the timeout was written
    shown = summary(north, game)
    assert shown["to_move"] == 1
    assert shown["clock"] == {"seat": 1, "started": "2026-03-03T09:00:00Z", "expires": "2026-03-04T09:00:00Z"}
    assert kinds(game) == [
        ("reminder", "north"), ("warning", "north"), ("timeout", "north"), ("timeout", "south"),
    ]
    # seat 1 moves in time; nothing expires; then everyone times out to the end
    assert south.move(game, 1, {"type": "throw"}).status_code == 200
    assert summary(north, game)["clock"]["seat"] == 0
    assert not any(tick(app, fake.set(hours=30)).values())
    for day in range(2, 8):
        tick(app, fake.set(days=day, hours=1))
    over = summary(north, game)
    assert over["status"] == "over" and over["clock"] is None
    verdict = audit(north.call("GET", f"/v1/games/{game}/export").get_json(), lookup=lookup)
    assert verdict.word == "PASS", verdict.reason


def test_a_move_in_time_restarts_the_clock_and_resets_the_reminders(sqlite_app: Flask, fake: FakeClock) -> None:
    north, south, game = started(sqlite_app)
    tick(sqlite_app, fake.set(hours=13))  # north reminded
    assert north.move(game, 0, {"type": "throw"}).status_code == 200
    fake.set(hours=14)
    assert south.move(game, 1, {"type": "throw"}).status_code == 200
    # north's new clock started at 14 h: its reminder is due at 26 h, not before
    assert tick(sqlite_app, fake.set(hours=25, minutes=59))["reminders"] == []
    assert tick(sqlite_app, fake.set(hours=26))["reminders"] == [{"game": game, "seat": 0}]
    assert [k for k in kinds(game)] == [("reminder", "north"), ("reminder", "north")]


def test_a_late_sweeper_sends_the_warning_not_both(sqlite_app: Flask, fake: FakeClock) -> None:
    _, _, game = started(sqlite_app, {"days": 2, "grace_hours": 24, "on_expiry": "bot"})
    # days 2, grace 24 h: reminder at 24 h, warning at 48 h (the grace begins), expiry at 72 h
    done = tick(sqlite_app, fake.set(hours=50))
    assert done["warnings"] == [{"game": game, "seat": 0}] and done["reminders"] == []
    assert not any(tick(sqlite_app, fake.set(hours=71)).values())
    assert len(tick(sqlite_app, fake.set(hours=72))["timeouts"]) == 1


def test_expiry_to_forfeit(app: Flask, fake: FakeClock) -> None:
    north, south, game = started(app, {"days": 2, "grace_hours": 6, "on_expiry": "forfeit"})
    assert north.move(game, 0, {"type": "hide", "value": 2}).status_code == 200
    # days 2, grace 6 h: the reminder at 1 d was missed, the warning (at 2 d) goes alone
    assert tick(app, fake.set(days=2, hours=5))["warnings"] == [{"game": game, "seat": 1}]
    done = tick(app, fake.set(days=2, hours=6))
    assert done["forfeits"] == [{"game": game, "seat": 1, "seq": done["forfeits"][0]["seq"]}]
    log = entries(north, game)
    assert [e["type"] for e in log[-2:]] == ["system", "reveal"]
    assert log[-2]["body"] == {
        "kind": "forfeit", "seat": 1, "result": {"winner": 0, "scores": None, "reason": "seat 1 forfeited: out of time"},
    }
    shown = summary(south, game)
    assert shown["status"] == "over" and shown["result"]["winner"] == 0 and shown["clock"] is None
    assert not any(tick(app, fake.set(days=9)).values())  # nothing more happens
    verdict = audit(north.call("GET", f"/v1/games/{game}/export").get_json(), lookup=lookup)
    assert verdict.word == "PASS", verdict.reason
    assert ("forfeit", "north") in kinds(game) and ("forfeit", "south") in kinds(game)


def test_two_sweepers_at_once_time_out_once(sqlite_app: Flask, fake: FakeClock) -> None:
    """Each game is swept under its lock, and what is due is read again under it."""
    north, _, game = started(sqlite_app)
    at = fake.set(hours=24)
    first, second = tick(sqlite_app, at), tick(sqlite_app, at)
    assert len(first["timeouts"]) == 1 and second["timeouts"] == []
    assert sum(1 for e in entries(north, game) if e["type"] == "system") == 1


def vacation(caller: Caller, days: Any) -> Any:
    return caller.call("POST", "/v1/me/vacation", {"days": days})


def test_vacation_moves_the_running_clock_and_is_announced(app: Flask, fake: FakeClock) -> None:
    north, south, game = started(app)
    fake.set(hours=2)
    resp = vacation(north, 5)
    assert resp.status_code == 200, resp.get_json()
    taken = resp.get_json()
    assert taken["used"] == 5 and taken["left"] == 16 and taken["budget"] == 21
    assert taken["until"] == "2026-03-07T11:00:00Z"
    assert taken["moved"] == [{"game": game, "expires": "2026-03-08T09:00:00Z"}]
    assert summary(north, game)["clock"]["expires"] == "2026-03-08T09:00:00Z"
    # the day the deadline was: nothing; the reminder moved by 5 days too
    assert not any(tick(app, fake.set(days=1, hours=1)).values())
    assert tick(app, fake.set(days=5, hours=12))["reminders"] == [{"game": game, "seat": 0}]
    assert len(tick(app, fake.set(days=6))["timeouts"]) == 1
    assert ("vacation", "south") in kinds(game)  # the other player was told
    notice = [n for n in clock.notices_for(game) if n["kind"] == "vacation"][0]
    assert notice["data"] == {"name": "north", "days": 5, "from": "2026-03-02T11:00:00Z", "until": "2026-03-07T11:00:00Z"}


def test_a_clock_that_starts_during_a_vacation_starts_when_it_ends(sqlite_app: Flask, fake: FakeClock) -> None:
    north, south, game = started(sqlite_app)
    fake.set(hours=1)
    assert vacation(south, 3).status_code == 200  # south is away until T0 + 3 d 1 h
    fake.set(hours=2)
    assert north.move(game, 0, {"type": "throw"}).status_code == 200
    shown = summary(north, game)["clock"]
    assert shown == {"seat": 1, "started": "2026-03-05T10:00:00Z", "expires": "2026-03-06T10:00:00Z"}
    # a second vacation while away starts when the first ends, and moves the clock again
    fake.set(days=1)
    taken = vacation(south, 2).get_json()
    assert taken["until"] == "2026-03-07T10:00:00Z" and taken["used"] == 5
    assert summary(north, game)["clock"]["expires"] == "2026-03-08T10:00:00Z"


def test_vacation_budget(sqlite_app: Flask, fake: FakeClock) -> None:
    north, _, _ = started(sqlite_app)
    assert north.call("GET", "/v1/me/vacation").get_json() == {
        "year": 2026, "budget": 21, "used": 0, "left": 21, "away_until": None,
    }
    assert vacation(north, 22).status_code == 409
    assert "21 vacation day(s) left" in vacation(north, 22).get_json()["detail"]
    for bad in (0, -1, "3", 1.5, None, True):
        assert vacation(north, bad).status_code == 400, bad
    assert vacation(north, 15).status_code == 200
    assert vacation(north, 7).status_code == 409
    assert vacation(north, 6).status_code == 200
    status = north.call("GET", "/v1/me/vacation").get_json()
    assert status["left"] == 0 and status["away_until"] == "2026-03-23T09:00:00Z"
    assert vacation(north, 1).status_code == 409
    # a new year, a new budget
    fake.at = dt.datetime(2027, 1, 1, 0, 0)
    assert north.call("GET", "/v1/me/vacation").get_json()["left"] == 21


def test_vacation_budget_is_configurable(tmp_path: Path, fake: FakeClock) -> None:
    from tests.server.conftest import make_app

    app = make_app(tmp_path, "sqlite")
    app.config["VACATION_DAYS"] = 3
    north = Caller(app.test_client())
    north.account("north")
    assert vacation(north, 4).status_code == 409
    assert vacation(north, 3).get_json()["left"] == 0


def abort(caller: Caller, game: str) -> Any:
    return caller.call("POST", f"/v1/games/{game}/abort", {})


def test_abort_rules(app: Flask, fake: FakeClock) -> None:
    north, south, game = started(app, deadline=...)
    assert abort(south, game).status_code == 403  # only the creator
    resp = abort(north, game)
    assert resp.status_code == 409 and "30 days" in resp.get_json()["detail"]
    row = Game.get_by_id(game)
    fake.at = row.updated + dt.timedelta(days=29, hours=23)
    assert abort(north, game).status_code == 409
    fake.at = row.updated + dt.timedelta(days=30)
    resp = abort(north, game)
    assert resp.status_code == 200, resp.get_json()
    entry = resp.get_json()["entry"]
    assert entry["body"]["kind"] == "abort" and "nobody moved for 30 days" in entry["body"]["reason"]
    assert resp.get_json()["game"]["status"] == "over"
    assert abort(north, game).status_code == 409  # over
    verdict = audit(north.call("GET", f"/v1/games/{game}/export").get_json(), lookup=lookup)
    assert verdict.word == "PASS" and verdict.result["reason"].startswith("aborted: by its creator north")
    assert ("abort", "south") in kinds(game)


def test_abort_a_game_that_never_started(sqlite_app: Flask, fake: FakeClock) -> None:
    north = Caller(sqlite_app.test_client())
    north.account("north")
    game = new_game(north).get_json()["id"]
    assert north.join(game, 0, "north").status_code == 200
    resp = abort(north, game)
    assert resp.status_code == 200 and resp.get_json()["game"]["status"] == "over"
    log = entries(north, game)
    assert [e["type"] for e in log] == ["genesis", "join", "system", "reveal"]
    assert audit({"format": "pbem-log/2", "game": game, "entries": log}, lookup=lookup).word == "PASS"
    assert Clock.get(Clock.game == game).seat is None


def test_abort_after_days_is_configurable(tmp_path: Path, fake: FakeClock) -> None:
    from tests.server.conftest import make_app

    app = make_app(tmp_path, "sqlite")
    app.config["ABORT_AFTER_DAYS"] = 2
    north, _, game = started(app, deadline=...)
    fake.at = Game.get_by_id(game).updated + dt.timedelta(days=2)
    assert abort(north, game).status_code == 200


def test_pbem_server_tick(
    sqlite_app: Flask, fake: FakeClock, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PBEM_PUBLIC_URL", sqlite_app.config["PUBLIC_URL"])  # a tick makes mail: it needs the URL
    north, _, game = started(sqlite_app)
    data_dir = sqlite_app.config["DATA_DIR"]
    assert server_main(["tick", "--data-dir", data_dir, "--json", "--now", "2026-03-02T21:00:00Z"]) == 0
    done = json.loads(capsys.readouterr().out)
    assert done["reminders"] == [{"game": game, "seat": 0}]
    assert server_main(["tick", "--data-dir", data_dir, "--now", "2026-03-03T09:00:00Z"]) == 0
    assert capsys.readouterr().out.startswith("tick: 0 reminders, 0 warnings, 1 timeouts")
    assert server_main(["tick", "--data-dir", data_dir, "--now", "tomorrow"]) == 2
    assert entries(north, game)[-1]["body"]["kind"] == "timeout"
