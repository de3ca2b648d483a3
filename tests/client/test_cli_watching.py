"""Watching through the CLI: `pbem games --watch` lists the running public games (never a
private one), and a spectator names a public game by a unique prefix of its id, as a player
names their own, with or without an account."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from client.play import Player
from tests.client.test_cli_daily_use import Cli, init, two_player_game
from tests.conftest import LiveServer

pytest.importorskip("engines.magier")


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path)


def test_running_public_games_are_listed_to_watch_and_named_by_a_prefix(cli: Cli, live_server: LiveServer) -> None:
    game = two_player_game(cli, live_server)
    hidden = json.loads(cli("ada", "new", "magier", "--private", "--json").stdout)["id"]
    waiting = json.loads(cli("bo", "new", "magier", "--json").stdout)["id"]  # open, not running
    init(cli, live_server, "cy")

    listed = cli("cy", "games", "--watch").stdout
    assert listed.startswith(game + "  magier  running  ada (red), bo (black)  to move: ada (red)"), listed
    assert hidden not in listed and waiting not in listed
    as_json = json.loads(cli("cy", "games", "--watch", "--json").stdout)
    assert [g["id"] for g in as_json] == [game] and as_json[0]["my_seat"] is None
    assert game in cli("nobody", "--server", live_server.url, "games", "--watch").stdout  # no account

    watched = cli("cy", "show", game[:6]).stdout  # not cy's game, yet the prefix names it
    assert f"game {game}" in watched and "you: watching (no seat)" in watched
    stranger = cli("nobody", "--server", live_server.url, "show", game[:5], "--json").stdout
    assert json.loads(stranger)["game"] == game
    assert cli("cy", "log", game[:5]).stdout.count("joined") == 2

    first = cli("nobody", "--server", live_server.url, "show", game).stdout
    assert "Since you looked" not in first  # the first look only remembers
    Player(cli.tmp_path / "ada").play_bot(game, "random", until_over=False, rng=random.Random(1))
    again = cli("nobody", "--server", live_server.url, "show", game).stdout  # a spectator's looks are remembered
    told = again.split("Since you looked:\n", 1)[1].splitlines()[0]
    assert told.startswith("  ada (red) moved place "), told
    refused = cli("cy", "show", hidden[:8], code=1).stderr  # a private game is not found by prefix
    assert "nor any public game" in refused and "pbem games --watch" in refused
    assert "one at a time" in cli("cy", "games", "--watch", "--open", code=1).stderr
