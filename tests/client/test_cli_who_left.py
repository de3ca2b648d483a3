"""Who left, through the CLI: in a Der Feuersalamander game of three a player who resigned is
marked out on every player's status line (their own says "you ... out of the game", never
"watching" or "spectator"); once resignations end a game, every screen says "Game over", who
resigned, and which player the reader was, and no board waits for anybody. The same for a game
of two that a resignation ends (the rulebooks have no rule for leaving: our ruling lets a seat
of three or four leave while the others play on; with two, the other wins)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from client.play import Player
from tests.client.test_cli_daily_use import Cli, init, two_player_game
from tests.conftest import LiveServer

pytest.importorskip("engines.feuersalamander")

NEVER = ("Waiting for", "waiting for", "spectator", "watching", "YOUR TURN", "to move:")


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path)


def test_a_player_who_left_is_marked_out_and_the_end_says_game_over(cli: Cli, live_server: LiveServer) -> None:
    init(cli, live_server, "ada", "bo", "cy")
    game = json.loads(cli("ada", "new", "feuersalamander", "--seats", "3", "--json").stdout)["id"]
    cli("bo", "join", game)
    cli("cy", "join", game)
    players = [Player(cli.tmp_path / n) for n in ("ada", "bo", "cy")]
    rnd = random.Random(4)
    for _ in range(3):
        for p in players:
            p.play_bot(game, "random", until_over=False, rng=rnd)
    cli("bo", "resign", game, "--yes")

    status = cli("ada", "show", game).stdout.splitlines()
    line = next(x for x in status if x.startswith("Der Feuersalamander - game "))
    assert "out of the game: bo (Queen)" in line, line
    theirs = cli("bo", "show", game).stdout
    line = next(x for x in theirs.splitlines() if x.startswith("Der Feuersalamander - game "))
    assert "you: seat 1 Queen, out of the game" in line and "watching" not in theirs and "spectator" not in theirs
    assert json.loads(cli("bo", "show", game, "--json").stdout)["out"] == [1]
    listed = cli("ada", "games").stdout
    assert f"{game}  feuersalamander  running  ada (King), bo (Queen, out), cy (Monk)" in listed, listed

    cli("cy", "resign", game, "--yes")  # one player left in: ada wins
    for who, seat in (("ada", "ada (King)"), ("bo", "bo (Queen)"), ("cy", "cy (Monk)")):
        shown = cli(who, "show", game).stdout
        lines = shown.splitlines()
        assert "Game over: Monk resigned: King is the last player in." in shown, shown  # the final board
        assert [line.startswith("Game over") for line in shown.splitlines()].count(True) == 1, shown  # the story above may tell it
        assert "bo (Queen) resigned" in lines and "cy (Monk) resigned" in lines, shown
        assert f"you played {seat}" in lines
        for word in NEVER:
            assert word not in shown, (who, word, shown)


def test_a_game_of_two_ended_by_a_resignation_says_game_over(cli: Cli, live_server: LiveServer) -> None:
    game = two_player_game(cli, live_server)
    cli("bo", "resign", game, "--yes")
    for who in ("ada", "bo"):
        shown = cli(who, "show", game).stdout
        assert "Game over: bo (black) resigned; ada (red) wins" in shown and [line.startswith("Game over") for line in shown.splitlines()].count(True) == 1
        for word in NEVER:
            assert word not in shown, (who, word, shown)
