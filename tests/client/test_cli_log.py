"""`pbem log` as the readable history, `--at`, `pbem replay` (issue 8): through the CLI."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import engines
from client.play import Player
from tests.client.test_cli_issue8 import Cli, init, play_out, two_player_game
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
    """issue 8: `pbem log` names players and seats, tells each move and its events in words, shows
    the reader their own concealed parts (never the other's), and the reveal in words; --json is
    the list of signed entries as before."""
    game = two_player_game(cli, live_server)
    ada, bo = Player(cli.tmp_path / "ada"), Player(cli.tmp_path / "bo")
    _moves(game, [ada, bo], 2)
    mine = cli("ada", "log", game).stdout
    assert "ada takes seat 0 (red) - you" in mine and "bo takes seat 1 (black)" in mine
    assert "the game starts; ada (red) to move" in mine
    assert "the board is set: " in mine and "flames on" in mine
    assert re.search(r"   4  move .* ada \(red\): place \w+ \+ concealed part \(yours: place \w+ -?\d\)", mine)
    assert re.search(r"   5  move .* bo \(black\): place \w+ \+ concealed part\n", mine)  # not ada's to see
    assert "red places a wisdom (face down) on" in mine
    theirs = cli("bo", "log", game).stdout
    assert re.search(r"bo \(black\): place \w+ \+ concealed part \(yours: place \w+ -?\d\)", theirs)
    assert "ada (red): place" in theirs and "yours: place" not in theirs.split("   5  move")[0]
    entries = json.loads(cli("ada", "log", game, "--json").stdout)
    assert [e["seq"] for e in entries] == list(range(len(entries))) and entries[0]["type"] == "genesis"
    play_out(game, [ada, bo])
    over = cli("bo", "log", game, "--from", "6").stdout
    assert over.splitlines()[0].startswith("   6  move")
    assert re.search(r"the reveal: .*; the server's seed and 14 concealed part\(s\) made public", over)
    assert re.search(r"- entry 4, ada \(red\): place \w+ -?\d", over)  # earlier entries still named


def test_log_shows_the_private_events_you_were_shown(cli: Cli, live_server: LiveServer) -> None:
    """issue 8: in Der Feuersalamander, `pbem log` shows the reader's own deal and draws (marked
    as only theirs), the public throws and claims in words, and says others had private events."""
    init(cli, live_server, "ada", "bo", "cy")
    game = json.loads(cli("ada", "new", "feuersalamander", "--seats", "3", "--json").stdout)["id"]
    cli("bo", "join", game)
    cli("cy", "join", game)
    players = [Player(cli.tmp_path / n) for n in ("ada", "bo", "cy")]
    _moves(game, players, 8)
    text = cli("bo", "log", game).stdout
    dealt = Player(cli.tmp_path / "bo").show(game)
    assert "bo takes seat 1 (Queen) - you" in text
    assert re.search(r"- you are dealt [\w, -]+  \[only you see this\]", text)
    assert "(2 private event(s) for other eyes)" in text
    assert re.search(r"start throw: .*; (King|Queen|Monk) begins", text)
    assert dealt["status"] in ("running", "over")
    assert any(w in text for w in (" throws ", " claims with ", " key throw "))


def test_engines_describe_their_main_events() -> None:
    """issue 8: describe_event in words for magier and feuersalamander; None from the default."""
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
