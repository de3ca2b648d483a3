"""client.play over a live server, on the toy game (private deals, secrets, dice, whispers).

The toy engine (tests/protocol/toy.py) has every feature the protocol knows,
so here the client's evidence, payload checks and secret handling all run.
"""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from client.api import ApiError
from client.cli import app
from client.play import ClientError, Player
from protocol.audit import audit
from protocol.commitments import TAG_SECRET, commit
from tests.conftest import LiveServer


@pytest.fixture
def pair(make_player: Callable[[str], Player]) -> tuple[Player, Player, str]:
    north, south = make_player("north"), make_player("south")
    game = north.new_game("toy", {"rounds": 2}, join=True)["id"]
    south.join(game)
    return north, south, game


def test_accounts_and_names(
    make_player: Callable[[str], Player], live_server: LiveServer, tmp_path: Path
) -> None:
    north = make_player("north")
    assert north.config["name"] == "north" and north.config["server"] == live_server.url
    assert north.api.me()["key"] == north.store.key().public_hex
    other = Player(tmp_path / "impostor")
    with pytest.raises(ApiError, match="taken") as caught:
        other.init_account(live_server.url, "north", "n@example.org")
    assert caught.value.status == 409
    assert other.config == {}  # nothing half-configured


def test_creating_and_joining(make_player: Callable[[str], Player]) -> None:
    north, south, west = make_player("north"), make_player("south"), make_player("west")
    with pytest.raises(ClientError, match="no engine 'chess'"):
        north.new_game("chess")
    summary = north.new_game("toy", {"rounds": 1})
    game = summary["id"]
    assert summary["status"] == "open" and summary["players"] == [None, None]
    assert [g["id"] for g in south.games(open_only=True)] == [game]
    south.join(game, seat=1)
    with pytest.raises(ClientError, match="already"):
        south.join(game)
    with pytest.raises(ClientError, match=r"seat 1 \(south\) of game \w+ is taken by south"):  # the one wording of every seat error
        north.join(game, seat=1)
    north.join(game)
    with pytest.raises(ClientError, match="has already started: no seat"):
        west.join(game)
    mine = {g["id"]: g for g in north.games()}
    assert mine[game]["my_seat"] == 0 and mine[game]["status"] == "running"
    assert south.games()[0]["my_seat"] == 1
    with pytest.raises(ApiError, match="no game") as caught:
        north.show("0000000000000000")
    assert caught.value.status == 404
    with pytest.raises(ApiError) as caught:
        west.show(game)
    assert caught.value.status == 403


def test_private_deal_is_checked_and_kept_as_evidence(pair: tuple[Player, Player, str]) -> None:
    north, south, game = pair
    for player, seat in ((north, 0), (south, 1)):
        shown = player.show(game)
        assert shown["seat"] == seat and shown["status"] == "running"
        evidence = player.store.evidence(game)
        assert [(p["event"]["kind"], p["to"]) for p in evidence["payloads"]] == [("dealt", [seat])]
        assert evidence["payloads"][0]["event"]["data"]["value"] == shown["view"]["dealt"]
        assert player.store.receipt(game)["seq"] == shown["head"]["seq"] == 3


def test_moves_by_number_and_notation_with_a_secret(pair: tuple[Player, Player, str]) -> None:
    north, south, game = pair
    listed = north.moves(game)["moves"]
    assert [m["text"] for m in listed] == ["throw", "pass", "hide 1", "hide 2", "hide 3"]
    assert [m["n"] for m in listed] == [1, 2, 3, 4, 5]
    assert south.moves(game)["moves"] == []
    answer = north.move(game, "hide 2")
    assert answer["text"] == "hide 2" and answer["head"]["seq"] == 4
    secret = north.store.evidence(game)["secrets"]
    assert len(secret) == 1 and secret[0]["seq"] == 4 and secret[0]["secret"] == {"value": 2}
    assert commit(TAG_SECRET, secret[0]["secret"], secret[0]["salt"]) == secret[0]["commit"]
    logged = south.log(game, 4)
    assert [e["seq"] for e in logged] == [4]
    assert logged[0]["body"]["envelope"]["move"] == {"type": "hide"}
    assert logged[0]["body"]["envelope"]["secret_commit"] == secret[0]["commit"]
    # north's private note of what it hid arrived with the answer and is kept
    kinds = [p["event"]["kind"] for p in north.store.evidence(game)["payloads"]]
    assert kinds == ["dealt", "note"]
    # south throws by number: north gets a private parity whisper
    south.list_moves(game)  # a number means a move of the listing it was shown in
    assert south.move(game, "1")["text"] == "throw"
    north.show(game)
    assert [p["event"]["kind"] for p in north.store.evidence(game)["payloads"]] == [
        "dealt",
        "note",
        "parity",
    ]
    north.list_moves(game)
    with pytest.raises(ClientError, match="pick a number from 1 to 2"):
        north.move(game, "3")  # north has hidden already: throw, pass
    with pytest.raises(ClientError, match="cannot read 'jump'"):
        north.move(game, "jump")
    with pytest.raises(ClientError, match="not your turn"):
        south.move(game, "pass")


def test_resigning_ends_the_game_and_the_export_audits(pair: tuple[Player, Player, str]) -> None:
    north, south, game = pair
    north.move(game, "hide 3")
    south.resign(game)
    shown = north.show(game)
    assert shown["status"] == "over"
    assert shown["result"]["winner"] == 0 and "resigned" in shown["result"]["reason"]
    with pytest.raises(ClientError, match="over"):
        south.resign(game)
    export = south.export(game)
    assert [e["type"] for e in export["entries"]][-2:] == ["system", "reveal"]
    assert audit(export).word == "PASS"


def test_two_bots_in_two_threads_play_a_whole_game(pair: tuple[Player, Player, str]) -> None:
    north, south, game = pair
    made: dict[str, int] = {}
    errors: list[BaseException] = []

    def run(player: Player, name: str, seed: int) -> None:
        try:
            made[name] = player.play_bot(game, "random", poll=0.02, rng=random.Random(seed))
        except BaseException as exc:  # noqa: BLE001 - surfaced below
            errors.append(exc)

    threads = [
        threading.Thread(target=run, args=(p, n, i))
        for i, (p, n) in enumerate(((north, "n"), (south, "s")))
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not errors, errors
    assert made == {"n": 2, "s": 2}
    export = north.export(game)
    verdict = audit(export)
    assert verdict.word == "PASS", verdict.reason
    assert north.store.receipt(game)["hash"] == south.store.receipt(game)["hash"]
    with pytest.raises(ClientError, match="no bot 'genius'"):
        fresh = north.new_game("toy", {"rounds": 1}, join=True)["id"]
        south.join(fresh)
        north.play_bot(fresh, "genius")


def test_cli_over_the_live_server_with_the_toy_game(
    pair: tuple[Player, Player, str], tmp_path: Path
) -> None:
    north, south, game = pair
    runner = CliRunner()
    n_env = {"PBEM_HOME": str(north.store.home)}
    s_env = {"PBEM_HOME": str(south.store.home)}
    shown = runner.invoke(app, ["show", game], env=n_env)
    assert shown.exit_code == 0 and "dealt:" in shown.stdout and "YOUR TURN" in shown.stdout
    listing = runner.invoke(app, ["move", game], env=n_env)
    assert listing.exit_code == 0 and "3. hide 1" in listing.stdout
    played = runner.invoke(app, ["move", game, "hide 1", "--json"], env=n_env)
    assert played.exit_code == 0
    assert json.loads(played.stdout)["text"] == "hide 1"
    waiting = runner.invoke(app, ["show", game], env=n_env)
    assert (
        "to move: seat 1 south (south)" in waiting.stdout and "you: seat 0 north" in waiting.stdout
    )
    stale = runner.invoke(app, ["join", game], env=s_env)
    assert stale.exit_code == 1 and "has already started" in stale.stderr
    bots = runner.invoke(app, ["bot", game, "--once", "--poll", "0"], env=s_env)
    assert bots.exit_code == 0 and "1 move(s) made" in bots.stdout
    resigned = runner.invoke(app, ["resign", game, "--yes"], env=n_env)
    assert resigned.exit_code == 0 and "you resigned" in resigned.stdout
    over = runner.invoke(app, ["show", game], env=s_env)
    assert "game over: north (north) resigned; south (south) wins" in over.stdout
    log = runner.invoke(app, ["log", game, "--from", "4"], env=s_env)
    assert log.exit_code == 0
    entry_lines = [line for line in log.stdout.splitlines() if line.split()[0].isdigit()]
    assert [line.split()[1] for line in entry_lines] == [
        "move",
        "move",
        "system",
        "reveal",
    ]
    out = tmp_path / "toy.json"
    assert runner.invoke(app, ["export", game, "-o", str(out)], env=s_env).exit_code == 0
    assert runner.invoke(app, ["audit", str(out)], env={}).stdout.startswith("PASS")
