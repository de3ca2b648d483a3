"""`pbem wait` and `pbem next`: through the CLI against a live server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import client.commands.waiting as cli_module
from client.commands.waiting import bell_wanted
from client.play import Player
from tests.client.test_cli_daily_use import Cli, init, two_player_game
from tests.conftest import LiveServer


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path)


def test_wait_blocks_with_backoff_until_your_turn(
    cli: Cli, live_server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`pbem wait` looks, sleeps 15 s, 30 s, ... (doubling), and returns once the other
    player moved: it names the game; no bell when piped; a game given by prefix works too."""
    game = two_player_game(cli, live_server)
    ada = Player(cli.tmp_path / "ada")
    slept: list[float] = []

    def pause(seconds: float) -> None:
        slept.append(seconds)
        if len(slept) == 3:
            ada.list_moves(game)  # a number means a move of the listing it was shown in
            ada.move(game, "1")  # red moves: now it is bo's turn

    monkeypatch.setattr(cli_module, "_pause", pause)
    done = cli("bo", "wait")
    assert slept == [15.0, 30.0, 60.0]
    assert f"your turn in game {game} (Das magische Hexagon)" in done.stdout
    assert f"pbem show {game}" in done.stdout and "\a" not in done.stdout
    assert "waiting for your turn in any of your games" in done.stderr
    slept.clear()
    again = cli("bo", "wait", game[:6], "--no-bell", "--poll", "2", "--json")
    assert slept == [] and json.loads(again.stdout)["games"][0]["id"] == game  # ready at once
    capped: list[float] = []
    monkeypatch.setattr(cli_module, "_pause", lambda s: capped.append(s) or (len(capped) == 4 and Player(cli.tmp_path / "bo").list_moves(game) and Player(cli.tmp_path / "bo").move(game, "1")))
    cli("ada", "wait", game, "--poll", "1", "--max-poll", "3")
    assert capped == [1.0, 2.0, 3.0, 3.0]


def test_the_bell_rings_only_on_a_terminal() -> None:
    """The bell rings on a terminal only, never with --no-bell."""
    assert bell_wanted(True, True) and not bell_wanted(True, False) and not bell_wanted(False, True)


def test_wait_says_when_there_is_nothing_to_wait_for(cli: Cli, live_server: LiveServer) -> None:
    """`pbem wait` with no running game, or on a finished one, is one line, exit 1."""
    init(cli, live_server, "cy")
    assert "no running game" in cli("cy", "wait", code=1).stderr
    game = two_player_game(cli, live_server)
    cli("ada", "resign", game, "--yes")
    assert f"game {game} is over" in cli("bo", "wait", game, code=1).stderr


def test_next_shows_the_game_that_waited_longest(cli: Cli, live_server: LiveServer) -> None:
    """`pbem next` names a game where it is your turn (the longest waiting) or says none."""
    first = two_player_game(cli, live_server)
    second = json.loads(cli("ada", "new", "magier", "-O", "move_limit=100", "--json").stdout)["id"]
    cli("bo", "join", second)
    Player(cli.tmp_path / "ada").list_moves(second)
    Player(cli.tmp_path / "ada").move(second, "1")  # second: bo's turn; first: ada's
    assert f"your turn in game {first}" in cli("ada", "next").stdout
    assert f"your turn in game {second}" in cli("bo", "next").stdout
    Player(cli.tmp_path / "ada").list_moves(first)
    Player(cli.tmp_path / "ada").move(first, "1")
    both = cli("bo", "next").stdout
    assert "1 more wait for you" in both
    listed = json.loads(cli("bo", "next", "--json").stdout)
    assert listed["waiting"] == 2 and listed["game"]["id"] in (first, second)
    assert cli("ada", "next").stdout.strip() == "no game waits for you"
