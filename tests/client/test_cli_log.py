"""`pbem log` as the readable history, `--at`, `pbem replay`: through the CLI."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import engines
from client.play import Player
from tests.client.test_cli_daily_use import Cli, init, play_out, two_player_game
from tests.conftest import LiveServer


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path)


def _moves(game: str, players: list[Player], rounds: int, seed: int = 5) -> None:
    rnd = random.Random(seed)
    for _ in range(rounds):
        for p in players:
            p.play_bot(game, "random", until_over=False, rng=rnd)


def test_log_tells_the_game_in_words_with_your_concealed_parts(cli: Cli, live_server: LiveServer) -> None:
    """`pbem log` names players and seats, tells each move and its events in words, shows
    the reader their own concealed parts (never the other's), and the reveal in words; --json is
    the list of signed entries as before."""
    game = two_player_game(cli, live_server, "--option", "blind=false")
    ada, bo = Player(cli.tmp_path / "ada"), Player(cli.tmp_path / "bo")
    _moves(game, [ada, bo], 2)
    mine = cli("ada", "log", game).stdout
    assert "ada (red) joined - you" in mine and "bo (black) joined\n" in mine
    assert "The game started; ada (red) to move" in mine
    assert "the board is set: " in mine and "flames on" in mine
    assert re.search(r"   4  move .* ada \(red\) moved place \w+ \(with a concealed part; yours: place \w+ -?\d\)", mine)
    assert re.search(r"   5  move .* bo \(black\) moved place \w+ \(with a concealed part\)\n", mine)  # not ada's to see
    assert "red places a wisdom (face down) on" in mine
    theirs = cli("bo", "log", game).stdout
    assert re.search(r"bo \(black\) moved place \w+ \(with a concealed part; yours: place \w+ -?\d\)", theirs)
    assert "ada (red) moved place" in theirs and "yours: place" not in theirs.split("   5  move")[0]
    entries = json.loads(cli("ada", "log", game, "--json").stdout)
    assert [e["seq"] for e in entries] == list(range(len(entries))) and entries[0]["type"] == "genesis"
    play_out(game, [ada, bo])
    over = cli("bo", "log", game, "--from", "6").stdout
    assert over.splitlines()[0].startswith("   6  move")
    assert re.search(r"reveal .*  Game over: .* won", over)
    assert "- the server's seed and 14 concealed parts made public" in over
    assert re.search(r"- entry 4, ada \(red\): place \w+ -?\d", over)  # earlier entries still named


def test_log_shows_the_private_events_you_were_shown(cli: Cli, live_server: LiveServer) -> None:
    """In Der Feuersalamander, `pbem log` shows the reader's own deal and draws (marked
    as only theirs), the public throws and claims in words, and says others had private events."""
    init(cli, live_server, "ada", "bo", "cy")
    game = json.loads(cli("ada", "new", "feuersalamander", "--seats", "3", "--json").stdout)["id"]
    cli("bo", "join", game)
    cli("cy", "join", game)
    players = [Player(cli.tmp_path / n) for n in ("ada", "bo", "cy")]
    _moves(game, players, 8)
    text = cli("bo", "log", game).stdout
    dealt = Player(cli.tmp_path / "bo").show(game)
    assert "bo (Queen) joined - you" in text
    assert re.search(r"- you are dealt [\w, -]+  \[only you see this\]", text)
    assert "2 private events for other eyes" in text
    assert re.search(r"start throw: .*; (King|Queen|Monk) begins", text)
    assert dealt["status"] in ("running", "over")
    assert any(w in text for w in (" throws ", " claims with ", " key throw "))


def test_engines_describe_their_main_events() -> None:
    """Describe_event in words for magier and feuersalamander; None from the default."""
    magier, fs = engines.get("magier"), engines.get("feuersalamander")
    assert magier.describe_event(  # type: ignore[attr-defined]
        {"kind": "burned", "data": {"cell": "e7", "owner": 1, "value": 2, "by": 0}, "to": None}
    ) == "a flame on e7 burns black's wisdom of value 2: 2 point(s) for red"
    assert magier.describe_event(  # type: ignore[attr-defined]
        {"kind": "stepped", "data": {"seat": 1, "from": "a1", "to": "a2", "pushed": [["a2", "a3"]]}}
    ) == "black steps from a1 to a2, pushing a2 to a3"
    assert fs.describe_event(  # type: ignore[attr-defined]
        {"kind": "threw", "data": {"seat": 2, "numbers": [3, 3], "symbol": "salamander", "keys": [0, 0, 0]}}
    ) == "Monk throws 3 and 3 and a salamander (a pair: again)"
    assert fs.describe_event(  # type: ignore[attr-defined]
        {"kind": "answer", "data": {"by": 0, "to": 1, "coord": "row5", "answer": False}}
    ) == "Queen answers King: no, does not hold row 5"
    assert "dungeon" in fs.describe_event(  # type: ignore[attr-defined]
        {"kind": "captured", "data": {"seat": 1, "by": 0, "space": 7}}
    )
    assert fs.describe_event({"kind": "turn", "data": {"seat": 0, "turn": 1}}) is None  # type: ignore[attr-defined]
    from engines.core import BaseEngine

    assert BaseEngine().describe_event({"kind": "x", "data": {}}) is None


def test_log_at_draws_a_finished_games_position_and_explains_before(cli: Cli, live_server: LiveServer) -> None:
    """`pbem log GAME --at N` on a running game says the replay waits for the reveal and
    shows the seat's view; once over, it draws the position after entry N with the concealed
    values revealed, replayed from the verified export (protocol.audit.state_at)."""
    game = two_player_game(cli, live_server, "--option", "blind=false")
    ada, bo = Player(cli.tmp_path / "ada"), Player(cli.tmp_path / "bo")
    _moves(game, [ada, bo], 1)
    early = cli("ada", "log", game, "--at", "4")
    assert "only once game" in early.stderr and "seed stays secret until the reveal" in early.stderr
    assert "you: seat 0 red" in early.stdout  # the seat's own view instead
    assert json.loads(cli("ada", "log", game, "--at", "4", "--json").stdout)["available"] is False
    play_out(game, [ada, bo])
    drawn = cli("bo", "log", game, "--at", "4").stdout
    assert drawn.startswith("after entry 4 of ")
    assert re.search(r"   4  move .* ada \(red\) moved place (\w+) \(with a concealed part; revealed: place \w+ -?\d\)", drawn)
    at4 = json.loads(cli("bo", "log", game, "--at", "4", "--json").stdout)
    cell = re.search(r"ada \(red\) moved place (\w+)", drawn).group(1)  # type: ignore[union-attr]
    piece = at4["view"]["board"][cell]
    assert piece["seat"] == 0 and piece["value"] is not None  # revealed to bo, after the game
    assert len([c for c, p in at4["view"]["board"].items() if p.get("kind") == "wisdom"]) == 1
    from protocol.audit import state_at

    verdict, state = state_at(ada.export(game), 4)
    assert verdict.word == "PASS" and state is not None and state["board"][cell]["value"] == piece["value"]
    assert "before the start" in cli("bo", "log", game, "--at", "1", code=1).stderr
    assert "there is no entry 9999" in cli("bo", "log", game, "--at", "9999", code=1).stderr


def test_replay_steps_through_an_export_offline_and_refuses_a_tampered_one(
    cli: Cli, live_server: LiveServer, tmp_path: Path
) -> None:
    """`pbem replay game.json [--at N | --all]` offline (no account, no server): audited
    first, a FAIL refused with exit 4, an unfinished export with exit 3."""
    game = two_player_game(cli, live_server)
    ada, bo = Player(cli.tmp_path / "ada"), Player(cli.tmp_path / "bo")
    unfinished = tmp_path / "running.json"
    cli("ada", "export", game, "-o", str(unfinished))
    assert "INCOMPLETE" in cli("nobody", "replay", str(unfinished), code=3).stderr
    play_out(game, [ada, bo])
    path = tmp_path / "game.json"
    cli("ada", "export", game, "-o", str(path))
    count = len(json.loads(path.read_text())["entries"])
    last = cli("nobody", "replay", str(path)).stdout  # an empty home: offline
    assert last.startswith(f"after entry {count - 1} of {count - 1}:") and "reveal   " in last and "Game over: " in last
    assert f"pbem replay {path} --at {count - 2}" in last
    step = cli("nobody", "replay", str(path), "--at", "5").stdout
    assert step.startswith("after entry 5 of") and "bo (black) moved place" in step
    assert "--at 4 or --at 6" in step
    every = cli("nobody", "replay", str(path), "--all", "--json").stdout
    positions = json.loads(every)["positions"]
    assert [p["seq"] for p in positions] == list(range(3, count))
    assert cli("nobody", "replay", str(path), "--all").stdout.count("after entry ") == count - 3
    tampered = json.loads(path.read_text())
    tampered["entries"][5]["body"]["envelope"]["move"]["cell"] = "a1"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(tampered))
    refused = cli("nobody", "replay", str(bad), code=4)
    assert "FAIL: entry 5" in refused.stderr and "not replayed" in refused.stderr
