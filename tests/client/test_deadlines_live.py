"""Deadlines over real HTTP: a seat times out in a live game; the players' clients
accept the server's timeout entries (and check their views and payloads against them), and
the final export audits PASS. A magier placement that times out keeps its value concealed
until the reveal. The clock is injected (`server.clock.clock.CLOCK`); the sweeper runs with the
live server's own key, as `pbem-server tick` would.
"""

from __future__ import annotations

import datetime as dt
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from typer.testing import CliRunner

from client.cli import app
from client.play import Player
from protocol.audit import audit
from protocol.commitments import TAG_SECRET, commit, secret_salt
from protocol.keys import SigningKey
from server.clock import clock, sweeper
from server.ledger.ledger import Ledger
from tests.conftest import LiveServer
from tests.protocol.toy import lookup

T0 = dt.datetime(2026, 5, 4, 8, 0, 0)
BOT = {"days": 1, "grace_hours": 0, "on_expiry": "bot"}


class FakeClock:
    def __init__(self) -> None:
        self.at = T0

    def __call__(self) -> dt.datetime:
        return self.at


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(clock, "CLOCK", fake)
    return fake


@pytest.fixture
def tick(live_server: LiveServer) -> Callable[[dt.datetime], dict[str, Any]]:
    ledger = Ledger(SigningKey.load(live_server.data_dir / "server_key.pem"))
    return lambda at: sweeper.tick(now=at, ledger=ledger)


def system_entries(player: Player, game: str, kind: str) -> list[dict[str, Any]]:
    return [e for e in player.log(game) if e["type"] == "system" and e["body"].get("kind") == kind]


def test_a_seat_times_out_and_the_other_client_accepts_it(
    make_player: Callable[[str], Player], fake: FakeClock, tick: Callable[[dt.datetime], dict[str, Any]]
) -> None:
    north, south = make_player("north"), make_player("south")
    game = north.new_game("toy", {"rounds": 2}, join=True, deadline=BOT)["id"]
    south.join(game)
    shown = north.show(game)
    assert shown["deadline"] == BOT and shown["clock"]["expires"] == "2026-05-05T08:00:00Z"
    north.move(game, "hide 2")  # north moves in time; south never does
    fake.at = T0 + dt.timedelta(hours=1)
    assert tick(T0 + dt.timedelta(hours=12))["reminders"] == [{"game": game, "seat": 1}]
    assert len(tick(T0 + dt.timedelta(hours=24))["timeouts"]) == 1
    # both clients follow the timeout: signed by the server, for the seat to move, in a game
    # whose signed genesis says bot; south's view and payloads are checked against it
    after = south.show(game)
    timeout = system_entries(south, game, "timeout")[0]
    assert timeout["body"]["seat"] == 1 and after["to_move"] == 0 and after["status"] == "running"
    assert north.show(game)["your_turn"]
    # the rest: north moves, south times out again, north times out too
    north.move(game, "throw")
    fake.at = T0 + dt.timedelta(days=2)
    tick(T0 + dt.timedelta(days=3))
    tick(T0 + dt.timedelta(days=5))
    over = north.show(game)
    assert over["status"] == "over" and south.show(game)["status"] == "over"
    assert len(system_entries(north, game, "timeout")) == 2
    export = south.export(game)
    verdict = audit(export, lookup=lookup)
    assert verdict.word == "PASS", verdict.reason
    # pbem log names what the server did
    lines = CliRunner().invoke(app, ["log", game], env={"PBEM_HOME": str(north.store.home)}).stdout
    assert "south ran out of time; the server played" in lines


def test_a_forfeit_ends_a_live_game(
    make_player: Callable[[str], Player], fake: FakeClock, tick: Callable[[dt.datetime], dict[str, Any]]
) -> None:
    north, south = make_player("north"), make_player("south")
    game = north.new_game("toy", {}, join=True, deadline={"days": 2, "grace_hours": 0, "on_expiry": "forfeit"})["id"]
    south.join(game)
    assert tick(T0 + dt.timedelta(days=2))["forfeits"][0]["seat"] == 0
    shown = south.show(game)
    assert shown["status"] == "over" and shown["result"]["winner"] == 1
    assert audit(north.export(game), lookup=lookup).word == "PASS"


def test_the_cli_new_vacation_and_abort(
    make_player: Callable[[str], Player], fake: FakeClock, tick: Callable[[dt.datetime], dict[str, Any]]
) -> None:
    runner = CliRunner()
    north, south = make_player("north"), make_player("south")
    n_env, s_env = {"PBEM_HOME": str(north.store.home)}, {"PBEM_HOME": str(south.store.home)}
    made = runner.invoke(app, ["new", "toy", "-O", "rounds=1", "--days", "3", "--on-expiry", "forfeit", "--json"], env=n_env)
    assert made.exit_code == 0, made.output
    game = json.loads(made.stdout)["id"]
    assert json.loads(made.stdout)["deadline"] == {"days": 3, "grace_hours": 12, "on_expiry": "forfeit"}
    bad = runner.invoke(app, ["new", "toy", "--days", "4"], env=n_env)
    assert bad.exit_code == 1 and "one of 1, 2, 3, 5, 7, 14" in bad.output
    assert runner.invoke(app, ["join", game], env=s_env).exit_code == 0
    shown = runner.invoke(app, ["show", game], env=n_env).stdout
    # the time left beside it is the client's own clock's (the server's clock is injected here)
    assert "decide by 2026-05-07T20:00:00Z, " in shown and "(then: forfeit)" in shown
    # north takes 4 days off: its clock moves, south is told
    away = runner.invoke(app, ["vacation", "4"], env=n_env)
    assert away.exit_code == 0, away.output
    assert f"game {game}: your decision is now due by 2026-05-11T20:00:00Z" in away.stdout
    assert "4 of 21 day(s) used, 17 left" in away.stdout
    left = runner.invoke(app, ["vacation", "--json"], env=n_env)
    assert json.loads(left.stdout)["left"] == 17
    assert runner.invoke(app, ["vacation", "18"], env=n_env).exit_code == 1
    assert ("vacation", "south") in [(n["kind"], n["name"]) for n in clock.notices_for(game)]
    # only the creator may abort, and not a game that moved a moment ago
    assert runner.invoke(app, ["abort", game, "--yes"], env=s_env).exit_code == 1
    refused = runner.invoke(app, ["abort", game, "--yes"], env=n_env)
    assert refused.exit_code == 1 and "30 days" in refused.output
    fake.at = dt.datetime.now(dt.UTC).replace(tzinfo=None) + dt.timedelta(days=31)
    done = runner.invoke(app, ["abort", game, "--yes"], env=n_env)
    assert done.exit_code == 0, done.output
    assert "is aborted" in done.stdout and "nobody moved for 31 days" in done.stdout
    assert audit(south.export(game), lookup=lookup).word == "PASS"


def test_a_magier_placement_times_out_and_stays_concealed_until_the_reveal(
    make_player: Callable[[str], Player], fake: FakeClock, tick: Callable[[dt.datetime], dict[str, Any]]
) -> None:
    pytest.importorskip("engines.magier")
    alice, bob = make_player("alice"), make_player("bob")
    game = alice.new_game("magier", {"move_limit": 2, "blind": False}, join=True, deadline=BOT)["id"]  # a blind game forfeits instead
    bob.join(game)
    first = alice.show(game)
    assert first["your_turn"]  # red places first; alice never does
    done = tick(T0 + dt.timedelta(days=1))
    assert [t["seat"] for t in done["timeouts"]] == [0]
    timeout = system_entries(bob, game, "timeout")[0]
    move, committed = timeout["body"]["move"], timeout["body"]["secret_commit"]
    assert move["type"] == "place" and "value" not in move and committed is not None
    # bob (the opponent) sees a wisdom there, its value concealed; alice sees her own value
    theirs = bob.show(game)["view"]["board"][move["cell"]]
    mine = alice.show(game)["view"]["board"][move["cell"]]
    assert theirs["kind"] == "wisdom" and theirs["value"] is None
    assert isinstance(mine["value"], int)
    assert set(move) == {"type", "cell"}  # nothing of the value in the public part
    # the game goes on with the players' bots; the export audits PASS and reveals the secret
    rnd = random.Random(3)
    for _ in range(500):
        made = sum(p.play_bot(game, "random", until_over=False, rng=rnd) for p in (alice, bob))
        if made == 0:
            break
    export = alice.export(game)
    assert export["entries"][-1]["type"] == "reveal"
    verdict = audit(export)
    assert verdict.word == "PASS", verdict.reason
    reveal = export["entries"][-1]["body"]
    seed = bytes.fromhex(reveal["server_seed"])
    secret = {s["seq"]: s for s in reveal["secrets"]}[timeout["seq"]]
    assert secret["salt"] == secret_salt(seed, timeout["seq"])
    assert secret["secret"] == {"value": mine["value"]}
    assert commit(TAG_SECRET, secret["secret"], secret["salt"]) == committed


def test_what_the_server_played_for_a_seat_is_told_to_that_seat_at_once(
    make_player: Callable[[str], Player], fake: FakeClock, tick: Callable[[dt.datetime], dict[str, Any]]
) -> None:
    """A timed-out placement's concealed value reaches its own seat at once, privately,
    with the salt that opens the entry's commitment: `pbem log` shows it to that player ("yours")
    long before the reveal, and to nobody else; a payload that does not open it is tampering."""
    pytest.importorskip("engines.magier")
    alice, bob = make_player("alice"), make_player("bob")
    game = alice.new_game("magier", {"move_limit": 2, "blind": False}, join=True, deadline=BOT)["id"]
    bob.join(game)
    tick(T0 + dt.timedelta(days=1))
    timeout = system_entries(bob, game, "timeout")[0]
    mine = alice.show(game)["view"]["board"][timeout["body"]["move"]["cell"]]
    runner = CliRunner()
    told = runner.invoke(app, ["log", game], env={"PBEM_HOME": str(alice.store.home)})
    assert told.exit_code == 0, told.output
    line = next(t for t in told.stdout.splitlines() if "ran out of time" in t)
    assert f"concealed part; yours: place {timeout['body']['move']['cell']} {mine['value']})" in line
    assert "played_for_you" not in told.stdout and "salt" not in told.stdout
    other = runner.invoke(app, ["log", game], env={"PBEM_HOME": str(bob.store.home)})
    their_line = next(t for t in other.stdout.splitlines() if "ran out of time" in t)
    assert their_line.endswith("(with a concealed part)") and "yours" not in their_line
    # the payload carries the secret and the salt that open the entry's secret_commit
    payload = next(
        p for p in alice.store.evidence(game)["payloads"]
        if p["seq"] == timeout["seq"] and p["event"]["kind"] == "played_for_you"
    )
    data = payload["event"]["data"]
    assert commit(TAG_SECRET, data["secret"], data["salt"]) == timeout["body"]["secret_commit"]
    assert payload["to"] == [0]
    # a payload whose secret does not open the commitment is caught, although its own event
    # commitment would match (a server lying in both places at once)
    from client.verify import TamperError, check_payloads
    from protocol.commitments import TAG_EVENT

    forged = json.loads(json.dumps(payload))
    forged["event"]["data"]["secret"] = {"value": -mine["value"] if mine["value"] != 0 else 1}
    entry = json.loads(json.dumps(timeout))
    entry["body"]["events"][payload["index"]]["commit"] = commit(TAG_EVENT, forged["event"], forged["salt"])
    with pytest.raises(TamperError, match="does not open the concealed part"):
        check_payloads([entry], timeout["seq"], [forged], 0)
